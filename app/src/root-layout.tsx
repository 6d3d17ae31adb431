import { useCallback, useEffect, useMemo, useRef, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Outlet, useLocation, useMatches, useRouteError } from "react-router"
import { isSiteLocale } from "@manyhands/design-system"
import useSWR, { useSWRConfig } from "swr"
import {
  ApiFailure,
  ErrorScreen,
  ShellServicesProvider,
  SiteLayout,
  type LinkTarget,
  type ShellServices,
} from "@manyhands/pages"
import { useAppState } from "./app-state"
import { USER_KEY, useCurrentUser, useInterfaceLanguageSync } from "./current-user"
import { FetchError } from "./fetcher"
import { dataKeys } from "./data-hooks"
import { documentMeta, documentTitle, type PageDocument } from "./head"
import type { CurrentUser } from "./initial-state"
import { SiteNotices, SystemMessageModal } from "./overlays"
import { reloadForChunkError } from "./lazy-reload"
import { reportRenderError } from "./report-error"
import type { PageEntry } from "./route-entry"
import { canonicalUrl, localizedPath, siteLanguages } from "./sites"
import { cookieString, eventOnceKey, parseCookies, rememberVisit } from "./visitor-memory"
import { visitorsApi } from "@manyhands/contract/accounts"

export interface RouteHandle {
  entry: PageEntry
}

/** The page entry of the deepest matched route, if any. */
export function useCurrentEntry(): PageEntry | undefined {
  const matches = useMatches()
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined
    if (handle?.entry) return handle.entry
  }
  return undefined
}

/**
 * Site links lead to the page in the reader's language where it is written in it (a full load when that is not
 * the page's language), else in the current language, else to the English page on the international site.
 */
function useLinkTo(): (path: string) => LinkTarget {
  const { language, readerLanguage, origins, pageLanguages } = useAppState()
  return useCallback(
    (path: string) => {
      const [pathname = "/"] = path.split("#")
      const languages = pageLanguages.get(pathname)
      if (!languages) return { href: path }
      if (languages.includes(readerLanguage) && readerLanguage !== language)
        return { href: canonicalUrl(readerLanguage, path, origins), hrefLang: readerLanguage }
      if (languages.includes(language)) return { href: path }
      return { href: canonicalUrl("en", path, origins), hrefLang: "en" }
    },
    [language, readerLanguage, origins, pageLanguages],
  )
}

/**
 * This page in each language it is written in: on this site where the site serves the language, else on
 * the site that does (the Russian site links English to the international one).
 */
function useLanguageLinks() {
  const { languages, site, origins } = useAppState()
  const location = useLocation()
  const entry = useCurrentEntry()
  const { pathname, search } = location
  // One array per page, so the shell services built from it stay the same between renders.
  return useMemo(() => {
    const served = siteLanguages(site, languages)
    return languages
      .filter(isSiteLocale)
      .filter((locale) => !entry || entry.status === 404 || entry.languages.includes(locale))
      .map((locale) => ({
        locale,
        href: served.includes(locale)
          ? localizedPath(locale, pathname, site) + search
          : canonicalUrl(locale, pathname, origins) + search,
      }))
  }, [languages, site, origins, entry, pathname, search])
}

/**
 * Keeps the document title, description and canonical link in step with client-side navigation. A page whose
 * route names a document (an article) takes its title and description from that answer, as the server's head does.
 */
function useDocumentMeta(entry: PageEntry | undefined) {
  const { t } = useTranslation()
  const { language, origins } = useAppState()
  const { pathname } = useLocation()
  const matches = useMatches()
  const documentKey = entry?.document
    ? (dataKeys([entry.document], { ...entry.params, ...matches.at(-1)?.params }, language)[0]?.key ?? null)
    : null
  // The same address as the screen's data: SWR answers both from one request.
  const { data: pageDocument } = useSWR<PageDocument>(documentKey)
  useEffect(() => {
    if (!entry) return
    const meta = entry.document
      ? pageDocument && documentMeta(pageDocument)
      : { title: t(entry.title), description: t(entry.description) }
    if (!meta) return
    document.title = documentTitle(meta.title)
    if (meta.description !== undefined)
      document.querySelector('meta[name="description"]')?.setAttribute("content", meta.description)
    document
      .querySelector('link[rel="canonical"]')
      ?.setAttribute("href", canonicalUrl(language, pathname, origins))
  }, [entry, pageDocument, t, language, origins, pathname])
}

/** Spec §2: with a hash, scroll to that element; otherwise to the top. Not on the first render. */
function useScrollOnNavigation() {
  const { pathname, hash } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
    if (target) target.scrollIntoView()
    else window.scrollTo(0, 0)
  }, [pathname, hash])
}

/** Visitor memory (spec §3, §9): attribution cookies on every page view, tracker events once. */
function useVisitorMemory() {
  const { origins, api } = useAppState()
  const { pathname, search } = useLocation()
  useEffect(() => {
    const url = new URL(window.location.href)
    const secure = url.protocol === "https:"
    const { writes, events } = rememberVisit({
      url,
      path: pathname,
      referrer: document.referrer,
      cookies: parseCookies(document.cookie),
      origins,
      timezone: () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    })
    for (const { name, value } of writes) document.cookie = cookieString(name, value, secure)
    for (const event of events) {
      const key = eventOnceKey(event, url)
      try {
        if (window.sessionStorage.getItem(key)) continue
        window.sessionStorage.setItem(key, "1")
      } catch {
        // No storage: send anyway; the server counts unique visitors by the reg_referrer cookie.
      }
      api
        .send("POST", visitorsApi.track.url(), event)
        .then(() => {
          if (event.type === "referral")
            document.cookie = cookieString("reg_referrer", event.data.from, secure)
        })
        .catch((error: unknown) => console.error("Manyhands: the event tracker did not answer", error))
    }
  }, [pathname, search, origins, api])
}

/**
 * A failed API call as an ApiFailure in the page's language: the translation of the server's error code
 * where there is one, else the server's own (English) words, else a generic message; field errors keyed
 * by the body property they concern.
 */
function useFailureMessage() {
  const { t, i18n } = useTranslation("common")
  return useCallback(
    (error: unknown): ApiFailure => {
      if (error instanceof ApiFailure) return error
      const fetchError = error instanceof FetchError ? error : undefined
      const body = fetchError?.data as ApiErrorBody | undefined
      const code = body?.error?.code ?? (fetchError && !fetchError.status ? fetchError.code : undefined)
      const translated = (key: string) =>
        key && i18n.exists(`common:errors.codes.${key}`) ? t(`errors.codes.${key}`) : null
      const message = translated(code ?? "") ?? body?.error?.message ?? t("errors.requestFailed")
      const details = body?.error?.details
      const fields: Record<string, string> = {}
      if (Array.isArray(details)) {
        for (const detail of details as { field?: string; message?: string }[]) {
          if (!detail.field) continue
          // Several fields can be wrong at once: each gets its own reason unless the code has a translation.
          fields[detail.field] =
            code === "VALIDATION_FAILED"
              ? t("errors.fieldInvalid")
              : (translated(code ?? "") ?? detail.message ?? message)
        }
      }
      const retryAfter =
        details && !Array.isArray(details) ? (details as { retryAfter?: number }).retryAfter : undefined
      return new ApiFailure(message, code, fetchError?.status, fields, retryAfter)
    },
    [t, i18n],
  )
}

interface ApiErrorBody {
  error?: { code?: string; message?: string; details?: unknown }
}

function useShellServices(
  user: CurrentUser | null,
  onUserChange: (user: CurrentUser) => void,
  languageLinks: { locale: string; href: string }[],
): ShellServices {
  const { api, language, site, session, origins } = useAppState()
  const { mutate } = useSWRConfig()
  const failure = useFailureMessage()
  return useMemo(() => {
    const failing =
      <A extends unknown[], T>(call: (...args: A) => Promise<T>) =>
      async (...args: A): Promise<T> => {
        try {
          return await call(...args)
        } catch (error) {
          throw failure(error)
        }
      }
    return {
      accountType: user ? user.profile.userType : session ? null : undefined,
      user,
      language,
      chooseAccountType: failing(async (userType) => {
        onUserChange(await api.send<CurrentUser>("PUT", USER_KEY, { profile: { userType } }))
      }),
      goTo: (href) => window.location.assign(localizedPath(language, href, site)),
      switchLanguage: (target) =>
        window.location.assign(
          languageLinks.find((link) => link.locale === target)?.href ?? canonicalUrl(target, "/", origins),
        ),
      api: {
        get: <T,>(url: string) => failing(api.get<T>)(url),
        send: <T,>(...args: Parameters<ShellServices["api"]["send"]>) => failing(api.send<T>)(...args),
        upload: <T,>(...args: Parameters<ShellServices["api"]["upload"]>) => failing(api.upload<T>)(...args),
      },
      refresh: async (url) => void (await mutate(url)),
      toFailure: failure,
    }
  }, [user, session, api, language, site, origins, languageLinks, onUserChange, failure, mutate])
}

function Shell({ children }: { children: ReactNode }) {
  const { user, mutate } = useCurrentUser()
  const onUserChange = useCallback((next: CurrentUser) => void mutate(next, false), [mutate])
  const entry = useCurrentEntry()
  useInterfaceLanguageSync(user, onUserChange, entry)
  useVisitorMemory()
  const languageLinks = useLanguageLinks()
  const services = useShellServices(user, onUserChange, languageLinks)
  return (
    <ShellServicesProvider value={services}>
      <SiteNotices entry={entry} />
      <SiteLayout languages={languageLinks} linkTo={useLinkTo()} user={user}>
        {children}
      </SiteLayout>
      <SystemMessageModal user={user} onRead={onUserChange} />
    </ShellServicesProvider>
  )
}

export function RootLayout() {
  const entry = useCurrentEntry()
  useDocumentMeta(entry)
  useScrollOnNavigation()
  return (
    <Shell>
      <Outlet />
    </Shell>
  )
}

/** Render failures anywhere below the root (spec §8): the fallback screen, and a report to the server. */
export function RootError() {
  const error = useRouteError()
  useEffect(() => {
    // A screen's chunk failed to load during navigation: reload once, now at the new address.
    if (reloadForChunkError(error)) return
    console.error("Manyhands: a screen failed to render", error)
    reportRenderError("fallback", error)
  }, [error])
  return (
    <Shell>
      <ErrorScreen onReload={() => window.location.reload()} />
    </Shell>
  )
}

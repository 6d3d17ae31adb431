import { useCallback, useEffect, useMemo, useRef, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Outlet, useLocation, useMatches, useRouteError } from "react-router"
import { isSiteLocale } from "@manyhands/design-system"
import {
  ErrorScreen,
  ShellServicesProvider,
  SiteLayout,
  type LinkTarget,
  type ShellServices,
} from "@manyhands/pages"
import { useAppState } from "./app-state"
import { USER_KEY, useCurrentUser, useInterfaceLanguageSync } from "./current-user"
import { FetchError } from "./fetcher"
import type { CurrentUser } from "./initial-state"
import { SiteNotices, SystemMessageModal } from "./overlays"
import { reloadForChunkError } from "./lazy-reload"
import { reportRenderError } from "./report-error"
import { isRedirect, routeTable, type PageEntry } from "./route-table"
import { canonicalUrl, localizedPath, siteLanguages } from "./sites"
import { cookieString, eventOnceKey, parseCookies, rememberVisit } from "./visitor-memory"

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

const pageLanguages = new Map(
  routeTable.flatMap((entry) => (isRedirect(entry) ? [] : [[entry.path, entry.languages] as const])),
)

/**
 * Site links stay in the current language where the page is written in it; otherwise they lead to the
 * English page on the international site (a full load, since the translations differ).
 */
function useLinkTo(): (path: string) => LinkTarget {
  const { language, origins } = useAppState()
  return useCallback(
    (path: string) => {
      const [pathname = "/"] = path.split("#")
      const languages = pageLanguages.get(pathname)
      if (!languages || languages.includes(language)) return { href: path }
      return { href: canonicalUrl("en", path, origins), hrefLang: "en" }
    },
    [language, origins],
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
  const served = siteLanguages(site, languages)
  return languages
    .filter(isSiteLocale)
    .filter((locale) => !entry || entry.status === 404 || entry.languages.includes(locale))
    .map((locale) => ({
      locale,
      href: served.includes(locale)
        ? localizedPath(locale, location.pathname, site) + location.search
        : canonicalUrl(locale, location.pathname, origins) + location.search,
    }))
}

/** Keeps the document title, description and canonical link in step with client-side navigation. */
function useDocumentMeta(entry: PageEntry | undefined) {
  const { t } = useTranslation()
  const { language, origins } = useAppState()
  const { pathname } = useLocation()
  useEffect(() => {
    if (!entry) return
    document.title = t(entry.title)
    document.querySelector('meta[name="description"]')?.setAttribute("content", t(entry.description))
    document
      .querySelector('link[rel="canonical"]')
      ?.setAttribute("href", canonicalUrl(language, pathname, origins))
  }, [entry, t, language, origins, pathname])
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
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
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
        .send("POST", "/api/v1/event-tracker", event)
        .then(() => {
          if (event.type === "referral")
            document.cookie = cookieString("reg_referrer", event.data.from, secure)
        })
        .catch((error: unknown) => console.error("Manyhands: the event tracker did not answer", error))
    }
  }, [pathname, search, origins, api])
}

/**
 * The message to show for a failed API call, in the page's language: the translation of the server's error
 * code where there is one, else the server's own (English) words, else a generic message.
 */
function useFailureMessage() {
  const { t, i18n } = useTranslation("common")
  return useCallback(
    (error: unknown) => {
      const body = error instanceof FetchError ? (error.data as ApiErrorBody | undefined) : undefined
      const code = body?.error?.code
      if (code && i18n.exists(`common:errors.codes.${code}`)) return new Error(t(`errors.codes.${code}`))
      return new Error(body?.error?.message ?? t("errors.requestFailed"))
    },
    [t, i18n],
  )
}

interface ApiErrorBody {
  error?: { code?: string; message?: string }
}

function useShellServices(
  user: CurrentUser | null,
  onUserChange: (user: CurrentUser) => void,
): ShellServices {
  const { api, language, site, session } = useAppState()
  const failure = useFailureMessage()
  return useMemo(
    () => ({
      accountType: user ? user.profile.userType : session ? null : undefined,
      chooseAccountType: async (userType) => {
        try {
          onUserChange(await api.send<CurrentUser>("PUT", USER_KEY, { profile: { userType } }))
        } catch (error) {
          throw failure(error)
        }
      },
      goTo: (href) => window.location.assign(localizedPath(language, href, site)),
    }),
    [user, session, api, language, site, onUserChange, failure],
  )
}

function Shell({ children }: { children: ReactNode }) {
  const { user, mutate } = useCurrentUser()
  const onUserChange = useCallback((next: CurrentUser) => void mutate(next, false), [mutate])
  useInterfaceLanguageSync(user, onUserChange)
  useVisitorMemory()
  const services = useShellServices(user, onUserChange)
  return (
    <ShellServicesProvider value={services}>
      <SiteNotices />
      <SiteLayout languages={useLanguageLinks()} linkTo={useLinkTo()}>
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

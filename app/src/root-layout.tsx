import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { Outlet, useLocation, useMatches, useRouteError } from "react-router"
import { isSiteLocale } from "@manyhands/design-system"
import { ErrorScreen, SiteLayout } from "@manyhands/pages"
import { useAppState } from "./app-state"
import { localizedPath } from "./languages"
import type { PageEntry } from "./route-table"

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

function useLanguageLinks() {
  const { languages } = useAppState()
  const location = useLocation()
  return languages.filter(isSiteLocale).map((locale) => ({
    locale,
    href: localizedPath(locale, location.pathname) + location.search,
  }))
}

/** Keeps the document title and description in step with client-side navigation. */
function useDocumentMeta(entry: PageEntry | undefined) {
  const { t } = useTranslation()
  useEffect(() => {
    if (!entry) return
    document.title = t(entry.title)
    document.querySelector('meta[name="description"]')?.setAttribute("content", t(entry.description))
  }, [entry, t])
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

export function RootLayout() {
  const entry = useCurrentEntry()
  useDocumentMeta(entry)
  useScrollOnNavigation()
  return (
    <SiteLayout languages={useLanguageLinks()}>
      <Outlet />
    </SiteLayout>
  )
}

/** Render failures anywhere below the root (spec §8): logged, with a way out. */
export function RootError() {
  const error = useRouteError()
  useEffect(() => {
    console.error("Manyhands: a screen failed to render", error)
  }, [error])
  return (
    <SiteLayout languages={useLanguageLinks()}>
      <ErrorScreen onReload={() => window.location.reload()} />
    </SiteLayout>
  )
}

import type { ComponentType } from "react"
import { useTranslation } from "react-i18next"
import { redirect, useParams, type Params, type RouteObject } from "react-router"
import useSWR, { type SWRResponse } from "swr"
import { ErrorState } from "@manyhands/design-system"
import { screens, useShellServices, type ScreenEntry } from "@manyhands/pages"
import { useAppState } from "./app-state"
import { dataKeys, loadDataHooks } from "./data-hooks"
import { guardRedirect } from "./guards"
import type { CurrentUser } from "./initial-state"
import { importWithReload } from "./lazy-reload"
import { pathWithinLanguage } from "./page-location"
import { RootError, RootLayout, type RouteHandle } from "./root-layout"
import { isRedirect, type PageEntry, type RedirectEntry, type RouteEntry } from "./route-entry"

export interface AssembleOptions {
  /** The language prefix of this page load ("/ru", or "" for the site's default language). */
  basename: string
  /**
   * The signed-in user at the moment a route is entered (guards, spec §4). `context` is what the loader was given:
   * the server passes each request's own (its routes are built once and serve every request), the browser none.
   */
  getUser: (context: unknown) => CurrentUser | null
  /**
   * Where to send a visitor who asks for a page in a language it is not written in (an absolute URL,
   * so the browser loads it anew), or null when the page exists in the current language.
   */
  languageFallback: (entry: PageEntry, url: URL, context: unknown) => string | null
  /** Fetches translation namespaces a page needs before it renders (browser only). */
  loadNamespaces?: (namespaces: readonly string[]) => Promise<void>
}

/**
 * Turns the route JSON into react-router data routes. The same objects serve the browser and, through
 * createStaticHandler, the server; guards run as loaders, so a first load gets a real HTTP redirect and
 * a client navigation is redirected before the screen renders.
 */
export function assembleRoutes(table: readonly RouteEntry[], options: AssembleOptions): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      Component: RootLayout,
      ErrorBoundary: RootError,
      children: pageRoutes(table, options),
    },
  ]
}

/** The id of the layout route every page is a child of. */
export const ROOT_ROUTE_ID = "root"

/** The routes of `table` without the root: the children the browser adds to it when it loads the whole table. */
export function pageRoutes(table: readonly RouteEntry[], options: AssembleOptions): RouteObject[] {
  return table.map((entry) => (isRedirect(entry) ? redirectRoute(entry) : pageRoute(entry, options)))
}

function redirectRoute(entry: RedirectEntry): RouteObject {
  return {
    id: `redirect:${entry.path}`,
    path: entry.path,
    loader: () => redirect(entry.redirect, entry.status),
  }
}

function pageRoute(
  entry: PageEntry,
  { basename, getUser, languageFallback, loadNamespaces }: AssembleOptions,
): RouteObject {
  const load = (screens as Record<string, ScreenEntry>)[entry.screen]
  if (!load)
    throw new Error(`Route ${entry.path} names screen "${entry.screen}", which pages does not export`)
  const handle: RouteHandle = { entry }
  return {
    id: `page:${entry.path}`,
    path: entry.path,
    handle,
    loader: async ({ request, context }) => {
      const url = new URL(request.url)
      const elsewhere = languageFallback(entry, url, context)
      if (elsewhere) throw redirect(elsewhere, 302)
      // Both relative to the language: react-router puts the basename (/ru) in front of the redirect.
      const here = pathWithinLanguage(url.pathname, basename) + url.search
      const target = guardRedirect(entry.guard, getUser(context), here)
      if (target) throw redirect(target, 302)
      await loadNamespaces?.(entry.namespaces)
      return null
    },
    lazy: async () => {
      // The screen and the contract of the areas its data comes from, together.
      const [{ default: Screen }] = await Promise.all([
        importWithReload(load as () => Promise<{ default: ComponentType<never> }>),
        importWithReload(() => loadDataHooks(entry.document ? [...entry.data, entry.document] : entry.data)),
      ])
      return {
        Component: () => (
          <RouteScreen entry={entry} Screen={Screen as unknown as ComponentType<Record<string, unknown>>} />
        ),
      }
    },
  }
}

function RouteScreen({
  entry,
  Screen,
}: {
  entry: PageEntry
  Screen: ComponentType<Record<string, unknown>>
}) {
  const data = useRouteData(entry, useParams())
  const { toFailure } = useShellServices()
  // A page's document (or the data of a page that is itself "not found") answered 404: the screen shows its own
  // not-found state, as the server rendered it, rather than a load error.
  const notFound = ({ prop, answer }: RouteAnswer) =>
    (prop === entry.document || entry.status === 404) && toFailure(answer.error).status === 404
  const failed = data.filter(
    (each) => each.answer.error !== undefined && each.answer.data === undefined && !notFound(each),
  )
  if (failed.length > 0) return <RouteDataError failed={failed} />
  const props = Object.fromEntries(data.map(({ prop, answer }) => [prop, answer.data]))
  return <Screen {...entry.props} {...props} />
}

interface RouteAnswer {
  prop: string
  key: string
  answer: SWRResponse<unknown>
}

/**
 * One SWR subscription per data hook the route declares; each answer becomes the screen prop of that name
 * (undefined while it loads; the screen shows its loading state).
 */
function useRouteData(entry: PageEntry, params: Params): RouteAnswer[] {
  const { language } = useAppState()
  return dataKeys(entry.data, { ...entry.params, ...params }, language).map(({ prop, key, perVisit }) => ({
    prop,
    key,
    // The hook list of a route is fixed, so the number and order of these calls never changes.
    // eslint-disable-next-line react-hooks/rules-of-hooks
    answer: useSWR(key, perVisit ? { revalidateIfStale: false, revalidateOnReconnect: false } : undefined),
  }))
}

/**
 * A route whose data failed to load (and has none to show): why, in the page's language, and a retry that asks
 * again for what failed — never an endless skeleton while SWR retries in the background.
 */
function RouteDataError({ failed }: { failed: RouteAnswer[] }) {
  const { t } = useTranslation("common")
  const { toFailure } = useShellServices()
  const reasons = [...new Set(failed.map(({ answer }) => toFailure(answer.error).message))]
  return (
    <ErrorState
      data-route-data-error=""
      title={t("errors.routeData.title")}
      description={reasons.join(" ")}
      retryLabel={t("errors.routeData.retry")}
      onRetry={() => {
        for (const { answer } of failed) void answer.mutate()
      }}
    />
  )
}

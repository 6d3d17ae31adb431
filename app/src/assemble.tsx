import type { ComponentType } from "react"
import { redirect, useParams, type Params, type RouteObject } from "react-router"
import useSWR from "swr"
import { NotFoundScreen, screens, type ScreenName } from "@manyhands/pages"
import { useAppState } from "./app-state"
import { dataKeys } from "./data-hooks"
import { importWithReload } from "./lazy-reload"
import { RootError, RootLayout, type RouteHandle } from "./root-layout"
import { isRedirect, type PageEntry, type RedirectEntry, type RouteEntry } from "./route-table"

/** Turns the route JSON into react-router data routes; the same objects serve the browser and the server. */
export function assembleRoutes(table: readonly RouteEntry[]): RouteObject[] {
  return [
    {
      id: "root",
      Component: RootLayout,
      ErrorBoundary: RootError,
      children: table.map((entry) => (isRedirect(entry) ? redirectRoute(entry) : pageRoute(entry))),
    },
  ]
}

function redirectRoute(entry: RedirectEntry): RouteObject {
  return {
    id: `redirect:${entry.path}`,
    path: entry.path,
    loader: () => redirect(entry.redirect, entry.status),
  }
}

function pageRoute(entry: PageEntry): RouteObject {
  if (entry.guard !== "public") {
    // Guards that need a signed-in user arrive with accounts; refuse to register a route we cannot protect.
    throw new Error(`Route ${entry.path}: guard ${JSON.stringify(entry.guard)} is not supported yet`)
  }
  const load = screens[entry.screen as ScreenName]
  if (!load)
    throw new Error(`Route ${entry.path} names screen "${entry.screen}", which pages does not export`)
  const handle: RouteHandle = { entry }
  return {
    id: `page:${entry.path}`,
    path: entry.path,
    handle,
    lazy: async () => {
      const { default: Screen } = await importWithReload(load)
      return {
        Component: () => (
          <RouteScreen entry={entry} Screen={Screen as ComponentType<Record<string, unknown>>} />
        ),
      }
    },
  }
}

/** HTTP status of a rendered page: the entry's own, or 404 where the page does not exist in this language. */
export function pageStatus(entry: PageEntry | undefined, language: string): number {
  if (!entry || !entry.languages.includes(language)) return 404
  return entry.status ?? 200
}

function RouteScreen({
  entry,
  Screen,
}: {
  entry: PageEntry
  Screen: ComponentType<Record<string, unknown>>
}) {
  const { language } = useAppState()
  const data = useRouteData(entry, useParams())
  if (!entry.languages.includes(language)) return <NotFoundScreen />
  return <Screen {...data} />
}

/** One SWR subscription per data hook the route declares; each answer becomes the screen prop of that name. */
function useRouteData(entry: PageEntry, params: Params): Record<string, unknown> {
  const props: Record<string, unknown> = {}
  for (const { prop, key } of dataKeys(entry.data, params)) {
    // The hook list of a route is fixed, so the number and order of these calls never changes.
    // eslint-disable-next-line react-hooks/rules-of-hooks
    props[prop] = useSWR(key).data
  }
  return props
}

import type { RouteObject } from "react-router"
import { pageRoutes, ROOT_ROUTE_ID, type AssembleOptions } from "./assemble"
import { importWithReload } from "./lazy-reload"
import type { RouteEntry } from "./route-entry"

type Patch = (routeId: string | null, children: RouteObject[]) => void

/**
 * The rest of the route table, for a browser that started with the routes of its first page alone
 * (`InitialState.routes`): the table (every route's JSON, about 7 KB gzip) is its own chunk, loaded once — when the
 * reader first points at or focuses a link (entry-client.tsx), or on the first navigation if that comes sooner (a
 * form's redirect) — and its routes join the
 * root's children through react-router's `patchRoutesOnNavigation`, which the router calls whenever a path matches
 * no route, or only a route with parameters a more specific one might beat.
 */
export function routeDiscovery(initial: readonly RouteEntry[], options: AssembleOptions) {
  const known = new Set(initial.map((entry) => entry.path))
  let loading: Promise<RouteObject[]> | undefined
  let patched = false
  const load = () =>
    (loading ??= importWithReload(() => import("./route-table")).then(
      ({ routeTable }) =>
        pageRoutes(
          routeTable.filter((entry) => !known.has(entry.path)),
          options,
        ),
      (error: unknown) => {
        loading = undefined // a later navigation asks again
        throw error
      },
    ))
  return {
    /** Load the table ahead of the first navigation (a failure here is left to that navigation to report). */
    prefetch() {
      load().catch(() => {})
    },
    async patchRoutesOnNavigation({ patch }: { patch: Patch }) {
      if (patched) return
      const children = await load()
      if (patched) return // another navigation patched them meanwhile
      patch(ROOT_ROUTE_ID, children)
      patched = true
    },
  }
}

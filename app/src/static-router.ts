import {
  createStaticRouter,
  type DataRouteObject,
  type StaticHandler,
  type StaticHandlerContext,
} from "react-router"

type StaticRouter = ReturnType<typeof createStaticRouter>

/** Each handler's routes by id, made once: what `createStaticRouter` rebuilds on every call. */
const manifests = new WeakMap<StaticHandler, Record<string, DataRouteObject>>()

function manifestOf(handler: StaticHandler): Record<string, DataRouteObject> {
  let manifest = manifests.get(handler)
  if (!manifest) {
    manifest = {}
    const add = (routes: DataRouteObject[]) => {
      for (const route of routes) {
        manifest![route.id] = route
        if (route.children) add(route.children)
      }
    }
    add(handler.dataRoutes)
    manifests.set(handler, manifest)
  }
  return manifest
}

/**
 * The router of one server render, on the handler's own data routes. `createStaticRouter(handler.dataRoutes, …)`
 * converts every route into a data route again on each call — copies of what the handler already made, some 300
 * routes, about 5 % of a rendered page; this router is `createStaticRouter`'s for the request's context with the
 * handler's routes and their manifest in place of the copies. The matches of the context are the handler's routes,
 * so the manifest finds each of them as itself.
 */
export function staticRouterFor(handler: StaticHandler, context: StaticHandlerContext): StaticRouter {
  const router = createStaticRouter([], context)
  const manifest = manifestOf(handler)
  return Object.create(router, {
    routes: { get: () => handler.dataRoutes },
    manifest: { get: () => manifest },
  }) as StaticRouter
}

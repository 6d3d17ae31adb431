import { createMemoryRouter } from "react-router"
import { describe, expect, it } from "vitest"
import { assembleRoutes, type AssembleOptions } from "../src/assemble"
import { pageLanguagesModule, pageLanguagesOf } from "../src/page-languages"
import { routeDiscovery } from "../src/route-discovery"
import { routeTable, type RouteEntry } from "../src/route-table"

const options: AssembleOptions = { basename: "", getUser: () => null, languageFallback: () => null }

function entry(path: string): RouteEntry {
  const found = routeTable.find((each) => each.path === path)
  if (!found) throw new Error(`no route ${path}`)
  return found
}

/** A browser's router that started on `first` with that page's routes alone, as the entry builds it. */
async function routerFrom(first: string, initial: RouteEntry[]) {
  const discovery = routeDiscovery(initial, options)
  const router = createMemoryRouter(assembleRoutes(initial, options), {
    initialEntries: [first],
    patchRoutesOnNavigation: discovery.patchRoutesOnNavigation,
  })
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve()
    else router.subscribe((state) => state.initialized && resolve())
  })
  return { router, discovery }
}

const deepest = (router: Awaited<ReturnType<typeof routerFrom>>["router"]) =>
  router.state.matches.at(-1)?.route.id

describe("routes discovered on navigation (route-discovery.ts)", () => {
  it("starts with the page's routes and gets the rest of the table on the first navigation, once", async () => {
    const { router } = await routerFrom("/about", [entry("/about")])
    expect(deepest(router)).toBe("page:/about")
    expect(router.routes[0]!.children).toHaveLength(1)
    await router.navigate("/pricing")
    expect(deepest(router)).toBe("page:/pricing")
    expect(router.state.location.pathname).toBe("/pricing")
    // Every route of the table, each once.
    const ids = router.routes[0]!.children!.map((route) => route.id)
    expect(ids).toHaveLength(routeTable.length)
    expect(new Set(ids).size).toBe(routeTable.length)
    await router.navigate("/p/recaptcha-v2")
    expect(deepest(router)).toBe("page:/p/:slug")
    router.dispose()
  })

  it("lets a specific route beat the catch-all the first page matched (a 404 page's link to /about)", async () => {
    const { router } = await routerFrom("/no-such-page", [entry("*")])
    expect(deepest(router)).toBe("page:*")
    await router.navigate("/about")
    expect(deepest(router)).toBe("page:/about")
    router.dispose()
  })

  it("patches once when navigations overlap, and a prefetch loads the same table", async () => {
    const { router, discovery } = await routerFrom("/about", [entry("/about")])
    discovery.prefetch()
    await Promise.all([router.navigate("/pricing"), router.fetch("k", "page:/about", "/docs")])
    expect(router.routes[0]!.children).toHaveLength(routeTable.length)
    router.dispose()
  })
})

describe("the page languages the browser's entry gets instead of the table (page-languages.ts)", () => {
  it("is a module whose map equals the table's", async () => {
    const source = pageLanguagesModule(routeTable)
    const url = `data:text/javascript;base64,${Buffer.from(source).toString("base64")}`
    const { default: map } = (await import(/* @vite-ignore */ url)) as {
      default: Map<string, readonly string[]>
    }
    expect([...map]).toEqual([...pageLanguagesOf(routeTable)])
    expect(map.get("/about")).toEqual(["en", "ru", "zh"])
    expect(map.size).toBeGreaterThan(200)
    // Each list of languages written once: far smaller than the table.
    expect(source.length).toBeLessThan(JSON.stringify(routeTable).length / 4)
  })
})

import { matchRoutes, type RouteObject } from "react-router"
import { describe, expect, it } from "vitest"
import { routeGroups } from "../src/route-groups"
import { routeTable, type RouteEntry } from "../src/route-table"

/** The route a path matches among `entries`, as react-router decides (nested under one root, as assembled). */
function matched(entries: readonly RouteEntry[], pathname: string, basename: string): string | undefined {
  const routes: RouteObject[] = [
    { id: "root", children: entries.map((entry) => ({ id: entry.path, path: entry.path })) },
  ]
  return matchRoutes(routes, pathname, basename || undefined)?.at(-1)?.route.id
}

/** Every route's path with its parameters filled in, in a few spellings. */
function samplePaths(): string[] {
  const paths = new Set<string>(["/", "", "/nothing-here", "/NOTHING/at/all", "/%E4%B8%AD", "//about"])
  for (const entry of routeTable) {
    if (entry.path === "*") continue
    const filled = entry.path.replace(/:[A-Za-z]+\??/g, "x1").replace(/\*$/, "a/b")
    paths.add(filled)
    paths.add(filled.toUpperCase())
    paths.add(`${filled}/`)
    paths.add(`${filled}/extra`)
    paths.add(filled.replace(/^\/([a-z])/, (_, first: string) => `/%${first.charCodeAt(0).toString(16)}`))
  }
  return [...paths]
}

describe("routeGroups", () => {
  const groupOf = routeGroups(routeTable)

  it("matches every path to the route the whole table matches, with and without a language prefix", () => {
    let checked = 0
    for (const basename of ["", "/ru"]) {
      for (const path of samplePaths()) {
        const pathname = `${basename}${path}`
        const group = groupOf(pathname, basename)
        expect(matched(group.routes, pathname, basename), `${pathname} (group ${group.key})`).toBe(
          matched(routeTable, pathname, basename),
        )
        checked++
      }
    }
    expect(checked).toBeGreaterThan(1000)
  })

  it("holds a few routes per group and shares one group among unknown segments", () => {
    const home = groupOf("/", "")
    expect(home.key).toBe("/")
    expect(home.routes.length).toBeLessThan(10)
    expect(home.routes.map((entry) => entry.path)).toContain("*")
    const proxy = groupOf("/proxy/residential", "")
    expect(proxy.routes.length).toBeLessThan(routeTable.length / 5)
    expect(groupOf("/no-such-page", "").key).toBe("other")
    expect(groupOf("/another-unknown", "")).toBe(groupOf("/no-such-page", ""))
    // Not plain: the whole table.
    expect(groupOf("/RU/about", "/ru").key).toBe("all")
    expect(groupOf("/%ZZ", "").key).toBe("all")
    expect(groupOf("/a%2Fb", "").key).toBe("all")
  })
})

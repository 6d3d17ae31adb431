import type { RouteEntry } from "./route-table"

/** The routes that can match the paths of one first segment, and the key they are kept under. */
export interface RouteGroup {
  key: string
  routes: readonly RouteEntry[]
}

/** A route path's first segment as written, lower case ("" for "/", "*" for the catch-all). */
function firstOfRoute(path: string): string {
  return path === "*" ? "*" : (path.split("/")[1] ?? "").toLowerCase()
}

/** A segment that stands for any: a parameter, an optional segment or a splat. */
const isDynamic = (segment: string) => /[:*?]/.test(segment)

/**
 * The routes of `table` grouped by the first segment of the paths they can match, for a server that matches each
 * request against its group alone. A route whose own first segment is a parameter or a splat is in every group;
 * the others only in their segment's. Paths whose first segment no route names share one group (the dynamic routes
 * only), so the groups are as many as the table's segments whatever the requests; a path that is not plain
 * (a basename in other letters, an empty segment, an encoding that does not decode) gets the whole table.
 * React-router compares paths decoded and without regard to case; so does this.
 */
export function routeGroups(table: readonly RouteEntry[]) {
  const dynamic = table.filter((entry) => isDynamic(firstOfRoute(entry.path)))
  const bySegment = new Map<string, RouteEntry[]>()
  for (const entry of table) {
    const segment = firstOfRoute(entry.path)
    if (isDynamic(segment) || bySegment.has(segment)) continue
    bySegment.set(
      segment,
      table.filter((other) => {
        const first = firstOfRoute(other.path)
        return first === segment || isDynamic(first)
      }),
    )
  }
  const all: RouteGroup = { key: "all", routes: table }
  const other: RouteGroup = { key: "other", routes: dynamic }
  const groups = new Map<string, RouteGroup>(
    [...bySegment].map(([segment, routes]) => [segment, { key: `/${segment}`, routes }]),
  )

  /** The group of a request's path, `basename` the language prefix react-router strips ("" for none). */
  return function groupOf(pathname: string, basename: string): RouteGroup {
    if (basename && !(pathname === basename || pathname.startsWith(`${basename}/`))) return all
    const rest = pathname.slice(basename.length)
    if (rest.includes("//") || (rest !== "" && !rest.startsWith("/"))) return all
    let segment: string
    try {
      segment = decodeURIComponent(rest.split("/")[1] ?? "").toLowerCase()
    } catch {
      return all
    }
    // A decoded slash would move the segment's end; leave such a path to the whole table.
    if (segment.includes("/")) return all
    return groups.get(segment) ?? other
  }
}

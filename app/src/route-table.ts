import publicRoutes from "../routes/public.json"

export type Guard =
  "public" | "login" | "login-no-type" | "order-captchas" | { roles: ("admin" | "moderator")[] }

/** A page route as written in `app/routes/*.json` (schema: `app/routes/route.schema.json`). */
export interface PageEntry {
  path: string
  screen: string
  guard: Guard
  languages: string[]
  data: string[]
  title: string
  description: string
  status?: number
}

export interface RedirectEntry {
  path: string
  redirect: string
  status: 301 | 302
}

export type RouteEntry = PageEntry | RedirectEntry

/** Every route file of the site, in one list. Add a file here when a new area gets its own JSON. */
export const routeFiles: Record<string, RouteEntry[]> = {
  "public.json": publicRoutes as RouteEntry[],
}

export const routeTable: RouteEntry[] = Object.values(routeFiles).flat()

export function isRedirect(entry: RouteEntry): entry is RedirectEntry {
  return "redirect" in entry
}

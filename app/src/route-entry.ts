/*
 * A route as the JSON files in app/routes declare it, without the files themselves: what the browser's entry needs
 * to assemble the routes it has (route-table.ts imports every file: the browser loads that on its first navigation).
 */

export type Guard =
  "public" | "login" | "login-no-type" | "order-captchas" | { roles: ("admin" | "moderator")[] }

/** A page route as written in `app/routes/*.json` (schema: `app/routes/route.schema.json`). */
export interface PageEntry {
  path: string
  screen: string
  guard: Guard
  languages: string[]
  data: string[]
  /** Translation namespaces the screen reads besides `common`. */
  namespaces: string[]
  title: string
  description: string
  status?: number
  /**
   * A data hook (one of `data`) whose answer is the page's document (an article): its title and description
   * replace the route's, its translations give the hreflang links; without it the page answers 404.
   */
  document?: string
  /** Fixed props for the screen (one screen may serve several routes). */
  props?: Record<string, unknown>
  /** Fixed route parameters for the data hooks (the slug of an article at a literal path). */
  params?: Record<string, string>
}

export interface RedirectEntry {
  path: string
  redirect: string
  status: 301 | 302
}

export type RouteEntry = PageEntry | RedirectEntry

export function isRedirect(entry: RouteEntry): entry is RedirectEntry {
  return "redirect" in entry
}

import type { PageEntry } from "./route-table"
import { DEFAULT_LANGUAGE } from "./languages"
import { canonicalUrl, type Site, type SiteOrigins } from "./sites"

/** Where one rendered page lives: the site, the language and the router basename of its address. */
export interface PageLocation {
  site: Site
  origins: SiteOrigins
  language: string
  basename: string
}

/** The path of `url` without the language prefix: "/ru/about" → "/about". */
export function pathWithinLanguage(pathname: string, basename: string): string {
  if (!basename || !pathname.startsWith(basename)) return pathname
  return pathname.slice(basename.length) || "/"
}

/**
 * A page asked for in a language it is not written in goes to its English version on the international
 * site (spec §5: English is the fallback), or, written without English (an old Russian-only blog article), to
 * its first language's site; the query is kept. Null when the page exists here.
 */
export function languageFallback(location: PageLocation, entry: PageEntry, url: URL): string | null {
  if (entry.languages.includes(location.language)) return null
  const path = pathWithinLanguage(url.pathname, location.basename) + url.search
  if (entry.languages.includes(DEFAULT_LANGUAGE)) return location.origins.international + path
  const [first] = entry.languages
  return first ? canonicalUrl(first, path, location.origins) : null
}

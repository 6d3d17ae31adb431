/** The site's languages (spec §2). A language is served once `locales/<code>/` exists. */
export const SITE_LANGUAGES = [
  "en",
  "de",
  "es",
  "fr",
  "it",
  "ja",
  "ko",
  "pl",
  "pt",
  "ru",
  "th",
  "tr",
  "uk",
  "vi",
  "zh",
] as const

export const DEFAULT_LANGUAGE = "en"

export interface LanguageLocation {
  language: string
  /** Router basename: "" for the default language, "/ru" for Russian. */
  basename: string
  /** Set when the address must change: the default language's prefix is dropped with a 302 (spec §2). */
  redirectTo?: string
}

/**
 * Reads the language from the path prefix. Only `available` languages count as prefixes,
 * so "/de/about" stays an unknown path (404) until German exists.
 */
export function languageFromPath(
  pathname: string,
  search: string,
  available: readonly string[],
): LanguageLocation {
  const first = pathname.split("/")[1] ?? ""
  if (!available.includes(first)) return { language: DEFAULT_LANGUAGE, basename: "" }
  if (first === DEFAULT_LANGUAGE) {
    const rest = pathname.slice(first.length + 1) || "/"
    return { language: DEFAULT_LANGUAGE, basename: "", redirectTo: rest + search }
  }
  return { language: first, basename: `/${first}` }
}

/** The address of `path` (relative to the router basename) in `language`. */
export function localizedPath(language: string, path: string): string {
  if (language === DEFAULT_LANGUAGE) return path
  return path === "/" ? `/${language}` : `/${language}${path}`
}

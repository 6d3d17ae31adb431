import { DEFAULT_LANGUAGE } from "./languages"

/**
 * The product runs on three hosts (spec §2): the international site with every language (English
 * unprefixed, the others under /<lang>), the Russian-language site and the Chinese site.
 */
export type SiteKind = "international" | "russian" | "chinese"

/** Origins of the three sites, from configuration ("https://manyhands.dev"). */
export type SiteOrigins = Record<SiteKind, string>

export interface Site {
  kind: SiteKind
  origin: string
  /** The language of unprefixed paths. */
  defaultLanguage: string
}

const SITE_LANGUAGE: Record<SiteKind, string> = {
  international: DEFAULT_LANGUAGE,
  russian: "ru",
  chinese: "zh",
}

const hostnameOf = (hostOrOrigin: string) =>
  (hostOrOrigin.includes("://") ? new URL(hostOrOrigin).host : hostOrOrigin)
    .replace(/:\d+$/, "")
    .toLowerCase()

/** The site a request host belongs to; unknown hosts (an IP, a tunnel) get the international site. */
export function siteForHost(host: string, origins: SiteOrigins): Site {
  const hostname = hostnameOf(host)
  for (const kind of ["russian", "chinese", "international"] as const) {
    if (hostnameOf(origins[kind]) === hostname)
      return { kind, origin: origins[kind], defaultLanguage: SITE_LANGUAGE[kind] }
  }
  return { kind: "international", origin: origins.international, defaultLanguage: DEFAULT_LANGUAGE }
}

/** Languages a site serves: all of them on the international site, its own on the others. */
export function siteLanguages(site: Site, available: readonly string[]): string[] {
  return site.kind === "international" ? [...available] : [site.defaultLanguage]
}

export interface LanguageLocation {
  language: string
  /** Router basename: "" for the site's default language, "/ru" for Russian on the international site. */
  basename: string
  /** Set when the address must change: the default language's prefix is dropped with a 302 (spec §2). */
  redirectTo?: string
}

/**
 * Reads the language from the path. Only languages the site serves count as prefixes, so "/xx/about"
 * stays an unknown path (404).
 */
export function languageFromPath(
  pathname: string,
  search: string,
  site: Site,
  available: readonly string[],
): LanguageLocation {
  const first = pathname.split("/")[1] ?? ""
  if (!siteLanguages(site, available).includes(first)) return { language: site.defaultLanguage, basename: "" }
  if (first === site.defaultLanguage) {
    const rest = pathname.slice(first.length + 1) || "/"
    return { language: first, basename: "", redirectTo: rest + search }
  }
  return { language: first, basename: `/${first}` }
}

/** The address of `path` (relative to the router basename) in `language` on `site`. */
export function localizedPath(language: string, path: string, site: Pick<Site, "defaultLanguage">): string {
  if (language === site.defaultLanguage) return path
  return path === "/" ? `/${language}` : `/${language}${path}`
}

const INTERNATIONAL: Pick<Site, "defaultLanguage"> = { defaultLanguage: DEFAULT_LANGUAGE }

/**
 * The one address search engines should index for `path` in `language`: Russian lives on the Russian
 * site; everything else, Chinese included (spec §2), on the international site.
 */
export function canonicalUrl(language: string, path: string, origins: SiteOrigins): string {
  if (language === "ru") return origins.russian + path
  return origins.international + localizedPath(language, path, INTERNATIONAL)
}

export interface AlternateLink {
  hrefLang: string
  href: string
}

/**
 * hreflang alternates of a page: each of its languages, plus x-default (the English address). `path` is the
 * page's path, or its path in each language (an article, whose slug differs by language).
 */
export function alternateLinks(
  path: string | ((language: string) => string),
  languages: readonly string[],
  origins: SiteOrigins,
): AlternateLink[] {
  const pathIn = typeof path === "string" ? () => path : path
  const links = languages.map((language) => ({
    hrefLang: language,
    href: canonicalUrl(language, pathIn(language), origins),
  }))
  if (languages.includes(DEFAULT_LANGUAGE))
    links.push({
      hrefLang: "x-default",
      href: canonicalUrl(DEFAULT_LANGUAGE, pathIn(DEFAULT_LANGUAGE), origins),
    })
  return links
}

/** Our own hosts: a referrer from one of them is not an "original referer" (spec §9). */
export function isOwnHost(hostname: string, origins: SiteOrigins): boolean {
  const name = hostname.toLowerCase()
  return Object.values(origins).some((origin) => hostnameOf(origin) === name)
}

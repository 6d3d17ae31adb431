import type { PageEntry } from "./route-table"
import { alternateLinks, canonicalUrl, type SiteOrigins } from "./sites"

import { escapeHtml } from "./html"

export { escapeHtml }

/** Pages search engines may index: public, found, with fixed addresses. */
export function isIndexable(entry: PageEntry): boolean {
  return entry.guard === "public" && (entry.status ?? 200) === 200 && !/[:*]/.test(entry.path)
}

export interface HeadTags {
  title: string
  description: string
  path: string
  entry: PageEntry | undefined
  language: string
  /** Languages served on this server (a page is linked in those it is written in). */
  languages: readonly string[]
  origins: SiteOrigins
  status: number
}

const BRAND = "Manyhands"

/** A page's title as the tab and search results show it: the brand follows a title that does not name it. */
export function documentTitle(title: string): string {
  return title.includes(BRAND) ? title : `${title} — ${BRAND}`
}

/** <title>, description, canonical and hreflang alternates of a server-rendered page (spec §2). */
export function headTags({
  title,
  description,
  path,
  entry,
  language,
  languages,
  origins,
  status,
}: HeadTags) {
  const tags = [
    `<title>${escapeHtml(documentTitle(title))}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
  ]
  if (!entry || status !== 200 || entry.guard !== "public") {
    tags.push(`<meta name="robots" content="noindex">`)
    return tags.join("\n")
  }
  tags.push(`<link rel="canonical" href="${escapeHtml(canonicalUrl(language, path, origins))}">`)
  const written = entry.languages.filter((code) => languages.includes(code))
  for (const link of alternateLinks(path, written, origins))
    tags.push(`<link rel="alternate" hreflang="${link.hrefLang}" href="${escapeHtml(link.href)}">`)
  return tags.join("\n")
}

/** sitemap.xml for the site at `origin`: every indexable page whose canonical address is on that site. */
export function sitemapXml(
  table: readonly PageEntry[],
  origin: string,
  languages: readonly string[],
  origins: SiteOrigins,
): string {
  const urls: string[] = []
  for (const entry of table.filter(isIndexable)) {
    const written = entry.languages.filter((code) => languages.includes(code))
    const alternates = alternateLinks(entry.path, written, origins)
    for (const language of written) {
      const loc = canonicalUrl(language, entry.path, origins)
      if (!loc.startsWith(origin + "/")) continue
      urls.push(
        [
          `  <url>`,
          `    <loc>${escapeHtml(loc)}</loc>`,
          ...alternates.map(
            (link) =>
              `    <xhtml:link rel="alternate" hreflang="${link.hrefLang}" href="${escapeHtml(link.href)}"/>`,
          ),
          `  </url>`,
        ].join("\n"),
      )
    }
  }
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n")
}

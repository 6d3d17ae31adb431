import type { PageEntry } from "./route-table"
import { alternateLinks, canonicalUrl, type SiteOrigins } from "./sites"

import { escapeHtml } from "./html"

export { escapeHtml }

/** Pages search engines may index: public, found, with fixed addresses. */
export function isIndexable(entry: PageEntry): boolean {
  // A page with a document (an article, even at a literal path) is listed from its document, with its dates.
  return (
    entry.guard === "public" &&
    (entry.status ?? 200) === 200 &&
    !/[:*]/.test(entry.path) &&
    entry.document === undefined
  )
}

/** What a page's document (an article answer) tells the head: see PageEntry.document. */
export interface PageDocument {
  title: string
  seoTitle?: string | null
  description?: string
  seoDescription?: string | null
  /** The language the document is in (may differ from the page's when it is not written in that one). */
  language?: string
  /** Every language the document is public in, with its slug (the route's `:slug` in that language). */
  translations?: { language: string; slug: string }[]
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
  /** The page's document, when its route names one. */
  document?: PageDocument
}

/** The title and description a page's document gives (SEO fields first). */
export function documentMeta(document: PageDocument): { title: string; description: string | undefined } {
  return {
    title: document.seoTitle || document.title,
    description: document.seoDescription || document.description,
  }
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
  document,
}: HeadTags) {
  if (document) {
    const meta = documentMeta(document)
    title = meta.title
    description = meta.description ?? description
  }
  const tags = [
    `<title>${escapeHtml(documentTitle(title))}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
  ]
  if (!entry || status !== 200 || entry.guard !== "public") {
    tags.push(`<meta name="robots" content="noindex">`)
    return tags.join("\n")
  }
  if (document?.translations) {
    // An article: its own address in each language it is written in (slugs differ by language).
    const pathOf = (slug: string) => entry.path.replace(":slug", encodeURIComponent(slug))
    const written = document.translations.filter((translation) => languages.includes(translation.language))
    const own = written.find((translation) => translation.language === (document.language ?? language))
    tags.push(
      `<link rel="canonical" href="${escapeHtml(canonicalUrl(own?.language ?? language, own ? pathOf(own.slug) : path, origins))}">`,
    )
    const slugs = new Map(written.map((translation) => [translation.language, translation.slug]))
    const links = alternateLinks((code) => pathOf(slugs.get(code)!), [...slugs.keys()], origins)
    for (const link of links)
      tags.push(`<link rel="alternate" hreflang="${link.hrefLang}" href="${escapeHtml(link.href)}">`)
    return tags.join("\n")
  }
  tags.push(`<link rel="canonical" href="${escapeHtml(canonicalUrl(language, path, origins))}">`)
  const written = entry.languages.filter((code) => languages.includes(code))
  for (const link of alternateLinks(path, written, origins))
    tags.push(`<link rel="alternate" hreflang="${link.hrefLang}" href="${escapeHtml(link.href)}">`)
  return tags.join("\n")
}

/**
 * A page with an address of its own in each language (an article: its slug differs by language), for the
 * sitemap: the path of each language it is public in, and when it last changed.
 */
export interface SitemapDocument {
  translations: { language: string; path: string; updatedAt: string }[]
}

/**
 * sitemap.xml for the site at `origin`: every indexable page whose canonical address is on that site, and every
 * document (article) in the languages it is written in, each with its own hreflang alternates.
 */
export function sitemapXml(
  table: readonly PageEntry[],
  origin: string,
  languages: readonly string[],
  origins: SiteOrigins,
  documents: readonly SitemapDocument[] = [],
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
  for (const document of documents) {
    const written = document.translations.filter((translation) => languages.includes(translation.language))
    const paths = new Map(written.map((translation) => [translation.language, translation.path]))
    const alternates = alternateLinks((code) => paths.get(code)!, [...paths.keys()], origins)
    for (const translation of written) {
      const loc = canonicalUrl(translation.language, translation.path, origins)
      if (!loc.startsWith(origin + "/")) continue
      urls.push(
        [
          `  <url>`,
          `    <loc>${escapeHtml(loc)}</loc>`,
          `    <lastmod>${escapeHtml(translation.updatedAt)}</lastmod>`,
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

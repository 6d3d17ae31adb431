import { DEFAULT_LANGUAGE } from "./languages"
import type { PageEntry } from "./route-table"
import type { Site } from "./sites"
import type { VisitorCookie } from "./visitor-memory"

/** Cookie with a visitor's interface language (signed-in users keep theirs on the account). */
export const READER_LANGUAGE_COOKIE: VisitorCookie = "interface_language"

/**
 * The language the reader works in, which can differ from the page's: a German reader who follows a link to a
 * page written only in English, Russian and Chinese reads that page in English but is still a German reader.
 * The account's interface language for a signed-in user, else the visitor's cookie, where this page is shown in
 * its language only for want of that one; otherwise the page's language (which the visit then stores). Only the
 * international site serves several languages; a regional site's reader reads its language.
 */
export function readerLanguage({
  site,
  pageLanguage,
  entry,
  stored,
  cookie,
  available,
}: {
  site: Pick<Site, "kind">
  pageLanguage: string
  entry: Pick<PageEntry, "languages" | "status"> | undefined
  /** The signed-in user's interface language. */
  stored: string | undefined
  /** The visitor's interface_language cookie. */
  cookie: string | undefined
  available: readonly string[]
}): string {
  if (site.kind !== "international") return pageLanguage
  const kept = [stored, cookie].find((candidate) => candidate && available.includes(candidate))
  return kept && isLanguageFallback(kept, pageLanguage, entry) ? kept : pageLanguage
}

/**
 * Spec §4: the stored interface language follows the page's language, except where the page is shown in
 * another language only because it is not written in the stored one (issue 16: the interface language never
 * changes because a page lacks a translation). Undefined when nothing changes; the 404 page changes nothing.
 */
export function languageAfterVisit({
  stored,
  pageLanguage,
  entry,
}: {
  stored: string | undefined
  pageLanguage: string
  entry: Pick<PageEntry, "languages" | "status"> | undefined
}): string | undefined {
  if (!entry || entry.status === 404 || stored === pageLanguage) return undefined
  if (stored && isLanguageFallback(stored, pageLanguage, entry)) return undefined
  return pageLanguage
}

/**
 * The page is shown in English, the language every page falls back to (page-location.ts), because it is not
 * written in the reader's. Another language than English was chosen, never fallen back to.
 */
export function isLanguageFallback(
  reader: string,
  pageLanguage: string,
  entry: Pick<PageEntry, "languages" | "status"> | undefined,
): boolean {
  return (
    !!entry &&
    entry.status !== 404 &&
    pageLanguage === DEFAULT_LANGUAGE &&
    reader !== pageLanguage &&
    !entry.languages.includes(reader)
  )
}

import type { Namespaces } from "./render-contract"
import type { SiteNotices } from "./initial-state"
import { preferredLanguage, readsRussian } from "./languages"
import { canonicalUrl, type Site, type SiteOrigins } from "./sites"
import { isLanguageFallback } from "./reader-language"
import type { PageEntry } from "./route-table"
import type { VisitorCookie } from "./visitor-memory"

/** Cookie that remembers the international-version notice was closed (spec §4, §9: one year). */
export const INTERNATIONAL_NOTICE_COOKIE: VisitorCookie = "foreigner_notice"
/** Cookie that remembers the language banner was closed, for the browser session. */
export const LANGUAGE_BANNER_COOKIE: VisitorCookie = "language_banner"

interface NoticeInput {
  site: Site
  origins: SiteOrigins
  language: string
  path: string
  entry: PageEntry | undefined
  acceptLanguage: string
  cookies: Record<string, string>
  available: readonly string[]
  /** The reader's language (reader-language.ts). */
  reader: string
  translations: (language: string, namespaces: readonly string[]) => Namespaces
}

function text(namespaces: Namespaces, key: string): string {
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], namespaces.common)
  return typeof value === "string" ? value : key
}

/**
 * What of the visitor's Accept-Language and cookies `siteNotices` reads, as one string: two anonymous visitors of
 * the same address with the same variant get the same notices, so the server may give them one cached page
 * (server/src/ssr/page-cache.ts). Keep it in step with siteNotices (app/test/notices.test.ts checks it).
 */
export function noticeVariant(
  input: Pick<NoticeInput, "site" | "acceptLanguage" | "cookies" | "available">,
): string {
  const { site, acceptLanguage, cookies, available } = input
  const russianBanner =
    site.kind === "russian" && !readsRussian(acceptLanguage)
      ? (preferredLanguage(
          acceptLanguage,
          available.filter((code) => code !== "ru"),
        ) ?? "en")
      : ""
  return [
    russianBanner,
    cookies[LANGUAGE_BANNER_COOKIE] ?? "",
    cookies[INTERNATIONAL_NOTICE_COOKIE] ?? "",
  ].join("|")
}

/**
 * Spec §1: on the Russian-language site, a visitor whose browser asks for none of ru, ru-RU, uk, be gets a
 * banner in their own language pointing to the same page in it. Otherwise, visitors of a regional site
 * are offered the international version once, until they close the notice.
 */
export function siteNotices(input: NoticeInput): SiteNotices {
  const { site, origins, path, entry, acceptLanguage, cookies, available, reader } = input
  const writtenIn = (code: string) => !entry || entry.languages.includes(code)
  if (site.kind === "russian" && !readsRussian(acceptLanguage)) {
    if (cookies[LANGUAGE_BANNER_COOKIE] === "dismissed") return {}
    const wanted =
      preferredLanguage(
        acceptLanguage,
        available.filter((code) => code !== "ru"),
      ) ?? "en"
    const language = writtenIn(wanted) ? wanted : "en"
    const texts = input.translations(language, ["common"])
    return {
      languageBanner: {
        language,
        message: text(texts, "notices.languageBanner.message"),
        action: text(texts, "notices.languageBanner.action"),
        dismiss: text(texts, "notices.dismiss"),
        href: canonicalUrl(language, path, origins),
      },
    }
  }
  if (site.kind !== "international" && cookies[INTERNATIONAL_NOTICE_COOKIE] !== "dismissed") {
    const texts = input.translations(input.language, ["common"])
    return {
      internationalNotice: {
        language: input.language,
        message: text(texts, "notices.international.message"),
        action: text(texts, "notices.international.action"),
        dismiss: text(texts, "notices.dismiss"),
        href: origins.international + path,
      },
    }
  }
  // Issue 16: a reader of another language who reached a page not written in it is told so in their language,
  // and that their language setting stays; the link leads back to the home page in it.
  if (isLanguageFallback(reader, input.language, entry)) {
    const texts = input.translations(reader, ["common"])
    return {
      pageLanguageNotice: {
        language: reader,
        message: text(texts, "notices.pageLanguage.message"),
        action: text(texts, "notices.pageLanguage.action"),
        dismiss: text(texts, "notices.dismiss"),
        href: canonicalUrl(reader, "/", origins),
      },
    }
  }
  return {}
}

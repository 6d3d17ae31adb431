import { SITE_LANGUAGES } from "@manyhands/contract/languages"

/** The site's languages (spec §2), declared in the contract. A language is served once `locales/<code>/` exists. */
export { SITE_LANGUAGES }

export const DEFAULT_LANGUAGE = "en"

/**
 * The language of the first accept-language entry that names a language the site has,
 * e.g. "de-AT,de;q=0.9,en;q=0.5" → "de". Undefined when none matches.
 */
export function preferredLanguage(acceptLanguage: string, available: readonly string[]): string | undefined {
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";")
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="))
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, index }
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { tag } of ranked) {
    const language = tag.split("-")[0] ?? ""
    if (available.includes(language)) return language
  }
  return undefined
}

/** Spec §1/§9: the language banner is for visitors whose browser asks for none of these. */
const RUSSIAN_READERS = ["ru", "ru-ru", "uk", "be"]

export function readsRussian(acceptLanguage: string): boolean {
  return acceptLanguage
    .split(",")
    .map((part) => part.split(";")[0]?.trim().toLowerCase() ?? "")
    .some((tag) => RUSSIAN_READERS.includes(tag))
}

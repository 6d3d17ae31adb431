/*
 * The site's languages (spec §2), as the API accepts them: an interface language, the languages of a system
 * message. A language is served once `locales/<code>/` exists.
 */
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
export type SiteLanguage = (typeof SITE_LANGUAGES)[number]

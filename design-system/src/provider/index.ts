export {
  DesignSystemProvider,
  useDesignSystem,
  useMessages,
  useFormatter,
  interpolate,
  type DesignSystemProviderProps,
  type Theme,
} from "./provider"
export { createFormatter, currencyDigits, type Formatter } from "./format"
export { siteLocales, localeNames, isSiteLocale, type SiteLocale } from "./locales"
export { en as englishMessages, type Messages, type MessageKey } from "./messages/en"

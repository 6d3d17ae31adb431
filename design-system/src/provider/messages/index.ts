import type { SiteLocale } from "../locales"
import { de } from "./de"
import { en, type Messages } from "./en"
import { es } from "./es"
import { fr } from "./fr"
import { it } from "./it"
import { ja } from "./ja"
import { ko } from "./ko"
import { pl } from "./pl"
import { pt } from "./pt"
import { ru } from "./ru"
import { th } from "./th"
import { tr } from "./tr"
import { uk } from "./uk"
import { vi } from "./vi"
import { zh } from "./zh"

/** Texts per site language; a language without its own file uses English. */
export const catalog: Partial<Record<SiteLocale, Messages>> = {
  en,
  de,
  es,
  fr,
  it,
  ja,
  ko,
  pl,
  pt,
  ru,
  th,
  tr,
  uk,
  vi,
  zh,
}

export { en, type Messages, type MessageKey } from "./en"
export { de } from "./de"
export { es } from "./es"
export { fr } from "./fr"
export { it } from "./it"
export { ja } from "./ja"
export { ko } from "./ko"
export { pl } from "./pl"
export { pt } from "./pt"
export { ru } from "./ru"
export { th } from "./th"
export { tr } from "./tr"
export { uk } from "./uk"
export { vi } from "./vi"
export { zh } from "./zh"

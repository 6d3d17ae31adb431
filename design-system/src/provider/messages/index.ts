import type { SiteLocale } from "../locales"
import { en, type Messages } from "./en"

/** Texts per site language; a language without its own file uses English. */
export const catalog: Partial<Record<SiteLocale, Messages>> = { en }

export { en, type Messages, type MessageKey } from "./en"

import { describe, expect, it } from "vitest"
import { siteLocales } from "../src/provider/locales"
import { catalog, en } from "../src/provider/messages"

const englishKeys = Object.keys(en).sort()
const slots = (text: string) =>
  [...new Set(Array.from(text.matchAll(/\{(\w+)\}/g), (match) => match[1]))].sort()

describe("built-in texts", () => {
  it.each(siteLocales)("%s is in the catalog", (locale) => {
    expect(catalog[locale]).toBeDefined()
  })

  it.each(siteLocales)("%s has exactly the English keys", (locale) => {
    expect(Object.keys(catalog[locale] ?? {}).sort()).toEqual(englishKeys)
  })

  it.each(siteLocales)("%s has no empty text and keeps every {slot}", (locale) => {
    const messages: Record<string, unknown> = catalog[locale] ?? {}
    for (const [key, english] of Object.entries(en)) {
      const text = messages[key]
      expect(typeof text === "string" && text.trim().length > 0, `${locale} ${key} is empty`).toBe(true)
      expect(slots(text as string), `${locale} ${key}`).toEqual(slots(english))
    }
  })
})

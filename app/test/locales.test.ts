import { describe, expect, it } from "vitest"
import { SITE_LANGUAGES } from "../src/languages"
import { leafKeys, loadLocale, localeLanguages } from "./locales"

describe("translations", () => {
  const english = loadLocale("en")
  const englishKeys = leafKeys(english).sort()

  it("exist for English and Russian, and only for site languages", () => {
    expect(localeLanguages).toEqual(expect.arrayContaining(["en", "ru"]))
    for (const language of localeLanguages) expect(SITE_LANGUAGES).toContain(language)
  })

  it.each(localeLanguages.filter((language) => language !== "en"))(
    "%s has exactly the English keys",
    (language) => {
      expect(leafKeys(loadLocale(language)).sort()).toEqual(englishKeys)
    },
  )

  it.each(localeLanguages)("%s has no empty texts and keeps every {{placeholder}}", (language) => {
    const locale = loadLocale(language)
    const text = (namespaces: Record<string, unknown>, key: string) => {
      const [ns, path] = key.split(":") as [string, string]
      return path
        .split(".")
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], namespaces[ns])
    }
    for (const key of englishKeys) {
      const value = text(locale, key)
      expect(typeof value === "string" && value.trim().length > 0, `${language} ${key}`).toBe(true)
      const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort()
      expect(placeholders(value as string), `${language} ${key}`).toEqual(
        placeholders(text(english, key) as string),
      )
    }
  })
})

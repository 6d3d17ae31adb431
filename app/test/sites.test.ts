import { describe, expect, it } from "vitest"
import { preferredLanguage, readsRussian } from "../src/languages"
import {
  alternateLinks,
  canonicalUrl,
  isOwnHost,
  languageFromPath,
  localizedPath,
  siteForHost,
  type SiteOrigins,
} from "../src/sites"

const origins: SiteOrigins = {
  international: "https://manyhands.dev",
  russian: "https://manyhands.ru",
  chinese: "https://manyhands.cn",
}
const available = ["en", "de", "ru", "zh"]
const international = siteForHost("manyhands.dev", origins)
const russian = siteForHost("manyhands.ru:443", origins)
const chinese = siteForHost("MANYHANDS.CN", origins)

describe("siteForHost", () => {
  it("knows the three hosts by name, with or without a port, and sends any other host to the international site", () => {
    expect(international).toEqual({
      kind: "international",
      origin: origins.international,
      defaultLanguage: "en",
    })
    expect(russian).toMatchObject({ kind: "russian", defaultLanguage: "ru" })
    expect(chinese).toMatchObject({ kind: "chinese", defaultLanguage: "zh" })
    expect(siteForHost("127.0.0.1:3000", origins).kind).toBe("international")
  })
})

describe("languageFromPath", () => {
  it.each([
    [international, "/", "", { language: "en", basename: "" }],
    [international, "/about", "", { language: "en", basename: "" }],
    [international, "/ru", "", { language: "ru", basename: "/ru" }],
    [international, "/de/about", "", { language: "de", basename: "/de" }],
    [international, "/rules", "", { language: "en", basename: "" }],
    [international, "/xx/about", "", { language: "en", basename: "" }], // not a site language: unknown path
    [international, "/en/about", "?a=1", { language: "en", basename: "", redirectTo: "/about?a=1" }],
    [international, "/en", "", { language: "en", basename: "", redirectTo: "/" }],
    // The regional sites speak one language, unprefixed; their own prefix is dropped, others are unknown paths.
    [russian, "/about", "", { language: "ru", basename: "" }],
    [russian, "/ru/about", "", { language: "ru", basename: "", redirectTo: "/about" }],
    [russian, "/de/about", "", { language: "ru", basename: "" }],
    [chinese, "/about", "", { language: "zh", basename: "" }],
  ])("%#: %s%s", (site, pathname, search, expected) => {
    expect(languageFromPath(pathname, search, site, available)).toEqual(expected)
  })
})

describe("addresses", () => {
  it("prefixes every language but the site's own", () => {
    expect(localizedPath("en", "/about", international)).toBe("/about")
    expect(localizedPath("ru", "/about", international)).toBe("/ru/about")
    expect(localizedPath("ru", "/", international)).toBe("/ru")
    expect(localizedPath("ru", "/about", russian)).toBe("/about")
  })

  it("canonicalises Russian to the Russian site and Chinese to the international /zh path", () => {
    expect(canonicalUrl("en", "/about", origins)).toBe("https://manyhands.dev/about")
    expect(canonicalUrl("de", "/", origins)).toBe("https://manyhands.dev/de")
    expect(canonicalUrl("ru", "/about", origins)).toBe("https://manyhands.ru/about")
    expect(canonicalUrl("zh", "/about", origins)).toBe("https://manyhands.dev/zh/about")
  })

  it("lists an alternate per language and x-default for the English page", () => {
    expect(alternateLinks("/jobs", ["en", "ru", "zh"], origins)).toEqual([
      { hrefLang: "en", href: "https://manyhands.dev/jobs" },
      { hrefLang: "ru", href: "https://manyhands.ru/jobs" },
      { hrefLang: "zh", href: "https://manyhands.dev/zh/jobs" },
      { hrefLang: "x-default", href: "https://manyhands.dev/jobs" },
    ])
    expect(alternateLinks("/x", ["ru"], origins).map((link) => link.hrefLang)).toEqual(["ru"])
  })

  it("recognises its own hosts", () => {
    expect(isOwnHost("manyhands.ru", origins)).toBe(true)
    expect(isOwnHost("google.com", origins)).toBe(false)
  })
})

describe("accept-language", () => {
  it("picks the highest-ranked language the site has", () => {
    expect(preferredLanguage("de-AT,de;q=0.9,en;q=0.5", available)).toBe("de")
    expect(preferredLanguage("fr-FR,en;q=0.8,de;q=0.9", available)).toBe("de")
    expect(preferredLanguage("fr", available)).toBeUndefined()
    expect(preferredLanguage("de;q=0, en", available)).toBe("en")
  })

  it("spots readers of Russian by ru, ru-RU, uk and be only", () => {
    expect(readsRussian("ru-RU,ru;q=0.9")).toBe(true)
    expect(readsRussian("en-US,uk;q=0.5")).toBe(true)
    expect(readsRussian("BE")).toBe(true)
    expect(readsRussian("en-US,en;q=0.9")).toBe(false)
    expect(readsRussian("ru-UA")).toBe(false)
    expect(readsRussian("")).toBe(false)
  })
})

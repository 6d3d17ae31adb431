import { describe, expect, it } from "vitest"
import { isLanguageFallback, languageAfterVisit, readerLanguage } from "../src/reader-language"

const international = { kind: "international" as const }
const available = ["en", "de", "ru", "zh"]
const landing = { languages: ["en", "ru", "zh"] }
const everywhere = { languages: available }

describe("the reader's language", () => {
  it("is the account's, else the visitor's cookie, on a page not written in it; else the page's", () => {
    const base = { site: international, pageLanguage: "en", entry: landing, available }
    expect(readerLanguage({ ...base, stored: "de", cookie: "zh" })).toBe("de")
    expect(readerLanguage({ ...base, stored: undefined, cookie: "de" })).toBe("de")
    expect(readerLanguage({ ...base, stored: undefined, cookie: "xx" })).toBe("en")
    expect(readerLanguage({ ...base, stored: "pt", cookie: undefined })).toBe("en")
    // Written in the stored language too: the reader chose this page's language.
    expect(readerLanguage({ ...base, entry: everywhere, stored: "de", cookie: undefined })).toBe("en")
    // The landing page is in Chinese as well: a Chinese reader reads Chinese there.
    expect(readerLanguage({ ...base, stored: "zh", cookie: undefined })).toBe("en")
    expect(
      readerLanguage({ ...base, site: { kind: "russian" }, pageLanguage: "ru", stored: "de", cookie: "de" }),
    ).toBe("ru")
  })

  it("follows the page's language, but not onto a page shown in English for want of the reader's", () => {
    // A German reader on an English-only landing page stays German.
    expect(languageAfterVisit({ stored: "de", pageLanguage: "en", entry: landing })).toBeUndefined()
    // They chose English where German was on offer, or Russian on a page written in both: it changes.
    expect(languageAfterVisit({ stored: "de", pageLanguage: "en", entry: everywhere })).toBe("en")
    expect(languageAfterVisit({ stored: "en", pageLanguage: "ru", entry: landing })).toBe("ru")
    // Russian is never a fallback: a German reader who opens the Russian page chose Russian.
    expect(languageAfterVisit({ stored: "de", pageLanguage: "ru", entry: landing })).toBe("ru")
    // A first visit stores the page's language; the same language and the 404 page change nothing.
    expect(languageAfterVisit({ stored: undefined, pageLanguage: "de", entry: everywhere })).toBe("de")
    expect(languageAfterVisit({ stored: "de", pageLanguage: "de", entry: everywhere })).toBeUndefined()
    expect(
      languageAfterVisit({ stored: "en", pageLanguage: "de", entry: { ...everywhere, status: 404 } }),
    ).toBe(undefined)
    expect(languageAfterVisit({ stored: "en", pageLanguage: "de", entry: undefined })).toBeUndefined()
  })

  it("names the pages shown in another language only because they lack the reader's", () => {
    expect(isLanguageFallback("de", "en", landing)).toBe(true)
    expect(isLanguageFallback("de", "en", everywhere)).toBe(false)
    expect(isLanguageFallback("en", "en", landing)).toBe(false)
    expect(isLanguageFallback("de", "ru", landing)).toBe(false)
    expect(isLanguageFallback("de", "en", { ...landing, status: 404 })).toBe(false)
  })
})

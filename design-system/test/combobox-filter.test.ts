import { describe, expect, it } from "vitest"
import { filterOptions, matchesQuery, matchRange, normalizeText } from "../src/combobox/filter"

const languages = [
  { value: "en", label: "English" },
  { value: "es", label: "Español" },
  { value: "pt-BR", label: "Português (Brasil)" },
  { value: "tr", label: "Türkçe" },
  { value: "ja", label: "日本語" },
]

describe("normalizeText", () => {
  it("folds case, accents and surrounding spaces", () => {
    expect(normalizeText("  Português ")).toBe("portugues")
    expect(normalizeText("TÜRKÇE")).toBe("turkce")
  })
})

describe("filterOptions", () => {
  it("keeps every option, in order, for an empty or blank query", () => {
    expect(filterOptions(languages, "")).toEqual(languages)
    expect(filterOptions(languages, "   ")).toEqual(languages)
  })

  it("matches anywhere in the label, ignoring case and accents", () => {
    expect(filterOptions(languages, "ESP").map((o) => o.value)).toEqual(["es"])
    expect(filterOptions(languages, "portugues").map((o) => o.value)).toEqual(["pt-BR"])
    expect(filterOptions(languages, "turk").map((o) => o.value)).toEqual(["tr"])
    expect(filterOptions(languages, "brasil").map((o) => o.value)).toEqual(["pt-BR"])
    expect(filterOptions(languages, "本").map((o) => o.value)).toEqual(["ja"])
  })

  it("returns nothing when nothing matches", () => {
    expect(filterOptions(languages, "Klingon")).toEqual([])
  })
})

describe("matchesQuery", () => {
  it("is the predicate behind filterOptions", () => {
    expect(matchesQuery("reCAPTCHA v2", "captcha")).toBe(true)
    expect(matchesQuery("hCaptcha", "recaptcha")).toBe(false)
    expect(matchesQuery("anything", "")).toBe(true)
  })
})

describe("matchRange", () => {
  it("finds the matched part of the label for highlighting", () => {
    expect(matchRange("Português (Brasil)", "tugu")).toEqual([3, 7])
    expect(matchRange("reCAPTCHA v3", "CAPTCHA")).toEqual([2, 9])
  })

  it("is null without a match or query", () => {
    expect(matchRange("English", "xyz")).toBeNull()
    expect(matchRange("English", " ")).toBeNull()
  })
})

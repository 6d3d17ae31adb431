import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { SITE_LANGUAGES } from "../src/languages"
import { isRedirect, routeTable } from "../src/route-table"
import { leafKeys, loadLocale, localeLanguages, localesDir } from "./locales"

/** Each language's files, read once for all its tests (read per test, they took a minute and a half). */
const loaded = new Map<string, ReturnType<typeof loadLocale>>()
const localeOf = (language: string) => {
  if (!loaded.has(language)) loaded.set(language, loadLocale(language))
  return loaded.get(language)!
}
const english = localeOf("en")

/** Every (language, namespace) a routed page needs: the shell's common plus the page's own namespaces. */
const required = new Map<string, Set<string>>()
for (const entry of routeTable) {
  if (isRedirect(entry)) continue
  for (const language of entry.languages) {
    const set = required.get(language) ?? new Set<string>()
    for (const ns of ["common", ...entry.namespaces]) set.add(ns)
    required.set(language, set)
  }
}
// The server writes account mails in the reader's interface language, and articles' callout titles (content)
// in the article's language: any of the 15.
for (const language of SITE_LANGUAGES) {
  const set = required.get(language) ?? new Set<string>()
  set.add("mail")
  set.add("content")
  required.set(language, set)
}
const pairs = [...required].flatMap(([language, set]) => [...set].map((ns) => [language, ns] as const)).sort()
const translatedPairs = pairs.filter(([language]) => language !== "en")

const valueAt = (tree: unknown, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree)

/** English values a namespace may keep unchanged in every language: brand names, code, formats. */
function sameAsEnglish(ns: string): Set<string> {
  const file = join(localesDir, "same-as-english", `${ns}.json`)
  return new Set(existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as string[]) : [])
}

const placeholders = (text: string) =>
  (text.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((p) => p.replace(/\s/g, "")).sort()
const tags = (text: string) => (text.match(/<\/?\w+\s*\/?>/g) ?? []).sort()
/** Nothing to translate: numbers, punctuation, an address or a URL. */
const languageNeutral = (text: string) =>
  !/\p{L}/u.test(text) || /^(https?:\/\/|mailto:|\/)\S*$/.test(text) || /^\S+@\S+\.\S+$/.test(text)

const PLURAL = /_(zero|one|two|few|many|other)$/

/**
 * The keys a language's file must have: English's, with each plural group (i18next's `key_one`, `key_other`, …)
 * in the language's own plural categories (Russian needs `_few` and `_many`). English's forms are also allowed.
 */
function expectedKeys(language: string, englishKeys: string[]) {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories
  const required = new Set<string>()
  for (const key of englishKeys)
    if (PLURAL.test(key)) for (const category of categories) required.add(key.replace(PLURAL, `_${category}`))
    else required.add(key)
  return { required, allowed: new Set([...required, ...englishKeys]) }
}

describe("translations", () => {
  it("exist only for site languages, and the shell (common) exists in all 15", () => {
    for (const language of localeLanguages) expect(SITE_LANGUAGES).toContain(language)
    for (const language of SITE_LANGUAGES)
      expect(existsSync(join(localesDir, language, "common.json")), `${language}/common.json`).toBe(true)
  })

  it.each(pairs)("%s/%s exists, complete, with no empty text", (language, ns) => {
    const texts = localeOf(language)[ns]
    expect(texts, `locales/${language}/${ns}.json`).toBeDefined()
    const keys = leafKeys({ [ns]: texts }).sort()
    const { required, allowed } = expectedKeys(language, leafKeys({ [ns]: english[ns] }))
    expect(keys.filter((key) => !allowed.has(key))).toEqual([])
    const present = new Set(keys)
    expect([...required].filter((key) => !present.has(key)).sort()).toEqual([])
    for (const key of keys) {
      const value = valueAt(texts, key.split(":")[1] as string)
      expect(typeof value === "string" && value.trim().length > 0, `${language} ${key}`).toBe(true)
    }
  })

  it.each(translatedPairs)(
    "%s/%s is translated: placeholders and tags kept, no copy of the English",
    (language, ns) => {
      const texts = localeOf(language)[ns] ?? {}
      const allowed = sameAsEnglish(ns)
      const copies: string[] = []
      for (const key of leafKeys({ [ns]: english[ns] })) {
        const path = key.split(":")[1] as string
        const source = valueAt(english[ns], path) as string
        const value = valueAt(texts, path)
        if (typeof value !== "string") continue // reported by the completeness test
        expect(placeholders(value), `${language} ${key}`).toEqual(placeholders(source))
        expect(tags(value), `${language} ${key}`).toEqual(tags(source))
        if (value === source && !allowed.has(source) && !languageNeutral(source))
          copies.push(`${key} = ${JSON.stringify(value)}`)
      }
      expect(copies, `values copied from English in ${language}/${ns}`).toEqual([])
    },
  )

  it("same-as-english lists name only values that exist in English", () => {
    for (const ns of Object.keys(english)) {
      const values = new Set(
        leafKeys({ [ns]: english[ns] }).map((key) => valueAt(english[ns], key.split(":")[1] as string)),
      )
      for (const value of sameAsEnglish(ns))
        expect(values.has(value), `same-as-english/${ns}: ${value}`).toBe(true)
    }
  })
})

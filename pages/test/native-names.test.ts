/* The languages' own names on /cabinet/editlang (pages/src/worker/languages/native-names.ts). */
import { describe, expect, it } from "vitest"
import { TASK_LANGUAGES } from "@manyhands/contract/captcha"
import { NATIVE_LANGUAGE_NAMES, nativeLanguageName } from "../src/worker/languages/native-names"

/** Where the table says it otherwise than the common locale data (Node's full ICU), and why. */
const OWN_WORDING: Record<string, string> = {
  // "Indonesia" and "Melayu" alone read as a country and a people; language lists say "Bahasa …".
  id: "Bahasa Indonesia",
  ms: "Bahasa Melayu",
  // Georgian is not capitalised (ICU's upper case gives the all-capitals Mtavruli letter).
  ka: "ქართული",
}

describe("the languages' own names", () => {
  it("names every language a worker may choose, and nothing else", () => {
    for (const code of TASK_LANGUAGES) expect(nativeLanguageName(code), code).toBeTruthy()
    expect(Object.keys(NATIVE_LANGUAGE_NAMES).sort()).toEqual([...TASK_LANGUAGES].sort())
  })

  it("says what the locale data says, with a capital where the script has one", () => {
    for (const code of TASK_LANGUAGES) {
      const own = new Intl.DisplayNames([code], { type: "language" }).of(code)!
      const expected = OWN_WORDING[code] ?? own.charAt(0).toLocaleUpperCase(code) + own.slice(1)
      expect(NATIVE_LANGUAGE_NAMES[code], code).toBe(expected)
    }
  })

  it("is unknown for a code outside the table", () => {
    expect(nativeLanguageName("xx")).toBeNull()
  })
})

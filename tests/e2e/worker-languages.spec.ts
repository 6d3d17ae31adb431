import { expect, test } from "./fixtures"
import { hydrated, signIn, watchConsole } from "./helpers"

/** The font of the page's stack meant for each script (Inter's own, then the system's for the rest). */
const SCRIPT_FONTS: [RegExp, string][] = [
  [/[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]/u, "Inter Variable"],
  [/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u, "Noto Sans CJK SC"],
  [/\p{Script=Thai}/u, "Noto Sans Thai"],
  [/\p{Script=Arabic}/u, "Noto Sans Arabic"],
  [/\p{Script=Hebrew}/u, "Noto Sans Hebrew"],
  [/\p{Script=Devanagari}/u, "Noto Sans Devanagari"],
  [/\p{Script=Bengali}/u, "Noto Sans Bengali"],
  [/\p{Script=Gurmukhi}/u, "Noto Sans Gurmukhi"],
  [/\p{Script=Telugu}/u, "Noto Sans Telugu"],
  [/\p{Script=Malayalam}/u, "Noto Sans Malayalam"],
  [/\p{Script=Myanmar}/u, "Noto Sans Myanmar"],
  [/\p{Script=Georgian}/u, "Noto Sans Georgian"],
  [/\p{Script=Armenian}/u, "Noto Sans Armenian"],
]

test("the worker's languages page hydrates without warnings and names every language in itself", async ({
  page,
}) => {
  await signIn(page, "worker@demo.manyhands.dev")
  const problems = watchConsole(page)
  await page.goto("/cabinet/editlang")
  await hydrated(page)
  const languages = page.getByRole("group", { name: "Languages", exact: true })
  await expect(languages.getByRole("checkbox")).not.toHaveCount(0)

  // Each language's own name is under its name in the page's language, in that language (the browser picks a
  // font for its script by it). English and Filipino are called the same in English: said once.
  const box = (name: string) => languages.locator("li").filter({ has: page.getByRole("checkbox", { name }) })
  for (const [name, native, code] of [
    ["Burmese", "မြန်မာ", "my"],
    ["Georgian", "ქართული", "ka"],
    ["Armenian", "Հայերեն", "hy"],
    ["Belarusian", "Беларуская", "be"],
    ["Nepali", "नेपाली", "ne"],
    ["Macedonian", "Македонски", "mk"],
    ["Hindi", "हिन्दी", "hi"],
    ["Japanese", "日本語", "ja"],
  ] as const)
    await expect(box(name).locator(`[lang="${code}"]`)).toHaveText(native)
  const items = languages.locator("li")
  const withNative = items.filter({ has: page.locator("[lang]") })
  await expect(withNative).toHaveCount((await items.count()) - 2)
  await expect(box("English").locator("[lang]")).toHaveCount(0)
  await expect(box("Filipino").locator("[lang]")).toHaveCount(0)

  // Every letter of the own names has a font of its script in the stack the names are set in.
  const shown = await withNative
    .locator("[lang]")
    .evaluateAll((spans) => spans.map((span) => [span.textContent!, getComputedStyle(span).fontFamily]))
  for (const [text, stack] of shown) {
    const families = stack!.split(",").map((family) => family.trim().replace(/^"|"$/g, ""))
    for (const letter of text!.match(/\p{L}/gu)!) {
      const font = SCRIPT_FONTS.find(([script]) => script.test(letter))?.[1]
      expect(font, `a font for "${letter}" of ${text}`).toBeDefined()
      expect(families, `the fonts of ${text}`).toContain(font)
    }
  }

  // The scripts systems often lack a font for come with the site (app/src/fonts.css): each one's face loads.
  for (const [script, letter] of [
    ["Devanagari", "ह"],
    ["Bengali", "ব"],
    ["Gurmukhi", "ਪ"],
    ["Telugu", "త"],
    ["Malayalam", "മ"],
    ["Myanmar", "မ"],
    ["Georgian", "ქ"],
    ["Armenian", "Հ"],
    ["Arabic", "ع"],
    ["Hebrew", "ע"],
  ]) {
    const loaded = await page.evaluate(
      async ([family, sample]) =>
        (await document.fonts.load(`400 16px "${family}"`, sample)).map((face) => face.status),
      [`Noto Sans ${script}`, letter] as const,
    )
    expect(loaded, `the site's ${script} font`).toEqual(["loaded"])
  }

  expect(problems).toEqual([])
})

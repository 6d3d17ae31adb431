import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { measureCss, measureJs, typicalScreen } from "../scripts/measure.mjs"

// What the package costs an app, measured from the sources the way scripts/size.mjs measures the build: esbuild,
// minified, React left out, gzip level 9. The bytes are deterministic, so each figure is held to a budget.
//
// A ratchet towards the aims: a figure that meets its aim is held to the aim; one that does not yet is held to what
// it measured when its budget was set plus at most 1 KB of room, rounded up to 0.5 KB (1 KB = 1024 bytes, gzip).
// Budgets only go down: when a change makes a figure smaller, lower its budget the same way (the table says when);
// never raise one to let a change through.
const BUDGETS_KB = {
  /** Every export with its dependencies; aim ≤ 70 KB. */
  package: 115,
  /** `Button` alone; aim ≤ 6 KB. */
  button: 6,
  /** The 11 imports of a typical cabinet screen (scripts/measure.mjs); aim ≤ 40 KB. */
  screen: 40,
  /** dist/styles.css, the precompiled CSS (fonts are separate files); aim ≤ 30 KB, met. */
  css: 30,
}
const AIMS_KB = { package: 70, button: 6, screen: 40, css: 30 }
const LABELS = {
  package: "whole package JS",
  button: "Button JS",
  screen: `typical screen JS (${typicalScreen.length} imports)`,
  css: "CSS (dist/styles.css)",
}
type Figure = keyof typeof BUDGETS_KB

/** A figure's budget when it is set: its aim if met, else the gzip bytes plus 1 KB, rounded up to 0.5 KB. */
const budgetFor = (bytes: number, aim: number) =>
  bytes <= aim * 1024 ? aim : Math.ceil((bytes + 1024) / 512) / 2
const kb2 = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`

const entry = fileURLToPath(new URL("../src/index.ts", import.meta.url))
const cssFile = fileURLToPath(new URL("../dist/styles.css", import.meta.url))

describe("package size", () => {
  it("stays within each figure's budget", async () => {
    const measured: Partial<Record<Figure, number>> = {
      package: (await measureJs(entry)).gzip,
      button: (await measureJs(entry, ["Button"])).gzip,
      screen: (await measureJs(entry, typicalScreen)).gzip,
    }
    // The CSS is compiled by scripts/build-css.mjs (part of `pnpm build`), which this test does not run.
    const css = measureCss(cssFile)
    if (css) measured.css = css.gzip

    const figures = Object.keys(BUDGETS_KB) as Figure[]
    const rows = figures.map((figure) => {
      const bytes = measured[figure]
      const budget = BUDGETS_KB[figure]
      const lower =
        bytes !== undefined && budgetFor(bytes, AIMS_KB[figure]) < budget
          ? budgetFor(bytes, AIMS_KB[figure])
          : undefined
      return [
        LABELS[figure].padEnd(34),
        (bytes === undefined ? "not built" : kb2(bytes)).padStart(10),
        `${budget.toFixed(1)} KB`.padStart(9),
        `${AIMS_KB[figure]} KB`.padStart(7),
        // The figure went down since the budget was set: lower the budget.
        lower === undefined ? "" : `  lower the budget to ${lower.toFixed(1)} KB`,
      ]
        .join(" ")
        .trimEnd()
    })
    console.log(
      [
        `${"figure (gzip)".padEnd(34)} ${"measured".padStart(10)} ${"budget".padStart(9)} ${"aim".padStart(7)}`,
        ...rows,
      ].join("\n"),
    )
    if (!css)
      console.log(
        "size budget: dist/styles.css is not built, so the CSS figure was not measured; run `pnpm build` in design-system/.",
      )

    for (const figure of figures) {
      const bytes = measured[figure]
      if (bytes === undefined) continue
      expect
        .soft(bytes, `${LABELS[figure]} is ${kb2(bytes)} gzip, over its budget of ${BUDGETS_KB[figure]} KB`)
        .toBeLessThanOrEqual(BUDGETS_KB[figure] * 1024)
    }
  })
})

import { expect, test } from "./fixtures"
import { pagesOf, PHONE, signIn, tooWide } from "./helpers"

// A visitor's and an administrator's pages on a 360 px phone; a customer's and a worker's are measured on the server
// as `npm start` runs it (as-npm-start.spec.ts).
for (const { who, paths } of [
  { who: null, paths: pagesOf.visitor },
  { who: "admin@demo.manyhands.dev", paths: pagesOf.admin },
]) {
  test(`no page scrolls sideways on a 360 px phone, seen by ${who ?? "a visitor"}`, async ({ page }) => {
    // About 100 pages loaded and measured one after the other: 90 s on a quiet two-core machine, over 180 s while
    // the checks and the code samples ran beside it.
    test.setTimeout(480_000)
    const started = Date.now()
    if (who) await signIn(page, who)
    const wide = await tooWide(page, paths, PHONE)
    console.log(
      `${who ?? "visitor"}: ${paths.length} pages in ${Math.round((Date.now() - started) / 1000)} s`,
    )
    expect(wide, `Pages wider than the window, or content out of its card:\n${wide.join("\n")}`).toEqual([])
  })
}

import { expect, test } from "./fixtures"
import { allPages, brokenLinks, pagesOf, signedInCrawl, signIn } from "./helpers"

// Each page as a visitor and an admin sees it: the page answers (never 404), and so does every internal link on it.
// Pages that need another account type or role answer with a redirect, never a 404. A customer and a worker check
// the same on the server as `npm start` runs it (as-npm-start.spec.ts). Links to public pages answer alike for
// everyone: the visitor's crawl reads and asks them all; the signed-in crawls read the pages that are not public and
// the home page, and ask the links only a signed-in reader has. Each page's language switcher (the page in up to 14
// other languages) is asked one language at a time, the next one from page to page: every language is asked on a
// dozen pages or more, and the visitor's crawl asks 479 addresses instead of 716 (160 s in a full run).
const publicPages = new Set(pagesOf.visitor)
for (const who of [null, "admin@demo.manyhands.dev"]) {
  test(`every internal link of every page answers, seen by ${who ?? "a visitor"}`, async ({ page }) => {
    // Some 190 pages and each of their links, one request at a time: an admin's crawl took over 4 minutes on a busy
    // two-core machine once the support pages came (before it left the public pages' switchers to the visitor's).
    test.setTimeout(480_000)
    if (who) await signIn(page, who)
    const pages = who ? signedInCrawl : allPages
    const { broken, checked } = await brokenLinks(page, pages, {
      // The admin asks each signed-in page in one other language (in turn): the same route in 15 languages took
      // 1,100 of its 1,300 requests and four minutes. The visitor asks the public pages so.
      switcher: who ? (path) => (publicPages.has(path) ? false : "one") : "one",
      publicLinks: !who,
    })
    console.log(`${who ?? "visitor"}: ${pages.length} pages, ${checked} addresses checked`)
    expect(broken).toEqual([])
  })
}

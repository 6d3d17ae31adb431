import { expect, test } from "./fixtures"
import { hydrated } from "./helpers"

// The product's own articles (server/content, loaded at start) as a visitor finds them: the blog list, an article
// with its contents and language links, a stemmed search on the Russian site, the feeds and the sitemap.

const base = new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000")
const international = base.origin
const russian = `http://ru.localhost:${base.port}`

test("a visitor reads the blog, finds an article in Russian by a word form, and its feeds and sitemap list it", async ({
  page,
  request,
}) => {
  await page.goto("/blog")
  await hydrated(page)
  await expect(page.getByRole("heading", { level: 1, name: "The Manyhands blog" })).toBeVisible()
  await expect(page.getByRole("status")).toHaveText(/^\d+ articles$/)
  await page.getByRole("link", { name: "Pingbacks or polling: how to get your answers" }).click()

  await expect(page).toHaveURL(`${international}/blog/pingbacks-vs-polling`)
  await expect(
    page.getByRole("heading", { level: 1, name: "Pingbacks or polling: how to get your answers" }),
  ).toBeVisible()
  await expect(page).toHaveTitle("Pingbacks or polling: how to get your answers — Manyhands")
  // The contents lead to the sections.
  const contents = page.getByRole("navigation", { name: "Contents" })
  const firstSection = contents.getByRole("link").first()
  const anchor = await firstSection.getAttribute("href")
  await firstSection.click()
  await expect(page).toHaveURL(new RegExp(`${anchor}$`))
  await expect(page.locator(anchor!)).toBeInViewport()

  // The server's head: canonical and one alternate per language the article is written in.
  const html = await (await request.get("/blog/pingbacks-vs-polling")).text()
  expect(html).toContain(`<link rel="canonical" href="${international}/blog/pingbacks-vs-polling">`)
  expect(html).toContain(`<link rel="alternate" hreflang="ru" href="${russian}/blog/pingbacks-vs-polling">`)
  expect(html.match(/hreflang="/g)).toHaveLength(3)

  // On the Russian site, two letters are not a search; "опроса" finds the article about "опрос" (stemmed).
  await page.goto(`${russian}/blog`)
  await hydrated(page)
  await expect(page.getByRole("heading", { level: 1, name: "Блог Manyhands" })).toBeVisible()
  const search = page.getByRole("searchbox", { name: "Поиск по статьям" })
  await search.fill("оп")
  // (The list's count is a status; so is the site's language notice above it.)
  await expect(
    page.getByRole("status").filter({ hasText: "Для поиска введите не меньше 3 символов." }),
  ).toBeVisible()
  await search.fill("опроса")
  await search.press("Enter")
  await expect(page).toHaveURL(`${russian}/blog?q=%D0%BE%D0%BF%D1%80%D0%BE%D1%81%D0%B0`)
  await expect(page.getByRole("status").filter({ hasText: "По запросу «опроса» найдено" })).toBeVisible()
  const cards = page.getByRole("article")
  await expect(cards.first()).toContainText("Pingback или опрос: как получать ответы")
  await cards.first().getByRole("link").click()
  await expect(
    page.getByRole("heading", { level: 1, name: "Pingback или опрос: как получать ответы" }),
  ).toBeVisible()
  await expect(page.locator("article[lang=ru]")).toBeVisible()

  // Feeds in each site's language, and the sitemaps with each translation on its own site.
  const rss = await request.get("/blog/rss.xml")
  expect(rss.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8")
  expect(await rss.text()).toContain(`<link>${international}/blog/pingbacks-vs-polling</link>`)
  // (Node does not resolve *.localhost as browsers do: the Russian site is asked by its Host header.)
  const onRussianSite = { headers: { host: new URL(russian).host } }
  const atom = await request.get("/blog/atom.xml", onRussianSite)
  expect(await atom.text()).toContain("<title>Pingback или опрос: как получать ответы</title>")
  expect(await (await request.get("/sitemap.xml")).text()).toContain(
    `<loc>${international}/blog/pingbacks-vs-polling</loc>`,
  )
  expect(await (await request.get("/sitemap.xml", onRussianSite)).text()).toContain(
    `<loc>${russian}/blog/pingbacks-vs-polling</loc>`,
  )

  // The old articles of spec §2 in one language only: asked for on the other site, the page goes to its own.
  await page.goto("/blog/vyplaty-rabotnikam")
  await expect(page).toHaveURL(`${russian}/blog/vyplaty-rabotnikam`)
  await hydrated(page)
  await expect(page.locator("article[lang=ru]")).toBeVisible()
  await page.goto(`${russian}/blog/reading-an-api-error`)
  await expect(page).toHaveURL(`${international}/blog/reading-an-api-error`)
  const englishOnly = await request.get("/blog/reading-an-api-error")
  expect((await englishOnly.text()).match(/hreflang="/g)).toHaveLength(2)

  // An address without an article is not found, for people and search engines.
  const missing = await request.get("/h/no-such-tutorial")
  expect(missing.status()).toBe(404)
  expect(await missing.text()).toContain('<meta name="robots" content="noindex">')
})

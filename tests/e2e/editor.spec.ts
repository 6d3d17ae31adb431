import { expect, test } from "./fixtures"
import { hydrated, signIn, watchConsole } from "./helpers"

// A moderator writes a blog article in the editors' pages (live preview by the server's renderer, autosaved
// drafts, a picture uploaded and re-encoded), schedules both translations a few seconds ahead, and the article
// appears at its time in the list, the feed and the sitemap; a visitor of the Russian site finds it by a word form.

const base = new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000")
const russian = `http://ru.localhost:${base.port}`

test("a moderator writes an article with a picture, previews and schedules it; it goes public at its time", async ({
  page,
  request,
}) => {
  test.setTimeout(200_000)
  const problems = watchConsole(page)
  const run = Date.now().toString(36)
  const title = `Scheduling articles with Manyhands ${run}`
  const russianTitle = `Публикация статей по расписанию ${run}`

  await signIn(page, "moderator@demo.manyhands.dev")
  await page.goto("/editor/blog")
  await hydrated(page)
  await expect(page.getByRole("heading", { level: 1, name: "Blog articles" })).toBeVisible()
  await page.getByRole("link", { name: "New article" }).click()

  await page.getByRole("textbox", { name: "Title", exact: true }).fill(title)
  await page.getByRole("textbox", { name: /^Tags/ }).fill("scheduling, api")
  await page.getByRole("button", { name: "Create and edit" }).click()
  await expect(page).toHaveURL(
    /\/editor\/blog\/scheduling-articles-with-manyhands-[a-z0-9]+\/edit\?language=en$/,
  )
  const key = new URL(page.url()).pathname.split("/")[3]!

  // The text: the preview is the server's renderer (heading anchors, a callout), and the draft saves itself.
  const text = page.getByRole("textbox", { name: /^Text/ })
  await text.fill(
    "Plan a release of your captcha guide ahead of time.\n\n## Why a schedule\n\n> [!TIP]\n> Pick a quiet hour.\n",
  )
  const preview = page.getByRole("region", { name: "Preview" })
  await expect(preview.locator("h2#why-a-schedule")).toHaveText("Why a schedule")
  await expect(preview.getByRole("note")).toContainText("Pick a quiet hour.")
  await expect(page.getByText(/^Saved /)).toBeVisible()

  // A picture: uploaded with its description, re-encoded by the server, put into the text where the cursor is.
  await page.getByRole("textbox", { name: "Description of the next picture" }).fill("A calendar of releases")
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 180 } })
  await page
    .getByLabel("Picture", { exact: true })
    .setInputFiles({ name: "calendar.png", mimeType: "image/png", buffer: png })
  await expect(page.getByText("calendar.png is uploaded")).toBeVisible()
  await text.press("ControlOrMeta+End")
  await page.getByRole("button", { name: "Insert into the text" }).first().click()
  await expect(text).toHaveValue(/!\[A calendar of releases\]\(\/media\/\d+\/[0-9a-f]{16}-320\.webp\)/)
  const picture = preview.getByRole("img", { name: "A calendar of releases" })
  await expect(picture).toBeVisible()
  const src = (await picture.getAttribute("src"))!
  const served = await request.get(src)
  expect(served.headers()["content-type"]).toBe("image/webp")
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable")
  await expect(page.getByText(/^Saved /)).toBeVisible()

  // The Russian translation, written on its own tab; it saves itself too.
  await page.getByRole("tab", { name: /Russian/ }).click()
  const ruPanel = page.getByRole("tabpanel", { name: /Russian/ })
  await ruPanel.getByRole("textbox", { name: "Title", exact: true }).fill(russianTitle)
  await ruPanel
    .getByRole("textbox", { name: /^Text/ })
    .fill("Статью о капче можно выпустить по расписанию, в спокойный час.\n")
  await expect(ruPanel.getByText(/^Saved /)).toBeVisible()

  // Both translations scheduled a few seconds ahead, in the editor's own time.
  await page.getByRole("link", { name: "Publishing and history" }).click()
  await expect(page).toHaveURL(`${base.origin}/editor/blog/${key}`)
  const at = await page.evaluate(() => {
    const when = new Date(Date.now() + 15_000)
    const pad = (n: number) => String(n).padStart(2, "0")
    return (
      `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T` +
      `${pad(when.getHours())}:${pad(when.getMinutes())}:${pad(when.getSeconds())}`
    )
  })
  for (const language of ["English", "Russian"]) {
    const card = page.getByRole("region", { name: language })
    await card.getByLabel(/^Publish at/).fill(at)
    await card.getByRole("button", { name: "Schedule" }).click()
    await expect(page.getByText(`The ${language} version goes public on`, { exact: false })).toBeVisible()
    await expect(card.getByText("Scheduled", { exact: true })).toBeVisible()
  }
  const history = page.getByRole("region", { name: "History" })
  // The empty first draft, then each autosave that changed the text; the Russian translation's own.
  await expect(history.getByRole("listitem").filter({ hasText: russianTitle })).toHaveCount(1)
  expect(await history.getByRole("listitem").filter({ hasText: title }).count()).toBeGreaterThanOrEqual(2)

  // Not public before its time; then in the list, the feed and the sitemap.
  const slug = key
  expect((await request.get(`/blog/${slug}`)).status()).toBe(404)
  await expect
    .poll(async () => (await request.get(`/api/v1/articles/by-slug/${slug}`)).status(), {
      timeout: 45_000,
      intervals: [1000],
    })
    .toBe(200)
  await page.goto("/blog?sort=newest")
  await hydrated(page)
  await expect(page.getByRole("article").first()).toContainText(title)
  expect(await (await request.get("/blog/rss.xml")).text()).toContain(`<title>${title}</title>`)
  expect(await (await request.get("/sitemap.xml")).text()).toContain(`<loc>${base.origin}/blog/${slug}</loc>`)

  // A visitor of the Russian site searches by another form of a word of the title (stemmed) and finds it.
  await page.goto(`${russian}/blog`)
  await hydrated(page)
  const search = page.getByRole("searchbox", { name: "Поиск по статьям" })
  await search.fill(`расписание ${run}`)
  await search.press("Enter")
  const found = page.getByRole("article").filter({ hasText: russianTitle })
  await expect(found).toBeVisible()
  await found.getByRole("link").first().click()
  await expect(page.getByRole("heading", { level: 1, name: russianTitle })).toBeVisible()
  expect(problems).toEqual([])
})

import { expect, test } from "./fixtures"
import {
  CAPTCHA_PAGES,
  CAPTCHA_TEST_PAGES,
  LANG_GUIDES,
  METHOD_DOCS,
  TYPE_DOC_SLUGS,
} from "@manyhands/contract/api-docs"
import { hydrated } from "./helpers"

// The developer docs and captcha pages as a developer finds them: the docs' index, a task type's page in both API
// versions with its samples, its captcha page with live figures; then every address of spec §2 in each of its
// languages on its own site, and in that site's sitemap.

const base = new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000")
const sites = {
  en: base.origin,
  ru: `http://ru.localhost:${base.port}`,
  zh: `http://zh.localhost:${base.port}`,
}

const DOC_PATHS = [
  "/api-docs",
  "/2captcha-api",
  "/api-rucaptcha",
  "/lang",
  ...LANG_GUIDES.map((lang) => `/lang/${lang}`),
  "/api-docs/errors",
  "/api-docs/proxies",
  ...METHOD_DOCS.map((method) => `/api-docs/${method.slug}`),
  ...Object.values(TYPE_DOC_SLUGS).map((slug) => `/api-docs/${slug}`),
]
const CAPTCHA_PATHS = CAPTCHA_PAGES.filter((page) => !(page.slug in CAPTCHA_TEST_PAGES)).map(
  (page) => `/p/${page.slug}`,
)

test("a developer reads a task type's docs in both versions and its captcha page", async ({ page }) => {
  // Arriving from a search at a task type's page, which hydrates without the samples' tokenizer (held back here
  // until it has): the code keeps the server's lines in colour; when the tokenizer arrives, the block renders the
  // same lines itself, with no copy of the server's left over.
  const tokenizerChunk = /\/assets\/highlight-[\w-]+\.js$/
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(tokenizerChunk, async (route) => {
    await held
    await route.continue()
  })
  await page.goto("/api-docs/cloudflare-turnstile")
  await hydrated(page)
  const code = page.locator('[data-slot="code-block-pre"] > code').first()
  const token = code.locator('[data-line] > span[class^="text-"]').first()
  const serverLines = await code.locator("[data-line]").allInnerTexts()
  expect(serverLines.length).toBeGreaterThan(1)
  await expect(token).toBeAttached()
  await code.evaluate((element) => element.setAttribute("data-test-from-server", ""))
  release()
  await expect(page.locator("code[data-test-from-server]")).toHaveCount(0)
  expect(await code.locator("[data-line]").allInnerTexts()).toEqual(serverLines)
  await expect(token).toBeAttached()
  await page.unroute(tokenizerChunk)

  await page.goto("/api-docs")
  await hydrated(page)
  const nav = page.getByRole("navigation", { name: "Documentation" })
  await nav.getByRole("link", { name: "Cloudflare Turnstile" }).click()
  await expect(page).toHaveURL(`${sites.en}/api-docs/cloudflare-turnstile`)
  await expect(page.getByRole("heading", { level: 1, name: "Cloudflare Turnstile" })).toBeVisible()
  await expect(page.locator("article")).toHaveAttribute("data-version", "2")
  // The samples address this very server.
  await expect(
    page
      .locator("pre")
      .filter({ hasText: `API_URL="${sites.en}"` })
      .first(),
  ).toBeVisible()
  await page.getByRole("tab", { name: "Python" }).click()
  await expect(page.getByText("solve.py")).toBeVisible()

  await page
    .getByRole("navigation", { name: "API version" })
    .getByRole("link", { name: "in.php (v1)" })
    .click()
  await expect(page).toHaveURL(`${sites.en}/api-docs/cloudflare-turnstile?version=1`)
  await expect(page.locator("article")).toHaveAttribute("data-version", "1")
  await expect(page.getByText("in.php · method=turnstile")).toBeVisible()

  await page.getByRole("link", { name: "/p/cloudflare-turnstile" }).click()
  await expect(page).toHaveURL(`${sites.en}/p/cloudflare-turnstile`)
  await expect(page.getByRole("heading", { level: 2, name: "Live price and speed" })).toBeVisible()
  await expect(page.getByText("Price per 1,000")).toBeVisible()
})

test("every docs and captcha page answers in each of its languages and is in its site's sitemap", async ({
  request,
}) => {
  // About 190 pages: a few at a time, in the time a busy machine needs.
  test.setTimeout(240_000)
  const check = async (language: keyof typeof sites, path: string) => {
    const host = new URL(sites[language]).host
    const response = await request.get(path, { headers: { host } })
    expect(response.status(), `${language} ${path}`).toBe(200)
    expect(await response.text(), `${language} ${path}`).toContain(`<html lang="${language}"`)
  }
  const pages = [
    ...DOC_PATHS.flatMap((path) => (["en", "ru"] as const).map((language) => ({ language, path }))),
    ...CAPTCHA_PATHS.flatMap((path) => (["en", "ru", "zh"] as const).map((language) => ({ language, path }))),
  ]
  for (let start = 0; start < pages.length; start += 4)
    await Promise.all(pages.slice(start, start + 4).map(({ language, path }) => check(language, path)))

  const sitemaps = Object.fromEntries(
    await Promise.all(
      Object.entries({ en: sites.en, ru: sites.ru }).map(async ([language, origin]) => [
        language,
        await (await request.get("/sitemap.xml", { headers: { host: new URL(origin).host } })).text(),
      ]),
    ),
  ) as Record<"en" | "ru", string>
  for (const path of DOC_PATHS)
    for (const language of ["en", "ru"] as const)
      expect(sitemaps[language], `sitemap of ${language}: ${path}`).toContain(
        `<loc>${sites[language]}${path}</loc>`,
      )
  // Chinese pages are canonical on the international site under /zh (the Chinese host serves them too).
  const canonical = {
    en: (path: string) => sites.en + path,
    ru: (path: string) => sites.ru + path,
    zh: (path: string) => `${sites.en}/zh${path}`,
  }
  const sitemapOf = { en: sitemaps.en, ru: sitemaps.ru, zh: sitemaps.en }
  for (const path of CAPTCHA_PATHS)
    for (const language of ["en", "ru", "zh"] as const)
      expect(sitemapOf[language], `sitemap: ${language} ${path}`).toContain(
        `<loc>${canonical[language](path)}</loc>`,
      )
  expect((await request.get("/zh/p/geetest")).status()).toBe(200)
  // The staff's test pages are not for visitors: a sign-in first, and never in a sitemap.
  const admin = await request.get("/p/admin-test", { maxRedirects: 0 })
  expect(admin.status()).toBe(302)
  expect(sitemaps.en).not.toContain("/p/admin-test")
  expect((await request.get("/api-docs/no-such-page")).status()).toBe(404)
})

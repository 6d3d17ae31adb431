import AxeBuilder from "@axe-core/playwright"
import { expect, test, type Page } from "@playwright/test"
import { hydrated } from "./helpers"

/** Collects console errors and warnings: a hydration mismatch shows up here. */
function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text())
  })
  page.on("pageerror", (error) => problems.push(error.message))
  return problems
}

test("the home page arrives server-rendered and hydrates without warnings", async ({ page, request }) => {
  const raw = await request.get("/")
  expect(raw.status()).toBe(200)
  const html = await raw.text()
  expect(html).toContain("Real people solve your captchas in seconds")
  expect(html).toContain('<script id="__MANYHANDS_STATE__" type="application/json">')

  const problems = watchConsole(page)
  await page.goto("/")
  await hydrated(page)
  await expect(page).toHaveTitle(/Manyhands — captcha solving by real people/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Real people solve your captchas in seconds",
  )
  await expect(page.getByText("Cloudflare Turnstile")).toBeVisible()
  expect(problems).toEqual([])
})

test("the how-it-works modal opens, closes with Escape and gives focus back", async ({ page }) => {
  await page.goto("/")
  await hydrated(page)
  const trigger = page.getByRole("button", { name: "See how it works" })
  await trigger.click()
  const dialog = page.getByRole("dialog", { name: "How Manyhands works" })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText("A person solves it")).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()

  await trigger.press("Enter")
  await expect(dialog).toBeVisible()
  await dialog.getByRole("button", { name: "Got it" }).click()
  await expect(dialog).toBeHidden()
  await expect(trigger).toBeFocused()
})

test("navigation between pages happens in the browser, with titles kept in step", async ({ page }) => {
  await page.goto("/")
  await hydrated(page)
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true))
  await page
    .getByRole("navigation", { name: "Main navigation" })
    .getByRole("link", { name: "About us" })
    .click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Manyhands")
  await expect(page).toHaveTitle(/About Manyhands — who we are/)
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true)
})

test("/healthz reports the database", async ({ request }) => {
  const response = await request.get("/healthz")
  expect(response.status()).toBe(200)
  expect(await response.json()).toEqual({ status: "ok", database: "up", engine: "pglite" })
})

test("an unknown page shows the 404 screen with status 404, and leads home", async ({ page }) => {
  const response = await page.goto("/x-y-z")
  expect(response?.status()).toBe(404)
  await hydrated(page)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page does not exist")
  await page.getByRole("link", { name: "Go to the home page" }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Real people solve your captchas in seconds",
  )
})

test("the Russian site is served under /ru and the language switch leads there", async ({ page }) => {
  await page.goto("/about")
  await hydrated(page)
  await page
    .getByRole("banner")
    .getByRole("button", { name: /Language/ })
    .click()
  await page.getByRole("menuitem", { name: "Русский" }).click()
  await expect(page).toHaveURL(/\/ru\/about$/)
  await expect(page.locator("html")).toHaveAttribute("lang", "ru")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("О Manyhands")
  await hydrated(page)
})

test("the app refuses to start on a host other than the one the server rendered for", async ({ page }) => {
  const problems = watchConsole(page)
  await page.route("**/", async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replace(/"host":"[^"]+"/, '"host":"copy.example"')
    await route.fulfill({ response, body })
  })
  await page.goto("/")
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Real people solve your captchas in seconds",
  )
  await expect.poll(() => problems.join("\n")).toContain("rendered for copy.example")
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true")
})

// One page of each screen and area, in the app's own layout, in Latin, Cyrillic, CJK and Thai scripts.
for (const path of [
  "/",
  "/about",
  "/ru",
  "/x-y-z",
  "/th",
  "/ja",
  "/zh/for-customer",
  "/make-money-online",
  "/jobs",
  "/affiliate",
  "/pricing",
  "/ru/public_statistics",
  "/public_statistics/customer-solving-speed",
  "/captcha-workaround",
  "/captcha-workaround/pay",
  "/captcha-bypass-extension",
  "/p/captcha-and-accessibility",
  "/terms-of-service",
  "/privacy-policy",
  "/workers-software",
  "/workers-software/rucaptcha-bot",
  "/job",
  "/data",
  "/data/bounding-box",
  "/proxy/socks5",
  "/proxy/local-proxies",
  "/ru/proxy/local-proxies/br",
]) {
  test(`${path} has no axe violations`, async ({ page }) => {
    await page.goto(path)
    await hydrated(page)
    const results = await new AxeBuilder({ page }).analyze()
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
  })
}

import { readFileSync } from "node:fs"
import { join } from "node:path"
import { expect, test, type BrowserContext } from "./fixtures"
import { csrfToken, hydrated, registerCustomer, signIn } from "./helpers"

const localesDir = join(import.meta.dirname, "../../locales")

const base = new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000")
const international = base.origin
const russian = `http://ru.localhost:${base.port}`
const chinese = `http://zh.localhost:${base.port}`
const DAY = 24 * 60 * 60

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies()).find((c) => c.name === name)
}

/** Seconds from now until a cookie expires, rounded to minutes of slack. */
const lifetime = (expires: number) => expires - Date.now() / 1000

test.describe("guards", () => {
  test("a visitor who is not signed in is sent to the login page with return_to, also inside a language", async ({
    page,
    request,
  }) => {
    const first = await request.get("/select-role?from=mail", { maxRedirects: 0 })
    expect(first.status()).toBe(302)
    expect(first.headers().location).toBe("/auth/login?return_to=%2Fselect-role%3Ffrom%3Dmail")
    const russianPrefix = await request.get("/ru/select-role", { maxRedirects: 0 })
    expect(russianPrefix.headers().location).toBe("/ru/auth/login?return_to=%2Fselect-role")
    await page.goto("/select-role")
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
      "/auth/login?return_to=%2Fselect-role",
    )
  })

  test("a signed-in user without a type chooses one on /select-role; return_to may not lead off the site", async ({
    page,
  }) => {
    await signIn(page, "newcomer@demo.manyhands.dev")
    // A refusal from the server is shown in the page's language, from its error code.
    await page.route("**/api/v2/user", (route) =>
      route.request().method() === "PUT"
        ? route.fulfill({
            status: 409,
            contentType: "application/json",
            body: JSON.stringify({
              error: { code: "USER_TYPE_ALREADY_SET", message: "Your account type is already chosen." },
            }),
          })
        : route.continue(),
    )
    await page.goto("/ru/select-role")
    await hydrated(page)
    await page.getByRole("radio", { name: /Заказчик/ }).check()
    await page.getByRole("button", { name: "Продолжить" }).click()
    await expect(page.getByText("Тип аккаунта уже выбран.")).toBeVisible()
    await page.unroute("**/api/v2/user")

    await page.goto("/select-role?return_to=%2F%2Fevil.example%2F")
    await hydrated(page)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How will you use Manyhands?")
    await page.getByRole("button", { name: "Continue" }).click()
    await expect(page.getByText("Choose one of the account types.")).toBeVisible()
    await page.getByRole("radio", { name: /Worker/ }).check()
    const saved = page.waitForRequest((r) => r.url().endsWith("/api/v2/user") && r.method() === "PUT")
    await page.getByRole("button", { name: "Continue" }).click()
    expect((await saved).postDataJSON()).toEqual({ profile: { userType: "worker" } })
    // The foreign return_to is ignored: a new worker goes to the cabinet, where the work is.
    await page.waitForURL(`${international}/cabinet`)
    await page.goto("/select-role?return_to=%2Fabout")
    await expect(page.getByText("Your account type is already chosen: Worker.")).toBeVisible()
    await page.getByRole("link", { name: "Continue" }).click()
    await page.waitForURL(`${international}/about`)
  })
})

test.describe("redirects and scroll", () => {
  test("/main moves permanently home; the English prefix goes, keeping search and hash", async ({
    page,
    request,
  }) => {
    const main = await request.get("/main", { maxRedirects: 0 })
    expect([main.status(), main.headers().location]).toEqual([301, "/"])
    const english = await request.get("/en/about?x=1", { maxRedirects: 0 })
    expect([english.status(), english.headers().location]).toEqual([302, "/about?x=1"])
    await page.goto("/en/about?x=1#top")
    expect(page.url()).toBe(`${international}/about?x=1#top`)
  })

  test("a page missing in a language goes to its English address", async ({ request }) => {
    const response = await request.get("/de/about?x=1", { maxRedirects: 0 })
    expect([response.status(), response.headers().location]).toEqual([302, `${international}/about?x=1`])
  })

  test("after navigation the page scrolls to the hash target, else to the top", async ({ page }) => {
    await page.goto("/about")
    await hydrated(page)
    await page.mouse.wheel(0, 3000)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500)
    await page.getByRole("contentinfo").getByRole("link", { name: "Jobs at Manyhands" }).click()
    await page.waitForURL(`${international}/jobs`)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    // A hash link inside the app: the router navigates and scrolls to the element.
    await page.getByRole("contentinfo").getByRole("link", { name: "Order captcha solving" }).click()
    await page.waitForURL(`${international}/#order-captchas`)
    await expect(page.locator("#order-captchas")).toBeInViewport()
  })
})

test.describe("sites and languages", () => {
  test("a German visitor's menu marks English-only pages; there the page says so in German and German stays", async ({
    page,
    context,
  }) => {
    const german = JSON.parse(readFileSync(join(localesDir, "de/common.json"), "utf8")) as {
      nav: { customers: string; label: string }
      notices: { pageLanguage: { message: string; action: string } }
    }
    await page.goto("/de")
    await hydrated(page)
    const menu = page.getByRole("navigation", { name: german.nav.label })
    const customers = menu.getByRole("link", { name: new RegExp(`^${german.nav.customers}`) })
    // The link says where it leads: the English page, marked EN (and "English" for screen readers).
    await expect(customers).toHaveAttribute("hreflang", "en")
    await expect(customers).toHaveAttribute("href", `${international}/for-customer`)
    await expect(customers).toContainText("en")
    await expect(customers).toHaveAccessibleName(/English\)$/)
    expect((await cookie(context, "interface_language"))?.value).toBe("de")

    await customers.click()
    await page.waitForURL(`${international}/for-customer`)
    await hydrated(page)
    await expect(page.locator("html")).toHaveAttribute("lang", "en")
    const notice = page.locator('[data-slot="language-notice"]')
    await expect(notice.locator('[lang="de"]').first()).toHaveText(german.notices.pageLanguage.message)
    // Still a German reader: the cookie stays, and links to pages written in German lead there.
    expect((await cookie(context, "interface_language"))?.value).toBe("de")
    await expect(
      page.getByRole("banner").getByRole("link", { name: "Manyhands", exact: true }),
    ).toHaveAttribute("href", `${international}/de`)
    await notice.getByRole("link", { name: german.notices.pageLanguage.action }).click()
    await page.waitForURL(`${international}/de`)
    await hydrated(page)
    await expect(page.locator("html")).toHaveAttribute("lang", "de")
  })

  test("a signed-in user's interface language survives a page without it, and follows one they choose", async ({
    page,
  }) => {
    // An account of its own: the demo accounts' language must stay English for the other tests.
    await registerCustomer(page, `german-${Date.now()}@example.com`)
    const stored = async () =>
      ((await (await page.request.get("/api/v2/user")).json()) as { interfaceLanguage: string })
        .interfaceLanguage
    const chosen = page.waitForRequest((r) => r.url().endsWith("/api/v2/user") && r.method() === "PUT")
    await page.goto("/de/enterpage")
    expect((await chosen).postDataJSON()).toEqual({ interfaceLanguage: "de" })
    await expect.poll(stored).toBe("de")

    const changes: string[] = []
    page.on("request", (r) => {
      if (r.url().endsWith("/api/v2/user") && r.method() === "PUT") changes.push(r.postData() ?? "")
    })
    // The server sends the German reader of an English-only page to its English address.
    await page.goto("/de/about")
    await page.waitForURL(`${international}/about`)
    await hydrated(page)
    await expect(page.locator('[data-slot="language-notice"] [lang="de"]').first()).toBeVisible()
    // A client navigation to another English-only page changes nothing either.
    await page.getByRole("contentinfo").getByRole("link", { name: "Jobs at Manyhands" }).click()
    await page.waitForURL(`${international}/jobs`)
    expect(await stored()).toBe("de")
    expect(changes).toEqual([])
  })

  test("the international site links canonical and hreflang alternates, Russian to the Russian site", async ({
    request,
  }) => {
    const html = await (await request.get("/jobs")).text()
    expect(html).toContain(`<link rel="canonical" href="${international}/jobs">`)
    expect(html).toContain(`<link rel="alternate" hreflang="ru" href="${russian}/jobs">`)
    expect(html).toContain(`<link rel="alternate" hreflang="zh" href="${international}/zh/jobs">`)
    expect(html).toContain(`<link rel="alternate" hreflang="x-default" href="${international}/jobs">`)
  })

  test("the Russian site speaks Russian without a prefix and is its own canonical", async ({ page }) => {
    await page.goto(`${russian}/about`)
    await hydrated(page)
    await expect(page.locator("html")).toHaveAttribute("lang", "ru")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("О Manyhands")
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${russian}/about`)
    // Other languages live on the international site.
    await expect(
      page.getByRole("contentinfo").getByRole("link", { name: "English", exact: true }),
    ).toHaveAttribute("href", `${international}/about`)
  })

  test("the Chinese site speaks Chinese and canonicalises to the international /zh page", async ({
    page,
  }) => {
    await page.goto(`${chinese}/about`)
    await hydrated(page)
    await expect(page.locator("html")).toHaveAttribute("lang", "zh")
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${international}/zh/about`)
  })

  test("every language of the shell is served under its prefix", async ({ page }) => {
    for (const language of ["de", "es", "fr", "it", "ja", "ko", "pl", "pt", "th", "tr", "uk", "vi"]) {
      const common = JSON.parse(readFileSync(join(localesDir, language, "common.json"), "utf8"))
      const response = await page.goto(`/${language}/no-such-page`)
      expect(response?.status()).toBe(404)
      await expect(page.locator("html")).toHaveAttribute("lang", language)
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(common.notFound.title)
    }
  })

  test("sitemap.xml and robots.txt describe each site", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text()
    expect(sitemap).toContain(`<loc>${international}/privacy-policy</loc>`)
    expect(sitemap).toContain(`<loc>${international}/zh/proxy/residential</loc>`)
    expect(sitemap).not.toContain(`<loc>${russian}`)
    expect(sitemap).not.toContain("select-role")
    const robots = await (await request.get("/robots.txt")).text()
    expect(robots).toContain(`Sitemap: ${international}/sitemap.xml`)
    expect(robots).toContain("Disallow: /auth/")
  })
})

test.describe("notices", () => {
  test("a German reader of the Russian site gets the language banner in German, for the session", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: "de-DE" })
    const page = await context.newPage()
    await page.goto(`${russian}/`)
    await hydrated(page)
    const banner = page.locator('[data-slot="language-notice"]')
    await expect(banner).toContainText("Diese Seite gibt es auch auf Deutsch.")
    await expect(banner.getByRole("link")).toHaveAttribute("href", `${international}/de`)
    await banner.getByRole("button").click()
    await expect(banner).toHaveCount(0)
    await page.reload()
    await hydrated(page)
    await expect(page.locator('[data-slot="language-notice"]')).toHaveCount(0)
    expect(await page.locator('[data-slot="international-notice"]').count()).toBe(0)
    // A page not written in German: the offer comes in English, for the English page.
    await page.goto(`${russian}/terms-of-service`)
    await context.clearCookies({ name: "language_banner" })
    await page.reload()
    await expect(page.locator('[data-slot="language-notice"]').getByRole("link")).toHaveAttribute(
      "href",
      `${international}/terms-of-service`,
    )
    await context.close()
  })

  test("a Russian reader of the Russian site is offered the international site until closing it, for a year", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: "ru-RU" })
    const page = await context.newPage()
    await page.goto(`${russian}/`)
    await hydrated(page)
    await expect(page.locator('[data-slot="language-notice"]')).toHaveCount(0)
    const notice = page.locator('[data-slot="international-notice"]')
    await expect(notice.getByRole("link")).toHaveAttribute("href", `${international}/`)
    await notice.getByRole("button").click()
    await expect(notice).toHaveCount(0)
    const dismissed = await cookie(context, "foreigner_notice")
    expect(dismissed).toMatchObject({ value: "dismissed", path: "/", sameSite: "Lax" })
    expect(Math.abs(lifetime(dismissed!.expires) - 365 * DAY)).toBeLessThan(120)
    await page.reload()
    await expect(page.locator('[data-slot="international-notice"]')).toHaveCount(0)
    await context.close()
  })
})

test.describe("system message", () => {
  test("stays open when marking read fails, closes and is cleared when it succeeds, returning focus", async ({
    page,
  }) => {
    const problems: string[] = []
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text())
    })
    await signIn(page, "customer@demo.manyhands.dev")
    await page.goto("/about")
    await hydrated(page)
    const dialog = page.getByRole("dialog", { name: "A message from Manyhands" })
    await expect(dialog).toContainText("Welcome to Manyhands!")

    await page.route("**/api/v2/user/system_message_read", (route) =>
      route.fulfill({ status: 500, body: "{}" }),
    )
    const confirm = dialog.getByRole("button", { name: "OK, I have read it" })
    const failures = () =>
      problems.filter((text) => text.includes("could not mark the system message as read"))
    await confirm.click()
    await expect.poll(() => failures().length).toBe(1)
    await expect(dialog).toBeVisible()
    await expect(confirm).toBeEnabled()
    await page.keyboard.press("Escape")
    // The second refusal is settled before the server answers again, so the next answer is the real one.
    await expect.poll(() => failures().length).toBe(2)
    await expect(dialog).toBeVisible()
    await expect(confirm).toBeEnabled()

    await page.unroute("**/api/v2/user/system_message_read")
    const read = page.waitForResponse((r) => r.url().endsWith("/api/v2/user/system_message_read"))
    await dialog.getByRole("button", { name: "Close the notification" }).click()
    expect((await read).status()).toBe(200)
    await expect(dialog).toHaveCount(0)
    await page.reload()
    await hydrated(page)
    await expect(page.getByRole("dialog")).toHaveCount(0)
  })

  test("an administrator's message in the user's language closes with Escape; focus returns", async ({
    browser,
  }) => {
    const adminContext = await browser.newContext()
    const admin = await adminContext.newPage()
    await signIn(admin, "admin@demo.manyhands.dev")
    const token = await csrfToken(admin)
    const status = await admin.evaluate(
      async (csrf) =>
        (
          await fetch("/api/v2/admin/system-messages", {
            method: "POST",
            headers: { "content-type": "application/json", "x-csrf-token": csrf },
            body: JSON.stringify({
              email: "moderator@demo.manyhands.dev",
              message: {
                en: "<p>Maintenance tonight</p>",
                ru: "<p>Сегодня ночью <b>работы</b><script>alert(1)</script></p>",
              },
            }),
          })
        ).status,
      token,
    )
    expect(status).toBe(201)
    await adminContext.close()

    const context = await browser.newContext()
    const page = await context.newPage()
    await signIn(page, "moderator@demo.manyhands.dev")
    await page.goto("/ru/about")
    await hydrated(page)
    const dialog = page.getByRole("dialog")
    await expect(dialog).toContainText("Сегодня ночью работы")
    expect(await dialog.locator("script").count()).toBe(0)
    const read = page.waitForResponse((r) => r.url().endsWith("/api/v2/user/system_message_read"))
    await page.keyboard.press("Escape")
    expect((await read).ok()).toBe(true)
    await expect(dialog).toHaveCount(0)
    await context.close()
  })
})

test.describe("current user", () => {
  test("a session whose user is gone (400 ERROR_EMPTY_USER) is signed out through the logout call", async ({
    page,
    context,
  }) => {
    await signIn(page, "developer@demo.manyhands.dev")
    expect(await cookie(context, "mh_session")).toBeDefined()
    await page.route("**/api/v2/user", (route) =>
      route.request().method() === "GET"
        ? route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "ERROR_EMPTY_USER", message: "gone" } }),
          })
        : route.continue(),
    )
    const logout = page.waitForRequest(
      (r) => new URL(r.url()).pathname === "/api/v2/auth/logout" && r.method() === "POST",
    )
    await page.goto("/about")
    await logout
    await page.waitForURL(`${international}/`)
    expect(await cookie(context, "mh_session")).toBeUndefined()
  })

  test("opening /auth/logout signs nobody out; its button does, from the keyboard too", async ({
    page,
    context,
  }) => {
    await signIn(page, "developer@demo.manyhands.dev")
    const session = (await cookie(context, "mh_session"))?.value
    expect(session).toBeDefined()
    await page.goto("/auth/logout")
    await hydrated(page)
    expect((await cookie(context, "mh_session"))?.value).toBe(session)
    const signOut = page.getByRole("button", { name: "Sign out" })
    await signOut.focus()
    await page.keyboard.press("Enter")
    await page.waitForURL(`${international}/`)
    expect(await cookie(context, "mh_session")).toBeUndefined()
    await hydrated(page)
    await expect(page.getByRole("link", { name: "Log in" }).first()).toBeVisible()
  })
})

test.describe("visitor memory", () => {
  test("first visit stores timezone, referrer, attribution and pages with the spec's lifetimes", async ({
    page,
    context,
  }) => {
    await page.goto("/about?utm_source=newsletter&utm_campaign=autumn", {
      referer: "https://www.example.org/post",
    })
    await hydrated(page)
    await expect.poll(async () => (await cookie(context, "last_visited_page"))?.value).toBeDefined()
    const expected: [string, number][] = [
      ["timezone", 365 * DAY],
      ["original_referer", 365 * DAY],
      ["utm", 365 * DAY],
      ["first_visited_page", 7 * DAY],
      ["last_visited_page", 7 * DAY],
    ]
    for (const [name, seconds] of expected) {
      const found = await cookie(context, name)
      expect(found, name).toMatchObject({ path: "/", sameSite: "Lax" })
      expect(Math.abs(lifetime(found!.expires) - seconds), name).toBeLessThan(120)
    }
    expect(decodeURIComponent((await cookie(context, "original_referer"))!.value)).toBe(
      "https://www.example.org/post",
    )
    expect(JSON.parse(decodeURIComponent((await cookie(context, "utm"))!.value))).toEqual({
      utm_source: "newsletter",
      utm_campaign: "autumn",
    })
    expect(decodeURIComponent((await cookie(context, "first_visited_page"))!.value)).toBe(
      "/about?utm_source=newsletter&utm_campaign=autumn",
    )
    await page.getByRole("banner").getByRole("link", { name: "Data labelling" }).click()
    await page.waitForURL(`${international}/data`)
    await expect
      .poll(async () => decodeURIComponent((await cookie(context, "last_visited_page"))!.value))
      .toBe("/data")
    expect(decodeURIComponent((await cookie(context, "first_visited_page"))!.value)).toContain("/about")
  })

  test("a referral link sends one tracker event and sets reg_referrer for three days", async ({
    page,
    context,
  }) => {
    const sent: unknown[] = []
    page.on("request", (request) => {
      if (request.url().endsWith("/api/v1/event-tracker")) sent.push(request.postDataJSON())
    })
    await page.goto("/?from=partner-7")
    await hydrated(page)
    await expect.poll(async () => (await cookie(context, "reg_referrer"))?.value).toBe("partner-7")
    expect(sent).toEqual([{ type: "referral", data: { from: "partner-7", source: "direct", unique: true } }])
    const referrer = await cookie(context, "reg_referrer")
    expect(Math.abs(lifetime(referrer!.expires) - 3 * DAY)).toBeLessThan(120)
    await page.reload()
    await hydrated(page)
    await page.waitForTimeout(300)
    expect(sent).toHaveLength(1)
  })

  test("a failing tracker is only logged, and reg_referrer stays unset", async ({ page, context }) => {
    const problems: string[] = []
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text())
    })
    await page.route("**/api/v1/event-tracker", (route) => route.fulfill({ status: 503, body: "{}" }))
    await page.goto("/about?from=partner-8")
    await hydrated(page)
    await expect.poll(() => problems.join("\n")).toContain("the event tracker did not answer")
    expect(await cookie(context, "reg_referrer")).toBeUndefined()
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Manyhands")
  })

  test("the stored interface language follows the page's language", async ({ page }) => {
    await signIn(page, "developer@demo.manyhands.dev")
    const update = page.waitForRequest((r) => r.url().endsWith("/api/v2/user") && r.method() === "PUT")
    await page.goto("/ru/about")
    expect((await update).postDataJSON()).toEqual({ interfaceLanguage: "ru" })
  })
})

test.describe("failures", () => {
  test("a failed screen chunk reloads the page once and then shows the page", async ({ page }) => {
    await page.goto("/")
    await hydrated(page)
    let blocked = 0
    await page.route(/\/assets\/about-screen-[^/]+\.js$/, (route) => {
      if (blocked++ === 0) return route.abort()
      return route.continue()
    })
    const reloaded = page.waitForEvent("load")
    await page.getByRole("banner").getByRole("link", { name: "About us" }).click()
    await reloaded
    await hydrated(page)
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Manyhands")
    expect(blocked).toBeGreaterThanOrEqual(1)
  })

  test("a chunk that keeps failing does not reload in a loop", async ({ page }) => {
    await page.goto("/")
    await hydrated(page)
    await page.route(/\/assets\/about-screen-[^/]+\.js$/, (route) => route.abort())
    let loads = 0
    page.on("load", () => loads++)
    // After the one reload the chunk fails again before hydration: the app gives up (its start fails with the
    // chunk's error) instead of reloading again, and the server-rendered page stays.
    const gaveUp = page.waitForEvent("pageerror", { predicate: () => loads === 1, timeout: 20_000 })
    await page.getByRole("banner").getByRole("link", { name: "About us" }).click()
    expect((await gaveUp).name).toBe("ChunkLoadError")
    expect(loads).toBe(1)
    expect(new URL(page.url()).pathname).toBe("/about")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Manyhands")
    await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true")
  })

  test("a render error shows the fallback screen and is reported to the server", async ({ page }) => {
    await page.route("**/api/v1/captcha-types", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: '{"unexpected":true}' }),
    )
    const report = page.waitForRequest((r) => r.url().endsWith("/api/v1/client-errors"))
    await page.goto("/")
    const body = (await report).postDataJSON()
    expect(body).toMatchObject({ kind: "fallback", url: `${international}/` })
    await expect(page.getByRole("button", { name: /reload/i })).toBeVisible()
  })
})

test.describe("route data", () => {
  test("a route whose data fails to load says so in the page's language, and its retry brings the screen", async ({
    page,
  }) => {
    await signIn(page, "customer@demo.manyhands.dev")
    await page.goto("/de/profile")
    await hydrated(page)
    // The first request for the notification settings fails; the retry reaches the server.
    let failures = 0
    await page.route("**/api/v2/profile/notifications", (route) => {
      if (failures > 0) return route.continue()
      failures += 1
      return route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          error: { code: "INTERNAL_ERROR", message: "Something went wrong on our side." },
        }),
      })
    })
    await page
      .getByRole("navigation", { name: "Profilbereiche" })
      .getByRole("link", { name: "Benachrichtigungen" })
      .click()
    await expect(
      page.getByRole("heading", { name: "Die Daten dieser Seite konnten nicht geladen werden" }),
    ).toBeVisible()
    expect(failures).toBe(1)
    await page.getByRole("button", { name: "Erneut versuchen" }).click()
    await expect(page.getByRole("heading", { level: 1, name: "Benachrichtigungen" })).toBeVisible()
    await expect(page.getByRole("table", { name: "Benachrichtigungen nach Thema und Kanal" })).toBeVisible()
  })
})

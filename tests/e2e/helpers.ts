import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { expect, type Locator, type Page } from "@playwright/test"

const base = new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000")

/** The server as `npm start` runs it (global-setup): production mode, the embedded demo, no /dev/session. */
export const startURL = process.env.E2E_START_URL ?? "http://localhost:3000"

/** The demo accounts' password (README, "Sites, languages and demo accounts"). */
export const DEMO_PASSWORD = "manyhands-demo"

/** Waits until the app has hydrated the server-rendered page, so clicks reach React. */
export async function hydrated(page: Page) {
  // A page hydrates in well under a second alone; on a two-core machine with the other suites beside it, one took
  // over 5 s (the default).
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 })
}

/**
 * The page's CSRF token, as the app itself reads it from the initial state. The state is the document's last script
 * and a page streams: a heading can be on screen while the parser is still inside the state's text, so this waits
 * for the parser to finish the document (readyState no longer "loading") before reading it.
 */
export async function csrfToken(page: Page): Promise<string> {
  const token = await page.waitForFunction(() => {
    if (document.readyState === "loading") return null
    return JSON.parse(document.getElementById("__MANYHANDS_STATE__")!.textContent!).csrfToken as string
  })
  // waitForFunction resolves on a truthy value: the token.
  return (await token.jsonValue()) as string
}

/** Collects console errors and warnings: a hydration mismatch shows up here. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = []
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text())
  })
  page.on("pageerror", (error) => problems.push(error.message))
  return problems
}

/** Asks the development helper to sign the browser in as a user, with the page's CSRF token; answers the status. */
export async function postDevSession(page: Page, email: string): Promise<number> {
  if (page.url() === "about:blank") await page.goto("/about")
  const token = await csrfToken(page)
  return page.evaluate(
    async ([address, csrf]) =>
      (
        await fetch("/dev/session", {
          method: "POST",
          headers: { "content-type": "application/json", "x-csrf-token": csrf },
          body: JSON.stringify({ email: address }),
        })
      ).status,
    [email, token] as const,
  )
}

/** Signs the browser in as a demo user through the development helper, faster than the sign-in form. */
export async function signIn(page: Page, email: string) {
  expect(await postDevSession(page, email)).toBe(200)
}

/** Fills in and sends the sign-in form at /auth/login, as a person would; where it leads is the caller's to check. */
export async function signInWithForm(page: Page, email: string, password: string) {
  await page.goto("/auth/login")
  await hydrated(page)
  await field(page, "Email address").fill(email)
  await field(page, "Password").fill(password)
  await page.getByRole("button", { name: "Sign in" }).click()
}

/** Signs out from the account menu: the home page, with "Log in" again. */
export async function signOut(page: Page) {
  const { origin } = new URL(page.url())
  await page.getByRole("button", { name: /Account menu of/ }).click()
  await page.getByRole("menuitem", { name: "Sign out" }).click()
  await expect(page).toHaveURL(`${origin}/`)
  await hydrated(page)
  await expect(page.getByRole("link", { name: "Log in" }).first()).toBeVisible()
}

interface OutboxMail {
  to: string
  subject: string
  text: string
}

/** The newest mail to an address whose text holds a link to `path`, from the development outbox. */
export async function linkFromMail(page: Page, to: string, path: string): Promise<string> {
  let found: string | undefined
  await expect
    .poll(async () => {
      const response = await page.request.get(`/dev/mail.json?to=${encodeURIComponent(to)}`)
      const { mails } = (await response.json()) as { mails: OutboxMail[] }
      for (const mail of mails) {
        const match = new RegExp(`https?://[^\\s]+${path}/[^\\s]+`).exec(mail.text)
        if (match) {
          found = match[0]
          return true
        }
      }
      return false
    })
    .toBe(true)
  // Mail links are absolute for the reader's site; the test server is that site.
  const link = new URL(found!)
  expect(link.origin).toBe(base.origin)
  return link.pathname + link.search
}

/** A text field by its label; required fields announce "(required)" after it. */
export const field = (scope: Page | Locator, label: string) =>
  scope.getByRole("textbox", {
    name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\(required\\))?$`),
  })

export interface LedgerView {
  balanced: boolean
  problems: string[]
  accounts: { purpose: string; currency: string; posted: number; pending: number }[]
}

/** The ledger's reconciliation and one user's accounts, from the development helper. */
export async function ledger(page: Page, email: string): Promise<LedgerView> {
  const response = await page.request.get(`/dev/ledger.json?email=${encodeURIComponent(email)}`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as LedgerView
}

/** What an account holds and may spend: posted less held (micro-units). */
export function available(view: LedgerView, purpose: string): number {
  const account = view.accounts.find((item) => item.purpose === purpose && item.currency === "USD")
  return account ? account.posted + Math.min(0, account.pending) : 0
}

/** "$24.99" → 24_990_000 micro-units; "$0.00145" → 1_450. */
export const microOf = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, "")) * 1_000_000)

/** Registers a customer through the form and confirms the address by the mailed link. */
export async function registerCustomer(page: Page, email: string) {
  await page.goto("/auth/register")
  await hydrated(page)
  await field(page, "Email address").fill(email)
  await field(page, "Password").fill("a long walk to the bank")
  await page.getByRole("radio", { name: "Order captcha solving for my business" }).check()
  await page.getByRole("checkbox", { name: /terms of service/ }).check()
  await page.getByRole("button", { name: "Create account" }).click()
  await expect(page.getByRole("heading", { name: "Check your mail" })).toBeVisible()
  await page.goto(await linkFromMail(page, email, "/auth/check_key"))
  // The link's page hydrates (up to 15 s under a loaded run, as `hydrated` allows), confirms by a POST, then loads
  // the next page in full: all of it within this one wait.
  await expect(page).not.toHaveURL(/\/auth\//, { timeout: 30_000 })
}

/** From /addbalance to the sandbox bank's page: the amount in dollars, the sandbox as the method. */
export async function startTopUp(page: Page, dollars: string) {
  await page.goto("/addbalance")
  await hydrated(page)
  await page.getByRole("radio", { name: /Test payment \(sandbox\)/ }).check()
  await page.getByRole("textbox", { name: /^Amount in/ }).fill(dollars)
  await expect(page.getByText(`You pay $${dollars}.00, your balance grows by $${dollars}.00.`)).toBeVisible()
  await page.getByRole("button", { name: "Continue to payment" }).click()
  await expect(page).toHaveURL(/\/pay\/sandbox\/[A-Za-z0-9_-]+$/)
  await hydrated(page)
  await expect(page.getByRole("heading", { name: "Manyhands test bank" })).toBeVisible()
}

/** Money as the screens show it (server/MONEY.md): from one dollar up whole cents, cut; below it every digit. */
export const shownMoney = (micro: number) => (micro >= 1_000_000 ? micro - (micro % 10_000) : micro)

/** The balance the customer's dashboard shows (micro-units, as shown). */
export async function dashboardBalance(page: Page): Promise<number> {
  await page.goto("/enterpage")
  await hydrated(page)
  const balance = page.getByRole("group", { name: "Balance" })
  await expect(balance).toBeVisible()
  return microOf((await balance.textContent())!.match(/\$[\d,]+\.\d+/)![0])
}

interface RouteEntry {
  path: string
  guard?: string | { roles: string[] }
  /** Absent on a redirect. */
  languages?: string[]
}

const routesDir = join(import.meta.dirname, "../../app/routes")

/**
 * Every page of the route files whose path has no parameters, with its guard and the file it is in: those of the
 * international site, in English (a page written only in Russian — an old blog article — sends this site's reader
 * to the Russian site, which articles.spec.ts follows in the browser).
 */
const routePages = readdirSync(routesDir)
  .filter((file) => file.endsWith(".json") && !file.endsWith(".schema.json"))
  .flatMap((file) =>
    (JSON.parse(readFileSync(join(routesDir, file), "utf8")) as RouteEntry[]).map((route) => ({
      ...route,
      file,
    })),
  )
  .filter((route) => !/[:{*]/.test(route.path) && (route.languages?.includes("en") ?? true))

const signedIn = (route: (typeof routePages)[number]) =>
  route.guard === "login" || route.guard === "login-no-type"

/** Every page of the route files whose path has no parameters. */
export const allPages = routePages.map((route) => route.path)

/** The pages each kind of visitor has: public ones for a visitor, and the account types' and roles' own. */
export const pagesOf: Record<"visitor" | "customer" | "worker" | "admin", string[]> = {
  visitor: routePages.filter((r) => r.guard === "public" || r.guard === "order-captchas").map((r) => r.path),
  customer: routePages.filter((r) => signedIn(r) && r.file !== "worker.json").map((r) => r.path),
  worker: routePages.filter((r) => signedIn(r) && r.file !== "customer.json").map((r) => r.path),
  admin: routePages.filter((r) => typeof r.guard === "object").map((r) => r.path),
}
const publicPages = new Set(pagesOf.visitor)

/**
 * What a signed-in crawl reads: every page that is not public (their own, and those of other types and roles, which
 * must redirect, never 404), and the home page for the header and footer a signed-in reader has. The public pages
 * themselves are the visitor's crawl: read again signed in, they took 100 of each crawl's 180 page loads.
 */
export const signedInCrawl = ["/", ...allPages.filter((path) => !publicPages.has(path))]

/**
 * What passes an edge it must stay within: the page when it is wider than the window (with the elements that make it
 * so: those whose right edge passes the window and that no scrolling or clipping box around them holds in), and
 * content that sticks out of its card. Empty when everything fits.
 */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement
    const describe = (element: Element) => {
      const rect = element.getBoundingClientRect()
      const slot = element.getAttribute("data-slot")
      const classes = (element.getAttribute("class") ?? "").split(/\s+/).filter(Boolean).slice(0, 6).join(".")
      const text = (element.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40)
      return `<${element.tagName.toLowerCase()}${slot ? ` data-slot=${slot}` : ""}${classes ? ` .${classes}` : ""}> ${Math.round(rect.left)}–${Math.round(rect.right)} px "${text}"`
    }
    // Whether a box inside `frame` that scrolls or clips holds the element in: only the boxes of its
    // containing-block chain do (an absolutely placed element escapes a scroller that is not positioned).
    const held = (element: Element, frame: Element, limit: number) => {
      let placed = getComputedStyle(element).position
      for (let box = element.parentElement; box && box !== frame; box = box.parentElement) {
        const style = getComputedStyle(box)
        const contains =
          placed === "fixed"
            ? style.transform !== "none"
            : placed === "absolute"
              ? style.position !== "static" || style.transform !== "none"
              : true
        if (!contains) continue
        if (style.overflowX !== "visible" && box.getBoundingClientRect().right <= limit) return true
        placed = style.position
      }
      // Fixed to the window, it does not widen the page.
      return placed === "fixed"
    }
    /** The elements of `frame` passing `limit`: the outermost ones, furthest first, and the furthest of all. */
    const passing = (frame: Element, limit: number) => {
      const found = new Set<Element>()
      for (const element of frame.querySelectorAll("*")) {
        const rect = element.getBoundingClientRect()
        if (rect.width > 0 && rect.right > limit && !held(element, frame, limit)) found.add(element)
      }
      const right = (element: Element) => element.getBoundingClientRect().right
      const outermost = [...found]
        .filter((element) => !element.parentElement || !found.has(element.parentElement))
        .sort((a, b) => right(b) - right(a))
      const furthest = [...found].sort((a, b) => right(b) - right(a))[0]
      return furthest
        ? `outermost: ${outermost.slice(0, 3).map(describe).join(" | ")}; furthest: ${describe(furthest)}`
        : null
    }
    const problems: string[] = []
    if (root.scrollWidth > root.clientWidth)
      problems.push(
        `${root.scrollWidth} px wide (window ${root.clientWidth} px); ` +
          (passing(document.body, root.clientWidth + 0.5) ?? "no element found"),
      )
    for (const card of document.querySelectorAll('[data-slot="card"]')) {
      const edge = card.getBoundingClientRect().right
      const out = passing(card, edge + 0.5)
      if (out) problems.push(`out of its card ${describe(card)}: ${out}`)
    }
    return problems
  })
}

/**
 * Loads a page, waits until it has hydrated, its fonts are in and no part of it is still loading, and measures it.
 * A page that sends the browser on after hydration (a role that belongs elsewhere) is measured where it lands.
 */
async function measure(page: Page, path: string): Promise<{ problems: string[]; at: string }> {
  await page.goto(path)
  for (let attempt = 1; ; attempt++) {
    try {
      await hydrated(page)
      await page.evaluate(() => document.fonts.ready.then(() => undefined))
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
      return { problems: await overflow(page), at: new URL(page.url()).pathname }
    } catch (error) {
      if (attempt === 3 || !String(error).includes("context was destroyed")) throw error
      await page.waitForLoadState()
    }
  }
}

/**
 * Each page at the window size given: what is wider than the window or out of its card, one line per problem
 * naming the page (and where it led). Empty when every page fits.
 */
export async function tooWide(
  page: Page,
  paths: string[],
  window: { width: number; height: number },
): Promise<string[]> {
  await page.setViewportSize(window)
  const wide: string[] = []
  for (const path of paths) {
    const { problems, at } = await measure(page, path)
    for (const problem of problems)
      wide.push(`${path}${at === path ? "" : ` (→ ${at})`} at ${window.width} px: ${problem}`)
  }
  return wide
}

export const PHONE = { width: 360, height: 740 }

const decode = (href: string) =>
  href
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')

/** The site's own links of a server-rendered page: paths on this site, without fragments or queries. */
function internalLinks(html: string): string[] {
  const links = new Set<string>()
  for (const [, href] of html.matchAll(/<a\b[^>]*\shref="([^"]+)"/g)) {
    // Whether an address exists is a matter of its path; queries only filter or page what it shows.
    const path = decode(href!).split(/[#?]/)[0]!
    if (!path.startsWith("/") || path.startsWith("//")) continue
    links.add(path)
  }
  return [...links]
}

/** "/de/enterpage" → "/enterpage"; other paths stay. */
const LANGUAGE_PREFIX = /^\/(de|es|fr|it|ja|ko|pl|pt|ru|th|tr|uk|vi|zh)(?=\/|$)/
const withoutLanguage = (path: string) => path.replace(LANGUAGE_PREFIX, "") || "/"

/**
 * Requests each page with the browser's cookies, and every internal link of the server-rendered ones: a line for
 * each that answers 404 (a page, or a page's link), and how many addresses were asked. With `switcher: false`, the
 * language switcher's links (this very page in the other languages, made from the page's own route languages) are
 * not asked: the signed-in checks stay about their own pages. With "one", one of them is asked on each page, the
 * next language of the switcher from one page to the next, so that a crawl asks every page in another language and
 * every language on many pages. A function decides page by page.
 */
/** Which of the language switcher's links a crawl asks: all, none, or one (see `brokenLinks`). */
type Switcher = boolean | "one"

export async function brokenLinks(
  page: Page,
  paths: string[],
  {
    switcher = true,
    publicLinks = true,
  }: {
    switcher?: Switcher | ((path: string) => Switcher)
    /**
     * Whether to ask the links to public pages (in any language). A signed-in crawl leaves them to the visitor's,
     * which asks every one of them in every language: a public page answers alike for everyone, and the crawl still
     * reads each page itself signed in, so the links only a signed-in reader sees are asked.
     */
    publicLinks?: boolean
  } = {},
): Promise<{ broken: string[]; checked: number }> {
  const checked = new Map<string, number>()
  const broken: string[] = []
  const status = async (path: string) => {
    if (!checked.has(path)) checked.set(path, (await page.request.get(path, { maxRedirects: 5 })).status())
    return checked.get(path)!
  }
  let turn = 0
  for (const path of paths) {
    const response = await page.request.get(path, { maxRedirects: 5 })
    checked.set(path, response.status())
    if (response.status() === 404) {
      broken.push(`${path} (a page of the route files) → 404`)
      continue
    }
    if (!(response.headers()["content-type"] ?? "").startsWith("text/html")) continue
    const links = internalLinks(await response.text())
    // The language switcher: this very page in the other languages.
    const translations = links.filter(
      (link) => link !== path && withoutLanguage(link) === withoutLanguage(path),
    )
    const switcherHere = typeof switcher === "function" ? switcher(path) : switcher
    const asked =
      switcherHere === "one"
        ? translations
            .sort()
            .slice(turn++ % Math.max(translations.length, 1))
            .slice(0, 1)
        : switcherHere
          ? translations
          : []
    for (const link of links) {
      if (translations.includes(link) && !asked.includes(link)) continue
      if (!publicLinks && publicPages.has(withoutLanguage(link))) continue
      if ((await status(link)) === 404) broken.push(`${path} links to ${link} → 404`)
    }
  }
  return { broken, checked: checked.size }
}

/** The worker starts solving in /cabinet; from here on only keys. */
export async function startSolving(worker: Page) {
  await worker.goto("/cabinet")
  await hydrated(worker)
  await worker.getByRole("button", { name: "Start solving" }).press("Enter")
}

/**
 * The customer sends the first sample from /testcaptcha while the worker waits in /cabinet, and the worker types
 * its answer with the keyboard. Answers the task's cost (micro-units) as the customer's page shows it.
 */
export async function sendAndSolve(customer: Page, worker: Page): Promise<number> {
  // The sample's right answer is public (it is a sample).
  const samples = (await (await customer.request.get("/api/v2/captcha/samples")).json()) as {
    samples: { type: string; answer: string }[]
  }
  expect(samples.samples[0]!.type).toBe("ImageToTextTask")
  const answer = samples.samples[0]!.answer
  await customer.goto("/testcaptcha")
  await hydrated(customer)
  await customer.getByRole("button", { name: /^Sample 1/ }).click()
  await customer.getByRole("button", { name: "Send the test captcha" }).click()
  const result = customer.getByRole("region", { name: "Result" })
  await expect(result.getByText(/^Task \d+, checked every second/)).toBeVisible()

  // The task reaches the waiting worker without a reload; the answer field has the focus. One offer in 30 is a
  // check task with a known answer: then ours comes next. Another test's image task (the play journey's, which
  // carry instructions; the sample is sent without) is skipped, as a worker may.
  const field = worker.getByLabel("Answer", { exact: true })
  const solved = customer.getByText(/^Task \d+: Solved$/)
  for (let offers = 1; ; offers++) {
    expect(offers).toBeLessThan(8)
    const panel = await openTask(worker)
    if ((await panel.locator('[data-slot="task-instructions"]').count()) > 0) {
      await worker.keyboard.press("Escape")
      await expect(panel).toHaveCount(0)
      continue
    }
    await expect(field).toBeFocused()
    await worker.keyboard.type(answer)
    await worker.keyboard.press("Enter")
    // The customer's page follows the task to its answer, without a reload.
    if (
      await solved.waitFor({ state: "attached", timeout: 8_000 }).then(
        () => true,
        () => false,
      )
    )
      break
  }
  await expect(result).toContainText(answer)
  await expect(result).toContainText("Matches")
  const costText = await result
    .getByText(/^\$0\.\d+$/)
    .first()
    .textContent()
  const cost = microOf(costText!)
  expect(cost).toBeGreaterThan(0)
  return cost
}

/**
 * On /testcaptcha with a solved task: "Report as wrong" asks first, saying what comes back, and the page then says
 * it was refunded (all with the keyboard). Answers the task's id and the refund the page named (micro-units).
 */
export async function reportWrongOnTestPage(customer: Page): Promise<{ taskId: string; refund: number }> {
  const result = customer.getByRole("region", { name: "Result" })
  const taskId = (await result.getByText(/^Task \d+, checked every second/).textContent())!.match(/\d+/)![0]
  await result.getByRole("button", { name: `Report as wrong (task ${taskId})` }).press("Enter")
  const dialog = customer.getByRole("dialog", { name: `Report the answer of task ${taskId} as wrong?` })
  await expect(dialog).toBeVisible()
  const refundText = (await dialog.textContent())!.match(
    /The (\$[\d.]+) it cost comes back to your balance\./,
  )
  expect(refundText).not.toBeNull()
  await dialog.getByRole("button", { name: "Report as wrong" }).press("Enter")
  await expect(dialog).toBeHidden()
  const said = result.getByRole("status").filter({ hasText: "Reported as wrong" })
  await expect(said).toHaveText(`Reported as wrong: ${refundText![1]} refunded.`)
  await expect(said).toBeFocused()
  await expect(result.getByRole("button", { name: /^Confirm correct/ })).toHaveCount(0)
  return { taskId, refund: microOf(refundText![1]!) }
}

/**
 * The task on the worker's screen that is open for an answer, by its assignment (waits up to 15 s for one). The task
 * whose answer was just sent stays on screen, busy, until the next one takes its place: judging that one and then
 * pressing Escape would skip the task that replaced it meanwhile.
 */
export async function openTask(worker: Page): Promise<Locator> {
  const open = worker.locator('[data-testid="task-panel"]:not([aria-busy="true"])')
  await expect(open).toBeVisible({ timeout: 15_000 })
  const id = await open.getAttribute("data-assignment-id")
  return worker.locator(`[data-testid="task-panel"][data-assignment-id="${id}"]`)
}

import { expect, type Locator, type Page } from "@playwright/test"

const base = new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000")

/** Waits until the app has hydrated the server-rendered page, so clicks reach React. */
export async function hydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true")
}

/** The page's CSRF token, as the app itself reads it from the initial state. */
export async function csrfToken(page: Page): Promise<string> {
  return page.evaluate(
    () => JSON.parse(document.getElementById("__MANYHANDS_STATE__")!.textContent!).csrfToken,
  )
}

/** Signs the browser in as a demo user through the development helper, faster than the sign-in form. */
export async function signIn(page: Page, email: string) {
  if (page.url() === "about:blank") await page.goto("/about")
  const token = await csrfToken(page)
  const status = await page.evaluate(
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
  expect(status).toBe(200)
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

/** "$24.99855" → 24_998_550 micro-units. */
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
  await expect(page).not.toHaveURL(/\/auth\//)
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

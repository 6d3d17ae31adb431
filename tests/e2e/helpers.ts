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

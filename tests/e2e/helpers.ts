import { expect, type Page } from "@playwright/test"

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

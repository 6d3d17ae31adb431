import { expect, type Page } from "@playwright/test"

/** Waits until the app has hydrated the server-rendered page, so clicks reach React. */
export async function hydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true")
}

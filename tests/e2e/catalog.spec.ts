import { expect, test } from "@playwright/test"
import { csrfToken, hydrated, registerCustomer, signIn, startTopUp } from "./helpers"

// The software catalogue as a customer meets it: a program found by category and text, its page, a review that
// carries the "verified usage" badge because the account sent a task with the program's soft_id, and that task
// in the program's public statistics.

test("a customer who sent a task with a program's soft_id finds it, reviews it as verified, and sees the task in its statistics", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const email = `reviewer-${Date.now().toString(36)}@example.com`
  await registerCustomer(page, email)
  await startTopUp(page, "5")
  await page.getByRole("button", { name: "Pay (succeeds)" }).click()
  await expect(page).toHaveURL(/\/pay\/ok\?payment=\d+$/)

  // A task through 2captcha-python's soft_id (4101), as that library sends it for this account.
  const samples = (await (await page.request.get("/api/v2/captcha/samples")).json()) as {
    samples: { type: string; imageUrl: string | null }[]
  }
  const sample = samples.samples.find((each) => each.type === "ImageToTextTask" && each.imageUrl)!
  const picture = await (await page.request.get(sample.imageUrl!)).body()
  const sent = await page.request.post("/api/v2/captcha/test", {
    headers: { "x-csrf-token": await csrfToken(page) },
    data: { fields: { method: "base64", body: picture.toString("base64"), soft_id: "4101" } },
  })
  expect(sent.ok(), await sent.text()).toBe(true)
  const submission = (await sent.json()) as { taskId: string | null; exchange: { response: string } }
  expect(submission.taskId, submission.exchange.response).not.toBeNull()

  // The catalogue: a category, then a search from 3 characters.
  await page.goto("/software")
  await hydrated(page)
  await expect(
    page.getByRole("heading", { level: 1, name: "Software that works with Manyhands" }),
  ).toBeVisible()
  await page.getByRole("button", { name: /^Client libraries/ }).click()
  await expect(page).toHaveURL(/categories=libraries/)
  await expect(page.getByRole("link", { name: "2captcha-go" })).toBeVisible()
  await expect(page.getByRole("link", { name: "captcha-bot-rs" })).toHaveCount(0)
  const search = page.getByRole("searchbox", { name: "Search programs" })
  await search.fill("py")
  await expect(page.getByText("Type at least 3 characters to search.")).toBeVisible()
  await search.fill("python")
  await search.press("Enter")
  await expect(page.getByText(/programs? for “python”/)).toBeVisible()
  await page.getByRole("link", { name: "2captcha-python" }).click()

  // Its page: the description and the review form; the review goes in as verified, waiting for moderation.
  await expect(page.getByRole("heading", { level: 1, name: "2captcha-python" })).toBeVisible()
  await expect(page.getByRole("heading", { name: "Connecting to Manyhands" })).toBeVisible()
  const form = page.getByRole("form", { name: "Write a review" })
  await form.getByRole("radio", { name: /^Excellent/ }).check()
  await form
    .getByRole("textbox", { name: "Your review" })
    .fill("Changed the server option and my scraper kept working.")
  await form.getByRole("button", { name: "Send the review" }).click()
  await expect(page.getByText("Your review is waiting for moderation.", { exact: false })).toBeVisible()
  await expect(page.getByText("Verified usage")).toBeVisible()
  // After a reload it is still there: the page's own copy.
  await page.reload()
  await hydrated(page)
  await expect(page.getByRole("heading", { name: "Your review" })).toBeVisible()
  await expect(page.getByRole("form", { name: "Write a review" })).toHaveCount(0)

  // A moderator publishes it from the queue, where it waits with its flags; then everyone reads it.
  const moderatorContext = await browser.newContext()
  const moderator = await moderatorContext.newPage()
  await signIn(moderator, "moderator@demo.manyhands.dev")
  await moderator.goto("/software/moderation/reviews")
  await hydrated(moderator)
  await expect(moderator.getByRole("heading", { level: 1, name: "Review moderation" })).toBeVisible()
  const queued = moderator
    .getByRole("article")
    .filter({ hasText: "Changed the server option and my scraper kept working." })
  await expect(queued.getByText("New account")).toBeVisible()
  await expect(queued.getByText("No usage")).toHaveCount(0)
  await queued.getByRole("button", { name: "Publish" }).click()
  await expect(moderator.getByText("The review of 2captcha-python is published.")).toBeVisible()
  await expect(queued).toHaveCount(0)
  await moderatorContext.close()
  const visitor = await browser.newPage()
  await visitor.goto("/software/2captcha-python")
  await hydrated(visitor)
  await expect(visitor.getByText("Changed the server option and my scraper kept working.")).toBeVisible()
  await visitor.close()

  // The task counts in the program's public statistics.
  await page.getByRole("link", { name: "Usage statistics" }).click()
  await expect(page.getByRole("heading", { level: 1, name: "Usage of 2captcha-python" })).toBeVisible()
  await expect(page.getByRole("table", { name: "Captcha types" })).toContainText("Normal image captcha")

  // Every program is in the sitemap.
  expect(await (await page.request.get("/sitemap.xml")).text()).toContain("/software/2captcha-python</loc>")

  // A program that does not exist answers 404; the Russian catalogue is in Russian.
  const missing = await page.goto("/software/no-such-program")
  expect(missing?.status()).toBe(404)
  await expect(page.getByRole("heading", { level: 1, name: "No such program" })).toBeVisible()
  const base = new URL(process.env.E2E_BASE_URL ?? "http://localhost:3000")
  await page.goto(`http://ru.localhost:${base.port}/software`)
  await hydrated(page)
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Программы, которые работают с Manyhands")
})

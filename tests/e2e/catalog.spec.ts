import { expect, test } from "./fixtures"
import { csrfToken, hydrated, registerCustomer, signIn, startTopUp } from "./helpers"

// The software catalogue from both sides. An author adds a program (its logo uploaded, its soft_id handed out) and
// a moderator publishes it; a customer who sent a task with that soft_id finds it by category and text, reviews it
// with the "verified usage" badge, and sees the task in its public statistics; the author's later edit waits as a
// revision while the page keeps the approved text.

/** A 48 × 48 PNG: the program's logo. */
const LOGO = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe3WUQ3AAAxCwSlBGIqRNRNLuo9LKqAh8OBJ96t7" +
    "zj+Ih0ah8lCkbOf4CTCOQuWhSNnOIRQDbRQqD0XKhkMDxqqOKNeZH72fZjHQRqHyUKRsODRgrOrIp1F4ARdPQKYFYsphAAAAAElFTkSuQmCC",
  "base64",
)

test("an author adds a program, a moderator publishes it, a customer who used its soft_id reviews it as verified and sees the usage", async ({
  page,
  browser,
}) => {
  // About 55 s alone, 110 s in a full run; once over 150 s in CI with the code samples beside it.
  test.setTimeout(360_000)
  const suffix = Date.now().toString(36)
  const name = `Relay Harvester ${suffix}`
  const slug = `relay-harvester-${suffix}`

  // The author lists the program: the form says what is missing, then it goes to the moderators.
  const authorContext = await browser.newContext()
  const author = await authorContext.newPage()
  await registerCustomer(author, `author-${suffix}@example.com`)
  await author.goto("/software")
  await hydrated(author)
  await author.getByRole("link", { name: "Add your program" }).click()
  await expect(author.getByRole("heading", { level: 1, name: "Add your program" })).toBeVisible()
  await expect(author.getByText("You have not added a program yet.")).toBeVisible()
  const listing = author.getByRole("form", { name: "The listing" })
  await listing.getByRole("button", { name: "Send for review" }).click()
  await expect(listing.getByText("Choose at least one category.")).toBeVisible()
  await listing.getByRole("textbox", { name: "Name" }).fill(name)
  await listing
    .getByRole("textbox", { name: "Summary" })
    .fill("Collects captchas from a proxy farm and solves them.")
  await listing
    .getByRole("textbox", { name: "Description" })
    .fill("## Connecting\n\nSet the API host to Manyhands and send the soft_id shown to you.")
  await listing.getByRole("checkbox", { name: "Client libraries" }).check()
  await listing.getByRole("checkbox", { name: "Linux" }).check()
  await listing.getByRole("radio", { name: "Open source" }).check()
  await listing.getByRole("textbox", { name: "Website" }).fill("https://example.com/relay")
  await listing.locator('input[type="file"]').first().setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: LOGO,
  })
  // The upload goes through the server (stored, then shown): over 5 s once on a busy two-core machine.
  await expect(listing.getByRole("img", { name: "Picture 1" })).toBeVisible({ timeout: 15_000 })
  await listing.getByRole("button", { name: "Send for review" }).click()
  // Saving stores the program with its pictures and hands out its soft_id: over 10 s once in a full CI run.
  await expect(author).toHaveURL(new RegExp(`/software/${slug}/edit$`), { timeout: 30_000 })
  await expect(author.getByText("Waiting for a moderator").first()).toBeVisible()
  const softIdHeading = author.getByRole("heading", { name: /^Your program's soft_id is \d+$/ })
  const softId = (await softIdHeading.textContent())!.replace(/\D/g, "")

  // A moderator reads every field of the new program and publishes it.
  const moderatorContext = await browser.newContext()
  const moderator = await moderatorContext.newPage()
  await signIn(moderator, "moderator@demo.manyhands.dev")
  await moderator.goto("/software/moderation")
  await hydrated(moderator)
  await expect(moderator.getByRole("heading", { level: 1, name: "Program moderation" })).toBeVisible()
  const submitted = moderator.getByRole("article").filter({ hasText: name })
  await expect(submitted.getByText("New program")).toBeVisible()
  await expect(submitted.getByRole("table")).toContainText("https://example.com/relay")
  await submitted.getByRole("button", { name: "Publish" }).click()
  await expect(moderator.getByText(`${name} is published.`)).toBeVisible()
  await expect(submitted).toHaveCount(0)

  // A customer sends a task through the program's soft_id, as the program would for them.
  const email = `reviewer-${suffix}@example.com`
  await registerCustomer(page, email)
  await startTopUp(page, "5")
  await page.getByRole("button", { name: "Pay (succeeds)" }).click()
  await expect(page).toHaveURL(/\/pay\/ok\?payment=\d+$/)
  const samples = (await (await page.request.get("/api/v2/captcha/samples")).json()) as {
    samples: { type: string; imageUrl: string | null }[]
  }
  const sample = samples.samples.find((each) => each.type === "ImageToTextTask" && each.imageUrl)!
  const picture = await (await page.request.get(sample.imageUrl!)).body()
  const sent = await page.request.post("/api/v2/captcha/test", {
    headers: { "x-csrf-token": await csrfToken(page) },
    data: { fields: { method: "base64", body: picture.toString("base64"), soft_id: softId } },
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
  await search.fill("re")
  await expect(page.getByText("Type at least 3 characters to search.")).toBeVisible()
  await search.fill(`harvester ${suffix}`)
  await search.press("Enter")
  await expect(page.getByText(/1 program for “harvester/)).toBeVisible()
  await page.getByRole("link", { name }).click()

  // Its page: the description and the review form; the review goes in as verified, waiting for moderation.
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible()
  await expect(page.getByRole("heading", { name: "Connecting" })).toBeVisible()
  await expect(page.getByText("A Manyhands user")).toBeVisible()
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

  // The moderator publishes it from the queue, where it waits with its flags; then everyone reads it.
  await moderator.goto("/software/moderation/reviews")
  await hydrated(moderator)
  await expect(moderator.getByRole("heading", { level: 1, name: "Review moderation" })).toBeVisible()
  const queued = moderator
    .getByRole("article")
    .filter({ hasText: "Changed the server option and my scraper kept working." })
  await expect(queued.getByText("New account")).toBeVisible()
  await expect(queued.getByText("No usage")).toHaveCount(0)
  await queued.getByRole("button", { name: "Publish" }).click()
  await expect(moderator.getByText(`The review of ${name} is published.`)).toBeVisible()
  await expect(queued).toHaveCount(0)
  const visitor = await browser.newPage()
  await visitor.goto(`/software/${slug}`)
  await hydrated(visitor)
  await expect(visitor.getByText("Changed the server option and my scraper kept working.")).toBeVisible()
  await visitor.close()

  // The task counts in the program's public statistics.
  await page.getByRole("link", { name: "Usage statistics" }).click()
  await expect(page.getByRole("heading", { level: 1, name: `Usage of ${name}` })).toBeVisible()
  await expect(page.getByRole("table", { name: "Captcha types" })).toContainText("Normal image captcha")

  // The author's edit of the published program waits as a revision; the page keeps the approved summary.
  await author.goto(`/software/${slug}/edit`)
  await hydrated(author)
  await author.getByRole("textbox", { name: "Summary" }).fill("Now also solves hCaptcha from the farm.")
  await author.getByRole("button", { name: "Send the changes for review" }).click()
  await expect(author.getByText("Your changes wait for a moderator")).toBeVisible()
  await page.goto(`/software/${slug}`)
  await expect(page.getByText("Collects captchas from a proxy farm and solves them.")).toBeVisible()
  await moderator.goto("/software/moderation")
  const edit = moderator.getByRole("article").filter({ hasText: name })
  await expect(edit.getByText("Edit", { exact: true })).toBeVisible()
  await expect(edit.getByRole("row", { name: /Summary \(English\)/ })).toContainText(
    "Now also solves hCaptcha from the farm.",
  )
  await moderatorContext.close()
  await authorContext.close()

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

import { expect, test } from "@playwright/test"
import { hydrated, linkFromMail, registerCustomer, signIn } from "./helpers"

// Support from both sides: a customer asks from /support with a screenshot and their diagnostics, a moderator
// takes the ticket from the queue and answers, the customer reads the mailed link and replies, and the moderator
// resolves it.

/** A 48 × 48 PNG: the customer's screenshot. */
const SCREENSHOT = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe3WUQ3AAAxCwSlBGIqRNRNLuo9LKqAh8OBJ96t7" +
    "zj+Ih0ah8lCkbOf4CTCOQuWhSNnOIRQDbRQqD0XKhkMDxqqOKNeZH72fZjHQRqHyUKRsODRgrOrIp1F4ARdPQKYFYsphAAAAAElFTkSuQmCC",
  "base64",
)

test("a customer asks support with a screenshot, a moderator answers, the customer follows the mail and replies, the moderator resolves", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const suffix = Date.now().toString(36)
  const email = `asker-${suffix}@example.com`
  const subject = `Balance not credited ${suffix}`
  await registerCustomer(page, email)

  // The customer asks: the form says what is missing, then the ticket opens.
  await page.goto("/support")
  await hydrated(page)
  await expect(page.getByRole("heading", { level: 1, name: "How can we help?" })).toBeVisible()
  await page.getByRole("link", { name: "Ask support" }).first().click()
  await expect(page.getByRole("heading", { level: 1, name: "Ask support" })).toBeVisible()
  const form = page.getByRole("form", { name: "Ask support" })
  await form.getByRole("button", { name: "Send to support" }).click()
  await expect(form.getByText("Write a subject of at least 3 characters.")).toBeVisible()
  await form.getByRole("combobox", { name: "Topic" }).click()
  await page.getByRole("option", { name: "Payments and balance" }).click()
  await form.getByRole("textbox", { name: /^Subject/ }).fill(subject)
  await form
    .getByRole("textbox", { name: /^Your message/ })
    .fill("I paid 10 USD an hour ago and the balance still shows 0.")
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: "balance.png", mimeType: "image/png", buffer: SCREENSHOT })
  await expect(form.getByRole("img", { name: "Screenshot 1" })).toBeVisible()
  await form.getByRole("button", { name: "Send to support" }).click()
  await expect(page).toHaveURL(/\/support\/tickets\/\d+$/)
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible()
  await expect(page.getByText("Waiting for support")).toBeVisible()
  await expect(page.getByRole("img", { name: "Screenshot 1 of the message" })).toBeVisible()
  const ticketPath = new URL(page.url()).pathname

  // A moderator finds it in the queue, takes it and answers; a note stays among staff.
  const staffContext = await browser.newContext()
  const moderator = await staffContext.newPage()
  await signIn(moderator, "moderator@demo.manyhands.dev")
  await moderator.goto("/support/tickets")
  await hydrated(moderator)
  await expect(moderator.getByRole("heading", { name: "Support queue" })).toBeVisible()
  await moderator.getByRole("link", { name: subject }).click()
  await expect(moderator.getByText(email).first()).toBeVisible()
  await moderator.getByRole("button", { name: "Assign to me" }).click()
  await expect(moderator.getByText("Saved.")).toBeVisible()
  const staffReply = moderator.getByRole("form", { name: "Answer" })
  await staffReply.getByRole("switch", { name: /Internal note/ }).click()
  await staffReply
    .getByRole("textbox", { name: /^Your reply/ })
    .fill("The payment arrived late from the bank.")
  await staffReply.getByRole("button", { name: "Add the note" }).click()
  await expect(moderator.getByText("Note added.")).toBeVisible()
  await staffReply.getByRole("switch", { name: /Internal note/ }).click()
  await staffReply
    .getByRole("textbox", { name: /^Your reply/ })
    .fill("Your payment is credited now: 10 USD are on your balance.")
  await staffReply.getByRole("button", { name: "Send" }).click()
  await expect(moderator.getByText("Waiting for the customer").first()).toBeVisible()

  // The customer reads the mail, follows its link and replies: the ticket is open again.
  const link = await linkFromMail(page, email, "/support/tickets")
  expect(link).toBe(ticketPath)
  await page.goto(link)
  await hydrated(page)
  await expect(page.getByText("Your payment is credited now: 10 USD are on your balance.")).toBeVisible()
  await expect(page.getByText("The payment arrived late from the bank.")).toHaveCount(0)
  await expect(page.getByText("Answered", { exact: true })).toBeVisible()
  await page.getByRole("textbox", { name: /^Your reply/ }).fill("I see it now, thank you!")
  await page.getByRole("button", { name: "Send" }).click()
  await expect(page.getByText("I see it now, thank you!")).toBeVisible()
  await expect(page.getByText("Waiting for support")).toBeVisible()

  // The moderator resolves it; the customer sees that.
  await moderator.reload()
  await hydrated(moderator)
  await expect(moderator.getByText("I see it now, thank you!")).toBeVisible()
  await moderator.getByRole("combobox", { name: "Change the status" }).click()
  await moderator.getByRole("option", { name: "Resolved" }).click()
  await expect(moderator.getByText("Saved.")).toBeVisible()
  await staffContext.close()
  await page.reload()
  await expect(page.getByText("Resolved").first()).toBeVisible()

  // Another account never sees it.
  const otherContext = await browser.newContext()
  const other = await otherContext.newPage()
  await registerCustomer(other, `bystander-${suffix}@example.com`)
  const response = await other.goto(ticketPath)
  await hydrated(other)
  expect(response?.status()).toBe(404)
  await expect(other.getByRole("heading", { level: 1, name: "No such ticket" })).toBeVisible()
  await otherContext.close()
})

test("a visitor rates the proxies and a moderator reads it with the average", async ({ page, browser }) => {
  const words = `The evening speed of German proxies drops ${Date.now().toString(36)}.`
  await page.goto("/p/proxy-feedback")
  await hydrated(page)
  await expect(page.getByRole("heading", { level: 1, name: "How are our proxies?" })).toBeVisible()
  const form = page.getByRole("form", { name: "How are our proxies?" })
  await form.getByRole("button", { name: "Send feedback" }).click()
  await expect(form.getByText("Choose from 1 to 5 stars.")).toBeVisible()
  await form.getByRole("radio", { name: /^Good/ }).check()
  await form.getByRole("textbox", { name: /^What went well or wrong with the proxies\?/ }).fill(words)
  await form.getByRole("textbox", { name: /^How to reach you/ }).fill("proxyfan@example.com")
  await form.getByRole("button", { name: "Send feedback" }).click()
  await expect(page.getByText("Your feedback reached our team.")).toBeVisible()

  const staffContext = await browser.newContext()
  const moderator = await staffContext.newPage()
  await signIn(moderator, "moderator@demo.manyhands.dev")
  await moderator.goto("/p/proxy-feedback")
  await hydrated(moderator)
  const received = moderator.getByRole("region", { name: "Feedback received" })
  const entry = received.getByRole("article").filter({ hasText: words })
  await expect(entry).toContainText("A visitor (not signed in)")
  await expect(entry).toContainText("Contact: proxyfan@example.com")
  await staffContext.close()
})

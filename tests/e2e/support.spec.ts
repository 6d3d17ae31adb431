import { createECDH, randomBytes } from "node:crypto"
import { createServer, type IncomingHttpHeaders } from "node:http"
import type { AddressInfo } from "node:net"
import { expect, test, type Page } from "./fixtures"
import { csrfToken, hydrated, linkFromMail, registerCustomer, signIn } from "./helpers"

// Support from both sides: a customer looks in the help centre, asks the support bot, is offered a ticket filled in
// with the conversation and sends it with a screenshot; a moderator takes the ticket from the queue and answers;
// the customer gets the mail and a push (to a push endpoint this test starts) and replies; the moderator resolves.

/** A push service of our own: records each delivery's headers. */
async function startPushEndpoint() {
  const deliveries: IncomingHttpHeaders[] = []
  let delivered: () => void = () => {}
  const first = new Promise<void>((resolve) => (delivered = resolve))
  const server = createServer((request, response) => {
    request.resume()
    request.on("end", () => {
      deliveries.push(request.headers)
      response.writeHead(201).end()
      delivered()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}/push/${randomBytes(8).toString("hex")}`,
    deliveries,
    first,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Subscribes the signed-in browser to ticket replies as the page's push block would, with a key pair of ours. */
async function subscribeToPush(page: Page, endpoint: string) {
  const ecdh = createECDH("prime256v1")
  ecdh.generateKeys()
  const body = {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") },
    topics: ["ticketReplies"],
    lowBalanceBelow: 0,
  }
  const token = await csrfToken(page)
  const answer = await page.evaluate(
    async ([subscription, csrf]) => {
      const response = await fetch("/api/v1/push/subscriptions", {
        method: "PUT",
        headers: { "content-type": "application/json", "x-csrf-token": csrf },
        body: JSON.stringify(subscription),
      })
      return { status: response.status, body: await response.text() }
    },
    [body, token] as const,
  )
  expect(answer.status, answer.body).toBe(200)
}

/** A 48 × 48 PNG: the customer's screenshot. */
const SCREENSHOT = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe3WUQ3AAAxCwSlBGIqRNRNLuo9LKqAh8OBJ96t7" +
    "zj+Ih0ah8lCkbOf4CTCOQuWhSNnOIRQDbRQqD0XKhkMDxqqOKNeZH72fZjHQRqHyUKRsODRgrOrIp1F4ARdPQKYFYsphAAAAAElFTkSuQmCC",
  "base64",
)

test("a customer reads the FAQ, asks the bot, opens the offered ticket with a screenshot, gets the mail and the push of the answer, replies, and the moderator resolves", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  const suffix = Date.now().toString(36)
  const email = `asker-${suffix}@example.com`
  const subject = `Balance not credited ${suffix}`
  const push = await startPushEndpoint()
  await registerCustomer(page, email)

  // The help centre: a search of at least 3 characters, an answer that did not help, and on to the bot.
  await page.goto("/support/h")
  await hydrated(page)
  await expect(page.getByRole("heading", { level: 1, name: "Help centre" })).toBeVisible()
  await page.getByRole("searchbox", { name: "Search the FAQ" }).fill("top up")
  await expect(page.getByRole("heading", { name: /answers? for “top up”/ })).toBeVisible()
  await page
    .getByRole("list", { name: /answers? for “top up”/ })
    .getByRole("link", { name: /Which ways can I top up my balance\?/ })
    .click()
  await expect(page).toHaveURL(/\/support\/faq\/ways-to-top-up$/)
  await expect(
    page.getByRole("heading", { level: 1, name: "Which ways can I top up my balance?" }),
  ).toBeVisible()
  await page
    .getByRole("group", { name: "Was this answer helpful?" })
    .getByRole("button", { name: "No" })
    .click()
  await expect(page.getByText("Sorry it did not help.")).toBeVisible()
  await page.getByRole("link", { name: "ask the support bot" }).click()

  // The bot quotes our pages; the customer says it did not help and takes the offered ticket.
  await expect(page.getByRole("heading", { level: 1, name: "Support bot" })).toBeVisible()
  const question = "I paid 10 USD by card an hour ago and my balance still shows 0. Where is my money?"
  await page.getByRole("textbox", { name: "Your question" }).fill(question)
  await page.getByRole("textbox", { name: "Your question" }).press("Enter")
  await expect(page).toHaveURL(/\/support\/bot\?thread=\d+$/)
  const answer = page.getByRole("listitem").filter({ hasText: question })
  await expect(answer.getByRole("figure").first()).toBeVisible()
  await answer
    .getByRole("group", { name: "Did this answer your question?" })
    .getByRole("button", { name: "No" })
    .click()
  await answer.getByRole("link", { name: "Open a ticket with this conversation" }).click()

  // The ticket form comes filled in with the conversation; it says what is missing, then the ticket opens.
  await expect(page).toHaveURL(/\/support\/tickets\/new\?bot=\d+$/)
  await expect(page.getByRole("heading", { level: 1, name: "Ask support" })).toBeVisible()
  const form = page.getByRole("form", { name: "Ask support" })
  await expect(form.getByRole("textbox", { name: /^Subject/ })).toHaveValue(question)
  await expect(form.getByRole("textbox", { name: /^Your message/ })).toHaveValue(
    /I asked the support bot first:/,
  )
  await form.getByRole("textbox", { name: /^Subject/ }).fill("")
  await form.getByRole("button", { name: "Send to support" }).click()
  await expect(form.getByText("Write a subject of at least 3 characters.")).toBeVisible()
  await form.getByRole("combobox", { name: "Topic" }).selectOption("Payments and balance")
  await form.getByRole("textbox", { name: /^Subject/ }).fill(subject)
  await form
    .getByRole("textbox", { name: /^Your message/ })
    .fill(
      `${await form.getByRole("textbox", { name: /^Your message/ }).inputValue()}The card payment was 10 USD.`,
    )
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
  await expect(page.getByText("I asked the support bot first:")).toBeVisible()
  // This browser takes pushes of ticket replies.
  await subscribeToPush(page, push.endpoint)

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

  // The push reached the customer's browser's push service, signed with our VAPID key and encrypted.
  await push.first
  expect(push.deliveries).toHaveLength(1)
  expect(push.deliveries[0]).toMatchObject({ "content-encoding": "aes128gcm" })
  expect(push.deliveries[0]!.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/)
  await push.close()

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
  await moderator.getByRole("combobox", { name: "Change the status" }).selectOption("Resolved")
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

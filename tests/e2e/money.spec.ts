import { expect, test } from "./fixtures"
import { available, field, hydrated, ledger, linkFromMail, registerCustomer, startTopUp } from "./helpers"

test("a new customer tops up through the sandbox; a declined payment adds nothing; a transfer sent is listed beside them; every screen agrees with the ledger", async ({
  page,
}) => {
  const email = `payer-${Date.now().toString(36)}@example.com`
  await registerCustomer(page, email)
  expect(available(await ledger(page, email), "customer_balance")).toBe(0)

  // Paid: the bank's signed webhook credits $25.00 once; the result page follows the payment.
  await startTopUp(page, "25")
  await page.getByRole("button", { name: "Pay (succeeds)" }).click()
  await expect(page).toHaveURL(/\/pay\/ok\?payment=\d+$/)
  await expect(page.getByRole("heading", { name: "$25.00 added to your balance" })).toBeVisible()
  const afterPaid = await ledger(page, email)
  expect(afterPaid.problems).toEqual([])
  expect(afterPaid.balanced).toBe(true)
  expect(available(afterPaid, "customer_balance")).toBe(25_000_000)

  // Declined: the error page says so and the balance stays.
  await startTopUp(page, "10")
  await page.getByRole("button", { name: "Decline (fails)" }).click()
  await expect(page).toHaveURL(/\/pay\/error\?payment=\d+$/)
  await expect(
    page.getByRole("heading", { name: "$10.00 with Test payment (sandbox) did not go through" }),
  ).toBeVisible()
  expect(available(await ledger(page, email), "customer_balance")).toBe(25_000_000)

  // $4.00 sent to admin@, confirmed from the mailed link: one ledger transfer (not to developer@, whose balance the
  // cabinet journeys beside this one measure).
  await page.goto("/pay/send_user")
  await hydrated(page)
  await field(page, "Recipient").fill("admin@demo.manyhands.dev")
  await page.getByRole("textbox", { name: /^Amount in/ }).fill("4")
  await field(page, "Your current password").fill("a long walk to the bank")
  await page.getByRole("button", { name: "Continue" }).click()
  await expect(page.getByRole("status").filter({ hasText: "Check your mail" })).toBeVisible()
  await page.goto(await linkFromMail(page, email, "/pay/send_user_hash"))
  await hydrated(page)
  await page.getByRole("button", { name: "Send $4.00" }).click()
  await expect(page.getByRole("status").filter({ hasText: /^\$4\.00 sent to / })).toContainText(
    "Your balance now holds $21.00.",
  )
  expect(available(await ledger(page, email), "customer_balance")).toBe(21_000_000)

  // The history lists all three with their states, and each receipt names what the ledger holds.
  await page.goto("/pay/history_payment")
  await hydrated(page)
  const rows = page.getByRole("table").getByRole("row")
  await expect(rows.filter({ hasText: "+$25.00" }).filter({ hasText: "Succeeded" })).toHaveCount(1)
  await expect(rows.filter({ hasText: "+$10.00" }).filter({ hasText: "Failed" })).toHaveCount(1)
  const sent = rows.filter({ hasText: "Transfer sent" })
  await expect(sent).toContainText("-$4.00")
  await expect(sent).toContainText("Succeeded")
  await sent.getByRole("button", { name: /^Receipt/ }).click()
  const receipt = page.getByRole("dialog", { name: "Receipt" })
  await expect(receipt).toContainText(/Taken from the balance\s*\$4\.00/)
  await expect(receipt.getByText(/^\d+$/).last()).toBeVisible()
  await page.keyboard.press("Escape")
  await expect(receipt).toBeHidden()
  await rows
    .filter({ hasText: "Failed" })
    .getByRole("button", { name: /^Receipt/ })
    .click()
  await expect(receipt).toContainText("None: nothing moved")
  await page.keyboard.press("Escape")
  await expect(receipt).toBeHidden()

  // The dashboard shows the ledger's balance.
  await page.goto("/enterpage")
  await hydrated(page)
  await expect(page.getByRole("group", { name: "Balance" })).toContainText("$21.00")
})

test("a top-up left at the test bank waits in the history: continued there and paid; another one cancelled, its checkout closed", async ({
  page,
}) => {
  const email = `leaver-${Date.now().toString(36)}@example.com`
  await registerCustomer(page, email)

  // Started, then the bank's tab is left: the history has it pending, with the way back until its checkout closes.
  await startTopUp(page, "12")
  await page.goto("/pay/history_payment")
  await hydrated(page)
  const rows = page.getByRole("table").getByRole("row")
  const left = rows.filter({ hasText: "+$12.00" })
  await expect(left).toContainText("Pending")
  await expect(left).toContainText(/Can be paid until/)
  await left.getByRole("link", { name: /^Continue payment: \$12\.00 with Test payment \(sandbox\)/ }).click()
  await expect(page).toHaveURL(/\/pay\/sandbox\/[A-Za-z0-9_-]+$/)
  await hydrated(page)
  await page.getByRole("button", { name: "Pay (succeeds)" }).click()
  await expect(page).toHaveURL(/\/pay\/ok\?payment=\d+$/)
  await expect(page.getByRole("heading", { name: "$12.00 added to your balance" })).toBeVisible()
  expect(available(await ledger(page, email), "customer_balance")).toBe(12_000_000)

  // Another one, given up from the history after a confirmation: nothing charged.
  await startTopUp(page, "7")
  const checkout = page.url()
  await page.goto("/pay/history_payment")
  await hydrated(page)
  const abandoned = rows.filter({ hasText: "+$7.00" })
  await abandoned
    .getByRole("button", { name: /^Cancel payment: \$7\.00 with Test payment \(sandbox\)/ })
    .click()
  await page
    .getByRole("alertdialog", { name: "Cancel this payment?" })
    .getByRole("button", { name: "Cancel payment" })
    .click()
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "The top-up of $7.00 with Test payment (sandbox) is cancelled." }),
  ).toBeVisible()
  await expect(abandoned).toContainText("Cancelled")
  await expect(abandoned.getByRole("link", { name: /^Continue payment/ })).toHaveCount(0)
  await expect(rows.filter({ hasText: "+$12.00" })).toContainText("Succeeded")
  await expect(rows.getByRole("link", { name: /^Continue payment/ })).toHaveCount(0)

  // The bank's old tab can no longer take it.
  await page.goto(checkout)
  await hydrated(page)
  await expect(
    page.getByText("This test payment was cancelled on Manyhands, so it can no longer be paid."),
  ).toBeVisible()
  await expect(page.getByRole("button", { name: "Pay (succeeds)" })).toHaveCount(0)
  const after = await ledger(page, email)
  expect(after.problems).toEqual([])
  expect(available(after, "customer_balance")).toBe(12_000_000)
  await page.goto("/enterpage")
  await hydrated(page)
  await expect(page.getByRole("group", { name: "Balance" })).toContainText("$12.00")
})

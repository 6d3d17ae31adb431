import { expect, test, type Page } from "@playwright/test"
import { field, hydrated, linkFromMail } from "./helpers"

interface LedgerView {
  balanced: boolean
  problems: string[]
  accounts: { purpose: string; currency: string; posted: number; pending: number }[]
}

/** The ledger's reconciliation and one user's accounts, from the development helper. */
async function ledger(page: Page, email: string): Promise<LedgerView> {
  const response = await page.request.get(`/dev/ledger.json?email=${encodeURIComponent(email)}`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as LedgerView
}

const balanceOf = (view: LedgerView) =>
  view.accounts.find((item) => item.purpose === "customer_balance" && item.currency === "USD")?.posted ?? 0

/** Registers a customer through the form and confirms the address by the mailed link. */
async function registerCustomer(page: Page, email: string) {
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
async function startTopUp(page: Page, dollars: string) {
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

test("a new customer tops up through the sandbox; a declined payment adds nothing; every screen agrees with the ledger", async ({
  page,
}) => {
  test.setTimeout(90_000)
  const email = `payer-${Date.now().toString(36)}@example.com`
  await registerCustomer(page, email)
  expect(balanceOf(await ledger(page, email))).toBe(0)

  // Paid: the bank's signed webhook credits $25.00 once; the result page follows the payment.
  await startTopUp(page, "25")
  await page.getByRole("button", { name: "Pay (succeeds)" }).click()
  await expect(page).toHaveURL(/\/pay\/ok\?payment=\d+$/)
  await expect(page.getByRole("heading", { name: "$25.00 added to your balance" })).toBeVisible()
  const afterPaid = await ledger(page, email)
  expect(afterPaid.problems).toEqual([])
  expect(afterPaid.balanced).toBe(true)
  expect(balanceOf(afterPaid)).toBe(25_000_000)

  // Declined: the error page says so and the balance stays.
  await startTopUp(page, "10")
  await page.getByRole("button", { name: "Decline (fails)" }).click()
  await expect(page).toHaveURL(/\/pay\/error\?payment=\d+$/)
  await expect(
    page.getByRole("heading", { name: "$10.00 with Test payment (sandbox) did not go through" }),
  ).toBeVisible()
  expect(balanceOf(await ledger(page, email))).toBe(25_000_000)

  // The history lists both with their states; the dashboard shows the ledger's balance.
  await page.goto("/pay/history_payment")
  await hydrated(page)
  const rows = page.getByRole("table").getByRole("row")
  await expect(rows.filter({ hasText: "$25.00" }).filter({ hasText: "Succeeded" })).toHaveCount(1)
  await expect(rows.filter({ hasText: "$10.00" }).filter({ hasText: "Failed" })).toHaveCount(1)
  await page.goto("/enterpage")
  await hydrated(page)
  await expect(page.getByRole("group", { name: "Balance" })).toContainText("$25.00")
})

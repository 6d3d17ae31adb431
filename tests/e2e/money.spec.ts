import { expect, test } from "@playwright/test"
import { available, hydrated, ledger, registerCustomer, startTopUp } from "./helpers"

test("a new customer tops up through the sandbox; a declined payment adds nothing; every screen agrees with the ledger", async ({
  page,
}) => {
  test.setTimeout(90_000)
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

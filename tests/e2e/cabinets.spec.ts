import { expect, test, type Page } from "@playwright/test"
import { hydrated, signIn } from "./helpers"

// The developer, not the customer: the customer's welcome message belongs to the shell tests.
const CUSTOMER = "developer@demo.manyhands.dev"
const WORKER = "worker@demo.manyhands.dev"

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

/** What an account holds and may spend: posted less held (micro-units). */
function available(view: LedgerView, purpose: string): number {
  const account = view.accounts.find((item) => item.purpose === purpose && item.currency === "USD")
  return account ? account.posted + Math.min(0, account.pending) : 0
}

/** "$24.99855" → 24_998_550 micro-units. */
const microOf = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, "")) * 1_000_000)

test("a captcha sent from /testcaptcha is solved in /cabinet with the keyboard; both screens and the ledger agree", async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const customerContext = await browser.newContext()
  const workerContext = await browser.newContext()
  const customer = await customerContext.newPage()
  const worker = await workerContext.newPage()
  await signIn(customer, CUSTOMER)
  await signIn(worker, WORKER)
  const before = { customer: await ledger(customer, CUSTOMER), worker: await ledger(worker, WORKER) }

  // The worker starts solving; from here on only keys.
  await worker.goto("/cabinet")
  await hydrated(worker)
  await worker.getByRole("button", { name: "Start solving" }).press("Enter")

  // The customer sends the first sample picture; its right answer is public (it is a sample).
  const samples = (await (await customer.request.get("/api/v2/captcha/samples")).json()) as {
    samples: { type: string; answer: string }[]
  }
  expect(samples.samples[0]!.type).toBe("ImageToTextTask")
  const answer = samples.samples[0]!.answer
  await customer.goto("/testcaptcha")
  await hydrated(customer)
  await customer.getByRole("button", { name: /^Sample 1/ }).click()
  await customer.getByRole("button", { name: "Send the test captcha" }).click()
  const result = customer.getByRole("region", { name: "Result" })
  await expect(result.getByText(/^Task \d+, checked every second/)).toBeVisible()

  // The task reaches the waiting worker without a reload; the answer field has the focus. One offer in 30 is a
  // check task with a known answer: then ours comes next.
  const panel = worker.getByTestId("task-panel")
  await expect(panel).toBeVisible({ timeout: 15_000 })
  const field = worker.getByLabel("Answer", { exact: true })
  const solved = customer.getByText(/^Task \d+: Solved$/)
  for (let offers = 1; ; offers++) {
    expect(offers).toBeLessThan(4)
    await expect(field).toBeFocused()
    await worker.keyboard.type(answer)
    await worker.keyboard.press("Enter")
    // The customer's page follows the task to its answer, without a reload.
    if (
      await solved.waitFor({ state: "attached", timeout: 8_000 }).then(
        () => true,
        () => false,
      )
    )
      break
  }
  await expect(result).toContainText(answer)
  await expect(result).toContainText("Matches")
  const costText = await result
    .getByText(/^\$0\.\d+$/)
    .first()
    .textContent()
  const cost = microOf(costText!)
  expect(cost).toBeGreaterThan(0)

  // The ledger balances, and each side moved by what its screen says.
  const after = { customer: await ledger(customer, CUSTOMER), worker: await ledger(worker, WORKER) }
  expect(after.customer.problems).toEqual([])
  expect(after.customer.balanced).toBe(true)
  expect(available(before.customer, "customer_balance") - available(after.customer, "customer_balance")).toBe(
    cost,
  )
  const earned = available(after.worker, "worker_earnings") - available(before.worker, "worker_earnings")
  expect(earned).toBe(Math.floor((cost * 60) / 100))

  // The worker's session earnings show the same amount; the customer's dashboard shows the ledger's balance.
  await expect(worker.getByText(/session/i).first()).toBeVisible()
  await customer.goto("/enterpage")
  await hydrated(customer)
  const balance = customer.getByRole("group", { name: "Balance" })
  await expect(balance).toBeVisible()
  const shown = microOf((await balance.textContent())!.match(/\$[\d,]+\.\d+/)![0])
  expect(shown).toBe(available(after.customer, "customer_balance"))

  await customerContext.close()
  await workerContext.close()
})

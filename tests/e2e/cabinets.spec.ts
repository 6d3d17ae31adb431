import { expect, solvingTest as test, type Locator, type Page } from "./fixtures"
import {
  available,
  dashboardBalance,
  hydrated,
  ledger,
  openTask,
  registerCustomer,
  reportWrongOnTestPage,
  sendAndSolve,
  shownMoney,
  signIn,
  startSolving,
  startTopUp,
} from "./helpers"

// The developer, not the customer: the customer's welcome message belongs to the shell tests.
const CUSTOMER = "developer@demo.manyhands.dev"
const WORKER = "worker@demo.manyhands.dev"
const ADMIN = "admin@demo.manyhands.dev"

// The tests solve as the one demo worker: run one after the other, so each task reaches its own test's page (and
// the play journey waits for them: solvingTest).
test.describe.configure({ mode: "serial" })

/** Presses Tab until the element has the focus (at most 30 times); answers how many presses it took. */
async function tabsTo(page: Page, target: Locator): Promise<number> {
  for (let presses = 0; presses <= 30; presses++) {
    if ((await target.count()) > 0 && (await target.first().evaluate((element) => element.matches(":focus"))))
      return presses
    await page.keyboard.press("Tab")
  }
  throw new Error("Tab never reached it")
}

test("on a 1366 × 900 screen the worker reaches Start solving in a few keys, and a grid task fits with its Send button", async ({
  browser,
}) => {
  const customerContext = await browser.newContext()
  const workerContext = await browser.newContext({ viewport: { width: 1366, height: 900 } })
  const customer = await customerContext.newPage()
  const worker = await workerContext.newPage()
  await signIn(customer, CUSTOMER)
  await signIn(worker, WORKER)

  // From the top of the page: the skip link, which leads to the main content, whose first control is Start.
  await worker.goto("/cabinet")
  await hydrated(worker)
  const start = worker.getByRole("button", { name: "Start solving" })
  await worker.keyboard.press("Tab")
  await expect(worker.getByRole("link", { name: "Skip to content" })).toBeFocused()
  await worker.keyboard.press("Enter")
  expect(await tabsTo(worker, start), "Tab presses from the skip link to Start solving").toBe(1)
  // Without the skip link, Start is the first stop after the site header's (a new load, without "#main").
  await worker.goto("/cabinet")
  await hydrated(worker)
  const stops = await tabsTo(worker, worker.locator("main :focus"))
  expect(await start.evaluate((button) => button === document.activeElement)).toBe(true)
  expect(stops, "Tab presses from the top of the page to Start solving").toBeLessThanOrEqual(12)
  await start.press("Enter")

  // The customer sends the grid sample (its answer is public); a check task of another type may come first.
  const samples = (await (await customer.request.get("/api/v2/captcha/samples")).json()) as {
    samples: { type: string; answer: string }[]
  }
  const index = samples.samples.findIndex((sample) => sample.type === "GridTask")
  const tiles = samples.samples[index]!.answer.replace("click:", "").split("/")
  await customer.goto("/testcaptcha")
  await hydrated(customer)
  await customer.getByRole("button", { name: `Sample ${index + 1}` }).click()
  await customer.getByRole("button", { name: "Send the test captcha" }).click()
  const result = customer.getByRole("region", { name: "Result" })
  await expect(result.getByText(/^Task \d+, checked every second/)).toBeVisible()
  const solved = customer.getByText(/^Task \d+: Solved$/)
  let measured = false
  for (let offers = 1; ; offers++) {
    expect(offers).toBeLessThan(5)
    const panel = await openTask(worker)
    const grid = panel.getByRole("group", { name: "Tiles" })
    if (await grid.isVisible()) {
      await expect(grid.getByRole("button", { name: "Tile 1" })).toBeFocused()
      if (!measured) {
        // The whole task is in the window, from its title to Send: the worker does not scroll to the last tiles.
        await expect(panel.getByRole("img", { name: "Captcha picture" })).toHaveJSProperty("complete", true)
        for (const part of [
          panel.getByRole("heading", { level: 2 }),
          grid.getByRole("button", { name: "Tile 9" }),
          panel.getByRole("button", { name: /^Send answer/ }),
        ]) {
          const box = (await part.boundingBox())!
          expect(box.y).toBeGreaterThanOrEqual(0)
          expect(box.y + box.height).toBeLessThanOrEqual(900)
        }
        measured = true
      }
      // The worker answers with the keys; the customer's page shows the task solved.
      for (const tile of tiles) await worker.keyboard.press(tile)
      await worker.keyboard.press("Enter")
    } else await worker.keyboard.press("Escape")
    if (
      await solved.waitFor({ state: "attached", timeout: 8_000 }).then(
        () => true,
        () => false,
      )
    )
      break
    await expect(panel).toHaveCount(0)
  }
  expect(measured).toBe(true)

  await customerContext.close()
  await workerContext.close()
})

test("a captcha sent from /testcaptcha is solved in /cabinet with the keyboard; both screens and the ledger agree", async ({
  browser,
}) => {
  const customerContext = await browser.newContext()
  const workerContext = await browser.newContext()
  const customer = await customerContext.newPage()
  const worker = await workerContext.newPage()
  await signIn(customer, CUSTOMER)
  await signIn(worker, WORKER)
  const before = { customer: await ledger(customer, CUSTOMER), worker: await ledger(worker, WORKER) }

  await startSolving(worker)
  const cost = await sendAndSolve(customer, worker)

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
  // From one dollar up money shows whole cents, cut (server/MONEY.md).
  expect(await dashboardBalance(customer)).toBe(shownMoney(available(after.customer, "customer_balance")))

  await customerContext.close()
  await workerContext.close()
})

test("a referred customer tops up, a worker solves their captcha, the referrer earns a share, and the worker is paid out", async ({
  browser,
}) => {
  // 39 s alone, 78 s in a full run.
  test.setTimeout(300_000)
  const contexts = await Promise.all([1, 2, 3, 4].map(() => browser.newContext()))
  const [customer, worker, referrer, admin] = await Promise.all(contexts.map((context) => context.newPage()))
  await signIn(referrer!, CUSTOMER)
  await signIn(worker!, WORKER)
  await signIn(admin!, ADMIN)
  const { id: referrerId } = (await (await referrer!.request.get("/api/v2/user")).json()) as { id: string }
  const before = { referrer: await ledger(referrer!, CUSTOMER), worker: await ledger(worker!, WORKER) }

  // A new customer comes through the referrer's link, registers and tops up $10.00 with the sandbox.
  const email = `referred-${Date.now().toString(36)}@example.com`
  const tracked = customer!.waitForResponse((r) => r.url().endsWith("/api/v1/event-tracker"))
  await customer!.goto(`/?from=${referrerId}`)
  expect((await tracked).ok()).toBe(true)
  await registerCustomer(customer!, email)
  await startTopUp(customer!, "10")
  await customer!.getByRole("button", { name: "Pay (succeeds)" }).click()
  await expect(customer!.getByRole("heading", { name: "$10.00 added to your balance" })).toBeVisible()

  // The worker solves the new customer's captcha.
  await startSolving(worker!)
  const cost = await sendAndSolve(customer!, worker!)
  expect(available(await ledger(customer!, email), "customer_balance")).toBe(10_000_000 - cost)

  // The referrer's share (10 % of the spend) is on their partner balance, and their summary says the same.
  const share = Math.floor((cost * 10) / 100)
  const afterSolve = { referrer: await ledger(referrer!, CUSTOMER), worker: await ledger(worker!, WORKER) }
  expect(
    available(afterSolve.referrer, "partner_balance") - available(before.referrer, "partner_balance"),
  ).toBe(share)
  const summary = (await (await referrer!.request.get("/api/v2/partner/summary")).json()) as {
    clicks: number
    signUps: number
    earnings: { customers: { USD: number } }
  }
  // The click counted: the page the server rendered gave the browser its visit cookie, and the tracker saw it.
  expect(summary.clicks).toBeGreaterThanOrEqual(1)
  expect(summary.signUps).toBeGreaterThanOrEqual(1)
  expect(summary.earnings.customers.USD).toBeGreaterThanOrEqual(share)

  // The worker asks for $5.00 of their earnings by PayPal (fee $0.30): it leaves their earnings at once.
  await worker!.goto("/partner/payment")
  await hydrated(worker!)
  await worker!.getByRole("textbox", { name: /^Amount in/ }).fill("5")
  await expect(worker!.getByText("You receive $4.70 after the $0.30 fee.")).toBeVisible()
  await worker!.getByRole("button", { name: "Request payout" }).click()
  await expect(worker!.getByText("Payout of $5.00 requested")).toBeVisible()
  const afterRequest = await ledger(worker!, WORKER)
  expect(available(afterSolve.worker, "worker_earnings") - available(afterRequest, "worker_earnings")).toBe(
    5_000_000,
  )

  // An administrator sends $4.70 by PayPal and approves it with that reference; the worker's history shows it.
  await admin!.goto("/admin/payouts")
  await hydrated(admin!)
  await admin!.getByRole("button", { name: `Approve the payout of $5.00 to ${WORKER}` }).click()
  const dialog = admin!.getByRole("dialog", { name: "Approve payout" })
  await dialog.getByRole("textbox", { name: /^Transaction reference/ }).fill("PAYPAL-7TX41")
  await dialog.getByRole("button", { name: "Approve payout" }).click()
  await expect(admin!.getByText(`Payout approved: $4.70 to ${WORKER}.`)).toBeVisible()
  await worker!.goto("/partner/history_payment")
  await hydrated(worker!)
  const row = worker!.getByRole("row").filter({ hasText: "PAYPAL-7TX41" })
  await expect(row).toContainText("$5.00")
  await expect(row).toContainText("Approved")

  // Every movement is in the ledger, and it balances.
  const end = await ledger(admin!, WORKER)
  expect(end.problems).toEqual([])
  expect(end.balanced).toBe(true)
  expect(available(end, "worker_earnings")).toBe(available(afterRequest, "worker_earnings"))
  for (const context of contexts) await context.close()
})

test("the public statistics and prices move when a customer's captcha is solved, after the next rollup", async ({
  browser,
}) => {
  // 25 s alone, 40 s in a full run.
  test.setTimeout(180_000)
  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  // The server rolls up every second and caches a second (global-setup): the figures follow within seconds.
  const solvedFigure = async () => {
    await visitor.goto("/public_statistics")
    const value = visitor
      .getByRole("group", { name: "Tasks solved" })
      .first()
      .locator('[data-slot="stat-value"]')
    return Number((await value.textContent())!.replace(/\D/g, ""))
  }
  const before = await solvedFigure()

  const customerContext = await browser.newContext()
  const workerContext = await browser.newContext()
  const customer = await customerContext.newPage()
  const worker = await workerContext.newPage()
  await signIn(customer, CUSTOMER)
  await signIn(worker, WORKER)
  await startSolving(worker)
  await sendAndSolve(customer, worker)

  // At least this one: other tests' tasks (the play journey's, the demos') are solved on the same server meanwhile.
  await expect.poll(solvedFigure, { timeout: 20_000 }).toBeGreaterThanOrEqual(before + 1)
  // The type's row counts it too, and the page is the one the first HTML brought (no client-side fetch needed).
  await hydrated(visitor)
  const row = visitor.getByRole("row", { name: /Normal image captcha/ }).first()
  await expect(row).toBeVisible()

  // The price list names the price the customer was charged, and the calculator works with the keyboard.
  await visitor.goto("/pricing")
  await hydrated(visitor)
  await expect(visitor.getByRole("row", { name: /Normal image captcha/ }).first()).toContainText("$0.50")
  await visitor
    .getByRole("radio", { name: "EUR" })
    .or(visitor.getByRole("button", { name: "EUR" }))
    .first()
    .click()
  await expect(visitor.getByRole("row", { name: /Normal image captcha/ }).first()).toContainText("€0.46")

  await visitorContext.close()
  await customerContext.close()
  await workerContext.close()
})

test("a wrong answer reported from /testcaptcha is refunded: the page, the uploads list, the dashboard and the ledger agree", async ({
  browser,
}) => {
  const customerContext = await browser.newContext()
  const workerContext = await browser.newContext()
  const customer = await customerContext.newPage()
  const worker = await workerContext.newPage()
  await signIn(customer, CUSTOMER)
  await signIn(worker, WORKER)
  const before = available(await ledger(customer, CUSTOMER), "customer_balance")

  await startSolving(worker)
  const cost = await sendAndSolve(customer, worker)
  expect(available(await ledger(customer, CUSTOMER), "customer_balance")).toBe(before - cost)
  const { taskId, refund } = await reportWrongOnTestPage(customer)
  expect(refund).toBe(cost)

  // The refund is in the ledger, which still balances.
  const after = await ledger(customer, CUSTOMER)
  expect(after.problems).toEqual([])
  expect(after.balanced).toBe(true)
  expect(available(after, "customer_balance")).toBe(before)

  // The uploads list shows the task reported and refunded, with nothing left to report.
  await customer.goto("/statistics/uploads")
  await hydrated(customer)
  const row = customer.getByRole("row", { name: new RegExp(`^${taskId}`) })
  await expect(row).toContainText("Refunded")
  await expect(row).toContainText("Reported as wrong")
  await expect(row.getByRole("button", { name: /^Report as wrong/ })).toHaveCount(0)

  // The dashboard's balance is the ledger's, the refund included.
  expect(await dashboardBalance(customer)).toBe(shownMoney(before))

  await customerContext.close()
  await workerContext.close()
})

/** What a person reads off a demo challenge (the test server's /dev helper). */
async function demoAnswer(page: Page, panel: Locator) {
  const id = await panel.getAttribute("data-challenge-id")
  const response = await page.request.get(`/dev/captcha-demo/${id}/answer`)
  expect(response.ok()).toBe(true)
  return (await response.json()) as { kind: string; cells?: number[]; text?: string }
}

/**
 * Waits in /cabinet for the task that `mine` recognises; another task that comes first (a check task, one in 30)
 * is skipped with Escape (only a task open for an answer is judged, by its assignment: see openTask).
 */
async function nextTask(worker: Page, mine: (panel: Locator) => Promise<boolean>) {
  for (let offers = 1; ; offers++) {
    expect(offers).toBeLessThan(5)
    const panel = await openTask(worker)
    if (await mine(panel)) return panel
    await worker.keyboard.press("Escape")
    await expect(panel).toHaveCount(0)
  }
}

test("a developer solves demos with their API key: a worker solves the demo widget in /cabinet, the page verifies the token", async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const visitorContext = await browser.newContext()
  const customerContext = await browser.newContext()
  const workerContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  const customer = await customerContext.newPage()
  const worker = await workerContext.newPage()

  // Signed out, the page says what the button needs.
  await visitor.goto("/demo/recaptcha-v2")
  await hydrated(visitor)
  await expect(
    visitor.getByText("Sign in as a customer to send this demo's task with your own API key."),
  ).toBeVisible()
  await expect(visitor.getByRole("button", { name: "Solve with my API key" })).toHaveCount(0)

  await signIn(customer, CUSTOMER)
  await signIn(worker, WORKER)
  const before = available(await ledger(customer, CUSTOMER), "customer_balance")
  await startSolving(worker)

  // A token demo: the task goes through the API with the page's site key; the worker sees our widget.
  await customer.goto("/demo/recaptcha-v2")
  await hydrated(customer)
  await customer.getByRole("button", { name: "Solve with my API key" }).click()
  await expect(
    customer.getByText("Sent. Waiting for a worker…").or(customer.getByText("A worker is solving it…")),
  ).toBeVisible()
  const panel = await nextTask(
    worker,
    async (task) => (await task.getByTestId("demo-widget-task").count()) > 0,
  )
  await expect(panel.getByText("6LfMhDemoRecaptchaV2Checkbox0000000000001")).toBeVisible()
  await panel.getByRole("checkbox", { name: "I'm not a robot" }).click()
  const challenge = panel.locator("[data-challenge-id]")
  const answer = await demoAnswer(worker, challenge)
  for (const cell of answer.cells!)
    await challenge.getByRole("button", { name: new RegExp(`^Square ${cell},`) }).click()
  await challenge.getByRole("button", { name: "Verify", exact: true }).click()
  await expect(panel.getByText("Solved. Press Send answer to hand the token over.")).toBeVisible()
  await panel.getByRole("button", { name: /^Send answer/ }).click()

  // The answer comes back into the customer's widget, and the verifier accepts it.
  await expect(customer.getByText(/^Solved in [\d.]+ s for \$0\.\d+\./)).toBeVisible({ timeout: 15_000 })
  const widget = customer.locator('[data-demo-widget="recaptcha-v2"]')
  await expect(widget.getByText("Solved through the API")).toBeVisible()
  await expect(widget.locator('textarea[name="g-recaptcha-response"]')).not.toHaveValue("")
  await customer.getByRole("button", { name: "Check", exact: true }).click()
  await expect(customer.getByRole("status").filter({ hasText: "Verified" })).toBeVisible()

  // A picture demo: this visit's picture goes to the API; the worker types it in the cabinet; the page checks it.
  await customer.goto("/demo/normal")
  await hydrated(customer)
  const picture = customer.locator("[data-challenge-id]")
  const text = (await demoAnswer(customer, picture)).text!
  await customer.getByRole("button", { name: "Solve with my API key" }).click()
  // The demo's picture comes without instructions; other tests' image tasks (the play journey's) carry some.
  const imageTask = await nextTask(
    worker,
    async (task) =>
      (await task.getByRole("heading", { name: "Normal image captcha" }).count()) > 0 &&
      (await task.locator('[data-slot="task-instructions"]').count()) === 0,
  )
  await expect(imageTask.getByLabel("Answer", { exact: true })).toBeFocused()
  await worker.keyboard.type(text)
  await worker.keyboard.press("Enter")
  await expect(customer.getByText("The answer was checked: see the verdict above.")).toBeVisible({
    timeout: 15_000,
  })
  await expect(customer.getByRole("status").filter({ hasText: "Verified" })).toBeVisible()

  // Both tasks were charged through the ledger, which balances.
  const after = await ledger(customer, CUSTOMER)
  expect(after.balanced).toBe(true)
  expect(available(after, "customer_balance")).toBeLessThan(before)

  await visitorContext.close()
  await customerContext.close()
  await workerContext.close()
})

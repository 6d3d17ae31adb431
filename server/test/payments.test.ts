import { createHmac, randomBytes } from "node:crypto"
import { Writable } from "node:stream"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { Page } from "@manyhands/contract"
import type {
  CreatedPayment,
  DaySummary,
  Movement,
  Payment,
  ProvidersData,
  SandboxCheckout,
} from "@manyhands/contract/money"
import { buildApp } from "../src/app"
import { loadConfig } from "../src/config"
import type { Database } from "../src/db/database"
import { type Currency, checkLedger, ledgerAccount, transfer } from "../src/modules/ledger/ledger"
import { createPromoCode, redeemPromoCode } from "../src/modules/codes/promo-codes"
import { issueVouchers, redeemVoucher } from "../src/modules/codes/vouchers"
import { createPayment, reconcile } from "../src/modules/payments/payments"
import type { PaymentProviderAdapter } from "../src/modules/payments/providers/provider"
import { createSandboxProvider, decideSandboxCheckout } from "../src/modules/payments/providers/sandbox"
import { confirmTransfer, createTransfer } from "../src/modules/transfers/transfers"
import { testBrowser, type TestBrowser } from "./browser"
import { imageTask, newUser, pngImage, solveImage } from "./captcha-fixtures"
import { engines, type TestEngine } from "./databases"

/** Known to the test, so that it signs webhooks itself rather than through the code under test. */
const SECRET = "sandbox-test-secret-0123456789abcdef"
const USD = 1_000_000
const HEADER = "manyhands-sandbox-signature"

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{
    error: { code: string; message: string; details?: { field: string; message: string }[] }
  }>().error

/** As startTestApp (test-app.ts), with the sandbox's secret set. */
async function startPaymentsApp(engine: TestEngine) {
  const { db, drop } = await engine.create("demo")
  const logs: string[] = []
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk))
      done()
    },
  })
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", PAYMENT_SANDBOX_SECRET: SECRET })
  const app = await buildApp({ config, db, pages: "none", logStream })
  return {
    app,
    db,
    logs,
    stop: async () => {
      await app.close()
      await drop()
    },
  }
}

/** The header a sandbox webhook carries: t=<seconds>,v1=<HMAC-SHA256 of "<t>.<body>">. */
const sign = (body: string, { secret = SECRET, at = Math.floor(Date.now() / 1000) } = {}) =>
  `t=${at},v1=${createHmac("sha256", secret).update(`${at}.${body}`).digest("hex")}`

interface EventBody {
  id?: string
  type: "payment.succeeded" | "payment.failed"
  checkoutId: string
  amount: number
  currency: Currency
}

const eventBody = (event: EventBody) =>
  JSON.stringify({ id: event.id ?? `evt_test_${randomBytes(8).toString("hex")}`, ...event })

describe.each(engines)("payments on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let logs: string[]
  let stop: () => Promise<void>
  let accounts = 0
  /** The sandbox as reconciliation in another process would see it: the same bank, the same secret. */
  let adapters: Map<string, PaymentProviderAdapter>

  beforeAll(async () => {
    ;({ app, db, logs, stop } = await startPaymentsApp(engine))
    adapters = new Map([["sandbox", createSandboxProvider({ db, secret: SECRET })]])
    await db.query("UPDATE gold_tasks SET enabled = false")
    app.captchaEngine.workers.goldShare = 0
  })
  afterAll(() => stop())
  // Whatever a test did, the books balance and every account agrees with its transfers.
  afterEach(async () => {
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })

  interface Customer {
    id: string
    email: string
    browser: TestBrowser
  }

  async function newCustomer(): Promise<Customer> {
    const email = `payer${++accounts}@example.com`
    const id = await newUser(db, email, "customer")
    const browser = testBrowser(app)
    expect((await browser.signIn(email)).statusCode).toBe(200)
    return { id, email, browser }
  }

  /** Starts a sandbox top-up as the /addbalance page does; the checkout id is the last part of redirectUrl. */
  async function topUp(customer: Customer, amount: number, currency: Currency = "USD") {
    const response = await customer.browser.post("/api/v2/payments", {
      provider: "sandbox",
      amount,
      currency,
    })
    expect(response.statusCode, response.body).toBe(201)
    const created = response.json<CreatedPayment>()
    expect(created.redirectUrl).toMatch(/^\/pay\/sandbox\/[A-Za-z0-9_-]{32}$/)
    return { id: created.id, checkoutId: created.redirectUrl.split("/").pop()! }
  }

  const complete = (customer: Customer, checkoutId: string, outcome: "succeed" | "fail" | "pending") =>
    customer.browser.post(`/api/v2/payments/sandbox/${checkoutId}/complete`, { outcome })

  /** A webhook as the sandbox bank (or someone pretending) sends it; no session, no CSRF token. */
  const webhook = (body: string, signature: string | null = sign(body), provider = "sandbox") =>
    app.inject({
      method: "POST",
      url: `/api/v2/payments/webhooks/${provider}`,
      payload: body,
      headers: { "content-type": "application/json", ...(signature === null ? {} : { [HEADER]: signature }) },
    })

  const balance = async (userId: string, currency: Currency = "USD") => {
    const { rows } = await db.query<{ posted: string }>(
      `SELECT (credits_posted - debits_posted)::text AS posted FROM ledger_accounts
        WHERE user_id = $1 AND purpose = 'customer_balance' AND currency = $2`,
      [userId, currency],
    )
    return Number(rows[0]?.posted ?? 0)
  }

  const payment = async (customer: Customer, id: string) => {
    const response = await customer.browser.get(`/api/v2/payments/${id}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Payment>()
  }

  const events = async (paymentId: string | null, providerPaymentId?: string) =>
    (
      await db.query<{ event_id: string; result: string; outcome: string }>(
        `SELECT event_id, result, outcome FROM payment_events
          WHERE payment_id IS NOT DISTINCT FROM $1 AND ($2::text IS NULL OR provider_payment_id = $2) ORDER BY id`,
        [paymentId, providerPaymentId ?? null],
      )
    ).rows

  const logged = (pattern: RegExp) => logs.some((line) => pattern.test(line))

  it("lists the enabled providers and the limits of a top-up", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v2/payments/providers" })
    expect(response.statusCode).toBe(200)
    // No Stripe keys in this configuration: the sandbox alone.
    expect(response.json<ProvidersData>()).toEqual({
      providers: [{ shortname: "sandbox", kind: "redirect", currencies: ["USD", "RUB"] }],
      limits: {
        USD: { min: 1 * USD, max: 10_000 * USD },
        RUB: { min: 100 * USD, max: 1_000_000 * USD },
      },
    })
  })

  it("credits a sandbox payment once: create, checkout, succeed, and the same webhook again", async () => {
    const customer = await newCustomer()
    const { id, checkoutId } = await topUp(customer, 25 * USD)
    expect(await payment(customer, id)).toMatchObject({
      id,
      provider: "sandbox",
      amount: 25 * USD,
      currency: "USD",
      status: "pending",
      completedAt: null,
      reference: checkoutId,
    })

    // The checkout page needs no sign-in: its id is the secret.
    const page = await app.inject({ method: "GET", url: `/api/v2/payments/sandbox/${checkoutId}` })
    expect(page.statusCode).toBe(200)
    expect(page.json<SandboxCheckout>()).toEqual({
      checkoutId,
      amount: 25 * USD,
      currency: "USD",
      status: "pending",
      returnUrl: `/pay/ok?payment=${id}`,
    })

    const paid = await complete(customer, checkoutId, "succeed")
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json()).toEqual({ returnUrl: `/pay/ok?payment=${id}` })
    const after = await payment(customer, id)
    expect(after.status).toBe("succeeded")
    expect(after.completedAt).not.toBeNull()
    expect(await balance(customer.id)).toBe(25 * USD)
    const credited = await events(id)
    expect(credited).toEqual([expect.objectContaining({ result: "credited", outcome: "succeeded" })])
    const { rows: transfers } = await db.query<{ amount: string }>(
      "SELECT amount::text FROM ledger_transfers WHERE idempotency_key = $1",
      [`payment:sandbox:${checkoutId}`],
    )
    expect(transfers).toEqual([{ amount: String(25 * USD) }])
    // The user's balance as the whole site shows it.
    expect(
      (await customer.browser.get("/api/v2/user")).json<{ balance: { amount: number } }>().balance.amount,
    ).toBe(25 * USD)

    // The bank delivers its decision again (as a retry would), and the exact webhook is replayed by hand.
    expect((await complete(customer, checkoutId, "succeed")).statusCode).toBe(200)
    const replay = eventBody({
      id: credited[0]!.event_id,
      type: "payment.succeeded",
      checkoutId,
      amount: 25 * USD,
      currency: "USD",
    })
    const replayed = await webhook(replay)
    expect(replayed.statusCode).toBe(200)
    expect(replayed.json()).toEqual({ received: true })
    // Another event id saying the same: recorded, nothing moved.
    const again = await webhook(
      eventBody({ type: "payment.succeeded", checkoutId, amount: 25 * USD, currency: "USD" }),
    )
    expect(again.statusCode).toBe(200)
    expect(await balance(customer.id)).toBe(25 * USD)
    expect((await events(id)).map((event) => event.result)).toEqual(["credited", "ignored_duplicate"])

    // The bank does not change its mind.
    const declined = await complete(customer, checkoutId, "fail")
    expect(declined.statusCode).toBe(409)
    expect(errorOf(declined).code).toBe("SANDBOX_CHECKOUT_DECIDED")
    expect((await payment(customer, id)).status).toBe("succeeded")
  })

  it("credits once when several events about the same success arrive together", async () => {
    const customer = await newCustomer()
    const { id, checkoutId } = await topUp(customer, 9 * USD)
    const bodies = Array.from({ length: 5 }, () =>
      eventBody({ type: "payment.succeeded", checkoutId, amount: 9 * USD, currency: "USD" }),
    )
    // The same event twice among them, as a provider retrying before the first answer came back.
    bodies.push(bodies[0]!)
    const answers = await Promise.all(bodies.map((body) => webhook(body)))
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200])
    expect(await balance(customer.id)).toBe(9 * USD)
    expect((await events(id)).map((event) => event.result).sort()).toEqual([
      "credited",
      "ignored_duplicate",
      "ignored_duplicate",
      "ignored_duplicate",
      "ignored_duplicate",
    ])
  })

  it("refuses forged, unsigned, tampered and stale webhooks, crediting nothing", async () => {
    const customer = await newCustomer()
    const { id, checkoutId } = await topUp(customer, 10 * USD)
    const body = eventBody({ type: "payment.succeeded", checkoutId, amount: 10 * USD, currency: "USD" })

    const forged = await webhook(body, sign(body, { secret: "someone-elses-secret-0123456789" }))
    expect(forged.statusCode).toBe(400)
    expect(errorOf(forged)).toEqual({
      code: "WEBHOOK_REFUSED",
      message: "The signature does not match the body",
    })
    expect(logged(/"msg":"payment webhook refused"/)).toBe(true)

    const unsigned = await webhook(body, null)
    expect(unsigned.statusCode).toBe(400)
    expect(errorOf(unsigned).message).toMatch(/manyhands-sandbox-signature header is missing/)

    // A signature of another body (the amount raised after signing).
    const tampered = await webhook(body.replace(String(10 * USD), String(10_000 * USD)), sign(body))
    expect(tampered.statusCode).toBe(400)

    const stale = await webhook(body, sign(body, { at: Math.floor(Date.now() / 1000) - 600 }))
    expect(stale.statusCode).toBe(400)
    expect(errorOf(stale).message).toMatch(/timestamp is 60\d s away from now/)

    const garbled = await webhook(body, "v1=abc")
    expect(garbled.statusCode).toBe(400)
    const notJson = await webhook("not json")
    expect(notJson.statusCode).toBe(400)
    expect(errorOf(notJson).message).toBe("The body is not JSON")

    expect((await payment(customer, id)).status).toBe("pending")
    expect(await balance(customer.id)).toBe(0)
    expect(await events(id)).toEqual([])

    // The genuine one still works afterwards.
    expect((await webhook(body)).statusCode).toBe(200)
    expect(await balance(customer.id)).toBe(10 * USD)
  })

  it("answers 200 to an event about no payment of ours, and logs it", async () => {
    const unknown = `unknown${randomBytes(8).toString("hex")}`
    const response = await webhook(
      eventBody({ type: "payment.succeeded", checkoutId: unknown, amount: 5 * USD, currency: "USD" }),
    )
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ received: true })
    expect(await events(null, unknown)).toEqual([expect.objectContaining({ result: "ignored_unknown" })])
    expect(logged(new RegExp(`"providerPaymentId":"${unknown}".*"result":"ignored_unknown"`))).toBe(true)

    // A provider that is not enabled here has no webhook.
    const card = await webhook("{}", null, "card")
    expect(card.statusCode).toBe(404)
    expect(errorOf(card).code).toBe("PAYMENT_PROVIDER_UNKNOWN")
  })

  it("refuses an event whose amount or currency differs from the payment: nothing credited, still pending", async () => {
    const customer = await newCustomer()
    const { id, checkoutId } = await topUp(customer, 5 * USD)
    const more = await webhook(
      eventBody({ type: "payment.succeeded", checkoutId, amount: 50 * USD, currency: "USD" }),
    )
    expect(more.statusCode).toBe(200)
    const rubles = await webhook(
      eventBody({ type: "payment.succeeded", checkoutId, amount: 5 * USD, currency: "RUB" }),
    )
    expect(rubles.statusCode).toBe(200)
    expect((await payment(customer, id)).status).toBe("pending")
    expect(await balance(customer.id)).toBe(0)
    expect(await balance(customer.id, "RUB")).toBe(0)
    expect((await events(id)).map((event) => event.result)).toEqual([
      "refused_amount_mismatch",
      "refused_amount_mismatch",
    ])
    expect(
      logged(/"result":"refused_amount_mismatch".*"expected":\{"amount":5000000,"currency":"USD"\}/),
    ).toBe(true)
  })

  it("changes nothing after a final state: no success after a failure, no failure after a success", async () => {
    const customer = await newCustomer()
    const failing = await topUp(customer, 7 * USD)
    const declined = await complete(customer, failing.checkoutId, "fail")
    expect(declined.json()).toEqual({ returnUrl: `/pay/error?payment=${failing.id}` })
    expect((await payment(customer, failing.id)).status).toBe("failed")
    // A late success for the failed payment (out of order): ignored, logged.
    const late = await webhook(
      eventBody({
        type: "payment.succeeded",
        checkoutId: failing.checkoutId,
        amount: 7 * USD,
        currency: "USD",
      }),
    )
    expect(late.statusCode).toBe(200)
    expect((await payment(customer, failing.id)).status).toBe("failed")
    expect(await balance(customer.id)).toBe(0)
    expect((await events(failing.id)).map((event) => event.result)).toEqual([
      "failed",
      "ignored_out_of_order",
    ])
    expect(
      logged(/"result":"ignored_out_of_order".*"msg":"payment event ignored: the payment is already final"/),
    ).toBe(true)

    const paying = await topUp(customer, 8 * USD)
    expect((await complete(customer, paying.checkoutId, "succeed")).statusCode).toBe(200)
    const failure = await webhook(
      eventBody({ type: "payment.failed", checkoutId: paying.checkoutId, amount: 8 * USD, currency: "USD" }),
    )
    expect(failure.statusCode).toBe(200)
    expect((await payment(customer, paying.id)).status).toBe("succeeded")
    expect(await balance(customer.id)).toBe(8 * USD)
    expect((await events(paying.id)).map((event) => event.result)).toEqual([
      "credited",
      "ignored_out_of_order",
    ])
  })

  it("reconciles a payment left pending once the bank decides: credited exactly once", async () => {
    const customer = await newCustomer()
    const { id, checkoutId } = await topUp(customer, 12 * USD)
    const waiting = await complete(customer, checkoutId, "pending")
    expect(waiting.json()).toEqual({ returnUrl: `/pay/ok?payment=${id}` })
    expect((await payment(customer, id)).status).toBe("pending")

    // Still pending at the bank: reconciliation asks, and nothing happens.
    expect(await reconcile(db, adapters, { olderThanMs: 0, log: app.log })).toContain("pending")
    expect((await payment(customer, id)).status).toBe("pending")

    // The bank decides, but its webhook is lost.
    await decideSandboxCheckout(db, checkoutId, "succeeded")
    // Too recent to be asked about.
    await reconcile(db, adapters, { olderThanMs: 60_000, log: app.log })
    expect((await payment(customer, id)).status).toBe("pending")
    await db.query("UPDATE payments SET created_at = now() - interval '11 minutes' WHERE id = $1", [id])
    expect(await reconcile(db, adapters, { olderThanMs: 10 * 60_000, log: app.log })).toEqual(["credited"])
    expect((await payment(customer, id)).status).toBe("succeeded")
    expect(await balance(customer.id)).toBe(12 * USD)

    // Another round, and the lost webhook arriving after all: nothing more.
    expect(await reconcile(db, adapters, { olderThanMs: 0, log: app.log })).not.toContain("credited")
    expect((await complete(customer, checkoutId, "succeed")).statusCode).toBe(200)
    expect(await balance(customer.id)).toBe(12 * USD)
    expect((await events(id)).map((event) => event.result)).toEqual(["credited", "ignored_duplicate"])
  })

  it("expires a checkout left pending for a day, and fails a payment that never reached its provider", async () => {
    const customer = await newCustomer()
    const { id, checkoutId } = await topUp(customer, 3 * USD)
    await db.query(
      "UPDATE sandbox_checkouts SET created_at = now() - interval '25 hours' WHERE checkout_id = $1",
      [checkoutId],
    )
    await db.query("UPDATE payments SET created_at = now() - interval '25 hours' WHERE id = $1", [id])
    expect(
      (await app.inject({ method: "GET", url: `/api/v2/payments/sandbox/${checkoutId}` })).json(),
    ).toMatchObject({
      status: "expired",
      returnUrl: `/pay/error?payment=${id}`,
    })
    expect(await reconcile(db, adapters, { olderThanMs: 10 * 60_000, log: app.log })).toContain("expired")
    expect((await payment(customer, id)).status).toBe("expired")
    const late = await complete(customer, checkoutId, "succeed")
    expect(late.statusCode).toBe(409)
    expect(errorOf(late).code).toBe("SANDBOX_CHECKOUT_EXPIRED")

    // Created, but the provider never answered with its id (the process stopped in between).
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO payments (user_id, provider, amount, currency, created_at)
       VALUES ($1, 'sandbox', $2, 'USD', now() - interval '1 hour') RETURNING id::text`,
      [customer.id, 4 * USD],
    )
    await reconcile(db, adapters, { olderThanMs: 10 * 60_000, log: app.log })
    expect((await payment(customer, rows[0]!.id)).status).toBe("failed")
    expect(await balance(customer.id)).toBe(0)
  })

  const cancel = (customer: Customer, id: string) => customer.browser.post(`/api/v2/payments/${id}/cancel`)

  it("keeps a pending payment's checkout for the payer to go back to, until it closes", async () => {
    const customer = await newCustomer()
    const { id, checkoutId } = await topUp(customer, 6 * USD)
    const left = await payment(customer, id)
    expect(left.checkoutUrl).toBe(`/pay/sandbox/${checkoutId}`)
    // The sandbox's checkout holds for a day.
    const day = Date.parse(left.payableUntil!) - Date.parse(left.createdAt)
    expect(Math.abs(day - 24 * 3_600_000)).toBeLessThan(5_000)
    // The balance history's row says the same, so the history can offer the way back.
    const history = await customer.browser.get("/api/v2/balance/history")
    expect(history.json<Page<Movement>>().items[0]).toMatchObject({
      id: `topUp:${id}`,
      checkoutUrl: `/pay/sandbox/${checkoutId}`,
      payableUntil: left.payableUntil,
    })

    // Paid: nothing more to continue.
    await complete(customer, checkoutId, "succeed")
    expect(await payment(customer, id)).toMatchObject({
      status: "succeeded",
      checkoutUrl: null,
      payableUntil: left.payableUntil,
    })

    // Another one, left until its checkout closed: it can no longer be continued, even before reconciliation.
    const late = await topUp(customer, 2 * USD)
    await db.query("UPDATE payments SET payable_until = now() - interval '1 minute' WHERE id = $1", [late.id])
    expect(await payment(customer, late.id)).toMatchObject({ status: "pending", checkoutUrl: null })
    expect(
      (await customer.browser.get("/api/v2/balance/history")).json<Page<Movement>>().items[0],
    ).toMatchObject({ id: `topUp:${late.id}`, checkoutUrl: null })
  })

  it("cancels a pending payment once: its checkout closes, an event records it, and no money moves", async () => {
    const customer = await newCustomer()
    const { id, checkoutId } = await topUp(customer, 9 * USD)
    const response = await cancel(customer, id)
    expect(response.statusCode, response.body).toBe(200)
    const cancelled = response.json<Payment>()
    expect(cancelled).toMatchObject({ id, status: "cancelled", checkoutUrl: null, reference: checkoutId })
    expect(cancelled.completedAt).not.toBeNull()
    expect(await events(id)).toEqual([
      { event_id: `cancel:${id}`, result: "cancelled", outcome: "cancelled" },
    ])
    expect(logged(new RegExp(`"paymentId":"${id}".*payment cancelled by its payer`))).toBe(true)

    // Again (a double click, a second tab): the same answer, nothing recorded twice.
    const again = await cancel(customer, id)
    expect(again.statusCode).toBe(200)
    expect(again.json<Payment>()).toEqual(cancelled)
    expect(await events(id)).toHaveLength(1)

    // The sandbox bank closed the checkout: it can be neither paid nor declined there any more.
    const checkout = await app.inject({ method: "GET", url: `/api/v2/payments/sandbox/${checkoutId}` })
    expect(checkout.json<SandboxCheckout>()).toMatchObject({
      status: "cancelled",
      returnUrl: `/pay/error?payment=${id}`,
    })
    for (const outcome of ["succeed", "fail", "pending"] as const) {
      const refused = await complete(customer, checkoutId, outcome)
      expect(refused.statusCode).toBe(409)
      expect(errorOf(refused).code).toBe("SANDBOX_CHECKOUT_CANCELLED")
    }
    // Whatever else arrives about it changes nothing; a success would need a person (refund it).
    expect(
      (await webhook(eventBody({ type: "payment.failed", checkoutId, amount: 9 * USD, currency: "USD" })))
        .statusCode,
    ).toBe(200)
    await webhook(eventBody({ type: "payment.succeeded", checkoutId, amount: 9 * USD, currency: "USD" }))
    expect((await events(id)).map((event) => event.result)).toEqual([
      "cancelled",
      "ignored_duplicate",
      "ignored_out_of_order",
    ])
    expect((await payment(customer, id)).status).toBe("cancelled")
    expect(await balance(customer.id)).toBe(0)
    expect(
      (
        await db.query("SELECT 1 FROM ledger_transfers WHERE idempotency_key LIKE $1", [
          `payment:%:${checkoutId}`,
        ])
      ).rows,
    ).toEqual([])
    // Reconciliation leaves it alone.
    await db.query("UPDATE payments SET created_at = now() - interval '1 hour' WHERE id = $1", [id])
    await reconcile(db, adapters, { olderThanMs: 0, log: app.log })
    expect((await payment(customer, id)).status).toBe("cancelled")

    // Listed with its status, and found by it.
    const list = (await customer.browser.get("/api/v2/payments?status=cancelled")).json<Page<Payment>>()
    expect(list.items.map((item) => item.id)).toEqual([id])
    const history = (await customer.browser.get("/api/v2/balance/history?status=cancelled")).json<
      Page<Movement>
    >()
    expect(history.items).toEqual([
      expect.objectContaining({
        id: `topUp:${id}`,
        status: "cancelled",
        checkoutUrl: null,
        ledgerTransferId: null,
      }),
    ])
  })

  it("cancels a payment once when the payer cancels it twice at the same moment", async () => {
    const customer = await newCustomer()
    const { id } = await topUp(customer, 4 * USD)
    const answers = await Promise.all([cancel(customer, id), cancel(customer, id), cancel(customer, id)])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200])
    expect(new Set(answers.map((answer) => answer.json<Payment>().completedAt)).size).toBe(1)
    expect(await events(id)).toHaveLength(1)
  })

  it("refuses to cancel another user's payment, a finished one, and without the page's token", async () => {
    const owner = await newCustomer()
    const other = await newCustomer()
    const { id, checkoutId } = await topUp(owner, 5 * USD)

    const foreign = await cancel(other, id)
    expect(foreign.statusCode).toBe(404)
    expect(errorOf(foreign)).toEqual({
      code: "PAYMENT_NOT_FOUND",
      message: "You have no payment with this id.",
    })
    expect((await cancel(owner, "999999999")).statusCode).toBe(404)
    expect((await cancel(owner, "abc")).statusCode).toBe(400)
    expect((await testBrowser(app).post(`/api/v2/payments/${id}/cancel`)).statusCode).toBe(401)
    const forged = await owner.browser.send("POST", `/api/v2/payments/${id}/cancel`, undefined, null)
    expect(forged.statusCode).toBe(403)
    expect(errorOf(forged).code).toBe("CSRF_TOKEN_INVALID")
    expect((await payment(owner, id)).status).toBe("pending")

    // Paid: too late to cancel, and the answer says what it is.
    await complete(owner, checkoutId, "succeed")
    const paid = await cancel(owner, id)
    expect(paid.statusCode).toBe(409)
    expect(errorOf(paid)).toEqual({
      code: "PAYMENT_NOT_PENDING",
      message: "This payment is no longer pending: it succeeded. Only a pending payment can be cancelled.",
      details: { status: "succeeded" },
    })
    const declined = await topUp(owner, 5 * USD)
    await complete(owner, declined.checkoutId, "fail")
    expect(errorOf(await cancel(owner, declined.id))).toMatchObject({
      code: "PAYMENT_NOT_PENDING",
      details: { status: "failed" },
    })
    expect(await balance(owner.id)).toBe(5 * USD)
    expect(await events(id)).toEqual([expect.objectContaining({ result: "credited" })])
  })

  it("credits a payment the bank took before the cancel arrived (its webhook lost), and says so", async () => {
    const customer = await newCustomer()
    const { id, checkoutId } = await topUp(customer, 11 * USD)
    await decideSandboxCheckout(db, checkoutId, "succeeded")
    const refused = await cancel(customer, id)
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused)).toMatchObject({ code: "PAYMENT_NOT_PENDING", details: { status: "succeeded" } })
    expect(await payment(customer, id)).toMatchObject({ status: "succeeded" })
    expect(await balance(customer.id)).toBe(11 * USD)
    expect((await events(id)).map((event) => event.result)).toEqual(["credited"])
  })

  it("cancels a payment that never reached its provider, and one whose provider is no longer enabled", async () => {
    const customer = await newCustomer()
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO payments (user_id, provider, amount, currency) VALUES ($1, 'sandbox', $2, 'USD'),
              ($1, 'retired', $2, 'USD') RETURNING id::text`,
      [customer.id, 4 * USD],
    )
    for (const { id } of rows) {
      expect(await payment(customer, id)).toMatchObject({
        status: "pending",
        checkoutUrl: null,
        payableUntil: null,
      })
      const response = await cancel(customer, id)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json<Payment>().status).toBe("cancelled")
    }
  })

  it("refuses bad top-ups with clear messages", async () => {
    const customer = await newCustomer()
    const refused = async (body: object, status: number, code: string, message?: RegExp) => {
      const response = await customer.browser.post("/api/v2/payments", body)
      expect(response.statusCode, response.body).toBe(status)
      expect(errorOf(response).code).toBe(code)
      if (message) expect(errorOf(response).message).toMatch(message)
      return errorOf(response)
    }
    const unknown = await refused(
      { provider: "paypal", amount: 5 * USD, currency: "USD" },
      400,
      "PAYMENT_PROVIDER_UNKNOWN",
      /No payment provider "paypal" is enabled here; choose one of: sandbox\./,
    )
    expect(unknown.details).toEqual([{ field: "provider", message: unknown.message }])
    await refused(
      { provider: "sandbox", amount: USD / 2, currency: "USD" },
      400,
      "AMOUNT_OUT_OF_RANGE",
      /from 1\.00 USD to 10,000\.00 USD \(this one is 0\.50 USD\)/,
    )
    await refused({ provider: "sandbox", amount: 10_001 * USD, currency: "USD" }, 400, "AMOUNT_OUT_OF_RANGE")
    await refused(
      { provider: "sandbox", amount: 50 * USD, currency: "RUB" },
      400,
      "AMOUNT_OUT_OF_RANGE",
      /from 100\.00 RUB to 1,000,000\.00 RUB/,
    )
    await refused(
      { provider: "sandbox", amount: 5 * USD, currency: "EUR" },
      400,
      "CURRENCY_NOT_SUPPORTED",
      /takes USD and RUB, not "EUR"/,
    )
    await refused(
      { provider: "sandbox", amount: 5 * USD + 1, currency: "USD" },
      400,
      "AMOUNT_NOT_WHOLE_CENTS",
    )
    await refused({ provider: "sandbox", amount: 5.5, currency: "USD" }, 400, "VALIDATION_FAILED")
    await refused({ provider: "sandbox", currency: "USD" }, 400, "VALIDATION_FAILED", /amount/)
    expect(await db.query("SELECT 1 FROM payments WHERE user_id = $1", [customer.id])).toEqual({ rows: [] })

    // Signed in, and with the page's token.
    const stranger = testBrowser(app)
    const anonymous = await stranger.post("/api/v2/payments", {
      provider: "sandbox",
      amount: 5 * USD,
      currency: "USD",
    })
    expect(anonymous.statusCode).toBe(401)
    expect((await stranger.get("/api/v2/payments")).statusCode).toBe(401)
    const forged = await customer.browser.send(
      "POST",
      "/api/v2/payments",
      { provider: "sandbox", amount: 5 * USD, currency: "USD" },
      null,
    )
    expect(forged.statusCode).toBe(403)
    expect(errorOf(forged).code).toBe("CSRF_TOKEN_INVALID")

    // A RUB top-up goes to the RUB balance.
    const rubles = await topUp(customer, 500 * USD, "RUB")
    await complete(customer, rubles.checkoutId, "succeed")
    expect(await balance(customer.id, "RUB")).toBe(500 * USD)

    // Ten starts a minute per user: the six refusals by their checks and the RUB top-up above count (those the
    // schema or the CSRF check refused never reached the limit): three more, and the eleventh waits.
    for (let n = 0; n < 3; n++) await topUp(customer, 5 * USD)
    const limited = await customer.browser.post("/api/v2/payments", {
      provider: "sandbox",
      amount: 5 * USD,
      currency: "USD",
    })
    expect(limited.statusCode).toBe(429)
    expect(errorOf(limited).code).toBe("RATE_LIMITED")
  })

  it("shows a payment and a checkout to their owner only", async () => {
    const owner = await newCustomer()
    const other = await newCustomer()
    const { id, checkoutId } = await topUp(owner, 5 * USD)
    const foreign = await other.browser.get(`/api/v2/payments/${id}`)
    expect(foreign.statusCode).toBe(404)
    expect(errorOf(foreign)).toEqual({
      code: "PAYMENT_NOT_FOUND",
      message: "You have no payment with this id.",
    })
    expect((await other.browser.get("/api/v2/payments")).json<Page<Payment>>().total).toBe(0)
    expect((await owner.browser.get("/api/v2/payments/999999999")).statusCode).toBe(404)
    expect((await owner.browser.get("/api/v2/payments/abc")).statusCode).toBe(400)

    const missing = await app.inject({ method: "GET", url: `/api/v2/payments/sandbox/${"A".repeat(32)}` })
    expect(missing.statusCode).toBe(404)
    expect(errorOf(missing).code).toBe("SANDBOX_CHECKOUT_NOT_FOUND")
    expect((await app.inject({ method: "GET", url: "/api/v2/payments/sandbox/short" })).statusCode).toBe(400)
    expect((await complete(owner, checkoutId, "maybe" as "pending")).statusCode).toBe(400)
  })

  it("pages the history of top-ups, newest first, and filters it by status", async () => {
    const customer = await newCustomer()
    const made: { id: string; checkoutId: string }[] = []
    for (let n = 1; n <= 5; n++) made.push(await topUp(customer, n * USD))
    await complete(customer, made[0]!.checkoutId, "succeed")
    await complete(customer, made[2]!.checkoutId, "fail")
    await complete(customer, made[4]!.checkoutId, "succeed")

    const first = (await customer.browser.get("/api/v2/payments?pageSize=2")).json<Page<Payment>>()
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 })
    expect(first.items.map((item) => [item.id, item.amount, item.status])).toEqual([
      [made[4]!.id, 5 * USD, "succeeded"],
      [made[3]!.id, 4 * USD, "pending"],
    ])
    expect(first.items[0]!.reference).toBe(made[4]!.checkoutId)
    const last = (await customer.browser.get("/api/v2/payments?page=3&pageSize=2")).json<Page<Payment>>()
    expect(last.items.map((item) => item.id)).toEqual([made[0]!.id])
    const succeeded = (await customer.browser.get("/api/v2/payments?status=succeeded")).json<Page<Payment>>()
    expect(succeeded).toMatchObject({ total: 2, page: 1, pageSize: 20 })
    expect(succeeded.items.map((item) => item.id)).toEqual([made[4]!.id, made[0]!.id])
    expect((await customer.browser.get("/api/v2/payments?pageSize=101")).statusCode).toBe(400)
    expect((await customer.browser.get("/api/v2/payments?status=lost")).statusCode).toBe(400)
    // A failed payment is final too: it has its completion time.
    expect(
      (await customer.browser.get("/api/v2/payments?status=failed")).json<Page<Payment>>().items,
    ).toEqual([
      expect.objectContaining({ id: made[2]!.id, status: "failed", completedAt: expect.any(String) }),
    ])
  })

  it("sums each day's top-ups, captcha spend (net of refunds) and earnings, as JSON and CSV", async () => {
    const customer = await newCustomer()
    const worker = await newUser(db, `earner${++accounts}@example.com`, "worker")
    const workerBrowser = testBrowser(app)
    await workerBrowser.signIn(`earner${accounts}@example.com`)

    // Top-ups: 20 USD today, 5 USD moved to yesterday (transfers are immutable: the trigger is lifted for it).
    const today = await topUp(customer, 20 * USD)
    await complete(customer, today.checkoutId, "succeed")
    const earlier = await topUp(customer, 5 * USD)
    await complete(customer, earlier.checkoutId, "succeed")
    await db.exec("ALTER TABLE ledger_transfers DISABLE TRIGGER ledger_transfers_immutable")
    await db.query(
      "UPDATE ledger_transfers SET created_at = now() - interval '1 day' WHERE idempotency_key = $1",
      [`payment:sandbox:${earlier.checkoutId}`],
    )
    await db.exec("ALTER TABLE ledger_transfers ENABLE TRIGGER ledger_transfers_immutable")

    // Two image tasks solved by the worker; the customer reports the second as wrong (refunded).
    const client = await app.captchaEngine.clientFor(customer.id)
    const tasks: string[] = []
    for (const answer of ["first", "second"]) {
      const image = pngImage()
      const { id } = await app.captchaEngine.submit(
        client,
        imageTask({ files: [{ name: "body", mime: "image/png", data: image }] }),
        {
          api: "classic",
          ip: "203.0.113.7",
        },
      )
      tasks.push(id)
      await solveImage(app.captchaEngine, worker, image, answer)
    }
    await app.captchaEngine.report(client, tasks[1]!, "bad")
    const { rows } = await db.query<{ charged: string }>(
      "SELECT sum(charged)::text AS charged FROM captcha_tasks WHERE id = ANY($1::bigint[]) AND NOT refunded",
      [tasks],
    )
    const spent = Number(rows[0]!.charged)
    expect(spent).toBeGreaterThan(0)
    const { rows: earnings } = await db.query<{ earned: string }>(
      `SELECT credits_posted::text AS earned FROM ledger_accounts
        WHERE user_id = $1 AND purpose = 'worker_earnings' AND currency = 'USD'`,
      [worker],
    )
    const earned = Number(earnings[0]!.earned)
    expect(earned).toBeGreaterThan(0)

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    const summary = await customer.browser.get("/api/v2/payments/history-day")
    expect(summary.statusCode, summary.body).toBe(200)
    expect(summary.json<DaySummary>()).toEqual({
      currency: "USD",
      days: [
        { date: day(0), toppedUp: 20 * USD, spent, earned: 0 },
        { date: day(-1), toppedUp: 5 * USD, spent: 0, earned: 0 },
      ],
    })
    const onlyToday = await customer.browser.get(
      `/api/v2/payments/history-day?dateFrom=${day(0)}&dateTo=${day(0)}`,
    )
    expect(onlyToday.json<DaySummary>().days).toHaveLength(1)
    expect((await workerBrowser.get("/api/v2/payments/history-day")).json<DaySummary>()).toEqual({
      currency: "USD",
      days: [{ date: day(0), toppedUp: 0, spent: 0, earned }],
    })
    expect(
      (await customer.browser.get("/api/v2/payments/history-day?currency=RUB")).json<DaySummary>(),
    ).toEqual({
      currency: "RUB",
      days: [],
    })

    const csv = await customer.browser.get(
      `/api/v2/payments/history-day?dateFrom=${day(-6)}&dateTo=${day(0)}&format=csv`,
    )
    expect(csv.statusCode).toBe(200)
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8")
    expect(csv.headers["content-disposition"]).toBe(
      `attachment; filename="manyhands-${day(-6)}-${day(0)}-USD.csv"`,
    )
    const units = (micros: number) => (micros / USD).toFixed(6).replace(/0{1,4}$/, "")
    expect(csv.body).toBe(
      [
        "date,currency,topped_up,spent,earned",
        `${day(0)},USD,20.00,${units(spent)},0.00`,
        `${day(-1)},USD,5.00,0.00,0.00`,
        "",
      ].join("\r\n"),
    )

    const bad = async (query: string, code: string) => {
      const response = await customer.browser.get(`/api/v2/payments/history-day?${query}`)
      expect(response.statusCode, query).toBe(400)
      expect(errorOf(response).code, query).toBe(code)
    }
    await bad("dateFrom=2026-02-30", "DATE_INVALID")
    await bad("dateFrom=2026-03-02&dateTo=2026-03-01", "DATE_RANGE_INVALID")
    await bad("dateFrom=2024-01-01&dateTo=2026-01-01", "DATE_RANGE_TOO_LONG")
    await bad("format=xml", "VALIDATION_FAILED")
    expect((await testBrowser(app).get("/api/v2/payments/history-day")).statusCode).toBe(401)
  })

  it("lists every movement of the balance with its state and ledger transfer: top-ups, codes, transfers, refunds", async () => {
    const customer = await newCustomer()
    const friend = await newCustomer()
    const admin = await newUser(db, `issuer${++accounts}@example.com`, "customer")
    const worker = await newUser(db, `solver${++accounts}@example.com`, "worker")
    const paid = await topUp(customer, 20 * USD)
    await complete(customer, paid.checkoutId, "succeed")
    const declined = await topUp(customer, 7 * USD)
    await complete(customer, declined.checkoutId, "fail")
    const [voucher] = await issueVouchers(db, {
      amount: 3 * USD,
      currency: "USD",
      count: 1,
      note: null,
      adminId: admin,
    })
    await redeemVoucher(db, { code: voucher!.code, userId: customer.id })
    const promo = await createPromoCode(db, {
      ...{ code: `HIST${accounts}`, amount: 2 * USD, currency: "USD", maxRedemptions: null },
      ...{ startsAt: null, expiresAt: null, newCustomersOnly: false, note: null, adminId: admin },
    })
    await redeemPromoCode(db, { code: promo.code, userId: customer.id })
    const recipient = { id: friend.id, email: friend.email, language: "en" }
    const sent = await createTransfer(db, {
      senderId: customer.id,
      recipient,
      amount: 4 * USD,
      currency: "USD",
      note: "Lunch",
    })
    await confirmTransfer(db, sent.token, customer.id)
    await createTransfer(db, { senderId: customer.id, recipient, amount: USD, currency: "USD", note: null })
    // A solved captcha reported as wrong: refunded; the charge itself is not a row of this history.
    const client = await app.captchaEngine.clientFor(customer.id)
    const image = pngImage()
    const { id: taskId } = await app.captchaEngine.submit(
      client,
      imageTask({ files: [{ name: "body", mime: "image/png", data: image }] }),
      { api: "classic", ip: "203.0.113.8" },
    )
    await solveImage(app.captchaEngine, worker, image, "answer")
    await app.captchaEngine.report(client, taskId, "bad")
    const { rows: refunded } = await db.query<{ amount: string }>(
      "SELECT amount::text FROM ledger_transfers WHERE idempotency_key = $1",
      [`task:${taskId}:refund`],
    )
    const refund = Number(refunded[0]!.amount)
    // A credit from the platform that no module names: listed as an adjustment with its memo.
    await db.transaction(async (tx) =>
      transfer(tx, {
        key: `goodwill:${customer.id}`,
        debitAccountId: await ledgerAccount(tx, {
          userId: null,
          purpose: "promotional_credit",
          currency: "USD",
        }),
        creditAccountId: await ledgerAccount(tx, {
          userId: customer.id,
          purpose: "customer_balance",
          currency: "USD",
        }),
        amount: USD / 2,
        currency: "USD",
        memo: "Goodwill credit",
      }),
    )

    const history = async (browser: TestBrowser, query = "") => {
      const response = await browser.get(`/api/v2/balance/history${query}`)
      expect(response.statusCode, response.body).toBe(200)
      return response.json<Page<Movement>>()
    }
    const all = await history(customer.browser)
    expect(all.total).toBe(8)
    expect(all.items.map((item) => [item.kind, item.amount, item.status])).toEqual([
      ["adjustment", USD / 2, "succeeded"],
      ["refund", refund, "succeeded"],
      ["transferOut", -USD, "pending"],
      ["transferOut", -4 * USD, "succeeded"],
      ["promoCode", 2 * USD, "succeeded"],
      ["voucher", 3 * USD, "succeeded"],
      ["topUp", 7 * USD, "failed"],
      ["topUp", 20 * USD, "succeeded"],
    ])
    // What moved money names its ledger transfer, whose amount is the row's; what did not, none.
    const { rows: legs } = await db.query<{ id: string; amount: string }>(
      "SELECT id::text, amount::text FROM ledger_transfers WHERE id = ANY($1::bigint[])",
      [all.items.map((item) => item.ledgerTransferId).filter((id) => id !== null)],
    )
    for (const item of all.items) {
      const leg = legs.find((row) => row.id === item.ledgerTransferId)
      if (item.status === "succeeded") expect(Number(leg?.amount), item.id).toBe(Math.abs(item.amount))
      else expect(item.ledgerTransferId, item.id).toBeNull()
    }
    const byKind = (kind: string, page = all) => page.items.find((item) => item.kind === kind)!
    expect(all.items.at(-1)).toMatchObject({
      provider: "sandbox",
      reference: paid.checkoutId,
      sourceId: paid.id,
    })
    expect(byKind("voucher").reference).toBe(voucher!.code.slice(-4))
    expect(byKind("promoCode").reference).toBe(promo.code)
    expect(byKind("transferOut")).toMatchObject({
      counterparty: { id: friend.id, email: `p***@example.com` },
      completedAt: null,
    })
    expect(byKind("refund")).toMatchObject({ reference: taskId, note: expect.any(String) })
    expect(byKind("adjustment").note).toBe("Goodwill credit")
    // The recipient sees the completed transfer only, with the sender and the note.
    expect((await history(friend.browser)).items).toEqual([
      expect.objectContaining({
        kind: "transferIn",
        amount: 4 * USD,
        note: "Lunch",
        counterparty: { id: customer.id, email: "p***@example.com" },
      }),
    ])

    // Filters by type and status, and pages.
    const transfers = await history(customer.browser, "?type=transfer")
    expect(transfers.items.map((item) => item.status)).toEqual(["pending", "succeeded"])
    expect((await history(customer.browser, "?type=code")).total).toBe(2)
    expect((await history(customer.browser, "?status=failed")).items.map((item) => item.id)).toEqual([
      `topUp:${declined.id}`,
    ])
    expect((await history(customer.browser, "?type=refund&status=pending")).total).toBe(0)
    const second = await history(customer.browser, "?page=2&pageSize=3")
    expect(second.items.map((item) => item.id)).toEqual(all.items.slice(3, 6).map((item) => item.id))
    expect((await customer.browser.get("/api/v2/balance/history?type=charge")).statusCode).toBe(400)
    expect((await customer.browser.get("/api/v2/balance/history?pageSize=0")).statusCode).toBe(400)
    expect((await testBrowser(app).get("/api/v2/balance/history")).statusCode).toBe(401)
  })

  it("offers the providers the configuration enables: no sandbox routes without the sandbox", async () => {
    const other = await buildApp({
      config: loadConfig({
        NODE_ENV: "test",
        PAYMENT_SANDBOX: "false",
        STRIPE_SECRET_KEY: "sk_test_not_used_here",
        STRIPE_WEBHOOK_SECRET: "whsec_not_used_here",
      }),
      db,
      pages: "none",
    })
    try {
      const providers = await other.inject({ method: "GET", url: "/api/v2/payments/providers" })
      expect(providers.json<ProvidersData>().providers).toEqual([
        { shortname: "card", kind: "redirect", currencies: ["USD"] },
      ])
      const checkout = await other.inject({
        method: "GET",
        url: `/api/v2/payments/sandbox/${"A".repeat(32)}`,
      })
      expect(checkout.statusCode).toBe(404)
      expect(errorOf(checkout).code).toBe("NOT_FOUND")
      const hook = await other.inject({
        method: "POST",
        url: "/api/v2/payments/webhooks/sandbox",
        payload: "{}",
      })
      expect(hook.statusCode).toBe(404)
      expect(errorOf(hook).code).toBe("PAYMENT_PROVIDER_UNKNOWN")
    } finally {
      await other.close()
    }
  })

  it("starts a payment through the service with any adapter, and fails it when the provider cannot", async () => {
    const customer = await newCustomer()
    const broken: PaymentProviderAdapter = {
      shortname: "broken",
      currencies: ["USD"],
      create: () => Promise.reject(new Error("connection refused")),
      parseWebhook: () => Promise.resolve(null),
      fetchStatus: () => Promise.reject(new Error("connection refused")),
    }
    await expect(
      createPayment(
        db,
        new Map([["broken", broken]]),
        {
          userId: customer.id,
          provider: "broken",
          amount: 5 * USD,
          currency: "USD",
          origin: "http://localhost",
        },
        app.log,
      ),
    ).rejects.toMatchObject({ statusCode: 502, code: "PAYMENT_PROVIDER_UNAVAILABLE" })
    const { rows } = await db.query<{ status: string }>("SELECT status FROM payments WHERE user_id = $1", [
      customer.id,
    ])
    expect(rows).toEqual([{ status: "failed" }])
  })
})

describe("payment configuration", () => {
  it("enables the sandbox unless in production, and Stripe with both of its keys only", () => {
    expect(loadConfig({ NODE_ENV: "development" }).paymentSandbox).toBe(true)
    // The demo of `npm start` runs as production with no real provider: the sandbox is its way to top up.
    expect(loadConfig({ NODE_ENV: "production" }).paymentSandbox).toBe(true)
    const stripe = { STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" }
    expect(loadConfig({ NODE_ENV: "production", ...stripe }).paymentSandbox).toBe(false)
    expect(loadConfig({ NODE_ENV: "development", ...stripe }).paymentSandbox).toBe(true)
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_SANDBOX: "true" }).paymentSandbox).toBe(true)
    expect(loadConfig({ PAYMENT_SANDBOX_SECRET: SECRET }).paymentSandboxSecret).toBe(SECRET)
    expect(() => loadConfig({ PAYMENT_SANDBOX_SECRET: "short" })).toThrow(
      /PAYMENT_SANDBOX_SECRET must be at least 16 characters/,
    )
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_live_hunter2" })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together/,
    )
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_live_hunter2" })).not.toThrow(/hunter2/)
  })
})

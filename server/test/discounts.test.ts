import { createHmac, randomBytes } from "node:crypto"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { Page } from "@manyhands/contract"
import type {
  AdminDiscountCampaign,
  ApplicableDiscount,
  CampaignInput,
  CampaignList,
} from "@manyhands/contract/discounts"
import type { CreatedPayment, Payment } from "@manyhands/contract/money"
import { buildApp } from "../src/app"
import { loadConfig } from "../src/config"
import type { Database } from "../src/db/database"
import { type Currency, checkLedger } from "../src/modules/ledger/ledger"
import { testBrowser, type TestBrowser } from "./browser"
import { newUser } from "./captcha-fixtures"
import { engines } from "./databases"

/** Known to the test, so that it can replay the sandbox's webhooks itself. */
const SECRET = "sandbox-test-secret-discounts-0123456789"
const USD = 1_000_000
const HOUR = 3_600_000
/** A time `hours` from now, as the admin page sends it. */
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString()

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{
    error: { code: string; message: string; details?: { field: string; message: string }[] }
  }>().error

const sign = (body: string, time = Math.floor(Date.now() / 1000)) =>
  `t=${time},v1=${createHmac("sha256", SECRET).update(`${time}.${body}`).digest("hex")}`

describe.each(engines)("discount campaigns on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let drop: () => Promise<void>
  let admin: TestBrowser
  let accounts = 0

  beforeAll(async () => {
    const created = await engine.create("demo")
    db = created.db
    drop = created.drop
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "warn", PAYMENT_SANDBOX_SECRET: SECRET })
    app = await buildApp({ config, db, pages: "none" })
    admin = testBrowser(app)
    expect((await admin.signIn("admin@demo.manyhands.dev")).statusCode).toBe(200)
  })
  afterAll(async () => {
    await app.close()
    await drop()
  })
  afterEach(async () => {
    // Whatever a test did, the books balance; its campaigns end, so the next test starts with none.
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
    await db.query("UPDATE discount_campaigns SET disabled_at = now() WHERE disabled_at IS NULL")
  })

  const campaign = (fields: Partial<CampaignInput> = {}): CampaignInput => ({
    name: { en: "Autumn bonus" },
    percent: 10,
    currency: "USD",
    minAmount: 50 * USD,
    maxAmount: 500 * USD,
    startsAt: at(-1),
    endsAt: at(24),
    ...fields,
  })

  async function create(fields: Partial<CampaignInput> = {}) {
    const response = await admin.post("/api/v2/admin/discount-campaigns", campaign(fields))
    expect(response.statusCode, response.body).toBe(201)
    return response.json<AdminDiscountCampaign>()
  }

  async function newCustomer() {
    const email = `bonus${++accounts}@example.com`
    const id = await newUser(db, email, "customer")
    const browser = testBrowser(app)
    expect((await browser.signIn(email)).statusCode).toBe(200)
    return { id, browser }
  }
  type Customer = Awaited<ReturnType<typeof newCustomer>>

  async function topUp(customer: Customer, amount: number, currency: Currency = "USD") {
    const response = await customer.browser.post("/api/v2/payments", {
      provider: "sandbox",
      amount,
      currency,
    })
    expect(response.statusCode, response.body).toBe(201)
    const created = response.json<CreatedPayment>()
    return { ...created, checkoutId: created.redirectUrl.split("/").pop()! }
  }

  const complete = (customer: Customer, checkoutId: string, outcome: "succeed" | "fail") =>
    customer.browser.post(`/api/v2/payments/sandbox/${checkoutId}/complete`, { outcome })

  const webhook = (body: string) =>
    app.inject({
      method: "POST",
      url: "/api/v2/payments/webhooks/sandbox",
      payload: body,
      headers: { "content-type": "application/json", "manyhands-sandbox-signature": sign(body) },
    })

  const balance = async (userId: string, currency: Currency = "USD") => {
    const { rows } = await db.query<{ posted: string }>(
      `SELECT (credits_posted - debits_posted)::text AS posted FROM ledger_accounts
        WHERE user_id = $1 AND purpose = 'customer_balance' AND currency = $2`,
      [userId, currency],
    )
    return Number(rows[0]?.posted ?? 0)
  }

  /** The bonus transfers of a checkout: [amount, from which account's purpose]. */
  const bonusTransfers = async (checkoutId: string) =>
    (
      await db.query<{ amount: string; purpose: string }>(
        `SELECT t.amount::text, a.purpose FROM ledger_transfers t
           JOIN ledger_accounts a ON a.id = t.debit_account_id
          WHERE t.idempotency_key = $1`,
        [`payment-bonus:sandbox:${checkoutId}`],
      )
    ).rows.map((row) => [Number(row.amount), row.purpose])

  const applicable = async (amount: number, currency: Currency = "USD") => {
    const response = await app.inject({
      method: "GET",
      url: `/api/v2/discount-campaigns/applicable?amount=${amount}&currency=${currency}`,
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<ApplicableDiscount>()
  }

  it("credits the bonus once with the payment, from promotional credit, whatever is replayed", async () => {
    const autumn = await create()
    const customer = await newCustomer()
    const paid = await topUp(customer, 100 * USD)
    // The answer repeats what the page promised.
    expect(paid.bonus).toEqual({ campaignId: autumn.id, percent: 10, amount: 10 * USD })
    expect((await complete(customer, paid.checkoutId, "succeed")).statusCode).toBe(200)
    expect(await balance(customer.id)).toBe(110 * USD)
    expect(await bonusTransfers(paid.checkoutId)).toEqual([[10 * USD, "promotional_credit"]])

    // The bank delivers again, the same event is replayed by hand, and another event says the same.
    expect((await complete(customer, paid.checkoutId, "succeed")).statusCode).toBe(200)
    const { rows } = await db.query<{ event_id: string }>(
      "SELECT event_id FROM payment_events WHERE payment_id = $1",
      [paid.id],
    )
    const event = {
      type: "payment.succeeded",
      checkoutId: paid.checkoutId,
      amount: 100 * USD,
      currency: "USD",
    }
    expect((await webhook(JSON.stringify({ id: rows[0]!.event_id, ...event }))).statusCode).toBe(200)
    expect(
      (await webhook(JSON.stringify({ id: `evt_${randomBytes(6).toString("hex")}`, ...event }))).statusCode,
    ).toBe(200)
    expect(await balance(customer.id)).toBe(110 * USD)
    expect(await bonusTransfers(paid.checkoutId)).toHaveLength(1)

    // The history shows it, and the admins see what the campaign paid.
    const shown = (await customer.browser.get(`/api/v2/payments/${paid.id}`)).json<Payment>()
    expect(shown).toMatchObject({ status: "succeeded", amount: 100 * USD, bonus: paid.bonus })
    const list = (await customer.browser.get("/api/v2/payments")).json<Page<Payment>>()
    expect(list.items[0]!.bonus).toEqual(paid.bonus)
    const campaigns = (await admin.get("/api/v2/admin/discount-campaigns")).json<{
      items: AdminDiscountCampaign[]
    }>()
    expect(campaigns.items.find((item) => item.id === autumn.id)).toMatchObject({
      state: "active",
      bonusesPaid: 1,
      bonusTotal: 10 * USD,
    })
  })

  it("keeps the campaign in force when the payment was made, even if it ends or changes before the webhook", async () => {
    const autumn = await create({ percent: 10 })
    const customer = await newCustomer()
    const ending = await topUp(customer, 100 * USD)
    const changing = await topUp(customer, 200 * USD)
    // The campaign's terms change, then it is moved wholly into the past: after that, nothing applies.
    const changed = await admin.send(
      "PUT",
      `/api/v2/admin/discount-campaigns/${autumn.id}`,
      campaign({ percent: 25 }),
    )
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json<AdminDiscountCampaign>().percent).toBe(25)
    const later = await topUp(customer, 100 * USD)
    expect(later.bonus).toMatchObject({ percent: 25, amount: 25 * USD })
    await db.query(
      "UPDATE discount_campaigns SET starts_at = now() - interval '2 days', ends_at = now() - interval '1 second' WHERE id = $1",
      [autumn.id],
    )
    expect((await applicable(100 * USD)).campaign).toBeNull()
    const after = await topUp(customer, 100 * USD)
    expect(after.bonus).toBeNull()

    for (const payment of [ending, changing, later, after])
      expect((await complete(customer, payment.checkoutId, "succeed")).statusCode).toBe(200)
    // 100 + 10 (10 %), 200 + 20 (10 %), 100 + 25 (25 %), 100 with no bonus.
    expect(await balance(customer.id)).toBe(555 * USD)
    expect(await bonusTransfers(ending.checkoutId)).toEqual([[10 * USD, "promotional_credit"]])
    expect(await bonusTransfers(changing.checkoutId)).toEqual([[20 * USD, "promotional_credit"]])
    expect(await bonusTransfers(after.checkoutId)).toEqual([])

    // A payment made before a campaign started gets nothing from it.
    const before = await topUp(customer, 100 * USD)
    await create({ percent: 50 })
    await complete(customer, before.checkoutId, "succeed")
    expect(await bonusTransfers(before.checkoutId)).toEqual([])
    expect(await balance(customer.id)).toBe(655 * USD)
  })

  it("pays no bonus for a failed or expired payment, nor for a success after the failure", async () => {
    await create()
    const customer = await newCustomer()
    const failing = await topUp(customer, 100 * USD)
    expect(failing.bonus).not.toBeNull()
    expect((await complete(customer, failing.checkoutId, "fail")).statusCode).toBe(200)
    await webhook(
      JSON.stringify({
        id: `evt_${randomBytes(6).toString("hex")}`,
        type: "payment.succeeded",
        checkoutId: failing.checkoutId,
        amount: 100 * USD,
        currency: "USD",
      }),
    )
    const expiring = await topUp(customer, 100 * USD)
    await db.query(
      "UPDATE sandbox_checkouts SET created_at = now() - interval '25 hours' WHERE checkout_id = $1",
      [expiring.checkoutId],
    )
    await db.query("UPDATE payments SET created_at = now() - interval '25 hours' WHERE id = $1", [
      expiring.id,
    ])
    const { reconcile } = await import("../src/modules/payments/payments")
    const { createSandboxProvider } = await import("../src/modules/payments/providers/sandbox")
    await reconcile(db, new Map([["sandbox", createSandboxProvider({ db, secret: SECRET })]]), {
      olderThanMs: 10 * 60_000,
      log: app.log,
    })
    for (const payment of [failing, expiring]) {
      const shown = (await customer.browser.get(`/api/v2/payments/${payment.id}`)).json<Payment>()
      expect(shown.status).toBe(payment === failing ? "failed" : "expired")
      expect(await bonusTransfers(payment.checkoutId)).toEqual([])
    }
    expect(await balance(customer.id)).toBe(0)
  })

  it("applies a campaign to amounts within its band, both ends included, and in its currency only", async () => {
    const autumn = await create({ minAmount: 50 * USD, maxAmount: 500 * USD })
    expect(await applicable(50 * USD)).toEqual({
      campaign: expect.objectContaining({ id: autumn.id, percent: 10 }),
      bonus: 5 * USD,
    })
    expect((await applicable(500 * USD)).bonus).toBe(50 * USD)
    expect(await applicable(50 * USD - 10_000)).toEqual({ campaign: null, bonus: 0 })
    expect(await applicable(500 * USD + 10_000)).toEqual({ campaign: null, bonus: 0 })
    expect((await applicable(5_000 * USD, "RUB")).campaign).toBeNull()
    // The bonus is floored to a micro-unit: 10 % of 123.45 is 12.345.
    expect((await applicable(123_450_000)).bonus).toBe(12_345_000)

    // The same edges on real payments.
    const customer = await newCustomer()
    expect((await topUp(customer, 500 * USD)).bonus).toMatchObject({ amount: 50 * USD })
    expect((await topUp(customer, 500 * USD + 10_000)).bonus).toBeNull()
    expect((await topUp(customer, 50 * USD)).bonus).toMatchObject({ amount: 5 * USD })
    expect((await topUp(customer, 49_990_000)).bonus).toBeNull()

    // No upper end.
    const open = await create({ currency: "RUB", percent: 3, minAmount: 1_000 * USD, maxAmount: null })
    expect(await applicable(1_000_000 * USD, "RUB")).toEqual({
      campaign: expect.objectContaining({ id: open.id, maxAmount: null }),
      bonus: 30_000 * USD,
    })
  })

  it("gives the best single campaign where several overlap, never their sum", async () => {
    const wide = await create({ name: { en: "Everyone" }, percent: 5, minAmount: 10 * USD, maxAmount: null })
    const big = await create({
      name: { en: "Big top-ups" },
      percent: 15,
      minAmount: 200 * USD,
      maxAmount: null,
    })
    const mid = await create({
      name: { en: "Middle" },
      percent: 10,
      minAmount: 100 * USD,
      maxAmount: 300 * USD,
    })
    // Later and better, but not yet started.
    await create({ name: { en: "Soon" }, percent: 40, startsAt: at(2), endsAt: at(48) })
    expect((await applicable(50 * USD)).campaign?.id).toBe(wide.id)
    expect((await applicable(150 * USD)).campaign?.id).toBe(mid.id)
    expect(await applicable(250 * USD)).toMatchObject({ campaign: { id: big.id }, bonus: 37_500_000 })
    expect((await applicable(5 * USD)).campaign).toBeNull()
    // A disabled campaign no longer counts.
    expect((await admin.post(`/api/v2/admin/discount-campaigns/${big.id}/disable`)).statusCode).toBe(200)
    expect((await applicable(250 * USD)).campaign?.id).toBe(mid.id)

    const customer = await newCustomer()
    const paid = await topUp(customer, 250 * USD)
    expect(paid.bonus).toEqual({ campaignId: mid.id, percent: 10, amount: 25 * USD })
    await complete(customer, paid.checkoutId, "succeed")
    expect(await balance(customer.id)).toBe(275 * USD)
  })

  it("lists the running and coming campaigns publicly, and every campaign to admins", async () => {
    const running = await create({ name: { en: "Autumn bonus", de: "Herbstbonus" } })
    const coming = await create({
      name: { en: "Winter bonus" },
      percent: 20,
      startsAt: at(24),
      endsAt: at(48),
    })
    const stopped = await create({ name: { en: "Stopped" } })
    await admin.post(`/api/v2/admin/discount-campaigns/${stopped.id}/disable`)
    const ended = await create({ name: { en: "Summer bonus" } })
    await db.query(
      "UPDATE discount_campaigns SET starts_at = now() - interval '30 days', ends_at = now() - interval '1 day' WHERE id = $1",
      [ended.id],
    )

    // No sign-in needed for the public page.
    const response = await app.inject({ method: "GET", url: "/api/v2/discount-campaigns" })
    expect(response.statusCode).toBe(200)
    expect(response.json<CampaignList>().items).toEqual([
      {
        id: running.id,
        name: { en: "Autumn bonus", de: "Herbstbonus" },
        percent: 10,
        currency: "USD",
        minAmount: 50 * USD,
        maxAmount: 500 * USD,
        startsAt: running.startsAt,
        endsAt: running.endsAt,
        state: "active",
      },
      expect.objectContaining({ id: coming.id, state: "upcoming", percent: 20 }),
    ])

    const all = (await admin.get("/api/v2/admin/discount-campaigns")).json<{
      items: AdminDiscountCampaign[]
    }>()
    const states = Object.fromEntries(all.items.map((item) => [item.id, item.state]))
    expect(states).toMatchObject({
      [running.id]: "active",
      [coming.id]: "upcoming",
      [stopped.id]: "disabled",
      [ended.id]: "ended",
    })
    expect(all.items.find((item) => item.id === stopped.id)?.disabledAt).toEqual(expect.any(String))
    // Disabling twice changes nothing; a disabled campaign is not edited back to life.
    const again = await admin.post(`/api/v2/admin/discount-campaigns/${stopped.id}/disable`)
    expect(again.json<AdminDiscountCampaign>().disabledAt).toBe(
      all.items.find((item) => item.id === stopped.id)?.disabledAt,
    )
    const revived = await admin.send("PUT", `/api/v2/admin/discount-campaigns/${stopped.id}`, campaign())
    expect(revived.statusCode).toBe(409)
    expect(errorOf(revived).code).toBe("DISCOUNT_CAMPAIGN_DISABLED")
    expect((await admin.post("/api/v2/admin/discount-campaigns/999999/disable")).statusCode).toBe(404)
    expect((await admin.send("PUT", "/api/v2/admin/discount-campaigns/999999", campaign())).statusCode).toBe(
      404,
    )
  })

  it("refuses bad campaigns with messages naming the field, and anyone but an admin", async () => {
    const refused = async (fields: Record<string, unknown>, code: string, field?: string) => {
      const response = await admin.post("/api/v2/admin/discount-campaigns", { ...campaign(), ...fields })
      expect(response.statusCode, JSON.stringify(fields)).toBe(400)
      const error = errorOf(response)
      expect(error.code, JSON.stringify(fields)).toBe(code)
      if (field) expect(error.details?.[0]?.field).toBe(field)
      return error
    }
    await refused({ percent: 0 }, "VALIDATION_FAILED")
    await refused({ percent: 101 }, "VALIDATION_FAILED")
    await refused({ percent: 12.5 }, "VALIDATION_FAILED")
    await refused({ name: { de: "Herbstbonus" } }, "VALIDATION_FAILED")
    await refused({ name: { en: "   " } }, "VALIDATION_FAILED")
    await refused({ name: { en: "Autumn", xx: "?" } }, "VALIDATION_FAILED")
    await refused({ currency: "EUR" }, "VALIDATION_FAILED")
    await refused({ minAmount: -1 }, "VALIDATION_FAILED")
    await refused({ startsAt: "next monday" }, "VALIDATION_FAILED")
    const order = await refused(
      { startsAt: at(5), endsAt: at(4) },
      "DISCOUNT_CAMPAIGN_DATES_INVALID",
      "endsAt",
    )
    expect(order.message).toBe("The campaign must end after it starts.")
    await refused({ startsAt: at(-48), endsAt: at(-24) }, "DISCOUNT_CAMPAIGN_DATES_INVALID", "endsAt")
    const band = await refused(
      { minAmount: 100 * USD, maxAmount: 50 * USD },
      "DISCOUNT_CAMPAIGN_BAND_INVALID",
      "maxAmount",
    )
    expect(band.message).toBe("The largest amount must not be below the smallest.")
    // The name is kept trimmed; the band's ends may be equal (one amount only).
    const exact = await create({
      name: { en: "  Exactly 100  " },
      minAmount: 100 * USD,
      maxAmount: 100 * USD,
    })
    expect(exact.name).toEqual({ en: "Exactly 100" })

    const customer = await newCustomer()
    const forbidden = await customer.browser.post("/api/v2/admin/discount-campaigns", campaign())
    expect(forbidden.statusCode).toBe(403)
    expect(errorOf(forbidden).code).toBe("FORBIDDEN")
    expect((await customer.browser.get("/api/v2/admin/discount-campaigns")).statusCode).toBe(403)
    expect(
      (await customer.browser.post(`/api/v2/admin/discount-campaigns/${exact.id}/disable`)).statusCode,
    ).toBe(403)
    expect((await testBrowser(app).get("/api/v2/admin/discount-campaigns")).statusCode).toBe(401)
    const forged = await admin.send("POST", "/api/v2/admin/discount-campaigns", campaign(), null)
    expect(forged.statusCode).toBe(403)
    expect(errorOf(forged).code).toBe("CSRF_TOKEN_INVALID")

    const bad = await app.inject({
      method: "GET",
      url: "/api/v2/discount-campaigns/applicable?amount=5.5&currency=USD",
    })
    expect(bad.statusCode).toBe(400)
    expect(
      (await app.inject({ method: "GET", url: "/api/v2/discount-campaigns/applicable?amount=5" })).statusCode,
    ).toBe(400)
  })
})

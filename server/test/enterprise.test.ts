import type {
  EnterpriseConditions,
  EnterprisePricing,
  EnterprisePurchase,
  MyEnterpriseSupport,
} from "@manyhands/contract/enterprise"
import type { Ticket } from "@manyhands/contract/support"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { creditLateAnswers, creditOverdueWaits } from "../src/modules/enterprise/enterprise"
import { accountBalance, checkLedger, ledgerAccount } from "../src/modules/ledger/ledger"
import { ok, signedInBrowser, testBrowser, type TestBrowser } from "./browser"
import { giveCredit, userId } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * Enterprise support on each engine: pricing and conditions by currency (an unknown one refused), a purchase from
 * the balance charged exactly once whatever arrives at once (one key clicked five times; five keys with money
 * for one), a balance short of the price refused with nothing charged, a ticket opened under a plan running on
 * its targets and hours (and its customer seeing them), and a late answer credited once (by the job while it runs
 * late, or when staff end it).
 */

const USD = 1_000_000
const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; details?: unknown } }>().error

describe.each(engines)("enterprise support on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let moderator: TestBrowser
  let ip = 10

  /** A new customer with `amount` micro-USD on the balance, signed in. */
  const customerWith = async (email: string, amount: number) => {
    ip += 1
    const browser = await signedInBrowser(app, db, email, `10.31.0.${ip}`)
    const id = await userId(db, email)
    if (amount > 0) await giveCredit(db, id, amount)
    return { browser, id }
  }
  const balanceOf = async (id: string) =>
    db.transaction(async (tx) =>
      accountBalance(
        tx,
        await ledgerAccount(tx, { userId: id, purpose: "customer_balance", currency: "USD" }),
      ),
    )
  const charges = async (id: string) =>
    (
      await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM enterprise_subscriptions WHERE user_id = $1",
        [id],
      )
    ).rows[0]!.n
  const buyBody = (idempotencyKey: string, plan = "business") => ({ plan, currency: "USD", idempotencyKey })

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    moderator = await signedInBrowser(app, db, "moderator@demo.manyhands.dev", "10.31.1.1", false)
  })
  afterAll(() => stop())

  it("answers the plans and the terms in the currency asked, and refuses an unknown one", async () => {
    const anyone = testBrowser(app, { ip: "10.31.2.1" })
    const usd = await ok<EnterprisePricing>(
      anyone.get("/api/v2/user/enterprise_support/pricing?currency=USD"),
    )
    expect(usd.currency).toBe("USD")
    expect(usd.termDays).toBe(30)
    expect(usd.plans.map((plan) => [plan.code, plan.hours, plan.price])).toEqual([
      ["business", "business", 500 * USD],
      ["priority", "24x7", 1500 * USD],
      ["dedicated", "24x7", 4000 * USD],
    ])
    expect(usd.plans[2]!.targets).toEqual({ urgent: 15, high: 30, normal: 120, low: 240 })
    const rub = await ok<EnterprisePricing>(
      anyone.get("/api/v2/user/enterprise_support/pricing?currency=RUB"),
    )
    expect(rub.plans.map((plan) => [plan.currency, plan.price])).toEqual([
      ["RUB", 45_000 * USD],
      ["RUB", 135_000 * USD],
      ["RUB", 360_000 * USD],
    ])
    // Without one: the site's (dollars here).
    expect(
      (await ok<EnterprisePricing>(anyone.get("/api/v2/user/enterprise_support/pricing"))).currency,
    ).toBe("USD")

    const terms = await ok<EnterpriseConditions>(
      anyone.get("/api/v2/user/enterprise_support/conditions?currency=RUB"),
    )
    expect(terms).toMatchObject({
      currency: "RUB",
      termDays: 30,
      businessHours: { days: [1, 2, 3, 4, 5], from: 9, to: 18, timeZone: "UTC" },
      slaCredit: { percentPerMiss: 5, capPercent: 50 },
    })
    expect(terms.plans[0]).toMatchObject({
      code: "business",
      creditPerMiss: 2_250 * USD,
      creditCap: 22_500 * USD,
    })

    for (const path of ["pricing", "conditions"]) {
      const refused = await anyone.get(`/api/v2/user/enterprise_support/${path}?currency=EUR`)
      expect(refused.statusCode).toBe(400)
      expect(errorOf(refused)).toMatchObject({ code: "VALIDATION_FAILED", details: [{ field: "currency" }] })
    }
  })

  it("charges a purchase once for one key clicked five times at once, and starts the plan", async () => {
    const { browser, id } = await customerWith("enterprise-clicks@example.com", 1_200 * USD)
    expect(await ok<MyEnterpriseSupport>(browser.get("/api/v2/user/enterprise_support"))).toEqual({
      current: null,
      upcoming: [],
    })
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        ok<EnterprisePurchase>(browser.post("/api/v2/user/enterprise_support/buy", buyBody("click-1"))),
      ),
    )
    expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1)
    expect(new Set(answers.map((answer) => answer.subscription.id)).size).toBe(1)
    expect(await charges(id)).toBe(1)
    expect((await balanceOf(id)).posted).toBe(700 * USD)
    const mine = await ok<MyEnterpriseSupport>(browser.get("/api/v2/user/enterprise_support"))
    expect(mine.current).toMatchObject({ plan: "business", currency: "USD", price: 500 * USD, credited: 0 })
    const days = (Date.parse(mine.current!.endsAt) - Date.parse(mine.current!.startsAt)) / 86_400_000
    expect(days).toBe(30)

    // The same key for another plan is refused; a new key buys the next term, after this one.
    const reused = await browser.post("/api/v2/user/enterprise_support/buy", buyBody("click-1", "priority"))
    expect(reused.statusCode).toBe(409)
    expect(errorOf(reused).code).toBe("IDEMPOTENCY_KEY_REUSED")
    const next = await ok<EnterprisePurchase>(
      browser.post("/api/v2/user/enterprise_support/buy", buyBody("click-2")),
    )
    expect(next.subscription.startsAt).toBe(mine.current!.endsAt)
    expect(next.balance).toBe(200 * USD)
    const later = await ok<MyEnterpriseSupport>(browser.get("/api/v2/user/enterprise_support"))
    expect(later.upcoming.map((term) => term.id)).toEqual([next.subscription.id])
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })

  it("charges once when five different purchases arrive at once with money for one; refuses the rest", async () => {
    const { browser, id } = await customerWith("enterprise-race@example.com", 4_100 * USD)
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        browser.post("/api/v2/user/enterprise_support/buy", buyBody(`race-${index}`, "dedicated")),
      ),
    )
    const codes = responses.map((response) => response.statusCode).sort()
    expect(codes).toEqual([200, 402, 402, 402, 402])
    const refused = responses.find((response) => response.statusCode === 402)!
    expect(errorOf(refused)).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      details: { balance: 100 * USD, price: 4_000 * USD, currency: "USD" },
    })
    expect(await charges(id)).toBe(1)
    expect((await balanceOf(id)).posted).toBe(100 * USD)
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })

  it("refuses a purchase the balance does not cover, charging nothing; signed out, sign in first", async () => {
    const { browser, id } = await customerWith("enterprise-poor@example.com", 10 * USD)
    const refused = await browser.post("/api/v2/user/enterprise_support/buy", buyBody("poor-1"))
    expect(refused.statusCode).toBe(402)
    expect(errorOf(refused).code).toBe("INSUFFICIENT_BALANCE")
    expect(await charges(id)).toBe(0)
    expect((await balanceOf(id)).posted).toBe(10 * USD)
    const signedOut = await testBrowser(app, { ip: "10.31.2.2" }).post(
      "/api/v2/user/enterprise_support/buy",
      buyBody("anon-1"),
    )
    expect(signedOut.statusCode).toBe(401)
    expect(
      (await browser.post("/api/v2/user/enterprise_support/buy", { ...buyBody("x"), currency: "EUR" }))
        .statusCode,
    ).toBe(400)
  })

  it("runs a ticket opened under a plan on its targets, shows them to its customer and credits a late answer once", async () => {
    const { browser, id } = await customerWith("enterprise-ticket@example.com", 4_000 * USD)
    const plain = await customerWith("plain-ticket@example.com", 0)
    const ticketBody = {
      audience: "customer",
      category: "api",
      priority: "urgent",
      subject: "All in.php calls time out",
      body: "Since 10:00 UTC every in.php call times out after 30 seconds.",
      attachmentIds: [],
      include: [],
    }
    // Without a plan the customer sees no target.
    const before = await ok<Ticket>(plain.browser.post("/api/v1/support/tickets", ticketBody), 201)
    expect(before.sla).toBeNull()

    await ok(browser.post("/api/v2/user/enterprise_support/buy", buyBody("dedicated-1", "dedicated")))
    const ticket = await ok<Ticket>(browser.post("/api/v1/support/tickets", ticketBody), 201)
    // Dedicated: urgent in 15 minutes, round the clock; the customer sees it, naming the plan.
    expect(ticket.sla).toMatchObject({
      targetMinutes: 15,
      breached: false,
      missedBefore: 0,
      plan: { code: "dedicated", hours: "24x7" },
    })
    expect(Date.parse(ticket.sla!.dueAt!) - Date.parse(ticket.sla!.waitingSince!)).toBe(15 * 60_000)
    const staffView = await ok<Ticket>(moderator.get(`/api/v1/support/tickets/${ticket.id}`))
    expect(staffView.sla).toMatchObject({ targetMinutes: 15, plan: { code: "dedicated" } })

    // An hour ago, under the plan: the wait is late now.
    await db.query(
      "UPDATE enterprise_subscriptions SET starts_at = starts_at - interval '1 day' WHERE user_id = $1",
      [id],
    )
    await db.query("UPDATE support_tickets SET created_at = created_at - interval '1 hour' WHERE id = $1", [
      ticket.id,
    ])
    await db.query(
      "UPDATE support_ticket_events SET created_at = created_at - interval '1 hour' WHERE ticket_id = $1",
      [ticket.id],
    )
    expect((await ok<Ticket>(browser.get(`/api/v1/support/tickets/${ticket.id}`))).sla?.breached).toBe(true)
    const balanceBefore = (await balanceOf(id)).posted

    // Nobody has answered, and the wait is past its target: the job credits 5 % of 4,000 USD, once.
    expect(await creditOverdueWaits(db)).toBe(200 * USD)
    expect((await balanceOf(id)).posted).toBe(balanceBefore + 200 * USD)
    expect(await creditOverdueWaits(db)).toBe(0)

    // Staff's answer ends the late wait: credited already, nothing more.
    const answered = await ok<Ticket>(
      moderator.post(`/api/v1/support/tickets/${ticket.id}/messages`, {
        body: "We are on it: a network fault at our side, fixed in minutes.",
        attachmentIds: [],
      }),
    )
    expect(answered.sla).toMatchObject({ dueAt: null, missedBefore: 1 })
    expect((await balanceOf(id)).posted).toBe(balanceBefore + 200 * USD)
    // Run again (a retry, a second status change): nothing more.
    expect(await db.transaction((tx) => creditLateAnswers(tx, ticket.id))).toBe(0)
    await ok(moderator.post(`/api/v1/support/tickets/${ticket.id}/status`, { status: "on_hold" }))
    // The customer replies and staff answer in time: no credit for that wait.
    await ok(
      browser.post(`/api/v1/support/tickets/${ticket.id}/messages`, { body: "Thanks!", attachmentIds: [] }),
    )
    await ok(
      moderator.post(`/api/v1/support/tickets/${ticket.id}/messages`, {
        body: "You're welcome.",
        attachmentIds: [],
      }),
    )
    expect((await balanceOf(id)).posted).toBe(balanceBefore + 200 * USD)
    const { rows } = await db.query<{ wait_index: number; amount: string; key: string }>(
      `SELECT c.wait_index, c.amount::text, t.idempotency_key AS key FROM enterprise_sla_credits c
         JOIN ledger_transfers t ON t.id = c.ledger_transfer_id WHERE c.ticket_id = $1`,
      [ticket.id],
    )
    expect(rows).toEqual([{ wait_index: 0, amount: String(200 * USD), key: `enterprise-sla:${ticket.id}:0` }])
    const mine = await ok<MyEnterpriseSupport>(browser.get("/api/v2/user/enterprise_support"))
    expect(mine.current?.credited).toBe(200 * USD)
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })
})

import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { PricePreview, PriceTable, PriceVersion } from "@manyhands/contract/ops-prices"
import type { DomainRule } from "@manyhands/contract/ops-domains"
import type { Database } from "../src/db/database"
import { accountBalance, ledgerAccount } from "../src/modules/ledger/ledger"
import { ok, testBrowser, type TestBrowser } from "./browser"
import { giveApiKey, giveCredit, newUser } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const USD = 1_000_000
const SITEKEY = "0x4AAAAAAAC3DHQFLr1GavRN"

describe.each(engines)("prices on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let admin: TestBrowser
  let customerKey: string
  let customerId: string
  let workerId: string

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    admin = testBrowser(app)
    expect((await admin.signIn("admin@demo.manyhands.dev")).statusCode).toBe(200)
    customerId = await newUser(db, "prices-customer@example.com", "customer")
    customerKey = await giveApiKey(db, "prices-customer@example.com")
    await giveCredit(db, customerId, 50 * USD)
    workerId = await newUser(db, "prices-worker@example.com", "worker")
  })
  afterAll(async () => stop())

  const createTask = async (websiteURL = "https://prices.example.com/") => {
    const answer = (
      await app.inject({
        method: "POST",
        url: "/createTask",
        payload: {
          clientKey: customerKey,
          task: { type: "TurnstileTaskProxyless", websiteURL, websiteKey: SITEKEY },
        },
      })
    ).json<{ errorId: number; taskId: number }>()
    expect(answer.errorId).toBe(0)
    return String(answer.taskId)
  }
  const taskPrice = async (id: string) =>
    (
      await db.query<{ price: string; pay: string }>(
        "SELECT price_per_answer::text AS price, worker_pay_per_answer::text AS pay FROM captcha_tasks WHERE id = $1",
        [id],
      )
    ).rows[0]!
  const schedule = (body: Record<string, unknown>) =>
    admin.post("/api/v1/ops/prices", { type: "TurnstileTask", currency: "USD", effectiveFrom: null, ...body })
  const solve = async (id: string) => {
    const workers = app.captchaEngine.workers
    for (let tries = 0; tries < 20; tries++) {
      const offer = await workers.claim(workerId, { waitMs: 0, types: ["TurnstileTask"] })
      if (!offer) break
      if (offer.params.websiteURL === undefined) continue
      const mine = await db.query("SELECT 1 FROM task_assignments WHERE id = $1 AND task_id = $2", [
        offer.assignmentId,
        id,
      ])
      if (mine.rows.length === 0) {
        await workers.skip(workerId, offer.assignmentId, "skip")
        continue
      }
      return workers.answer(workerId, offer.assignmentId, { token: "a-token", userAgent: "test" })
    }
    throw new Error(`task ${id} was not offered`)
  }

  it("refuses signed-out visitors (401), customers (403) and moderators (403)", async () => {
    expect((await testBrowser(app).get("/api/v1/ops/prices")).statusCode).toBe(401)
    const customer = testBrowser(app)
    await customer.signIn("customer@demo.manyhands.dev")
    expect((await customer.get("/api/v1/ops/prices")).statusCode).toBe(403)
    const moderator = testBrowser(app)
    await moderator.signIn("moderator@demo.manyhands.dev")
    expect((await moderator.get("/api/v1/ops/prices")).statusCode).toBe(403)
    const body = { type: "TurnstileTask", currency: "USD", perThousand: "2.00", workerPerThousand: "1.00" }
    expect((await moderator.post("/api/v1/ops/prices/preview", body)).statusCode).toBe(403)
    expect((await moderator.post("/api/v1/ops/prices", { ...body, effectiveFrom: null })).statusCode).toBe(
      403,
    )
    expect((await moderator.send("DELETE", "/api/v1/ops/prices/1")).statusCode).toBe(403)
  })

  it("lists every type's current price per currency, as the migration carried it over", async () => {
    const table = await ok<PriceTable>(admin.get("/api/v1/ops/prices"))
    const turnstile = table.types.find((row) => row.type === "TurnstileTask")!
    const usd = turnstile.currencies.find((cell) => cell.currency === "USD")!
    // 1450 micro-units a task = 1.45 per 1,000; the worker's 60 % = 0.87.
    expect(usd.current).toMatchObject({
      perThousand: "1.45",
      workerPerThousand: "0.87",
      marginPerThousand: "0.58",
    })
    expect(usd.scheduled).toEqual([])
  })

  it("keeps captcha_prices as the price in force, and a write to it is a new version in force now", async () => {
    await db.query(
      "UPDATE captcha_prices SET price_per_task = 5000 WHERE type = 'AudioTask' AND currency = 'RUB'",
    )
    const { rows } = await db.query<{ price: string; pay: string }>(
      `SELECT price_per_task::text AS price, worker_pay_per_task::text AS pay FROM captcha_prices
        WHERE type = 'AudioTask' AND currency = 'RUB'`,
    )
    expect(rows).toEqual([{ price: "5000", pay: "3000" }])
    const versions = await db.query(
      "SELECT 1 FROM captcha_price_versions WHERE type = 'AudioTask' AND currency = 'RUB'",
    )
    expect(versions.rows).toHaveLength(2)
  })

  it("a price now is charged to the next task, and the task keeps it after a later change; both audited", async () => {
    const before = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM staff_audit")).rows[0]!.n
    await ok<PriceVersion>(schedule({ perThousand: "2.00", workerPerThousand: "1.20" }), 201)
    const first = await createTask()
    expect(await taskPrice(first)).toEqual({ price: "2000", pay: "1200" })
    await ok<PriceVersion>(schedule({ perThousand: "3.00", workerPerThousand: "1.50" }), 201)
    const second = await createTask()
    expect(await taskPrice(second)).toEqual({ price: "3000", pay: "1500" })
    // The first task is solved after the change: charged and paid at its own price.
    const outcome = await solve(first)
    expect(outcome).toMatchObject({ accepted: true, earned: 1200 })
    const charged = await db.query<{ charged: string }>(
      "SELECT charged::text FROM captcha_tasks WHERE id = $1",
      [first],
    )
    expect(charged.rows[0]!.charged).toBe("2000")
    const audit = await db.query<{ action: string; details: Record<string, unknown> }>(
      "SELECT action, details FROM staff_audit ORDER BY id DESC LIMIT 2",
    )
    expect(audit.rows.map((row) => row.action)).toEqual(["price.schedule", "price.schedule"])
    expect(audit.rows[0]!.details).toMatchObject({
      type: "TurnstileTask",
      currency: "USD",
      before: { pricePerTask: 2000, workerPayPerTask: 1200 },
      after: { pricePerTask: 3000, workerPayPerTask: 1500 },
    })
    expect((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM staff_audit")).rows[0]!.n).toBe(
      before + 2,
    )
  })

  it("a domain rule's multiplier charges the multiplied price, kept after a later price change", async () => {
    await ok<PriceVersion>(schedule({ perThousand: "2.00", workerPerThousand: "1.00" }), 201)
    await ok<DomainRule>(
      admin.post("/api/v1/ops/domain-rules", {
        kind: "suffix",
        pattern: "*.pricey.example.com",
        captchaTypes: ["TurnstileTask"],
        action: "price_multiplier",
        minRating: null,
        priceMultiplier: 1.5,
        staffReason: "Hard captchas on this site",
        customerReason: null,
        expiresAt: null,
        enabled: true,
      }),
      201,
    )
    const account = await ledgerAccount(db, {
      userId: customerId,
      purpose: "customer_balance",
      currency: "USD",
    })
    const balanceBefore = await accountBalance(db, account)
    const id = await createTask("https://shop.pricey.example.com/")
    expect(await taskPrice(id)).toEqual({ price: "3000", pay: "1500" })
    expect(balanceBefore.available - (await accountBalance(db, account)).available).toBe(3000)
    await ok<PriceVersion>(schedule({ perThousand: "1.00", workerPerThousand: "0.50" }), 201)
    expect(await solve(id)).toMatchObject({ accepted: true, earned: 1500 })
    const task = await db.query<{ charged: string; rule: string | null }>(
      "SELECT charged::text, domain_rule_id::text AS rule FROM captcha_tasks WHERE id = $1",
      [id],
    )
    expect(task.rows[0]!.charged).toBe("3000")
    expect(task.rows[0]!.rule).not.toBeNull()
    // Other hosts pay the type's price.
    expect(await taskPrice(await createTask("https://elsewhere.example.net/"))).toEqual({
      price: "1000",
      pay: "500",
    })
  })

  it("a scheduled price takes effect at its time, and a scheduled one can be cancelled (audited)", async () => {
    await ok<PriceVersion>(schedule({ perThousand: "2.00", workerPerThousand: "1.00" }), 201)
    const at = new Date(Date.now() + 1500)
    const scheduled = await ok<PriceVersion>(
      schedule({ perThousand: "4.00", workerPerThousand: "2.00", effectiveFrom: at.toISOString() }),
      201,
    )
    const later = await ok<PriceVersion>(
      schedule({
        perThousand: "9.00",
        workerPerThousand: "2.00",
        effectiveFrom: new Date(Date.now() + 3_600_000).toISOString(),
      }),
      201,
    )
    const table = await ok<PriceTable>(admin.get("/api/v1/ops/prices"))
    const cell = table.types
      .find((row) => row.type === "TurnstileTask")!
      .currencies.find((c) => c.currency === "USD")!
    expect(cell.current?.perThousand).toBe("2.00")
    expect(cell.scheduled.map((version) => version.id)).toEqual([scheduled.id, later.id])
    expect(await taskPrice(await createTask())).toMatchObject({ price: "2000" })
    // Waiting for the clock itself: the price's time is the event.
    while (Date.now() < at.getTime() + 50) await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await taskPrice(await createTask())).toMatchObject({ price: "4000", pay: "2000" })
    // Cancelling: the later one goes; the one in force cannot.
    expect((await admin.send("DELETE", `/api/v1/ops/prices/${later.id}`)).statusCode).toBe(200)
    const inForce = await admin.send("DELETE", `/api/v1/ops/prices/${scheduled.id}`)
    expect(inForce.statusCode).toBe(409)
    expect(inForce.json()).toMatchObject({ error: { code: "PRICE_ALREADY_IN_FORCE" } })
    expect((await admin.send("DELETE", `/api/v1/ops/prices/${later.id}`)).statusCode).toBe(404)
    const cancelled = await db.query(
      "SELECT 1 FROM staff_audit WHERE action = 'price.cancel' AND target_id = $1",
      [later.id],
    )
    expect(cancelled.rows).toHaveLength(1)
    // The public price list shows the price in force.
    const list = (await app.inject({ method: "GET", url: "/api/v1/captcha/prices" })).json<{
      prices: { type: string; currency: string; perThousand: string }[]
    }>()
    expect(list.prices.find((p) => p.type === "TurnstileTask" && p.currency === "USD")?.perThousand).toBe(
      "4.00",
    )
  })

  it("refuses bad amounts, pay above the price and a time in the past", async () => {
    const bad = await schedule({ perThousand: "0", workerPerThousand: "0" })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ error: { code: "PRICE_INVALID" } })
    expect((await schedule({ perThousand: "1.00", workerPerThousand: "1.50" })).json()).toMatchObject({
      error: { code: "PRICE_INVALID" },
    })
    const past = await schedule({
      perThousand: "1.00",
      workerPerThousand: "0.50",
      effectiveFrom: new Date(Date.now() - 3_600_000).toISOString(),
    })
    expect(past.json()).toMatchObject({ error: { code: "PRICE_TIME_PAST" } })
    expect(
      (await schedule({ type: "NoSuchTask", perThousand: "1.00", workerPerThousand: "0.50" })).statusCode,
    ).toBe(404)
  })

  it("previews the margin and yesterday's volume at the current and the new price", async () => {
    await ok<PriceVersion>(schedule({ perThousand: "2.00", workerPerThousand: "1.00" }), 201)
    await db.query(
      "DELETE FROM captcha_tasks WHERE created_at < date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'",
    )
    for (let i = 0; i < 3; i++) {
      const id = await createTask()
      await db.query(
        "UPDATE captcha_tasks SET created_at = date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '1 hour' WHERE id = $1",
        [id],
      )
    }
    const preview = await ok<PricePreview>(
      admin.post("/api/v1/ops/prices/preview", {
        type: "TurnstileTask",
        currency: "USD",
        perThousand: "5.00",
        workerPerThousand: "3.00",
      }),
    )
    expect(preview).toMatchObject({
      currentPerThousand: "2.00",
      currentWorkerPerThousand: "1.00",
      marginPerThousand: "2.00",
      currentMarginPerThousand: "1.00",
      yesterday: { tasks: 3, atCurrentPrice: "0.006", atNewPrice: "0.015" },
    })
  })
})

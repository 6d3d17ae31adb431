import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { maskEmail, signUpSource } from "../src/modules/affiliate/partner"
import { affiliateShares, setAffiliateShares } from "../src/modules/affiliate/shares"
import { chargeTask } from "../src/modules/captcha/settlement"
import { lockTask, taskMoney } from "../src/modules/captcha/tasks"
import {
  type AccountPurpose,
  accountBalance,
  checkLedger,
  ledgerAccount,
  transfer,
} from "../src/modules/ledger/ledger"
import { testBrowser, type TestBrowser } from "./browser"
import { giveCredit, imageTask, newUser, passTraining, pngImage, solveImage } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const USD = 1_000_000
/** ImageToTextTask as these tests set it: 1000 micro-units a task, 60 % of it to the worker. */
const PRICE = 1000
const WORKER_PAY = 600
/** The defaults: 10 % of the customer's spend, 5 % of the worker's pay. */
const CUSTOMER_SHARE = 100
const WORKER_SHARE = 30
const ORIGIN = "http://localhost:3000"
const PASSWORD = "a referral passphrase of 2026"

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; message: string; details?: { field: string }[] } }>().error

describe("affiliate helpers", () => {
  it("masks e-mail addresses to the first letters of the name", () => {
    expect(maskEmail("john@example.com")).toBe("jo***@example.com")
    expect(maskEmail("jo@example.com")).toBe("j***@example.com")
    expect(maskEmail("j@example.com")).toBe("j***@example.com")
  })

  it("tells a sign-up's source as the app tells a click's", () => {
    expect(signUpSource({ firstPage: "/?from=7&source=yt", referer: "https://blog.example/post" }, "7")).toBe(
      "yt",
    )
    // Another referrer's link on the first page: the last page carried ours, without a source.
    expect(
      signUpSource(
        { firstPage: "/?from=8&source=x", lastPage: "/jobs?from=7", referer: "https://a.example/" },
        "7",
      ),
    ).toBe("a.example")
    expect(signUpSource({ referer: "https://news.example/item?id=1" }, "7")).toBe("news.example")
    expect(signUpSource({ referer: "not an address", firstPage: "%%%" }, "7")).toBe("direct")
  })

  it("refuses shares outside 0–50 %", () => {
    const before = affiliateShares()
    expect(() => setAffiliateShares({ customerPercent: 51, workerPercent: 5 })).toThrowError(RangeError)
    expect(() => setAffiliateShares({ customerPercent: 10, workerPercent: 2.5 })).toThrowError(RangeError)
    expect(affiliateShares()).toEqual(before)
  })
})

describe.each(engines)("the affiliate programme on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let people = 0
  let ips = 0
  const freshIp = () => `198.51.100.${++ips}`

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine, { pages: "built" }))
    // Every task here goes to the worker that asks for it.
    await db.query("UPDATE gold_tasks SET enabled = false")
    app.captchaEngine.workers.goldShare = 0
    await setImagePrice(PRICE, 60)
  })
  afterAll(() => stop())
  afterEach(async () => {
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })

  /** A new price version in force now, its worker pay the type's share (migration 0034's trigger reads it then). */
  async function setImagePrice(price: number, workerSharePercent: number) {
    await db.query("UPDATE captcha_types SET worker_share_percent = $1 WHERE code = 'ImageToTextTask'", [
      workerSharePercent,
    ])
    await db.query(
      "UPDATE captcha_prices SET price_per_task = $1 WHERE type = 'ImageToTextTask' AND currency = 'USD'",
      [price],
    )
    app.captchaEngine.catalogue.forget()
  }

  interface Person {
    id: string
    email: string
  }

  /** A plain account (no referrer), made directly. */
  const person = async (type: "customer" | "worker" = "customer"): Promise<Person> => {
    const email = `person${++people}@example.com`
    return { id: await newUser(db, email, type), email }
  }

  /**
   * Signs up through the API with the visitor cookies the app shell writes (reg_referrer is the ?from= id),
   * then confirms the address as the mailed link would.
   */
  async function register(
    type: "customer" | "worker",
    cookies: Record<string, string> = {},
    email = `referred${++people}@example.com`,
  ): Promise<Person & { referrerId: string | null }> {
    const visitor = testBrowser(app, { ip: freshIp() })
    for (const [name, value] of Object.entries(cookies)) visitor.jar.set(name, encodeURIComponent(value))
    const response = await visitor.post("/api/v2/auth/register", {
      email,
      password: PASSWORD,
      userType: type,
      acceptTerms: true,
    })
    expect(response.statusCode).toBe(202)
    const { rows } = await db.query<{ id: string; referrer_id: string | null }>(
      "UPDATE users SET email_confirmed_at = now() WHERE email = $1 RETURNING id::text, referrer_id::text",
      [email],
    )
    // A worker here has passed its training: these tests are about who earns what, not about the training gate.
    if (type === "worker") await passTraining(db, rows[0]!.id)
    return { id: rows[0]!.id, email, referrerId: rows[0]!.referrer_id }
  }
  const referred = (type: "customer" | "worker", referrer: Person) =>
    register(type, { reg_referrer: referrer.id })

  const signedIn = async (who: Person): Promise<TestBrowser> => {
    const browser = testBrowser(app, { ip: freshIp() })
    expect((await browser.signIn(who.email)).statusCode).toBe(200)
    return browser
  }

  /** A customer's image task, waiting for a worker; the customer gets the credit it needs first. */
  async function submitTask(customer: Person, credit = PRICE) {
    await giveCredit(db, customer.id, credit)
    const client = await app.captchaEngine.clientFor(customer.id)
    const image = pngImage()
    const { id } = await app.captchaEngine.submit(
      client,
      imageTask({ files: [{ name: "body", mime: "image/png", data: image }] }),
      { api: "v2", ip: "203.0.113.7" },
    )
    return { id, image, client }
  }

  /** Submitted by the customer and solved by the worker; returns the task and the worker's assignment. */
  async function solvedTask(customer: Person, worker: Person, credit = PRICE) {
    const task = await submitTask(customer, credit)
    await solveImage(app.captchaEngine, worker.id, task.image, "w0rds")
    const { rows } = await db.query<{ id: string }>(
      "SELECT id::text FROM task_assignments WHERE task_id = $1 AND worker_id = $2",
      [task.id, worker.id],
    )
    return { ...task, assignmentId: rows[0]!.id }
  }

  const balance = async (userId: string | null, purpose: AccountPurpose) =>
    accountBalance(db, await ledgerAccount(db, { userId, purpose, currency: "USD" }))
  const partnerPosted = async (who: Person) => (await balance(who.id, "partner_balance")).posted
  const revenuePosted = async () => (await balance(null, "platform_revenue")).posted

  /** The referral transfers of a task: key → amount. */
  const referralTransfers = async (taskId: string) =>
    Object.fromEntries(
      (
        await db.query<{ idempotency_key: string; amount: string }>(
          "SELECT idempotency_key, amount::text FROM ledger_transfers WHERE idempotency_key LIKE $1 ORDER BY id",
          [`referral:${taskId}:%`],
        )
      ).rows.map((row) => [row.idempotency_key, Number(row.amount)]),
    )
  const earningsRows = async (taskId: string) =>
    (
      await db.query<{
        referrer_id: string | null
        referred_id: string | null
        source: string
        amount: string
      }>(
        `SELECT referrer_id::text, referred_id::text, source, amount::text FROM referral_earnings
          WHERE task_id = $1 ORDER BY id`,
        [taskId],
      )
    ).rows.map((row) => ({ ...row, amount: Number(row.amount) }))

  it("stores the referrer of a sign-up whose ?from= names another existing account, keeping the attribution", async () => {
    const referrer = await person()
    const signUp = await register("customer", {
      reg_referrer: referrer.id,
      utm: JSON.stringify({ utm_source: "news" }),
    })
    expect(signUp.referrerId).toBe(referrer.id)
    const { rows } = await db.query<{ attribution: unknown }>("SELECT attribution FROM users WHERE id = $1", [
      signUp.id,
    ])
    expect(rows[0]!.attribution).toEqual({ referral: { id: referrer.id }, utm: { utm_source: "news" } })

    // Ids naming nobody: unknown, not a number, too large for an id, with a leading zero.
    for (const id of ["999999999", "partner-42", "9".repeat(30), `0${referrer.id}`])
      expect((await register("worker", { reg_referrer: id })).referrerId).toBeNull()
    expect((await register("worker")).referrerId).toBeNull()

    // The id the new account itself gets: nobody referred it.
    const { rows: sequence } = await db.query<{ next: string }>(
      `SELECT (CASE WHEN is_called THEN last_value + 1 ELSE last_value END)::text AS next
         FROM users_id_seq`,
    )
    const next = sequence[0]!.next
    const self = await register("customer", { reg_referrer: next })
    expect(self.id).toBe(next)
    expect(self.referrerId).toBeNull()
    // And the database refuses it outright.
    await expect(db.query("UPDATE users SET referrer_id = id WHERE id = $1", [self.id])).rejects.toThrow()
  })

  it("pays the customer's referrer a share of the charge in the settlement's own transaction", async () => {
    const referrer = await person()
    const customer = await referred("customer", referrer)
    const worker = await person("worker")
    const task = await submitTask(customer)

    // The settlement rolled back: no share either.
    await expect(
      db.transaction(async (tx) => {
        const row = (await lockTask(tx, task.id))!
        await chargeTask(tx, taskMoney(row), { answers: 1, workerSharePercent: 60, paid: [] })
        expect(await tx.query("SELECT 1 FROM referral_earnings WHERE task_id = $1", [task.id])).toMatchObject(
          {
            rows: [{}],
          },
        )
        throw new Error("the settlement failed")
      }),
    ).rejects.toThrow("the settlement failed")
    expect(await referralTransfers(task.id)).toEqual({})
    expect(await earningsRows(task.id)).toEqual([])
    expect(await partnerPosted(referrer)).toBe(0)

    const revenueBefore = await revenuePosted()
    await solveImage(app.captchaEngine, worker.id, task.image, "w0rds")
    expect(await referralTransfers(task.id)).toEqual({ [`referral:${task.id}:customer`]: CUSTOMER_SHARE })
    expect(await earningsRows(task.id)).toEqual([
      { referrer_id: referrer.id, referred_id: customer.id, source: "customer", amount: CUSTOMER_SHARE },
    ])
    expect(await partnerPosted(referrer)).toBe(CUSTOMER_SHARE)
    // Out of the platform's cut, never the customer's or the worker's money.
    expect(await revenuePosted()).toBe(revenueBefore + PRICE - WORKER_PAY - CUSTOMER_SHARE)
    expect((await balance(customer.id, "customer_balance")).posted).toBe(0)
    expect((await balance(worker.id, "worker_earnings")).posted).toBe(WORKER_PAY)
    // One transaction: the charge and the share carry the same transaction time.
    const { rows } = await db.query<{ same: boolean }>(
      `SELECT (SELECT created_at FROM ledger_transfers WHERE idempotency_key = $1)
            = (SELECT created_at FROM ledger_transfers WHERE idempotency_key = $2) AS same`,
      [`task:${task.id}:post`, `referral:${task.id}:customer`],
    )
    expect(rows[0]!.same).toBe(true)
  })

  it("pays a worker's referrer a share of the worker's pay, and both referrers of one task", async () => {
    const workerReferrer = await person("worker")
    const worker = await referred("worker", workerReferrer)
    const task = await solvedTask(await person(), worker)
    expect(await referralTransfers(task.id)).toEqual({
      [`referral:${task.id}:worker:${task.assignmentId}`]: WORKER_SHARE,
    })
    expect(await earningsRows(task.id)).toEqual([
      { referrer_id: workerReferrer.id, referred_id: worker.id, source: "worker", amount: WORKER_SHARE },
    ])
    expect(await partnerPosted(workerReferrer)).toBe(WORKER_SHARE)
    expect((await balance(worker.id, "worker_earnings")).posted).toBe(WORKER_PAY)

    const customerReferrer = await person()
    const customer = await referred("customer", customerReferrer)
    const revenueBefore = await revenuePosted()
    const both = await solvedTask(customer, worker)
    expect(await referralTransfers(both.id)).toEqual({
      [`referral:${both.id}:customer`]: CUSTOMER_SHARE,
      [`referral:${both.id}:worker:${both.assignmentId}`]: WORKER_SHARE,
    })
    expect(await revenuePosted()).toBe(revenueBefore + PRICE - WORKER_PAY - CUSTOMER_SHARE - WORKER_SHARE)
  })

  it("caps the shares by the platform's cut of the task: the customer's share first, the worker's from the rest", async () => {
    const customerReferrer = await person()
    const workerReferrer = await person()
    const customer = await referred("customer", customerReferrer)
    const worker = await referred("worker", workerReferrer)
    try {
      // 88 % to the worker: a cut of 120 covers the customer's 100 and 20 of the worker's 44.
      await setImagePrice(PRICE, 88)
      let revenueBefore = await revenuePosted()
      const tight = await solvedTask(customer, worker)
      expect(await referralTransfers(tight.id)).toEqual({
        [`referral:${tight.id}:customer`]: 100,
        [`referral:${tight.id}:worker:${tight.assignmentId}`]: 20,
      })
      expect(await revenuePosted()).toBe(revenueBefore)

      // 95 %: a cut of 50, all of it the customer's referrer's (their 100 capped), nothing for the worker's.
      await setImagePrice(PRICE, 95)
      revenueBefore = await revenuePosted()
      const tighter = await solvedTask(customer, worker)
      expect(await referralTransfers(tighter.id)).toEqual({ [`referral:${tighter.id}:customer`]: 50 })
      expect(await revenuePosted()).toBe(revenueBefore)

      // All to the worker: no cut, no shares.
      await setImagePrice(PRICE, 100)
      revenueBefore = await revenuePosted()
      const none = await solvedTask(customer, worker)
      expect(await referralTransfers(none.id)).toEqual({})
      expect(await revenuePosted()).toBe(revenueBefore)
    } finally {
      await setImagePrice(PRICE, 60)
    }
    expect(await partnerPosted(customerReferrer)).toBe(150)
    expect(await partnerPosted(workerReferrer)).toBe(20)
  })

  it("takes the customer's share back on a refund and leaves the worker's", async () => {
    const customerReferrer = await person()
    const workerReferrer = await person()
    const customer = await referred("customer", customerReferrer)
    const worker = await referred("worker", workerReferrer)
    const task = await solvedTask(customer, worker)
    const revenueBefore = await revenuePosted()
    await app.captchaEngine.report(task.client, task.id, "bad")
    expect(await referralTransfers(task.id)).toEqual({
      [`referral:${task.id}:customer`]: CUSTOMER_SHARE,
      [`referral:${task.id}:worker:${task.assignmentId}`]: WORKER_SHARE,
      [`referral:${task.id}:customer:refund`]: CUSTOMER_SHARE,
    })
    expect(await partnerPosted(customerReferrer)).toBe(0)
    expect(await partnerPosted(workerReferrer)).toBe(WORKER_SHARE)
    expect((await balance(customer.id, "customer_balance")).posted).toBe(PRICE)
    // The platform refunds the price and gets the customer's share back.
    expect(await revenuePosted()).toBe(revenueBefore - PRICE + CUSTOMER_SHARE)
    expect((await earningsRows(task.id)).map((row) => [row.source, row.amount])).toEqual([
      ["customer", CUSTOMER_SHARE],
      ["worker", WORKER_SHARE],
      ["customer", -CUSTOMER_SHARE],
    ])
    const summary = (await (await signedIn(customerReferrer)).get("/api/v2/partner/summary")).json()
    expect(summary.earnings.customers).toEqual({ USD: 0, RUB: 0 })
    expect(summary.earnedAllTime).toEqual({ USD: 0, RUB: 0 })
  })

  it("still refunds the customer when the referrer has already asked for the share as a payout", async () => {
    const referrer = await person()
    await db.query("UPDATE users SET payout_method = 'paypal', payout_wallet = $2 WHERE id = $1", [
      referrer.id,
      referrer.email,
    ])
    // Enough for PayPal's $2 minimum, so the share can leave with it.
    await db.transaction(async (tx) =>
      transfer(tx, {
        key: `test-partner-funds:${referrer.id}`,
        debitAccountId: await ledgerAccount(tx, {
          userId: null,
          purpose: "promotional_credit",
          currency: "USD",
        }),
        creditAccountId: await ledgerAccount(tx, {
          userId: referrer.id,
          purpose: "partner_balance",
          currency: "USD",
        }),
        amount: 2 * USD,
        currency: "USD",
      }),
    )
    const customer = await referred("customer", referrer)
    const task = await solvedTask(customer, await person("worker"))
    const browser = await signedIn(referrer)
    const payout = await browser.post("/api/v2/payouts", {
      amount: 2 * USD + CUSTOMER_SHARE,
      source: "partner",
    })
    expect(payout.statusCode).toBe(201)
    expect((await balance(referrer.id, "partner_balance")).available).toBe(0)

    const revenueBefore = await revenuePosted()
    await app.captchaEngine.report(task.client, task.id, "bad")
    expect((await balance(customer.id, "customer_balance")).posted).toBe(PRICE)
    // Nothing left to take back: the platform bears the share.
    expect(await referralTransfers(task.id)).toEqual({ [`referral:${task.id}:customer`]: CUSTOMER_SHARE })
    expect(await revenuePosted()).toBe(revenueBefore - PRICE)
  })

  it("pays nothing once the referrer is deleted, or when the shares are set to 0", async () => {
    const referrer = await person()
    const customer = await referred("customer", referrer)
    await db.query("DELETE FROM users WHERE id = $1", [referrer.id])
    const orphan = await solvedTask(customer, await person("worker"))
    expect(await referralTransfers(orphan.id)).toEqual({})

    const other = await person()
    const kept = await referred("customer", other)
    const before = affiliateShares()
    try {
      setAffiliateShares({ customerPercent: 0, workerPercent: 0 })
      expect(await referralTransfers((await solvedTask(kept, await person("worker"))).id)).toEqual({})
      setAffiliateShares({ customerPercent: 25, workerPercent: 0 })
      const quarter = await solvedTask(kept, await referred("worker", other))
      expect(await referralTransfers(quarter.id)).toEqual({ [`referral:${quarter.id}:customer`]: 250 })
      expect((await (await signedIn(other)).get("/api/v2/partner/summary")).json().shares).toEqual({
        customerPercent: 25,
        workerPercent: 0,
      })
    } finally {
      setAffiliateShares(before)
    }
  })

  it("shows the partner their clicks, sign-ups, referrals, earnings and sources, and nobody else's", async () => {
    const partner = await person()
    const browser = await signedIn(partner)
    const other = await person()
    /** A browser opens a referral link (the server renders the page), then its app reports the click. */
    const click = async (visitor: TestBrowser, from: string, query = "", referer?: string) => {
      const page = await visitor.get(`/?from=${from}${query}`, referer ? { headers: { referer } } : {})
      expect(page.statusCode).toBe(200)
      const response = await visitor.post("/api/v1/event-tracker", {
        type: "referral",
        data: { from, source: "what the app says", unique: true },
      })
      expect(response.statusCode).toBe(201)
    }
    const visitor = () => testBrowser(app, { ip: freshIp() })
    await click(visitor(), partner.id, "&source=yt")
    await click(visitor(), partner.id, "&source=yt")
    // Referred by someone else first: this click is not the visitor's first.
    const secondHand = visitor()
    await click(secondHand, other.id, "&source=yt")
    await click(secondHand, partner.id, "&source=yt")
    await click(visitor(), partner.id, "", "https://blog.example/post")
    await click(visitor(), "someone-else", "&source=yt")

    const customer = await register(
      "customer",
      {
        reg_referrer: partner.id,
        first_visited_page: `/?from=${partner.id}&source=yt`,
        utm: JSON.stringify({ utm_source: "newsletter", utm_medium: "email", utm_campaign: "spring" }),
      },
      "john@example.com",
    )
    const worker = await register(
      "worker",
      {
        reg_referrer: partner.id,
        original_referer: "https://blog.example/post",
        first_visited_page: `/jobs?from=${partner.id}`,
      },
      "ann.worker@example.com",
    )
    const idle = await register("customer", { reg_referrer: partner.id }, "idle@example.com")
    await solvedTask(customer, worker)
    await db.query("UPDATE users SET last_login_at = now() - interval '1 day' WHERE id = $1", [idle.id])
    const today = new Date().toISOString().slice(0, 10)

    const summary = await browser.get("/api/v2/partner/summary")
    expect(summary.statusCode).toBe(200)
    expect(summary.headers["cache-control"]).toBe("no-store")
    const body = summary.json()
    const usd = (amount: number) => ({ USD: amount, RUB: 0 })
    expect(body).toMatchObject({
      userId: partner.id,
      link: `${ORIGIN}/?from=${partner.id}`,
      to: today,
      shares: { customerPercent: 10, workerPercent: 5 },
      clicks: 4,
      uniqueClicks: 3,
      signUps: 3,
      activeReferrals: 2,
      referralsTotal: 3,
      earnings: {
        customers: usd(CUSTOMER_SHARE),
        workers: usd(WORKER_SHARE),
        total: usd(CUSTOMER_SHARE + WORKER_SHARE),
      },
      earnedAllTime: usd(CUSTOMER_SHARE + WORKER_SHARE),
      balance: { posted: usd(CUSTOMER_SHARE + WORKER_SHARE), available: usd(CUSTOMER_SHARE + WORKER_SHARE) },
    })
    expect(body.days).toHaveLength(30)
    expect(body.days[0].date).toBe(body.from)
    expect(body.days[29]).toEqual({
      date: today,
      clicks: 4,
      uniqueClicks: 3,
      signUps: 3,
      customers: usd(CUSTOMER_SHARE),
      workers: usd(WORKER_SHARE),
    })

    // A window without today: nothing happened then, though the balance is what it is.
    const past = (await browser.get("/api/v2/partner/summary?from=2025-01-01&to=2025-01-31")).json()
    expect(past).toMatchObject({
      from: "2025-01-01",
      to: "2025-01-31",
      clicks: 0,
      signUps: 0,
      activeReferrals: 0,
      referralsTotal: 3,
      earnings: { total: usd(0) },
      earnedAllTime: usd(CUSTOMER_SHARE + WORKER_SHARE),
      balance: { available: usd(CUSTOMER_SHARE + WORKER_SHARE) },
    })
    expect(past.days).toHaveLength(31)

    const referrals = await browser.get("/api/v2/partner/referrals")
    expect(referrals.statusCode).toBe(200)
    const list = referrals.json()
    expect(list).toMatchObject({ total: 3, page: 1, pageSize: 20, sort: "newest", to: today })
    expect(list.items).toEqual([
      {
        id: idle.id,
        email: "id***@example.com",
        type: "customer",
        registeredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        confirmed: true,
        lastActivityAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        spend: usd(0),
        earnings: usd(0),
        commission: usd(0),
        commissionTotal: usd(0),
      },
      {
        id: worker.id,
        email: "an***@example.com",
        type: "worker",
        registeredAt: expect.any(String),
        confirmed: true,
        lastActivityAt: expect.any(String),
        spend: usd(0),
        earnings: usd(WORKER_PAY),
        commission: usd(WORKER_SHARE),
        commissionTotal: usd(WORKER_SHARE),
      },
      {
        id: customer.id,
        email: "jo***@example.com",
        type: "customer",
        registeredAt: expect.any(String),
        confirmed: true,
        lastActivityAt: expect.any(String),
        spend: usd(PRICE),
        earnings: usd(0),
        commission: usd(CUSTOMER_SHARE),
        commissionTotal: usd(CUSTOMER_SHARE),
      },
    ])
    const byCommission = (
      await browser.get("/api/v2/partner/referrals?sort=commission&pageSize=2&page=1")
    ).json()
    expect(byCommission.items.map((item: { id: string }) => item.id)).toEqual([customer.id, worker.id])
    const secondPage = (
      await browser.get("/api/v2/partner/referrals?sort=commission&pageSize=2&page=2")
    ).json()
    expect(secondPage).toMatchObject({ total: 3, page: 2, items: [{ id: idle.id }] })
    expect((await browser.get("/api/v2/partner/referrals?sort=oldest")).json().items[0].id).toBe(customer.id)
    // The last sign-in a day ago is older than the others' money today.
    const byActivity = (await browser.get("/api/v2/partner/referrals?sort=activity")).json()
    expect(byActivity.items.map((item: { id: string }) => item.id).at(-1)).toBe(idle.id)
    const pastList = (await browser.get("/api/v2/partner/referrals?from=2025-01-01&to=2025-01-31")).json()
    expect(pastList.items.find((item: { id: string }) => item.id === customer.id)).toMatchObject({
      spend: usd(0),
      commission: usd(0),
      commissionTotal: usd(CUSTOMER_SHARE),
    })

    const sources = await browser.get("/api/v2/partner/sources")
    expect(sources.statusCode).toBe(200)
    expect(sources.json()).toEqual({
      from: body.from,
      to: today,
      bySource: [
        { source: "yt", clicks: 3, uniqueClicks: 2, signUps: 1 },
        { source: "blog.example", clicks: 1, uniqueClicks: 1, signUps: 1 },
        { source: "direct", clicks: 0, uniqueClicks: 0, signUps: 1 },
      ],
      byUtm: [
        { utmSource: "", utmMedium: "", utmCampaign: "", signUps: 2 },
        { utmSource: "newsletter", utmMedium: "email", utmCampaign: "spring", signUps: 1 },
      ],
    })

    // Another partner sees only their own (empty) programme; there is no way to ask for someone else's.
    const stranger = await signedIn(await person())
    const theirs = (await stranger.get("/api/v2/partner/summary")).json()
    expect(theirs).toMatchObject({ clicks: 0, signUps: 0, referralsTotal: 0, earnedAllTime: usd(0) })
    expect((await stranger.get("/api/v2/partner/referrals")).json()).toMatchObject({ total: 0, items: [] })
    expect((await stranger.get("/api/v2/partner/sources")).json()).toMatchObject({ bySource: [], byUtm: [] })
    for (const url of [
      `/api/v2/partner/summary?userId=${partner.id}`,
      `/api/v2/partner/referrals?referrer=${partner.id}`,
    ])
      expect(errorOf(await stranger.get(url)).code).toBe("VALIDATION_FAILED")
  })

  it("counts a referral click only for the browser the server gave the visit cookie, once, with the source it saw", async () => {
    const partner = await person()
    const counted = async () =>
      (
        await db.query<{ data: unknown }>(
          "SELECT data FROM visitor_events WHERE type = 'referral' AND data ->> 'from' = $1 ORDER BY id",
          [partner.id],
        )
      ).rows.map((row) => row.data)
    const report = async (browser: TestBrowser) => {
      const response = await browser.post("/api/v1/event-tracker", {
        type: "referral",
        data: { from: partner.id, source: "forged-source", unique: true },
      })
      // Always the same answer: a forger learns nothing.
      expect(response.statusCode).toBe(201)
    }
    const forger = testBrowser(app, { ip: freshIp() })
    for (let i = 0; i < 3; i++) await report(forger)
    expect(await counted()).toEqual([])
    // A cookie the browser made up names no visit.
    forger.jar.set("mh_visit", "A".repeat(43))
    await report(forger)
    // A real visit through another partner's link does not count for this partner.
    const other = await person()
    forger.jar.delete("mh_visit")
    await forger.get(`/?from=${other.id}`)
    expect(forger.jar.has("mh_visit")).toBe(true)
    await report(forger)
    expect(await counted()).toEqual([])

    const real = testBrowser(app, { ip: freshIp() })
    const page = await real.get(`/pricing?from=${partner.id}&source=forum`)
    expect(page.cookies.find((cookie) => cookie.name === "mh_visit")).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
    })
    await report(real)
    await report(real)
    // Opening the link again in the same browser is the same visitor.
    await real.get(`/?from=${partner.id}&source=again`)
    await report(real)
    expect(await counted()).toEqual([{ from: partner.id, source: "forum", unique: true }])
  })

  it("answers only signed-in partners and checks the window and paging", async () => {
    const visitor = testBrowser(app)
    for (const url of [
      "/api/v2/partner/summary",
      "/api/v2/partner/referrals",
      "/api/v2/partner/sources",
      "/api/v2/partner/materials",
    ]) {
      const response = await visitor.get(url)
      expect(response.statusCode).toBe(401)
      expect(errorOf(response).code).toBe("NOT_SIGNED_IN")
    }
    const browser = await signedIn(await person())
    const cases: [string, string, string][] = [
      ["/api/v2/partner/summary?from=2026-02-30", "DATE_INVALID", "from"],
      ["/api/v2/partner/sources?from=2026-03-02&to=2026-03-01", "DATE_RANGE_INVALID", "from"],
      ["/api/v2/partner/summary?from=2024-01-01&to=2025-12-31", "DATE_RANGE_TOO_LONG", "from"],
      ["/api/v2/partner/summary?from=yesterday", "VALIDATION_FAILED", ""],
      ["/api/v2/partner/referrals?pageSize=101", "VALIDATION_FAILED", ""],
      ["/api/v2/partner/referrals?sort=email", "VALIDATION_FAILED", ""],
    ]
    for (const [url, code, field] of cases) {
      const response = await browser.get(url)
      expect(response.statusCode, url).toBe(400)
      expect(errorOf(response).code, url).toBe(code)
      if (field) expect(errorOf(response).details).toContainEqual(expect.objectContaining({ field }))
    }
    expect((await browser.get("/api/v2/partner/summary?from=2025-01-01&to=2025-12-31")).statusCode).toBe(200)
  })

  it("lets the referrer take what the programme earned out through the payouts API", async () => {
    const referrer = await person()
    await db.query("UPDATE users SET payout_method = 'paypal', payout_wallet = $2 WHERE id = $1", [
      referrer.id,
      referrer.email,
    ])
    const customer = await referred("customer", referrer)
    try {
      // $25 a task: the customer's referrer earns $2.50, above PayPal's $2 minimum.
      await setImagePrice(25 * USD, 60)
      await solvedTask(customer, await person("worker"), 25 * USD)
    } finally {
      await setImagePrice(PRICE, 60)
    }
    const browser = await signedIn(referrer)
    const share = 2_500_000
    expect((await browser.get("/api/v2/payouts/methods")).json().available).toEqual({
      earnings: 0,
      partner: share,
    })
    const payout = await browser.post("/api/v2/payouts", { amount: share, source: "partner" })
    expect(payout.statusCode).toBe(201)
    expect(payout.json()).toMatchObject({ source: "partner", amount: share, status: "requested" })
    const summary = (await browser.get("/api/v2/partner/summary")).json()
    expect(summary.balance).toEqual({ posted: { USD: 0, RUB: 0 }, available: { USD: 0, RUB: 0 } })
    expect(summary.earnedAllTime).toEqual({ USD: share, RUB: 0 })
  })

  it("offers banners with their embed code and the landing pages, each with the partner's link", async () => {
    const partner = await person()
    const browser = await signedIn(partner)
    const response = await browser.get("/api/v2/partner/materials")
    expect(response.statusCode).toBe(200)
    const materials = response.json()
    const link = `${ORIGIN}/?from=${partner.id}`
    expect(materials.link).toBe(link)
    expect(materials.banners.map((banner: { size: string }) => banner.size)).toEqual([
      "468x60",
      "728x90",
      "300x250",
      "160x600",
    ])
    expect(materials.banners[0]).toEqual({
      id: "468x60",
      size: "468x60",
      width: 468,
      height: 60,
      imageUrl: `${ORIGIN}/partner-banners/468x60.svg`,
      embedCode:
        `<a href="${link}" target="_blank" rel="noopener"><img src="${ORIGIN}/partner-banners/468x60.svg" ` +
        `width="468" height="60" alt="Manyhands: Captchas solved by real people"></a>`,
    })
    expect(materials.landingPages).toContainEqual({
      id: "make-money-online",
      path: "/make-money-online",
      audience: "workers",
      link: `${ORIGIN}/make-money-online?from=${partner.id}`,
    })
    expect(materials.landingPages[0]).toEqual({ id: "home", path: "/", audience: "everyone", link })

    for (const banner of materials.banners as { imageUrl: string; width: number; height: number }[]) {
      const path = new URL(banner.imageUrl).pathname
      const image = await app.inject({ url: path })
      expect(image.statusCode).toBe(200)
      expect(image.headers["content-type"]).toBe("image/svg+xml")
      expect(image.headers["cache-control"]).toBe("public, max-age=86400")
      expect(image.headers["cross-origin-resource-policy"]).toBe("cross-origin")
      expect(image.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/)
      expect(image.body).toContain(`width="${banner.width}" height="${banner.height}"`)
      expect(image.body).toContain(">Manyhands</text>")
      expect(image.body).not.toMatch(/<script|on\w+=/i)
      const again = await app.inject({ url: path, headers: { "if-none-match": String(image.headers.etag) } })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe("")
    }
    const missing = await app.inject({ url: "/partner-banners/999x1.svg" })
    expect(missing.statusCode).toBe(404)
    expect(errorOf(missing).code).toBe("NOT_FOUND")
  })
})

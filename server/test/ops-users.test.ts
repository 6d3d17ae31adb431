import { randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { Page } from "@manyhands/contract"
import type { OpsOverview, UserDetail, UserSummary } from "@manyhands/contract/ops-users"
import type { Database } from "../src/db/database"
import { DEMO_PASSWORD } from "../src/db/seed"
import { hashPassword } from "../src/modules/accounts/passwords"
import { accountBalance, checkLedger, ledgerAccount, transfer } from "../src/modules/ledger/ledger"
import { searchTerms } from "../src/modules/ops/users-service"
import { ok, testBrowser, type TestBrowser } from "./browser"
import { newUser, pngImage, userId } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * The operations console's users (issue 24): only administrators reach it; search by id, e-mail, API-key prefix and
 * IP address; a ban refuses the API key (in.php, createTask) and sign-in until it is lifted or expires; roles, end of
 * sessions, 2FA reset; a balance adjustment is one balanced ledger transfer whose idempotency key moves money once;
 * every action leaves its staff audit row. Also the audit rows of payouts, vouchers, promo codes and discounts.
 */

const USD = 1_000_000
const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; message: string; details?: { field: string }[] } }>().error

describe("search terms", () => {
  it("takes digits as an id, an address as an IP, hex as the start of a key, anything as part of an e-mail", () => {
    expect(searchTerms(" 42 ")).toMatchObject({ id: "42", ip: null, email: "42" })
    expect(searchTerms("203.0.113.9")).toMatchObject({ id: null, ip: "203.0.113.9", email: null })
    expect(searchTerms("2001:db8::1")).toMatchObject({ ip: "2001:db8::1", email: null })
    expect(searchTerms("A1B2C3D4E5")).toMatchObject({ keyPrefix: "a1b2c3d4", keyHash: null })
    expect(searchTerms("0123456789abcdef0123456789abcdef").keyHash).not.toBeNull()
    expect(searchTerms("Mei@Example")).toMatchObject({
      id: null,
      ip: null,
      keyPrefix: null,
      email: "mei@example",
    })
    expect(searchTerms("")).toMatchObject({ q: "", email: null })
  })
})

describe("the console's pages", () => {
  it("are for administrators only: the role guard sends everyone else home (app/src/guards.ts)", () => {
    const routes = JSON.parse(
      readFileSync(new URL("../../app/routes/admin.json", import.meta.url), "utf8"),
    ) as { path: string; guard: unknown }[]
    expect(routes.map((route) => route.path)).toEqual([
      "/admin",
      "/admin/audit",
      "/admin/users",
      "/admin/users/:id",
    ])
    for (const route of routes) expect(route.guard, route.path).toEqual({ roles: ["admin"] })
  })
})

describe.each(engines)("operations console: users on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let admin: TestBrowser
  let moderator: TestBrowser
  let customer: TestBrowser
  let adminId: string
  let people = 0

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    admin = testBrowser(app, { ip: "10.24.0.1" })
    expect((await admin.signIn("admin@demo.manyhands.dev")).statusCode).toBe(200)
    moderator = testBrowser(app, { ip: "10.24.0.2" })
    expect((await moderator.signIn("moderator@demo.manyhands.dev")).statusCode).toBe(200)
    customer = testBrowser(app, { ip: "10.24.0.3" })
    expect((await customer.signIn("customer@demo.manyhands.dev")).statusCode).toBe(200)
    adminId = await userId(db, "admin@demo.manyhands.dev")
  })
  afterAll(async () => stop())
  afterEach(async () => {
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })

  /** A customer with a password, signed in from its own address, with an API key made by the profile page. */
  async function newCustomer() {
    const email = `ops-user${++people}-${randomUUID().slice(0, 6)}@example.com`
    const id = await newUser(db, email, "customer")
    await db.query("UPDATE users SET password_hash = $2 WHERE id = $1", [
      id,
      await hashPassword(DEMO_PASSWORD),
    ])
    const ip = `198.51.100.${people}`
    const browser = testBrowser(app, { ip })
    await ok(browser.post("/api/v2/auth/login", { email, password: DEMO_PASSWORD }))
    const { key } = await ok<{ key: string }>(browser.post("/api/v2/profile/api-key"))
    return { id, email, ip, browser, key }
  }

  const audit = async (action: string, subject: string) =>
    (
      await db.query<{
        actor_id: string
        actor_role: string
        reason: string | null
        details: Record<string, unknown>
      }>(
        `SELECT actor_id::text, actor_role, reason, details FROM staff_audit
          WHERE action = $1 AND subject_user_id = $2 ORDER BY id`,
        [action, subject],
      )
    ).rows

  it("refuses every console API to visitors (401), customers and moderators (403)", async () => {
    const target = await userId(db, "customer@demo.manyhands.dev")
    const calls: [method: "GET" | "POST" | "PUT", url: string, body?: object][] = [
      ["GET", "/api/v2/admin/users?q=demo"],
      ["GET", `/api/v2/admin/users/${target}`],
      ["PUT", `/api/v2/admin/users/${target}`, { roles: ["moderator"] }],
      ["POST", `/api/v2/admin/users/${target}/ban`, { reason: "spam", expiresAt: null }],
      ["POST", `/api/v2/admin/users/${target}/unban`, { reason: "ok" }],
      ["POST", `/api/v2/admin/users/${target}/sessions/end`, { reason: "lost laptop" }],
      ["POST", `/api/v2/admin/users/${target}/two-factor/reset`, { checks: ["document"], note: "passport" }],
      [
        "POST",
        `/api/v2/admin/users/${target}/balance-adjustments`,
        {
          account: "customer_balance",
          currency: "USD",
          direction: "credit",
          amount: USD,
          reason: "goodwill",
          idempotencyKey: "forbidden-1",
        },
      ],
      ["GET", "/api/v2/admin/overview"],
      ["GET", "/api/v2/admin/audit"],
    ]
    const visitor = testBrowser(app, { ip: "10.24.0.9" })
    for (const [method, url, body] of calls) {
      const send = (browser: TestBrowser) =>
        method === "GET" ? browser.get(url) : browser.send(method, url, body)
      expect((await send(visitor)).statusCode, `${method} ${url}`).toBe(401)
      expect(errorOf(await send(customer)).code, `${method} ${url}`).toBe("FORBIDDEN")
      expect((await send(moderator)).statusCode, `${method} ${url}`).toBe(403)
    }
    expect(await db.query("SELECT 1 FROM staff_audit")).toMatchObject({ rows: [] })
    expect((await db.query("SELECT 1 FROM user_bans")).rows).toEqual([])
  })

  it("finds an account by id, part of its e-mail, the start of its API key, the whole key and its IP address", async () => {
    const someone = await newCustomer()
    const find = async (q: string) =>
      ok<Page<UserSummary>>(admin.get(`/api/v2/admin/users?q=${encodeURIComponent(q)}`))
    const byId = await find(someone.id)
    expect(byId.items[0]).toMatchObject({ id: someone.id, email: someone.email, matchedBy: "id" })
    const byEmail = await find(someone.email.slice(3, 14).toUpperCase())
    expect(byEmail.items.map((item) => item.id)).toEqual([someone.id])
    expect(byEmail.items[0]!.matchedBy).toBe("email")
    const byPrefix = await find(someone.key.slice(0, 8))
    expect(byPrefix.items.map((item) => [item.id, item.matchedBy])).toEqual([[someone.id, "apiKeyPrefix"]])
    expect(byPrefix.items[0]!.apiKeyPrefix).toBe(someone.key.slice(0, 8))
    expect((await find(someone.key.slice(0, 5))).items.map((item) => item.id)).toContain(someone.id)
    expect((await find(someone.key)).items.map((item) => item.id)).toEqual([someone.id])
    const byIp = await find(someone.ip)
    expect(byIp.items.map((item) => [item.id, item.matchedBy])).toEqual([[someone.id, "ip"]])
    expect((await find("no-such-person@nowhere.test")).total).toBe(0)
    // No text: every account, newest first, paged.
    const all = await ok<Page<UserSummary>>(admin.get("/api/v2/admin/users?pageSize=2"))
    expect(all.items).toHaveLength(2)
    expect(all.total).toBeGreaterThan(6)
    expect(all.items[0]!.id).toBe(someone.id)
    // The key itself is never in an answer.
    expect(JSON.stringify(byPrefix)).not.toContain(someone.key)
  })

  it("shows a user's page: type, roles, balances from the ledger, sessions and sign-ins", async () => {
    const someone = await newCustomer()
    const detail = await ok<UserDetail>(admin.get(`/api/v2/admin/users/${someone.id}`))
    expect(detail.user).toMatchObject({ id: someone.id, userType: "customer", roles: [], bannedUntil: null })
    expect(detail.apiKeyHint).toBe(someone.key.slice(-4))
    expect(detail.sessions).toHaveLength(1)
    expect(detail.sessions[0]!.ip).toBe(someone.ip)
    expect(detail.logins.map((event) => event.kind)).toContain("login_success")
    const demo = await ok<UserDetail>(
      admin.get(`/api/v2/admin/users/${await userId(db, "customer@demo.manyhands.dev")}`),
    )
    expect(demo.balances.find((b) => b.purpose === "customer_balance")?.posted).toBeGreaterThan(0)
    expect(errorOf(await admin.get("/api/v2/admin/users/999999999")).code).toBe("USER_NOT_FOUND")
  })

  it("bans: the API key is refused with ERROR_ACCOUNT_SUSPENDED, sessions end, sign-in is refused; unban lets them back", async () => {
    const someone = await newCustomer()
    const createTask = async () =>
      (
        await app.inject({
          method: "POST",
          url: "/createTask",
          payload: {
            clientKey: someone.key,
            task: { type: "ImageToTextTask", body: pngImage().toString("base64") },
          },
        })
      ).json<{ errorId: number; errorCode?: string }>()
    const inPhp = async () =>
      (
        await app.inject({
          method: "POST",
          url: "/in.php",
          payload: { key: someone.key, method: "base64", body: pngImage().toString("base64") },
        })
      ).body
    const getBalance = async () =>
      (await app.inject({ method: "POST", url: "/getBalance", payload: { clientKey: someone.key } })).json<{
        errorId: number
        errorCode?: string
      }>()
    // Before: the key works (no money: a balance refusal, not a suspension).
    expect(await getBalance()).toMatchObject({ errorId: 0 })
    expect((await createTask()).errorCode).toBe("ERROR_ZERO_BALANCE")

    const banned = await ok<UserDetail>(
      admin.post(`/api/v2/admin/users/${someone.id}/ban`, { reason: "Chargebacks", expiresAt: null }),
    )
    expect(banned.user.bannedForever).toBe(true)
    expect(banned.sessions).toEqual([])
    expect(banned.bans[0]).toMatchObject({ reason: "Chargebacks", expiresAt: null, liftedAt: null })
    expect(await createTask()).toMatchObject({ errorId: 55, errorCode: "ERROR_ACCOUNT_SUSPENDED" })
    expect(await getBalance()).toMatchObject({ errorId: 55, errorCode: "ERROR_ACCOUNT_SUSPENDED" })
    expect(await inPhp()).toBe("ERROR_ACCOUNT_SUSPENDED")
    // The session in their browser ended; signing in again is refused with the reason.
    expect((await someone.browser.get("/api/v2/user")).statusCode).toBe(401)
    const login = await someone.browser.post("/api/v2/auth/login", {
      email: someone.email,
      password: DEMO_PASSWORD,
    })
    expect(login.statusCode).toBe(403)
    expect(errorOf(login)).toMatchObject({
      code: "ACCOUNT_SUSPENDED",
      message: expect.stringMatching(/suspended/),
    })
    // A second ban, a ban of oneself, and an expiry in the past are refused.
    expect(
      errorOf(await admin.post(`/api/v2/admin/users/${someone.id}/ban`, { reason: "again", expiresAt: null }))
        .code,
    ).toBe("ALREADY_BANNED")
    expect(
      errorOf(await admin.post(`/api/v2/admin/users/${adminId}/ban`, { reason: "me", expiresAt: null })).code,
    ).toBe("OWN_ACCOUNT")

    const lifted = await ok<UserDetail>(
      admin.post(`/api/v2/admin/users/${someone.id}/unban`, { reason: "Chargebacks settled" }),
    )
    expect(lifted.user).toMatchObject({ bannedUntil: null, bannedForever: false })
    expect(lifted.bans[0]).toMatchObject({
      liftReason: "Chargebacks settled",
      liftedBy: "admin@demo.manyhands.dev",
    })
    expect((await createTask()).errorCode).toBe("ERROR_ZERO_BALANCE")
    await ok(someone.browser.post("/api/v2/auth/login", { email: someone.email, password: DEMO_PASSWORD }))
    expect(
      errorOf(await admin.post(`/api/v2/admin/users/${someone.id}/unban`, { reason: "again" })).code,
    ).toBe("NOT_BANNED")

    expect(await audit("user.ban", someone.id)).toEqual([
      {
        actor_id: adminId,
        actor_role: "admin",
        reason: "Chargebacks",
        details: expect.objectContaining({ expiresAt: null, sessionsEnded: 1 }),
      },
    ])
    expect(await audit("user.unban", someone.id)).toHaveLength(1)
  })

  it("a ban with an expiry ends by itself: once it has passed, the key and sign-in work again", async () => {
    const someone = await newCustomer()
    const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString()
    expect(
      errorOf(
        await admin.post(`/api/v2/admin/users/${someone.id}/ban`, {
          reason: "cool off",
          expiresAt: new Date(Date.now() - 1000).toISOString(),
        }),
      ),
    ).toMatchObject({ code: "EXPIRY_IN_PAST", details: [{ field: "expiresAt" }] })
    const banned = await ok<UserDetail>(
      admin.post(`/api/v2/admin/users/${someone.id}/ban`, { reason: "Cool off", expiresAt: soon }),
    )
    expect(banned.user.bannedUntil).toBe(soon)
    const balance = () =>
      app
        .inject({ method: "POST", url: "/getBalance", payload: { clientKey: someone.key } })
        .then((r) => r.json<{ errorId: number }>())
    expect((await balance()).errorId).toBe(55)
    const signIn = () =>
      someone.browser.post("/api/v2/auth/login", { email: someone.email, password: DEMO_PASSWORD })
    const refused = await signIn()
    expect(errorOf(refused).message).toContain("until")
    // The hour passes.
    await db.query("UPDATE users SET banned_until = now() - interval '1 second' WHERE id = $1", [someone.id])
    await db.query("UPDATE user_bans SET expires_at = now() - interval '1 second' WHERE user_id = $1", [
      someone.id,
    ])
    expect((await balance()).errorId).toBe(0)
    expect((await signIn()).statusCode).toBe(200)
    // Not banned any more: a new ban may be placed.
    await ok(admin.post(`/api/v2/admin/users/${someone.id}/ban`, { reason: "Again", expiresAt: soon }))
  })

  it("grants and removes roles, never the admin's own admin role, each change audited", async () => {
    const someone = await newCustomer()
    const set = (id: string, roles: string[]) => admin.send("PUT", `/api/v2/admin/users/${id}`, { roles })
    expect((await ok<{ roles: string[] }>(set(someone.id, ["moderator"]))).roles).toEqual(["moderator"])
    expect((await ok<{ roles: string[] }>(set(someone.id, []))).roles).toEqual([])
    const own = await set(adminId, ["moderator"])
    expect(own.statusCode).toBe(409)
    expect(errorOf(own)).toMatchObject({ code: "OWN_ADMIN_ROLE", details: [{ field: "roles" }] })
    expect((await audit("user.roles_set", someone.id)).map((row) => row.details)).toEqual([
      { before: [], after: ["moderator"] },
      { before: ["moderator"], after: [] },
    ])
    expect(await audit("user.roles_set", adminId)).toEqual([])
  })

  it("ends a user's sessions everywhere", async () => {
    const someone = await newCustomer()
    const second = testBrowser(app, { ip: "192.0.2.77" })
    await ok(second.post("/api/v2/auth/login", { email: someone.email, password: DEMO_PASSWORD }))
    const answer = await ok<{ ended: number }>(
      admin.post(`/api/v2/admin/users/${someone.id}/sessions/end`, { reason: "Reported a stolen laptop" }),
    )
    expect(answer.ended).toBe(2)
    expect((await someone.browser.get("/api/v2/user")).statusCode).toBe(401)
    expect((await second.get("/api/v2/user")).statusCode).toBe(401)
    expect(await audit("user.sessions_end", someone.id)).toEqual([
      expect.objectContaining({ reason: "Reported a stolen laptop", details: { ended: 2 } }),
    ])
  })

  it("resets two-factor sign-in only with the checks made and a note", async () => {
    const someone = await newCustomer()
    const reset = (body: object) => admin.post(`/api/v2/admin/users/${someone.id}/two-factor/reset`, body)
    expect(errorOf(await reset({ checks: ["document"], note: "passport" })).code).toBe(
      "TWO_FACTOR_NOT_ENABLED",
    )
    await db.query(
      "UPDATE users SET totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = now() WHERE id = $1",
      [someone.id],
    )
    await db.query("INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, 'x')", [someone.id])
    expect((await reset({ checks: [], note: "passport" })).statusCode).toBe(400)
    expect((await reset({ checks: ["document"], note: "   " })).statusCode).toBe(400)
    expect((await reset({ checks: ["document"] })).statusCode).toBe(400)
    const done = await ok<UserDetail>(
      reset({
        checks: ["email_control", "document"],
        note: "Passport matched; mail answered from the address",
      }),
    )
    expect(done.twoFactor).toBe(false)
    const { rows } = await db.query<{ secret: string | null; codes: string }>(
      `SELECT totp_secret AS secret, (SELECT count(*) FROM recovery_codes WHERE user_id = $1)::text AS codes
         FROM users WHERE id = $1`,
      [someone.id],
    )
    expect(rows[0]).toEqual({ secret: null, codes: "0" })
    expect(await audit("user.two_factor_reset", someone.id)).toEqual([
      expect.objectContaining({
        reason: "Passport matched; mail answered from the address",
        details: expect.objectContaining({ checks: ["email_control", "document"] }),
      }),
    ])
  })

  it("adjusts a balance by one balanced ledger transfer; its idempotency key moves money once", async () => {
    const someone = await newCustomer()
    const adjust = (fields: Record<string, unknown>) =>
      admin.post(`/api/v2/admin/users/${someone.id}/balance-adjustments`, {
        account: "customer_balance",
        currency: "USD",
        direction: "credit",
        amount: 5 * USD,
        reason: "Refund of a failed batch",
        idempotencyKey: "adjust-0001",
        ...fields,
      })
    const transfers = async () =>
      (
        await db.query<{ amount: string; debit: string; credit: string }>(
          `SELECT t.amount::text, d.purpose AS debit, c.purpose AS credit FROM ledger_transfers t
             JOIN ledger_accounts d ON d.id = t.debit_account_id JOIN ledger_accounts c ON c.id = t.credit_account_id
            WHERE t.idempotency_key LIKE $1 ORDER BY t.id`,
          [`staff-adjustment:${someone.id}:%`],
        )
      ).rows
    const first = await ok<{ transferId: string; repeated: boolean; balance: number }>(adjust({}))
    expect(first).toMatchObject({ repeated: false, balance: 5 * USD })
    const replay = await ok<{ transferId: string; repeated: boolean; balance: number }>(adjust({}))
    expect(replay).toEqual({ ...first, repeated: true })
    expect(await transfers()).toEqual([
      { amount: String(5 * USD), debit: "staff_adjustments", credit: "customer_balance" },
    ])
    expect(errorOf(await adjust({ amount: 6 * USD }))).toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      details: [{ field: "idempotencyKey" }],
    })
    expect(
      errorOf(await adjust({ direction: "debit", amount: 9 * USD, idempotencyKey: "adjust-0002" })).code,
    ).toBe("EXCEEDS_BALANCE")
    const debit = await ok<{ balance: number }>(
      adjust({ direction: "debit", amount: 2 * USD, idempotencyKey: "adjust-0003", reason: "Double credit" }),
    )
    expect(debit.balance).toBe(3 * USD)
    const account = await ledgerAccount(db, {
      userId: someone.id,
      purpose: "customer_balance",
      currency: "USD",
    })
    expect((await accountBalance(db, account)).posted).toBe(3 * USD)
    expect((await transfers()).map((t) => [t.debit, t.credit])).toEqual([
      ["staff_adjustments", "customer_balance"],
      ["customer_balance", "staff_adjustments"],
    ])
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
    // One audit row per transfer made: none for the replay nor the refusals.
    expect(
      (await audit("user.balance_adjust", someone.id)).map((row) => [row.reason, row.details.amount]),
    ).toEqual([
      ["Refund of a failed batch", 5 * USD],
      ["Double credit", 2 * USD],
    ])
    expect((await adjust({ reason: " ", idempotencyKey: "adjust-0004" })).statusCode).toBe(400)
  })

  it("gives the console's home its figures", async () => {
    const overview = await ok<OpsOverview>(admin.get("/api/v2/admin/overview"))
    expect(overview.usersTotal).toBeGreaterThan(5)
    expect(overview.usersToday).toBeGreaterThan(0)
    expect(overview).toHaveProperty("openPayouts")
    expect(overview).toHaveProperty("bannedNow")
  })

  it("audits the existing staff actions: payout decisions, vouchers, promo codes, discount campaigns", async () => {
    const payee = await newUser(db, `ops-payee-${randomUUID().slice(0, 6)}@example.com`, "worker")
    await db.query(
      "UPDATE users SET payout_method = 'paypal', payout_wallet = 'payee@example.com' WHERE id = $1",
      [payee],
    )
    await db.transaction(async (tx) => {
      await transfer(tx, {
        key: `ops-test-funds:${randomUUID()}`,
        debitAccountId: await ledgerAccount(tx, {
          userId: null,
          purpose: "promotional_credit",
          currency: "USD",
        }),
        creditAccountId: await ledgerAccount(tx, {
          userId: payee,
          purpose: "worker_earnings",
          currency: "USD",
        }),
        amount: 100 * USD,
        currency: "USD",
      })
    })
    const worker = testBrowser(app, { ip: "10.24.0.40" })
    const email = (await db.query<{ email: string }>("SELECT email FROM users WHERE id = $1", [payee]))
      .rows[0]!.email
    expect((await worker.signIn(email)).statusCode).toBe(200)
    const first = await ok<{ id: string }>(
      worker.post("/api/v2/payouts", { amount: 20 * USD, source: "earnings" }),
      201,
    )
    const second = await ok<{ id: string }>(
      worker.post("/api/v2/payouts", { amount: 30 * USD, source: "earnings" }),
      201,
    )
    await ok(admin.post(`/api/v2/admin/payouts/${first.id}/approve`, { reference: "PAYPAL-123" }))
    await ok(admin.post(`/api/v2/admin/payouts/${second.id}/reject`, { reason: "Wallet closed" }))
    expect(await audit("payout.approve", payee)).toEqual([
      expect.objectContaining({
        actor_id: adminId,
        details: expect.objectContaining({ reference: "PAYPAL-123" }),
      }),
    ])
    expect(await audit("payout.reject", payee)).toEqual([
      expect.objectContaining({ reason: "Wallet closed" }),
    ])

    const issued = await ok<{ vouchers: { id: string; code: string }[] }>(
      admin.post("/api/v2/admin/vouchers", {
        amount: 10 * USD,
        currency: "USD",
        count: 2,
        note: "PayPal batch 7",
      }),
      201,
    )
    await ok(admin.post(`/api/v2/admin/vouchers/${issued.vouchers[0]!.id}/revoke`))
    const promo = await ok<{ id: string }>(
      admin.post("/api/v2/admin/promo-codes", { code: `OPS${people}TEST`, amount: 2 * USD, currency: "USD" }),
      201,
    )
    await ok(admin.post(`/api/v2/admin/promo-codes/${promo.id}/disable`))
    const at = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString()
    const campaign = await ok<{ id: string }>(
      admin.post("/api/v2/admin/discount-campaigns", {
        name: { en: "Ops bonus" },
        percent: 5,
        currency: "USD",
        minAmount: 10 * USD,
        startsAt: at(1),
        endsAt: at(48),
      }),
      201,
    )
    await ok(admin.post(`/api/v2/admin/discount-campaigns/${campaign.id}/disable`))
    const { rows } = await db.query<{
      action: string
      target_id: string
      reason: string | null
      details: object
    }>(
      `SELECT action, target_id, reason, details FROM staff_audit
        WHERE action LIKE 'voucher.%' OR action LIKE 'promo_code.%' OR action LIKE 'discount_campaign.%' ORDER BY id`,
    )
    expect(rows.map((row) => [row.action, row.target_id])).toEqual([
      ["voucher.issue", issued.vouchers[0]!.id],
      ["voucher.revoke", issued.vouchers[0]!.id],
      ["promo_code.create", promo.id],
      ["promo_code.disable", promo.id],
      ["discount_campaign.create", campaign.id],
      ["discount_campaign.disable", campaign.id],
    ])
    // The voucher codes are never written to the log.
    expect(JSON.stringify(rows)).not.toContain(issued.vouchers[0]!.code)
    expect(rows[0]!.reason).toBe("PayPal batch 7")
  })
})

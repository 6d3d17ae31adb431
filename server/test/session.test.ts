import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildApp } from "../src/app"
import { loadConfig } from "../src/config"
import type { Database } from "../src/db/database"
import { checkLedger } from "../src/modules/ledger/ledger"
import { CSRF, testBrowser } from "./browser"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

describe.each(engines)("sessions and the current user on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let logs: string[] = []

  let stop: () => Promise<void>
  beforeAll(async () => {
    ;({ app, db, logs, stop } = await startTestApp(engine))
  })
  afterAll(() => stop())

  it("refuses a state change without the page's CSRF token, or with another one", async () => {
    const visitor = testBrowser(app)
    for (const csrf of [null, "forged-token-0000000000000"]) {
      const response = await visitor.send("PUT", "/api/v2/user", { interfaceLanguage: "de" }, csrf)
      expect(response.statusCode).toBe(403)
      expect(response.json().error.code).toBe("CSRF_TOKEN_INVALID")
    }
  })

  it("starts a fresh HttpOnly, SameSite=Lax session at every sign-in and answers GET /api/v2/user", async () => {
    const visitor = testBrowser(app)
    expect((await visitor.get("/api/v2/user")).statusCode).toBe(401)
    const first = await visitor.signIn("developer@demo.manyhands.dev")
    const cookie = first.cookies.find((c) => c.name === "mh_session")
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" })
    const token = visitor.jar.get("mh_session")
    await visitor.signIn("developer@demo.manyhands.dev")
    expect(visitor.jar.get("mh_session")).not.toBe(token)
    const user = (await visitor.get("/api/v2/user")).json()
    expect(user).toMatchObject({
      email: "developer@demo.manyhands.dev",
      profile: { userType: "developer", systemMessage: null },
      interfaceLanguage: "en",
      permissions: {},
      analyticsData: { daysSinceRegistration: 0 },
    })
  })

  it("gives the demo customers promotional credit and the demo worker earnings through the ledger", async () => {
    const customer = testBrowser(app)
    await customer.signIn("customer@demo.manyhands.dev")
    expect((await customer.get("/api/v2/user")).json().balance).toEqual({ amount: 25_000_000 })
    const worker = testBrowser(app)
    await worker.signIn("worker@demo.manyhands.dev")
    expect((await worker.get("/api/v2/user")).json().balance).toEqual({ amount: 0 })
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
    const { rows } = await db.query<{ memo: string }>(
      `SELECT t.memo FROM ledger_transfers t JOIN ledger_accounts a ON a.id = t.debit_account_id
        WHERE a.purpose = 'promotional_credit'`,
    )
    expect(rows.map((row) => row.memo)).toEqual(["Demo credit", "Demo credit", "Demo earnings"])
    // A customer's balance is not their earnings: the worker's $12.00 waits at /partner/payment.
    const { rows: earnings } = await db.query<{ posted: string }>(
      `SELECT (a.credits_posted - a.debits_posted)::text AS posted FROM ledger_accounts a
         JOIN users u ON u.id = a.user_id
        WHERE u.email = 'worker@demo.manyhands.dev' AND a.purpose = 'worker_earnings'`,
    )
    expect(earnings.map((row) => Number(row.posted))).toEqual([12_000_000])
  })

  it("stores the interface language and the user type once, with clear errors", async () => {
    const visitor = testBrowser(app)
    await visitor.signIn("newcomer@demo.manyhands.dev")
    const bad = await visitor.send("PUT", "/api/v2/user", { interfaceLanguage: "xx" })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error.code).toBe("VALIDATION_FAILED")
    const typed = await visitor.send("PUT", "/api/v2/user", {
      interfaceLanguage: "de",
      profile: { userType: "worker" },
    })
    expect(typed.json()).toMatchObject({ interfaceLanguage: "de", profile: { userType: "worker" } })
    const again = await visitor.send("PUT", "/api/v2/user", { profile: { userType: "customer" } })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe("USER_TYPE_ALREADY_SET")
  })

  it("lets an administrator leave a sanitised system message that the user marks read", async () => {
    const admin = testBrowser(app)
    await admin.signIn("admin@demo.manyhands.dev")
    const created = await admin.send("POST", "/api/v2/admin/system-messages", {
      email: "worker@demo.manyhands.dev",
      message: {
        en: '<p onclick="x()">Hello <script>alert(1)</script><a href="javascript:x">link</a></p>',
        de: "<p>Hallo</p>",
      },
    })
    expect(created.statusCode).toBe(201)
    // Written to the staff audit log with the message, by the administrator.
    const { rows: audit } = await db.query<{ action: string; target_id: string; actor_role: string }>(
      `SELECT action, target_id, actor_role FROM staff_audit WHERE target_kind = 'user_system_message'`,
    )
    expect(audit).toEqual([
      { action: "system_message.send", target_id: created.json().id, actor_role: "admin" },
    ])
    const worker = testBrowser(app)
    await worker.signIn("worker@demo.manyhands.dev")
    const message = (await worker.get("/api/v2/user")).json().profile.systemMessage
    expect(message).toEqual({
      id: created.json().id,
      message: { en: '<p>Hello <a rel="noopener noreferrer">link</a></p>', de: "<p>Hallo</p>" },
    })

    const notAdmin = await worker.send("POST", "/api/v2/admin/system-messages", {
      email: "a@b.c",
      message: { en: "x" },
    })
    expect(notAdmin.statusCode).toBe(403)
    expect((await admin.send("PUT", "/api/v2/user/system_message_read", { id: message.id })).statusCode).toBe(
      404,
    )

    expect((await worker.send("PUT", "/api/v2/user/system_message_read", { id: message.id })).json()).toEqual(
      { ok: true },
    )
    expect((await worker.get("/api/v2/user")).json().profile.systemMessage).toBeNull()
  })

  it("answers 400 ERROR_EMPTY_USER for a session whose user was deleted, and logout ends the session", async () => {
    await db.query("INSERT INTO users (email, password_hash) VALUES ('gone@example.com', 'x')")
    const visitor = testBrowser(app)
    await visitor.signIn("gone@example.com")
    await db.query("DELETE FROM users WHERE email = 'gone@example.com'")
    const response = await visitor.get("/api/v2/user")
    expect(response.statusCode).toBe(400)
    expect(response.json().error.code).toBe("ERROR_EMPTY_USER")
    const logout = await visitor.post("/api/v2/auth/logout")
    expect(logout.statusCode).toBe(204)
    expect(visitor.jar.has("mh_session")).toBe(false)

    const other = testBrowser(app)
    await other.signIn("customer@demo.manyhands.dev")
    const token = other.jar.get("mh_session")
    await other.post("/api/v2/auth/logout")
    const replay = await app.inject({ url: "/api/v2/user", headers: { cookie: `mh_session=${token}` } })
    expect(replay.statusCode).toBe(401)
  })

  it("signs nobody out through a link: GET /auth/logout, or the logout call without the page's CSRF token", async () => {
    const visitor = testBrowser(app)
    await visitor.signIn("customer@demo.manyhands.dev")
    const token = visitor.jar.get("mh_session")
    // What a cross-site <a href> or <img src> makes the browser send: a GET with the cookies.
    await app.inject({ url: "/auth/logout", headers: { cookie: `mh_session=${token}; mh_csrf=${CSRF}` } })
    // A cross-site form POST: the cookies, but no x-csrf-token header.
    const forged = await visitor.post("/api/v2/auth/logout", undefined, { csrf: null })
    expect(forged.statusCode).toBe(403)
    const still = await app.inject({ url: "/api/v2/user", headers: { cookie: `mh_session=${token}` } })
    expect(still.statusCode).toBe(200)
    expect(still.json().email).toBe("customer@demo.manyhands.dev")
  })

  it("stores UTM events, answers referral events alike without storing an unseen visit, and refuses malformed ones", async () => {
    const visitor = testBrowser(app)
    const referral = await visitor.send("POST", "/api/v1/event-tracker", {
      type: "referral",
      data: { from: "partner-42", source: "forum.example", unique: true },
    })
    expect(referral.statusCode).toBe(201)
    const utm = await visitor.send("POST", "/api/v1/event-tracker", {
      type: "utm",
      data: { utm_source: "news", utm_id: "7" },
    })
    expect(utm.statusCode).toBe(201)
    for (const bad of [
      { type: "referral", data: { from: "", source: "x", unique: true } },
      { type: "utm", data: { utm_evil: "x" } },
      { type: "other", data: {} },
    ]) {
      expect((await visitor.send("POST", "/api/v1/event-tracker", bad)).statusCode).toBe(400)
    }
    const { rows } = await db.query<{ type: string; data: Record<string, unknown> }>(
      "SELECT type, data FROM visitor_events ORDER BY id",
    )
    // The referral had no visit the server rendered (affiliate.test.ts counts real ones).
    expect(rows).toEqual([{ type: "utm", data: { utm_source: "news", utm_id: "7" } }])
  })

  it("limits how fast one address may report events, with Retry-After", async () => {
    const visitor = testBrowser(app)
    const event = { type: "utm", data: { utm_source: "flood" } }
    const statuses: number[] = []
    for (let i = 0; i < 32; i++)
      statuses.push((await visitor.send("POST", "/api/v1/event-tracker", event)).statusCode)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0)
    const limited = await visitor.send("POST", "/api/v1/event-tracker", event)
    expect(limited.statusCode).toBe(429)
    expect(limited.headers["retry-after"]).toBeDefined()
    expect(limited.json().error.code).toBe("RATE_LIMITED")
  })

  it("logs render errors reported by the browser (no CSRF header needed)", async () => {
    const response = await testBrowser(app).send(
      "POST",
      "/api/v1/client-errors",
      { kind: "fallback", message: "TypeError: boom", url: "http://localhost/x" },
      null,
    )
    expect(response.statusCode).toBe(204)
    expect(logs.join("")).toContain("TypeError: boom")
  })
})

describe("development helpers", () => {
  it("are not mounted in production", async () => {
    const { db, drop } = await engines[0]!.create("migrated")
    const app = await buildApp({
      // Production mode, without loading the product's articles (their own tests do): only the mount is in question.
      config: loadConfig({ LOG_LEVEL: "silent", PRODUCT_CONTENT: "false" }),
      db,
      pages: "none",
    })
    const response = await app.inject({
      method: "POST",
      url: "/dev/session",
      payload: { email: "admin@demo.manyhands.dev" },
      headers: { cookie: `mh_csrf=${CSRF}`, "x-csrf-token": CSRF },
    })
    expect(response.statusCode).toBe(404)
    await app.close()
    await drop()
  })
})

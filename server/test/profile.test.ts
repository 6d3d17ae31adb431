import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { localesDir } from "../src/app"
import type { Database } from "../src/db/database"
import { DEMO_PASSWORD } from "../src/db/seed"
import { hashPassword, verifyPassword } from "../src/modules/accounts/passwords"
import { generateTotpSecret, totpCode } from "../src/modules/accounts/totp"
import { hashToken } from "../src/modules/session/store"
import { testBrowser, type TestBrowser } from "./browser"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const NEW_PASSWORD = "a much longer passphrase 42"

/** A 1×1 transparent PNG: the smallest real image the upload accepts. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
)
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n")

/** The user of the e-mail test reads German: both mails must be in German. */
const germanMail = JSON.parse(readFileSync(join(localesDir, "de/mail.json"), "utf8")) as {
  changeEmail: { subject: string }
  emailChangeNotice: { subject: string }
}

const errorOf = (response: LightMyRequestResponse) => response.json().error

describe.each(engines)("profile and security settings on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let demoHash: string
  let accounts = 0

  /** A fresh account (password DEMO_PASSWORD) for one test, signed in on a new browser. */
  async function newAccount(language = "en") {
    const email = `person${++accounts}@example.com`
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, user_type, interface_language)
       VALUES ($1, $2, 'worker', $3) RETURNING id::text AS id`,
      [email, demoHash, language],
    )
    const visitor = testBrowser(app)
    expect((await visitor.signIn(email)).statusCode).toBe(200)
    return { id: rows[0]!.id, email, visitor }
  }

  async function signedIn(email: string): Promise<TestBrowser> {
    const visitor = testBrowser(app)
    expect((await visitor.signIn(email)).statusCode).toBe(200)
    return visitor
  }

  const mailsTo = async (address: string) =>
    (
      await db.query<{ subject: string; text_body: string }>(
        "SELECT subject, text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id",
        [address],
      )
    ).rows

  const eventsOf = async (userId: string) =>
    (
      await db.query<{ kind: string }>("SELECT kind FROM auth_events WHERE user_id = $1 ORDER BY id", [
        userId,
      ])
    ).rows.map((row) => row.kind)

  /** The token of a mail link, checked against the stored hash. */
  async function tokenData(token: string, purpose: string) {
    const { rows } = await db.query<{ data: Record<string, unknown>; used_at: unknown }>(
      "SELECT data, used_at FROM mail_tokens WHERE token_hash = $1 AND purpose = $2",
      [hashToken(token), purpose],
    )
    expect(rows).toHaveLength(1)
    expect(rows[0]!.used_at).toBeNull()
    return rows[0]!.data
  }

  let stop: () => Promise<void>
  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    demoHash = await hashPassword(DEMO_PASSWORD)
  })
  afterAll(() => stop())

  it("needs a signed-in user and the CSRF header", async () => {
    const stranger = testBrowser(app)
    for (const url of ["sessions", "two-factor", "api-key", "notifications", "documents"]) {
      const response = await stranger.get(`/api/v2/profile/${url}`)
      expect(response.statusCode).toBe(401)
      expect(errorOf(response).code).toBe("NOT_SIGNED_IN")
    }
    const { visitor } = await newAccount()
    const forged = await visitor.send("POST", "/api/v2/profile/api-key", undefined, null)
    expect(forged.statusCode).toBe(403)
    expect(errorOf(forged).code).toBe("CSRF_TOKEN_INVALID")
  })

  it("changes the password, ends the other sessions and mails the owner", async () => {
    const { id, email, visitor } = await newAccount()
    const phone = await signedIn(email)

    const wrong = await visitor.send("POST", "/api/v2/profile/password", {
      currentPassword: "not my password",
      newPassword: NEW_PASSWORD,
      endOtherSessions: true,
    })
    expect(wrong.statusCode).toBe(400)
    expect(errorOf(wrong)).toMatchObject({
      code: "PASSWORD_WRONG",
      details: [{ field: "currentPassword", message: expect.any(String) }],
    })
    for (const [newPassword, code] of [
      ["short", "PASSWORD_TOO_SHORT"],
      ["password123", "PASSWORD_TOO_COMMON"],
      [email.toUpperCase(), "PASSWORD_TOO_COMMON"],
    ]) {
      const refused = await visitor.send("POST", "/api/v2/profile/password", {
        currentPassword: DEMO_PASSWORD,
        newPassword,
        endOtherSessions: true,
      })
      expect(refused.statusCode).toBe(400)
      expect(errorOf(refused)).toMatchObject({ code, details: [{ field: "newPassword" }] })
    }
    const missing = await visitor.send("POST", "/api/v2/profile/password", { currentPassword: DEMO_PASSWORD })
    expect(missing.statusCode).toBe(400)
    expect(errorOf(missing).code).toBe("VALIDATION_FAILED")

    const changed = await visitor.send("POST", "/api/v2/profile/password", {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      endOtherSessions: true,
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toEqual({ endedSessions: 1 })
    expect((await phone.get("/api/v2/user")).statusCode).toBe(401)
    expect((await visitor.get("/api/v2/user")).json().email).toBe(email)

    const { rows } = await db.query<{ password_hash: string; password_changed_at: unknown }>(
      "SELECT password_hash, password_changed_at FROM users WHERE id = $1",
      [id],
    )
    expect(await verifyPassword(rows[0]!.password_hash, NEW_PASSWORD)).toBe(true)
    expect(await verifyPassword(rows[0]!.password_hash, DEMO_PASSWORD)).toBe(false)
    expect(rows[0]!.password_changed_at).not.toBeNull()

    const [mail] = await mailsTo(email)
    expect(mail!.subject).toBe("Your Manyhands password was changed")
    expect(mail!.text_body).toMatch(
      new RegExp(`${email} was changed on \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d \\(UTC\\)`),
    )
    expect(await eventsOf(id)).toEqual(expect.arrayContaining(["password_changed", "sessions_ended"]))

    // Without endOtherSessions the other browsers stay signed in.
    const laptop = await signedIn(email)
    const kept = await visitor.send("POST", "/api/v2/profile/password", {
      currentPassword: NEW_PASSWORD,
      newPassword: `${NEW_PASSWORD}!`,
      endOtherSessions: false,
    })
    expect(kept.json()).toEqual({ endedSessions: 0 })
    expect((await laptop.get("/api/v2/user")).statusCode).toBe(200)
  })

  it("refuses the 11th re-authentication within 15 minutes with 429, even with the right password", async () => {
    const { visitor } = await newAccount()
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await visitor.send("POST", "/api/v2/profile/wallet", {
        method: "paypal",
        wallet: "payee@example.com",
        password: `guess ${attempt}`,
      })
      expect(response.statusCode).toBe(400)
      expect(errorOf(response)).toMatchObject({ code: "PASSWORD_WRONG", details: [{ field: "password" }] })
    }
    const limited = await visitor.send("POST", "/api/v2/profile/email", {
      newEmail: "elsewhere@example.com",
      password: DEMO_PASSWORD,
    })
    expect(limited.statusCode).toBe(429)
    expect(errorOf(limited).code).toBe("RATE_LIMITED")
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0)
    expect(errorOf(limited).details.retryAfter).toBeGreaterThan(0)
    expect(await mailsTo("elsewhere@example.com")).toEqual([])
  })

  it("asks to confirm a new address by mail and warns the old one, answering the same when it is taken", async () => {
    const { id, email, visitor } = await newAccount("de")
    const unchanged = await visitor.send("POST", "/api/v2/profile/email", {
      newEmail: email.toUpperCase(),
      password: DEMO_PASSWORD,
    })
    expect(unchanged.statusCode).toBe(400)
    expect(errorOf(unchanged)).toMatchObject({ code: "EMAIL_UNCHANGED", details: [{ field: "newEmail" }] })
    const malformed = await visitor.send("POST", "/api/v2/profile/email", {
      newEmail: "not an address",
      password: DEMO_PASSWORD,
    })
    expect(errorOf(malformed)).toMatchObject({ code: "VALIDATION_FAILED", details: [{ field: "newEmail" }] })
    const wrong = await visitor.send("POST", "/api/v2/profile/email", {
      newEmail: "new-home@example.com",
      password: "wrong password",
    })
    expect(errorOf(wrong)).toMatchObject({ code: "PASSWORD_WRONG", details: [{ field: "password" }] })
    expect(await mailsTo("new-home@example.com")).toEqual([])

    const asked = await visitor.send("POST", "/api/v2/profile/email", {
      newEmail: " New-Home@Example.com ",
      password: DEMO_PASSWORD,
    })
    expect(asked.statusCode).toBe(202)
    expect(asked.json()).toEqual({ status: "confirmation-sent", email: "new-home@example.com" })

    const [confirm] = await mailsTo("new-home@example.com")
    expect(confirm!.subject).toBe(germanMail.changeEmail.subject)
    // The user's interface language decides the site and path prefix of the links.
    const confirmLink = confirm!.text_body.match(
      /http:\/\/localhost:\d+\/de\/auth\/change_email\/([\w-]+)\/(\d+)\/confirm/,
    )
    expect(confirmLink?.[2]).toBe(id)
    expect(await tokenData(confirmLink![1]!, "change_email")).toEqual({
      newEmail: "new-home@example.com",
      oldEmail: email,
    })

    const [notice] = await mailsTo(email)
    expect(notice!.subject).toBe(germanMail.emailChangeNotice.subject)
    expect(notice!.text_body).toContain(email)
    expect(notice!.text_body).toContain("new-home@example.com")
    const undoLink = notice!.text_body.match(/\/de\/auth\/delete_email\/([\w-]+)\/(\d+)(\s|$)/)
    expect(undoLink?.[2]).toBe(id)
    expect(await tokenData(undoLink![1]!, "undo_email_change")).toEqual({
      oldEmail: email,
      newEmail: "new-home@example.com",
    })
    // The address itself changes only when the link is followed.
    expect((await visitor.get("/api/v2/user")).json().email).toBe(email)

    const taken = await visitor.send("POST", "/api/v2/profile/email", {
      newEmail: "customer@demo.manyhands.dev",
      password: DEMO_PASSWORD,
    })
    expect(taken.statusCode).toBe(202)
    expect(taken.json()).toEqual({ status: "confirmation-sent", email: "customer@demo.manyhands.dev" })
    const toOwner = await mailsTo("customer@demo.manyhands.dev")
    expect(toOwner.map((mail) => mail.subject)).toEqual(["You already have a Manyhands account"])
    expect(toOwner[0]!.text_body).toMatch(/http:\/\/localhost:\d+\/auth\/remind(\s|$)/)
    expect(await eventsOf(id)).toEqual(["email_change_requested", "email_change_requested"])
  })

  it("mails a link to confirm a new payout wallet", async () => {
    const { id, email, visitor } = await newAccount()
    // Each method's own rules (payouts.test.ts checks them in depth); the message is the wallet field's.
    for (const [method, wallet, message] of [
      ["usdt-trc20", "P1234567890", "starts with T"],
      ["usdt-trc20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u", "checksum"],
      ["btc", "<b>1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2</b>", "starts with 1, 3 or bc1"],
      ["paypal", "P123 456 789", "e-mail address"],
    ] as const) {
      const refused = await visitor.send("POST", "/api/v2/profile/wallet", {
        method,
        wallet,
        password: DEMO_PASSWORD,
      })
      expect(refused.statusCode).toBe(400)
      expect(errorOf(refused)).toMatchObject({
        code: "WALLET_INVALID",
        details: [{ field: "wallet", message: expect.stringContaining(message) }],
      })
    }
    for (const body of [
      { wallet: "someone@example.com" },
      { method: "cash", wallet: "someone@example.com" },
    ]) {
      const refused = await visitor.send("POST", "/api/v2/profile/wallet", {
        ...body,
        password: DEMO_PASSWORD,
      })
      expect(errorOf(refused)).toMatchObject({ code: "VALIDATION_FAILED", details: [{ field: "method" }] })
    }
    const sent = await visitor.send("POST", "/api/v2/profile/wallet", {
      method: "usdt-trc20",
      wallet: "  TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t  ",
      password: DEMO_PASSWORD,
    })
    expect(sent.statusCode).toBe(202)
    expect(sent.json()).toEqual({ status: "confirmation-sent" })
    const [mail] = await mailsTo(email)
    expect(mail!.text_body).toContain("to USDT (TRC-20) TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t.")
    const link = mail!.text_body.match(/\/auth\/edit_purse\/([\w-]+)\/(\d+)(\s|$)/)
    expect(link?.[2]).toBe(id)
    expect(await tokenData(link![1]!, "change_wallet")).toEqual({
      method: "usdt-trc20",
      wallet: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    })
    expect((await visitor.get("/api/v2/user")).json().profile.payoutWallet).toBeNull()
  })

  it("lists the user's sessions and ends one, the others, or the current one", async () => {
    const { email, visitor } = await newAccount()
    const phone = await signedIn(email)
    const stranger = await newAccount()

    const listed = await visitor.get("/api/v2/profile/sessions")
    expect(listed.statusCode).toBe(200)
    const { sessions } = listed.json() as {
      sessions: { id: string; current: boolean; createdAt: string; lastSeenAt: string }[]
    }
    expect(sessions).toHaveLength(2)
    expect(sessions.map((s) => s.current)).toEqual([false, true])
    expect(sessions[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      current: false,
      userAgent: "manyhands-test",
      ip: "127.0.0.1",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastSeenAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    const phoneSession = sessions[0]!.id

    // Someone else's session is not there for this user.
    const strangerSession = (await stranger.visitor.get("/api/v2/profile/sessions")).json().sessions[0].id
    const foreign = await visitor.send("DELETE", `/api/v2/profile/sessions/${strangerSession}`)
    expect(foreign.statusCode).toBe(404)
    expect(errorOf(foreign).code).toBe("SESSION_NOT_FOUND")
    expect((await stranger.visitor.get("/api/v2/user")).statusCode).toBe(200)

    expect((await visitor.send("DELETE", `/api/v2/profile/sessions/${phoneSession}`)).statusCode).toBe(204)
    expect((await phone.get("/api/v2/user")).statusCode).toBe(401)
    expect((await visitor.send("DELETE", `/api/v2/profile/sessions/${phoneSession}`)).statusCode).toBe(404)

    await signedIn(email)
    const tablet = await signedIn(email)
    const ended = await visitor.send("POST", "/api/v2/profile/sessions/end-others")
    expect(ended.json()).toEqual({ ended: 2 })
    expect((await tablet.get("/api/v2/user")).statusCode).toBe(401)
    expect((await visitor.send("POST", "/api/v2/profile/sessions/end-others")).json()).toEqual({ ended: 0 })

    const [current] = (await visitor.get("/api/v2/profile/sessions")).json().sessions
    expect(current.current).toBe(true)
    const signedOut = await visitor.send("DELETE", `/api/v2/profile/sessions/${current.id}`)
    expect(signedOut.statusCode).toBe(204)
    expect(signedOut.cookies.find((c) => c.name === "mh_session")?.maxAge).toBe(0)
    expect(visitor.jar.has("mh_session")).toBe(false)
    expect((await visitor.get("/api/v2/user")).statusCode).toBe(401)
  })

  it("sets up, enables and disables two-factor authentication with single-use codes", async () => {
    const { id, email, visitor } = await newAccount()
    expect((await visitor.get("/api/v2/profile/two-factor")).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    })
    const early = await visitor.send("POST", "/api/v2/profile/two-factor/enable", { code: "123456" })
    expect(early.statusCode).toBe(409)
    expect(errorOf(early).code).toBe("TWO_FACTOR_NOT_SET_UP")
    const wrongPassword = await visitor.send("POST", "/api/v2/profile/two-factor/setup", { password: "nope" })
    expect(errorOf(wrongPassword)).toMatchObject({ code: "PASSWORD_WRONG", details: [{ field: "password" }] })

    const setup = await visitor.send("POST", "/api/v2/profile/two-factor/setup", { password: DEMO_PASSWORD })
    expect(setup.statusCode).toBe(200)
    const { secret, otpauthUrl, qrSvg } = setup.json() as {
      secret: string
      otpauthUrl: string
      qrSvg: string
    }
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(otpauthUrl).toBe(
      `otpauth://totp/Manyhands:${email}?secret=${secret}&issuer=Manyhands&algorithm=SHA1&digits=6&period=30`,
    )
    expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect((await visitor.get("/api/v2/profile/two-factor")).json().enabled).toBe(false)

    const code = totpCode(secret, Date.now())
    // A code of none of the steps the server accepts (now ± 30 s).
    const nearby = [-30_000, 0, 30_000].map((offset) => totpCode(secret, Date.now() + offset))
    const wrong = ["000000", "111111", "222222", "333333"].find((candidate) => !nearby.includes(candidate))
    const wrongCode = await visitor.send("POST", "/api/v2/profile/two-factor/enable", { code: wrong })
    expect(wrongCode.statusCode).toBe(400)
    expect(errorOf(wrongCode)).toMatchObject({
      code: "TWO_FACTOR_CODE_INVALID",
      details: [{ field: "code" }],
    })

    const enabled = await visitor.send("POST", "/api/v2/profile/two-factor/enable", { code })
    expect(enabled.statusCode).toBe(200)
    const recoveryCodes = enabled.json().recoveryCodes as string[]
    expect(recoveryCodes).toHaveLength(10)
    expect(recoveryCodes[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}$/)
    const state = (await visitor.get("/api/v2/profile/two-factor")).json()
    expect(state).toMatchObject({ enabled: true, recoveryCodesLeft: 10 })
    expect(Date.parse(state.enabledAt)).toBeGreaterThan(Date.now() - 60_000)
    expect((await visitor.get("/api/v2/user")).json().profile.twoFactorEnabled).toBe(true)
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual(["Two-factor authentication is on"])

    const again = await visitor.send("POST", "/api/v2/profile/two-factor/setup", { password: DEMO_PASSWORD })
    expect(again.statusCode).toBe(409)
    expect(errorOf(again).code).toBe("TWO_FACTOR_ALREADY_ENABLED")

    // The code that enabled 2FA is spent.
    const reused = await visitor.send("POST", "/api/v2/profile/two-factor/disable", {
      password: DEMO_PASSWORD,
      code,
    })
    expect(reused.statusCode, reused.body).toBe(400)
    expect(errorOf(reused).code).toBe("TWO_FACTOR_CODE_INVALID")
    const noPassword = await visitor.send("POST", "/api/v2/profile/two-factor/disable", {
      password: "wrong",
      code: recoveryCodes[0],
    })
    expect(errorOf(noPassword).code).toBe("PASSWORD_WRONG")

    const renewed = await visitor.send("POST", "/api/v2/profile/two-factor/recovery-codes", {
      password: DEMO_PASSWORD,
      code: recoveryCodes[0],
    })
    expect(renewed.statusCode).toBe(200)
    const newCodes = renewed.json().recoveryCodes as string[]
    expect(newCodes).toHaveLength(10)
    const old = await visitor.send("POST", "/api/v2/profile/two-factor/disable", {
      password: DEMO_PASSWORD,
      code: recoveryCodes[1],
    })
    expect(errorOf(old).code).toBe("TWO_FACTOR_CODE_INVALID")

    const disabled = await visitor.send("POST", "/api/v2/profile/two-factor/disable", {
      password: DEMO_PASSWORD,
      code: newCodes[3]!.toUpperCase(),
    })
    expect(disabled.statusCode).toBe(204)
    expect((await visitor.get("/api/v2/profile/two-factor")).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    })
    const { rows } = await db.query<{ totp_secret: string | null; codes: number }>(
      `SELECT totp_secret, (SELECT count(*)::int FROM recovery_codes WHERE user_id = $1) AS codes
         FROM users WHERE id = $1`,
      [id],
    )
    expect(rows[0]).toEqual({ totp_secret: null, codes: 0 })
    expect((await mailsTo(email)).map((mail) => mail.subject)).toContain("Two-factor authentication is off")
    const offAgain = await visitor.send("POST", "/api/v2/profile/two-factor/disable", {
      password: DEMO_PASSWORD,
      code: newCodes[4],
    })
    expect(offAgain.statusCode).toBe(409)
    expect(await eventsOf(id)).toEqual(
      expect.arrayContaining(["two_factor_enabled", "recovery_codes_created", "two_factor_disabled"]),
    )
  })

  it("shows a new API key once and stores only its hash", async () => {
    const { id, visitor } = await newAccount()
    expect((await visitor.get("/api/v2/profile/api-key")).json()).toEqual({
      exists: false,
      hint: null,
      createdAt: null,
    })
    const created = await visitor.send("POST", "/api/v2/profile/api-key")
    expect(created.statusCode).toBe(200)
    const { key, hint, createdAt } = created.json() as { key: string; hint: string; createdAt: string }
    expect(key).toMatch(/^[0-9a-f]{32}$/)
    expect(hint).toBe(key.slice(-4))

    const shown = await visitor.get("/api/v2/profile/api-key")
    expect(shown.json()).toEqual({ exists: true, hint, createdAt })
    expect(shown.body).not.toContain(key)
    const { rows } = await db.query<{ api_key_hash: Uint8Array; row: string }>(
      "SELECT api_key_hash, row_to_json(users)::text AS row FROM users WHERE id = $1",
      [id],
    )
    expect(Buffer.from(rows[0]!.api_key_hash)).toEqual(createHash("sha256").update(key).digest())
    expect(rows[0]!.row).not.toContain(key)

    const replaced = (await visitor.send("POST", "/api/v2/profile/api-key")).json().key as string
    expect(replaced).not.toBe(key)
    const { rows: after } = await db.query<{ api_key_hash: Uint8Array }>(
      "SELECT api_key_hash FROM users WHERE id = $1",
      [id],
    )
    expect(Buffer.from(after[0]!.api_key_hash)).toEqual(createHash("sha256").update(replaced).digest())
    expect(await eventsOf(id)).toEqual(["api_key_created", "api_key_created"])
  })

  it("keeps notification choices over the defaults, with security mail always on", async () => {
    const { id, visitor } = await newAccount()
    const on = { email: true, site: true }
    const defaults = {
      security: on,
      payments: on,
      tickets: on,
      news: { email: false, site: true },
      product: on,
    }
    expect((await visitor.get("/api/v2/profile/notifications")).json()).toEqual({ settings: defaults })

    const saved = await visitor.send("PUT", "/api/v2/profile/notifications", {
      settings: { news: { email: true }, payments: { site: false }, security: { email: true, site: false } },
    })
    expect(saved.statusCode).toBe(200)
    const expected = {
      ...defaults,
      news: on,
      payments: { email: true, site: false },
      security: { email: true, site: false },
    }
    expect(saved.json()).toEqual({ settings: expected })
    expect((await visitor.get("/api/v2/profile/notifications")).json()).toEqual({ settings: expected })
    const { rows } = await db.query<{ notification_settings: unknown }>(
      "SELECT notification_settings FROM users WHERE id = $1",
      [id],
    )
    expect(rows[0]!.notification_settings).toEqual({
      news: { email: true },
      payments: { site: false },
      security: { site: false },
    })

    const security = await visitor.send("PUT", "/api/v2/profile/notifications", {
      settings: { security: { email: false } },
    })
    expect(security.statusCode).toBe(400)
    expect(errorOf(security)).toMatchObject({
      code: "SECURITY_MAIL_REQUIRED",
      details: [{ field: "settings.security.email" }],
    })
    for (const settings of [
      { weather: { email: true } },
      { news: { sms: true } },
      { news: { email: "yes" } },
    ]) {
      const bad = await visitor.send("PUT", "/api/v2/profile/notifications", { settings })
      expect(bad.statusCode).toBe(400)
      expect(errorOf(bad).code).toBe("VALIDATION_FAILED")
    }
  })

  it("takes identity documents as checked files and lets moderators review them", async () => {
    const { id, visitor } = await newAccount()
    const uploaded = await visitor.upload(
      "/api/v2/profile/documents?kind=passport&name=..%2F..%2Fetc%2Fmy%20passport.png",
      PNG,
      "image/png",
    )
    expect(uploaded.statusCode).toBe(201)
    const document = uploaded.json()
    expect(document).toEqual({
      id: expect.stringMatching(/^\d+$/),
      kind: "passport",
      fileName: "my passport.png",
      contentType: "image/png",
      size: PNG.length,
      status: "pending",
      reviewNote: null,
      createdAt: expect.stringMatching(/^\d{4}-/),
    })
    expect((await visitor.get("/api/v2/profile/documents")).json()).toEqual({ documents: [document] })

    const file = await visitor.get(`/api/v2/profile/documents/${document.id}/file`)
    expect(file.statusCode).toBe(200)
    expect(file.rawPayload.equals(PNG)).toBe(true)
    expect(file.headers).toMatchObject({
      "content-type": "image/png",
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    })
    expect(file.headers["content-disposition"]).toMatch(/^attachment; filename="my passport.png"/)

    const pdf = await visitor.upload(
      "/api/v2/profile/documents?kind=proof_of_address",
      PDF,
      "application/pdf",
    )
    expect(pdf.json()).toMatchObject({ fileName: "proof_of_address.pdf", contentType: "application/pdf" })

    // The declared type must match the first bytes; other types are refused whatever they contain.
    for (const [body, type] of [
      [PDF, "image/png"],
      [PNG, "image/jpeg"],
      [Buffer.from("<svg></svg>"), "image/svg+xml"],
      [Buffer.from("GIF89a"), "image/gif"],
      ["plain words", "text/plain"],
      [JSON.stringify({ a: 1 }), "application/json"],
      [Buffer.alloc(0), "image/png"],
    ] as const) {
      const refused = await visitor.upload("/api/v2/profile/documents?kind=passport", body, type)
      expect(refused.statusCode, type).toBe(415)
      expect(errorOf(refused).code).toBe("FILE_TYPE_NOT_ALLOWED")
    }
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])
    const tooLarge = await visitor.upload("/api/v2/profile/documents?kind=passport", big, "image/png")
    expect(tooLarge.statusCode).toBe(413)
    expect(errorOf(tooLarge).code).toBe("FILE_TOO_LARGE")
    const noKind = await visitor.upload("/api/v2/profile/documents?kind=selfie", PNG, "image/png")
    expect(errorOf(noKind)).toMatchObject({ code: "VALIDATION_FAILED" })

    // The raw-file parsers stay inside the upload route: other routes still refuse image bodies.
    const elsewhere = await visitor.upload("/api/v2/profile/api-key", PNG, "image/png")
    expect(elsewhere.statusCode).toBe(415)
    expect(errorOf(elsewhere).code).not.toBe("FILE_TYPE_NOT_ALLOWED")

    const other = await newAccount()
    const foreign = await other.visitor.get(`/api/v2/profile/documents/${document.id}/file`)
    expect(foreign.statusCode).toBe(404)
    expect((await other.visitor.send("DELETE", `/api/v2/profile/documents/${document.id}`)).statusCode).toBe(
      404,
    )
    expect((await other.visitor.get("/api/v2/profile/documents")).json()).toEqual({ documents: [] })
    const selfReview = await other.visitor.send("PUT", `/api/v2/moderation/documents/${document.id}`, {
      status: "approved",
    })
    expect(selfReview.statusCode).toBe(403)

    const moderator = await signedIn("moderator@demo.manyhands.dev")
    expect(
      (await moderator.get(`/api/v2/profile/documents/${document.id}/file`)).rawPayload.equals(PNG),
    ).toBe(true)
    const reviewed = await moderator.send("PUT", `/api/v2/moderation/documents/${document.id}`, {
      status: "rejected",
      note: "  The photo is blurred.  ",
    })
    expect(reviewed.statusCode).toBe(200)
    expect(reviewed.json()).toMatchObject({
      id: document.id,
      status: "rejected",
      reviewNote: "The photo is blurred.",
    })
    expect(
      (await moderator.send("PUT", "/api/v2/moderation/documents/999999", { status: "approved" })).statusCode,
    ).toBe(404)

    const locked = await visitor.send("DELETE", `/api/v2/profile/documents/${document.id}`)
    expect(locked.statusCode).toBe(409)
    expect(errorOf(locked).code).toBe("DOCUMENT_REVIEWED")
    expect((await visitor.send("DELETE", `/api/v2/profile/documents/${pdf.json().id}`)).statusCode).toBe(204)

    // At most 10 documents under review or approved; the rejected one does not count.
    await db.query(
      `INSERT INTO identity_documents (user_id, kind, file_name, content_type, content)
       SELECT $1, 'passport', 'p.png', 'image/png', $2 FROM generate_series(1, 9)`,
      [id, PNG],
    )
    expect(
      (await visitor.upload("/api/v2/profile/documents?kind=id_card", PNG, "image/png")).statusCode,
    ).toBe(201)
    const full = await visitor.upload("/api/v2/profile/documents?kind=id_card", PNG, "image/png")
    expect(full.statusCode).toBe(409)
    expect(errorOf(full).code).toBe("TOO_MANY_DOCUMENTS")
  })

  it("deletes the account after the password and a second-factor code, and signs it out", async () => {
    const { id, email, visitor } = await newAccount()
    const phone = await signedIn(email)
    const secret = generateTotpSecret()
    await db.query("UPDATE users SET totp_secret = $2, totp_enabled_at = now() WHERE id = $1", [id, secret])

    const wrong = await visitor.send("POST", "/api/v2/profile/delete", { password: "wrong" })
    expect(errorOf(wrong)).toMatchObject({ code: "PASSWORD_WRONG", details: [{ field: "password" }] })
    const noCode = await visitor.send("POST", "/api/v2/profile/delete", { password: DEMO_PASSWORD })
    expect(noCode.statusCode).toBe(400)
    expect(errorOf(noCode)).toMatchObject({ code: "TWO_FACTOR_CODE_INVALID", details: [{ field: "code" }] })
    expect((await visitor.get("/api/v2/user")).statusCode).toBe(200)

    const deleted = await visitor.send("POST", "/api/v2/profile/delete", {
      password: DEMO_PASSWORD,
      code: totpCode(secret, Date.now()),
    })
    expect(deleted.statusCode).toBe(204)
    expect(visitor.jar.has("mh_session")).toBe(false)
    for (const gone of [visitor, phone]) {
      const response = await gone.get("/api/v2/user")
      expect([400, 401]).toContain(response.statusCode)
      expect(["ERROR_EMPTY_USER", "NOT_SIGNED_IN"]).toContain(errorOf(response).code)
    }
    const { rows } = await db.query<{ users: number; sessions: number; deleted: number }>(
      `SELECT (SELECT count(*)::int FROM users WHERE id = $1) AS users,
              (SELECT count(*)::int FROM sessions WHERE user_id = $1) AS sessions,
              (SELECT count(*)::int FROM auth_events WHERE kind = 'account_deleted') AS deleted`,
      [id],
    )
    expect(rows[0]).toEqual({ users: 0, sessions: 0, deleted: 1 })
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual(["Your Manyhands account was deleted"])
  })

  it("updates the display name and time zone with validation", async () => {
    const { visitor } = await newAccount()
    const named = await visitor.send("PUT", "/api/v2/user", {
      profile: { displayName: "  Ann Example  ", timezone: "europe/berlin" },
    })
    expect(named.statusCode).toBe(200)
    expect(named.json()).toMatchObject({
      interfaceLanguage: "en",
      profile: { displayName: "Ann Example", timezone: "Europe/Berlin", userType: "worker" },
    })
    const language = await visitor.send("PUT", "/api/v2/user", { interfaceLanguage: "fr" })
    expect(language.json()).toMatchObject({
      interfaceLanguage: "fr",
      profile: { displayName: "Ann Example" },
    })
    const cleared = await visitor.send("PUT", "/api/v2/user", { profile: { displayName: "   " } })
    expect(cleared.json().profile).toMatchObject({ displayName: null, timezone: "Europe/Berlin" })

    const long = await visitor.send("PUT", "/api/v2/user", { profile: { displayName: "x".repeat(101) } })
    expect(long.statusCode).toBe(400)
    expect(errorOf(long)).toMatchObject({
      code: "DISPLAY_NAME_TOO_LONG",
      details: [{ field: "profile.displayName" }],
    })
    for (const timezone of ["Mars/Olympus_Mons", "+01:00", "Europe/Berlin; DROP"]) {
      const bad = await visitor.send("PUT", "/api/v2/user", { profile: { timezone } })
      expect(bad.statusCode).toBe(400)
      expect(errorOf(bad)).toMatchObject({
        code: "TIMEZONE_INVALID",
        details: [{ field: "profile.timezone" }],
      })
    }
  })

  it("lets only administrators set roles", async () => {
    const target = await newAccount()
    const admin = await signedIn("admin@demo.manyhands.dev")
    const adminId = (await admin.get("/api/v2/user")).json().id as string

    const refused = await target.visitor.send("PUT", `/api/v2/admin/users/${target.id}`, { roles: ["admin"] })
    expect(refused.statusCode).toBe(403)
    const made = await admin.send("PUT", `/api/v2/admin/users/${target.id}`, { roles: ["moderator"] })
    expect(made.json()).toEqual({ id: target.id, email: target.email, roles: ["moderator"] })
    expect((await target.visitor.get("/api/v2/user")).json().permissions).toEqual({ moderator: true })
    expect(await eventsOf(target.id)).toEqual(["roles_changed"])

    const bad = await admin.send("PUT", `/api/v2/admin/users/${target.id}`, { roles: ["owner"] })
    expect(errorOf(bad).code).toBe("VALIDATION_FAILED")
    const self = await admin.send("PUT", `/api/v2/admin/users/${adminId}`, { roles: ["moderator"] })
    expect(self.statusCode).toBe(409)
    expect(errorOf(self).code).toBe("OWN_ADMIN_ROLE")
    expect((await admin.send("PUT", "/api/v2/admin/users/999999", { roles: [] })).statusCode).toBe(404)
    expect((await admin.send("PUT", `/api/v2/admin/users/${target.id}`, { roles: [] })).json().roles).toEqual(
      [],
    )
  })
})

import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { buildApp, localesDir } from "../src/app"
import { loadConfig } from "../src/config"
import type { Database } from "../src/db/database"
import { issueMailToken } from "../src/modules/accounts/mail-tokens"
import { hashPassword } from "../src/modules/accounts/passwords"
import { createRecoveryCodes } from "../src/modules/accounts/recovery-codes"
import { generateTotpSecret, totpCode } from "../src/modules/accounts/totp"
import { type MailTemplate, type Mailer, renderMail } from "../src/modules/mail/mailer"
import { createSession } from "../src/modules/session/store"
import { loadTranslations } from "../src/ssr/translations"
import { LIMITS } from "../src/modules/accounts/rate-limits"
import { CSRF, testBrowser, type TestBrowser } from "./browser"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const EXISTING = "customer@demo.manyhands.dev"

const errorCode = (response: LightMyRequestResponse) => response.json().error?.code

const translations = loadTranslations(localesDir)
/** The subject a mail has in a language (whichever texts the locales hold). */
const subjectOf = (template: MailTemplate, language: string, email: string) =>
  renderMail(translations, loadConfig({ NODE_ENV: "test" }), {
    to: email,
    template,
    language,
    params: { email },
  }).subject

describe.each(engines)("sign-up, sign-in and mail links on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let logs: string[] = []
  /** Every password and token a test used; none may appear in the logs. */
  const secrets: string[] = []
  let ipCounter = 0
  /** A client address of its own for each test that counts attempts. */
  const freshIp = () => `10.0.0.${++ipCounter}`

  let stop: () => Promise<void>
  beforeAll(async () => {
    ;({ app, db, logs, stop } = await startTestApp(engine))
  })
  afterAll(() => stop())

  /** The newest mail the outbox holds for an address (what /dev/mail shows). */
  async function lastMail(to: string) {
    const response = await app.inject({ url: `/dev/mail.json?to=${encodeURIComponent(to)}` })
    expect(response.statusCode).toBe(200)
    return response.json().mails[0] as { subject: string; text: string; html: string } | undefined
  }
  const mailCount = async (to: string) =>
    (await app.inject({ url: `/dev/mail.json?to=${encodeURIComponent(to)}` })).json().mails.length as number

  /** The {hash, userId} of the link in a mail, e.g. /auth/check_key/<hash>/<userId>. */
  function linkIn(text: string | undefined, path: string) {
    const match = new RegExp(`${path}/([A-Za-z0-9_-]+)/([0-9]+)`).exec(text ?? "")
    expect(match, `no ${path} link in: ${text}`).not.toBeNull()
    secrets.push(match![1]!)
    return { hash: match![1]!, userId: match![2]! }
  }

  /** A confirmed account, made directly in the database. */
  async function makeUser(email: string, password: string) {
    secrets.push(password)
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, email_confirmed_at) VALUES ($1, $2, now())
       RETURNING id::text AS id`,
      [email, await hashPassword(password)],
    )
    return rows[0]!.id
  }

  async function enableTwoFactor(userId: string) {
    const secret = generateTotpSecret()
    await db.query("UPDATE users SET totp_secret = $2, totp_enabled_at = now() WHERE id = $1", [
      userId,
      secret,
    ])
    return secret
  }

  const sessionsOf = async (userId: string) =>
    (await db.query("SELECT 1 FROM sessions WHERE user_id = $1", [userId])).rows.length

  const signedIn = async (visitor: TestBrowser) => (await visitor.get("/api/v2/user")).statusCode === 200

  it("walks register → mail → confirm → logout → login → two-factor login → remind → reset", async () => {
    const password = "correct horse battery staple"
    const newPassword = "another long passphrase 42"
    secrets.push(password, newPassword)
    const visitor = testBrowser(app, { ip: freshIp() })
    visitor.jar.set("original_referer", encodeURIComponent("https://search.example/?q=captcha"))
    visitor.jar.set("reg_referrer", "partner-42")
    visitor.jar.set(
      "utm",
      encodeURIComponent(JSON.stringify({ utm_source: "news", utm_campaign: "spring", evil: "dropped" })),
    )
    visitor.jar.set("first_visited_page", encodeURIComponent("/pricing?utm_source=news"))
    visitor.jar.set("last_visited_page", encodeURIComponent("/developers"))
    visitor.jar.set("timezone", encodeURIComponent("Europe/Berlin"))

    const registered = await visitor.post("/api/v2/auth/register", {
      email: "  Walker@Example.COM ",
      password,
      userType: "worker",
      acceptTerms: true,
      language: "de",
    })
    expect(registered.statusCode).toBe(202)
    expect(registered.json()).toEqual({ status: "confirmation-sent", email: "walker@example.com" })

    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT id::text AS id, user_type, interface_language, timezone, attribution, password_hash,
              terms_accepted_at IS NOT NULL AS terms, email_confirmed_at
         FROM users WHERE email = 'walker@example.com'`,
    )
    expect(rows[0]).toMatchObject({
      user_type: "worker",
      interface_language: "de",
      timezone: "Europe/Berlin",
      terms: true,
      email_confirmed_at: null,
      attribution: {
        referer: "https://search.example/?q=captcha",
        referral: { id: "partner-42" },
        utm: { utm_source: "news", utm_campaign: "spring" },
        firstPage: "/pricing?utm_source=news",
        lastPage: "/developers",
      },
    })
    expect(rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    const userId = rows[0]!.id as string

    // Not confirmed yet: a wrong password is still just wrong; the right one is told to confirm.
    const wrong = await visitor.post("/api/v2/auth/login", {
      email: "walker@example.com",
      password: "not it at all",
    })
    expect(wrong.statusCode).toBe(401)
    const unconfirmed = await visitor.post("/api/v2/auth/login", { email: "walker@example.com", password })
    expect(unconfirmed.statusCode).toBe(403)
    expect(errorCode(unconfirmed)).toBe("EMAIL_NOT_CONFIRMED")
    expect(visitor.jar.has("mh_session")).toBe(false)

    const confirmMail = await lastMail("walker@example.com")
    expect(confirmMail?.text).toContain("walker@example.com")
    // The reader's language decides the site address of the link.
    expect(confirmMail?.text).toMatch(/http:\/\/localhost:3000\/de\/auth\/check_key\//)
    const confirmLink = linkIn(confirmMail?.text, "/auth/check_key")
    expect(confirmLink.userId).toBe(userId)

    const confirmed = await visitor.post("/api/v2/auth/confirm-email", confirmLink)
    expect(confirmed.statusCode).toBe(200)
    expect(confirmed.json()).toMatchObject({
      status: "confirmed",
      user: {
        id: userId,
        email: "walker@example.com",
        profile: { userType: "worker" },
        interfaceLanguage: "de",
      },
    })
    expect(await signedIn(visitor)).toBe(true)
    const again = await visitor.post("/api/v2/auth/confirm-email", confirmLink)
    expect(again.statusCode).toBe(400)
    expect(errorCode(again)).toBe("TOKEN_INVALID")

    const firstToken = visitor.jar.get("mh_session")!
    const logout = await visitor.post("/api/v2/auth/logout")
    expect(logout.statusCode).toBe(204)
    expect(visitor.jar.has("mh_session")).toBe(false)
    const replay = await app.inject({ url: "/api/v2/user", headers: { cookie: `mh_session=${firstToken}` } })
    expect(replay.statusCode).toBe(401)

    const login = await visitor.post("/api/v2/auth/login", { email: "WALKER@example.com", password })
    expect(login.statusCode).toBe(200)
    expect(login.json()).toMatchObject({ status: "signed-in", user: { id: userId } })
    expect(await signedIn(visitor)).toBe(true)
    await visitor.post("/api/v2/auth/logout")

    // Two-factor sign-in: the password alone gives a challenge cookie, not a session.
    const secret = await enableTwoFactor(userId)
    const recoveryCodes = await createRecoveryCodes(db, userId)
    secrets.push(secret, ...recoveryCodes)
    const first = await visitor.post("/api/v2/auth/login", { email: "walker@example.com", password })
    expect(first.json()).toEqual({ status: "two-factor" })
    const challengeCookie = first.cookies.find((cookie) => cookie.name === "mh_2fa")
    expect(challengeCookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", maxAge: 300 })
    expect(visitor.jar.has("mh_session")).toBe(false)
    expect(await signedIn(visitor)).toBe(false)

    const code = totpCode(secret, Date.now())
    const badCode = code === "000000" ? "000001" : "000000"
    const bad = await visitor.post("/api/v2/auth/login/two-factor", { code: badCode })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatchObject({ code: "TWO_FACTOR_CODE_INVALID", details: [{ field: "code" }] })
    const good = await visitor.post("/api/v2/auth/login/two-factor", { code })
    expect(good.statusCode).toBe(200)
    expect(good.json()).toMatchObject({ status: "signed-in", user: { id: userId } })
    expect(visitor.jar.has("mh_2fa")).toBe(false)
    expect(await signedIn(visitor)).toBe(true)
    await visitor.post("/api/v2/auth/logout")

    // The same code a second time, in a new challenge: refused. A recovery code works once.
    await visitor.post("/api/v2/auth/login", { email: "walker@example.com", password })
    const reused = await visitor.post("/api/v2/auth/login/two-factor", { code })
    expect(reused.statusCode).toBe(400)
    expect(errorCode(reused)).toBe("TWO_FACTOR_CODE_INVALID")
    const recovered = await visitor.post("/api/v2/auth/login/two-factor", {
      code: recoveryCodes[0]!.toUpperCase(),
    })
    expect(recovered.statusCode).toBe(200)
    expect(await signedIn(visitor)).toBe(true)
    const other = testBrowser(app, { ip: freshIp() })
    await other.post("/api/v2/auth/login", { email: "walker@example.com", password })
    const recoveryAgain = await other.post("/api/v2/auth/login/two-factor", { code: recoveryCodes[0]! })
    expect(errorCode(recoveryAgain)).toBe("TWO_FACTOR_CODE_INVALID")
    expect(await sessionsOf(userId)).toBe(1)

    // Password reminder and reset: every session ends, the old password stops working, 2FA stays.
    const remind = await other.post("/api/v2/auth/remind", { email: "walker@example.com" })
    expect(remind.statusCode).toBe(202)
    expect(remind.json()).toEqual({ status: "sent" })
    const resetLink = linkIn((await lastMail("walker@example.com"))?.text, "/auth/check_remind")
    const check = await other.post("/api/v2/auth/reset-password/check", resetLink)
    expect(check.json()).toEqual({ email: "walker@example.com" })
    const common = await other.post("/api/v2/auth/reset-password", { ...resetLink, password: "password123" })
    expect(common.statusCode).toBe(400)
    expect(common.json().error).toMatchObject({
      code: "PASSWORD_TOO_COMMON",
      details: [{ field: "password" }],
    })
    const reset = await other.post("/api/v2/auth/reset-password", { ...resetLink, password: newPassword })
    expect(reset.statusCode).toBe(200)
    expect(reset.json()).toEqual({ status: "changed" })
    expect(await sessionsOf(userId)).toBe(0)
    expect(await signedIn(visitor)).toBe(false)
    expect(await signedIn(other)).toBe(false)
    expect((await lastMail("walker@example.com"))?.subject).toBe(
      subjectOf("passwordChanged", "de", "walker@example.com"),
    )
    const reusedLink = await other.post("/api/v2/auth/reset-password", {
      ...resetLink,
      password: "yet another one 77",
    })
    expect(errorCode(reusedLink)).toBe("TOKEN_INVALID")

    const oldPassword = await other.post("/api/v2/auth/login", { email: "walker@example.com", password })
    expect(oldPassword.statusCode).toBe(401)
    const newLogin = await other.post("/api/v2/auth/login", {
      email: "walker@example.com",
      password: newPassword,
    })
    expect(newLogin.json()).toEqual({ status: "two-factor" })
    const nextStep = await other.post("/api/v2/auth/login/two-factor", {
      code: totpCode(secret, Date.now() + 30_000),
    })
    expect(nextStep.statusCode).toBe(200)

    const events = await db.query<{ kind: string; ip: string; user_agent: string }>(
      "SELECT kind, ip, user_agent FROM auth_events WHERE user_id = $1 ORDER BY id",
      [userId],
    )
    expect(events.rows.map((event) => event.kind)).toEqual(
      expect.arrayContaining([
        "registered",
        "login_failure",
        "login_unconfirmed",
        "email_confirmed",
        "logout",
        "login_success",
        "two_factor_challenge",
        "two_factor_failure",
        "recovery_code_used",
        "password_reset_requested",
        "password_reset",
      ]),
    )
    expect(events.rows[0]).toMatchObject({
      ip: expect.stringMatching(/^10\.0\.0\./),
      user_agent: "manyhands-test",
    })
  })

  it("refuses session fixation: sign-in always issues a new token and ends the one the browser had", async () => {
    const userId = await makeUser("fixed@example.com", "fixation is not a thing here")
    const visitor = testBrowser(app, { ip: freshIp() })
    // A token an attacker planted that no session has…
    const planted = "planted-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
    visitor.jar.set("mh_session", planted)
    await visitor.post("/api/v2/auth/login", {
      email: "fixed@example.com",
      password: "fixation is not a thing here",
    })
    const issued = visitor.jar.get("mh_session")
    expect(issued).toBeDefined()
    expect(issued).not.toBe(planted)
    expect(
      (await app.inject({ url: "/api/v2/user", headers: { cookie: `mh_session=${planted}` } })).statusCode,
    ).toBe(401)

    // …and a live session token known to the attacker (here: their own session, planted in the browser).
    const attackerId = await makeUser("attacker@example.com", "the attacker's passphrase")
    const attackerToken = await createSession(db, attackerId)
    visitor.jar.set("mh_session", attackerToken)
    await visitor.post("/api/v2/auth/login", {
      email: "fixed@example.com",
      password: "fixation is not a thing here",
    })
    const fresh = visitor.jar.get("mh_session")!
    expect(fresh).not.toBe(attackerToken)
    expect(fresh).not.toBe(issued)
    expect((await visitor.get("/api/v2/user")).json()).toMatchObject({ id: userId })
    const old = await app.inject({ url: "/api/v2/user", headers: { cookie: `mh_session=${attackerToken}` } })
    expect(old.statusCode).toBe(401)
    const session = visitor.jar.get("mh_session")
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it("refuses state changes without the page's CSRF token", async () => {
    await makeUser("csrf@example.com", "cross site requests fail")
    const visitor = testBrowser(app, { ip: freshIp() })
    const login = await visitor.post(
      "/api/v2/auth/login",
      { email: "csrf@example.com", password: "cross site requests fail" },
      { csrf: null },
    )
    expect(login.statusCode).toBe(403)
    expect(errorCode(login)).toBe("CSRF_TOKEN_INVALID")
    expect(visitor.jar.has("mh_session")).toBe(false)

    await visitor.post("/api/v2/auth/login", {
      email: "csrf@example.com",
      password: "cross site requests fail",
    })
    const forgedLogout = await visitor.post("/api/v2/auth/logout", undefined, {
      csrf: "forged-token-000000000000",
    })
    expect(forgedLogout.statusCode).toBe(403)
    expect(await signedIn(visitor)).toBe(true)
    for (const url of ["/api/v2/auth/register", "/api/v2/auth/remind", "/api/v2/auth/reset-password"]) {
      expect((await visitor.post(url, {}, { csrf: null })).statusCode).toBe(403)
    }
  })

  const login = (browser: TestBrowser, email: string, password: string) =>
    browser.post("/api/v2/auth/login", { email, password })

  it("throttles the guesser's place, not the owner: another network or the owner's own browser still signs in", async () => {
    const password = "guess me if you can"
    await makeUser("target@example.com", password)
    const office = freshIp()
    // The owner signed in from the office before: their browser holds the device cookie.
    const owner = testBrowser(app, { ip: office })
    const first = await login(owner, "target@example.com", password)
    expect(first.statusCode).toBe(200)
    expect(first.cookies.find((cookie) => cookie.name === "mh_device")).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
    })
    await owner.post("/api/v2/auth/logout")

    // Someone else in the office guesses: five failures, then even the right password is refused there.
    const guesser = testBrowser(app, { ip: office })
    for (let i = 0; i < 5; i++)
      expect((await login(guesser, "target@example.com", `wrong guess ${i}`)).statusCode).toBe(401)
    const refused = await login(guesser, "Target@Example.com", password)
    expect(refused.statusCode).toBe(429)
    const wait = Number(refused.headers["retry-after"])
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(60)
    expect(refused.json().error).toMatchObject({ code: "RATE_LIMITED", details: { retryAfter: wait } })
    expect(guesser.jar.has("mh_session")).toBe(false)

    // The owner's own browser, on the same address, is a place of its own.
    expect((await login(owner, "target@example.com", password)).statusCode).toBe(200)
    // And the owner from home, without the cookie.
    expect(
      (await login(testBrowser(app, { ip: freshIp() }), "target@example.com", password)).statusCode,
    ).toBe(200)
    // The account is not locked: another place may still try (and fail) as usual.
    expect((await login(testBrowser(app, { ip: freshIp() }), "target@example.com", "nope")).statusCode).toBe(
      401,
    )
  })

  it("makes the guesser wait longer and longer as the failures go on", async () => {
    await makeUser("patient@example.com", "patience is a virtue")
    const guesser = testBrowser(app, { ip: freshIp() })
    const short = { ...LIMITS.signInPlaceShort }
    // The first tier's window shortened to a second and a half, so the test need not wait a minute.
    LIMITS.signInPlaceShort.windowMs = 1500
    try {
      for (let i = 0; i < 5; i++) await login(guesser, "patient@example.com", `first round ${i}`)
      const firstWait = await login(guesser, "patient@example.com", "refused")
      expect(firstWait.statusCode).toBe(429)
      const first = Number(firstWait.headers["retry-after"])
      expect(first).toBeLessThanOrEqual(2)
      // Retry-After is rounded up: once it has passed, the first tier's window has ended.
      await new Promise((resolve) => setTimeout(resolve, first * 1000 + 100))
      for (let i = 0; i < 5; i++)
        expect((await login(guesser, "patient@example.com", `second round ${i}`)).statusCode).toBe(401)
      const secondWait = await login(guesser, "patient@example.com", "refused")
      expect(secondWait.statusCode).toBe(429)
      const second = Number(secondWait.headers["retry-after"])
      // Ten failures: the 15-minute tier.
      expect(second).toBeGreaterThan(10 * 60)
      expect(second).toBeLessThanOrEqual(15 * 60)
    } finally {
      Object.assign(LIMITS.signInPlaceShort, short)
    }
  })

  it("locks the account only after many failures from many places; the owner's browser passes, the mailed link lifts it", async () => {
    const password = "many places guess"
    const userId = await makeUser("besieged@example.com", password)
    const owner = testBrowser(app, { ip: freshIp() })
    expect((await login(owner, "besieged@example.com", password)).statusCode).toBe(200)
    const failures = LIMITS.signInAccountFailures.max
    const perPlace = LIMITS.signInPlaceShort.max
    for (let place = 0; place < failures / perPlace; place++) {
      const guesser = testBrowser(app, { ip: freshIp() })
      for (let i = 0; i < perPlace; i++)
        expect((await login(guesser, "besieged@example.com", `guess ${place}.${i}`)).statusCode).toBe(401)
    }
    // A new browser anywhere is refused, right password or not, without the password being checked.
    const stranger = testBrowser(app, { ip: freshIp() })
    const locked = await login(stranger, "besieged@example.com", password)
    expect(locked.statusCode).toBe(423)
    expect(locked.json().error.code).toBe("ACCOUNT_LOCKED")
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0)
    // The owner's own browser still signs in.
    expect((await login(owner, "besieged@example.com", password)).statusCode).toBe(200)

    // One unlock mail, in the owner's language, with a link that works once.
    await mailCount("besieged@example.com")
    const mail = await lastMail("besieged@example.com")
    expect(mail?.subject).toBe(subjectOf("unlockAccount", "en", "besieged@example.com"))
    const link = linkIn(mail?.text, "/auth/unlock")
    expect(link.userId).toBe(userId)
    const elsewhere = testBrowser(app, { ip: freshIp() })
    const unlocked = await elsewhere.post("/api/v2/auth/unlock", link)
    expect(unlocked.statusCode).toBe(200)
    expect(unlocked.json()).toEqual({ status: "unlocked", email: "besieged@example.com" })
    expect(elsewhere.jar.has("mh_device")).toBe(true)
    expect(errorCode(await elsewhere.post("/api/v2/auth/unlock", link))).toBe("TOKEN_INVALID")
    // Lifted for everyone.
    expect((await login(stranger, "besieged@example.com", password)).statusCode).toBe(200)
    expect((await login(elsewhere, "besieged@example.com", password)).statusCode).toBe(200)
    expect(await mailCount("besieged@example.com")).toBe(1)
  })

  it("never counts successful sign-ins, and lets an office behind one address fail now and then", async () => {
    const office = freshIp()
    const colleagues = ["ann", "bob", "cyd"]
    for (const name of colleagues) await makeUser(`${name}@office.example`, `${name} has a passphrase`)
    // 60 sign-ins from one address (more than any count of attempts per IP used to allow).
    for (let round = 0; round < 20; round++)
      for (const name of colleagues) {
        const response = await login(
          testBrowser(app, { ip: office }),
          `${name}@office.example`,
          `${name} has a passphrase`,
        )
        expect(response.statusCode).toBe(200)
      }
    // Mistyped passwords on many accounts from the same address count; up to the IP's limit they do not stop others.
    const max = LIMITS.signInIpFailures.max
    for (let i = 0; i < max; i++) {
      const response = await login(
        testBrowser(app, { ip: office }),
        `typo${Math.floor(i / 5)}@office.example`,
        "x",
      )
      expect(response.statusCode).toBe(401)
    }
    const ann = testBrowser(app, { ip: office })
    const blocked = await login(ann, "ann@office.example", "ann has a passphrase")
    expect(blocked.statusCode).toBe(429)
    // A colleague whose browser signed in before is not held up by the address's failures.
    const known = testBrowser(app, { ip: freshIp() })
    expect((await login(known, "bob@office.example", "bob has a passphrase")).statusCode).toBe(200)
    const atOffice = await known.post(
      "/api/v2/auth/login",
      { email: "bob@office.example", password: "bob has a passphrase" },
      { ip: office },
    )
    expect(atOffice.statusCode).toBe(200)
  })

  it("limits sign-ups per IP address: the 11th within an hour is refused", async () => {
    const visitor = testBrowser(app, { ip: freshIp() })
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      const response = await visitor.post("/api/v2/auth/register", {
        email: `bulk${i}@example.com`,
        password: "bulk sign-up passphrase",
        acceptTerms: true,
      })
      statuses.push(response.statusCode)
    }
    expect(statuses).toEqual([...Array(10).fill(202), 429])
    expect((await db.query("SELECT 1 FROM users WHERE email = 'bulk10@example.com'")).rows).toHaveLength(0)
  })

  it("refuses a reused TOTP code, ends the challenge after 5 wrong codes, and refuses expired challenges", async () => {
    const password = "two factors are better"
    const userId = await makeUser("totp-user@example.com", password)
    const secret = await enableTwoFactor(userId)
    const code = totpCode(secret, Date.now())
    const first = testBrowser(app, { ip: freshIp() })
    await first.post("/api/v2/auth/login", { email: "totp-user@example.com", password })
    expect((await first.post("/api/v2/auth/login/two-factor", { code })).statusCode).toBe(200)

    const second = testBrowser(app, { ip: freshIp() })
    expect(
      (await second.post("/api/v2/auth/login", { email: "totp-user@example.com", password })).json(),
    ).toEqual({
      status: "two-factor",
    })
    const reused = await second.post("/api/v2/auth/login/two-factor", { code })
    expect(reused.statusCode).toBe(400)
    expect(errorCode(reused)).toBe("TWO_FACTOR_CODE_INVALID")
    expect(await signedIn(second)).toBe(false)

    // Four more wrong codes (five in all): the challenge is gone, the screen goes to two_factor_error.
    const statuses: number[] = []
    for (let i = 0; i < 4; i++)
      statuses.push((await second.post("/api/v2/auth/login/two-factor", { code: "abcd-efgh" })).statusCode)
    expect(statuses).toEqual([400, 400, 400, 401])
    expect(second.jar.has("mh_2fa")).toBe(false)
    const rows = await db.query("SELECT 1 FROM login_challenges WHERE user_id = $1", [userId])
    expect(rows.rows).toHaveLength(0)
    const next = totpCode(secret, Date.now() + 30_000)
    const noChallenge = await second.post("/api/v2/auth/login/two-factor", { code: next })
    expect(noChallenge.statusCode).toBe(401)
    expect(errorCode(noChallenge)).toBe("TWO_FACTOR_CHALLENGE_MISSING")

    const third = testBrowser(app, { ip: freshIp() })
    await third.post("/api/v2/auth/login", { email: "totp-user@example.com", password })
    await db.query(
      "UPDATE login_challenges SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [userId],
    )
    const expired = await third.post("/api/v2/auth/login/two-factor", { code: next })
    expect(errorCode(expired)).toBe("TWO_FACTOR_CHALLENGE_MISSING")
    expect(await signedIn(third)).toBe(false)
  })

  it("lets no one who knows the password lock the owner out of the second step", async () => {
    const password = "second steps for the owner"
    const userId = await makeUser("two-step@example.com", password)
    const secret = await enableTwoFactor(userId)
    const owner = testBrowser(app, { ip: freshIp() })
    await login(owner, "two-step@example.com", password)
    expect(
      (await owner.post("/api/v2/auth/login/two-factor", { code: totpCode(secret, Date.now()) })).statusCode,
    ).toBe(200)
    await owner.post("/api/v2/auth/logout")

    // Wrong codes from two other places, as many as the account allows from unknown places.
    const perChallenge = 5
    for (let place = 0; place < LIMITS.twoFactorAccount.max / perChallenge; place++) {
      const guesser = testBrowser(app, { ip: freshIp() })
      expect((await login(guesser, "two-step@example.com", password)).json()).toEqual({
        status: "two-factor",
      })
      for (let i = 0; i < perChallenge; i++)
        await guesser.post("/api/v2/auth/login/two-factor", { code: `00000${i}` })
    }
    const third = testBrowser(app, { ip: freshIp() })
    await login(third, "two-step@example.com", password)
    const refused = await third.post("/api/v2/auth/login/two-factor", { code: "000009" })
    expect(refused.statusCode).toBe(429)
    expect(errorCode(refused)).toBe("RATE_LIMITED")

    // The owner's browser still finishes the second step.
    expect((await login(owner, "two-step@example.com", password)).json()).toEqual({ status: "two-factor" })
    const next = await owner.post("/api/v2/auth/login/two-factor", {
      code: totpCode(secret, Date.now() + 30_000),
    })
    expect(next.statusCode).toBe(200)
  })

  it("marks the challenge and session cookies Secure and __Host- on an HTTPS site", async () => {
    const password = "secure cookies only"
    const userId = await makeUser("secure@example.com", password)
    const secret = await enableTwoFactor(userId)
    const httpsApp = await buildApp({
      config: loadConfig({ NODE_ENV: "test", SITE_ORIGIN: "https://manyhands.test" }),
      db,
      pages: "none",
    })
    try {
      const visitor = testBrowser(httpsApp, { ip: freshIp() })
      visitor.jar.delete("mh_csrf")
      visitor.jar.set("__Host-mh_csrf", CSRF)
      const login = await visitor.post("/api/v2/auth/login", { email: "secure@example.com", password })
      expect(login.statusCode, login.body).toBe(200)
      // __Host-: browsers take these only over https, for path /, from this host alone (ASVS 3.3.1).
      expect(login.cookies.find((cookie) => cookie.name === "__Host-mh_2fa")).toMatchObject({
        secure: true,
        httpOnly: true,
        path: "/",
      })
      const done = await visitor.post("/api/v2/auth/login/two-factor", { code: totpCode(secret, Date.now()) })
      expect(done.statusCode, done.body).toBe(200)
      expect(done.cookies.find((cookie) => cookie.name === "__Host-mh_session")).toMatchObject({
        secure: true,
        path: "/",
      })
      expect(done.cookies.find((cookie) => cookie.name === "__Host-mh_2fa")).toMatchObject({
        secure: true,
        maxAge: 0,
      })
      expect(done.cookies.map((cookie) => cookie.name).filter((name) => name.startsWith("mh_"))).toEqual([])
      // The prefixed session cookie is the one the server reads back.
      expect((await visitor.get("/api/v2/user")).statusCode).toBe(200)
    } finally {
      await httpsApp.close()
    }
  })

  it("refuses used, expired and mismatched mail tokens with TOKEN_INVALID", async () => {
    const userId = await makeUser("tokens@example.com", "tokens are single use")
    const visitor = testBrowser(app, { ip: freshIp() })
    const expiring = await issueMailToken(db, userId, "reset_password")
    await db.query("UPDATE mail_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1", [
      userId,
    ])
    for (const url of ["/api/v2/auth/reset-password/check", "/api/v2/auth/reset-password"]) {
      const response = await visitor.post(url, {
        hash: expiring,
        userId,
        ...(url.endsWith("check") ? {} : { password: "a brand new passphrase" }),
      })
      expect(response.statusCode).toBe(400)
      expect(errorCode(response)).toBe("TOKEN_INVALID")
    }
    const live = await issueMailToken(db, userId, "reset_password")
    secrets.push(expiring, live)
    const otherUser = await visitor.post("/api/v2/auth/reset-password/check", { hash: live, userId: "1" })
    expect(errorCode(otherUser)).toBe("TOKEN_INVALID")
    const otherPurpose = await visitor.post("/api/v2/auth/confirm-email", { hash: live, userId })
    expect(errorCode(otherPurpose)).toBe("TOKEN_INVALID")
    expect((await visitor.post("/api/v2/auth/reset-password/check", { hash: live, userId })).statusCode).toBe(
      200,
    )
    // Checking did not spend it; using it does.
    expect(
      (
        await visitor.post("/api/v2/auth/reset-password", {
          hash: live,
          userId,
          password: "a brand new passphrase",
        })
      ).statusCode,
    ).toBe(200)
    const used = await visitor.post("/api/v2/auth/reset-password/check", { hash: live, userId })
    expect(errorCode(used)).toBe("TOKEN_INVALID")
    const malformed = await visitor.post("/api/v2/auth/confirm-email", { hash: "../../x", userId: "abc" })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.code).toBe("VALIDATION_FAILED")
    expect(["hash", "userId"]).toContain(malformed.json().error.details[0].field)
  })

  it("gives no account enumeration through register, remind or login", async () => {
    const visitor = testBrowser(app, { ip: freshIp() })
    const register = (email: string) =>
      visitor.post("/api/v2/auth/register", { email, password: "enumeration is refused", acceptTerms: true })
    const known = await register(EXISTING)
    const unknown = await register("nobody-yet@example.com")
    expect(known.statusCode).toBe(unknown.statusCode)
    expect(known.statusCode).toBe(202)
    expect(known.body.replace(EXISTING, "ADDRESS")).toBe(
      unknown.body.replace("nobody-yet@example.com", "ADDRESS"),
    )
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort())
    expect(known.headers["set-cookie"]).toBeUndefined()
    // The owner of the existing account learns about the attempt, with a way back in.
    const notice = await lastMail(EXISTING)
    expect(notice?.subject).toBe(subjectOf("accountExists", "en", EXISTING))
    expect(notice?.text).toContain("http://localhost:3000/auth/remind")
    const stillOne = await db.query("SELECT 1 FROM users WHERE email = $1", [EXISTING])
    expect(stillOne.rows).toHaveLength(1)

    const remind = (email: string) => visitor.post("/api/v2/auth/remind", { email })
    const mailsBefore = await mailCount("no-account@example.com")
    const knownRemind = await remind(EXISTING)
    const unknownRemind = await remind("no-account@example.com")
    expect(knownRemind.statusCode).toBe(unknownRemind.statusCode)
    expect(knownRemind.body).toBe(unknownRemind.body)
    expect(Object.keys(knownRemind.headers).sort()).toEqual(Object.keys(unknownRemind.headers).sort())
    expect((await lastMail(EXISTING))?.subject).toBe(subjectOf("resetPassword", "en", EXISTING))
    expect(await mailCount("no-account@example.com")).toBe(mailsBefore)

    const wrongPassword = await visitor.post("/api/v2/auth/login", {
      email: EXISTING,
      password: "not the password",
    })
    const noAccount = await visitor.post("/api/v2/auth/login", { email: "ghost@example.com", password: "x" })
    expect(wrongPassword.statusCode).toBe(401)
    expect(wrongPassword.body).toBe(noAccount.body)

    // The same per-address limit for both, so a refusal tells nothing either.
    const limited = []
    for (const email of [EXISTING, "no-account@example.com"]) {
      for (let i = 0; i < 3; i++) await remind(email)
      limited.push(await remind(email))
    }
    expect(limited.map((response) => response.statusCode)).toEqual([429, 429])
  })

  it("refuses sign-ups without accepted terms, with weak passwords or malformed addresses", async () => {
    const visitor = testBrowser(app, { ip: freshIp() })
    const base = { email: "careful@example.com", password: "a good passphrase", acceptTerms: true }
    const cases: [object, number, string, string][] = [
      [{ ...base, acceptTerms: false }, 400, "TERMS_NOT_ACCEPTED", "acceptTerms"],
      [{ email: base.email, password: base.password }, 400, "TERMS_NOT_ACCEPTED", "acceptTerms"],
      [{ ...base, password: "password123" }, 400, "PASSWORD_TOO_COMMON", "password"],
      [{ ...base, password: "Careful@Example.com" }, 400, "PASSWORD_TOO_COMMON", "password"],
      [{ ...base, password: "short" }, 400, "PASSWORD_TOO_SHORT", "password"],
      [{ ...base, password: "x".repeat(257) }, 400, "PASSWORD_TOO_LONG", "password"],
      [{ ...base, email: "no-at-sign" }, 400, "VALIDATION_FAILED", "email"],
      [{ ...base, email: `${"a".repeat(250)}@example.com` }, 400, "VALIDATION_FAILED", "email"],
      [{ ...base, userType: "admin" }, 400, "VALIDATION_FAILED", "userType"],
      [{ ...base, extra: 1 }, 400, "VALIDATION_FAILED", ""],
    ]
    for (const [body, status, code, field] of cases) {
      const response = await visitor.post("/api/v2/auth/register", body)
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status)
      expect(response.json().error.code).toBe(code)
      if (field) expect(response.json().error.details).toContainEqual(expect.objectContaining({ field }))
    }
    expect((await db.query("SELECT 1 FROM users WHERE email = 'careful@example.com'")).rows).toHaveLength(0)
  })

  it("stores attribution only from well-formed cookies, and falls back to UTC for an unknown timezone", async () => {
    const visitor = testBrowser(app, { ip: freshIp() })
    visitor.jar.set("utm", encodeURIComponent("{not json"))
    visitor.jar.set("reg_referrer", "r".repeat(500))
    visitor.jar.set("timezone", "Mars/Olympus_Mons")
    await visitor.post("/api/v2/auth/register", {
      email: "plain@example.com",
      password: "plain sign-up passphrase",
      acceptTerms: true,
      language: "xx",
    })
    const { rows } = await db.query<{ attribution: unknown; timezone: string; interface_language: string }>(
      "SELECT attribution, timezone, interface_language, user_type FROM users WHERE email = 'plain@example.com'",
    )
    expect(rows[0]).toEqual({
      attribution: { referral: { id: "r".repeat(200) } },
      timezone: "UTC",
      interface_language: "en",
      user_type: null,
    })

    const withBodyZone = testBrowser(app, { ip: freshIp() })
    withBodyZone.jar.set("timezone", "Europe/Berlin")
    withBodyZone.jar.set(
      "utm",
      encodeURIComponent(JSON.stringify({ utm_source: 7, pos: "top", network: "x".repeat(300) })),
    )
    await withBodyZone.post("/api/v2/auth/register", {
      email: "zoned@example.com",
      password: "zoned sign-up passphrase",
      acceptTerms: true,
      timezone: "Asia/Tokyo",
      userType: "developer",
    })
    const zoned = await db.query<{ attribution: unknown; timezone: string }>(
      "SELECT attribution, timezone FROM users WHERE email = 'zoned@example.com'",
    )
    expect(zoned.rows[0]).toEqual({
      attribution: { utm: { pos: "top", network: "x".repeat(200) } },
      timezone: "Asia/Tokyo",
    })
  })

  it("resends the confirmation only to an unconfirmed account, and only the newest link works", async () => {
    const visitor = testBrowser(app, { ip: freshIp() })
    await visitor.post("/api/v2/auth/register", {
      email: "slow@example.com",
      password: "slow to confirm passphrase",
      acceptTerms: true,
    })
    const firstLink = linkIn((await lastMail("slow@example.com"))?.text, "/auth/check_key")
    const resent = await visitor.post("/api/v2/auth/confirm-email/resend", { email: "SLOW@example.com" })
    expect(resent.statusCode).toBe(202)
    expect(resent.json()).toEqual({ status: "sent" })
    const secondLink = linkIn((await lastMail("slow@example.com"))?.text, "/auth/check_key")
    expect(secondLink.hash).not.toBe(firstLink.hash)
    expect(errorCode(await visitor.post("/api/v2/auth/confirm-email", firstLink))).toBe("TOKEN_INVALID")
    expect((await visitor.post("/api/v2/auth/confirm-email", secondLink)).statusCode).toBe(200)

    const before = await mailCount("slow@example.com")
    for (const email of ["slow@example.com", "nobody-here@example.com"]) {
      const response = await visitor.post("/api/v2/auth/confirm-email/resend", { email })
      expect(response.statusCode).toBe(202)
    }
    expect(await mailCount("slow@example.com")).toBe(before)
    expect(await mailCount("nobody-here@example.com")).toBe(0)
  })

  it("confirms, cancels and undoes e-mail changes from the mail links", async () => {
    const userId = await makeUser("mover@example.com", "moving house passphrase")
    const visitor = testBrowser(app, { ip: freshIp() })
    await visitor.post("/api/v2/auth/login", {
      email: "mover@example.com",
      password: "moving house passphrase",
    })

    const cancelToken = await issueMailToken(db, userId, "change_email", {
      newEmail: "moved@example.com",
      oldEmail: "mover@example.com",
    })
    const cancelled = await visitor.post("/api/v2/auth/change-email", {
      hash: cancelToken,
      userId,
      status: "cancel",
    })
    expect(cancelled.json()).toEqual({ status: "cancelled", email: "mover@example.com" })
    const lateConfirm = await visitor.post("/api/v2/auth/change-email", {
      hash: cancelToken,
      userId,
      status: "confirm",
    })
    expect(errorCode(lateConfirm)).toBe("TOKEN_INVALID")

    const takenToken = await issueMailToken(db, userId, "change_email", {
      newEmail: EXISTING,
      oldEmail: "mover@example.com",
    })
    const taken = await visitor.post("/api/v2/auth/change-email", {
      hash: takenToken,
      userId,
      status: "confirm",
    })
    expect(taken.statusCode).toBe(409)
    expect(errorCode(taken)).toBe("EMAIL_TAKEN")

    const confirmToken = await issueMailToken(db, userId, "change_email", {
      newEmail: "moved@example.com",
      oldEmail: "mover@example.com",
    })
    const undoToken = await issueMailToken(db, userId, "undo_email_change", {
      oldEmail: "mover@example.com",
      newEmail: "moved@example.com",
    })
    const changed = await visitor.post("/api/v2/auth/change-email", {
      hash: confirmToken,
      userId,
      status: "confirm",
    })
    expect(changed.json()).toEqual({ status: "changed", email: "moved@example.com" })
    expect((await visitor.get("/api/v2/user")).json().email).toBe("moved@example.com")

    // The old address's owner says "this was not me": the change is undone and every session ends.
    const undone = await testBrowser(app).post("/api/v2/auth/delete-email", { hash: undoToken, userId })
    expect(undone.json()).toEqual({ status: "removed", email: "mover@example.com" })
    expect(await sessionsOf(userId)).toBe(0)
    expect(await signedIn(visitor)).toBe(false)
    expect(
      errorCode(await testBrowser(app).post("/api/v2/auth/delete-email", { hash: undoToken, userId })),
    ).toBe("TOKEN_INVALID")

    // Undo while the change still waits for confirmation: the confirmation link stops working.
    const pending = await issueMailToken(db, userId, "change_email", {
      newEmail: "elsewhere@example.com",
      oldEmail: "mover@example.com",
    })
    const undoPending = await issueMailToken(db, userId, "undo_email_change", {
      oldEmail: "mover@example.com",
      newEmail: "elsewhere@example.com",
    })
    expect((await visitor.post("/api/v2/auth/delete-email", { hash: undoPending, userId })).json()).toEqual({
      status: "removed",
      email: "mover@example.com",
    })
    const afterUndo = await visitor.post("/api/v2/auth/change-email", {
      hash: pending,
      userId,
      status: "confirm",
    })
    expect(errorCode(afterUndo)).toBe("TOKEN_INVALID")
    const bad = await visitor.post("/api/v2/auth/change-email", { hash: pending, userId, status: "maybe" })
    expect(bad.json().error).toMatchObject({ code: "VALIDATION_FAILED", details: [{ field: "status" }] })
  })

  it("shows, confirms and cancels a payout wallet change", async () => {
    const userId = await makeUser("payee@example.com", "wallet change passphrase")
    await db.query(
      "UPDATE users SET payout_method = 'paypal', payout_wallet = 'old@example.com' WHERE id = $1",
      [userId],
    )
    const visitor = testBrowser(app, { ip: freshIp() })
    const token = await issueMailToken(db, userId, "change_wallet", {
      method: "btc",
      wallet: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    })
    for (let i = 0; i < 2; i++) {
      const check = await visitor.post("/api/v2/auth/edit-purse/check", { hash: token, userId })
      expect(check.json()).toEqual({
        method: "btc",
        wallet: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
        currentMethod: "paypal",
        currentWallet: "old@example.com",
      })
    }
    const confirmed = await visitor.post("/api/v2/auth/edit-purse", {
      hash: token,
      userId,
      action: "confirm",
    })
    expect(confirmed.json()).toEqual({
      status: "changed",
      method: "btc",
      wallet: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    })
    expect(errorCode(await visitor.post("/api/v2/auth/edit-purse/check", { hash: token, userId }))).toBe(
      "TOKEN_INVALID",
    )
    const second = await issueMailToken(db, userId, "change_wallet", {
      method: "usdt-trc20",
      wallet: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    })
    const cancelled = await visitor.post("/api/v2/auth/edit-purse", {
      hash: second,
      userId,
      action: "cancel",
    })
    expect(cancelled.json()).toEqual({
      status: "cancelled",
      method: "btc",
      wallet: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    })
    const again = await visitor.post("/api/v2/auth/edit-purse", { hash: second, userId, action: "confirm" })
    expect(errorCode(again)).toBe("TOKEN_INVALID")
    // A link whose wallet does not pass its method's check (or has no method) applies nothing.
    for (const data of [
      { method: "usdt-trc20", wallet: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u" },
      { wallet: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" },
    ]) {
      const bad = await issueMailToken(db, userId, "change_wallet", data)
      expect(
        errorCode(await visitor.post("/api/v2/auth/edit-purse", { hash: bad, userId, action: "confirm" })),
      ).toBe("TOKEN_INVALID")
    }
    const { rows } = await db.query<{ payout_method: string; payout_wallet: string }>(
      "SELECT payout_method, payout_wallet FROM users WHERE id = $1",
      [userId],
    )
    expect(rows[0]).toEqual({
      payout_method: "btc",
      payout_wallet: "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    })
  })

  it("answers 503 MAIL_UNAVAILABLE when a sign-up mail cannot be sent, but reminders still answer alike", async () => {
    const broken: Mailer = {
      send: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:25")
      },
      close: () => {},
    }
    const brokenApp = await buildApp({
      config: loadConfig({ NODE_ENV: "test" }),
      db,
      pages: "none",
      mailer: broken,
    })
    try {
      const visitor = testBrowser(brokenApp, { ip: freshIp() })
      for (const email of ["unsent@example.com", EXISTING]) {
        const response = await visitor.post("/api/v2/auth/register", {
          email,
          password: "mail server is down",
          acceptTerms: true,
        })
        expect(response.statusCode).toBe(503)
        expect(errorCode(response)).toBe("MAIL_UNAVAILABLE")
      }
      // No half-made account is left behind: trying again later works as a first sign-up.
      expect((await db.query("SELECT 1 FROM users WHERE email = 'unsent@example.com'")).rows).toHaveLength(0)
      const remind = await visitor.post("/api/v2/auth/remind", { email: "mover@example.com" })
      expect(remind.statusCode).toBe(202)
      expect(remind.json()).toEqual({ status: "sent" })
    } finally {
      await brokenApp.close()
    }
  })

  it("answers a reminder before writing its token, event or mail, so known addresses answer as fast as unknown ones", async () => {
    const probe = await buildApp({ config: loadConfig({ NODE_ENV: "test" }), db, pages: "none" })
    const known = "reminded@example.com"
    const userId = await makeUser(known, "remind me of this one")
    const written = async () => {
      const tokens = await db.query(
        "SELECT 1 FROM mail_tokens WHERE user_id = $1 AND purpose = 'reset_password' AND used_at IS NULL",
        [userId],
      )
      const events = await db.query(
        "SELECT 1 FROM auth_events WHERE user_id = $1 AND kind = 'password_reset_requested'",
        [userId],
      )
      return { tokens: tokens.rows.length, events: events.rows.length, mails: await mailCount(known) }
    }
    await db.query("DELETE FROM mail_tokens WHERE user_id = $1", [userId])
    await db.query("DELETE FROM auth_events WHERE user_id = $1 AND kind = 'password_reset_requested'", [
      userId,
    ])
    const before = await written()
    // What the database holds at the moment the answer is sent.
    const atAnswer: Record<string, Awaited<ReturnType<typeof written>>> = {}
    probe.addHook("onSend", async (request) => {
      if (request.url === "/api/v2/auth/remind")
        atAnswer[(request.body as { email: string }).email] = await written()
    })
    try {
      const visitor = testBrowser(probe, { ip: freshIp() })
      for (const email of ["nobody-here@example.com", known]) {
        const response = await visitor.post("/api/v2/auth/remind", { email })
        expect(response.statusCode).toBe(202)
        expect(response.json()).toEqual({ status: "sent" })
      }
      expect(atAnswer[known]).toEqual(before)
      expect(atAnswer["nobody-here@example.com"]).toEqual(before)
      // Then the work is done (the probe's outbox waits for its background work): one token, the event, the mail.
      await probe.inject({ url: `/dev/mail.json?to=${encodeURIComponent(known)}` })
      expect(await written()).toEqual({ tokens: 1, events: 1, mails: before.mails + 1 })
    } finally {
      await probe.close()
    }
  })

  it("logs sign-in events without passwords, codes or tokens", async () => {
    const text = logs.join("")
    expect(text).toContain('"authEvent":"login_success"')
    expect(text).toContain('"authEvent":"two_factor_failure"')
    expect(secrets.length).toBeGreaterThan(5)
    for (const secret of secrets) expect(text).not.toContain(secret)
  })
})

import { createHash } from "node:crypto"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { resetLimit } from "../src/modules/accounts/rate-limits"
import { REDEEM_LIMITS } from "../src/modules/codes/routes"
import type { Page } from "@manyhands/contract"
import type {
  IssuedVouchers,
  PromoCode,
  PromoRedeemed,
  PromoRedemption,
  Voucher,
  VoucherRedeemed,
} from "@manyhands/contract/codes"
import type { Database } from "../src/db/database"
import { normaliseVoucherCode } from "../src/modules/codes/vouchers"
import { type AccountPurpose, accountBalance, checkLedger, ledgerAccount } from "../src/modules/ledger/ledger"
import { testBrowser, type TestBrowser } from "./browser"
import { newUser } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const USD = 1_000_000
const CODE_FORMAT = /^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{
    error: { code: string; message: string; details?: { field: string; message: string }[] }
  }>().error

describe("voucher codes as people type them", () => {
  it("ignores case, spaces and dashes and reads look-alikes as the digits they stand for", () => {
    const code = "7K3M9QXR2B4THW8P"
    for (const typed of [
      "7K3M-9QXR-2B4T-HW8P",
      "7k3m 9qxr 2b4t hw8p",
      " 7k3m9qxr2b4thw8p ",
      "7K3M–9QXR—2B4T_HW8P",
      "7K3M\t9QXR\n2B4T-HW8P",
    ])
      expect(normaliseVoucherCode(typed)).toBe(code)
    expect(normaliseVoucherCode("O0IL-1111-2222-3333")).toBe("0011111122223333")
    // U is not in Crockford's alphabet; one character too few or too many is not a code.
    for (const typed of ["7K3M-9QXR-2B4T-HW8U", "7K3M-9QXR-2B4T-HW8", "7K3M-9QXR-2B4T-HW8PP", "", "----"])
      expect(normaliseVoucherCode(typed)).toBeNull()
  })
})

describe.each(engines)("vouchers and promo codes on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let admin: TestBrowser
  let people = 0

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    admin = testBrowser(app)
    expect((await admin.signIn("admin@demo.manyhands.dev")).statusCode).toBe(200)
  })
  afterAll(() => stop())
  afterEach(async () => {
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })

  interface Person {
    id: string
    email: string
    browser: TestBrowser
  }

  async function newPerson(): Promise<Person> {
    const email = `codes${++people}@example.com`
    const id = await newUser(db, email, "customer")
    const browser = testBrowser(app)
    expect((await browser.signIn(email)).statusCode).toBe(200)
    return { id, email, browser }
  }

  const posted = async (userId: string | null, purpose: AccountPurpose, currency: "USD" | "RUB" = "USD") =>
    (await accountBalance(db, await ledgerAccount(db, { userId, purpose, currency }))).posted

  const issue = async (body: object = {}) => {
    const response = await admin.post("/api/v2/admin/vouchers", {
      amount: 10 * USD,
      currency: "USD",
      count: 1,
      ...body,
    })
    expect(response.statusCode).toBe(201)
    return response.json<IssuedVouchers>().vouchers
  }
  const redeem = (person: Person, code: string) => person.browser.post("/api/v2/vouchers/redeem", { code })
  const revoke = (id: string) => admin.post(`/api/v2/admin/vouchers/${id}/revoke`)
  const voucherList = async (query = "") =>
    (await admin.get(`/api/v2/admin/vouchers${query}`)).json<Page<Voucher>>()

  const createPromo = async (body: object) => {
    const response = await admin.post("/api/v2/admin/promo-codes", {
      amount: 2 * USD,
      currency: "USD",
      ...body,
    })
    expect(response.statusCode).toBe(201)
    return response.json<PromoCode>()
  }
  const redeemPromo = (person: Person, code: string) =>
    person.browser.post("/api/v2/promo-codes/redeem", { code })
  const promoList = async () =>
    (await admin.get("/api/v2/admin/promo-codes?pageSize=100")).json<Page<PromoCode>>().items
  const transfers = async (key: string) =>
    (
      await db.query<{ debit: string; credit: string; amount: string }>(
        `SELECT d.purpose AS debit, c.purpose AS credit, t.amount::text AS amount FROM ledger_transfers t
           JOIN ledger_accounts d ON d.id = t.debit_account_id JOIN ledger_accounts c ON c.id = t.credit_account_id
          WHERE t.idempotency_key = $1`,
        [key],
      )
    ).rows.map((row) => [row.debit, row.credit, Number(row.amount)])

  /** A minute has passed for this person's per-minute window. */
  const aMinuteLater = (person: Person, action: "voucher" | "promo") =>
    resetLimit(
      app.limits,
      `${action}-redeem-minute:${person.id}`,
      REDEEM_LIMITS[action === "voucher" ? "voucherMinute" : "promoMinute"],
    )

  // -------------------------------------------------------------------------------------------------------
  // Vouchers

  it("issues vouchers with each code shown once and only its hash stored", async () => {
    const vouchers = await issue({ amount: 25 * USD, count: 3, note: "  PayPal 9XK12345AB for Ada  " })
    expect(vouchers).toHaveLength(3)
    for (const voucher of vouchers) {
      expect(voucher).toEqual({
        id: expect.stringMatching(/^\d+$/),
        code: expect.stringMatching(CODE_FORMAT),
        last4: voucher.code.slice(-4),
        amount: 25 * USD,
        currency: "USD",
        note: "PayPal 9XK12345AB for Ada",
        status: "issued",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        issuedBy: "admin@demo.manyhands.dev",
        redeemedAt: null,
        redeemedBy: null,
        revokedAt: null,
      })
    }
    expect(new Set(vouchers.map((v) => v.code)).size).toBe(3)

    // Neither spelling of any code is anywhere in the table; its SHA-256 is.
    const { rows } = await db.query<{ row: string; code_hash: string }>(
      "SELECT v::text AS row, code_hash FROM vouchers v WHERE id = ANY($1::bigint[])",
      [vouchers.map((v) => v.id)],
    )
    expect(rows).toHaveLength(3)
    const everything = rows.map((row) => row.row).join("\n")
    for (const { code } of vouchers) {
      const bare = code.replace(/-/g, "")
      expect(everything).not.toContain(code)
      expect(everything).not.toContain(bare)
      expect(everything).not.toContain(bare.slice(0, 8))
      expect(rows.map((row) => row.code_hash)).toContain(createHash("sha256").update(bare).digest("hex"))
    }

    // The list has the last 4 characters only.
    const listed = await voucherList("?status=issued")
    const [first] = vouchers
    const { code: _code, ...withoutCode } = first!
    expect(listed.items).toContainEqual(withoutCode)
    expect(JSON.stringify(listed)).not.toContain(first!.code.slice(0, 9))
  })

  it("checks what an admin issues", async () => {
    const before = (await voucherList()).total
    const refusal = async (body: object) =>
      errorOf(
        await admin.post("/api/v2/admin/vouchers", { amount: 10 * USD, currency: "USD", count: 1, ...body }),
      )
    expect(await refusal({ count: 0 })).toMatchObject({ code: "VALIDATION_FAILED" })
    expect(await refusal({ count: 101 })).toMatchObject({ code: "VALIDATION_FAILED" })
    expect(await refusal({ currency: "EUR" })).toMatchObject({ code: "VALIDATION_FAILED" })
    expect(await refusal({ note: "   " })).toMatchObject({ code: "VALIDATION_FAILED" })
    expect(await refusal({ amount: 10 * USD + 1 })).toEqual({
      code: "AMOUNT_NOT_WHOLE_CENTS",
      message: "Give the amount in whole cents, a multiple of 10000 micro-units (10.000001 USD is not).",
      details: [{ field: "amount", message: expect.any(String) }],
    })
    expect(await refusal({ amount: USD / 2 })).toMatchObject({
      code: "AMOUNT_OUT_OF_RANGE",
      message: "The amount in USD is from 1.00 USD to 10,000.00 USD.",
    })
    expect(await refusal({ amount: 50 * USD, currency: "RUB" })).toMatchObject({
      code: "AMOUNT_OUT_OF_RANGE",
    })
    expect((await voucherList()).total).toBe(before)
  })

  it("lets only administrators issue, list and revoke vouchers and manage promo codes", async () => {
    const [voucher] = await issue()
    const promo = await createPromo({ code: "ADMINS-ONLY" })
    const person = await newPerson()
    for (const response of [
      await person.browser.post("/api/v2/admin/vouchers", { amount: 10 * USD, currency: "USD", count: 1 }),
      await person.browser.get("/api/v2/admin/vouchers"),
      await person.browser.post(`/api/v2/admin/vouchers/${voucher!.id}/revoke`),
      await person.browser.post("/api/v2/admin/promo-codes", { code: "MINE", amount: USD, currency: "USD" }),
      await person.browser.get("/api/v2/admin/promo-codes"),
      await person.browser.post(`/api/v2/admin/promo-codes/${promo.id}/disable`),
    ]) {
      expect(response.statusCode).toBe(403)
      expect(errorOf(response).code).toBe("FORBIDDEN")
    }
    const stranger = testBrowser(app)
    expect((await stranger.get("/api/v2/admin/vouchers")).statusCode).toBe(401)
    expect(errorOf(await stranger.post("/api/v2/vouchers/redeem", { code: voucher!.code })).code).toBe(
      "NOT_SIGNED_IN",
    )
    expect((await stranger.get("/api/v2/promo-codes/redeemed")).statusCode).toBe(401)
    // A forged page token changes nothing either.
    expect(
      errorOf(await person.browser.post("/api/v2/vouchers/redeem", { code: voucher!.code }, { csrf: "x" }))
        .code,
    ).toBe("CSRF_TOKEN_INVALID")
    expect((await voucherList("?pageSize=100")).items.find((v) => v.id === voucher!.id)!.status).toBe(
      "issued",
    )
    expect((await promoList()).find((p) => p.id === promo.id)!.status).toBe("active")
    expect(await posted(person.id, "customer_balance")).toBe(0)
  })

  it("redeems a voucher once, however it is typed, crediting the balance from payment clearing", async () => {
    const [voucher] = await issue({ amount: 12_340_000 })
    const person = await newPerson()
    const other = await newPerson()
    const clearing = await posted(null, "payment_clearing")
    const typed = ` ${voucher!.code.toLowerCase().replace(/-/g, " ").replace(/0/g, "o").replace(/1/g, "l")} `
    const redeemed = await redeem(person, typed)
    expect(redeemed.statusCode).toBe(200)
    expect(redeemed.json<VoucherRedeemed>()).toEqual({
      voucherId: voucher!.id,
      amount: 12_340_000,
      currency: "USD",
      balance: 12_340_000,
    })
    expect(await posted(person.id, "customer_balance")).toBe(12_340_000)
    expect(await posted(null, "payment_clearing")).toBe(clearing - 12_340_000)
    expect(await transfers(`voucher:${voucher!.id}`)).toEqual([
      ["payment_clearing", "customer_balance", 12_340_000],
    ])

    for (const again of [await redeem(person, voucher!.code), await redeem(other, voucher!.code)]) {
      expect(again.statusCode).toBe(409)
      expect(errorOf(again)).toMatchObject({
        code: "VOUCHER_ALREADY_REDEEMED",
        message: "This voucher has already been redeemed.",
        details: [{ field: "code" }],
      })
    }
    expect(await posted(person.id, "customer_balance")).toBe(12_340_000)
    expect(await posted(other.id, "customer_balance")).toBe(0)

    const listed = (await voucherList("?status=redeemed")).items.find((v) => v.id === voucher!.id)
    expect(listed).toMatchObject({
      status: "redeemed",
      redeemedBy: person.email,
      redeemedAt: expect.any(String),
    })
    const late = await revoke(voucher!.id)
    expect(late.statusCode).toBe(409)
    expect(errorOf(late).code).toBe("VOUCHER_ALREADY_REDEEMED")
    // Money paid outside, like a top-up: the day summary counts it.
    const days = (await person.browser.get("/api/v2/payments/history-day?currency=USD")).json()
    expect(days.days[0]).toMatchObject({ toppedUp: 12_340_000, spent: 0 })
  })

  it("answers unknown and revoked codes alike and explains a malformed one", async () => {
    const [voucher] = await issue()
    const person = await newPerson()
    const revoked = await revoke(voucher!.id)
    expect(revoked.statusCode).toBe(200)
    expect(revoked.json<Voucher>()).toMatchObject({ status: "revoked", revokedAt: expect.any(String) })
    expect(errorOf(await revoke(voucher!.id)).code).toBe("VOUCHER_ALREADY_REVOKED")
    expect(errorOf(await revoke("999999999")).code).toBe("VOUCHER_NOT_FOUND")

    const ofRevoked = await redeem(person, voucher!.code)
    // A well-formed code nobody issued (the revoked one with its first character changed).
    const other = voucher!.code[0] === "7" ? "8" : "7"
    const ofUnknown = await redeem(person, other + voucher!.code.slice(1))
    expect(ofRevoked.statusCode).toBe(404)
    expect(ofUnknown.statusCode).toBe(404)
    expect(ofRevoked.json()).toEqual(ofUnknown.json())
    expect(errorOf(ofRevoked)).toEqual({
      code: "VOUCHER_NOT_FOUND",
      message: "No voucher has this code. Check it and try again.",
      details: [{ field: "code", message: "No voucher has this code. Check it and try again." }],
    })
    const malformed = await redeem(person, "HELLO-WORLD")
    expect(malformed.statusCode).toBe(400)
    expect(errorOf(malformed)).toMatchObject({ code: "VOUCHER_CODE_INVALID", details: [{ field: "code" }] })
    expect(errorOf(await person.browser.post("/api/v2/vouchers/redeem", {})).code).toBe("VALIDATION_FAILED")
    expect(await posted(person.id, "customer_balance")).toBe(0)
  })

  it("limits voucher attempts to 5 a minute and 20 an hour per user, even with a right code", async () => {
    const [voucher] = await issue()
    const guesser = await newPerson()
    const guess = (n: number) => redeem(guesser, `AAAA-BBBB-CCCC-${String(n).padStart(4, "0")}`)
    const codes: number[] = []
    for (let n = 0; n < 6; n++) codes.push((await guess(n)).statusCode)
    expect(codes).toEqual([404, 404, 404, 404, 404, 429])
    const limited = await redeem(guesser, voucher!.code)
    expect(limited.statusCode).toBe(429)
    expect(errorOf(limited).code).toBe("RATE_LIMITED")
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0)
    expect(Number(limited.headers["retry-after"])).toBeLessThanOrEqual(60)
    // Someone else is not held up by the guesser.
    const owner = await newPerson()
    expect((await redeem(owner, voucher!.code)).statusCode).toBe(200)

    // Each minute 5 more, until 20 in the hour.
    for (let minute = 1; minute < 4; minute++) {
      await aMinuteLater(guesser, "voucher")
      for (let n = 0; n < 5; n++) expect((await guess(minute * 10 + n)).statusCode).toBe(404)
    }
    await aMinuteLater(guesser, "voucher")
    const hourly = await guess(99)
    expect(hourly.statusCode).toBe(429)
    expect(Number(hourly.headers["retry-after"])).toBeGreaterThan(60)
  })

  it("lets one of two parallel redemptions of a voucher win", async () => {
    const [voucher, second] = await issue({ count: 2, amount: 7 * USD })
    const [ada, bob] = [await newPerson(), await newPerson()]
    const race = await Promise.all([redeem(ada, voucher!.code), redeem(bob, voucher!.code)])
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect((await posted(ada.id, "customer_balance")) + (await posted(bob.id, "customer_balance"))).toBe(
      7 * USD,
    )
    expect(await transfers(`voucher:${voucher!.id}`)).toHaveLength(1)
    // The same person twice at once (a double click).
    const twice = await Promise.all([redeem(ada, second!.code), redeem(ada, second!.code)])
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(await transfers(`voucher:${second!.id}`)).toHaveLength(1)
  })

  // -------------------------------------------------------------------------------------------------------
  // Promo codes

  it("creates promo codes with clear refusals", async () => {
    const promo = await createPromo({
      code: " spring 2026 ",
      amount: 3 * USD,
      maxRedemptions: 100,
      expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      note: "Newsletter of May",
    })
    expect(promo).toEqual({
      id: expect.stringMatching(/^\d+$/),
      code: "SPRING-2026",
      amount: 3 * USD,
      currency: "USD",
      maxRedemptions: 100,
      redemptions: 0,
      startsAt: null,
      expiresAt: expect.stringMatching(/^\d{4}-/),
      newCustomersOnly: false,
      note: "Newsletter of May",
      status: "active",
      createdAt: expect.any(String),
      disabledAt: null,
    })
    expect(await promoList()).toContainEqual(promo)

    const refusal = async (body: object) =>
      errorOf(
        await admin.post("/api/v2/admin/promo-codes", {
          code: "OTHER",
          amount: USD,
          currency: "USD",
          ...body,
        }),
      )
    // Only case, spaces or dashes apart: users could not tell them apart.
    expect(await refusal({ code: "Spring_2026" })).toEqual({
      code: "PROMO_CODE_TAKEN",
      message: "A promo code SPRING_2026 already exists.",
      details: [{ field: "code", message: "A promo code SPRING_2026 already exists." }],
    })
    for (const code of ["AB", "ÄPFEL", "WIN$", "-".repeat(10)])
      expect(await refusal({ code })).toMatchObject({
        code: "PROMO_CODE_INVALID",
        details: [{ field: "code" }],
      })
    expect(await refusal({ expiresAt: new Date(Date.now() - 1000).toISOString() })).toMatchObject({
      code: "PROMO_DATES_INVALID",
      details: [{ field: "expiresAt", message: "The end must be in the future." }],
    })
    expect(
      await refusal({
        startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    ).toMatchObject({ code: "PROMO_DATES_INVALID", details: [{ field: "startsAt" }] })
    expect(await refusal({ expiresAt: "tomorrow" })).toMatchObject({ code: "VALIDATION_FAILED" })
    expect(await refusal({ amount: 5_000 })).toMatchObject({ code: "AMOUNT_OUT_OF_RANGE" })
    expect(await refusal({ amount: 1_234_567 })).toMatchObject({ code: "AMOUNT_NOT_WHOLE_CENTS" })
    expect(await refusal({ maxRedemptions: 0 })).toMatchObject({ code: "VALIDATION_FAILED" })
  })

  it("credits a promo bonus once per user from promotional credit", async () => {
    const promo = await createPromo({ code: "WELCOME-BONUS", amount: 5 * USD })
    const [ada, bob] = [await newPerson(), await newPerson()]
    const promotional = await posted(null, "promotional_credit")
    const redeemed = await redeemPromo(ada, "welcome bonus")
    expect(redeemed.statusCode).toBe(200)
    const body = redeemed.json<PromoRedeemed>()
    expect(body).toEqual({
      code: "WELCOME-BONUS",
      amount: 5 * USD,
      currency: "USD",
      redeemedAt: expect.stringMatching(/^\d{4}-/),
      balance: 5 * USD,
    })
    expect(await transfers(`promo:${promo.id}:${ada.id}`)).toEqual([
      ["promotional_credit", "customer_balance", 5 * USD],
    ])
    expect(await posted(null, "promotional_credit")).toBe(promotional - 5 * USD)

    const again = await redeemPromo(ada, "WELCOME-BONUS")
    expect(again.statusCode).toBe(409)
    expect(errorOf(again)).toMatchObject({
      code: "PROMO_ALREADY_USED",
      message: "You have already used this promo code.",
      details: [{ field: "code" }],
    })
    expect(await posted(ada.id, "customer_balance")).toBe(5 * USD)
    expect((await redeemPromo(bob, "welcomebonus")).statusCode).toBe(200)
    expect((await promoList()).find((p) => p.id === promo.id)).toMatchObject({
      redemptions: 2,
      status: "active",
    })

    const mine = await ada.browser.get("/api/v2/promo-codes/redeemed")
    expect(mine.json<Page<PromoRedemption>>()).toEqual({
      items: [{ code: "WELCOME-BONUS", amount: 5 * USD, currency: "USD", redeemedAt: body.redeemedAt }],
      total: 1,
      page: 1,
      pageSize: 20,
    })
    const unknown = await redeemPromo(bob, "NO-SUCH-CODE")
    expect(unknown.statusCode).toBe(404)
    expect(errorOf(unknown).code).toBe("PROMO_NOT_FOUND")
  })

  it("stops at the limit, even when two users redeem at once", async () => {
    const promo = await createPromo({ code: "ONLY-ONE", amount: 4 * USD, maxRedemptions: 1 })
    const [ada, bob, cat] = [await newPerson(), await newPerson(), await newPerson()]
    const race = await Promise.all([redeemPromo(ada, "ONLY-ONE"), redeemPromo(bob, "ONLY-ONE")])
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(errorOf(race.find((r) => r.statusCode === 409)!)).toMatchObject({
      code: "PROMO_EXHAUSTED",
      message: "This promo code has been used as many times as it allows.",
    })
    expect((await posted(ada.id, "customer_balance")) + (await posted(bob.id, "customer_balance"))).toBe(
      4 * USD,
    )
    expect(errorOf(await redeemPromo(cat, "ONLY-ONE")).code).toBe("PROMO_EXHAUSTED")
    expect((await promoList()).find((p) => p.id === promo.id)).toMatchObject({
      redemptions: 1,
      status: "exhausted",
    })
    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM promo_redemptions WHERE promo_code_id = $1",
      [promo.id],
    )
    expect(rows[0]!.n).toBe(1)
  })

  it("refuses a code before its start, after its end and once disabled", async () => {
    const person = await newPerson()
    const startsAt = new Date(Date.now() + 86_400_000)
    const scheduled = await createPromo({ code: "LATER", startsAt: startsAt.toISOString() })
    expect(scheduled.status).toBe("scheduled")
    const early = await redeemPromo(person, "LATER")
    expect(early.statusCode).toBe(404)
    expect(errorOf(early)).toMatchObject({
      code: "PROMO_NOT_STARTED",
      message: `This promo code works from ${startsAt.toISOString().replace("T", " ").slice(0, 16)} UTC.`,
    })

    const ending = await createPromo({
      code: "ENDED",
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    })
    await db.query("UPDATE promo_codes SET expires_at = '2026-01-31T12:00:00Z' WHERE id = $1", [ending.id])
    const late = await redeemPromo(person, "ENDED")
    expect(late.statusCode).toBe(410)
    expect(errorOf(late)).toMatchObject({
      code: "PROMO_EXPIRED",
      message: "This promo code expired on 2026-01-31 (UTC).",
    })
    expect((await promoList()).find((p) => p.id === ending.id)!.status).toBe("expired")

    const withdrawn = await createPromo({ code: "WITHDRAWN" })
    const disabled = await admin.post(`/api/v2/admin/promo-codes/${withdrawn.id}/disable`)
    expect(disabled.statusCode).toBe(200)
    expect(disabled.json<PromoCode>()).toMatchObject({ status: "disabled", disabledAt: expect.any(String) })
    const gone = await redeemPromo(person, "WITHDRAWN")
    expect(gone.statusCode).toBe(410)
    expect(errorOf(gone)).toMatchObject({
      code: "PROMO_DISABLED",
      message: "This promo code has been withdrawn.",
    })
    expect(errorOf(await admin.post(`/api/v2/admin/promo-codes/${withdrawn.id}/disable`)).code).toBe(
      "PROMO_ALREADY_DISABLED",
    )
    expect(errorOf(await admin.post("/api/v2/admin/promo-codes/999999999/disable")).code).toBe(
      "PROMO_NOT_FOUND",
    )
    expect(await posted(person.id, "customer_balance")).toBe(0)
    expect((await person.browser.get("/api/v2/promo-codes/redeemed")).json().items).toEqual([])
  })

  it("keeps a new-customer code for users who never topped up", async () => {
    await createPromo({ code: "FIRST-TIME", amount: USD, newCustomersOnly: true })
    const [fresh, regular] = [await newPerson(), await newPerson()]
    const [voucher] = await issue()
    expect((await redeem(regular, voucher!.code)).statusCode).toBe(200)
    const refused = await redeemPromo(regular, "FIRST-TIME")
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused).code).toBe("PROMO_NEW_CUSTOMERS_ONLY")
    // A bonus is not a top-up: after one, a new customer still is one.
    await createPromo({ code: "EARLIER-BONUS", amount: USD })
    expect((await redeemPromo(fresh, "EARLIER-BONUS")).statusCode).toBe(200)
    expect((await redeemPromo(fresh, "FIRST-TIME")).statusCode).toBe(200)
    expect(await posted(fresh.id, "customer_balance")).toBe(2 * USD)
  })

  it("credits a code in its own currency", async () => {
    const person = await newPerson()
    await createPromo({ code: "RUBLES", amount: 150 * USD, currency: "RUB" })
    const redeemed = (await redeemPromo(person, "rubles")).json<PromoRedeemed>()
    expect(redeemed).toMatchObject({ amount: 150 * USD, currency: "RUB", balance: 150 * USD })
    expect(await posted(person.id, "customer_balance", "RUB")).toBe(150 * USD)
    expect(await posted(person.id, "customer_balance", "USD")).toBe(0)
  })

  it("limits promo attempts to 10 a minute and 30 an hour per user", async () => {
    const person = await newPerson()
    const codes: number[] = []
    for (let n = 0; n < 11; n++) codes.push((await redeemPromo(person, `GUESS-${n}`)).statusCode)
    expect(codes).toEqual([...Array(10).fill(404), 429])
    for (let minute = 1; minute < 3; minute++) {
      await aMinuteLater(person, "promo")
      for (let n = 0; n < 10; n++)
        expect((await redeemPromo(person, `GUESS-${minute}-${n}`)).statusCode).toBe(404)
    }
    await aMinuteLater(person, "promo")
    expect((await redeemPromo(person, "GUESS-LAST")).statusCode).toBe(429)
  })
})

import { createHash, randomUUID } from "node:crypto"
import { createBase58check } from "@scure/base"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { DEMO_PASSWORD } from "../src/db/seed"
import { hashPassword } from "../src/modules/accounts/passwords"
import {
  type AccountPurpose,
  accountBalance,
  checkLedger,
  ledgerAccount,
  transfer,
} from "../src/modules/ledger/ledger"
import type { Payout, PayoutMethodName } from "@manyhands/contract/payouts"
import { checkPayoutWallet, PAYOUT_METHODS, payoutFee } from "../src/modules/payouts/payout-methods"
import { testBrowser, type TestBrowser } from "./browser"
import { giveApiKey, giveCredit, imageTask, newUser, pngImage, solveImage, userId } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const USD = 1_000_000
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
const BTC_SEGWIT = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{
    error: { code: string; message: string; details?: { field: string; message: string }[] }
  }>().error

/** Base58check of arbitrary bytes: well-formed strings whose payload is not an address of the kind. */
const base58check = createBase58check(
  (data: Uint8Array) => new Uint8Array(createHash("sha256").update(data).digest()),
)
const payloadOf = (version: number, length: number) => {
  const bytes = new Uint8Array(length).fill(0x11)
  bytes[0] = version
  return base58check.encode(bytes)
}

describe("payout wallets", () => {
  const accepted = (method: PayoutMethodName, wallet: string) => {
    const checked = checkPayoutWallet(method, wallet)
    if (!checked.ok) throw new Error(`${wallet} refused: ${checked.message}`)
    return checked.wallet
  }
  const refusal = (method: PayoutMethodName, wallet: string) => {
    const checked = checkPayoutWallet(method, wallet)
    if (checked.ok) throw new Error(`${wallet} accepted for ${method}`)
    return checked.message
  }

  it("accepts real TRON, Bitcoin and PayPal wallets and stores them normalised", () => {
    // The USDT contract and the TRON burn address.
    expect(accepted("usdt-trc20", ` ${TRON} `)).toBe(TRON)
    expect(accepted("usdt-trc20", "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb")).toBe(
      "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb",
    )
    // P2PKH, P2SH, and the BIP 173 / BIP 350 examples: P2WPKH, P2WSH, taproot; upper case is allowed.
    for (const address of [
      "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
      "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
      BTC_SEGWIT,
      "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3",
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
    ]) {
      expect(accepted("btc", address)).toBe(address)
    }
    expect(accepted("btc", BTC_SEGWIT.toUpperCase())).toBe(BTC_SEGWIT)
    expect(accepted("paypal", "  Payee.Name+pp@Example.COM ")).toBe("payee.name+pp@example.com")
  })

  it("refuses each method's malformed and mistyped wallets with a message for the field", () => {
    const checksum = /checksum does not match/
    expect(refusal("usdt-trc20", "")).toBe("Enter a TRON address.")
    // One character changed: only the checksum can tell.
    expect(refusal("usdt-trc20", `${TRON.slice(0, -1)}u`)).toMatch(checksum)
    expect(refusal("usdt-trc20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6")).toMatch(/34 letters and digits/)
    expect(refusal("usdt-trc20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60")).toMatch(/34 letters/) // 0 is not base58
    expect(refusal("usdt-trc20", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2")).toMatch(/starts with T/)
    // A valid checksum over another version byte (0x42 also encodes to a T…): not a TRON account.
    expect(payloadOf(0x42, 21)).toMatch(/^T.{33}$/)
    expect(refusal("usdt-trc20", payloadOf(0x42, 21))).toBe("This is not a TRON account address.")

    expect(refusal("btc", "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3")).toMatch(checksum)
    expect(refusal("btc", `${BTC_SEGWIT.slice(0, -1)}5`)).toMatch(checksum)
    // Version 0 with a bech32m checksum, version 1 with a bech32 one (BIP 350 test vectors).
    expect(refusal("btc", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh")).toMatch(checksum)
    expect(refusal("btc", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd")).toMatch(checksum)
    // Programs of the wrong length: 16 bytes for version 0, 1 byte, none.
    for (const address of ["BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", "bc1pw5dgrnzv", "bc1gmk9yu"])
      expect(refusal("btc", address)).toBe("This is not a Bitcoin address.")
    expect(refusal("btc", "bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")).toMatch(/all in lower case/)
    // Testnet addresses and a TRON address are not mainnet Bitcoin.
    expect(refusal("btc", "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx")).toMatch(/starts with 1, 3 or bc1/)
    expect(refusal("btc", "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn")).toMatch(/starts with 1, 3 or bc1/)
    expect(refusal("btc", TRON)).toMatch(/starts with 1, 3 or bc1/)
    expect(refusal("btc", payloadOf(0x00, 20))).toBe("This is not a Bitcoin mainnet address.")

    for (const address of [
      "payee@example",
      "not an address",
      "<a>@example.com",
      "a@b.c",
      `${"x".repeat(190)}@example.com`,
    ])
      expect(refusal("paypal", address)).toMatch(/e-mail address of your PayPal account/)
  })

  it("computes fees from the catalogue, never leaving nothing to send", () => {
    expect(payoutFee(PAYOUT_METHODS["usdt-trc20"], 5 * USD)).toBe(1 * USD)
    expect(payoutFee(PAYOUT_METHODS.btc, 250 * USD)).toBe(2 * USD)
    // 2 % with a $0.30 floor, rounded up to the micro-unit.
    expect(payoutFee(PAYOUT_METHODS.paypal, 2 * USD)).toBe(300_000)
    expect(payoutFee(PAYOUT_METHODS.paypal, 100 * USD)).toBe(2 * USD)
    expect(payoutFee(PAYOUT_METHODS.paypal, 15 * USD + 1)).toBe(300_001)
    for (const method of Object.values(PAYOUT_METHODS))
      expect(payoutFee(method, method.minimum)).toBeLessThan(method.minimum)
  })
})

describe.each(engines)("payouts on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let admin: TestBrowser
  let people = 0

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    // The one engine task of these tests goes to the worker at once.
    await db.query("UPDATE gold_tasks SET enabled = false")
    app.captchaEngine.workers.goldShare = 0
    admin = testBrowser(app)
    expect((await admin.signIn("admin@demo.manyhands.dev")).statusCode).toBe(200)
  })
  afterAll(() => stop())
  afterEach(async () => {
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })

  interface Payee {
    id: string
    email: string
    browser: TestBrowser
  }

  /** A signed-in worker; with `wallet`, that wallet is already confirmed. */
  async function newPayee(wallet?: { method: PayoutMethodName; wallet: string }): Promise<Payee> {
    const email = `payee${++people}@example.com`
    const id = await newUser(db, email, "worker")
    if (wallet) {
      await db.query("UPDATE users SET payout_method = $2, payout_wallet = $3 WHERE id = $1", [
        id,
        wallet.method,
        wallet.wallet,
      ])
    }
    const browser = testBrowser(app)
    expect((await browser.signIn(email)).statusCode).toBe(200)
    return { id, email, browser }
  }

  const account = (userId: string | null, purpose: AccountPurpose) =>
    ledgerAccount(db, { userId, purpose, currency: "USD" })
  const posted = async (userId: string | null, purpose: AccountPurpose) =>
    (await accountBalance(db, await account(userId, purpose))).posted

  /** Money on a user's account from the platform's promotional credit (the setup of most tests). */
  async function give(userId: string, amount: number, purpose: AccountPurpose = "worker_earnings") {
    await db.transaction(async (tx) => {
      await transfer(tx, {
        key: `test-payout-funds:${randomUUID()}`,
        debitAccountId: await ledgerAccount(tx, {
          userId: null,
          purpose: "promotional_credit",
          currency: "USD",
        }),
        creditAccountId: await ledgerAccount(tx, { userId, purpose, currency: "USD" }),
        amount,
        currency: "USD",
      })
    })
  }

  /** The platform's payout accounts, to compare before and after. */
  const platform = async () => ({
    clearing: await posted(null, "payout_clearing"),
    sent: await posted(null, "payouts_sent"),
    revenue: await posted(null, "platform_revenue"),
  })

  const request = (payee: Payee, amount: number, source = "earnings") =>
    payee.browser.post("/api/v2/payouts", { amount, source })
  const approve = (id: string, reference = `0x${id}-sent`, by = admin) =>
    by.post(`/api/v2/admin/payouts/${id}/approve`, { reference })
  const reject = (id: string, reason = "The wallet is on a sanctions list.") =>
    admin.post(`/api/v2/admin/payouts/${id}/reject`, { reason })
  const payoutsOf = async (payee: Payee) =>
    (await payee.browser.get("/api/v2/payouts")).json<{ items: Payout[] }>()
  const transferKeys = async (id: string) =>
    (
      await db.query<{ idempotency_key: string; amount: string }>(
        "SELECT idempotency_key, amount::text FROM ledger_transfers WHERE idempotency_key LIKE $1 ORDER BY id",
        [`payout:${id}:%`],
      )
    ).rows.map((row) => [row.idempotency_key, Number(row.amount)])

  it("changes method and wallet together, only through the mailed link", async () => {
    const payee = await newPayee()
    await db.query("UPDATE users SET password_hash = $2 WHERE id = $1", [
      payee.id,
      await hashPassword(DEMO_PASSWORD),
    ])
    const before = await payee.browser.get("/api/v2/payouts/methods")
    expect(before.statusCode).toBe(200)
    expect(before.json()).toEqual({
      methods: [
        {
          name: "usdt-trc20",
          label: "USDT (TRC-20)",
          minimum: 5 * USD,
          fee: { fixed: USD, percent: 0, minimum: 0 },
        },
        { name: "btc", label: "Bitcoin", minimum: 20 * USD, fee: { fixed: 2 * USD, percent: 0, minimum: 0 } },
        {
          name: "paypal",
          label: "PayPal",
          minimum: 2 * USD,
          fee: { fixed: 0, percent: 2, minimum: 300_000 },
        },
      ],
      current: null,
      available: { earnings: 0, partner: 0 },
    })
    const refused = await payee.browser.post("/api/v2/profile/wallet", {
      method: "btc",
      wallet: TRON,
      password: DEMO_PASSWORD,
    })
    expect(errorOf(refused)).toMatchObject({ code: "WALLET_INVALID", details: [{ field: "wallet" }] })
    const asked = await payee.browser.post("/api/v2/profile/wallet", {
      method: "btc",
      wallet: BTC_SEGWIT.toUpperCase(),
      password: DEMO_PASSWORD,
    })
    expect(asked.statusCode).toBe(202)
    // Nothing changes before the link is followed.
    expect((await payee.browser.get("/api/v2/payouts/methods")).json().current).toBeNull()
    const { rows } = await db.query<{ text_body: string }>(
      "SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1",
      [payee.email],
    )
    expect(rows[0]!.text_body).toContain(`Bitcoin ${BTC_SEGWIT}`)
    const [, hash, linkUser] = rows[0]!.text_body.match(/\/auth\/edit_purse\/([\w-]+)\/(\d+)/)!
    expect(linkUser).toBe(payee.id)
    const link = testBrowser(app)
    expect((await link.post("/api/v2/auth/edit-purse/check", { hash, userId: linkUser })).json()).toEqual({
      method: "btc",
      wallet: BTC_SEGWIT,
      currentMethod: null,
      currentWallet: null,
    })
    const confirmed = await link.post("/api/v2/auth/edit-purse", {
      hash,
      userId: linkUser,
      action: "confirm",
    })
    expect(confirmed.json()).toEqual({ status: "changed", method: "btc", wallet: BTC_SEGWIT })
    expect((await payee.browser.get("/api/v2/payouts/methods")).json().current).toEqual({
      method: "btc",
      wallet: BTC_SEGWIT,
    })
  })

  it("refuses a request without a confirmed wallet, below the minimum or above what is there, moving nothing", async () => {
    const stranger = testBrowser(app)
    expect(
      errorOf(await stranger.post("/api/v2/payouts", { amount: 5 * USD, source: "earnings" })).code,
    ).toBe("NOT_SIGNED_IN")
    const payee = await newPayee()
    await give(payee.id, 3 * USD)
    const forged = await payee.browser.post(
      "/api/v2/payouts",
      { amount: 2 * USD, source: "earnings" },
      { csrf: null },
    )
    expect(errorOf(forged).code).toBe("CSRF_TOKEN_INVALID")
    const noWallet = await request(payee, 2 * USD)
    expect(noWallet.statusCode).toBe(409)
    expect(errorOf(noWallet).code).toBe("PAYOUT_WALLET_MISSING")
    // A wallet from before payout methods existed must be set again.
    await db.query("UPDATE users SET payout_wallet = 'U1234:5678_wallet' WHERE id = $1", [payee.id])
    expect(errorOf(await request(payee, 2 * USD)).code).toBe("PAYOUT_WALLET_MISSING")

    await db.query("UPDATE users SET payout_method = 'paypal', payout_wallet = $2 WHERE id = $1", [
      payee.id,
      payee.email,
    ])
    const small = await request(payee, 2 * USD - 1)
    expect(small.statusCode).toBe(400)
    expect(errorOf(small)).toEqual({
      code: "PAYOUT_BELOW_MINIMUM",
      message: "The smallest payout by PayPal is $2.00.",
      details: [{ field: "amount", message: "The smallest payout by PayPal is $2.00." }],
    })
    const large = await request(payee, 3 * USD + 1)
    expect(large.statusCode).toBe(400)
    expect(errorOf(large)).toMatchObject({
      code: "PAYOUT_EXCEEDS_AVAILABLE",
      message: "You can request at most $3.00 from your earnings.",
      details: [{ field: "amount" }],
    })
    const partner = await request(payee, 2 * USD, "partner")
    expect(errorOf(partner)).toMatchObject({
      code: "PAYOUT_EXCEEDS_AVAILABLE",
      message: "You can request at most $0.00 from your partner balance.",
    })
    for (const body of [
      { amount: 2.5, source: "earnings" },
      { amount: 2 * USD, source: "savings" },
      { amount: 2 * USD },
    ])
      expect(errorOf(await payee.browser.post("/api/v2/payouts", body)).code).toBe("VALIDATION_FAILED")

    expect(await posted(payee.id, "worker_earnings")).toBe(3 * USD)
    expect((await payoutsOf(payee)).items).toEqual([])
  })

  it("pays out earnings a worker made by solving a task", async () => {
    const payee = await newPayee({ method: "paypal", wallet: "solver@example.com" })
    const key = await giveApiKey(db, "customer@demo.manyhands.dev")
    await giveCredit(db, await userId(db, "customer@demo.manyhands.dev"), USD)
    const client = await app.captchaEngine.authenticate(key, "203.0.113.80")
    const image = pngImage()
    await app.captchaEngine.submit(
      client,
      imageTask({ files: [{ name: "body", mime: "image/png", data: image }] }),
      {
        api: "classic",
        ip: "203.0.113.80",
      },
    )
    await solveImage(app.captchaEngine, payee.id, image, "earned")
    const earned = await posted(payee.id, "worker_earnings")
    expect(earned).toBeGreaterThan(0)
    expect((await payee.browser.get("/api/v2/payouts/methods")).json().available).toEqual({
      earnings: earned,
      partner: 0,
    })
    // A task's share is far below any minimum: topped up, the whole of it goes.
    await give(payee.id, 2 * USD)
    const all = await request(payee, earned + 2 * USD)
    expect(all.statusCode).toBe(201)
    expect(await posted(payee.id, "worker_earnings")).toBe(0)
  })

  it("moves the amount to payout clearing at once; approval sends the net and keeps the fee", async () => {
    const payee = await newPayee({ method: "usdt-trc20", wallet: TRON })
    await give(payee.id, 12 * USD)
    const before = await platform()
    const created = await request(payee, 10 * USD)
    expect(created.statusCode).toBe(201)
    const payout = created.json<Payout>()
    expect(payout).toEqual({
      id: expect.stringMatching(/^\d+$/),
      source: "earnings",
      method: "usdt-trc20",
      wallet: TRON,
      amount: 10 * USD,
      fee: USD,
      net: 9 * USD,
      status: "requested",
      reference: null,
      reason: null,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      decidedAt: null,
    })
    expect(await posted(payee.id, "worker_earnings")).toBe(2 * USD)
    expect((await payee.browser.get("/api/v2/payouts/methods")).json().available.earnings).toBe(2 * USD)
    expect((await platform()).clearing).toBe(before.clearing + 10 * USD)
    expect(await transferKeys(payout.id)).toEqual([[`payout:${payout.id}:request`, 10 * USD]])

    // A later wallet change does not redirect it.
    await db.query(
      "UPDATE users SET payout_method = 'paypal', payout_wallet = 'else@example.com' WHERE id = $1",
      [payee.id],
    )
    const queue = await admin.get("/api/v2/admin/payouts")
    expect(queue.statusCode).toBe(200)
    expect(queue.json().items).toContainEqual({ ...payout, userId: payee.id, email: payee.email })

    const approved = await approve(payout.id, " 7c1f0e2a9b ")
    expect(approved.statusCode).toBe(200)
    expect(approved.json<Payout>()).toMatchObject({
      status: "approved",
      reference: "7c1f0e2a9b",
      wallet: TRON,
      decidedAt: expect.stringMatching(/^\d{4}-/),
    })
    expect(await platform()).toEqual({
      clearing: before.clearing,
      sent: before.sent + 9 * USD,
      revenue: before.revenue + USD,
    })
    expect(await transferKeys(payout.id)).toEqual([
      [`payout:${payout.id}:request`, 10 * USD],
      [`payout:${payout.id}:approve`, 9 * USD],
      [`payout:${payout.id}:fee`, USD],
    ])
    // The requester sees the state change; the admins' queue no longer lists it.
    expect((await payoutsOf(payee)).items).toEqual([approved.json()])
    expect((await admin.get("/api/v2/admin/payouts")).json().items.map((p: Payout) => p.id)).not.toContain(
      payout.id,
    )
    const decided = await admin.get("/api/v2/admin/payouts?status=approved")
    expect(decided.json().items[0]).toMatchObject({ id: payout.id, email: payee.email })
  })

  it("returns the whole amount when an admin rejects, with the reason for the requester", async () => {
    const payee = await newPayee({ method: "btc", wallet: BTC_SEGWIT })
    await give(payee.id, 25 * USD)
    const before = await platform()
    const payout = (await request(payee, 25 * USD)).json<Payout>()
    expect(payout).toMatchObject({ fee: 2 * USD, net: 23 * USD })
    expect(await posted(payee.id, "worker_earnings")).toBe(0)
    expect(
      errorOf(await admin.post(`/api/v2/admin/payouts/${payout.id}/reject`, { reason: "   " })).code,
    ).toBe("VALIDATION_FAILED")
    const rejected = await reject(payout.id)
    expect(rejected.statusCode).toBe(200)
    expect(rejected.json()).toMatchObject({
      status: "rejected",
      reason: "The wallet is on a sanctions list.",
      reference: null,
    })
    expect(await posted(payee.id, "worker_earnings")).toBe(25 * USD)
    expect(await platform()).toEqual(before)
    expect(await transferKeys(payout.id)).toEqual([
      [`payout:${payout.id}:request`, 25 * USD],
      [`payout:${payout.id}:reject`, 25 * USD],
    ])
    expect((await payoutsOf(payee)).items[0]).toMatchObject({
      status: "rejected",
      reason: "The wallet is on a sanctions list.",
    })
  })

  it("lets the requester cancel while the request waits, and only their own", async () => {
    const payee = await newPayee({ method: "paypal", wallet: "cancel@example.com" })
    const other = await newPayee({ method: "paypal", wallet: "other@example.com" })
    await give(payee.id, 4 * USD)
    const payout = (await request(payee, 4 * USD)).json<Payout>()
    expect(payout).toMatchObject({ fee: 300_000, net: 3_700_000 })
    const foreign = await other.browser.post(`/api/v2/payouts/${payout.id}/cancel`)
    expect(foreign.statusCode).toBe(404)
    expect(errorOf(foreign).code).toBe("PAYOUT_NOT_FOUND")
    const cancelled = await payee.browser.post(`/api/v2/payouts/${payout.id}/cancel`)
    expect(cancelled.statusCode).toBe(200)
    expect(cancelled.json()).toMatchObject({ status: "cancelled", decidedAt: expect.any(String) })
    expect(await posted(payee.id, "worker_earnings")).toBe(4 * USD)
    for (const again of [
      await payee.browser.post(`/api/v2/payouts/${payout.id}/cancel`),
      await approve(payout.id),
    ]) {
      expect(again.statusCode).toBe(409)
      expect(errorOf(again).code).toBe("PAYOUT_ALREADY_DECIDED")
    }
    expect(await transferKeys(payout.id)).toEqual([
      [`payout:${payout.id}:request`, 4 * USD],
      [`payout:${payout.id}:cancel`, 4 * USD],
    ])
  })

  it("decides a request once: a second decision is refused with 409 and moves nothing", async () => {
    const payee = await newPayee({ method: "paypal", wallet: "twice@example.com" })
    await give(payee.id, 5 * USD)
    const payout = (await request(payee, 5 * USD)).json<Payout>()
    expect((await approve(payout.id, "first")).statusCode).toBe(200)
    const after = await platform()
    for (const second of [await approve(payout.id, "second"), await reject(payout.id)]) {
      expect(second.statusCode).toBe(409)
      expect(errorOf(second)).toEqual({
        code: "PAYOUT_ALREADY_DECIDED",
        message: "This payout was already approved.",
      })
    }
    expect(await platform()).toEqual(after)
    expect((await payoutsOf(payee)).items[0]).toMatchObject({ status: "approved", reference: "first" })
    expect(errorOf(await approve("999999999")).code).toBe("PAYOUT_NOT_FOUND")
  })

  it("lets only administrators list and decide payouts", async () => {
    const payee = await newPayee({ method: "paypal", wallet: "only-admins@example.com" })
    await give(payee.id, 2 * USD)
    const payout = (await request(payee, 2 * USD)).json<Payout>()
    for (const response of [
      await payee.browser.get("/api/v2/admin/payouts"),
      await approve(payout.id, "mine", payee.browser),
      await payee.browser.post(`/api/v2/admin/payouts/${payout.id}/reject`, { reason: "no" }),
    ]) {
      expect(response.statusCode).toBe(403)
      expect(errorOf(response).code).toBe("FORBIDDEN")
    }
    expect((await testBrowser(app).get("/api/v2/admin/payouts")).statusCode).toBe(401)
    expect((await payoutsOf(payee)).items[0]!.status).toBe("requested")
    expect(await posted(payee.id, "worker_earnings")).toBe(0)
  })

  it("lets one of two parallel decisions win", async () => {
    const second = testBrowser(app)
    expect((await second.signIn("admin@demo.manyhands.dev")).statusCode).toBe(200)
    const payee = await newPayee({ method: "usdt-trc20", wallet: TRON })
    await give(payee.id, 40 * USD)
    const [first, other] = [
      (await request(payee, 20 * USD)).json<Payout>(),
      (await request(payee, 20 * USD)).json<Payout>(),
    ]
    const before = await platform()

    const approvals = await Promise.all([approve(first.id, "ref-a"), approve(first.id, "ref-b", second)])
    expect(approvals.map((r) => r.statusCode).sort()).toEqual([200, 409])
    const winner = approvals.find((r) => r.statusCode === 200)!.json<Payout>().reference
    expect((await payoutsOf(payee)).items.find((p) => p.id === first.id)!.reference).toBe(winner)

    // An approval racing a rejection: whichever wins, the money moved once.
    const decisions = await Promise.all([approve(other.id, "ref-c", second), reject(other.id)])
    expect(decisions.map((r) => r.statusCode).sort()).toEqual([200, 409])
    const approvedBoth = decisions[0]!.statusCode === 200
    expect(await platform()).toEqual({
      clearing: before.clearing - 40 * USD,
      sent: before.sent + (approvedBoth ? 38 : 19) * USD,
      revenue: before.revenue + (approvedBoth ? 2 : 1) * USD,
    })
    expect(await posted(payee.id, "worker_earnings")).toBe(approvedBoth ? 0 : 20 * USD)
    expect(await transferKeys(first.id)).toHaveLength(3)
  })

  it("pays partners from their partner balance, and lists a user's payouts newest first in pages", async () => {
    const payee = await newPayee({ method: "paypal", wallet: "partner@example.com" })
    await give(payee.id, 9 * USD, "partner_balance")
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const created = await request(payee, 3 * USD, "partner")
      expect(created.json()).toMatchObject({ source: "partner", fee: 300_000 })
      ids.push(created.json<Payout>().id)
    }
    expect(await posted(payee.id, "partner_balance")).toBe(0)
    await reject(ids[1]!)
    expect(await posted(payee.id, "partner_balance")).toBe(3 * USD)
    expect(await posted(payee.id, "worker_earnings")).toBe(0)

    const page = await payee.browser.get("/api/v2/payouts?page=1&pageSize=2")
    expect(page.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 })
    expect(page.json().items.map((p: Payout) => p.id)).toEqual([ids[2], ids[1]])
    const next = (await payee.browser.get("/api/v2/payouts?page=2&pageSize=2")).json()
    expect(next.items.map((p: Payout) => p.id)).toEqual([ids[0]])
    // The admins' queue is oldest first.
    const queue = (await admin.get("/api/v2/admin/payouts?pageSize=100"))
      .json()
      .items.map((p: Payout) => p.id)
    expect(queue.indexOf(ids[0])).toBeLessThan(queue.indexOf(ids[2]))
    expect(queue).not.toContain(ids[1])
  })

  it("limits requests to 5 a minute per user", async () => {
    const payee = await newPayee({ method: "paypal", wallet: "hasty@example.com" })
    const codes: number[] = []
    for (let i = 0; i < 6; i++) codes.push((await request(payee, 2 * USD)).statusCode)
    expect(codes).toEqual([400, 400, 400, 400, 400, 429])
  })
})

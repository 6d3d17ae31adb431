import { readFileSync } from "node:fs"
import { join } from "node:path"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { Page } from "@manyhands/contract"
import type {
  ConfirmedTransfer,
  CreatedTransfer,
  Transfer,
  TransferBalance,
  TransferLink,
} from "@manyhands/contract/transfers"
import { localesDir } from "../src/app"
import type { Database } from "../src/db/database"
import { DEMO_PASSWORD } from "../src/db/seed"
import { hashPassword } from "../src/modules/accounts/passwords"
import { type Currency, checkLedger, ledgerAccount, transfer } from "../src/modules/ledger/ledger"
import { REQUEST_LIMIT } from "../src/modules/transfers/routes"
import { testBrowser, type TestBrowser } from "./browser"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const USD = 1_000_000

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{
    error: { code: string; message: string; details?: unknown }
  }>().error

/** The German mail texts: a German sender's confirmation mail must use them. */
const germanMail = JSON.parse(readFileSync(join(localesDir, "de/mail.json"), "utf8")) as {
  moneyTransfer: { subject: string }
}

describe.each(engines)("transfers between users on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let demoHash: string
  let accounts = 0
  let funds = 0

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    demoHash = await hashPassword(DEMO_PASSWORD)
  })
  afterAll(() => stop())
  // Whatever a test did, the books balance and every account agrees with its transfers.
  afterEach(async () => {
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })

  interface Person {
    id: string
    email: string
    browser: TestBrowser
  }

  /** A confirmed account (password DEMO_PASSWORD), signed in on its own browser. */
  async function newPerson({ language = "en", confirmed = true } = {}): Promise<Person> {
    const email = `sender${++accounts}@example.com`
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, user_type, interface_language, email_confirmed_at)
       VALUES ($1, $2, 'customer', $3, CASE WHEN $4 THEN now() END) RETURNING id::text`,
      [email, demoHash, language, confirmed],
    )
    const browser = testBrowser(app, { ip: `10.8.0.${accounts}` })
    if (confirmed) expect((await browser.signIn(email)).statusCode).toBe(200)
    return { id: rows[0]!.id, email, browser }
  }

  /**
   * Money on a customer balance, as a top-up puts it there: from the platform's payment clearing; or, with
   * `promotional`, as a promo code or campaign bonus does: from promotional credit.
   */
  async function fund(userId: string, amount: number, currency: Currency = "USD", promotional = false) {
    const source = promotional ? "promotional_credit" : "payment_clearing"
    await db.transaction(async (tx) => {
      await transfer(tx, {
        key: `test-fund:${++funds}`,
        debitAccountId: await ledgerAccount(tx, { userId: null, purpose: source, currency }),
        creditAccountId: await ledgerAccount(tx, { userId, purpose: "customer_balance", currency }),
        amount,
        currency,
      })
    })
  }

  /** Money leaving a customer balance for the platform, as a task's charge does; `pending`: a task's hold. */
  async function spend(userId: string, amount: number, { pending = false } = {}) {
    await db.transaction(async (tx) => {
      await transfer(tx, {
        key: `test-spend:${++funds}`,
        debitAccountId: await ledgerAccount(tx, { userId, purpose: "customer_balance", currency: "USD" }),
        creditAccountId: await ledgerAccount(tx, {
          userId: null,
          purpose: "platform_revenue",
          currency: "USD",
        }),
        amount,
        currency: "USD",
        pending,
      })
    })
  }

  const balance = async (userId: string, currency: Currency = "USD") => {
    const { rows } = await db.query<{ posted: string }>(
      `SELECT (credits_posted - debits_posted)::text AS posted FROM ledger_accounts
        WHERE user_id = $1 AND purpose = 'customer_balance' AND currency = $2`,
      [userId, currency],
    )
    return Number(rows[0]?.posted ?? 0)
  }

  const mailsTo = async (address: string) =>
    (
      await db.query<{ subject: string; text_body: string }>(
        "SELECT subject, text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id",
        [address],
      )
    ).rows

  /** The hash and user id of the newest confirmation link mailed to the person. */
  async function linkOf(person: Person) {
    const mails = await mailsTo(person.email)
    const match = /\/pay\/send_user_hash\/([\w-]+)\/(\d+)(\s|$)/.exec(mails.at(-1)?.text_body ?? "")
    expect(match, "a confirmation link in the mail").not.toBeNull()
    return {
      hash: match![1]!,
      userId: match![2]!,
      url: `/api/v2/transfers/confirm/${match![1]}/${match![2]}`,
    }
  }

  const send = (from: Person, body: Record<string, unknown>) =>
    from.browser.post("/api/v2/transfers", {
      currency: "USD",
      password: DEMO_PASSWORD,
      ...body,
    })

  /** A request that passes: answers its id and the link from the mail. */
  async function request(from: Person, body: Record<string, unknown>) {
    const response = await send(from, body)
    expect(response.statusCode, response.body).toBe(202)
    const created = response.json<CreatedTransfer>()
    return { id: created.id, created, link: await linkOf(from) }
  }

  const list = async (person: Person, query = "") => {
    const response = await person.browser.get(`/api/v2/transfers${query}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json<Page<Transfer>>()
  }

  const ledgerTransfers = async (key: string) =>
    (
      await db.query<{ debit: string; credit: string; amount: string }>(
        `SELECT debit_account_id::text AS debit, credit_account_id::text AS credit, amount::text
           FROM ledger_transfers WHERE idempotency_key = $1`,
        [key],
      )
    ).rows

  const masked = (email: string) => `${email[0]}***@example.com`

  it("needs a signed-in user and the page's CSRF token", async () => {
    const stranger = testBrowser(app)
    for (const url of ["/api/v2/transfers", "/api/v2/transfers/balance"]) {
      const response = await stranger.get(url)
      expect(response.statusCode).toBe(401)
      expect(errorOf(response).code).toBe("NOT_SIGNED_IN")
    }
    const someone = await newPerson()
    const forged = await someone.browser.post(
      "/api/v2/transfers",
      { recipient: "1", amount: USD, currency: "USD", password: DEMO_PASSWORD },
      { csrf: null },
    )
    expect(forged.statusCode).toBe(403)
    expect(errorOf(forged).code).toBe("CSRF_TOKEN_INVALID")
  })

  it("says what the user can send", async () => {
    const ada = await newPerson()
    await fund(ada.id, 12_345_678)
    await fund(ada.id, 500 * USD, "RUB")
    const response = await ada.browser.get("/api/v2/transfers/balance")
    expect(response.json<TransferBalance>()).toEqual({
      currency: "USD",
      available: { USD: 12_345_678, RUB: 500 * USD },
      promotional: { USD: 0, RUB: 0 },
      minimum: 10_000,
      noteMaxLength: 140,
    })
  })

  it("refuses a wrong amount, currency or note with a code and the field, before the password", async () => {
    const ada = await newPerson()
    const bob = await newPerson()
    await fund(ada.id, 10 * USD)
    const cases: [Record<string, unknown>, string, string, RegExp][] = [
      [{ amount: 9_999 }, "AMOUNT_TOO_SMALL", "amount", /smallest transfer is 0\.01 USD/],
      [{ amount: 0 }, "AMOUNT_TOO_SMALL", "amount", /0\.01 USD/],
      [{ amount: -USD }, "AMOUNT_TOO_SMALL", "amount", /0\.01 USD/],
      [{ currency: "EUR" }, "CURRENCY_NOT_SUPPORTED", "currency", /USD or RUB, not "EUR"/],
      [{ note: "x".repeat(141) }, "NOTE_TOO_LONG", "note", /at most 140 characters \(this one has 141\)/],
      [{ note: "line one\nline two" }, "NOTE_INVALID", "note", /one line of text/],
      // A wrong password is checked only once the rest is right, and counted against re-authentication.
      [{ password: "not my password" }, "PASSWORD_WRONG", "password", /not your current password/],
    ]
    for (const [body, code, field, message] of cases) {
      const refused = await send(ada, { recipient: bob.email, amount: USD, ...body })
      expect(refused.statusCode, code).toBe(400)
      expect(errorOf(refused)).toMatchObject({
        code,
        message: expect.stringMatching(message),
        details: [{ field, message: expect.stringMatching(message) }],
      })
    }
    for (const body of [{ amount: 1.5 }, { amount: "one" }, { extra: true }, { recipient: undefined }]) {
      const refused = await send(ada, { recipient: bob.email, amount: USD, ...body })
      expect(refused.statusCode).toBe(400)
      expect(errorOf(refused).code).toBe("VALIDATION_FAILED")
    }
    // 140 characters, counted as people count them (an emoji is one).
    const note = "😀".repeat(140)
    expect((await send(ada, { recipient: bob.email, amount: USD, note })).statusCode).toBe(202)
    const [item] = (await list(ada)).items
    expect(item!.note).toBe(note)
  })

  it("refuses an unknown, unconfirmed or own recipient and more than the balance holds", async () => {
    const ada = await newPerson()
    const bob = await newPerson()
    const unconfirmed = await newPerson({ confirmed: false })
    await fund(ada.id, 10 * USD)
    const cases: [string, number, string, string, RegExp][] = [
      ["", USD, "RECIPIENT_INVALID", "recipient", /e-mail address or user id/],
      ["not an address", USD, "RECIPIENT_INVALID", "recipient", /e-mail address or user id/],
      [
        "nobody@example.com",
        USD,
        "RECIPIENT_NOT_FOUND",
        "recipient",
        /No Manyhands account has this address/,
      ],
      ["999999999", USD, "RECIPIENT_NOT_FOUND", "recipient", /No Manyhands account has the id 999999999/],
      [unconfirmed.email, USD, "RECIPIENT_NOT_FOUND", "recipient", /No Manyhands account/],
      [` ${ada.email.toUpperCase()} `, USD, "TRANSFER_TO_SELF", "recipient", /your own account/],
      [ada.id, USD, "TRANSFER_TO_SELF", "recipient", /your own account/],
      [
        bob.email,
        10 * USD + 1,
        "TRANSFER_INSUFFICIENT_BALANCE",
        "amount",
        /holds 10\.00 USD you can send; 10\.000001 USD is more/,
      ],
    ]
    for (const [recipient, amount, code, field, message] of cases) {
      const refused = await send(ada, { recipient, amount })
      expect(refused.statusCode, `${recipient}: ${refused.body}`).toBe(400)
      expect(errorOf(refused)).toMatchObject({
        code,
        message: expect.stringMatching(message),
        details: [{ field, message: expect.stringMatching(message) }],
      })
    }
    // Roubles are a balance of their own: none here.
    const roubles = await send(ada, { recipient: bob.email, amount: USD, currency: "RUB" })
    expect(errorOf(roubles)).toMatchObject({
      code: "TRANSFER_INSUFFICIENT_BALANCE",
      message: expect.stringContaining("holds 0.00 RUB"),
    })
    // Nothing was stored, nobody was mailed, nothing moved.
    const stored = await db.query("SELECT 1 FROM user_transfers WHERE sender_id = $1", [ada.id])
    expect(stored.rows).toHaveLength(0)
    expect(await mailsTo(ada.email)).toEqual([])
    expect(await balance(ada.id)).toBe(10 * USD)
  })

  it("sends through the mailed link: one ledger transfer, both balances, both lists, the recipient's mail", async () => {
    const ada = await newPerson()
    const bob = await newPerson()
    await fund(ada.id, 10 * USD)
    const started = Date.now()
    const { id, created, link } = await request(ada, {
      recipient: ` ${bob.email.toUpperCase()} `,
      amount: 2_500_000,
      note: "  For the logo  ",
    })
    expect(created.status).toBe("awaiting_confirmation")
    const lifetime = Date.parse(created.expiresAt) - started
    expect(lifetime).toBeGreaterThan(59 * 60 * 1000)
    expect(lifetime).toBeLessThanOrEqual(61 * 60 * 1000)

    // The mail: the amount, the recipient masked with their id, the link for this sender.
    const [mail] = await mailsTo(ada.email)
    expect(mail!.subject).toBe("Confirm your transfer of 2.50 USD")
    expect(mail!.text_body).toContain(`to ${masked(bob.email)} (ID ${bob.id}).`)
    expect(mail!.text_body).not.toContain(bob.email)
    expect(link.userId).toBe(ada.id)

    // Nothing moves before the link is followed; the recipient sees nothing yet.
    expect(await balance(ada.id)).toBe(10 * USD)
    expect(await balance(bob.id)).toBe(0)
    expect((await list(bob)).items).toEqual([])
    const waiting = (await list(ada)).items
    expect(waiting).toEqual([
      {
        id,
        direction: "sent",
        counterparty: { id: bob.id, email: masked(bob.email) },
        amount: 2_500_000,
        currency: "USD",
        note: "For the logo",
        status: "awaiting_confirmation",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        expiresAt: created.expiresAt,
        decidedAt: null,
      },
    ])

    // The link page looks first, twice if it likes: nothing is spent.
    for (let i = 0; i < 2; i++) {
      const peek = await ada.browser.get(link.url)
      expect(peek.statusCode, peek.body).toBe(200)
      expect(peek.json<TransferLink>()).toEqual({ transfer: waiting[0], available: 10 * USD })
    }

    const confirmed = await ada.browser.post(link.url)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    const answer = confirmed.json<ConfirmedTransfer>()
    expect(answer.available).toBe(7_500_000)
    expect(answer.balance).toBe(7_500_000)
    expect(answer.transfer).toMatchObject({ id, status: "completed", decidedAt: expect.any(String) })

    // Exactly the amount, in one ledger transfer from one customer balance to the other.
    expect(await balance(ada.id)).toBe(7_500_000)
    expect(await balance(bob.id)).toBe(2_500_000)
    const [moved, ...more] = await ledgerTransfers(`user-transfer:${id}`)
    expect(more).toEqual([])
    expect(moved).toEqual({
      debit: await ledgerAccount(db, { userId: ada.id, purpose: "customer_balance", currency: "USD" }),
      credit: await ledgerAccount(db, { userId: bob.id, purpose: "customer_balance", currency: "USD" }),
      amount: "2500000",
    })

    // Both lists, each from its own side.
    expect((await list(ada)).items).toEqual([
      { ...waiting[0], status: "completed", decidedAt: expect.any(String) },
    ])
    expect((await list(bob)).items).toEqual([
      {
        ...waiting[0],
        direction: "received",
        counterparty: { id: ada.id, email: masked(ada.email) },
        status: "completed",
        decidedAt: expect.any(String),
      },
    ])
    const [received] = await mailsTo(bob.email)
    expect(received!.subject).toBe("You received 2.50 USD on Manyhands")
    expect(received!.text_body).toContain(`${masked(ada.email)} (ID ${ada.id}) sent you 2.50 USD.`)
    expect(received!.text_body).toMatch(/\/pay\/send_user(\s|$)/)

    // The link is spent: a second confirmation moves nothing and says why; the page still shows what happened.
    const again = await ada.browser.post(link.url)
    expect(again.statusCode).toBe(409)
    expect(errorOf(again)).toMatchObject({
      code: "TRANSFER_NOT_AWAITING",
      message: "This transfer was already confirmed and sent.",
      details: { status: "completed" },
    })
    expect(await balance(ada.id)).toBe(7_500_000)
    expect((await ada.browser.get(link.url)).json<TransferLink>().transfer.status).toBe("completed")
  })

  it("finds the recipient by id, writes the sender's language and sends roubles", async () => {
    const ada = await newPerson({ language: "de" })
    const bob = await newPerson()
    await fund(ada.id, 1_000 * USD, "RUB")
    const { id, link } = await request(ada, { recipient: bob.id, amount: 250 * USD, currency: "RUB" })
    const [mail] = await mailsTo(ada.email)
    expect(mail!.subject).toBe(germanMail.moneyTransfer.subject.replace("{{amount}}", "250.00 RUB"))
    expect((await ada.browser.post(link.url)).statusCode).toBe(200)
    expect(await balance(ada.id, "RUB")).toBe(750 * USD)
    expect(await balance(bob.id, "RUB")).toBe(250 * USD)
    expect(await balance(bob.id, "USD")).toBe(0)
    expect((await list(bob)).items.map((item) => [item.id, item.currency])).toEqual([[id, "RUB"]])
  })

  it("refuses a link that has expired, and moves nothing", async () => {
    const ada = await newPerson()
    const bob = await newPerson()
    await fund(ada.id, 5 * USD)
    const { id, link } = await request(ada, { recipient: bob.email, amount: USD })
    await db.query("UPDATE user_transfers SET expires_at = now() - interval '1 second' WHERE id = $1", [id])
    await db.query(
      `UPDATE mail_tokens SET expires_at = now() - interval '1 second'
        WHERE purpose = 'send_money' AND data->>'transferId' = $1`,
      [id],
    )
    // The page says it expired (not that the link is unknown).
    const peek = await ada.browser.get(link.url)
    expect(peek.json<TransferLink>().transfer.status).toBe("expired")
    expect((await list(ada)).items[0]!.status).toBe("expired")

    const late = await ada.browser.post(link.url)
    expect(late.statusCode).toBe(409)
    expect(errorOf(late)).toMatchObject({
      code: "TRANSFER_EXPIRED",
      message: expect.stringContaining("expired"),
    })
    expect(await balance(ada.id)).toBe(5 * USD)
    expect(await balance(bob.id)).toBe(0)
    expect(await ledgerTransfers(`user-transfer:${id}`)).toEqual([])
    const { rows } = await db.query<{ status: string }>("SELECT status FROM user_transfers WHERE id = $1", [
      id,
    ])
    expect(rows[0]!.status).toBe("expired")
    const cancel = await ada.browser.post(`/api/v2/transfers/${id}/cancel`)
    expect(errorOf(cancel).code).toBe("TRANSFER_EXPIRED")
  })

  it("refuses another user's link, and a link that is not one", async () => {
    const ada = await newPerson()
    const bob = await newPerson()
    const eve = await newPerson()
    await fund(ada.id, 5 * USD)
    const { link } = await request(ada, { recipient: bob.email, amount: USD })

    // Eve holds Ada's link: refused before the token is even looked at.
    for (const answer of [await eve.browser.get(link.url), await eve.browser.post(link.url)]) {
      expect(answer.statusCode).toBe(403)
      expect(errorOf(answer).code).toBe("TRANSFER_LINK_OTHER_ACCOUNT")
    }
    // Ada's hash under Eve's own id is no link of Eve's; nor is a made-up one of Ada's.
    const swapped = `/api/v2/transfers/confirm/${link.hash}/${eve.id}`
    for (const answer of [await eve.browser.get(swapped), await eve.browser.post(swapped)]) {
      expect(answer.statusCode).toBe(400)
      expect(errorOf(answer).code).toBe("TOKEN_INVALID")
    }
    const madeUp = await ada.browser.post(`/api/v2/transfers/confirm/${"A".repeat(43)}/${ada.id}`)
    expect(errorOf(madeUp).code).toBe("TOKEN_INVALID")
    const malformed = await ada.browser.get(`/api/v2/transfers/confirm/not*a*hash/${ada.id}`)
    expect(errorOf(malformed).code).toBe("VALIDATION_FAILED")
    // A stranger without a session gets nothing.
    expect((await testBrowser(app).get(link.url)).statusCode).toBe(401)

    expect(await balance(ada.id)).toBe(5 * USD)
    expect(await balance(eve.id)).toBe(0)
    // The owner's link still works.
    expect((await ada.browser.post(link.url)).statusCode).toBe(200)
    expect(await balance(bob.id)).toBe(USD)
  })

  it("fails at confirmation when the money is gone: nothing moves, the transfer is marked failed", async () => {
    const ada = await newPerson()
    const bob = await newPerson()
    const cyd = await newPerson()
    await fund(ada.id, 5 * USD)
    // Each fits the balance when asked for; together they do not.
    const first = await request(ada, { recipient: bob.email, amount: 4 * USD })
    const second = await request(ada, { recipient: cyd.email, amount: 3 * USD })
    // Both links work side by side.
    expect((await ada.browser.get(first.link.url)).statusCode).toBe(200)
    expect((await ada.browser.get(second.link.url)).json<TransferLink>().available).toBe(5 * USD)

    expect((await ada.browser.post(first.link.url)).statusCode).toBe(200)
    const refused = await ada.browser.post(second.link.url)
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused)).toMatchObject({
      code: "TRANSFER_INSUFFICIENT_BALANCE",
      message: "Your balance holds 1.00 USD you can send; 3.00 USD is more than that.",
    })
    expect(await balance(ada.id)).toBe(USD)
    expect(await balance(bob.id)).toBe(4 * USD)
    expect(await balance(cyd.id)).toBe(0)
    expect(await ledgerTransfers(`user-transfer:${second.id}`)).toEqual([])
    expect((await list(ada)).items.map((item) => [item.id, item.status])).toEqual([
      [second.id, "failed"],
      [first.id, "completed"],
    ])
    expect((await list(cyd)).items).toEqual([])
    expect(await mailsTo(cyd.email)).toEqual([])
    // The failure is final: the link is spent.
    const again = await ada.browser.post(second.link.url)
    expect(errorOf(again)).toMatchObject({ code: "TRANSFER_NOT_AWAITING", details: { status: "failed" } })
  })

  it("keeps promotional credit: only paid money is sent, and the paid money is spent first", async () => {
    const ada = await newPerson()
    const bob = await newPerson()
    await fund(ada.id, 5 * USD)
    await fund(ada.id, 3 * USD, "USD", true)
    const shown = (await ada.browser.get("/api/v2/transfers/balance")).json<TransferBalance>()
    expect(shown).toMatchObject({ available: { USD: 5 * USD }, promotional: { USD: 3 * USD } })
    const tooMuch = await send(ada, { recipient: bob.email, amount: 6 * USD })
    expect(tooMuch.statusCode).toBe(400)
    expect(errorOf(tooMuch)).toMatchObject({
      code: "TRANSFER_INSUFFICIENT_BALANCE",
      message: "Your balance holds 5.00 USD you can send; 6.00 USD is more than that.",
    })

    // Two requests that each fit; once the first is sent, the second would take promotional credit.
    const first = await request(ada, { recipient: bob.email, amount: 4 * USD })
    const second = await request(ada, { recipient: bob.email, amount: 4 * USD })
    const sent = await ada.browser.post(first.link.url)
    expect(sent.json<ConfirmedTransfer>()).toMatchObject({ available: USD, balance: 4 * USD })
    const refused = await ada.browser.post(second.link.url)
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused).message).toBe(
      "Your balance holds 1.00 USD you can send; 4.00 USD is more than that.",
    )
    expect(await balance(ada.id)).toBe(4 * USD)
    expect(await balance(bob.id)).toBe(4 * USD)
    expect((await list(ada)).items.map((item) => item.status)).toEqual(["failed", "completed"])

    // Spending beyond the paid money uses promotional credit: nothing of it can be sent then.
    await spend(ada.id, 2 * USD)
    expect((await ada.browser.get("/api/v2/transfers/balance")).json<TransferBalance>()).toMatchObject({
      available: { USD: 0 },
      promotional: { USD: 2 * USD },
    })
    // The recipient's received money is paid money to them.
    expect((await bob.browser.get("/api/v2/transfers/balance")).json<TransferBalance>()).toMatchObject({
      available: { USD: 4 * USD },
      promotional: { USD: 0 },
    })
  })

  it("counts holds of running tasks as not there", async () => {
    const ada = await newPerson()
    const bob = await newPerson()
    await fund(ada.id, 5 * USD)
    const { link } = await request(ada, { recipient: bob.email, amount: 4 * USD })
    // A task's price held after the request: 2 of the 5 are no longer free.
    await spend(ada.id, 2 * USD, { pending: true })
    expect((await ada.browser.get(link.url)).json<TransferLink>().available).toBe(3 * USD)
    const refused = await ada.browser.post(link.url)
    expect(errorOf(refused).code).toBe("TRANSFER_INSUFFICIENT_BALANCE")
    expect(await balance(ada.id)).toBe(5 * USD)
    expect(await balance(bob.id)).toBe(0)
  })

  it("cancels a transfer while it awaits confirmation; only its sender can", async () => {
    const ada = await newPerson()
    const bob = await newPerson()
    await fund(ada.id, 5 * USD)
    const { id, link } = await request(ada, { recipient: bob.email, amount: USD })

    const foreign = await bob.browser.post(`/api/v2/transfers/${id}/cancel`)
    expect(foreign.statusCode).toBe(404)
    expect(errorOf(foreign).code).toBe("TRANSFER_NOT_FOUND")

    const cancelled = await ada.browser.post(`/api/v2/transfers/${id}/cancel`)
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(cancelled.json<Transfer>()).toMatchObject({
      id,
      status: "cancelled",
      decidedAt: expect.any(String),
    })
    expect((await list(ada)).items[0]!.status).toBe("cancelled")

    const twice = await ada.browser.post(`/api/v2/transfers/${id}/cancel`)
    expect(twice.statusCode).toBe(409)
    expect(errorOf(twice)).toMatchObject({ code: "TRANSFER_NOT_AWAITING", details: { status: "cancelled" } })
    const confirm = await ada.browser.post(link.url)
    expect(errorOf(confirm)).toMatchObject({
      code: "TRANSFER_NOT_AWAITING",
      message: "This transfer was cancelled, so nothing was sent.",
    })
    expect(await balance(ada.id)).toBe(5 * USD)
    expect(await balance(bob.id)).toBe(0)
    expect((await list(bob)).items).toEqual([])
  })

  it("moves the money once when the link is followed twice at the same moment", async () => {
    const ada = await newPerson()
    const bob = await newPerson()
    await fund(ada.id, 5 * USD)
    const { link } = await request(ada, { recipient: bob.email, amount: 2 * USD })
    const answers = await Promise.all([ada.browser.post(link.url), ada.browser.post(link.url)])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
    expect(await balance(ada.id)).toBe(3 * USD)
    expect(await balance(bob.id)).toBe(2 * USD)
  })

  it("fails, moving nothing, when the recipient's account is gone by the confirmation", async () => {
    const ada = await newPerson()
    const bob = await newPerson()
    await fund(ada.id, 5 * USD)
    const { id, link } = await request(ada, { recipient: bob.email, amount: USD })
    await db.query("DELETE FROM users WHERE id = $1", [bob.id])
    const refused = await ada.browser.post(link.url)
    expect(refused.statusCode).toBe(409)
    expect(errorOf(refused).code).toBe("TRANSFER_RECIPIENT_GONE")
    expect(await balance(ada.id)).toBe(5 * USD)
    expect((await list(ada)).items).toMatchObject([
      { id, status: "failed", counterparty: { id: null, email: null } },
    ])
  })

  it("pages the list, newest first", async () => {
    const ada = await newPerson()
    const bob = await newPerson()
    await fund(ada.id, 5 * USD)
    await fund(bob.id, 5 * USD)
    const sent = await request(ada, { recipient: bob.email, amount: USD })
    await ada.browser.post(sent.link.url)
    const back = await request(bob, { recipient: ada.email, amount: 2 * USD })
    await bob.browser.post(back.link.url)
    const pending = await request(ada, { recipient: bob.id, amount: 3 * USD })
    expect((await list(ada, "?pageSize=2")).items.map((item) => [item.id, item.direction])).toEqual([
      [pending.id, "sent"],
      [back.id, "received"],
    ])
    const second = await list(ada, "?pageSize=2&page=2")
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 })
    expect(second.items.map((item) => item.id)).toEqual([sent.id])
    expect(await balance(ada.id)).toBe(6 * USD)
    expect(await balance(bob.id)).toBe(4 * USD)
  })

  it("limits requests per user and hour", async () => {
    const ada = await newPerson()
    for (let i = 0; i < REQUEST_LIMIT.max; i++) {
      const refused = await send(ada, { recipient: "1", amount: 1 })
      expect(errorOf(refused).code).toBe("AMOUNT_TOO_SMALL")
    }
    const limited = await send(ada, { recipient: "1", amount: 1 })
    expect(limited.statusCode).toBe(429)
    expect(errorOf(limited).code).toBe("RATE_LIMITED")
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0)
    // Another user is not held back by it.
    const bob = await newPerson()
    expect(errorOf(await send(bob, { recipient: "1", amount: 1 })).code).toBe("AMOUNT_TOO_SMALL")
  })
})

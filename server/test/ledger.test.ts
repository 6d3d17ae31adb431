import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import {
  accountBalance,
  checkLedger,
  ledgerAccount,
  LedgerError,
  resolvePending,
  transfer,
} from "../src/modules/ledger/ledger"
import { engines } from "./databases"

const failureCode = async (work: Promise<unknown>) => {
  try {
    await work
  } catch (error) {
    if (error instanceof LedgerError) return error.code
    throw error
  }
  return null
}

describe.each(engines)("the ledger on $name", (engine) => {
  let db: Database
  let drop: () => Promise<void>
  const customers: string[] = []
  const workers: string[] = []
  let promo: string
  let revenue: string

  beforeAll(async () => {
    ;({ db, drop } = await engine.create("migrated"))
    const user = async (email: string) =>
      (
        await db.query<{ id: string }>(
          "INSERT INTO users (email, password_hash) VALUES ($1, 'x') RETURNING id::text AS id",
          [email],
        )
      ).rows[0]!.id
    for (const n of [1, 2, 3])
      customers.push(
        await ledgerAccount(db, {
          userId: await user(`customer${n}@example.com`),
          purpose: "customer_balance",
          currency: "USD",
        }),
      )
    for (const n of [1, 2])
      workers.push(
        await ledgerAccount(db, {
          userId: await user(`worker${n}@example.com`),
          purpose: "worker_earnings",
          currency: "USD",
        }),
      )
    promo = await ledgerAccount(db, { userId: null, purpose: "promotional_credit", currency: "USD" })
    revenue = await ledgerAccount(db, { userId: null, purpose: "platform_revenue", currency: "USD" })
  })
  afterAll(() => drop())

  it("makes one account per user, purpose and currency", async () => {
    const again = await ledgerAccount(db, { userId: null, purpose: "promotional_credit", currency: "USD" })
    expect(again).toBe(promo)
    const rub = await ledgerAccount(db, { userId: null, purpose: "promotional_credit", currency: "RUB" })
    expect(rub).not.toBe(promo)
  })

  it("keeps an account's id once its row is committed, and not the id of a row a rolled-back transaction made", async () => {
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO users (email, password_hash) VALUES ('kept@example.com', 'x') RETURNING id::text AS id",
    )
    const account = { userId: rows[0]!.id, purpose: "customer_balance", currency: "USD" } as const
    // Made inside a transaction that then fails: the row and its id are gone.
    let made: string | undefined
    await expect(
      db.transaction(async (tx) => {
        made = await ledgerAccount(tx, account)
        // Asked again in the same transaction: found, but made by it, so not kept.
        expect(await ledgerAccount(tx, account)).toBe(made)
        throw new Error("rolled back")
      }),
    ).rejects.toThrow("rolled back")
    const id = await ledgerAccount(db, account)
    expect(id).not.toBe(made)
    const exists = async (accountId: string) =>
      (await db.query("SELECT 1 FROM ledger_accounts WHERE id = $1", [accountId])).rows.length === 1
    expect(await exists(id)).toBe(true)
    // Committed and found once: kept, so asking again sends no statement.
    expect(await ledgerAccount(db, account)).toBe(id)
    expect(db.kept?.get(`ledger-account:customer_balance:USD:${account.userId}`)).toBe(id)
    let statements = 0
    const counting = {
      ...db,
      query: (...args: Parameters<Database["query"]>) => (statements++, db.query(...args)),
    }
    expect(await ledgerAccount(counting as Database, account)).toBe(id)
    expect(statements).toBe(0)
  })

  it("holds, posts and voids exactly once, and replays a key without moving money twice", async () => {
    const customer = customers[0]!
    await db.transaction((tx) =>
      transfer(tx, {
        key: "t1-grant",
        debitAccountId: promo,
        creditAccountId: customer,
        amount: 500,
        currency: "USD",
      }),
    )
    const hold = {
      key: "t1-hold",
      debitAccountId: customer,
      creditAccountId: revenue,
      amount: 120,
      currency: "USD" as const,
      pending: true,
    }
    await db.transaction((tx) => transfer(tx, hold))
    expect(await accountBalance(db, customer)).toMatchObject({
      posted: 500,
      available: 380,
      debitsPending: 120,
    })
    const replay = await db.transaction((tx) => transfer(tx, hold))
    expect(replay.result).toBe("exists")
    expect(await accountBalance(db, customer)).toMatchObject({ available: 380 })

    expect(await failureCode(db.transaction((tx) => transfer(tx, { ...hold, amount: 121 })))).toBe(
      "EXISTS_WITH_DIFFERENT_FIELDS",
    )

    await db.transaction((tx) =>
      resolvePending(tx, { key: "t1-post", pendingKey: "t1-hold", action: "post" }),
    )
    expect(await accountBalance(db, customer)).toMatchObject({
      posted: 380,
      available: 380,
      debitsPending: 0,
    })
    expect(
      (
        await db.transaction((tx) =>
          resolvePending(tx, { key: "t1-post", pendingKey: "t1-hold", action: "post" }),
        )
      ).result,
    ).toBe("exists")
    expect(
      await failureCode(
        db.transaction((tx) => resolvePending(tx, { key: "t1-void", pendingKey: "t1-hold", action: "void" })),
      ),
    ).toBe("PENDING_ALREADY_RESOLVED")
    expect(await accountBalance(db, customer)).toMatchObject({ posted: 380, available: 380 })
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })

  it("posts part of a hold and releases the rest, once", async () => {
    const customer = customers[2]!
    await db.transaction((tx) =>
      transfer(tx, {
        key: "t5-grant",
        debitAccountId: promo,
        creditAccountId: customer,
        amount: 900,
        currency: "USD",
      }),
    )
    await db.transaction((tx) =>
      transfer(tx, {
        key: "t5-hold",
        debitAccountId: customer,
        creditAccountId: revenue,
        amount: 600,
        currency: "USD",
        pending: true,
      }),
    )
    await expect(
      db.transaction((tx) =>
        resolvePending(tx, { key: "t5-post", pendingKey: "t5-hold", action: "post", amount: 601 }),
      ),
    ).rejects.toThrow(RangeError)
    const post = () =>
      db.transaction((tx) =>
        resolvePending(tx, { key: "t5-post", pendingKey: "t5-hold", action: "post", amount: 200 }),
      )
    expect((await post()).result).toBe("created")
    expect((await post()).result).toBe("exists")
    // The same key for another amount is another resolution: refused, nothing moves.
    expect(
      await failureCode(
        db.transaction((tx) =>
          resolvePending(tx, { key: "t5-post", pendingKey: "t5-hold", action: "post", amount: 300 }),
        ),
      ),
    ).toBe("EXISTS_WITH_DIFFERENT_FIELDS")
    // An unknown hold is refused by the module, not by the database: the transaction goes on.
    expect(
      await db.transaction(async (tx) => {
        const code = await failureCode(
          resolvePending(tx, { key: "t5-none", pendingKey: "no-such-hold", action: "void" }),
        )
        return [code, (await accountBalance(tx, customer)).posted]
      }),
    ).toEqual(["PENDING_NOT_FOUND", 700])
    expect(await accountBalance(db, customer)).toMatchObject({
      posted: 700,
      available: 700,
      debitsPending: 0,
    })
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })

  it("refuses to overdraw a user's account, holds included, and rolls the whole transaction back", async () => {
    const customer = customers[1]!
    await db.transaction((tx) =>
      transfer(tx, {
        key: "t2-grant",
        debitAccountId: promo,
        creditAccountId: customer,
        amount: 100,
        currency: "USD",
      }),
    )
    await db.transaction((tx) =>
      transfer(tx, {
        key: "t2-hold",
        debitAccountId: customer,
        creditAccountId: revenue,
        amount: 80,
        currency: "USD",
        pending: true,
      }),
    )
    expect(
      await failureCode(
        db.transaction((tx) =>
          transfer(tx, {
            key: "t2-hold-2",
            debitAccountId: customer,
            creditAccountId: revenue,
            amount: 21,
            currency: "USD",
            pending: true,
          }),
        ),
      ),
    ).toBe("EXCEEDS_CREDITS")
    const stored = await db.query("SELECT 1 FROM ledger_transfers WHERE idempotency_key = 't2-hold-2'")
    expect(stored.rows).toHaveLength(0)
    expect(await accountBalance(db, customer)).toMatchObject({ available: 20 })
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })

  it("keeps transfers immutable and refuses mixed currencies and non-integer amounts", async () => {
    await expect(db.query("UPDATE ledger_transfers SET amount = amount + 1")).rejects.toThrow(/immutable/)
    await expect(db.query("DELETE FROM ledger_transfers")).rejects.toThrow(/immutable/)
    const rubPromo = await ledgerAccount(db, { userId: null, purpose: "promotional_credit", currency: "RUB" })
    expect(
      await failureCode(
        db.transaction((tx) =>
          transfer(tx, {
            key: "t3-mixed",
            debitAccountId: rubPromo,
            creditAccountId: customers[2]!,
            amount: 1,
            currency: "USD",
          }),
        ),
      ),
    ).toBe("CURRENCY_MISMATCH")
    await expect(
      db.transaction((tx) =>
        transfer(tx, {
          key: "t3-frac",
          debitAccountId: promo,
          creditAccountId: customers[2]!,
          amount: 1.5,
          currency: "USD",
        }),
      ),
    ).rejects.toThrow(RangeError)
  })

  // Random interleavings of the task money flow: grant, hold (submit), post + worker share (answer), void
  // (unsolvable), refund (report), and retries of earlier keys. After every step the ledger reconciles, no
  // user is overdrawn, and every balance equals a simple model's.
  it("stays balanced under random interleavings of grants, holds, posts, voids, refunds and retries", async () => {
    let run = 0
    const op = fc.oneof(
      fc.record({
        type: fc.constant("grant" as const),
        customer: fc.nat(2),
        amount: fc.integer({ min: 1, max: 500 }),
      }),
      fc.record({
        type: fc.constant("hold" as const),
        customer: fc.nat(2),
        amount: fc.integer({ min: 1, max: 300 }),
      }),
      fc.record({
        type: fc.constant("post" as const),
        hold: fc.nat(20),
        worker: fc.nat(1),
        sharePercent: fc.integer({ min: 0, max: 100 }),
      }),
      fc.record({ type: fc.constant("void" as const), hold: fc.nat(20) }),
      fc.record({ type: fc.constant("refund" as const), hold: fc.nat(20) }),
      fc.record({ type: fc.constant("retry" as const), step: fc.nat(40) }),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1
        const prefix = `p${run}-${Math.random().toString(36).slice(2, 8)}`
        const accounts = [...customers, ...workers, promo, revenue]
        const model = new Map<string, { posted: number; held: number }>()
        for (const account of accounts) {
          const balance = await accountBalance(db, account)
          model.set(account, { posted: balance.posted, held: balance.debitsPending })
        }
        const holds: {
          key: string
          customer: string
          amount: number
          state: "open" | "posted" | "voided" | "refunded"
        }[] = []
        const done: { run: () => Promise<unknown> }[] = []
        const move = (from: string, to: string, amount: number) => {
          model.get(from)!.posted -= amount
          model.get(to)!.posted += amount
        }

        for (const [step, action] of ops.entries()) {
          const key = `${prefix}-${step}`
          if (action.type === "grant") {
            const customer = customers[action.customer]!
            const work = () =>
              db.transaction((tx) =>
                transfer(tx, {
                  key,
                  debitAccountId: promo,
                  creditAccountId: customer,
                  amount: action.amount,
                  currency: "USD",
                }),
              )
            await work()
            move(promo, customer, action.amount)
            done.push({ run: work })
          } else if (action.type === "hold") {
            const customer = customers[action.customer]!
            const state = model.get(customer)!
            const work = () =>
              db.transaction((tx) =>
                transfer(tx, {
                  key,
                  debitAccountId: customer,
                  creditAccountId: revenue,
                  amount: action.amount,
                  currency: "USD",
                  pending: true,
                }),
              )
            const code = await failureCode(work())
            if (state.posted - state.held >= action.amount) {
              expect(code).toBeNull()
              state.held += action.amount
              holds.push({ key, customer, amount: action.amount, state: "open" })
              done.push({ run: work })
            } else {
              expect(code).toBe("EXCEEDS_CREDITS")
            }
          } else if (action.type === "post" || action.type === "void") {
            const hold = holds[action.hold % Math.max(holds.length, 1)]
            if (!hold) continue
            const worker = action.type === "post" ? workers[action.worker]! : ""
            const share = action.type === "post" ? Math.floor((hold.amount * action.sharePercent) / 100) : 0
            // The answer's whole money step in one transaction: post the hold, pay the worker's share.
            const work = () =>
              db.transaction(async (tx) => {
                await resolvePending(tx, { key, pendingKey: hold.key, action: action.type })
                if (share > 0)
                  await transfer(tx, {
                    key: `${key}-share`,
                    debitAccountId: revenue,
                    creditAccountId: worker,
                    amount: share,
                    currency: "USD",
                  })
              })
            const code = await failureCode(work())
            if (hold.state === "open") {
              expect(code).toBeNull()
              model.get(hold.customer)!.held -= hold.amount
              if (action.type === "post") {
                move(hold.customer, revenue, hold.amount)
                if (share > 0) move(revenue, worker, share)
                hold.state = "posted"
              } else hold.state = "voided"
              done.push({ run: work })
            } else {
              expect(code).toBe("PENDING_ALREADY_RESOLVED")
            }
          } else if (action.type === "refund") {
            const hold = holds[action.hold % Math.max(holds.length, 1)]
            if (!hold || hold.state !== "posted") continue
            // A report refunds the customer with a reversing transfer; the platform bears it.
            const work = () =>
              db.transaction((tx) =>
                transfer(tx, {
                  key,
                  debitAccountId: revenue,
                  creditAccountId: hold.customer,
                  amount: hold.amount,
                  currency: "USD",
                }),
              )
            await work()
            move(revenue, hold.customer, hold.amount)
            hold.state = "refunded"
            done.push({ run: work })
          } else if (done.length > 0) {
            // A client retrying with the same key: nothing moves again.
            await done[action.step % done.length]!.run()
          }

          const check = await checkLedger(db)
          expect(check.problems).toEqual([])
          for (const account of accounts) {
            const actual = await accountBalance(db, account)
            expect(actual.posted).toBe(model.get(account)!.posted)
            expect(actual.debitsPending).toBe(model.get(account)!.held)
          }
          for (const customer of [...customers, ...workers])
            expect((await accountBalance(db, customer)).available).toBeGreaterThanOrEqual(0)
        }
      }),
      {
        numRuns: 15,
        // A refund after the worker's share is paid takes the platform's revenue below zero: the platform bears it.
        examples: [
          [
            [
              { type: "grant", customer: 0, amount: 500 },
              { type: "hold", customer: 0, amount: 300 },
              { type: "post", hold: 0, worker: 0, sharePercent: 100 },
              { type: "refund", hold: 0 },
            ],
          ],
        ],
      },
    )
  })
})

// Two transactions at once need two connections: PostgreSQL only (PGlite has one).
describe.each(engines.filter((each) => each.name === "postgres"))("the ledger's locks on $name", (engine) => {
  let db: Database
  let drop: () => Promise<void>

  beforeAll(async () => {
    ;({ db, drop } = await engine.create("migrated"))
  })
  afterAll(() => drop())

  it("lets a charge and a refund of one customer run at once without a deadlock", async () => {
    const { rows } = await db.query<{ id: string }>(
      "INSERT INTO users (email, password_hash) VALUES ('c@example.com', 'x'), ('w@example.com', 'x') RETURNING id::text AS id",
    )
    // The customer's account is made before the platform's, so by id alone the customer would be locked first.
    const customer = await ledgerAccount(db, {
      userId: rows[0]!.id,
      purpose: "customer_balance",
      currency: "USD",
    })
    const worker = await ledgerAccount(db, {
      userId: rows[1]!.id,
      purpose: "worker_earnings",
      currency: "USD",
    })
    const revenue = await ledgerAccount(db, { userId: null, purpose: "platform_revenue", currency: "USD" })
    const promo = await ledgerAccount(db, { userId: null, purpose: "promotional_credit", currency: "USD" })
    await db.transaction((tx) =>
      transfer(tx, {
        key: "grant",
        debitAccountId: promo,
        creditAccountId: customer,
        amount: 1_000,
        currency: "USD",
      }),
    )
    const waitingOnLocks = async () =>
      Number(
        (
          await db.query<{ n: string }>(
            `SELECT count(*)::text AS n FROM pg_stat_activity
              WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        ).rows[0]!.n,
      )

    let charge: Promise<unknown> | undefined
    // The refund's transaction pays a worker first (it holds the platform's revenue), lets a charge of the same
    // customer start and wait, then gives the customer money back: it needs the customer's row now.
    await db.transaction(async (tx) => {
      await transfer(tx, {
        key: "pay",
        debitAccountId: revenue,
        creditAccountId: worker,
        amount: 100,
        currency: "USD",
      })
      charge = db.transaction((other) =>
        transfer(other, {
          key: "charge",
          debitAccountId: customer,
          creditAccountId: revenue,
          amount: 300,
          currency: "USD",
        }),
      )
      charge.catch(() => {}) // awaited below
      while ((await waitingOnLocks()) === 0) await new Promise((resolve) => setImmediate(resolve))
      await transfer(tx, {
        key: "refund",
        debitAccountId: revenue,
        creditAccountId: customer,
        amount: 50,
        currency: "USD",
      })
    })
    await charge

    expect((await accountBalance(db, customer)).posted).toBe(1_000 - 300 + 50)
    expect((await accountBalance(db, worker)).posted).toBe(100)
    expect((await checkLedger(db)).problems).toEqual([])
  })
})

import type { Currency } from "@manyhands/contract"
import type { Queryable } from "../../db/database"

export type { Currency } from "@manyhands/contract"
export type AccountPurpose =
  | "customer_balance"
  | "worker_earnings"
  | "platform_revenue"
  | "promotional_credit"
  | "payment_clearing"
  // An affiliate's commissions (a user's); paid out like worker earnings.
  | "partner_balance"
  // The platform's: requested payouts not yet decided, and what has left for the payees (PAYOUTS.md).
  | "payout_clearing"
  | "payouts_sent"
  // The platform's side of an administrator's balance adjustment (ops/users-service.ts).
  | "staff_adjustments"
  // The platform's side of the play-and-earn hub's bonuses and booster bonuses (modules/play).
  | "play_rewards"
  // The platform's side of proxy traffic sold (modules/proxy).
  | "proxy_sales"

export class LedgerError extends Error {
  constructor(
    readonly code:
      | "EXCEEDS_CREDITS"
      | "EXISTS_WITH_DIFFERENT_FIELDS"
      | "PENDING_NOT_FOUND"
      | "PENDING_ALREADY_RESOLVED"
      | "CURRENCY_MISMATCH",
    message: string,
  ) {
    super(message)
    this.name = "LedgerError"
  }
}

export interface Transfer {
  id: string
  idempotencyKey: string
  debitAccountId: string
  creditAccountId: string
  amount: number
  currency: Currency
  kind: "posted" | "pending" | "post_pending" | "void_pending"
  pendingId: string | null
}

interface TransferRow {
  id: string
  idempotency_key: string
  debit_account_id: string
  credit_account_id: string
  amount: string
  currency: Currency
  kind: Transfer["kind"]
  pending_id: string | null
}

const COLUMNS = `id::text, idempotency_key, debit_account_id::text, credit_account_id::text, amount::text,
  currency, kind, pending_id::text`

const toTransfer = (row: TransferRow): Transfer => ({
  id: row.id,
  idempotencyKey: row.idempotency_key,
  debitAccountId: row.debit_account_id,
  creditAccountId: row.credit_account_id,
  amount: Number(row.amount),
  currency: row.currency,
  kind: row.kind,
  pendingId: row.pending_id,
})

/**
 * The account of a user (userId) or of the platform (userId null) for a purpose and currency, made on first
 * use. Users' accounts may not be overdrawn.
 */
export async function ledgerAccount(
  tx: Queryable,
  { userId, purpose, currency }: { userId: string | null; purpose: AccountPurpose; currency: Currency },
): Promise<string> {
  // An account is never deleted and its owner, purpose and currency never change: once its row is committed,
  // its id is kept for the process (the database's `kept`), and the lookup costs no statement.
  const keptAs = `ledger-account:${purpose}:${currency}:${userId ?? ""}`
  const kept = tx.kept?.get(keptAs)
  if (kept !== undefined) return kept
  const find = () =>
    tx.query<{ id: string; committed: boolean }>(
      `SELECT id::text, xmin <> pg_current_xact_id()::xid AS committed FROM ledger_accounts
        WHERE purpose = $1 AND currency = $2 AND user_id IS NOT DISTINCT FROM $3::bigint`,
      [purpose, currency, userId],
    )
  const found = (await find()).rows[0]
  // A row this transaction made is not kept: it is gone if the transaction rolls back.
  if (found?.committed) tx.kept?.set(keptAs, found.id)
  if (found) return found.id
  // Only users' accounts are guarded. The platform's may go below zero: money enters through them, and the
  // platform bears a refund of a task whose worker share is already paid.
  const guarded = userId !== null
  await tx.query(
    `INSERT INTO ledger_accounts (user_id, purpose, currency, debits_must_not_exceed_credits)
     VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
    [userId, purpose, currency, guarded],
  )
  return (await find()).rows[0]!.id
}

export interface TransferRequest {
  /** Chosen before the first attempt and reused on retries. */
  key: string
  debitAccountId: string
  creditAccountId: string
  /** Micro-units: millionths of the currency (USD 0.00025 = 250), so one task's price is exact. */
  amount: number
  currency: Currency
  /** "pending" holds the amount: debits_pending/credits_pending grow until it is posted or voided. */
  pending?: boolean
  memo?: string
}

export interface TransferResult {
  transfer: Transfer
  /** "exists": this key was already used with the same fields; nothing moved again. */
  result: "created" | "exists"
}

/** A row of ledger_transfer() or ledger_resolve() (migrations/0041_ledger_functions.sql). */
export interface OutcomeRow extends TransferRow {
  outcome: "created" | "exists" | "different" | "no_account" | "currency" | "pending_not_found" | "too_much"
  account: string | null
}

export const positiveAmount = (amount: number) => {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError(`A transfer amount is a positive whole number of micro-units (got ${amount})`)
}

/** What a ledger function's refusal is about, for its message. */
interface About {
  key: string
  currency?: Currency
  pendingKey?: string
  amount?: number
}

/**
 * The ledger's functions (ledger_transfer, ledger_resolve; migrations/0041) each lock both accounts in the one order
 * every transaction uses (the platform's accounts first, every task's money passes through them; then users'
 * accounts by id — without it a charge and a refund running at once each held what the other waited for: a
 * deadlock on PostgreSQL), store the transfer once per key and move both balances, in one statement. Their row is
 * an `OutcomeRow`, also when a statement of the caller's own calls one (captcha/engine.ts holds a task's price in
 * the statement that stores the task): read it with `transferOutcome`, and a failed statement with `ledgerFailure`.
 */
const LEDGER_CALL_COLUMNS = `outcome, account, ${COLUMNS}`

/** A failed statement that called a ledger function: the LedgerError it means, or the error itself. */
export function ledgerFailure(error: unknown, about: Pick<About, "pendingKey">): unknown {
  const { code, table } = error as { code?: string; table?: string }
  // The overdraft check: only a debit can break it.
  if (code === "23514" && table === "ledger_accounts")
    return new LedgerError("EXCEEDS_CREDITS", "The account does not have enough money for this transfer")
  // pending_id is unique: another post or void already resolved this hold.
  if (code === "23505" && about.pendingKey !== undefined)
    return new LedgerError(
      "PENDING_ALREADY_RESOLVED",
      `The hold ${about.pendingKey} was already posted or voided`,
    )
  return error
}

/**
 * A ledger function's row: the transfer made or found, or the refusal it returned thrown as the module's error
 * (a refusal that is not the database's leaves the transaction usable, as it always did).
 */
export function transferOutcome(row: OutcomeRow, about: About): TransferResult {
  switch (row.outcome) {
    case "created":
    case "exists":
      return { transfer: toTransfer(row), result: row.outcome }
    case "different":
      throw new LedgerError(
        "EXISTS_WITH_DIFFERENT_FIELDS",
        `The idempotency key ${about.key} was used for a different transfer`,
      )
    case "currency":
      throw new LedgerError("CURRENCY_MISMATCH", `Account ${row.account} does not hold ${about.currency}`)
    case "no_account":
      throw new RangeError(`No ledger account ${row.account}`)
    case "pending_not_found":
      throw new LedgerError("PENDING_NOT_FOUND", `No pending transfer has the key ${about.pendingKey}`)
    case "too_much":
      throw new RangeError(`Cannot post ${about.amount}: the hold ${about.pendingKey} is ${row.amount}`)
  }
}

async function callLedger(tx: Queryable, call: string, params: unknown[], about: About) {
  let row: OutcomeRow
  try {
    row = (await tx.query<OutcomeRow>(`SELECT ${LEDGER_CALL_COLUMNS} FROM ${call}`, params)).rows[0]!
  } catch (error) {
    throw ledgerFailure(error, about)
  }
  return transferOutcome(row, about)
}

/**
 * Moves money from one account to another (or holds it, with `pending`). Run it inside the transaction of the
 * change it pays for: if that rolls back, so does the money.
 */
export async function transfer(tx: Queryable, request: TransferRequest): Promise<TransferResult> {
  positiveAmount(request.amount)
  return callLedger(
    tx,
    "ledger_transfer($1, $2, $3, $4, $5, $6, $7)",
    [
      request.key,
      request.debitAccountId,
      request.creditAccountId,
      request.amount,
      request.currency,
      request.pending ?? false,
      request.memo ?? null,
    ],
    { key: request.key, currency: request.currency },
  )
}

/**
 * Resolves a hold exactly once: "post" moves the held amount (or less, `amount`) for good and releases the
 * rest, "void" releases it all. A second resolution with another key is refused; a retry with the same key
 * answers "exists".
 */
export async function resolvePending(
  tx: Queryable,
  {
    key,
    pendingKey,
    action,
    amount,
  }: { key: string; pendingKey: string; action: "post" | "void"; amount?: number },
): Promise<TransferResult> {
  const posted = action === "post" ? amount : undefined
  if (posted !== undefined) positiveAmount(posted)
  return callLedger(
    tx,
    "ledger_resolve($1, $2, $3, $4)",
    [key, pendingKey, action === "post", posted ?? null],
    {
      key,
      pendingKey,
      amount: posted,
    },
  )
}

export interface AccountBalance {
  /** Posted credits minus posted debits. */
  posted: number
  /** What can still be spent: posted minus what holds keep aside. */
  available: number
  debitsPending: number
  creditsPending: number
}

export async function accountBalance(tx: Queryable, accountId: string): Promise<AccountBalance> {
  const { rows } = await tx.query<{ dp: string; dpo: string; cp: string; cpo: string }>(
    `SELECT debits_pending::text AS dp, debits_posted::text AS dpo, credits_pending::text AS cp,
            credits_posted::text AS cpo
       FROM ledger_accounts WHERE id = $1`,
    [accountId],
  )
  const row = rows[0]
  if (!row) throw new RangeError(`No ledger account ${accountId}`)
  const posted = Number(row.cpo) - Number(row.dpo)
  return {
    posted,
    available: posted - Number(row.dp),
    debitsPending: Number(row.dp),
    creditsPending: Number(row.cp),
  }
}

export interface LedgerCheck {
  /** Per currency: all debits equal all credits, posted and pending, and the accounts agree with the transfers. */
  balanced: boolean
  problems: string[]
}

/**
 * The reconciliation: Σ debits = Σ credits per currency (posted and pending), every account's fields equal the
 * sum of its transfers, and every hold resolved at most once. Tests run it after each step.
 */
export async function checkLedger(db: Queryable): Promise<LedgerCheck> {
  const problems: string[] = []
  const totals = await db.query<{ currency: string; d: string; c: string; dp: string; cp: string }>(
    `SELECT currency, sum(debits_posted)::text AS d, sum(credits_posted)::text AS c,
            sum(debits_pending)::text AS dp, sum(credits_pending)::text AS cp
       FROM ledger_accounts GROUP BY currency`,
  )
  for (const row of totals.rows) {
    if (row.d !== row.c) problems.push(`${row.currency}: posted debits ${row.d} ≠ credits ${row.c}`)
    if (row.dp !== row.cp) problems.push(`${row.currency}: pending debits ${row.dp} ≠ credits ${row.cp}`)
  }
  // Recomputed from the transfers: a pending amount counts until a post or void for it exists.
  const mismatched = await db.query<{ id: string }>(
    `WITH legs AS (
       SELECT t.debit_account_id AS account, t.amount AS amount, t.kind, t.id, -1 AS side FROM ledger_transfers t
       UNION ALL
       SELECT t.credit_account_id, t.amount, t.kind, t.id, 1 FROM ledger_transfers t
     ), open_holds AS (
       SELECT p.id FROM ledger_transfers p
        WHERE p.kind = 'pending' AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = p.id)
     ), sums AS (
       SELECT account,
              coalesce(sum(amount) FILTER (WHERE side = -1 AND kind IN ('posted', 'post_pending')), 0) AS dpo,
              coalesce(sum(amount) FILTER (WHERE side = 1 AND kind IN ('posted', 'post_pending')), 0) AS cpo,
              coalesce(sum(amount) FILTER (WHERE side = -1 AND id IN (SELECT id FROM open_holds)), 0) AS dp,
              coalesce(sum(amount) FILTER (WHERE side = 1 AND id IN (SELECT id FROM open_holds)), 0) AS cp
         FROM legs GROUP BY account
     )
     SELECT a.id::text FROM ledger_accounts a LEFT JOIN sums s ON s.account = a.id
      WHERE a.debits_posted <> coalesce(s.dpo, 0) OR a.credits_posted <> coalesce(s.cpo, 0)
         OR a.debits_pending <> coalesce(s.dp, 0) OR a.credits_pending <> coalesce(s.cp, 0)`,
  )
  for (const row of mismatched.rows) problems.push(`account ${row.id} disagrees with its transfers`)
  return { balanced: problems.length === 0, problems }
}

import type {
  AdminPayout,
  Payout,
  PayoutMethodName,
  PayoutSettings,
  PayoutSource,
  PayoutStatus,
} from "@manyhands/contract/payouts"
import type { PageQuery } from "@manyhands/contract"
import type { Database, Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import {
  type AccountPurpose,
  accountBalance,
  type Currency,
  ledgerAccount,
  LedgerError,
  transfer,
} from "../ledger/ledger"
import { isPayoutMethod, PAYOUT_METHOD_NAMES, PAYOUT_METHODS, payoutFee } from "./payout-methods"
import { recordStaffAction, type StaffActor } from "../ops/audit"

/*
 * Payout requests and their decisions (PAYOUTS.md). Each state change runs in one transaction with the
 * ledger transfer it causes, the payout row locked (FOR UPDATE), so a request is decided exactly once.
 */

/** Payouts are in USD: the methods' minimums and fees are USD amounts. */
const CURRENCY: Currency = "USD"

const SOURCE_PURPOSE: Record<PayoutSource, AccountPurpose> = {
  earnings: "worker_earnings",
  partner: "partner_balance",
}
const SOURCE_NAME: Record<PayoutSource, string> = {
  earnings: "your earnings",
  partner: "your partner balance",
}

interface PayoutRow {
  id: string
  user_id: string | null
  email?: string | null
  source: PayoutSource
  account_id: string
  method: PayoutMethodName
  wallet: string
  amount: string
  fee: string
  status: PayoutStatus
  reference: string | null
  reason: string | null
  created_at: Date | string
  decided_at: Date | string | null
}

const COLUMNS = `p.id::text, p.user_id::text, p.source, p.account_id::text, p.method, p.wallet, p.amount::text,
  p.fee::text, p.status, p.reference, p.reason, p.created_at, p.decided_at`

const toPayout = (row: PayoutRow): Payout => ({
  id: row.id,
  source: row.source,
  method: row.method,
  wallet: row.wallet,
  amount: Number(row.amount),
  fee: Number(row.fee),
  net: Number(row.amount) - Number(row.fee),
  status: row.status,
  reference: row.reference,
  reason: row.reason,
  createdAt: new Date(row.created_at).toISOString(),
  decidedAt: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
})

/** $12.5 → "$12.50", 300 micro-units → "$0.0003": exact, never rounded up past what is there. */
export function formatUsd(micro: number): string {
  const cents = String(micro % 1_000_000)
    .padStart(6, "0")
    .replace(/0{1,4}$/, "")
  return `$${Math.floor(micro / 1_000_000)}.${cents.padEnd(2, "0")}`
}

const amountError = (code: string, message: string) =>
  new HttpError(400, code, message, [{ field: "amount", message }])

const sourceAccount = (tx: Queryable, userId: string, source: PayoutSource) =>
  ledgerAccount(tx, { userId, purpose: SOURCE_PURPOSE[source], currency: CURRENCY })

const platformAccount = (tx: Queryable, purpose: AccountPurpose) =>
  ledgerAccount(tx, { userId: null, purpose, currency: CURRENCY })

// ---------------------------------------------------------------------------------------------------------
// Settings

export async function payoutSettings(db: Database, userId: string): Promise<PayoutSettings> {
  const { rows } = await db.query<{ payout_method: string | null; payout_wallet: string | null }>(
    "SELECT payout_method, payout_wallet FROM users WHERE id = $1",
    [userId],
  )
  const user = rows[0]
  // Read only: an account that does not exist yet holds nothing.
  const balances = await db.query<{ purpose: AccountPurpose; available: string }>(
    `SELECT purpose, (credits_posted - debits_posted - debits_pending)::text AS available FROM ledger_accounts
      WHERE user_id = $1 AND currency = $2 AND purpose IN ('worker_earnings', 'partner_balance')`,
    [userId, CURRENCY],
  )
  const held = (purpose: AccountPurpose) =>
    Number(balances.rows.find((row) => row.purpose === purpose)?.available ?? 0)
  return {
    methods: PAYOUT_METHOD_NAMES.map((name) => {
      const method = PAYOUT_METHODS[name]
      return {
        name,
        label: method.label,
        minimum: method.minimum,
        fee: { fixed: method.fee.fixed, percent: method.fee.basisPoints / 100, minimum: method.fee.minimum },
      }
    }),
    current:
      user && isPayoutMethod(user.payout_method) && user.payout_wallet
        ? { method: user.payout_method, wallet: user.payout_wallet }
        : null,
    available: { earnings: held("worker_earnings"), partner: held("partner_balance") },
  }
}

// ---------------------------------------------------------------------------------------------------------
// Requests

/**
 * Moves `amount` from the source account to payout_clearing at once and records the request with the
 * wallet as it is now. Refused without a confirmed wallet, below the method's minimum or above what the
 * source holds.
 */
export async function requestPayout(
  db: Database,
  { userId, amount, source }: { userId: string; amount: number; source: PayoutSource },
): Promise<Payout> {
  return db.transaction(async (tx) => {
    // The user row is locked: two requests of one user are checked against the balance one after another,
    // and a wallet change cannot land between reading the wallet and storing it with the payout.
    const { rows } = await tx.query<{ payout_method: string | null; payout_wallet: string | null }>(
      "SELECT payout_method, payout_wallet FROM users WHERE id = $1 FOR UPDATE",
      [userId],
    )
    const user = rows[0]
    if (!user || !isPayoutMethod(user.payout_method) || !user.payout_wallet) {
      throw new HttpError(
        409,
        "PAYOUT_WALLET_MISSING",
        "Set your payout method and wallet in the profile and confirm them from the mail before requesting a payout.",
      )
    }
    const method = PAYOUT_METHODS[user.payout_method]
    if (amount < method.minimum) {
      throw amountError(
        "PAYOUT_BELOW_MINIMUM",
        `The smallest payout by ${method.label} is ${formatUsd(method.minimum)}.`,
      )
    }
    const accountId = await sourceAccount(tx, userId, source)
    const { available } = await accountBalance(tx, accountId)
    const exceeds = () =>
      amountError(
        "PAYOUT_EXCEEDS_AVAILABLE",
        `You can request at most ${formatUsd(Math.max(0, available))} from ${SOURCE_NAME[source]}.`,
      )
    if (amount > available) throw exceeds()
    const fee = payoutFee(method, amount)
    const inserted = await tx.query<PayoutRow>(
      `INSERT INTO payouts AS p (user_id, source, account_id, method, wallet, amount, fee)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [userId, source, accountId, method.name, user.payout_wallet, amount, fee],
    )
    const payout = inserted.rows[0]!
    try {
      await transfer(tx, {
        key: `payout:${payout.id}:request`,
        debitAccountId: accountId,
        creditAccountId: await platformAccount(tx, "payout_clearing"),
        amount,
        currency: CURRENCY,
        memo: `Payout ${payout.id} requested`,
      })
    } catch (error) {
      if (error instanceof LedgerError && error.code === "EXCEEDS_CREDITS") throw exceeds()
      throw error
    }
    return toPayout(payout)
  })
}

/** The requested payout, locked for its decision; 404 if not there (or not the user's), 409 if decided. */
async function lockRequested(tx: Queryable, id: string, ownerId?: string): Promise<PayoutRow> {
  const { rows } = await tx.query<PayoutRow>(
    `SELECT ${COLUMNS} FROM payouts p WHERE p.id = $1 ${ownerId === undefined ? "" : "AND p.user_id = $2"}
        FOR UPDATE`,
    ownerId === undefined ? [id] : [id, ownerId],
  )
  const row = rows[0]
  if (!row) throw new HttpError(404, "PAYOUT_NOT_FOUND", "There is no such payout.")
  if (row.status !== "requested") {
    throw new HttpError(409, "PAYOUT_ALREADY_DECIDED", `This payout was already ${row.status}.`)
  }
  return row
}

async function setStatus(
  tx: Queryable,
  id: string,
  fields: { status: Exclude<PayoutStatus, "requested">; reference?: string; reason?: string; by?: string },
): Promise<Payout> {
  const { rows } = await tx.query<PayoutRow>(
    `UPDATE payouts p SET status = $2, reference = $3, reason = $4, decided_by = $5, decided_at = now()
      WHERE p.id = $1 RETURNING ${COLUMNS}`,
    [id, fields.status, fields.reference ?? null, fields.reason ?? null, fields.by ?? null],
  )
  return toPayout(rows[0]!)
}

/** The whole amount back from payout_clearing to the account it came from. */
async function returnMoney(tx: Queryable, row: PayoutRow, why: "reject" | "cancel") {
  await transfer(tx, {
    key: `payout:${row.id}:${why}`,
    debitAccountId: await platformAccount(tx, "payout_clearing"),
    creditAccountId: row.account_id,
    amount: Number(row.amount),
    currency: CURRENCY,
    memo: `Payout ${row.id} ${why === "reject" ? "rejected" : "cancelled"}`,
  })
}

/**
 * An admin sent the money (`reference` names the outgoing transaction): the net leaves for payouts_sent and
 * the fee goes to platform_revenue, both from payout_clearing.
 */
export async function approvePayout(
  db: Database,
  { id, adminId, reference, actor }: { id: string; adminId: string; reference: string; actor?: StaffActor },
): Promise<Payout> {
  return db.transaction(async (tx) => {
    const row = await lockRequested(tx, id)
    const clearing = await platformAccount(tx, "payout_clearing")
    const fee = Number(row.fee)
    await transfer(tx, {
      key: `payout:${row.id}:approve`,
      debitAccountId: clearing,
      creditAccountId: await platformAccount(tx, "payouts_sent"),
      amount: Number(row.amount) - fee,
      currency: CURRENCY,
      memo: `Payout ${row.id} sent: ${reference}`.slice(0, 500),
    })
    if (fee > 0) {
      await transfer(tx, {
        key: `payout:${row.id}:fee`,
        debitAccountId: clearing,
        creditAccountId: await platformAccount(tx, "platform_revenue"),
        amount: fee,
        currency: CURRENCY,
        memo: `Fee of payout ${row.id}`,
      })
    }
    if (actor)
      await recordStaffAction(tx, actor, {
        action: "payout.approve",
        targetKind: "payout",
        targetId: row.id,
        subjectUserId: row.user_id,
        details: { amount: Number(row.amount), fee, method: row.method, reference },
      })
    return setStatus(tx, id, { status: "approved", reference, by: adminId })
  })
}

/** An admin refused the payout: the whole amount returns to the source account. */
export async function rejectPayout(
  db: Database,
  { id, adminId, reason, actor }: { id: string; adminId: string; reason: string; actor?: StaffActor },
): Promise<Payout> {
  return db.transaction(async (tx) => {
    const row = await lockRequested(tx, id)
    await returnMoney(tx, row, "reject")
    if (actor)
      await recordStaffAction(tx, actor, {
        action: "payout.reject",
        targetKind: "payout",
        targetId: row.id,
        subjectUserId: row.user_id,
        reason,
        details: { amount: Number(row.amount), method: row.method },
      })
    return setStatus(tx, id, { status: "rejected", reason, by: adminId })
  })
}

/** The requester takes back a request nobody decided yet: the whole amount returns. */
export async function cancelPayout(db: Database, { id, userId }: { id: string; userId: string }) {
  return db.transaction(async (tx) => {
    const row = await lockRequested(tx, id, userId)
    await returnMoney(tx, row, "cancel")
    return setStatus(tx, id, { status: "cancelled", by: userId })
  })
}

// ---------------------------------------------------------------------------------------------------------
// Lists

/** The user's payouts, newest first. */
export async function listPayouts(db: Queryable, userId: string, { page, pageSize }: PageQuery) {
  const { rows } = await db.query<PayoutRow>(
    `SELECT ${COLUMNS} FROM payouts p WHERE p.user_id = $1 ORDER BY p.id DESC LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  )
  const total = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM payouts WHERE user_id = $1", [
    userId,
  ])
  return { items: rows.map(toPayout), total: total.rows[0]!.n, page, pageSize }
}

/**
 * The admins' list of one status with the requesters' addresses: waiting requests oldest first (the queue
 * in the order it formed), decided ones newest first.
 */
export async function listPayoutsByStatus(
  db: Queryable,
  { status, page, pageSize }: PageQuery & { status: PayoutStatus },
) {
  const order = status === "requested" ? "ASC" : "DESC"
  const { rows } = await db.query<PayoutRow>(
    `SELECT ${COLUMNS}, u.email FROM payouts p LEFT JOIN users u ON u.id = p.user_id
      WHERE p.status = $1 ORDER BY p.id ${order} LIMIT $2 OFFSET $3`,
    [status, pageSize, (page - 1) * pageSize],
  )
  const total = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM payouts WHERE status = $1", [
    status,
  ])
  return {
    items: rows.map((row): AdminPayout => ({
      ...toPayout(row),
      userId: row.user_id,
      email: row.email ?? null,
    })),
    total: total.rows[0]!.n,
    page,
    pageSize,
  }
}

import type { Page, PageQuery } from "@manyhands/contract"
import type { PromoCode, PromoRedeemed, PromoRedemption, PromoStatus } from "@manyhands/contract/codes"
import type { Database, Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import { type Currency, transfer } from "../ledger/ledger"
import { checkAmount, customerBalance, iso, isoOrNull, platformAccount } from "./shared"
import { recordStaffAction, type StaffActor } from "../ops/audit"

/*
 * Promo codes (CODES.md): readable codes the admins choose, each a fixed bonus credited from promotional_credit
 * to the user's balance, once per user, within the code's dates and limit of redemptions. The code's row is
 * locked while a redemption is counted, so parallel redemptions cannot overrun the limit.
 */

/**
 * What a code is matched by: upper case, without spaces, dashes and underscores ("spring 2026" finds
 * SPRING-2026). Null when nothing of the right kind is left.
 */
export function promoCodeKey(input: string): string | null {
  const key = input.toUpperCase().replace(/[\s_\u2010-\u2015-]/g, "")
  return /^[0-9A-Z]{3,32}$/.test(key) ? key : null
}

interface PromoRow {
  id: string
  code: string
  amount: string
  currency: Currency
  max_redemptions: number | null
  redemptions: number
  starts_at: Date | string | null
  expires_at: Date | string | null
  new_customers_only: boolean
  note: string | null
  created_at: Date | string
  disabled_at: Date | string | null
  not_started: boolean
  expired: boolean
}

/** With the state as of now (the database's clock). */
const PROMO_COLUMNS = `id::text, code, amount::text, currency, max_redemptions, redemptions, starts_at, expires_at,
  new_customers_only, note, created_at, disabled_at,
  coalesce(starts_at > now(), false) AS not_started, coalesce(expires_at <= now(), false) AS expired`

function statusOf(row: PromoRow): PromoStatus {
  if (row.disabled_at !== null) return "disabled"
  if (row.expired) return "expired"
  if (row.max_redemptions !== null && row.redemptions >= row.max_redemptions) return "exhausted"
  if (row.not_started) return "scheduled"
  return "active"
}

const toPromoCode = (row: PromoRow): PromoCode => ({
  id: row.id,
  code: row.code,
  amount: Number(row.amount),
  currency: row.currency,
  maxRedemptions: row.max_redemptions,
  redemptions: row.redemptions,
  startsAt: isoOrNull(row.starts_at),
  expiresAt: isoOrNull(row.expires_at),
  newCustomersOnly: row.new_customers_only,
  note: row.note,
  status: statusOf(row),
  createdAt: iso(row.created_at),
  disabledAt: isoOrNull(row.disabled_at),
})

// ---------------------------------------------------------------------------------------------------------
// Admins

export interface PromoCodeRequest {
  code: string
  amount: number
  currency: Currency
  maxRedemptions: number | null
  startsAt: string | null
  expiresAt: string | null
  newCustomersOnly: boolean
  note: string | null
  adminId: string
  /** The administrator, for the staff audit log (ops/audit.ts). */
  actor?: StaffActor
}

const fieldError = (code: string, field: string, message: string, status = 400) =>
  new HttpError(status, code, message, [{ field, message }])

export async function createPromoCode(db: Database, request: PromoCodeRequest): Promise<PromoCode> {
  const key = promoCodeKey(request.code)
  if (!key)
    throw fieldError(
      "PROMO_CODE_INVALID",
      "code",
      "Use 3 to 32 letters (A–Z) and digits; spaces, dashes and underscores may separate them.",
    )
  checkAmount(request.amount, request.currency, { minimum: false })
  const startsAt = request.startsAt === null ? null : new Date(request.startsAt)
  const expiresAt = request.expiresAt === null ? null : new Date(request.expiresAt)
  if (expiresAt && expiresAt.getTime() <= Date.now())
    throw fieldError("PROMO_DATES_INVALID", "expiresAt", "The end must be in the future.")
  if (startsAt && expiresAt && startsAt >= expiresAt)
    throw fieldError("PROMO_DATES_INVALID", "startsAt", "The start must come before the end.")
  const display = request.code.trim().toUpperCase().replace(/\s+/g, "-")
  const rows = await db.transaction(async (tx) => {
    const { rows } = await tx.query<PromoRow>(
      `INSERT INTO promo_codes (code, code_key, amount, currency, max_redemptions, starts_at, expires_at,
       new_customers_only, note, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (code_key) DO NOTHING
     RETURNING ${PROMO_COLUMNS}`,
      [
        display,
        key,
        request.amount,
        request.currency,
        request.maxRedemptions,
        startsAt?.toISOString() ?? null,
        expiresAt?.toISOString() ?? null,
        request.newCustomersOnly,
        request.note,
        request.adminId,
      ],
    )
    if (rows[0] && request.actor)
      await recordStaffAction(tx, request.actor, {
        action: "promo_code.create",
        targetKind: "promo_code",
        targetId: rows[0].id,
        reason: request.note,
        details: {
          code: display,
          amount: request.amount,
          currency: request.currency,
          maxRedemptions: request.maxRedemptions,
          expiresAt: expiresAt?.toISOString() ?? null,
        },
      })
    return rows
  })
  // Also a code that differs only by case, spaces or dashes: users could not tell them apart.
  if (!rows[0]) throw fieldError("PROMO_CODE_TAKEN", "code", `A promo code ${display} already exists.`, 409)
  return toPromoCode(rows[0])
}

/** Every code, newest first, with its redemption count and state. */
export async function listPromoCodes(db: Queryable, { page, pageSize }: PageQuery): Promise<Page<PromoCode>> {
  const { rows } = await db.query<PromoRow>(
    `SELECT ${PROMO_COLUMNS} FROM promo_codes ORDER BY id DESC LIMIT $1 OFFSET $2`,
    [pageSize, (page - 1) * pageSize],
  )
  const count = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM promo_codes")
  return { items: rows.map(toPromoCode), total: count.rows[0]!.n, page, pageSize }
}

/** No further redemptions; those made stay. */
export async function disablePromoCode(
  db: Database,
  { id, adminId, actor }: { id: string; adminId: string; actor?: StaffActor },
) {
  const rows = await db.transaction(async (tx) => {
    const { rows } = await tx.query<PromoRow>(
      `UPDATE promo_codes SET disabled_at = now(), disabled_by = $2 WHERE id = $1 AND disabled_at IS NULL
       RETURNING ${PROMO_COLUMNS}`,
      [id, adminId],
    )
    if (rows[0] && actor)
      await recordStaffAction(tx, actor, {
        action: "promo_code.disable",
        targetKind: "promo_code",
        targetId: id,
      })
    return rows
  })
  if (rows[0]) return toPromoCode(rows[0])
  const exists = await db.query("SELECT 1 FROM promo_codes WHERE id = $1", [id])
  if (exists.rows.length === 0) throw new HttpError(404, "PROMO_NOT_FOUND", "There is no such promo code.")
  throw new HttpError(409, "PROMO_ALREADY_DISABLED", "This promo code was already disabled.")
}

// ---------------------------------------------------------------------------------------------------------
// Users

const formatDay = (value: Date | string) => iso(value).slice(0, 10)

/** Whether the user's balance was ever credited from payment_clearing: a top-up or a voucher. */
async function hasToppedUp(tx: Queryable, userId: string): Promise<boolean> {
  const { rows } = await tx.query<{ found: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM ledger_transfers t
         JOIN ledger_accounts c ON c.id = t.credit_account_id
         JOIN ledger_accounts d ON d.id = t.debit_account_id
        WHERE c.user_id = $1 AND c.purpose = 'customer_balance'
          AND d.user_id IS NULL AND d.purpose = 'payment_clearing'
     ) AS found`,
    [userId],
  )
  return rows[0]!.found
}

export async function redeemPromoCode(
  db: Database,
  { code, userId }: { code: string; userId: string },
): Promise<PromoRedeemed> {
  const refuse = (status: number, errorCode: string, message: string) =>
    fieldError(errorCode, "code", message, status)
  const key = promoCodeKey(code)
  if (!key) throw refuse(404, "PROMO_NOT_FOUND", "There is no such promo code. Check it and try again.")
  return db.transaction(async (tx) => {
    // Locked: redemptions of one code are counted one after another.
    const { rows } = await tx.query<PromoRow>(
      `SELECT ${PROMO_COLUMNS} FROM promo_codes WHERE code_key = $1 FOR UPDATE`,
      [key],
    )
    const promo = rows[0]
    if (!promo) throw refuse(404, "PROMO_NOT_FOUND", "There is no such promo code. Check it and try again.")
    if (promo.disabled_at !== null) throw refuse(410, "PROMO_DISABLED", "This promo code has been withdrawn.")
    if (promo.expired)
      throw refuse(410, "PROMO_EXPIRED", `This promo code expired on ${formatDay(promo.expires_at!)} (UTC).`)
    if (promo.not_started)
      throw refuse(
        404,
        "PROMO_NOT_STARTED",
        `This promo code works from ${iso(promo.starts_at!).replace("T", " ").slice(0, 16)} UTC.`,
      )
    const used = await tx.query("SELECT 1 FROM promo_redemptions WHERE promo_code_id = $1 AND user_id = $2", [
      promo.id,
      userId,
    ])
    if (used.rows.length > 0)
      throw refuse(409, "PROMO_ALREADY_USED", "You have already used this promo code.")
    if (promo.max_redemptions !== null && promo.redemptions >= promo.max_redemptions)
      throw refuse(409, "PROMO_EXHAUSTED", "This promo code has been used as many times as it allows.")
    if (promo.new_customers_only && (await hasToppedUp(tx, userId)))
      throw refuse(
        409,
        "PROMO_NEW_CUSTOMERS_ONLY",
        "This promo code is for new customers, before their first top-up.",
      )

    const amount = Number(promo.amount)
    let redeemedAt: Date | string
    try {
      const inserted = await tx.query<{ created_at: Date | string }>(
        `INSERT INTO promo_redemptions (promo_code_id, user_id, amount, currency) VALUES ($1, $2, $3, $4)
         RETURNING created_at`,
        [promo.id, userId, amount, promo.currency],
      )
      redeemedAt = inserted.rows[0]!.created_at
    } catch (error) {
      // The unique key, should a check above ever be bypassed.
      if ((error as { code?: string }).code === "23505")
        throw refuse(409, "PROMO_ALREADY_USED", "You have already used this promo code.")
      throw error
    }
    await tx.query("UPDATE promo_codes SET redemptions = redemptions + 1 WHERE id = $1", [promo.id])
    const balance = await customerBalance(tx, userId, promo.currency)
    await transfer(tx, {
      key: `promo:${promo.id}:${userId}`,
      debitAccountId: await platformAccount(tx, "promotional_credit", promo.currency),
      creditAccountId: balance.accountId,
      amount,
      currency: promo.currency,
      memo: `Promo code ${promo.code}`,
    })
    return {
      code: promo.code,
      amount,
      currency: promo.currency,
      redeemedAt: iso(redeemedAt),
      balance: await balance.available(),
    }
  })
}

/** The codes the user redeemed, newest first. */
export async function listRedeemedPromoCodes(
  db: Queryable,
  userId: string,
  { page, pageSize }: PageQuery,
): Promise<Page<PromoRedemption>> {
  const { rows } = await db.query<{
    code: string
    amount: string
    currency: Currency
    created_at: Date | string
  }>(
    `SELECT c.code, r.amount::text, r.currency, r.created_at FROM promo_redemptions r
       JOIN promo_codes c ON c.id = r.promo_code_id
      WHERE r.user_id = $1 ORDER BY r.id DESC LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  )
  const count = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM promo_redemptions WHERE user_id = $1",
    [userId],
  )
  return {
    items: rows.map((row) => ({
      code: row.code,
      amount: Number(row.amount),
      currency: row.currency,
      redeemedAt: iso(row.created_at),
    })),
    total: count.rows[0]!.n,
    page,
    pageSize,
  }
}

import { createHash, randomBytes } from "node:crypto"
import type { Page, PageQuery } from "@manyhands/contract"
import type { IssuedVoucher, Voucher, VoucherRedeemed, VoucherStatus } from "@manyhands/contract/codes"
import type { Database, Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import { type Currency, transfer } from "../ledger/ledger"
import { checkAmount, customerBalance, iso, isoOrNull, platformAccount } from "./shared"
import { recordStaffAction, type StaffActor } from "../ops/audit"

/*
 * PayPal vouchers (CODES.md): prepaid money sold outside the site. An admin issues random codes; a signed-in
 * user redeems one once, which credits their balance from payment_clearing in the transaction that marks the
 * voucher redeemed (its row locked). Only the SHA-256 of a code is stored, with its last 4 characters.
 */

/** Crockford's base32: no I, L, O or U, so a code read aloud or retyped has no look-alikes. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
/** 16 characters of 5 bits: 80 random bits, far beyond guessing at a few attempts a minute. */
const CODE_LENGTH = 16
const CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{16}$/

/** A new random code, without dashes. */
function newCode(): string {
  let bits = BigInt(`0x${randomBytes((CODE_LENGTH * 5) / 8).toString("hex")}`)
  let code = ""
  for (let i = 0; i < CODE_LENGTH; i++) {
    code = ALPHABET[Number(bits & 31n)]! + code
    bits >>= 5n
  }
  return code
}

/** "7K3M9QXR2B4THW8P" → "7K3M-9QXR-2B4T-HW8P": how codes are handed out and typed. */
export const formatVoucherCode = (code: string) => code.match(/.{4}/g)!.join("-")

/**
 * What a person typed, as stored: upper case, without spaces and dashes, and Crockford's look-alikes read as
 * the digits they stand for (O → 0, I and L → 1). Null when it cannot be a voucher code.
 */
export function normaliseVoucherCode(input: string): string | null {
  const code = input
    .toUpperCase()
    .replace(/[\s_\u2010-\u2015-]/g, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1")
  return CODE_PATTERN.test(code) ? code : null
}

export const hashVoucherCode = (normalised: string) => createHash("sha256").update(normalised).digest("hex")

interface VoucherRow {
  id: string
  last4: string
  amount: string
  currency: Currency
  note: string | null
  status: VoucherStatus
  created_at: Date | string
  issued_by_email: string | null
  redeemed_at: Date | string | null
  redeemed_by_email: string | null
  revoked_at: Date | string | null
}

const SELECT_VOUCHERS = `SELECT v.id::text, v.last4, v.amount::text, v.currency, v.note, v.status, v.created_at,
    i.email AS issued_by_email, v.redeemed_at, r.email AS redeemed_by_email, v.revoked_at
  FROM vouchers v LEFT JOIN users i ON i.id = v.issued_by LEFT JOIN users r ON r.id = v.redeemed_by`

const toVoucher = (row: VoucherRow): Voucher => ({
  id: row.id,
  last4: row.last4,
  amount: Number(row.amount),
  currency: row.currency,
  note: row.note,
  status: row.status,
  createdAt: iso(row.created_at),
  issuedBy: row.issued_by_email,
  redeemedAt: isoOrNull(row.redeemed_at),
  redeemedBy: row.redeemed_by_email,
  revokedAt: isoOrNull(row.revoked_at),
})

async function findVoucher(tx: Queryable, id: string): Promise<Voucher> {
  const { rows } = await tx.query<VoucherRow>(`${SELECT_VOUCHERS} WHERE v.id = $1`, [id])
  return toVoucher(rows[0]!)
}

// ---------------------------------------------------------------------------------------------------------
// Admins

export async function issueVouchers(
  db: Database,
  request: {
    amount: number
    currency: Currency
    count: number
    note: string | null
    adminId: string
    actor?: StaffActor
  },
): Promise<IssuedVoucher[]> {
  checkAmount(request.amount, request.currency, { minimum: true })
  return db.transaction(async (tx) => {
    const issued: IssuedVoucher[] = []
    for (let i = 0; i < request.count; i++) {
      const code = newCode()
      const { rows } = await tx.query<{ id: string }>(
        `INSERT INTO vouchers (code_hash, last4, amount, currency, note, issued_by)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text`,
        [
          hashVoucherCode(code),
          code.slice(-4),
          request.amount,
          request.currency,
          request.note,
          request.adminId,
        ],
      )
      issued.push({ ...(await findVoucher(tx, rows[0]!.id)), code: formatVoucherCode(code) })
    }
    // The codes themselves are never recorded.
    if (request.actor)
      await recordStaffAction(tx, request.actor, {
        action: "voucher.issue",
        targetKind: "voucher",
        targetId: issued[0]?.id ?? null,
        reason: request.note,
        details: {
          count: request.count,
          amount: request.amount,
          currency: request.currency,
          ids: issued.map((voucher) => voucher.id),
        },
      })
    return issued
  })
}

export async function listVouchers(
  db: Queryable,
  { status, page, pageSize }: PageQuery & { status?: VoucherStatus },
): Promise<Page<Voucher>> {
  const { rows } = await db.query<VoucherRow>(
    `${SELECT_VOUCHERS} WHERE ($1::text IS NULL OR v.status = $1) ORDER BY v.id DESC LIMIT $2 OFFSET $3`,
    [status ?? null, pageSize, (page - 1) * pageSize],
  )
  const count = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM vouchers WHERE ($1::text IS NULL OR status = $1)",
    [status ?? null],
  )
  return { items: rows.map(toVoucher), total: count.rows[0]!.n, page, pageSize }
}

/** An issued voucher can no longer be redeemed (sold by mistake, refunded at PayPal). */
export async function revokeVoucher(
  db: Database,
  { id, adminId, actor }: { id: string; adminId: string; actor?: StaffActor },
) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ status: VoucherStatus }>(
      "SELECT status FROM vouchers WHERE id = $1 FOR UPDATE",
      [id],
    )
    const status = rows[0]?.status
    if (!status) throw new HttpError(404, "VOUCHER_NOT_FOUND", "There is no such voucher.")
    if (status === "redeemed")
      throw new HttpError(
        409,
        "VOUCHER_ALREADY_REDEEMED",
        "This voucher was already redeemed; it cannot be revoked.",
      )
    if (status === "revoked")
      throw new HttpError(409, "VOUCHER_ALREADY_REVOKED", "This voucher was already revoked.")
    await tx.query(
      "UPDATE vouchers SET status = 'revoked', revoked_at = now(), revoked_by = $2 WHERE id = $1",
      [id, adminId],
    )
    if (actor)
      await recordStaffAction(tx, actor, { action: "voucher.revoke", targetKind: "voucher", targetId: id })
    return findVoucher(tx, id)
  })
}

// ---------------------------------------------------------------------------------------------------------
// Users

/** Unknown and revoked codes answer alike: a guesser learns nothing from the difference. */
const notFound = () =>
  new HttpError(404, "VOUCHER_NOT_FOUND", "No voucher has this code. Check it and try again.", [
    { field: "code", message: "No voucher has this code. Check it and try again." },
  ])

export async function redeemVoucher(
  db: Database,
  { code, userId }: { code: string; userId: string },
): Promise<VoucherRedeemed> {
  const normalised = normaliseVoucherCode(code)
  if (!normalised) {
    const message = "A voucher code has 16 letters and digits, like 7K3M-9QXR-2B4T-HW8P."
    throw new HttpError(400, "VOUCHER_CODE_INVALID", message, [{ field: "code", message }])
  }
  return db.transaction(async (tx) => {
    // Locked: of two redemptions at once, the second waits and then finds it redeemed.
    const { rows } = await tx.query<{
      id: string
      amount: string
      currency: Currency
      status: VoucherStatus
    }>("SELECT id::text, amount::text, currency, status FROM vouchers WHERE code_hash = $1 FOR UPDATE", [
      hashVoucherCode(normalised),
    ])
    const voucher = rows[0]
    if (!voucher || voucher.status === "revoked") throw notFound()
    if (voucher.status === "redeemed")
      throw new HttpError(409, "VOUCHER_ALREADY_REDEEMED", "This voucher has already been redeemed.", [
        { field: "code", message: "This voucher has already been redeemed." },
      ])
    const amount = Number(voucher.amount)
    const balance = await customerBalance(tx, userId, voucher.currency)
    await transfer(tx, {
      key: `voucher:${voucher.id}`,
      debitAccountId: await platformAccount(tx, "payment_clearing", voucher.currency),
      creditAccountId: balance.accountId,
      amount,
      currency: voucher.currency,
      memo: `Voucher ${voucher.id} redeemed`,
    })
    await tx.query(
      "UPDATE vouchers SET status = 'redeemed', redeemed_at = now(), redeemed_by = $2 WHERE id = $1",
      [voucher.id, userId],
    )
    return { voucherId: voucher.id, amount, currency: voucher.currency, balance: await balance.available() }
  })
}

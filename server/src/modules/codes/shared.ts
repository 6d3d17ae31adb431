import type { Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import { accountBalance, type Currency, ledgerAccount } from "../ledger/ledger"
import { formatMicros, LIMITS } from "../payments/payments"

/** Providers and PayPal deal in whole cents (kopecks): 10,000 micro-units. */
const MICROS_PER_CENT = 10_000

export const iso = (value: Date | string) => new Date(value).toISOString()
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value))

/** "1,234.50 USD": how amounts read in messages. */
export const shown = (amount: number, currency: Currency) =>
  `${formatMicros(amount).replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ",")} ${currency}`

/**
 * An amount an admin gives for a voucher or a bonus: whole cents, at most the largest top-up (and, with
 * `minimum`, at least the smallest: a voucher is a top-up paid elsewhere). 400 naming the field otherwise.
 */
export function checkAmount(amount: number, currency: Currency, { minimum }: { minimum: boolean }) {
  const refuse = (code: string, message: string) =>
    new HttpError(400, code, message, [{ field: "amount", message }])
  const { min, max } = LIMITS[currency]
  const lowest = minimum ? min : MICROS_PER_CENT
  if (!Number.isSafeInteger(amount) || amount < lowest || amount > max)
    throw refuse(
      "AMOUNT_OUT_OF_RANGE",
      `The amount in ${currency} is from ${shown(lowest, currency)} to ${shown(max, currency)}.`,
    )
  if (amount % MICROS_PER_CENT !== 0)
    throw refuse(
      "AMOUNT_NOT_WHOLE_CENTS",
      `Give the amount in whole cents, a multiple of ${MICROS_PER_CENT} micro-units (${shown(amount, currency)} is not).`,
    )
}

/** The user's customer balance in a currency and what it holds now (after a credit in the same transaction). */
export async function customerBalance(tx: Queryable, userId: string, currency: Currency) {
  const accountId = await ledgerAccount(tx, { userId, purpose: "customer_balance", currency })
  return { accountId, available: async () => (await accountBalance(tx, accountId)).available }
}

export const platformAccount = (
  tx: Queryable,
  purpose: "payment_clearing" | "promotional_credit",
  currency: Currency,
) => ledgerAccount(tx, { userId: null, purpose, currency })

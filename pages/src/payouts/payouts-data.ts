/**
 * Client-side helpers of the payouts screens (/partner/payment, /partner/payment_edit, /partner/history_payment,
 * /admin/payouts). The API itself — addresses, answers and their types — is @manyhands/contract/payouts
 * (`payoutsApi`); the routes' data hooks preload its first answers.
 *
 * Money is in ledger micro-units of USD (millionths: 20_000_000 is $20.00); every payout is in USD.
 */
import type { PayoutMethod, PayoutMethodName } from "@manyhands/contract/payouts"

/** The currency of every payout. */
export const PAYOUT_CURRENCY = "USD"

/**
 * The methods' names as the server's catalogue writes them (payout-methods.ts): brand names, the same in every
 * language. Lists that have no settings answer at hand (the history, the admin queue) name methods by these.
 */
export const PAYOUT_METHOD_LABELS: Record<PayoutMethodName, string> = {
  "usdt-trc20": "USDT (TRC-20)",
  btc: "Bitcoin",
  paypal: "PayPal",
}

/** The fee of a payout of `amount` by this method, as the server computes it: max(minimum, fixed + ⌈amount × %⌉). */
export function payoutFee(method: PayoutMethod, amount: number): number {
  // Hundredths of a percent in integers, so 2 % of an odd amount rounds up exactly as on the server.
  const basisPoints = Math.round(method.fee.percent * 100)
  const share = Math.ceil((amount * basisPoints) / 10_000)
  return Math.max(method.fee.minimum, method.fee.fixed + share)
}

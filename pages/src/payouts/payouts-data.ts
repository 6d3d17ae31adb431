/**
 * The answers of the payouts API (server/PAYOUTS.md, server/src/modules/payouts/routes.ts) as the screens of
 * /partner/payment, /partner/payment_edit, /partner/history_payment and /admin/payouts receive them. Each
 * route's data hooks (app/src/data-hooks.ts) preload the first answer under these addresses; screens fetch other
 * pages and statuses with `api.get`.
 *
 * Money is in ledger micro-units of USD (millionths: 20_000_000 is $20.00); every payout is in USD.
 */
import type { Page } from "../customer/customer-data"

export type { Page }

export const PAYOUT_URLS = {
  /** GET → PayoutSettings: the methods, the confirmed wallet and what each source holds. */
  settings: "/api/v2/payouts/methods",
  /** POST { amount, source } → 201 Payout; GET ?page=&pageSize= → Page<Payout>, newest first. */
  payouts: "/api/v2/payouts",
  /** POST → Payout (cancelled); 409 PAYOUT_ALREADY_DECIDED once an admin decided it. */
  cancel: (id: string) => `/api/v2/payouts/${id}/cancel`,
  /** GET ?status=&page=&pageSize= → Page<AdminPayout>; requested ones oldest first, decided ones newest first. */
  admin: "/api/v2/admin/payouts",
  /** POST { reference } → Payout (approved). */
  approve: (id: string) => `/api/v2/admin/payouts/${id}/approve`,
  /** POST { reason } → Payout (rejected). */
  reject: (id: string) => `/api/v2/admin/payouts/${id}/reject`,
} as const

/** The currency of every payout. */
export const PAYOUT_CURRENCY = "USD"

export const PAYOUT_SOURCES = ["earnings", "partner"] as const
/** earnings: a worker's earnings (worker_earnings); partner: an affiliate's partner balance (partner_balance). */
export type PayoutSource = (typeof PAYOUT_SOURCES)[number]

export const PAYOUT_STATUSES = ["requested", "approved", "rejected", "cancelled"] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]

export const PAYOUT_METHOD_NAMES = ["usdt-trc20", "btc", "paypal"] as const
export type PayoutMethodName = (typeof PAYOUT_METHOD_NAMES)[number]

/**
 * The methods' names as the server's catalogue writes them (payout-methods.ts): brand names, the same in every
 * language. Lists that have no settings answer at hand (the history, the admin queue) name methods by these.
 */
export const PAYOUT_METHOD_LABELS: Record<PayoutMethodName, string> = {
  "usdt-trc20": "USDT (TRC-20)",
  btc: "Bitcoin",
  paypal: "PayPal",
}

/** Longest outgoing transaction reference and rejection reason the server takes (after trimming). */
export const REFERENCE_MAX_LENGTH = 200
export const REASON_MAX_LENGTH = 500

export interface PayoutFee {
  /** Charged on every payout. */
  fixed: number
  /** Charged on the amount, in percent (2 = 2 %), rounded up to a whole micro-unit. */
  percent: number
  /** The fee is never less than this. */
  minimum: number
}

export interface PayoutMethod {
  name: PayoutMethodName
  label: string
  /** The smallest amount a request may ask for (fee included). */
  minimum: number
  fee: PayoutFee
}

/** GET /api/v2/payouts/methods */
export interface PayoutSettings {
  methods: PayoutMethod[]
  /** The confirmed wallet; null until one with a method was confirmed from the mail. */
  current: { method: PayoutMethodName; wallet: string } | null
  /** What each source holds for a payout now (posted less holds); 0 where the account does not exist. */
  available: Record<PayoutSource, number>
}

/** One payout request; method and wallet as they were when it was requested. */
export interface Payout {
  id: string
  source: PayoutSource
  method: PayoutMethodName
  wallet: string
  /** What was asked for, fee included. */
  amount: number
  fee: number
  /** What reaches the wallet: amount less fee. */
  net: number
  status: PayoutStatus
  /** The outgoing transaction the admin entered on approval. */
  reference: string | null
  /** Why an admin rejected it. */
  reason: string | null
  /** ISO 8601. */
  createdAt: string
  decidedAt: string | null
}

/** A payout in the admins' list: with the requester (null once the account was deleted). */
export interface AdminPayout extends Payout {
  userId: string | null
  email: string | null
}

/** The fee of a payout of `amount` by this method, as the server computes it: max(minimum, fixed + ⌈amount × %⌉). */
export function payoutFee(method: PayoutMethod, amount: number): number {
  // Hundredths of a percent in integers, so 2 % of an odd amount rounds up exactly as on the server.
  const basisPoints = Math.round(method.fee.percent * 100)
  const share = Math.ceil((amount * basisPoints) / 10_000)
  return Math.max(method.fee.minimum, method.fee.fixed + share)
}

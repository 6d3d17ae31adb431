/**
 * The answers of the money API (server/MONEY.md) as the screens of /addbalance, /pay, /pay/{shortname},
 * /pay/ok, /pay/error, /pay/history_payment, /pay/history_day and the sandbox checkout receive them. Each route's
 * data hooks (app/src/data-hooks.ts) preload the first answer under these addresses.
 *
 * Money is in ledger micro-units (millionths of the currency): 25_000_000 USD is $25.00.
 */
import type { Currency, Page } from "../customer/customer-data"

export type { Currency, Page }

export const MONEY_URLS = {
  /** GET: the enabled providers and the limits of a top-up. */
  providers: "/api/v2/payments/providers",
  /** POST { provider, amount, currency } → CreatedPayment; GET ?page=&status= → Page<Payment> (newest first). */
  payments: "/api/v2/payments",
  /** GET ?page=&type=&status= → Page<Movement>: everything that moved the balance but captcha charges. */
  balanceHistory: "/api/v2/balance/history",
  /** GET: one of the signed-in user's payments (the /pay/ok and /pay/error pages follow it). */
  payment: (id: string) => `/api/v2/payments/${id}`,
  /** GET ?dateFrom=YYYY-MM-DD&dateTo=YYYY-MM-DD → DaySummary; with format=csv the same as a CSV download. */
  historyDay: "/api/v2/payments/history-day",
  /** GET: the sandbox provider's checkout of a payment (no sign-in needed: the id is unguessable). */
  sandboxCheckout: (checkoutId: string) => `/api/v2/payments/sandbox/${checkoutId}`,
  /** POST { outcome } → { returnUrl }: the sandbox "bank" decides; its signed webhook reaches our endpoint. */
  sandboxComplete: (checkoutId: string) => `/api/v2/payments/sandbox/${checkoutId}/complete`,
} as const

export type PaymentStatus = "pending" | "succeeded" | "failed" | "expired"
export type SandboxOutcome = "succeed" | "fail" | "pending"

export interface PaymentProvider {
  /** As in /pay/{shortname}: "sandbox", "card" (Stripe), … */
  shortname: string
  /** "redirect": the payer continues on the provider's page (redirectUrl). */
  kind: "redirect"
  currencies: Currency[]
}

/** GET /api/v2/payments/providers */
export interface ProvidersData {
  providers: PaymentProvider[]
  /** Smallest and largest top-up, micro-units per currency. */
  limits: Record<Currency, { min: number; max: number }>
}

/** POST /api/v2/payments → 201 */
export interface CreatedPayment {
  id: string
  /** Where to send the browser next: the provider's checkout page. */
  redirectUrl: string
  /** The discount campaign's bonus this payment will bring when it succeeds (server/MONEY.md). */
  bonus?: PaymentBonus | null
}

/**
 * The bonus of the discount campaign in force when a payment was made (pages/src/discounts/discounts-data.ts):
 * credited to the balance, apart from the amount paid, when the payment succeeds.
 */
export interface PaymentBonus {
  campaignId: string
  percent: number
  /** Micro-units: floor(amount × percent / 100). */
  amount: number
}

/** One top-up as the user's history shows it. */
export interface Payment {
  id: string
  provider: string
  amount: number
  currency: Currency
  status: PaymentStatus
  /** ISO 8601. */
  createdAt: string
  /** When it succeeded, failed or expired; null while pending. */
  completedAt: string | null
  /** The provider's own reference (shown on the receipt). */
  reference: string | null
  /** The campaign's bonus it was promised; credited if it succeeded, nothing if it failed or expired. */
  bonus?: PaymentBonus | null
}

/** What moved the balance: a top-up, a redeemed code, a transfer either way, a captcha refund, or another credit. */
export type MovementKind =
  "topUp" | "voucher" | "promoCode" | "transferIn" | "transferOut" | "refund" | "adjustment"
/** The history's filter groups (?type=): a transfer either way, a voucher or a promo code. */
export type MovementType = "topUp" | "transfer" | "code" | "refund" | "adjustment"
/** A payment's statuses, and "cancelled" for a transfer its sender withdrew. */
export type MovementStatus = PaymentStatus | "cancelled"

/** One row of /pay/history_payment (GET /api/v2/balance/history, server/MONEY.md "Balance history"). */
export interface Movement {
  /** Unique in the history: `${kind}:${sourceId}`. */
  id: string
  kind: MovementKind
  /** The payment's, voucher's, promo code redemption's, transfer's, captcha task's or ledger transfer's id. */
  sourceId: string
  /** Signed micro-units: positive added to the balance, negative taken from it (or would be, if not final). */
  amount: number
  currency: Currency
  status: MovementStatus
  /** ISO 8601. */
  createdAt: string
  completedAt: string | null
  /** Top-ups: the provider's shortname. */
  provider: string | null
  /** Top-ups: the provider's reference; vouchers: the last 4 characters; promo codes: the code; refunds: the task. */
  reference: string | null
  /** Transfers: the other side, e-mail masked. */
  counterparty: { id: string | null; email: string | null } | null
  /** Transfers: the sender's note; refunds: the captcha type; adjustments: the platform's memo. */
  note: string | null
  bonus: PaymentBonus | null
  /** The ledger transfer that moved the money; null while nothing moved. */
  ledgerTransferId: string | null
}

/** GET /api/v2/payments/history-day: one row per day with any movement, newest first, in the user's currency. */
export interface DaySummary {
  currency: Currency
  days: {
    /** YYYY-MM-DD (UTC). */
    date: string
    toppedUp: number
    spent: number
    earned: number
  }[]
}

/** GET /api/v2/payments/sandbox/:checkoutId */
export interface SandboxCheckout {
  checkoutId: string
  amount: number
  currency: Currency
  status: PaymentStatus
  /** Where the payer returns to (our /pay/ok or /pay/error with ?payment=). */
  returnUrl: string
}

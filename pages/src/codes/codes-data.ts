/**
 * The answers of the codes API (server/CODES.md) as the screens of /pay/paypal_voucher, /p/promocode,
 * /admin/vouchers and /admin/promo-codes receive them. Route data hooks (app/src/data-hooks.ts) preload the
 * first page of each list under these addresses.
 *
 * Money is in ledger micro-units (millionths of the currency): 25_000_000 USD is $25.00.
 */
import type { Currency, Page } from "../customer/customer-data"

export type { Currency, Page }

export const CODES_URLS = {
  /** POST { code } → VoucherRedeemed. 5 attempts a minute and 20 an hour per user. */
  redeemVoucher: "/api/v2/vouchers/redeem",
  /** POST { code } → PromoRedeemed. 10 attempts a minute and 30 an hour per user. */
  redeemPromo: "/api/v2/promo-codes/redeem",
  /** GET ?page=&pageSize= → Page<PromoRedemption>: the codes the signed-in user used, newest first. */
  redeemedPromos: "/api/v2/promo-codes/redeemed",
  /** Admins. POST NewVouchers → IssuedVouchers; GET ?status=&page=&pageSize= → Page<Voucher>, newest first. */
  adminVouchers: "/api/v2/admin/vouchers",
  /** Admins. POST → Voucher: an issued voucher can no longer be redeemed. */
  revokeVoucher: (id: string) => `/api/v2/admin/vouchers/${id}/revoke`,
  /** Admins. POST NewPromoCode → PromoCode; GET ?page=&pageSize= → Page<PromoCode>, newest first. */
  adminPromos: "/api/v2/admin/promo-codes",
  /** Admins. POST → PromoCode: no further redemptions. */
  disablePromo: (id: string) => `/api/v2/admin/promo-codes/${id}/disable`,
} as const

/** The support address that sells vouchers (paid with PayPal). */
export const VOUCHER_SUPPORT_EMAIL = "support@manyhands.dev"

/* ───────────── users ───────────── */

/** POST /api/v2/vouchers/redeem → 200 */
export interface VoucherRedeemed {
  voucherId: string
  amount: number
  currency: Currency
  /** The balance in that currency after the credit (what can be spent now). */
  balance: number
}

/** One promo code the user used. */
export interface PromoRedemption {
  /** As the admins wrote it: SPRING-2026. */
  code: string
  amount: number
  currency: Currency
  /** ISO 8601. */
  redeemedAt: string
}

/** POST /api/v2/promo-codes/redeem → 200 */
export interface PromoRedeemed extends PromoRedemption {
  balance: number
}

/* ───────────── admins ───────────── */

export type VoucherStatus = "issued" | "redeemed" | "revoked"
export const VOUCHER_STATUSES: readonly VoucherStatus[] = ["issued", "redeemed", "revoked"]

export interface Voucher {
  id: string
  /** The code's last 4 characters; the whole code is shown only when issued. */
  last4: string
  amount: number
  currency: Currency
  /** The admin's note: the buyer, the PayPal transaction. */
  note: string | null
  status: VoucherStatus
  createdAt: string
  /** E-mail of the admin who issued it (null after that account was deleted). */
  issuedBy: string | null
  redeemedAt: string | null
  /** E-mail of who redeemed it. */
  redeemedBy: string | null
  revokedAt: string | null
}

/** POST /api/v2/admin/vouchers */
export interface NewVouchers {
  amount: number
  currency: Currency
  /** 1–100 codes of this amount. */
  count: number
  note?: string | null
}

/** POST /api/v2/admin/vouchers → 201: every code in full, this once. */
export interface IssuedVouchers {
  /** Each with `code`: 4 groups of 4 Crockford base32 characters, 7K3M-9QXR-2B4T-HW8P. */
  vouchers: (Voucher & { code: string })[]
}

/**
 * "scheduled": its start is still ahead; "exhausted": used as many times as it allows; "expired": its end has
 * passed; "disabled": withdrawn by an admin (these take precedence in the reverse order).
 */
export type PromoStatus = "active" | "scheduled" | "expired" | "exhausted" | "disabled"

export interface PromoCode {
  id: string
  code: string
  /** The bonus each redemption credits. */
  amount: number
  currency: Currency
  /** null: any number of users. */
  maxRedemptions: number | null
  redemptions: number
  startsAt: string | null
  expiresAt: string | null
  /** Only for users who never topped up. */
  newCustomersOnly: boolean
  note: string | null
  status: PromoStatus
  createdAt: string
  disabledAt: string | null
}

/** POST /api/v2/admin/promo-codes */
export interface NewPromoCode {
  /** 3–32 letters and digits, spaces, dashes or underscores between them; stored in upper case. */
  code: string
  amount: number
  currency: Currency
  maxRedemptions?: number | null
  /** ISO 8601; null or absent: from now, and without end. */
  startsAt?: string | null
  expiresAt?: string | null
  newCustomersOnly?: boolean
  note?: string | null
}

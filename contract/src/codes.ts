/*
 * The codes API (server/CODES.md): PayPal vouchers and promo codes, redeemed by signed-in users, issued and
 * withdrawn by administrators. Money is in ledger micro-units of the code's currency (25_000_000 USD is $25.00).
 */
import { Page, PageQuery, pageQueryProperties } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import { CURRENCIES } from "./money"
import {
  DateTime,
  DateTimeInput,
  IdParams,
  Nullable,
  StrictObject,
  StringEnum,
  Text,
  Type,
  type Static,
} from "./schema"

export const VOUCHER_STATUSES = ["issued", "redeemed", "revoked"] as const
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number]

/**
 * "scheduled": its start is still ahead; "exhausted": used as many times as it allows; "expired": its end has
 * passed; "disabled": withdrawn by an admin (these take precedence in the reverse order).
 */
export const PROMO_STATUSES = ["active", "scheduled", "expired", "exhausted", "disabled"] as const
export type PromoStatus = (typeof PROMO_STATUSES)[number]

/** The most vouchers one issue makes. */
export const MAX_VOUCHERS_PER_ISSUE = 100
/** The longest promo code an admin may type (3–32 letters and digits once spaces and dashes are dropped). */
export const PROMO_CODE_MAX_LENGTH = 40
/** The most redemptions a promo code may allow. */
export const MAX_PROMO_REDEMPTIONS = 10_000_000
/** The longest admin's note on a voucher or a promo code. */
export const CODE_NOTE_MAX_LENGTH = 500

const Amount = () => Type.Integer({ description: "Micro-units of the currency." })

/** A voucher as the admins see it: the code itself is shown only when issued. */
export const Voucher = Type.Object({
  id: Type.String(),
  last4: Type.String({
    description: "The code's last 4 characters; the whole code is shown only when issued.",
  }),
  amount: Amount(),
  currency: StringEnum(CURRENCIES),
  note: Nullable(Type.String(), { description: "The admin's note: the buyer, the PayPal transaction." }),
  status: StringEnum(VOUCHER_STATUSES),
  createdAt: DateTime(),
  issuedBy: Nullable(Type.String(), {
    description: "E-mail of the admin who issued it (null after that account was deleted).",
  }),
  redeemedAt: Nullable(DateTime()),
  redeemedBy: Nullable(Type.String(), { description: "E-mail of who redeemed it." }),
  revokedAt: Nullable(DateTime()),
})
export type Voucher = Static<typeof Voucher>

/** Issued just now: the whole code, shown once. */
export const IssuedVoucher = Type.Object({
  ...Voucher.properties,
  code: Type.String({ description: "4 groups of 4 Crockford base32 characters: 7K3M-9QXR-2B4T-HW8P." }),
})
export type IssuedVoucher = Static<typeof IssuedVoucher>

/** POST /api/v2/admin/vouchers → 201: every code in full, this once. */
export const IssuedVouchers = Type.Object({ vouchers: Type.Array(IssuedVoucher) })
export type IssuedVouchers = Static<typeof IssuedVouchers>

/** A note with something in it besides spaces, or null. */
const CodeNote = () => Type.Optional(Nullable(Text(CODE_NOTE_MAX_LENGTH)))

/** POST /api/v2/admin/vouchers. Limits and whole cents are checked with messages naming them. */
export const NewVouchers = StrictObject({
  amount: Type.Integer({ description: "Micro-units, whole cents, within the currency's top-up limits." }),
  currency: StringEnum(CURRENCIES),
  count: Type.Integer({ minimum: 1, maximum: MAX_VOUCHERS_PER_ISSUE, description: "Codes of this amount." }),
  note: CodeNote(),
})
export type NewVouchers = Static<typeof NewVouchers>

export const PromoCode = Type.Object({
  id: Type.String(),
  code: Type.String({ description: "As the admins wrote it, upper case: SPRING-2026." }),
  amount: Type.Integer({ description: "The bonus each redemption credits, micro-units of the currency." }),
  currency: StringEnum(CURRENCIES),
  maxRedemptions: Nullable(Type.Integer(), { description: "null: any number of users." }),
  redemptions: Type.Integer(),
  startsAt: Nullable(DateTime()),
  expiresAt: Nullable(DateTime()),
  newCustomersOnly: Type.Boolean({ description: "Only for users who never topped up." }),
  note: Nullable(Type.String()),
  status: StringEnum(PROMO_STATUSES),
  createdAt: DateTime(),
  disabledAt: Nullable(DateTime()),
})
export type PromoCode = Static<typeof PromoCode>

/** POST /api/v2/admin/promo-codes */
export const NewPromoCode = StrictObject({
  code: Type.String({
    minLength: 1,
    maxLength: PROMO_CODE_MAX_LENGTH,
    description: "3–32 letters and digits, spaces, dashes or underscores between them; stored in upper case.",
  }),
  amount: Type.Integer({ description: "Micro-units, whole cents, at most the currency's largest top-up." }),
  currency: StringEnum(CURRENCIES),
  maxRedemptions: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_PROMO_REDEMPTIONS }))),
  startsAt: Type.Optional(Nullable(DateTimeInput(), { description: "Null or absent: from now." })),
  expiresAt: Type.Optional(Nullable(DateTimeInput(), { description: "Null or absent: without end." })),
  newCustomersOnly: Type.Optional(Type.Boolean()),
  note: CodeNote(),
})
export type NewPromoCode = Static<typeof NewPromoCode>

/** { code } of a redemption. */
export const CodeBody = StrictObject({ code: Type.String({ minLength: 1, maxLength: 100 }) })
export type CodeBody = Static<typeof CodeBody>

/** POST /api/v2/vouchers/redeem → 200 */
export const VoucherRedeemed = Type.Object({
  voucherId: Type.String(),
  amount: Amount(),
  currency: StringEnum(CURRENCIES),
  balance: Type.Integer({
    description: "The balance in that currency after the credit (what can be spent now).",
  }),
})
export type VoucherRedeemed = Static<typeof VoucherRedeemed>

const redemptionProperties = {
  code: Type.String({ description: "As the admins wrote it: SPRING-2026." }),
  amount: Amount(),
  currency: StringEnum(CURRENCIES),
  redeemedAt: DateTime(),
}

/** One promo code the user used. */
export const PromoRedemption = Type.Object(redemptionProperties)
export type PromoRedemption = Static<typeof PromoRedemption>

/** POST /api/v2/promo-codes/redeem → 200 */
export const PromoRedeemed = Type.Object({
  ...redemptionProperties,
  balance: Type.Integer({ description: "The balance in that currency after the credit." }),
})
export type PromoRedeemed = Static<typeof PromoRedeemed>

const ADMIN = ["NOT_SIGNED_IN", "FORBIDDEN"] as const

export const codesApi = defineEndpoints("codes", {
  issueVouchers: {
    method: "POST",
    path: "/api/v2/admin/vouchers",
    summary: "Issue PayPal vouchers of one amount; each code is answered in full this once",
    body: NewVouchers,
    response: { 201: IssuedVouchers },
    errors: [...ADMIN, "AMOUNT_OUT_OF_RANGE", "AMOUNT_NOT_WHOLE_CENTS"],
  },
  adminVouchers: {
    method: "GET",
    path: "/api/v2/admin/vouchers",
    summary: "Vouchers for admins, newest first, of one status or all",
    querystring: StrictObject({
      status: Type.Optional(StringEnum(VOUCHER_STATUSES)),
      ...pageQueryProperties,
    }),
    response: { 200: Page(Voucher) },
    errors: ADMIN,
  },
  revokeVoucher: {
    method: "POST",
    path: "/api/v2/admin/vouchers/:id/revoke",
    summary: "Revoke an issued voucher: it can no longer be redeemed",
    params: IdParams,
    response: { 200: Voucher },
    errors: [...ADMIN, "VOUCHER_NOT_FOUND", "VOUCHER_ALREADY_REDEEMED", "VOUCHER_ALREADY_REVOKED"],
  },
  createPromoCode: {
    method: "POST",
    path: "/api/v2/admin/promo-codes",
    summary: "Create a promo code",
    body: NewPromoCode,
    response: { 201: PromoCode },
    errors: [
      ...ADMIN,
      "PROMO_CODE_INVALID",
      "AMOUNT_OUT_OF_RANGE",
      "AMOUNT_NOT_WHOLE_CENTS",
      "PROMO_DATES_INVALID",
      "PROMO_CODE_TAKEN",
    ],
  },
  adminPromoCodes: {
    method: "GET",
    path: "/api/v2/admin/promo-codes",
    summary: "Promo codes for admins, newest first, with their redemption counts",
    querystring: PageQuery,
    response: { 200: Page(PromoCode) },
    errors: ADMIN,
  },
  disablePromoCode: {
    method: "POST",
    path: "/api/v2/admin/promo-codes/:id/disable",
    summary: "Disable a promo code: no further redemptions, those made stay",
    params: IdParams,
    response: { 200: PromoCode },
    errors: [...ADMIN, "PROMO_NOT_FOUND", "PROMO_ALREADY_DISABLED"],
  },
  redeemVoucher: {
    method: "POST",
    path: "/api/v2/vouchers/redeem",
    summary: "Redeem a PayPal voucher: its amount is added to the balance",
    description: "5 attempts a minute and 20 an hour per user.",
    body: CodeBody,
    response: { 200: VoucherRedeemed },
    errors: [
      "NOT_SIGNED_IN",
      "RATE_LIMITED",
      "VOUCHER_CODE_INVALID",
      "VOUCHER_NOT_FOUND",
      "VOUCHER_ALREADY_REDEEMED",
    ],
  },
  redeemPromoCode: {
    method: "POST",
    path: "/api/v2/promo-codes/redeem",
    summary: "Redeem a promo code: its bonus is added to the balance, once per account",
    description: "10 attempts a minute and 30 an hour per user.",
    body: CodeBody,
    response: { 200: PromoRedeemed },
    errors: [
      "NOT_SIGNED_IN",
      "RATE_LIMITED",
      "PROMO_NOT_FOUND",
      "PROMO_NOT_STARTED",
      "PROMO_EXPIRED",
      "PROMO_DISABLED",
      "PROMO_ALREADY_USED",
      "PROMO_EXHAUSTED",
      "PROMO_NEW_CUSTOMERS_ONLY",
    ],
  },
  redeemedPromoCodes: {
    method: "GET",
    path: "/api/v2/promo-codes/redeemed",
    summary: "The promo codes the signed-in user used, newest first",
    querystring: PageQuery,
    response: { 200: Page(PromoRedemption) },
    errors: ["NOT_SIGNED_IN"],
  },
})

/** The codes screens' route data (app/routes/codes.json): the lists preload their first page. */
export const codesRouteData = {
  redeemedPromoCodes: routeDatum(codesApi.redeemedPromoCodes),
  adminVouchers: routeDatum(codesApi.adminVouchers),
  adminPromoCodes: routeDatum(codesApi.adminPromoCodes),
}

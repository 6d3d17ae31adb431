/*
 * The payouts API (server/PAYOUTS.md): methods and the confirmed wallet, the user's requests, and the admins'
 * approval queue. Money is in ledger micro-units of USD; every payout is in USD.
 */
import { Page, PageQuery, pageQueryProperties } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import {
  DateTime,
  IdParams,
  Money,
  Nullable,
  StrictObject,
  StringEnum,
  Text,
  Type,
  type Static,
} from "./schema"

export const PAYOUT_SOURCES = ["earnings", "partner"] as const
/** earnings: a worker's earnings (worker_earnings); partner: an affiliate's partner balance (partner_balance). */
export type PayoutSource = (typeof PAYOUT_SOURCES)[number]

export const PAYOUT_STATUSES = ["requested", "approved", "rejected", "cancelled"] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]

export const PAYOUT_METHOD_NAMES = ["usdt-trc20", "btc", "paypal"] as const
export type PayoutMethodName = (typeof PAYOUT_METHOD_NAMES)[number]

/** The largest payout one request may ask for: $1,000,000 in micro-units. */
export const MAX_PAYOUT = 1_000_000_000_000

/** Longest outgoing transaction reference and rejection reason the server takes (after trimming). */
export const REFERENCE_MAX_LENGTH = 200
export const REASON_MAX_LENGTH = 500

export const PayoutFee = Type.Object({
  fixed: Money("Charged on every payout."),
  percent: Type.Number({
    description: "Charged on the amount, in percent (2 = 2 %), rounded up to a whole micro-unit.",
  }),
  minimum: Money("The fee is never less than this."),
})
export type PayoutFee = Static<typeof PayoutFee>

export const PayoutMethod = Type.Object({
  name: StringEnum(PAYOUT_METHOD_NAMES),
  label: Type.String(),
  minimum: Money("The smallest amount a request may ask for (fee included)."),
  fee: PayoutFee,
})
export type PayoutMethod = Static<typeof PayoutMethod>

export const PayoutSettings = Type.Object({
  methods: Type.Array(PayoutMethod),
  current: Nullable(Type.Object({ method: StringEnum(PAYOUT_METHOD_NAMES), wallet: Type.String() }), {
    description: "The confirmed wallet; null until one with a method was confirmed from the mail.",
  }),
  available: Type.Object(
    { earnings: Money(), partner: Money() },
    {
      description:
        "What each source holds for a payout now (posted less holds); 0 where the account does not exist.",
    },
  ),
})
export type PayoutSettings = Static<typeof PayoutSettings>

const payoutProperties = {
  id: Type.String(),
  source: StringEnum(PAYOUT_SOURCES),
  method: StringEnum(PAYOUT_METHOD_NAMES),
  wallet: Type.String(),
  amount: Money("What was asked for, fee included."),
  fee: Money(),
  net: Money("What reaches the wallet: amount less fee."),
  status: StringEnum(PAYOUT_STATUSES),
  reference: Nullable(Type.String(), {
    description: "The outgoing transaction the admin entered on approval.",
  }),
  reason: Nullable(Type.String(), { description: "Why an admin rejected it." }),
  createdAt: DateTime(),
  decidedAt: Nullable(DateTime()),
}

/** One payout request; method and wallet as they were when it was requested. */
export const Payout = Type.Object(payoutProperties)
export type Payout = Static<typeof Payout>

/** A payout in the admins' list: with the requester (null once the account was deleted). */
export const AdminPayout = Type.Object({
  ...payoutProperties,
  userId: Nullable(Type.String()),
  email: Nullable(Type.String()),
})
export type AdminPayout = Static<typeof AdminPayout>

export const payoutsApi = defineEndpoints("payouts", {
  settings: {
    method: "GET",
    path: "/api/v2/payouts/methods",
    summary: "Payout methods, the confirmed wallet and what each source holds",
    response: { 200: PayoutSettings },
    errors: ["NOT_SIGNED_IN"],
  },
  request: {
    method: "POST",
    path: "/api/v2/payouts",
    summary: "Request a payout of earnings or partner balance to the confirmed wallet",
    body: StrictObject({
      amount: Type.Integer({
        minimum: 1,
        maximum: MAX_PAYOUT,
        description: "Micro-units of USD, fee included.",
      }),
      source: StringEnum(PAYOUT_SOURCES),
    }),
    response: { 201: Payout },
    errors: [
      "NOT_SIGNED_IN",
      "PAYOUT_WALLET_MISSING",
      "PAYOUT_BELOW_MINIMUM",
      "PAYOUT_EXCEEDS_AVAILABLE",
      "RATE_LIMITED",
    ],
  },
  list: {
    method: "GET",
    path: "/api/v2/payouts",
    summary: "The user's payout requests, newest first",
    querystring: PageQuery,
    response: { 200: Page(Payout) },
    errors: ["NOT_SIGNED_IN"],
  },
  cancel: {
    method: "POST",
    path: "/api/v2/payouts/:id/cancel",
    summary: "Cancel a payout request an admin has not decided yet",
    params: IdParams,
    response: { 200: Payout },
    errors: ["NOT_SIGNED_IN", "PAYOUT_NOT_FOUND", "PAYOUT_ALREADY_DECIDED"],
  },
  adminList: {
    method: "GET",
    path: "/api/v2/admin/payouts",
    summary: "Payouts by status for admins: requested ones oldest first, decided ones newest first",
    querystring: StrictObject({
      status: StringEnum(PAYOUT_STATUSES, { default: "requested" }),
      ...pageQueryProperties,
    }),
    response: { 200: Page(AdminPayout) },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN"],
  },
  approve: {
    method: "POST",
    path: "/api/v2/admin/payouts/:id/approve",
    summary: "Approve a payout with the outgoing transaction's reference",
    params: IdParams,
    body: StrictObject({ reference: Text(REFERENCE_MAX_LENGTH) }),
    response: { 200: Payout },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN", "PAYOUT_NOT_FOUND", "PAYOUT_ALREADY_DECIDED"],
  },
  reject: {
    method: "POST",
    path: "/api/v2/admin/payouts/:id/reject",
    summary: "Reject a payout, releasing its hold, with a reason the user reads",
    params: IdParams,
    body: StrictObject({ reason: Text(REASON_MAX_LENGTH) }),
    response: { 200: Payout },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN", "PAYOUT_NOT_FOUND", "PAYOUT_ALREADY_DECIDED"],
  },
})

/** The payouts screens' route data (app/routes/payouts.json): the first answer is preloaded with the page. */
export const payoutsRouteData = {
  payoutSettings: routeDatum(payoutsApi.settings),
  payouts: routeDatum(payoutsApi.list),
  adminPayouts: routeDatum(payoutsApi.adminList),
}

/*
 * The transfers API (server/MONEY.md, "Transfers between users"): what the signed-in user can send, a request
 * confirmed through a link mailed to the sender, the user's transfers, and the link's page. Money is in ledger
 * micro-units of the transfer's currency (25_000_000 USD is $25.00).
 */
import { LinkBody, SignInPassword } from "./accounts"
import { Page, PageQuery } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import { CURRENCIES } from "./money"
import { DateTime, IdParams, Nullable, StrictObject, StringEnum, Type, type Static } from "./schema"

export const TRANSFER_STATUSES = [
  "awaiting_confirmation",
  "completed",
  "cancelled",
  "expired",
  "failed",
] as const
/** "expired": still awaiting when its link stopped working. */
export type TransferStatus = (typeof TRANSFER_STATUSES)[number]

/** The smallest transfer: 0.01 of the currency, in micro-units. */
export const MIN_TRANSFER = 10_000
/** The longest note, in characters (after trimming). */
export const NOTE_MAX_LENGTH = 140

/** An amount in micro-units of each currency of the site. */
const perCurrency = (description: string) =>
  Type.Object(
    {
      USD: Type.Integer({ description: "Micro-units of USD." }),
      RUB: Type.Integer({ description: "Micro-units of RUB." }),
    },
    { description },
  )

/** GET /api/v2/transfers/balance */
export const TransferBalance = Type.Object({
  currency: StringEnum(CURRENCIES, { description: "The user's own currency (chosen first on the form)." }),
  available: perCurrency(
    "What may be sent in each currency: the paid money on the balance now, less what running tasks keep aside. " +
      "Promotional credit is spent last and never sent (payment policy).",
  ),
  promotional: perCurrency("Promotional credit left on each balance, which stays."),
  minimum: Type.Integer({ description: "The smallest transfer in micro-units of any currency (0.01)." }),
  noteMaxLength: Type.Integer({ description: "The longest note, in characters." }),
})
export type TransferBalance = Static<typeof TransferBalance>

/** POST /api/v2/transfers. Lengths, formats and ranges are checked in code, with messages that name them. */
export const NewTransfer = StrictObject({
  recipient: Type.String({
    maxLength: 254,
    description: "The recipient's e-mail address or numeric user id.",
  }),
  amount: Type.Integer({ description: "Micro-units of the currency; at least 0.01." }),
  currency: Type.String({ maxLength: 10 }),
  note: Type.Optional(Type.String({ maxLength: 1000 })),
  password: SignInPassword(),
})
export type NewTransfer = Static<typeof NewTransfer>

/** POST /api/v2/transfers → 202: a confirmation link was mailed to the sender. */
export const CreatedTransfer = Type.Object({
  id: Type.String(),
  status: Type.Literal("awaiting_confirmation"),
  expiresAt: DateTime("When the mailed link stops working."),
})
export type CreatedTransfer = Static<typeof CreatedTransfer>

/** One transfer as the sender or the recipient sees it. */
export const Transfer = Type.Object({
  id: Type.String(),
  direction: StringEnum(["sent", "received"] as const),
  counterparty: Type.Object(
    { id: Nullable(Type.String()), email: Nullable(Type.String()) },
    {
      description:
        "The other user: id and e-mail with most of its local part hidden (a***@example.com); null once deleted.",
    },
  ),
  amount: Type.Integer({ description: "Micro-units of the currency." }),
  currency: StringEnum(CURRENCIES),
  note: Nullable(Type.String()),
  status: StringEnum(TRANSFER_STATUSES),
  createdAt: DateTime(),
  expiresAt: DateTime(),
  decidedAt: Nullable(DateTime(), {
    description: "When it was completed, cancelled, expired or failed; null while awaiting.",
  }),
})
export type Transfer = Static<typeof Transfer>

/** GET /api/v2/transfers/confirm/:hash/:userId: what the mailed link would send (nothing is spent). */
export const TransferLink = Type.Object({
  transfer: Transfer,
  available: Type.Integer({
    description: "What the sender can send now in the transfer's currency (a confirmation beyond it fails).",
  }),
})
export type TransferLink = Static<typeof TransferLink>

/** POST /api/v2/transfers/confirm/:hash/:userId: the transfer sent. */
export const ConfirmedTransfer = Type.Object({
  transfer: Transfer,
  available: Type.Integer({
    description: "What the sender can still send in the transfer's currency afterwards.",
  }),
  balance: Type.Integer({
    description: "What the sender's balance holds in that currency afterwards (promotional credit included).",
  }),
})
export type ConfirmedTransfer = Static<typeof ConfirmedTransfer>

export const transfersApi = defineEndpoints("transfers", {
  balance: {
    method: "GET",
    path: "/api/v2/transfers/balance",
    summary: "What the signed-in user can send now, per currency",
    response: { 200: TransferBalance },
    errors: ["NOT_SIGNED_IN"],
  },
  create: {
    method: "POST",
    path: "/api/v2/transfers",
    summary: "Ask to send money to another user; a confirmation link is mailed to the sender",
    description: "20 requests per user and hour, every attempt counted.",
    body: NewTransfer,
    response: { 202: CreatedTransfer },
    errors: [
      "NOT_SIGNED_IN",
      "RATE_LIMITED",
      "CURRENCY_NOT_SUPPORTED",
      "AMOUNT_TOO_SMALL",
      "NOTE_TOO_LONG",
      "NOTE_INVALID",
      "PASSWORD_WRONG",
      "RECIPIENT_INVALID",
      "RECIPIENT_NOT_FOUND",
      "TRANSFER_TO_SELF",
      "TRANSFER_INSUFFICIENT_BALANCE",
      "MAIL_UNAVAILABLE",
    ],
  },
  list: {
    method: "GET",
    path: "/api/v2/transfers",
    summary: "The user's transfers, newest first: sent ones in every state and received completed ones",
    querystring: PageQuery,
    response: { 200: Page(Transfer) },
    errors: ["NOT_SIGNED_IN"],
  },
  cancel: {
    method: "POST",
    path: "/api/v2/transfers/:id/cancel",
    summary: "Cancel one of the user's transfers while it awaits confirmation",
    params: IdParams,
    response: { 200: Transfer },
    errors: ["NOT_SIGNED_IN", "TRANSFER_NOT_FOUND", "TRANSFER_EXPIRED", "TRANSFER_NOT_AWAITING"],
  },
  link: {
    method: "GET",
    path: "/api/v2/transfers/confirm/:hash/:userId",
    summary: "What a mailed confirmation link would send, without spending it",
    params: LinkBody,
    response: { 200: TransferLink },
    errors: ["NOT_SIGNED_IN", "TRANSFER_LINK_OTHER_ACCOUNT", "TOKEN_INVALID"],
  },
  confirm: {
    method: "POST",
    path: "/api/v2/transfers/confirm/:hash/:userId",
    summary: "Follow a mailed confirmation link: the money moves to the recipient",
    params: LinkBody,
    response: { 200: ConfirmedTransfer },
    errors: [
      "NOT_SIGNED_IN",
      "TRANSFER_LINK_OTHER_ACCOUNT",
      "TOKEN_INVALID",
      "TRANSFER_EXPIRED",
      "TRANSFER_NOT_AWAITING",
      "TRANSFER_RECIPIENT_GONE",
      "TRANSFER_INSUFFICIENT_BALANCE",
    ],
  },
})

/** The transfers screens' route data (app/routes/transfers.json): the first answer is preloaded with the page. */
export const transfersRouteData = {
  transferBalance: routeDatum(transfersApi.balance),
  transfers: routeDatum(transfersApi.list),
}

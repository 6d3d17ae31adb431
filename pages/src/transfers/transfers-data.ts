/**
 * The answers of the transfers API (server/MONEY.md, "Transfers between users") as the screens of
 * /pay/send_user and /pay/send_user_hash/:hash/:userId receive them. The route of /pay/send_user preloads
 * `transferBalance` and `transfers` (app/src/data-hooks.ts).
 *
 * Money is in ledger micro-units (millionths of the currency): 25_000_000 USD is $25.00.
 */
import type { Currency, Page } from "../customer/customer-data"

export type { Currency, Page }

export const TRANSFERS_URLS = {
  /** GET → TransferBalance: what the signed-in user can send now. */
  balance: "/api/v2/transfers/balance",
  /**
   * POST NewTransfer → 202 CreatedTransfer (a confirmation link is mailed to the sender);
   * GET ?page=&pageSize= → Page<Transfer>: sent ones in every state and received completed ones, newest first.
   */
  transfers: "/api/v2/transfers",
  /** POST → Transfer: cancels one of the user's transfers while it awaits confirmation. */
  cancel: (id: string) => `/api/v2/transfers/${id}/cancel`,
  /**
   * GET → TransferLink: what the mailed link would send (nothing is spent); POST → ConfirmedTransfer: sends it.
   * Both need the sender signed in.
   */
  confirm: (hash: string, userId: string) => `/api/v2/transfers/confirm/${hash}/${userId}`,
} as const

export type TransferStatus = "awaiting_confirmation" | "completed" | "cancelled" | "expired" | "failed"

/** GET /api/v2/transfers/balance */
export interface TransferBalance {
  /** The user's own currency (chosen first on the form). */
  currency: Currency
  /**
   * What may be sent in each currency: the paid money on the balance now, less what running tasks keep aside.
   * Promotional credit is spent last and never sent (payment policy).
   */
  available: Record<Currency, number>
  /** Promotional credit left on each balance, which stays. */
  promotional: Record<Currency, number>
  /** The smallest transfer in micro-units of any currency (0.01). */
  minimum: number
  /** The longest note, in characters. */
  noteMaxLength: number
}

/** POST /api/v2/transfers */
export interface NewTransfer {
  /** The recipient's e-mail address or numeric user id. */
  recipient: string
  amount: number
  currency: Currency
  note?: string
  /** The sender's current password. */
  password: string
}

/** POST /api/v2/transfers → 202 */
export interface CreatedTransfer {
  id: string
  status: "awaiting_confirmation"
  /** When the mailed link stops working (ISO 8601). */
  expiresAt: string
}

/** One transfer as the sender or the recipient sees it. */
export interface Transfer {
  id: string
  direction: "sent" | "received"
  /** The other user: id and e-mail with most of its local part hidden (a***@example.com); null once deleted. */
  counterparty: { id: string | null; email: string | null }
  amount: number
  currency: Currency
  note: string | null
  /** "expired": still awaiting when its link stopped working. */
  status: TransferStatus
  /** ISO 8601. */
  createdAt: string
  expiresAt: string
  /** When it was completed, cancelled, expired or failed; null while awaiting. */
  decidedAt: string | null
}

/** GET /api/v2/transfers/confirm/:hash/:userId */
export interface TransferLink {
  transfer: Transfer
  /** What the sender can send now in the transfer's currency (a confirmation beyond it fails). */
  available: number
}

/** POST /api/v2/transfers/confirm/:hash/:userId → 200 */
export interface ConfirmedTransfer {
  transfer: Transfer
  /** What the sender can still send in the transfer's currency afterwards. */
  available: number
  /** What the sender's balance holds in that currency afterwards (promotional credit included). */
  balance: number
}

/** Codes of refusals the screens explain in their own words (the server's message is English). */
export const TRANSFER_ERROR_CODES = [
  "RECIPIENT_INVALID",
  "RECIPIENT_NOT_FOUND",
  "TRANSFER_TO_SELF",
  "AMOUNT_TOO_SMALL",
  "TRANSFER_INSUFFICIENT_BALANCE",
  "CURRENCY_NOT_SUPPORTED",
  "NOTE_TOO_LONG",
  "NOTE_INVALID",
  "TRANSFER_LINK_OTHER_ACCOUNT",
  "TRANSFER_EXPIRED",
  "TRANSFER_NOT_AWAITING",
  "TRANSFER_RECIPIENT_GONE",
  "TRANSFER_NOT_FOUND",
] as const
export type TransferErrorCode = (typeof TRANSFER_ERROR_CODES)[number]

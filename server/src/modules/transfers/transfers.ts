import type { Page, PageQuery } from "@manyhands/contract"
import {
  MIN_TRANSFER,
  NOTE_MAX_LENGTH,
  type NewTransfer,
  type Transfer,
  type TransferLink,
  type TransferStatus,
} from "@manyhands/contract/transfers"
import type { Database, Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import { normaliseEmail } from "../auth/schemas"
import { type Currency, ledgerAccount, transfer } from "../ledger/ledger"
import { CURRENCIES } from "@manyhands/contract"
import { formatMicros } from "../payments/payments"
import { hashToken, newToken } from "../session/store"

/*
 * Transfers between users (MONEY.md, "Transfers between users"). A request is stored with a single-use link
 * mailed to the sender (a mail_tokens row of purpose send_money, data { transferId }); following it moves the
 * money in one ledger transfer, in the transaction that spends the link and completes the request.
 */

/** How long the mailed link works. */
export const LINK_LIFETIME_MS = 60 * 60 * 1000

interface TransferRow {
  id: string
  sender_id: string | null
  recipient_id: string | null
  amount: string
  currency: Currency
  note: string | null
  status: TransferStatus
  created_at: Date | string
  expires_at: Date | string
  decided_at: Date | string | null
  /** True while awaiting but past its expiry. */
  lapsed: boolean
}

const COLUMNS = `t.id::text, t.sender_id::text, t.recipient_id::text, t.amount::text, t.currency, t.note, t.status,
  t.created_at, t.expires_at, t.decided_at,
  (t.status = 'awaiting_confirmation' AND t.expires_at <= now()) AS lapsed`

const iso = (value: Date | string) => new Date(value).toISOString()

/** "ada@example.com" → "a***@example.com": enough to recognise an address one knows, not to learn one. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@")
  const first = [...email.slice(0, at)][0] ?? ""
  return `${first}***@${email.slice(at + 1)}`
}

/** A row as `viewerId` sees it: its direction, the other side masked, an awaiting one past its link "expired". */
function toTransfer(row: TransferRow, viewerId: string, counterpartyEmail: string | null): Transfer {
  const sent = row.sender_id === viewerId
  return {
    id: row.id,
    direction: sent ? "sent" : "received",
    counterparty: {
      id: sent ? row.recipient_id : row.sender_id,
      email: counterpartyEmail === null ? null : maskEmail(counterpartyEmail),
    },
    amount: Number(row.amount),
    currency: row.currency,
    note: row.note,
    status: row.lapsed ? "expired" : row.status,
    createdAt: iso(row.created_at),
    expiresAt: iso(row.expires_at),
    decidedAt: row.decided_at === null ? null : iso(row.decided_at),
  }
}

async function emailOf(db: Queryable, userId: string | null): Promise<string | null> {
  if (userId === null) return null
  const { rows } = await db.query<{ email: string }>("SELECT email FROM users WHERE id = $1", [userId])
  return rows[0]?.email ?? null
}

/** "25.00 USD": how mails and messages name an amount. */
export const shownAmount = (amount: number, currency: Currency) => `${formatMicros(amount)} ${currency}`

// ---------------------------------------------------------------------------------------------------------
// Balances

export interface SendableBalance {
  /** What the balance holds for spending now: posted less holds. */
  balance: number
  /** What of it may be sent: paid money only. */
  sendable: number
  /** Promotional credit left on it, which stays (payment policy: it cannot be transferred). */
  promotional: number
}

/**
 * Each currency's customer balance of the user, and how much of it may be sent. Promotional credit (everything
 * credited from the platform's promotional_credit account: promo codes, campaign bonuses, demo credit) is spent
 * after the paid money, so the paid money left is what was credited otherwise less everything spent or held, and
 * only that may leave by transfer. `lock` takes the balances' rows for the rest of the transaction, so that
 * nothing spends between this check and the transfer.
 */
export async function sendableBalances(
  db: Queryable,
  userId: string,
  { lock = false } = {},
): Promise<Record<Currency, SendableBalance>> {
  // Read only: an account that does not exist yet holds nothing.
  const { rows } = await db.query<{ currency: Currency; balance: string; paid_left: string }>(
    `SELECT a.currency, (a.credits_posted - a.debits_posted - a.debits_pending)::text AS balance,
            (a.credits_posted - a.debits_posted - a.debits_pending - coalesce((
              SELECT sum(t.amount) FROM ledger_transfers t
                JOIN ledger_accounts p ON p.id = t.debit_account_id AND p.purpose = 'promotional_credit'
               WHERE t.credit_account_id = a.id AND t.kind = 'posted'), 0))::text AS paid_left
       FROM ledger_accounts a
      WHERE a.user_id = $1 AND a.purpose = 'customer_balance'${lock ? " FOR UPDATE OF a" : ""}`,
    [userId],
  )
  return Object.fromEntries(
    CURRENCIES.map((currency) => {
      const row = rows.find((item) => item.currency === currency)
      const balance = Number(row?.balance ?? 0)
      const sendable = Math.min(balance, Math.max(0, Number(row?.paid_left ?? 0)))
      return [currency, { balance, sendable, promotional: balance - sendable }]
    }),
  ) as Record<Currency, SendableBalance>
}

// ---------------------------------------------------------------------------------------------------------
// Requests

/** What the sender asks for (the password is checked apart). */
export type TransferRequest = Omit<NewTransfer, "password">

export interface Recipient {
  id: string
  email: string
  language: string
}

const refusal = (code: string, field: string, message: string) =>
  new HttpError(400, code, message, [{ field, message }])

/** What can be checked without the database: currency, amount, note. Answers them normalised. */
export function checkRequestFields(request: TransferRequest): {
  currency: Currency
  note: string | null
} {
  const currency = request.currency as Currency
  if (!CURRENCIES.includes(currency))
    throw refusal(
      "CURRENCY_NOT_SUPPORTED",
      "currency",
      `Transfers are in ${CURRENCIES.join(" or ")}, not "${request.currency}".`,
    )
  if (!Number.isSafeInteger(request.amount) || request.amount < MIN_TRANSFER)
    throw refusal(
      "AMOUNT_TOO_SMALL",
      "amount",
      `The smallest transfer is ${shownAmount(MIN_TRANSFER, currency)}.`,
    )
  const note = (request.note ?? "").trim()
  if ([...note].length > NOTE_MAX_LENGTH)
    throw refusal(
      "NOTE_TOO_LONG",
      "note",
      `A note has at most ${NOTE_MAX_LENGTH} characters (this one has ${[...note].length}).`,
    )
  // Line breaks and other control characters would reach the recipient's list and mail as they are.
  if (/\p{Cc}/u.test(note))
    throw refusal("NOTE_INVALID", "note", "A note is one line of text without control characters.")
  return { currency, note: note === "" ? null : note }
}

/** The recipient by e-mail or user id: a confirmed account other than the sender's. */
export async function findRecipient(db: Queryable, senderId: string, given: string): Promise<Recipient> {
  const value = given.trim()
  const byId = /^[0-9]{1,18}$/.test(value)
  if (!byId && !/^[^\s@]+@[^\s@]+$/.test(value))
    throw refusal("RECIPIENT_INVALID", "recipient", "Enter the recipient's e-mail address or user id.")
  // Unconfirmed accounts are left out: an address someone typed by mistake is not a place to send money.
  const { rows } = await db.query<{ id: string; email: string; interface_language: string }>(
    `SELECT id::text, email, interface_language FROM users
      WHERE ${byId ? "id = $1::bigint" : "email = $1"} AND email_confirmed_at IS NOT NULL`,
    [byId ? value : normaliseEmail(value)],
  )
  const found = rows[0]
  if (!found)
    throw refusal(
      "RECIPIENT_NOT_FOUND",
      "recipient",
      byId
        ? `No Manyhands account has the id ${value}.`
        : "No Manyhands account has this address. Check it, or ask the recipient for their user id.",
    )
  if (found.id === senderId)
    throw refusal("TRANSFER_TO_SELF", "recipient", "This is your own account; choose another recipient.")
  return { id: found.id, email: found.email, language: found.interface_language }
}

const insufficient = (status: 400 | 409, available: number, amount: number, currency: Currency) => {
  const message =
    `Your balance holds ${shownAmount(Math.max(0, available), currency)} you can send; ` +
    `${shownAmount(amount, currency)} is more than that.`
  return new HttpError(
    status,
    "TRANSFER_INSUFFICIENT_BALANCE",
    message,
    status === 400 ? [{ field: "amount", message }] : undefined,
  )
}

/**
 * Stores an awaiting transfer and its link token; answers the token for the mail. The amount must be covered
 * by the sender's available balance now; it is not held, so the confirmation checks it again.
 */
export async function createTransfer(
  db: Database,
  {
    senderId,
    recipient,
    amount,
    currency,
    note,
  }: { senderId: string; recipient: Recipient; amount: number; currency: Currency; note: string | null },
): Promise<{ transfer: Transfer; token: string }> {
  const { sendable } = (await sendableBalances(db, senderId))[currency]
  if (amount > sendable) throw insufficient(400, sendable, amount, currency)
  const token = newToken()
  const row = await db.transaction(async (tx) => {
    const { rows } = await tx.query<TransferRow>(
      `INSERT INTO user_transfers AS t (sender_id, recipient_id, amount, currency, note, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + $6 * interval '1 millisecond')
       RETURNING ${COLUMNS}`,
      [senderId, recipient.id, amount, currency, note, LINK_LIFETIME_MS],
    )
    const created = rows[0]!
    await tx.query(
      `INSERT INTO mail_tokens (user_id, purpose, token_hash, data, expires_at)
       VALUES ($1, 'send_money', $2, $3, $4)`,
      [senderId, hashToken(token), JSON.stringify({ transferId: created.id }), created.expires_at],
    )
    return created
  })
  return { transfer: toTransfer(row, senderId, recipient.email), token }
}

/** Ends an awaiting transfer without money moving, and spends its link. */
async function decide(tx: Queryable, id: string, status: "cancelled" | "expired" | "failed") {
  await tx.query(
    `UPDATE user_transfers SET status = $2, decided_at = now()
      WHERE id = $1 AND status = 'awaiting_confirmation'`,
    [id, status],
  )
  await spendLink(tx, id)
}

async function spendLink(tx: Queryable, transferId: string) {
  await tx.query(
    `UPDATE mail_tokens SET used_at = now()
      WHERE purpose = 'send_money' AND data->>'transferId' = $1 AND used_at IS NULL`,
    [transferId],
  )
}

/** A transfer whose mail could not be sent is withdrawn: nobody can confirm it. */
export async function withdrawTransfer(db: Database, id: string): Promise<void> {
  await db.transaction((tx) => decide(tx, id, "cancelled"))
}

// ---------------------------------------------------------------------------------------------------------
// The mailed link

const tokenInvalid = () =>
  new HttpError(
    400,
    "TOKEN_INVALID",
    "This confirmation link is wrong or incomplete. Open the newest mail about the transfer, or start it again.",
  )

/** Why an existing transfer cannot be confirmed (or cancelled) any more. */
function notAwaiting(status: TransferStatus): HttpError {
  if (status === "expired")
    return new HttpError(
      409,
      "TRANSFER_EXPIRED",
      "The confirmation link has expired, so nothing was sent. Start the transfer again.",
    )
  const what: Record<Exclude<TransferStatus, "awaiting_confirmation" | "expired">, string> = {
    completed: "This transfer was already confirmed and sent.",
    cancelled: "This transfer was cancelled, so nothing was sent.",
    failed: "This transfer failed when it was confirmed, so nothing was sent.",
  }
  return new HttpError(
    409,
    "TRANSFER_NOT_AWAITING",
    status === "awaiting_confirmation" ? "This transfer is still awaiting confirmation." : what[status],
    { status },
  )
}

/**
 * The transfer a link names, whatever the link's state (used, expired), so the page can say what happened to
 * it. The link belongs to the signed-in user or is refused.
 */
async function linkTransfer(
  tx: Queryable,
  hash: string,
  userId: string,
  lock: boolean,
): Promise<{ row: TransferRow; tokenLive: boolean }> {
  const { rows } = await tx.query<TransferRow & { token_live: boolean }>(
    `SELECT ${COLUMNS}, (m.used_at IS NULL AND m.expires_at > now()) AS token_live
       FROM mail_tokens m JOIN user_transfers t ON t.id = (m.data->>'transferId')::bigint
      WHERE m.token_hash = $1 AND m.user_id = $2 AND m.purpose = 'send_money' AND t.sender_id = m.user_id
      ${lock ? "FOR UPDATE OF t" : ""}`,
    [hashToken(hash), userId],
  )
  const row = rows[0]
  if (!row) throw tokenInvalid()
  return { row, tokenLive: row.token_live }
}

/** A link opened by someone else than its owner: refused before the token is looked at. */
export function checkLinkOwner(signedInId: string, userId: string): void {
  if (signedInId !== userId)
    throw new HttpError(
      403,
      "TRANSFER_LINK_OTHER_ACCOUNT",
      "This confirmation link belongs to another account. Sign in as the account that asked for the transfer.",
    )
}

async function balancesAfter(db: Queryable, userId: string, currency: Currency) {
  const { sendable, balance } = (await sendableBalances(db, userId))[currency]
  return { available: sendable, balance }
}

/** What the link would send, without spending it. */
export async function peekTransfer(db: Queryable, hash: string, userId: string): Promise<TransferLink> {
  const { row } = await linkTransfer(db, hash, userId, false)
  const transfer = toTransfer(row, userId, await emailOf(db, row.recipient_id))
  return { transfer, available: (await sendableBalances(db, userId))[row.currency].sendable }
}

export interface Confirmation {
  transfer: Transfer
  /** What the sender may still send, and what their balance holds, after it. */
  available: number
  balance: number
  /** For the recipient's mail. */
  recipient: Recipient | null
  senderEmail: string
}

/**
 * Follows the link, in one transaction: the transfer is locked and must still await confirmation within its
 * time; the link is spent; one ledger transfer moves the amount from the sender's customer balance to the
 * recipient's under the key user-transfer:<id>. When the sender's paid money (read with their balance rows
 * locked) no longer covers it, the transfer is marked failed (nothing moved) and 409 answered.
 */
export async function confirmTransfer(db: Database, hash: string, userId: string): Promise<Confirmation> {
  const outcome = await db.transaction(async (tx) => {
    const { row, tokenLive } = await linkTransfer(tx, hash, userId, true)
    if (row.status !== "awaiting_confirmation") return { refused: notAwaiting(row.status) }
    if (row.lapsed || !tokenLive) {
      await decide(tx, row.id, "expired")
      return { refused: notAwaiting("expired") }
    }
    const recipient = row.recipient_id
      ? (
          await tx.query<{ id: string; email: string; interface_language: string }>(
            "SELECT id::text, email, interface_language FROM users WHERE id = $1",
            [row.recipient_id],
          )
        ).rows[0]
      : undefined
    if (!recipient) {
      await decide(tx, row.id, "failed")
      return {
        refused: new HttpError(
          409,
          "TRANSFER_RECIPIENT_GONE",
          "The recipient's account no longer exists, so nothing was sent.",
        ),
      }
    }
    const amount = Number(row.amount)
    const from = await ledgerAccount(tx, { userId, purpose: "customer_balance", currency: row.currency })
    // Only paid money is sent (promotional credit stays), checked with the sender's balance rows locked.
    const { sendable } = (await sendableBalances(tx, userId, { lock: true }))[row.currency]
    if (amount > sendable) {
      await decide(tx, row.id, "failed")
      return { refused: insufficient(409, sendable, amount, row.currency) }
    }
    const to = await ledgerAccount(tx, {
      userId: recipient.id,
      purpose: "customer_balance",
      currency: row.currency,
    })
    // The balance rows are locked since the check above, so the ledger's overdraft constraint cannot refuse this.
    await transfer(tx, {
      key: `user-transfer:${row.id}`,
      debitAccountId: from,
      creditAccountId: to,
      amount,
      currency: row.currency,
      memo: `transfer ${row.id} from user ${userId} to user ${recipient.id}`,
    })
    const { rows } = await tx.query<TransferRow>(
      `UPDATE user_transfers AS t SET status = 'completed', decided_at = now() WHERE id = $1
       RETURNING ${COLUMNS}`,
      [row.id],
    )
    await spendLink(tx, row.id)
    const sender = await emailOf(tx, userId)
    return {
      confirmation: {
        transfer: toTransfer(rows[0]!, userId, recipient.email),
        ...(await balancesAfter(tx, userId, row.currency)),
        recipient: { id: recipient.id, email: recipient.email, language: recipient.interface_language },
        senderEmail: sender ?? "",
      },
    }
  })
  // Thrown after the commit, so the failed or expired state is kept.
  if ("refused" in outcome) throw outcome.refused
  return outcome.confirmation
}

/** Cancels one of the sender's transfers while it awaits confirmation; its link stops working. */
export async function cancelTransfer(db: Database, userId: string, id: string): Promise<Transfer> {
  const outcome = await db.transaction(async (tx) => {
    const { rows } = await tx.query<TransferRow>(
      `SELECT ${COLUMNS} FROM user_transfers t WHERE t.id = $1 AND t.sender_id = $2 FOR UPDATE`,
      [id, userId],
    )
    const row = rows[0]
    if (!row)
      return {
        refused: new HttpError(404, "TRANSFER_NOT_FOUND", "You have no transfer with this id to cancel."),
      }
    if (row.status !== "awaiting_confirmation" || row.lapsed) {
      if (row.lapsed) await decide(tx, row.id, "expired")
      return { refused: notAwaiting(row.lapsed ? "expired" : row.status) }
    }
    await decide(tx, row.id, "cancelled")
    const updated = await tx.query<TransferRow>(`SELECT ${COLUMNS} FROM user_transfers t WHERE t.id = $1`, [
      id,
    ])
    return { transfer: toTransfer(updated.rows[0]!, userId, await emailOf(tx, row.recipient_id)) }
  })
  if ("refused" in outcome) throw outcome.refused
  return outcome.transfer
}

// ---------------------------------------------------------------------------------------------------------
// The list

/**
 * The user's transfers, newest first: every one they sent (in any state) and the completed ones they received
 * (a request the sender never confirmed is not the recipient's business).
 */
export async function listTransfers(
  db: Queryable,
  userId: string,
  { page, pageSize }: PageQuery,
): Promise<Page<Transfer>> {
  const mine = `(t.sender_id = $1 OR (t.recipient_id = $1 AND t.status = 'completed'))`
  const count = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM user_transfers t WHERE ${mine}`,
    [userId],
  )
  const { rows } = await db.query<TransferRow & { counterparty_email: string | null }>(
    `SELECT ${COLUMNS}, u.email AS counterparty_email
       FROM user_transfers t
       LEFT JOIN users u ON u.id = CASE WHEN t.sender_id = $1 THEN t.recipient_id ELSE t.sender_id END
      WHERE ${mine}
      ORDER BY t.id DESC LIMIT $2 OFFSET $3`,
    [userId, pageSize, (page - 1) * pageSize],
  )
  return {
    items: rows.map((row) => toTransfer(row, userId, row.counterparty_email)),
    total: count.rows[0]!.total,
    page,
    pageSize,
  }
}

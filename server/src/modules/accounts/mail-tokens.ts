import type { Queryable } from "../../db/database"
import { hashToken, newToken } from "../session/store"

export type MailTokenPurpose =
  | "confirm_email"
  | "reset_password"
  | "change_email"
  | "undo_email_change"
  | "change_wallet"
  | "unlock_account"

/** How long each link in a mail works. */
export const MAIL_TOKEN_LIFETIME_MS: Record<MailTokenPurpose, number> = {
  confirm_email: 48 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  change_email: 24 * 60 * 60 * 1000,
  undo_email_change: 7 * 24 * 60 * 60 * 1000,
  change_wallet: 60 * 60 * 1000,
  unlock_account: 24 * 60 * 60 * 1000,
}

/**
 * A new single-use link token for a user; only its SHA-256 is stored. Earlier unused tokens of the same
 * purpose are spent, so only the newest mail works.
 */
export async function issueMailToken(
  db: Queryable,
  userId: string,
  purpose: MailTokenPurpose,
  data: Record<string, unknown> = {},
): Promise<string> {
  const token = newToken()
  await db.query(
    `UPDATE mail_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
    [userId, purpose],
  )
  await db.query(
    `INSERT INTO mail_tokens (user_id, purpose, token_hash, data, expires_at)
     VALUES ($1, $2, $3, $4, now() + $5 * interval '1 millisecond')`,
    [userId, purpose, hashToken(token), JSON.stringify(data), MAIL_TOKEN_LIFETIME_MS[purpose]],
  )
  return token
}

export interface MailTokenUse {
  data: Record<string, unknown>
}

const USER_ID = /^[0-9]{1,18}$/

/**
 * Spends a token: the live, unused token of this user and purpose is marked used in the same statement
 * that finds it, so two requests cannot both use it. Null when it is unknown, used or expired.
 */
export async function consumeMailToken(
  db: Queryable,
  token: string,
  userId: string,
  purpose: MailTokenPurpose,
): Promise<MailTokenUse | null> {
  if (!USER_ID.test(userId)) return null
  const { rows } = await db.query<{ data: Record<string, unknown> }>(
    `UPDATE mail_tokens SET used_at = now()
      WHERE token_hash = $1 AND user_id = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > now()
      RETURNING data`,
    [hashToken(token), userId, purpose],
  )
  return rows[0] ? { data: rows[0].data } : null
}

/** Reads a live token without spending it (a page that asks "confirm or cancel?" first shows what it does). */
export async function peekMailToken(
  db: Queryable,
  token: string,
  userId: string,
  purpose: MailTokenPurpose,
): Promise<MailTokenUse | null> {
  if (!USER_ID.test(userId)) return null
  const { rows } = await db.query<{ data: Record<string, unknown> }>(
    `SELECT data FROM mail_tokens
      WHERE token_hash = $1 AND user_id = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > now()`,
    [hashToken(token), userId, purpose],
  )
  return rows[0] ? { data: rows[0].data } : null
}

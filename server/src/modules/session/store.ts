import { createHash, randomBytes } from "node:crypto"
import type { Queryable } from "../../db/database"

/** Sessions end after this long without a request, and in any case after the absolute lifetime. */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000
export const SESSION_ABSOLUTE_MS = 60 * 24 * 60 * 60 * 1000

export const hashToken = (token: string) => createHash("sha256").update(token).digest()

/** 256 random bits, URL-safe. */
export const newToken = () => randomBytes(32).toString("base64url")

export interface SessionRow {
  token_hash: Buffer | Uint8Array
  user_id: string | null
}

/** Starts a session for a user; the token goes into the cookie, only its hash into the database. */
export async function createSession(
  db: Queryable,
  userId: string,
  client: { userAgent?: string; ip?: string } = {},
): Promise<string> {
  const token = newToken()
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at, user_agent, ip)
     VALUES ($1, $2, now() + $3 * interval '1 millisecond', $4, $5)`,
    [
      hashToken(token),
      userId,
      SESSION_ABSOLUTE_MS,
      client.userAgent?.slice(0, 500) ?? null,
      client.ip ?? null,
    ],
  )
  return token
}

/**
 * The live session of a cookie token (touching its idle clock), or null when there is none. A session
 * whose user was deleted is still returned, with user_id null (spec §8 ERROR_EMPTY_USER).
 */
export async function findSession(db: Queryable, token: string): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>(
    `UPDATE sessions SET last_seen_at = now()
      WHERE token_hash = $1 AND expires_at > now()
        AND last_seen_at > now() - $2 * interval '1 millisecond'
      RETURNING token_hash, user_id::text AS user_id`,
    [hashToken(token), SESSION_IDLE_MS],
  )
  return rows[0] ?? null
}

export async function endSession(db: Queryable, token: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE token_hash = $1", [hashToken(token)])
}

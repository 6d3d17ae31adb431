import type { Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"

export interface Limit {
  max: number
  windowMs: number
}

/**
 * Limits on costly or guessable actions, checked before any password is hashed. Per-account limits are
 * short so that someone guessing cannot lock the owner out for long (ASVS 6.1.1); the per-IP limits are wider.
 */
export const LIMITS = {
  /** Failed and successful password checks of one account: the 11th within 15 minutes is refused. */
  loginAccount: { max: 10, windowMs: 15 * 60 * 1000 },
  loginIp: { max: 50, windowMs: 15 * 60 * 1000 },
  /** Second-step codes (TOTP or recovery) of one account. */
  twoFactorAccount: { max: 10, windowMs: 15 * 60 * 1000 },
  registerIp: { max: 10, windowMs: 60 * 60 * 1000 },
  /** Reminder and confirmation mails to one address. */
  mailAddress: { max: 3, windowMs: 60 * 60 * 1000 },
  mailIp: { max: 20, windowMs: 60 * 60 * 1000 },
  /** Re-authentication (current password) on profile changes, per account. */
  reauthAccount: { max: 10, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, Limit>

export interface LimitState {
  allowed: boolean
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number
}

/**
 * Counts one attempt against a fixed window kept in PostgreSQL, so every server process shares it.
 * The upsert is one statement: concurrent attempts cannot both slip under the limit.
 */
export async function hitLimit(db: Queryable, key: string, limit: Limit): Promise<LimitState> {
  const { rows } = await db.query<{ hits: number; retry_after: number }>(
    `INSERT INTO rate_limits AS r (key, window_started_at, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN r.window_started_at <= now() - $2 * interval '1 millisecond' THEN 1 ELSE r.hits + 1 END,
       window_started_at = CASE WHEN r.window_started_at <= now() - $2 * interval '1 millisecond'
                                THEN now() ELSE r.window_started_at END
     RETURNING hits,
       greatest(1, ceil(extract(epoch FROM r.window_started_at + $2 * interval '1 millisecond' - now())))::int
         AS retry_after`,
    [key, limit.windowMs],
  )
  const row = rows[0]!
  return { allowed: row.hits <= limit.max, retryAfter: row.retry_after }
}

/** Forgets the attempts of a key (a successful sign-in clears the account's failures). */
export async function resetLimit(db: Queryable, key: string): Promise<void> {
  await db.query("DELETE FROM rate_limits WHERE key = $1", [key])
}

/** Counts an attempt; over the limit it answers 429 RATE_LIMITED with Retry-After. */
export async function enforceLimit(db: Queryable, key: string, limit: Limit): Promise<void> {
  const state = await hitLimit(db, key, limit)
  if (!state.allowed) {
    throw new HttpError(
      429,
      "RATE_LIMITED",
      `Too many attempts; try again in ${Math.ceil(state.retryAfter / 60)} min.`,
      { retryAfter: state.retryAfter },
      { "retry-after": String(state.retryAfter) },
    )
  }
}

/** Drops windows that ended long ago (called now and then so the table stays small). */
export async function pruneLimits(db: Queryable): Promise<void> {
  await db.query("DELETE FROM rate_limits WHERE window_started_at < now() - interval '1 day'")
}

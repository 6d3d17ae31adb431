import { HttpError } from "../../http/errors"
import type { LimitSpec, LimitStore } from "../limits/store"

export interface Limit {
  max: number
  windowMs: number
}

/**
 * Limits on costly or guessable actions, checked before any password is hashed. Sign-in and the second step
 * throttle the guesser, not the owner (auth/sign-in-throttle.ts): only failures count, per place (the browser's
 * device cookie when it signed in to the account before, else its IP address) and account, in three tiers, so
 * the wait grows with repeated failures; an account-wide count of failures from unknown places locks the account
 * for them (the owner lifts it with a mailed link); known browsers pass.
 */
export const LIMITS = {
  /** Failures of one account from one place: 5 a minute, then 10 in 15 minutes, then 20 a day. */
  signInPlaceShort: { max: 5, windowMs: 60 * 1000 },
  signInPlaceMedium: { max: 10, windowMs: 15 * 60 * 1000 },
  signInPlaceLong: { max: 20, windowMs: 24 * 60 * 60 * 1000 },
  /** Failures from one IP address on any accounts (offices share one): wide, and known browsers pass it. */
  signInIpFailures: { max: 100, windowMs: 15 * 60 * 1000 },
  /**
   * Failures of one account from unknown places; over it the account is locked for them. A place gives at most
   * 20 a day, so this takes failures from at least five places (three where two days meet).
   */
  signInAccountFailures: { max: 100, windowMs: 60 * 60 * 1000 },
  /** Wrong second-step codes (TOTP or recovery) of one account from unknown places. */
  twoFactorAccount: { max: 10, windowMs: 15 * 60 * 1000 },
  /** The mail with the link that lifts a lock: one an hour. */
  unlockMail: { max: 1, windowMs: 60 * 60 * 1000 },
  registerIp: { max: 10, windowMs: 60 * 60 * 1000 },
  /** Reminder and confirmation mails to one address. */
  mailAddress: { max: 3, windowMs: 60 * 60 * 1000 },
  mailIp: { max: 20, windowMs: 60 * 60 * 1000 },
  /** Referral visits (pages rendered with ?from=) remembered per IP address: more are rendered, not counted. */
  referralVisitIp: { max: 60, windowMs: 60 * 60 * 1000 },
  /** Re-authentication (current password) on profile changes, per account. */
  reauthAccount: { max: 10, windowMs: 15 * 60 * 1000 },
} satisfies Record<string, Limit>

export interface LimitState {
  /** hitLimit: this attempt is within the limit; peekLimit: one more attempt would be. */
  allowed: boolean
  /** Seconds until the window ends (for Retry-After). */
  retryAfter: number
}

/** The store's counter of a limit; limits with the same numbers share one (their keys carry their purpose). */
const spec = (limit: Limit): LimitSpec => ({
  name: `limit-${limit.max}-${limit.windowMs}`,
  points: limit.max,
  windowMs: limit.windowMs,
})

/**
 * Counts one attempt against a fixed window in the limit store (Redis when REDIS_URL is set, so every server
 * process shares it; LIMITS.md). The count is one atomic increment: concurrent attempts cannot both slip under.
 */
export async function hitLimit(limits: LimitStore, key: string, limit: Limit): Promise<LimitState> {
  const count = await limits.hit(spec(limit), key)
  return { allowed: count.allowed, retryAfter: Math.max(1, Math.ceil(count.msLeft / 1000)) }
}

/** Whether one more attempt would be within the limit, without counting one. */
export async function peekLimit(limits: LimitStore, key: string, limit: Limit): Promise<LimitState> {
  const count = await limits.peek(spec(limit), key)
  return count && count.msLeft > 0
    ? { allowed: count.consumed < limit.max, retryAfter: Math.max(1, Math.ceil(count.msLeft / 1000)) }
    : { allowed: true, retryAfter: 0 }
}

/** Forgets the attempts of a key (a successful sign-in clears the account's failures). */
export async function resetLimit(limits: LimitStore, key: string, limit: Limit): Promise<void> {
  await limits.reset(spec(limit), key)
}

/** Counts an attempt; over the limit it answers 429 RATE_LIMITED with Retry-After. */
export async function enforceLimit(limits: LimitStore, key: string, limit: Limit): Promise<void> {
  const state = await hitLimit(limits, key, limit)
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

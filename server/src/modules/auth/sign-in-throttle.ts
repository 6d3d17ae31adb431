import type { FastifyReply, FastifyRequest } from "fastify"
import type { Config } from "../../config"
import type { Queryable } from "../../db/database"
import { cookieName, setCookie } from "../../http/cookies"
import { HttpError } from "../../http/errors"
import { hitLimit, LIMITS, peekLimit, resetLimit, type Limit } from "../accounts/rate-limits"
import type { LimitStore } from "../limits/store"
import { hashToken, newToken } from "../session/store"

/*
 * Throttling sign-in guesses without locking the owner out (OWASP "Blocking Brute Force Attacks", device
 * cookies). Only failures count. A place is the browser's device cookie when that browser signed in to the
 * account before, else the IP address: the guesser's place is slowed down, growing with its failures, while the
 * owner's own browser (or another network) is not. Failures from unknown places also count per IP address (wide,
 * for offices) and per account; past the account limit the account is locked for unknown places until the
 * window ends, the owner follows the mailed unlock link, or resets the password. Known browsers pass both.
 */

/** Set on every successful sign-in; names the browser, per account, in sign_in_devices. */
export const DEVICE_COOKIE = "mh_device"
export const DEVICE_MS = 180 * 24 * 60 * 60 * 1000
const TOKEN = /^[A-Za-z0-9_-]{43}$/
const PLACE_TIERS: Limit[] = [LIMITS.signInPlaceShort, LIMITS.signInPlaceMedium, LIMITS.signInPlaceLong]

export interface Place {
  /** "device:<hash>" for a browser known to the account, else "ip:<address>". */
  key: string
  trusted: boolean
}

export interface ThrottleScope {
  name: "sign-in" | "two-factor"
  /** Failures of one account from unknown places. */
  account: Limit
  /** Past the account limit: ACCOUNT_LOCKED (sign-in, with the unlock mail) or RATE_LIMITED. */
  locks: boolean
}

export const SIGN_IN: ThrottleScope = { name: "sign-in", account: LIMITS.signInAccountFailures, locks: true }
export const TWO_FACTOR: ThrottleScope = {
  name: "two-factor",
  account: LIMITS.twoFactorAccount,
  locks: false,
}

const deviceToken = (request: FastifyRequest, config: Config) => {
  const token = request.visitor.cookies[cookieName(DEVICE_COOKIE, config.secureCookies)]
  return token && TOKEN.test(token) ? token : undefined
}

/** Where an attempt on an account comes from (userId undefined: no such account, so no known browser). */
export async function placeOf(
  db: Queryable,
  config: Config,
  request: FastifyRequest,
  userId: string | undefined,
): Promise<Place> {
  const token = deviceToken(request, config)
  if (token && userId) {
    const hash = hashToken(token)
    const { rows } = await db.query(
      `SELECT 1 FROM sign_in_devices
        WHERE token_hash = $1 AND user_id = $2 AND last_used_at > now() - $3 * interval '1 millisecond'`,
      [hash, userId, DEVICE_MS],
    )
    if (rows.length > 0) return { key: `device:${hash.toString("hex")}`, trusted: true }
  }
  return { key: `ip:${request.ip}`, trusted: false }
}

/** Marks this browser as one the account signs in from (a new cookie, or the one it has, for one more account). */
export async function rememberDevice(
  db: Queryable,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
): Promise<void> {
  const token = deviceToken(request, config) ?? newToken()
  await db.query(
    `INSERT INTO sign_in_devices (token_hash, user_id) VALUES ($1, $2)
     ON CONFLICT (token_hash, user_id) DO UPDATE SET last_used_at = now()`,
    [hashToken(token), userId],
  )
  setCookie(reply, DEVICE_COOKIE, token, {
    httpOnly: true,
    secure: config.secureCookies,
    maxAge: DEVICE_MS / 1000,
  })
}

/** Drops browsers not seen for DEVICE_MS (called now and then with the rate-limit pruning). */
export async function pruneDevices(db: Queryable): Promise<void> {
  await db.query("DELETE FROM sign_in_devices WHERE last_used_at < now() - $1 * interval '1 millisecond'", [
    DEVICE_MS,
  ])
}

const placeKeys = (scope: ThrottleScope, place: Place, subject: string) =>
  PLACE_TIERS.map((_tier, index) => `${scope.name}-place-${index}:${place.key}:${subject}`)
/** The account-wide failure count of a scope (subject: the address for sign-in, the user id for two-factor). */
export const accountKey = (scope: ThrottleScope, subject: string) => `${scope.name}-account:${subject}`
const ipKey = (scope: ThrottleScope, ip: string) => `${scope.name}-ip:${ip}`

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60))

export const throttled = (retryAfter: number) =>
  new HttpError(
    429,
    "RATE_LIMITED",
    `Too many failed attempts from here; try again in ${minutes(retryAfter)} min.`,
    { retryAfter },
    { "retry-after": String(retryAfter) },
  )

export const accountLocked = (retryAfter: number) =>
  new HttpError(
    423,
    "ACCOUNT_LOCKED",
    "After many failed sign-ins from different places this account is locked for new browsers. The link mailed " +
      `to its address unlocks it, and so does resetting the password; otherwise it unlocks in ${minutes(retryAfter)} min.`,
    { retryAfter },
    { "retry-after": String(retryAfter) },
  )

/** Refuses the attempt (without counting it) while its place is throttled or the account locked for it. */
export async function checkAttempt(
  limits: LimitStore,
  scope: ThrottleScope,
  subject: string,
  place: Place,
  ip: string,
): Promise<void> {
  if (!place.trusted) {
    const account = await peekLimit(limits, accountKey(scope, subject), scope.account)
    if (!account.allowed)
      throw scope.locks ? accountLocked(account.retryAfter) : throttled(account.retryAfter)
    const fromIp = await peekLimit(limits, ipKey(scope, ip), LIMITS.signInIpFailures)
    if (!fromIp.allowed) throw throttled(fromIp.retryAfter)
  }
  const keys = placeKeys(scope, place, subject)
  let wait = 0
  for (const [index, tier] of PLACE_TIERS.entries()) {
    const state = await peekLimit(limits, keys[index]!, tier)
    if (!state.allowed) wait = Math.max(wait, state.retryAfter)
  }
  if (wait > 0) throw throttled(wait)
}

/** Counts a failure; true when it is the one that locks the account for unknown places. */
export async function countFailure(
  limits: LimitStore,
  scope: ThrottleScope,
  subject: string,
  place: Place,
  ip: string,
): Promise<{ locked: boolean }> {
  const keys = placeKeys(scope, place, subject)
  for (const [index, tier] of PLACE_TIERS.entries()) await hitLimit(limits, keys[index]!, tier)
  if (place.trusted) return { locked: false }
  await hitLimit(limits, ipKey(scope, ip), LIMITS.signInIpFailures)
  const key = accountKey(scope, subject)
  const counted = await hitLimit(limits, key, scope.account)
  // This failure was still within the limit, and the next attempt will not be: it locked the account.
  return { locked: counted.allowed && !(await peekLimit(limits, key, scope.account)).allowed }
}

/** A success from a place forgets that place's failures (never the account's: others may still be guessing). */
export async function forgetFailures(
  limits: LimitStore,
  scope: ThrottleScope,
  subject: string,
  place: Place,
) {
  const keys = placeKeys(scope, place, subject)
  for (const [index, tier] of PLACE_TIERS.entries()) await resetLimit(limits, keys[index]!, tier)
}

/** Lifts a lock (the unlock link, a password reset): the account's failures from unknown places are forgotten. */
export async function liftLock(limits: LimitStore, email: string, userId: string): Promise<void> {
  await resetLimit(limits, accountKey(SIGN_IN, email), SIGN_IN.account)
  await resetLimit(limits, accountKey(TWO_FACTOR, userId), TWO_FACTOR.account)
}

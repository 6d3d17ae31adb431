import type { FastifyInstance } from "fastify"
import { DEFAULT_LANGUAGE } from "@manyhands/app/languages"
import { authApi } from "@manyhands/contract/accounts"
import { SITE_LANGUAGES } from "@manyhands/contract/languages"
import { clearCookie, cookieName, setCookie } from "../../http/cookies"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { afterReply } from "../mail/background"
import type { AccountDeps } from "../accounts/deps"
import { consumeMailToken, issueMailToken } from "../accounts/mail-tokens"
import { hashPassword, verifyPassword } from "../accounts/passwords"
import { enforceLimit, hitLimit, LIMITS } from "../accounts/rate-limits"
import { refuseIfBanned } from "../ops/users-bans"
import { checkNewPassword } from "../profile/reauth"
import { requireSecondFactor } from "../profile/second-factor"
import { clearSessionCookie, startSession } from "../session/sessions"
import { endSession, hashToken, newToken } from "../session/store"
import { attributionFromCookies, referrerIdOf } from "./attribution"
import { recordAuthEvent } from "./events"
import { mailLinkRoutes } from "./mail-links"
import {
  checkAttempt,
  countFailure,
  forgetFailures,
  placeOf,
  rememberDevice,
  SIGN_IN,
  TWO_FACTOR,
} from "./sign-in-throttle"
import { loadSignedInUser, mailUnavailable, normaliseEmail, tokenInvalid } from "./schemas"

/** The second sign-in step: an HttpOnly cookie naming a login_challenges row. */
export const CHALLENGE_COOKIE = "mh_2fa"
const CHALLENGE_MS = 5 * 60 * 1000
/** Wrong codes one challenge allows; then the password must be given again. */
const CHALLENGE_MAX_FAILURES = 5

/** The IANA name in its canonical spelling, or undefined when the runtime does not know it. */
function validTimezone(name: string | undefined): string | undefined {
  if (!name || name.length > 64) return undefined
  try {
    return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

const challengeMissing = () =>
  new HttpError(
    401,
    "TWO_FACTOR_CHALLENGE_MISSING",
    "The sign-in step has expired or had too many wrong codes. Sign in with your password again.",
  )

/**
 * Sign-up, e-mail confirmation, sign-in with an optional second step, and sign-out (ACCOUNTS-API.md
 * "Auth"); the mail-link endpoints are in mail-links.ts. Sign-in failures are throttled per place and account
 * (sign-in-throttle.ts), checked before any password is hashed, and answers never tell whether an address has
 * an account.
 */
export async function authRoutes(fastify: FastifyInstance, deps: AccountDeps) {
  const app = api(fastify)
  const { db, config, mailer, limits } = deps
  const cookieSecurity = { httpOnly: true, secure: config.secureCookies }

  app.route({
    ...routeOf(authApi.register),
    handler: async (request, reply) => {
      const body = request.body
      const email = normaliseEmail(body.email)
      if (body.acceptTerms !== true) {
        const message = "Accept the terms of use to create an account."
        throw new HttpError(400, "TERMS_NOT_ACCEPTED", message, [{ field: "acceptTerms", message }])
      }
      checkNewPassword(body.password, email, "password")
      await enforceLimit(limits, `register-ip:${request.ip}`, LIMITS.registerIp)
      // Hashed whether or not the address has an account, so the answer time does not tell.
      const passwordHash = await hashPassword(body.password)
      const language =
        body.language && (SITE_LANGUAGES as readonly string[]).includes(body.language)
          ? body.language
          : DEFAULT_LANGUAGE
      const timezone =
        validTimezone(body.timezone) ?? validTimezone(request.visitor.cookies.timezone) ?? "UTC"
      const attribution = attributionFromCookies(request.visitor.cookies)
      // ON CONFLICT: two sign-ups racing for one address create one account, and neither fails. The referrer
      // is the account the referral id names, if it exists; the new row is not yet visible to the subquery, so
      // an id that turns out to be the new account's own names nobody.
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO users (email, password_hash, user_type, interface_language, timezone, terms_accepted_at,
                            attribution, referrer_id)
         VALUES ($1, $2, $3, $4, $5, now(), $6, (SELECT id FROM users WHERE id = $7::bigint))
         ON CONFLICT (email) DO NOTHING
         RETURNING id::text AS id`,
        [
          email,
          passwordHash,
          body.userType ?? null,
          language,
          timezone,
          JSON.stringify(attribution),
          referrerIdOf(attribution),
        ],
      )
      const created = rows[0]
      if (created) {
        await recordAuthEvent(db, request, created.id, "registered")
        const token = await issueMailToken(db, created.id, "confirm_email")
        try {
          await mailer.send({
            to: email,
            template: "confirmEmail",
            language,
            action: `/auth/check_key/${token}/${created.id}`,
            params: { email },
          })
        } catch (err) {
          // Without the mail the account cannot be used; removing it lets the person simply try again.
          await db.query("DELETE FROM users WHERE id = $1 AND email_confirmed_at IS NULL", [created.id])
          throw mailUnavailable(request, err)
        }
      } else {
        const existing = await db.query<{ interface_language: string }>(
          "SELECT interface_language FROM users WHERE email = $1",
          [email],
        )
        // Counted per address but never refused: a refusal here would show that the account exists.
        const quota = await hitLimit(limits, `exists-mail:${email}`, LIMITS.mailAddress)
        if (existing.rows[0] && quota.allowed) {
          try {
            await mailer.send({
              to: email,
              template: "accountExists",
              language: existing.rows[0].interface_language,
              action: "/auth/remind",
              params: { email },
            })
          } catch (err) {
            throw mailUnavailable(request, err)
          }
        }
      }
      return reply.code(202).send({ status: "confirmation-sent", email })
    },
  })

  app.route({
    ...routeOf(authApi.confirmEmail),
    handler: async (request, reply) => {
      const { hash, userId } = request.body
      if (!(await consumeMailToken(db, hash, userId, "confirm_email"))) throw tokenInvalid()
      await db.query(
        "UPDATE users SET email_confirmed_at = coalesce(email_confirmed_at, now()) WHERE id = $1",
        [userId],
      )
      await recordAuthEvent(db, request, userId, "email_confirmed")
      await startSession(db, request, reply, config, userId)
      return { status: "confirmed" as const, user: await loadSignedInUser(db, userId) }
    },
  })

  app.route({
    ...routeOf(authApi.resendConfirmation),
    handler: async (request, reply) => {
      const email = normaliseEmail(request.body.email)
      await enforceLimit(limits, `confirm-mail-ip:${request.ip}`, LIMITS.mailIp)
      await enforceLimit(limits, `confirm-mail-address:${email}`, LIMITS.mailAddress)
      const { rows } = await db.query<{ id: string; interface_language: string }>(
        `SELECT id::text AS id, interface_language FROM users WHERE email = $1 AND email_confirmed_at IS NULL`,
        [email],
      )
      const user = rows[0]
      // Token and mail after the answer, so its timing says nothing about whether the account exists.
      if (user)
        afterReply(
          reply,
          mailer,
          async () => {
            const token = await issueMailToken(db, user.id, "confirm_email")
            await mailer.send({
              to: email,
              template: "confirmEmail",
              language: user.interface_language,
              action: `/auth/check_key/${token}/${user.id}`,
              params: { email },
            })
          },
          (err) => request.log.error({ err, userId: user.id }, "confirmation mail could not be sent"),
        )
      return reply.code(202).send({ status: "sent" })
    },
  })

  app.route({
    ...routeOf(authApi.login),
    handler: async (request, reply) => {
      const email = normaliseEmail(request.body.email)
      const { rows } = await db.query<{
        id: string
        password_hash: string
        confirmed: boolean
        two_factor: boolean
        interface_language: string
      }>(
        `SELECT id::text AS id, password_hash, email_confirmed_at IS NOT NULL AS confirmed,
                totp_enabled_at IS NOT NULL AND totp_secret IS NOT NULL AS two_factor, interface_language
           FROM users WHERE email = $1`,
        [email],
      )
      const account = rows[0]
      // Before any password is hashed; counted per address whether or not it has an account.
      const place = await placeOf(db, config, request, account?.id)
      await checkAttempt(limits, SIGN_IN, email, place, request.ip)
      // verifyPassword hashes a dummy when there is no account, so both refusals take as long.
      if (!(await verifyPassword(account?.password_hash, request.body.password)) || !account) {
        const { locked } = await countFailure(limits, SIGN_IN, email, place, request.ip)
        await recordAuthEvent(db, request, account?.id ?? null, "login_failure")
        if (locked && account) {
          await recordAuthEvent(db, request, account.id, "account_locked")
          if ((await hitLimit(limits, `unlock-mail:${email}`, LIMITS.unlockMail)).allowed)
            afterReply(
              reply,
              mailer,
              async () => {
                const token = await issueMailToken(db, account.id, "unlock_account")
                await mailer.send({
                  to: email,
                  template: "unlockAccount",
                  language: account.interface_language,
                  action: `/auth/unlock/${token}/${account.id}`,
                  params: { email },
                })
              },
              (err) => request.log.error({ err, userId: account.id }, "unlock mail could not be sent"),
            )
        }
        throw new HttpError(401, "INVALID_CREDENTIALS", "The address or the password is wrong.")
      }
      if (!account.confirmed) {
        await recordAuthEvent(db, request, account.id, "login_unconfirmed")
        throw new HttpError(
          403,
          "EMAIL_NOT_CONFIRMED",
          "Confirm your address first: follow the link in the mail we sent you, or ask for a new mail.",
        )
      }
      await forgetFailures(limits, SIGN_IN, email, place)
      // Before the second factor is asked: a banned account learns at once why it cannot come in.
      await refuseIfBanned(db, account.id)

      if (account.two_factor) {
        const earlier = request.visitor.cookies[cookieName(CHALLENGE_COOKIE, config.secureCookies)]
        if (earlier)
          await db.query("DELETE FROM login_challenges WHERE token_hash = $1", [hashToken(earlier)])
        // Expired challenges are never used again; tidied here, where new ones are made.
        await db.query("DELETE FROM login_challenges WHERE expires_at <= now()")
        const token = newToken()
        await db.query(
          `INSERT INTO login_challenges (token_hash, user_id, expires_at)
           VALUES ($1, $2, now() + $3 * interval '1 millisecond')`,
          [hashToken(token), account.id, CHALLENGE_MS],
        )
        setCookie(reply, CHALLENGE_COOKIE, token, { ...cookieSecurity, maxAge: CHALLENGE_MS / 1000 })
        await recordAuthEvent(db, request, account.id, "two_factor_challenge")
        return { status: "two-factor" as const }
      }
      await startSession(db, request, reply, config, account.id)
      await rememberDevice(db, config, request, reply, account.id)
      await recordAuthEvent(db, request, account.id, "login_success")
      return { status: "signed-in" as const, user: await loadSignedInUser(db, account.id) }
    },
  })

  app.route({
    ...routeOf(authApi.loginTwoFactor),
    handler: async (request, reply) => {
      const token = request.visitor.cookies[cookieName(CHALLENGE_COOKIE, config.secureCookies)]
      const tokenHash = token ? hashToken(token) : null
      const { rows } = tokenHash
        ? await db.query<{ user_id: string; secret: string | null }>(
            `SELECT c.user_id::text AS user_id, u.totp_secret AS secret
               FROM login_challenges c JOIN users u ON u.id = c.user_id
              WHERE c.token_hash = $1 AND c.expires_at > now() AND u.totp_enabled_at IS NOT NULL`,
            [tokenHash],
          )
        : { rows: [] }
      const challenge = rows[0]
      // No secret: 2FA was turned off meanwhile; codes of an empty key must never count.
      if (!tokenHash || !challenge?.secret) {
        if (token) clearCookie(reply, CHALLENGE_COOKIE, cookieSecurity)
        throw challengeMissing()
      }
      const userId = challenge.user_id
      const place = await placeOf(db, config, request, userId)
      await checkAttempt(limits, TWO_FACTOR, userId, place, request.ip)
      try {
        await requireSecondFactor(db, userId, challenge.secret, request.body.code)
      } catch (error) {
        if (!(error instanceof HttpError) || error.code !== "TWO_FACTOR_CODE_INVALID") throw error
        await countFailure(limits, TWO_FACTOR, userId, place, request.ip)
        await recordAuthEvent(db, request, userId, "two_factor_failure")
        const counted = await db.query<{ failures: number }>(
          "UPDATE login_challenges SET failures = failures + 1 WHERE token_hash = $1 RETURNING failures",
          [tokenHash],
        )
        const failures = counted.rows[0]?.failures ?? CHALLENGE_MAX_FAILURES
        if (failures >= CHALLENGE_MAX_FAILURES) {
          await db.query("DELETE FROM login_challenges WHERE token_hash = $1", [tokenHash])
          clearCookie(reply, CHALLENGE_COOKIE, cookieSecurity)
          await recordAuthEvent(db, request, userId, "two_factor_locked")
          throw challengeMissing()
        }
        throw error
      }
      // Deleting is what finishes the challenge: of two racing right codes only one signs in.
      const finished = await db.query("DELETE FROM login_challenges WHERE token_hash = $1 RETURNING 1", [
        tokenHash,
      ])
      clearCookie(reply, CHALLENGE_COOKIE, cookieSecurity)
      if (finished.rows.length === 0) throw challengeMissing()
      await forgetFailures(limits, TWO_FACTOR, userId, place)
      if (!/^[0-9]{6}$/.test(request.body.code.replace(/\s/g, "")))
        await recordAuthEvent(db, request, userId, "recovery_code_used")
      await startSession(db, request, reply, config, userId)
      await rememberDevice(db, config, request, reply, userId)
      await recordAuthEvent(db, request, userId, "login_success")
      return { status: "signed-in" as const, user: await loadSignedInUser(db, userId) }
    },
  })

  app.route({
    ...routeOf(authApi.logout),
    handler: async (request, reply) => {
      const { sessionToken, user } = request.visitor
      if (sessionToken) await endSession(db, sessionToken)
      clearSessionCookie(reply, config)
      if (user) await recordAuthEvent(db, request, user.id, "logout")
      return reply.code(204).header("cache-control", "no-store").send()
    },
  })

  await mailLinkRoutes(fastify, deps)
}

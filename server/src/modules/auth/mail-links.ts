import type { FastifyInstance } from "fastify"
import type { Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import { sendInBackground } from "../mail/background"
import type { AccountDeps } from "../accounts/deps"
import { consumeMailToken, issueMailToken, peekMailToken } from "../accounts/mail-tokens"
import { hashPassword } from "../accounts/passwords"
import { enforceLimit, LIMITS, resetLimit } from "../accounts/rate-limits"
import { notifyOwner } from "../profile/audit"
import { checkNewPassword, passwordSchema } from "../profile/reauth"
import { loadCurrentUser } from "../session/current-user"
import { checkPayoutWallet, isPayoutMethod, type PayoutMethodName } from "../payouts/payout-methods"
import { clearSessionCookie } from "../session/sessions"
import { recordAuthEvent } from "./events"
import {
  emailSchema,
  isUniqueViolation,
  linkBodySchema,
  type LinkBody,
  linkProperties,
  normaliseEmail,
  tokenInvalid,
} from "./schemas"

const emailTaken = () =>
  new HttpError(409, "EMAIL_TAKEN", "Another account uses this address now, so it cannot be changed to it.")

/** A string the token's data must hold; a token without it is treated as invalid. */
function dataText(data: Record<string, unknown>, key: string): string {
  const value = data[key]
  if (typeof value !== "string" || value === "") throw tokenInvalid()
  return value
}

/**
 * The method and wallet a change_wallet link applies, checked again: a link is only as good as the rules
 * of when it is followed.
 */
function walletData(data: Record<string, unknown>): { method: PayoutMethodName; wallet: string } {
  const method = data.method
  if (!isPayoutMethod(method)) throw tokenInvalid()
  const checked = checkPayoutWallet(method, dataText(data, "wallet"))
  if (!checked.ok) throw tokenInvalid()
  return { method, wallet: checked.wallet }
}

interface PayoutWalletRow {
  payout_method: string | null
  payout_wallet: string | null
}

async function emailOf(db: Queryable, userId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ email: string }>("SELECT email FROM users WHERE id = $1", [userId])
  return rows[0]?.email
}

/** Ends every session of an account (and any half-finished two-factor sign-in). */
async function endAllSessions(db: Queryable, userId: string): Promise<void> {
  await db.query("DELETE FROM sessions WHERE user_id = $1", [userId])
  await db.query("DELETE FROM login_challenges WHERE user_id = $1", [userId])
}

/**
 * What the links in account mails do: password reminder and reset, e-mail change confirm / cancel / undo,
 * payout wallet change. Each link carries a single-use token; checks peek at it, actions spend it in the
 * same transaction as the change, so a failed change leaves the link usable.
 */
export async function mailLinkRoutes(app: FastifyInstance, { db, config, mailer }: AccountDeps) {
  app.post<{ Body: { email: string } }>(
    "/api/v2/auth/remind",
    {
      schema: {
        body: {
          type: "object",
          required: ["email"],
          additionalProperties: false,
          properties: { email: emailSchema },
        },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email)
      // Counted for every address alike, so a refusal says nothing about whether the account exists.
      await enforceLimit(db, `remind-ip:${request.ip}`, LIMITS.mailIp)
      await enforceLimit(db, `remind-address:${email}`, LIMITS.mailAddress)
      const { rows } = await db.query<{ id: string; interface_language: string }>(
        "SELECT id::text AS id, interface_language FROM users WHERE email = $1",
        [email],
      )
      const user = rows[0]
      if (user) {
        const token = await issueMailToken(db, user.id, "reset_password")
        await recordAuthEvent(db, request, user.id, "password_reset_requested")
        // After the answer, so its timing says nothing about whether the account exists.
        sendInBackground(
          mailer,
          {
            to: email,
            template: "resetPassword",
            language: user.interface_language,
            action: `/auth/check_remind/${token}/${user.id}`,
            params: { email },
          },
          (err) => request.log.error({ err, userId: user.id }, "password reminder could not be sent"),
        )
      }
      return reply.code(202).send({ status: "sent" })
    },
  )

  app.post<{ Body: LinkBody }>(
    "/api/v2/auth/reset-password/check",
    { schema: { body: linkBodySchema } },
    async (request) => {
      const { hash, userId } = request.body
      const email = (await peekMailToken(db, hash, userId, "reset_password")) && (await emailOf(db, userId))
      if (!email) throw tokenInvalid()
      return { email }
    },
  )

  app.post<{ Body: LinkBody & { password: string } }>(
    "/api/v2/auth/reset-password",
    {
      schema: {
        body: {
          type: "object",
          required: ["hash", "userId", "password"],
          additionalProperties: false,
          properties: { ...linkProperties, password: passwordSchema },
        },
      },
    },
    async (request, reply) => {
      const { hash, userId, password } = request.body
      // The link is checked before the password, so a refused password leaves it usable for another try.
      const email = (await peekMailToken(db, hash, userId, "reset_password")) && (await emailOf(db, userId))
      if (!email) throw tokenInvalid()
      checkNewPassword(password, email, "password")
      const passwordHash = await hashPassword(password)
      await db.transaction(async (tx) => {
        if (!(await consumeMailToken(tx, hash, userId, "reset_password"))) throw tokenInvalid()
        // Following the link proves the address, so an account never confirmed counts as confirmed now.
        await tx.query(
          `UPDATE users SET password_hash = $2, password_changed_at = now(),
                            email_confirmed_at = coalesce(email_confirmed_at, now())
            WHERE id = $1`,
          [userId, passwordHash],
        )
        await endAllSessions(tx, userId)
      })
      // The owner may have been locked out by someone guessing; the new password works at once.
      await resetLimit(db, `login-account:${email}`)
      clearSessionCookie(reply, config)
      await recordAuthEvent(db, request, userId, "password_reset")
      const user = await loadCurrentUser(db, userId)
      if (user) await notifyOwner(mailer, request, user, "passwordChanged")
      return { status: "changed" }
    },
  )

  app.post<{ Body: LinkBody & { status: "confirm" | "cancel" } }>(
    "/api/v2/auth/change-email",
    {
      schema: {
        body: {
          type: "object",
          required: ["hash", "userId", "status"],
          additionalProperties: false,
          properties: { ...linkProperties, status: { enum: ["confirm", "cancel"] } },
        },
      },
    },
    async (request) => {
      const { hash, userId, status } = request.body
      if (status === "cancel") {
        if (!(await consumeMailToken(db, hash, userId, "change_email"))) throw tokenInvalid()
        await recordAuthEvent(db, request, userId, "email_change_cancelled")
        return { status: "cancelled", email: await emailOf(db, userId) }
      }
      let email: string
      try {
        email = await db.transaction(async (tx) => {
          const use = await consumeMailToken(tx, hash, userId, "change_email")
          if (!use) throw tokenInvalid()
          const newEmail = dataText(use.data, "newEmail")
          const oldEmail = dataText(use.data, "oldEmail")
          const taken = await tx.query("SELECT 1 FROM users WHERE email = $1 AND id <> $2", [
            newEmail,
            userId,
          ])
          // Thrown inside the transaction: the link stays unspent.
          if (taken.rows.length > 0) throw emailTaken()
          const changed = await tx.query(
            "UPDATE users SET email = $2 WHERE id = $1 AND email = $3 RETURNING 1",
            [userId, newEmail, oldEmail],
          )
          // The address changed another way since the mail was sent: this link is stale.
          if (changed.rows.length === 0) throw tokenInvalid()
          return newEmail
        })
      } catch (error) {
        // Another account took the address between the check and the update.
        if (isUniqueViolation(error)) throw emailTaken()
        throw error
      }
      await recordAuthEvent(db, request, userId, "email_changed")
      return { status: "changed", email }
    },
  )

  app.post<{ Body: LinkBody }>(
    "/api/v2/auth/delete-email",
    { schema: { body: linkBodySchema } },
    async (request, reply) => {
      const { hash, userId } = request.body
      const result = await db.transaction(async (tx) => {
        const use = await consumeMailToken(tx, hash, userId, "undo_email_change")
        if (!use) throw tokenInvalid()
        const oldEmail = dataText(use.data, "oldEmail")
        const newEmail = dataText(use.data, "newEmail")
        // A change still waiting for confirmation is cancelled…
        await tx.query(
          `UPDATE mail_tokens SET used_at = now()
            WHERE user_id = $1 AND purpose = 'change_email' AND used_at IS NULL`,
          [userId],
        )
        // …and a confirmed one is undone, unless someone has taken the old address meanwhile.
        const taken = await tx.query("SELECT 1 FROM users WHERE email = $1 AND id <> $2", [oldEmail, userId])
        const restored = taken.rows.length === 0
        if (restored) {
          await tx.query("UPDATE users SET email = $2 WHERE id = $1 AND email = $3", [
            userId,
            oldEmail,
            newEmail,
          ])
        }
        // Whoever asked for the change is signed out everywhere.
        await endAllSessions(tx, userId)
        return { restored, email: await emailOf(tx, userId) }
      })
      clearSessionCookie(reply, config)
      await recordAuthEvent(db, request, userId, "email_change_undone")
      if (!result.restored) {
        request.log.warn({ userId }, "email change not undone: the old address has another account now")
        throw new HttpError(
          409,
          "EMAIL_TAKEN",
          "Every session of the account was ended, but the old address now belongs to another account, so it could not be restored. Please contact support.",
        )
      }
      return { status: "removed", email: result.email }
    },
  )

  app.post<{ Body: LinkBody }>(
    "/api/v2/auth/edit-purse/check",
    { schema: { body: linkBodySchema } },
    async (request) => {
      const { hash, userId } = request.body
      const use = await peekMailToken(db, hash, userId, "change_wallet")
      if (!use) throw tokenInvalid()
      const { method, wallet } = walletData(use.data)
      const { rows } = await db.query<PayoutWalletRow>(
        "SELECT payout_method, payout_wallet FROM users WHERE id = $1",
        [userId],
      )
      return {
        method,
        wallet,
        currentMethod: rows[0]?.payout_method ?? null,
        currentWallet: rows[0]?.payout_wallet ?? null,
      }
    },
  )

  app.post<{ Body: LinkBody & { action: "confirm" | "cancel" } }>(
    "/api/v2/auth/edit-purse",
    {
      schema: {
        body: {
          type: "object",
          required: ["hash", "userId", "action"],
          additionalProperties: false,
          properties: { ...linkProperties, action: { enum: ["confirm", "cancel"] } },
        },
      },
    },
    async (request) => {
      const { hash, userId, action } = request.body
      const current = await db.transaction(async (tx) => {
        const use = await consumeMailToken(tx, hash, userId, "change_wallet")
        if (!use) throw tokenInvalid()
        // Method and wallet change together; payouts requested before keep the wallet they were made for.
        if (action === "confirm") {
          const { method, wallet } = walletData(use.data)
          await tx.query("UPDATE users SET payout_method = $2, payout_wallet = $3 WHERE id = $1", [
            userId,
            method,
            wallet,
          ])
        }
        const { rows } = await tx.query<PayoutWalletRow>(
          "SELECT payout_method, payout_wallet FROM users WHERE id = $1",
          [userId],
        )
        return { method: rows[0]?.payout_method ?? null, wallet: rows[0]?.payout_wallet ?? null }
      })
      await recordAuthEvent(
        db,
        request,
        userId,
        action === "confirm" ? "wallet_changed" : "wallet_change_cancelled",
      )
      return { status: action === "confirm" ? "changed" : "cancelled", ...current }
    },
  )
}

import type { FastifyInstance } from "fastify"
import { authApi } from "@manyhands/contract/accounts"
import type { Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { afterReply } from "../mail/background"
import type { AccountDeps } from "../accounts/deps"
import { consumeMailToken, issueMailToken, peekMailToken } from "../accounts/mail-tokens"
import { hashPassword } from "../accounts/passwords"
import { enforceLimit, LIMITS } from "../accounts/rate-limits"
import { notifyOwner } from "../profile/audit"
import { checkNewPassword } from "../profile/reauth"
import { loadCurrentUser } from "../session/current-user"
import { checkPayoutWallet, isPayoutMethod, type PayoutMethodName } from "../payouts/payout-methods"
import { clearSessionCookie } from "../session/sessions"
import { recordAuthEvent } from "./events"
import { liftLock, rememberDevice } from "./sign-in-throttle"
import { isUniqueViolation, normaliseEmail, tokenInvalid } from "./schemas"

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
  payout_method: PayoutMethodName | null
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
 * What the links in account mails do: password reminder and reset, account unlock, e-mail change confirm /
 * cancel / undo, payout wallet change. Each link carries a single-use token; checks peek at it, actions spend it in the
 * same transaction as the change, so a failed change leaves the link usable.
 */
export async function mailLinkRoutes(fastify: FastifyInstance, { db, config, mailer, limits }: AccountDeps) {
  const app = api(fastify)
  app.route({
    ...routeOf(authApi.remind),
    handler: async (request, reply) => {
      const email = normaliseEmail(request.body.email)
      // Counted for every address alike, so a refusal says nothing about whether the account exists.
      await enforceLimit(limits, `remind-ip:${request.ip}`, LIMITS.mailIp)
      await enforceLimit(limits, `remind-address:${email}`, LIMITS.mailAddress)
      const { rows } = await db.query<{ id: string; interface_language: string }>(
        "SELECT id::text AS id, interface_language FROM users WHERE email = $1",
        [email],
      )
      const user = rows[0]
      // Token, event and mail after the answer: before it, both kinds of address do the same work.
      if (user)
        afterReply(
          reply,
          mailer,
          async () => {
            const token = await issueMailToken(db, user.id, "reset_password")
            await recordAuthEvent(db, request, user.id, "password_reset_requested")
            await mailer.send({
              to: email,
              template: "resetPassword",
              language: user.interface_language,
              action: `/auth/check_remind/${token}/${user.id}`,
              params: { email },
            })
          },
          (err) => request.log.error({ err, userId: user.id }, "password reminder could not be sent"),
        )
      return reply.code(202).send({ status: "sent" })
    },
  })

  app.route({
    ...routeOf(authApi.resetPasswordCheck),
    handler: async (request) => {
      const { hash, userId } = request.body
      const email = (await peekMailToken(db, hash, userId, "reset_password")) && (await emailOf(db, userId))
      if (!email) throw tokenInvalid()
      return { email }
    },
  })

  app.route({
    ...routeOf(authApi.resetPassword),
    handler: async (request, reply) => {
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
      await liftLock(limits, email, userId)
      clearSessionCookie(reply, config)
      await recordAuthEvent(db, request, userId, "password_reset")
      const user = await loadCurrentUser(db, userId)
      if (user) await notifyOwner(mailer, request, user, "passwordChanged")
      return { status: "changed" as const }
    },
  })

  app.route({
    ...routeOf(authApi.unlock),
    handler: async (request, reply) => {
      const { hash, userId } = request.body
      if (!(await consumeMailToken(db, hash, userId, "unlock_account"))) throw tokenInvalid()
      const email = await emailOf(db, userId)
      if (!email) throw tokenInvalid()
      await liftLock(limits, email, userId)
      // The link proves the mailbox: this browser counts as the owner's from now on (the password is still asked).
      await rememberDevice(db, config, request, reply, userId)
      await recordAuthEvent(db, request, userId, "account_unlocked")
      return { status: "unlocked" as const, email }
    },
  })

  app.route({
    ...routeOf(authApi.changeEmail),
    handler: async (request) => {
      const { hash, userId, status } = request.body
      if (status === "cancel") {
        if (!(await consumeMailToken(db, hash, userId, "change_email"))) throw tokenInvalid()
        await recordAuthEvent(db, request, userId, "email_change_cancelled")
        const current = await emailOf(db, userId)
        // The account was deleted meanwhile.
        if (current === undefined) throw tokenInvalid()
        return { status: "cancelled" as const, email: current }
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
      return { status: "changed" as const, email }
    },
  })

  app.route({
    ...routeOf(authApi.undoEmailChange),
    handler: async (request, reply) => {
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
        const email = await emailOf(tx, userId)
        // The account was deleted meanwhile.
        if (email === undefined) throw tokenInvalid()
        return { restored, email }
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
      return { status: "removed" as const, email: result.email }
    },
  })

  app.route({
    ...routeOf(authApi.walletChangeCheck),
    handler: async (request) => {
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
  })

  app.route({
    ...routeOf(authApi.walletChange),
    handler: async (request) => {
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
      return { status: action === "confirm" ? ("changed" as const) : ("cancelled" as const), ...current }
    },
  })
}

import type { FastifyInstance } from "fastify"
import { profileApi } from "@manyhands/contract/accounts"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import type { AccountDeps } from "../accounts/deps"
import { issueMailToken } from "../accounts/mail-tokens"
import { hashPassword } from "../accounts/passwords"
import { mailUnavailable, normaliseEmail } from "../auth/schemas"
import { requireUser } from "../session/sessions"
import { hashToken } from "../session/store"
import { notifyOwner } from "./audit"
import { checkNewPassword, reauthenticate } from "./reauth"
import { recordAuthEvent } from "../auth/events"
import { checkPayoutWallet, PAYOUT_METHODS } from "../payouts/payout-methods"

/** Password, e-mail address and payout wallet of the signed-in user; each needs the current password. */
export async function securityRoutes(fastify: FastifyInstance, { db, mailer, limits }: AccountDeps) {
  const app = api(fastify)
  app.route({
    ...routeOf(profileApi.changePassword),
    handler: async (request) => {
      const user = requireUser(request)
      const { currentPassword, newPassword, endOtherSessions } = request.body
      checkNewPassword(newPassword, user.email)
      await reauthenticate({ db, limits }, user, currentPassword, "currentPassword")
      const passwordHash = await hashPassword(newPassword)
      const endedSessions = await db.transaction(async (tx) => {
        await tx.query("UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1", [
          user.id,
          passwordHash,
        ])
        // A reset link mailed before the change must not set another password afterwards.
        await tx.query(
          `UPDATE mail_tokens SET used_at = now()
            WHERE user_id = $1 AND purpose = 'reset_password' AND used_at IS NULL`,
          [user.id],
        )
        if (!endOtherSessions) return 0
        const { rows } = await tx.query(
          "DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING id",
          [user.id, hashToken(request.visitor.sessionToken!)],
        )
        return rows.length
      })
      await recordAuthEvent(db, request, user.id, "password_changed")
      if (endedSessions > 0) await recordAuthEvent(db, request, user.id, "sessions_ended")
      await notifyOwner(mailer, request, user, "passwordChanged")
      return { endedSessions }
    },
  })

  app.route({
    ...routeOf(profileApi.changeEmail),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const newEmail = normaliseEmail(request.body.newEmail)
      if (newEmail === user.email) {
        throw new HttpError(400, "EMAIL_UNCHANGED", "This is already your address.", [
          { field: "newEmail", message: "This is already your address." },
        ])
      }
      await reauthenticate({ db, limits }, user, request.body.password)
      const { rows } = await db.query<{ interface_language: string }>(
        "SELECT interface_language FROM users WHERE email = $1",
        [newEmail],
      )
      const owner = rows[0]
      try {
        if (owner) {
          // The answer stays the same, so the form cannot be used to find out who has an account; the
          // owner of the address learns about the attempt in their own language.
          await mailer.send({
            to: newEmail,
            template: "accountExists",
            language: owner.interface_language,
            action: "/auth/remind",
            params: { email: newEmail },
          })
        } else {
          const confirm = await issueMailToken(db, user.id, "change_email", {
            newEmail,
            oldEmail: user.email,
          })
          const undo = await issueMailToken(db, user.id, "undo_email_change", {
            oldEmail: user.email,
            newEmail,
          })
          await mailer.send({
            to: newEmail,
            template: "changeEmail",
            language: user.interfaceLanguage,
            action: `/auth/change_email/${confirm}/${user.id}/confirm`,
            params: { email: newEmail },
          })
          await mailer.send({
            to: user.email,
            template: "emailChangeNotice",
            language: user.interfaceLanguage,
            action: `/auth/delete_email/${undo}/${user.id}`,
            params: { oldEmail: user.email, email: newEmail },
          })
        }
      } catch (err) {
        throw mailUnavailable(request, err)
      }
      await recordAuthEvent(db, request, user.id, "email_change_requested")
      return reply.code(202).send({ status: "confirmation-sent", email: newEmail })
    },
  })

  app.route({
    ...routeOf(profileApi.changeWallet),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const { method } = request.body
      // Checked for the method (checksums of crypto addresses), so a typo cannot send a payout astray.
      const checked = checkPayoutWallet(method, request.body.wallet)
      if (!checked.ok) {
        throw new HttpError(400, "WALLET_INVALID", checked.message, [
          { field: "wallet", message: checked.message },
        ])
      }
      const { wallet } = checked
      await reauthenticate({ db, limits }, user, request.body.password)
      const token = await issueMailToken(db, user.id, "change_wallet", { method, wallet })
      await mailer
        .send({
          to: user.email,
          template: "changeWallet",
          language: user.interfaceLanguage,
          action: `/auth/edit_purse/${token}/${user.id}`,
          params: { wallet: `${PAYOUT_METHODS[method].label} ${wallet}` },
        })
        .catch((err: unknown) => {
          throw mailUnavailable(request, err)
        })
      await recordAuthEvent(db, request, user.id, "wallet_change_requested")
      return reply.code(202).send({ status: "confirmation-sent" })
    },
  })
}

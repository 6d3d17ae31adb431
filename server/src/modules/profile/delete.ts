import type { FastifyInstance } from "fastify"
import type { AccountDeps } from "../accounts/deps"
import { signInPasswordSchema } from "../auth/schemas"
import { requireUser, clearSessionCookie } from "../session/sessions"
import { notifyOwner } from "./audit"
import { reauthenticate } from "./reauth"
import { codeSchema, loadTotpState, requireSecondFactor } from "./second-factor"
import { recordAuthEvent } from "../auth/events"

/** Deleting the account (/profile/delete): password, and a code when 2FA is on; then signed out. */
export async function deleteRoutes(app: FastifyInstance, { db, config, mailer }: AccountDeps) {
  app.post<{ Body: { password: string; code?: string } }>(
    "/api/v2/profile/delete",
    {
      schema: {
        body: {
          type: "object",
          required: ["password"],
          additionalProperties: false,
          properties: { password: signInPasswordSchema, code: codeSchema },
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      await reauthenticate(db, user, request.body.password)
      const { secret, enabledAt } = await loadTotpState(db, user.id)
      if (enabledAt && secret) await requireSecondFactor(db, user.id, secret, request.body.code)
      // The notice goes first: afterwards nothing about the account, its address included, is left.
      await notifyOwner(mailer, request, user, "accountDeleted")
      await db.transaction(async (tx) => {
        // Sessions would survive with user_id NULL (ERROR_EMPTY_USER); none should outlive the account.
        await tx.query("DELETE FROM sessions WHERE user_id = $1", [user.id])
        await tx.query("DELETE FROM users WHERE id = $1", [user.id])
      })
      await recordAuthEvent(db, request, user.id, "account_deleted", { keepRow: false })
      clearSessionCookie(reply, config)
      return reply.code(204).send()
    },
  )
}

import type { FastifyInstance } from "fastify"
import { profileApi } from "@manyhands/contract/accounts"
import { api, routeOf } from "../../http/routes"
import type { AccountDeps } from "../accounts/deps"
import { requireUser, clearSessionCookie } from "../session/sessions"
import { notifyOwner } from "./audit"
import { reauthenticate } from "./reauth"
import { loadTotpState, requireSecondFactor } from "./second-factor"
import { recordAuthEvent } from "../auth/events"

/** Deleting the account (/profile/delete): password, and a code when 2FA is on; then signed out. */
export async function deleteRoutes(fastify: FastifyInstance, { db, config, mailer, limits }: AccountDeps) {
  const app = api(fastify)
  app.route({
    ...routeOf(profileApi.deleteAccount),
    handler: async (request, reply) => {
      const user = requireUser(request)
      await reauthenticate({ db, limits }, user, request.body.password)
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
  })
}

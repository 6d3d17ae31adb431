import type { FastifyInstance } from "fastify"
import { profileApi } from "@manyhands/contract/accounts"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import type { AccountDeps } from "../accounts/deps"
import { requireUser, clearSessionCookie } from "../session/sessions"
import { hashToken, SESSION_IDLE_MS } from "../session/store"
import { recordAuthEvent } from "../auth/events"

interface SessionListRow {
  id: string
  current: boolean
  user_agent: string | null
  ip: string | null
  created_at: Date | string
  last_seen_at: Date | string
}

const iso = (value: Date | string) => new Date(value).toISOString()

/** The signed-in user's sessions: list them, end one, end all others (ASVS 7.5.2). */
export async function sessionRoutes(fastify: FastifyInstance, { db, config }: AccountDeps) {
  const app = api(fastify)
  app.route({
    ...routeOf(profileApi.sessions),
    handler: async (request, reply) => {
      const user = requireUser(request)
      // Only sessions that would still let someone in: neither past their end nor idle too long.
      const { rows } = await db.query<SessionListRow>(
        `SELECT id::text AS id, token_hash = $2 AS current, user_agent, ip, created_at, last_seen_at
           FROM sessions
          WHERE user_id = $1 AND expires_at > now() AND last_seen_at > now() - $3 * interval '1 millisecond'
          ORDER BY created_at DESC, id DESC`,
        [user.id, hashToken(request.visitor.sessionToken!), SESSION_IDLE_MS],
      )
      reply.header("cache-control", "no-store")
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          current: row.current,
          userAgent: row.user_agent,
          ip: row.ip,
          createdAt: iso(row.created_at),
          lastSeenAt: iso(row.last_seen_at),
        })),
      }
    },
  })

  app.route({
    ...routeOf(profileApi.endSession),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const { rows } = await db.query<{ current: boolean }>(
        "DELETE FROM sessions WHERE id = $1 AND user_id = $2 RETURNING token_hash = $3 AS current",
        [request.params.id, user.id, hashToken(request.visitor.sessionToken!)],
      )
      if (!rows[0]) throw new HttpError(404, "SESSION_NOT_FOUND", "This session has already ended.")
      // Ending the session of this browser signs it out.
      if (rows[0].current) clearSessionCookie(reply, config)
      await recordAuthEvent(db, request, user.id, "sessions_ended")
      return reply.code(204).send()
    },
  })

  app.route({
    ...routeOf(profileApi.endOtherSessions),
    handler: async (request) => {
      const user = requireUser(request)
      const { rows } = await db.query(
        "DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING id",
        [user.id, hashToken(request.visitor.sessionToken!)],
      )
      if (rows.length > 0) await recordAuthEvent(db, request, user.id, "sessions_ended")
      return { ended: rows.length }
    },
  })
}

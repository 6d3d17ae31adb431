import type { FastifyInstance } from "fastify"
import { HttpError } from "../../http/errors"
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

export const idParamsSchema = {
  type: "object",
  required: ["id"],
  properties: { id: { type: "string", pattern: "^[0-9]{1,18}$" } },
} as const

/** The signed-in user's sessions: list them, end one, end all others (ASVS 7.5.2). */
export async function sessionRoutes(app: FastifyInstance, { db, config }: AccountDeps) {
  app.get(
    "/api/v2/profile/sessions",
    {
      schema: {
        response: {
          200: {
            type: "object",
            required: ["sessions"],
            properties: {
              sessions: {
                type: "array",
                items: {
                  type: "object",
                  required: ["id", "current", "userAgent", "ip", "createdAt", "lastSeenAt"],
                  properties: {
                    id: { type: "string" },
                    current: { type: "boolean" },
                    userAgent: { type: ["string", "null"] },
                    ip: { type: ["string", "null"] },
                    createdAt: { type: "string" },
                    lastSeenAt: { type: "string" },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request, reply) => {
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
  )

  app.delete<{ Params: { id: string } }>(
    "/api/v2/profile/sessions/:id",
    { schema: { params: idParamsSchema } },
    async (request, reply) => {
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
  )

  app.post(
    "/api/v2/profile/sessions/end-others",
    {
      schema: {
        response: {
          200: { type: "object", required: ["ended"], properties: { ended: { type: "integer" } } },
        },
      },
    },
    async (request) => {
      const user = requireUser(request)
      const { rows } = await db.query(
        "DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING id",
        [user.id, hashToken(request.visitor.sessionToken!)],
      )
      if (rows.length > 0) await recordAuthEvent(db, request, user.id, "sessions_ended")
      return { ended: rows.length }
    },
  )
}

import type { FastifyInstance } from "fastify"
import type { Config } from "../../config"
import type { Database } from "../../db/database"
import { HttpError } from "../../http/errors"
import { startSession } from "../session/sessions"

/**
 * Development and test helpers, never mounted in production: sign in as a demo user without a password
 * (the accounts issue brings the real sign-in).
 */
export async function devRoutes(app: FastifyInstance, { db, config }: { db: Database; config: Config }) {
  app.post<{ Body: { email: string } }>(
    "/dev/session",
    {
      schema: {
        body: {
          type: "object",
          required: ["email"],
          additionalProperties: false,
          properties: { email: { type: "string", maxLength: 254 } },
        },
      },
    },
    async (request, reply) => {
      const { rows } = await db.query<{ id: string }>(
        "SELECT id::text AS id FROM users WHERE email = lower($1)",
        [request.body.email],
      )
      if (!rows[0])
        throw new HttpError(404, "USER_NOT_FOUND", `No user has the address ${request.body.email}.`)
      await startSession(db, reply, config, rows[0].id)
      return { ok: true }
    },
  )
}

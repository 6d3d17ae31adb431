import type { FastifyInstance } from "fastify"
import type { Database } from "../../db/database"

interface CaptchaTypeRow {
  code: string
  kind: "image" | "token"
  deadline_seconds: number
}

/** The captcha types the API accepts, for the public pages. */
export async function catalogRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get(
    "/api/v1/captcha-types",
    {
      schema: {
        response: {
          200: {
            type: "array",
            items: {
              type: "object",
              required: ["code", "kind", "deadlineSeconds"],
              properties: {
                code: { type: "string" },
                kind: { enum: ["image", "token"] },
                deadlineSeconds: { type: "integer" },
              },
            },
          },
        },
      },
    },
    async (_request, reply) => {
      const { rows } = await db.query<CaptchaTypeRow>(
        "SELECT code, kind, deadline_seconds FROM captcha_types WHERE enabled ORDER BY position, code",
      )
      reply.header("cache-control", "public, max-age=60")
      return rows.map((row) => ({ code: row.code, kind: row.kind, deadlineSeconds: row.deadline_seconds }))
    },
  )
}

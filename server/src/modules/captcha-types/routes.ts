import type { FastifyInstance } from "fastify"
import { captchaTypesApi, type CaptchaKind } from "@manyhands/contract/captcha"
import type { Database } from "../../db/database"
import { api, routeOf } from "../../http/routes"

/*
 * The captcha types the API accepts, for the public pages (GET /api/v1/captcha-types). Not the software
 * catalogue of /api/v1/catalog/*.
 */

interface CaptchaTypeRow {
  code: string
  kind: CaptchaKind
  deadline_seconds: number
}

export async function captchaTypeRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  api(fastify).route({
    ...routeOf(captchaTypesApi.list),
    handler: async (_request, reply) => {
      const { rows } = await db.query<CaptchaTypeRow>(
        "SELECT code, kind, deadline_seconds FROM captcha_types WHERE enabled ORDER BY position, code",
      )
      reply.header("cache-control", "public, max-age=60")
      return rows.map((row) => ({ code: row.code, kind: row.kind, deadlineSeconds: row.deadline_seconds }))
    },
  })
}

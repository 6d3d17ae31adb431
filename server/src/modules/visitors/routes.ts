import type { FastifyInstance } from "fastify"
import { visitorsApi } from "@manyhands/contract/accounts"
import type { Config } from "../../config"
import type { Database } from "../../db/database"
import { api, routeOf } from "../../http/routes"
import { countReferralClick } from "./referral-visits"

/**
 * The event tracker (spec §7): referral visits ({from, source, unique}) and UTM tracking events, stored
 * for attribution reports. A referral visit counts only for the browser the server gave the visit cookie on a
 * page with ?from= (referral-visits.ts), once, with the source the server saw: the body's source and unique are
 * the app's guess and are not trusted. Anything else is answered the same and not stored.
 * And the browser's render-error reports (spec §8), which only go to the log.
 */
export async function visitorRoutes(
  fastify: FastifyInstance,
  { db, config }: { db: Database; config: Config },
) {
  const app = api(fastify)
  app.route({
    ...routeOf(visitorsApi.track),
    bodyLimit: 8 * 1024,
    // A page view sends at most two events; more from one address is a script filling the table.
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    handler: async (request, reply) => {
      const referer = request.headers.referer
      const event = request.body
      await db.transaction(async (tx) => {
        const data =
          event.type === "referral"
            ? await countReferralClick(tx, config, request, event.data.from)
            : event.data
        if (!data) return
        await tx.query(
          `INSERT INTO visitor_events (type, data, user_id, page, user_agent) VALUES ($1, $2, $3, $4, $5)`,
          [
            event.type,
            JSON.stringify(data),
            request.visitor.user?.id ?? null,
            typeof referer === "string" ? referer.slice(0, 2000) : null,
            request.headers["user-agent"]?.slice(0, 500) ?? null,
          ],
        )
      })
      return reply.code(201).send({ ok: true })
    },
  })

  app.route({
    ...routeOf(visitorsApi.clientError),
    bodyLimit: 16 * 1024,
    config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
    handler: async (request, reply) => {
      request.log.warn({ clientError: request.body }, `browser render error (${request.body.kind})`)
      return reply.code(204).send()
    },
  })
}

import type { FastifyInstance } from "fastify"
import { healthApi } from "@manyhands/contract/accounts"
import type { Database } from "../../db/database"
import { api, routeOf } from "../../http/routes"

const DB_TIMEOUT_MS = 2_000

/** GET /healthz: 200 while the database answers, 503 otherwise (for load balancers and monitors). */
export async function healthRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = api(fastify)
  app.route({
    ...routeOf(healthApi.check),
    handler: async (_request, reply) => {
      const up = await Promise.race([
        db.query("SELECT 1").then(
          () => true,
          () => false,
        ),
        new Promise<false>((done) => setTimeout(done, DB_TIMEOUT_MS, false).unref()),
      ])
      reply.header("cache-control", "no-store")
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? "ok" : "error", database: up ? "up" : "down", engine: db.engine })
    },
  })
}

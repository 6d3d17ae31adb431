import type { FastifyInstance } from "fastify"
import type { Database } from "../../db/database"

const DB_TIMEOUT_MS = 2_000

/** GET /healthz: 200 while the database answers, 503 otherwise (for load balancers and monitors). */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.get(
    "/healthz",
    {
      schema: {
        response: {
          "2xx": healthSchema,
          "5xx": healthSchema,
        },
      },
    },
    async (_request, reply) => {
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
  )
}

const healthSchema = {
  type: "object",
  required: ["status", "database", "engine"],
  properties: {
    status: { enum: ["ok", "error"] },
    database: { enum: ["up", "down"] },
    engine: { enum: ["pglite", "postgres"] },
  },
} as const

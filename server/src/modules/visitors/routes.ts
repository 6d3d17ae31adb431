import type { FastifyInstance } from "fastify"
import type { Database } from "../../db/database"

const short = { type: "string", maxLength: 500 } as const

/**
 * The event tracker (spec §7): referral visits ({from, source, unique}) and UTM tracking events, stored
 * for attribution reports. And the browser's render-error reports (spec §8), which only go to the log.
 */
export async function visitorRoutes(app: FastifyInstance, { db }: { db: Database }) {
  app.post<{ Body: { type: "referral" | "utm"; data: Record<string, unknown> } }>(
    "/api/v1/event-tracker",
    {
      bodyLimit: 8 * 1024,
      // A page view sends at most two events; more from one address is a script filling the table.
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      schema: {
        body: {
          oneOf: [
            {
              type: "object",
              required: ["type", "data"],
              additionalProperties: false,
              properties: {
                type: { const: "referral" },
                data: {
                  type: "object",
                  required: ["from", "source", "unique"],
                  additionalProperties: false,
                  properties: {
                    from: { ...short, minLength: 1 },
                    source: short,
                    unique: { type: "boolean" },
                  },
                },
              },
            },
            {
              type: "object",
              required: ["type", "data"],
              additionalProperties: false,
              properties: {
                type: { const: "utm" },
                data: {
                  type: "object",
                  minProperties: 1,
                  additionalProperties: false,
                  properties: {
                    utm_source: short,
                    utm_medium: short,
                    utm_campaign: short,
                    utm_id: short,
                    utm_content: short,
                  },
                },
              },
            },
          ],
        },
      },
    },
    async (request, reply) => {
      const referer = request.headers.referer
      await db.query(
        `INSERT INTO visitor_events (type, data, user_id, page, user_agent) VALUES ($1, $2, $3, $4, $5)`,
        [
          request.body.type,
          JSON.stringify(request.body.data),
          request.visitor.user?.id ?? null,
          typeof referer === "string" ? referer.slice(0, 2000) : null,
          request.headers["user-agent"]?.slice(0, 500) ?? null,
        ],
      )
      return reply.code(201).send({ ok: true })
    },
  )

  app.post<{ Body: { kind: string; message: string; stack?: string; componentStack?: string; url: string } }>(
    "/api/v1/client-errors",
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        body: {
          type: "object",
          required: ["kind", "message", "url"],
          additionalProperties: false,
          properties: {
            kind: { enum: ["fallback", "recoverable"] },
            message: { type: "string", maxLength: 1000 },
            stack: { type: "string", maxLength: 4000 },
            componentStack: { type: "string", maxLength: 4000 },
            url: { type: "string", maxLength: 2000 },
          },
        },
      },
    },
    async (request, reply) => {
      request.log.warn({ clientError: request.body }, `browser render error (${request.body.kind})`)
      return reply.code(204).send()
    },
  )
}

/*
 * Feedback's endpoints (contract/src/feedback.ts): anyone sends (the CSRF header as every POST, a few an hour per
 * account or address); staff read.
 */
import { FEEDBACK_PER_HOUR, feedbackApi } from "@manyhands/contract/feedback"
import { siteForHost } from "@manyhands/app/sites"
import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Config } from "../../config"
import type { Database } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { requireEditor } from "../content/routes"
import { Feedback, FeedbackError } from "./feedback"

export async function feedbackRoutes(
  fastify: FastifyInstance,
  { db, config }: { db: Database; config: Config },
) {
  const feedback = new Feedback(db)
  const app = api(fastify)
  app.route({
    ...routeOf(feedbackApi.send),
    config: {
      rateLimit: {
        max: FEEDBACK_PER_HOUR,
        timeWindow: 60 * 60 * 1000,
        hook: "preHandler" as const,
        keyGenerator: (request: FastifyRequest) => `feedback:${request.visitor.user?.id ?? request.ip}`,
      },
    },
    handler: async (request, reply) => {
      const user = request.visitor.user
      const language = user?.interfaceLanguage ?? siteForHost(request.host, config.origins).defaultLanguage
      try {
        const receipt = await feedback.send(request.body, {
          userId: user?.id ?? null,
          language,
          ip: request.ip,
        })
        return reply.code(201).send(receipt)
      } catch (error) {
        if (error instanceof FeedbackError)
          throw new HttpError(400, error.code, error.message, [
            { field: error.field, message: error.message },
          ])
        throw error
      }
    },
  })
  app.route({
    ...routeOf(feedbackApi.list),
    handler: (request, reply) => {
      requireEditor(request)
      void reply.header("cache-control", "no-store")
      return feedback.list(request.query.topic, request.query.page ?? 0)
    },
  })
}

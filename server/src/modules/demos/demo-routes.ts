/*
 * The demos' endpoints (contract/src/captcha-demo.ts). Public and stateless for the visitor: a customer's server
 * verifies, worker software asks for and answers challenges, without a session; so no CSRF header is asked for.
 * Making pictures and tokens is limited per IP address (in Redis when configured, shared by every process).
 */
import { captchaDemoApi } from "@manyhands/contract/captcha-demo"
import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Database } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { enforceLimit, type Limit } from "../accounts/rate-limits"
import { CaptchaDemos, DemoError, type DemoErrorCode } from "./demos"

/** Pictures and challenges one IP address may ask for, and answers and verifications it may send. */
export const DEMO_LIMITS = {
  make: { max: 120, windowMs: 60 * 1000 },
  answer: { max: 240, windowMs: 60 * 1000 },
} satisfies Record<string, Limit>

const STATUS: Record<DemoErrorCode, number> = {
  DEMO_NOT_FOUND: 404,
  NOT_A_TOKEN_DEMO: 409,
  WRONG_SITE_KEY: 422,
  CHALLENGE_NOT_FOUND: 404,
  CHALLENGE_EXPIRED: 410,
  CHALLENGE_USED: 409,
  WRONG_ANSWER: 422,
}

export async function demoRoutes(
  fastify: FastifyInstance,
  { db, demos }: { db: Database; demos?: CaptchaDemos },
) {
  const service = demos ?? new CaptchaDemos(db)
  const app = api(fastify)
  const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`
  const limited = (request: FastifyRequest, limit: Limit, purpose: string) =>
    enforceLimit(fastify.limits, `demo-${purpose}:${request.ip}`, limit)
  const answer = async <T>(work: () => Promise<T> | T): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      if (error instanceof DemoError) throw new HttpError(STATUS[error.code], error.code, error.message)
      throw error
    }
  }

  app.route({
    ...routeOf(captchaDemoApi.list),
    handler: (request) => ({ demos: service.list(originOf(request)) }),
  })
  app.route({
    ...routeOf(captchaDemoApi.demo),
    handler: async (request, reply) => {
      await limited(request, DEMO_LIMITS.make, "make")
      // A fresh picture or challenge on every visit: never from a cache.
      void reply.header("cache-control", "no-store")
      return answer(() => service.info(request.params.slug, originOf(request)))
    },
  })
  app.route({
    ...routeOf(captchaDemoApi.challenge),
    config: { csrfExempt: true },
    handler: async (request, reply) => {
      await limited(request, DEMO_LIMITS.make, "make")
      const challenge = await answer(() => service.challenge(request.params.slug, request.body))
      return reply.status(201).send(challenge)
    },
  })
  app.route({
    ...routeOf(captchaDemoApi.solve),
    config: { csrfExempt: true },
    handler: async (request, reply) => {
      await limited(request, DEMO_LIMITS.answer, "answer")
      const token = await answer(() => service.solve(request.params.slug, request.body))
      return reply.status(201).send(token)
    },
  })
  app.route({
    ...routeOf(captchaDemoApi.verify),
    config: { csrfExempt: true },
    handler: async (request) => {
      await limited(request, DEMO_LIMITS.answer, "answer")
      return answer(() => service.verify(request.params.slug, request.body))
    },
  })
}

/*
 * Push notifications' endpoints (contract/src/push.ts): the VAPID public key for anyone; a signed-in account's
 * browsers (their subscriptions) to list, store and remove, with the CSRF header on changes. The low-balance alerts
 * are a periodic job (push.ts, checkLowBalances).
 */
import { PUSH_SUBSCRIBES_PER_HOUR, pushApi } from "@manyhands/contract/push"
import type { FastifyInstance, FastifyRequest } from "fastify"
import { answerWith } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import type { Jobs } from "../jobs/jobs"
import { requireUser } from "../session/sessions"
import { PushError, type PushErrorCode, type PushNotifications } from "./push"

/** The periodic look at the balances of accounts that want low-balance alerts. */
export const PUSH_LOW_BALANCE_JOB = "push-low-balance"

const STATUS: Record<PushErrorCode, number> = {
  VALIDATION_FAILED: 400,
  PUSH_DISABLED: 409,
  PUSH_SUBSCRIPTION_NOT_FOUND: 404,
}

const answer = answerWith(PushError, (error) => STATUS[error.code])

export async function pushRoutes(
  fastify: FastifyInstance,
  { push, jobs, lowBalanceSeconds }: { push: PushNotifications; jobs: Jobs; lowBalanceSeconds: number },
) {
  const app = api(fastify)
  const private_ = { "cache-control": "no-store" }

  app.route({
    ...routeOf(pushApi.key),
    handler: (_request, reply) => {
      void reply.header("cache-control", "public, max-age=300")
      return push.key()
    },
  })
  app.route({
    ...routeOf(pushApi.devices),
    handler: async (request, reply) => {
      const user = requireUser(request)
      void reply.headers(private_)
      return push.list(user.id)
    },
  })
  app.route({
    ...routeOf(pushApi.subscribe),
    config: {
      rateLimit: {
        max: PUSH_SUBSCRIBES_PER_HOUR,
        timeWindow: 60 * 60 * 1000,
        hook: "preHandler" as const,
        keyGenerator: (request: FastifyRequest) => `push-subscribe:${request.visitor.user?.id ?? request.ip}`,
      },
    },
    handler: async (request, reply) => {
      const user = requireUser(request)
      void reply.headers(private_)
      const device = await answer(() => push.subscribe(user.id, request.body, request.headers["user-agent"]))
      request.log.info({ userId: user.id, subscriptionId: device.id, event: "push_subscribed" })
      return device
    },
  })
  app.route({
    ...routeOf(pushApi.unsubscribe),
    handler: async (request, reply) => {
      const user = requireUser(request)
      await answer(() => push.unsubscribe(user.id, request.params.id))
      request.log.info({ userId: user.id, subscriptionId: request.params.id, event: "push_unsubscribed" })
      return reply.code(204).send()
    },
  })

  /*
   * Low-balance alerts come from a periodic job, not from the charge: a captcha's charge is the engine's hot path
   * (a hold per task, settled per answer), and a look at push subscriptions there would add a query to every task
   * for the few accounts that want alerts. One query a minute over the subscriptions that asked (an index on them,
   * joined to their ledger accounts) costs the same whatever the traffic, and it also catches every other way a
   * balance falls (transfers, payouts, refunds reversed). An alert up to a minute late is soon enough.
   */
  await jobs.every(PUSH_LOW_BALANCE_JOB, { seconds: lowBalanceSeconds, retryDelaySeconds: 30 }, async () => {
    const { alerted, rearmed } = await push.checkLowBalances()
    return { alerted, rearmed }
  })
}

import type { FastifyInstance, FastifyRequest } from "fastify"
import { payoutsApi } from "@manyhands/contract/payouts"
import type { Database } from "../../db/database"
import { api, routeOf } from "../../http/routes"
import { requireAdmin, requireUser } from "../session/sessions"
import { staffActor } from "../ops/audit"
import {
  approvePayout,
  cancelPayout,
  listPayouts,
  listPayoutsByStatus,
  payoutSettings,
  rejectPayout,
  requestPayout,
} from "./payouts"

/*
 * The payouts API (PAYOUTS.md; schemas in @manyhands/contract/payouts): methods and the confirmed wallet, the
 * user's requests, and the admins' approval queue. The wallet itself is changed by POST /api/v2/profile/wallet
 * and the mailed link.
 */

export interface PayoutRoutesOptions {
  db: Database
}

/** Requests per user and minute: a person asking for their money, not a script. */
const REQUESTS_PER_MINUTE = 5

export async function payoutRoutes(fastify: FastifyInstance, { db }: PayoutRoutesOptions) {
  const app = api(fastify)
  app.route({
    ...routeOf(payoutsApi.settings),
    handler: async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return payoutSettings(db, user.id)
    },
  })

  app.route({
    ...routeOf(payoutsApi.request),
    config: {
      rateLimit: {
        max: REQUESTS_PER_MINUTE,
        timeWindow: "1 minute",
        hook: "preHandler",
        keyGenerator: (request: FastifyRequest) => `payouts:${request.visitor.user?.id ?? request.ip}`,
      },
    },
    handler: async (request, reply) => {
      const user = requireUser(request)
      const payout = await requestPayout(db, { userId: user.id, ...request.body })
      request.log.info({ payoutId: payout.id, amount: payout.amount }, "payout requested")
      return reply.code(201).header("cache-control", "no-store").send(payout)
    },
  })

  app.route({
    ...routeOf(payoutsApi.list),
    handler: async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return listPayouts(db, user.id, request.query)
    },
  })

  app.route({
    ...routeOf(payoutsApi.cancel),
    handler: async (request) => {
      const user = requireUser(request)
      return cancelPayout(db, { id: request.params.id, userId: user.id })
    },
  })

  app.route({
    ...routeOf(payoutsApi.adminList),
    handler: async (request, reply) => {
      requireAdmin(request)
      reply.header("cache-control", "no-store")
      return listPayoutsByStatus(db, request.query)
    },
  })

  app.route({
    ...routeOf(payoutsApi.approve),
    handler: async (request) => {
      const admin = requireAdmin(request)
      const payout = await approvePayout(db, {
        id: request.params.id,
        adminId: admin.id,
        reference: request.body.reference.trim(),
        actor: staffActor(request, admin, "admin"),
      })
      request.log.info({ payoutId: payout.id, by: admin.id }, "payout approved")
      return payout
    },
  })

  app.route({
    ...routeOf(payoutsApi.reject),
    handler: async (request) => {
      const admin = requireAdmin(request)
      const payout = await rejectPayout(db, {
        id: request.params.id,
        adminId: admin.id,
        reason: request.body.reason.trim(),
        actor: staffActor(request, admin, "admin"),
      })
      request.log.info({ payoutId: payout.id, by: admin.id }, "payout rejected")
      return payout
    },
  })
}

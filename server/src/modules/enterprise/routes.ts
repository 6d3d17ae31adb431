/*
 * Enterprise support's endpoints (contract/src/enterprise.ts): pricing and conditions are public, in the currency
 * asked (the site's by default: roubles on the Russian site, dollars elsewhere; another answers 400
 * VALIDATION_FAILED from the schema); the account's plan and a purchase need a signed-in account (a purchase the
 * CSRF header too).
 */
import { enterpriseApi } from "@manyhands/contract/enterprise"
import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Config } from "../../config"
import type { Database } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import type { Currency } from "../ledger/ledger"
import { requireUser } from "../session/sessions"
import type { Jobs } from "../jobs/jobs"
import {
  EnterpriseError,
  OVERDUE_SWEEP_SECONDS,
  buy,
  conditions,
  creditOverdueWaits,
  mine,
  pricing,
  type EnterpriseErrorCode,
} from "./enterprise"

export const ENTERPRISE_SLA_JOB = "enterprise-sla-credits"

const STATUS: Record<EnterpriseErrorCode, number> = {
  // Payment Required: the balance does not cover the price; nothing was charged.
  INSUFFICIENT_BALANCE: 402,
  IDEMPOTENCY_KEY_REUSED: 409,
}

export async function enterpriseRoutes(
  fastify: FastifyInstance,
  { db, config, jobs }: { db: Database; config: Config; jobs: Jobs },
) {
  // A wait nobody ends is credited once it is past its target, not only when staff finally answer.
  await jobs.every(
    ENTERPRISE_SLA_JOB,
    { seconds: OVERDUE_SWEEP_SECONDS, retryDelaySeconds: 30 },
    async () => {
      await creditOverdueWaits(db)
    },
  )
  const app = api(fastify)
  const currencyOf = (request: FastifyRequest, asked: Currency | undefined): Currency =>
    asked ?? (request.host === new URL(config.origins.russian).host ? "RUB" : "USD")
  // The terms change only with a release: caches may keep them a while.
  const public_ = { "cache-control": "public, max-age=300" }

  app.route({
    ...routeOf(enterpriseApi.pricing),
    handler: (request, reply) => {
      void reply.headers(public_)
      return pricing(currencyOf(request, request.query.currency))
    },
  })
  app.route({
    ...routeOf(enterpriseApi.conditions),
    handler: (request, reply) => {
      void reply.headers(public_)
      return conditions(currencyOf(request, request.query.currency))
    },
  })
  app.route({
    ...routeOf(enterpriseApi.mine),
    handler: (request, reply) => {
      const user = requireUser(request)
      void reply.headers({ "cache-control": "no-store" })
      return mine(db, user.id)
    },
  })
  app.route({
    ...routeOf(enterpriseApi.buy),
    handler: async (request) => {
      const user = requireUser(request)
      try {
        const purchase = await buy(db, user.id, request.body)
        request.log.info({
          userId: user.id,
          subscriptionId: purchase.subscription.id,
          replayed: purchase.replayed,
          event: "enterprise_support_bought",
        })
        return purchase
      } catch (error) {
        if (error instanceof EnterpriseError)
          throw new HttpError(STATUS[error.code], error.code, error.message, error.details)
        throw error
      }
    },
  })
}

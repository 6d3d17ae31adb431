import type { FastifyInstance } from "fastify"
import { codesApi } from "@manyhands/contract/codes"
import type { Database } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { enforceLimit, type Limit } from "../accounts/rate-limits"
import type { LimitStore } from "../limits/store"
import { requireAdmin, requireUser } from "../session/sessions"
import {
  createPromoCode,
  disablePromoCode,
  listPromoCodes,
  listRedeemedPromoCodes,
  redeemPromoCode,
} from "./promo-codes"
import { issueVouchers, listVouchers, redeemVoucher, revokeVoucher } from "./vouchers"
import { staffActor } from "../ops/audit"

/*
 * The codes API (CODES.md; schemas in @manyhands/contract/codes): PayPal vouchers and promo codes, redeemed by
 * signed-in users, issued and withdrawn by administrators.
 */

export interface CodeRoutesOptions {
  db: Database
  limits: LimitStore
}

/**
 * Redemption attempts per user, counted in the limit store (shared by every server process with Redis) before the code is
 * looked at: a person typing codes, never a script trying them. Vouchers are money, so stricter.
 */
export const REDEEM_LIMITS = {
  voucherMinute: { max: 5, windowMs: 60 * 1000 },
  voucherHour: { max: 20, windowMs: 60 * 60 * 1000 },
  promoMinute: { max: 10, windowMs: 60 * 1000 },
  promoHour: { max: 30, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, Limit>

function adminRoutes(fastify: FastifyInstance, { db }: CodeRoutesOptions) {
  const app = api(fastify)
  app.route({
    ...routeOf(codesApi.issueVouchers),
    handler: async (request, reply) => {
      const admin = requireAdmin(request)
      const { amount, currency, count } = request.body
      const vouchers = await issueVouchers(db, {
        amount,
        currency,
        count,
        note: request.body.note?.trim() ?? null,
        adminId: admin.id,
        actor: staffActor(request, admin, "admin"),
      })
      // The codes themselves are never logged.
      request.log.info({ by: admin.id, count, amount, currency, first: vouchers[0]?.id }, "vouchers issued")
      return reply.code(201).header("cache-control", "no-store").send({ vouchers })
    },
  })

  app.route({
    ...routeOf(codesApi.adminVouchers),
    handler: async (request, reply) => {
      requireAdmin(request)
      reply.header("cache-control", "no-store")
      return listVouchers(db, request.query)
    },
  })

  app.route({
    ...routeOf(codesApi.revokeVoucher),
    handler: async (request) => {
      const admin = requireAdmin(request)
      const voucher = await revokeVoucher(db, {
        id: request.params.id,
        adminId: admin.id,
        actor: staffActor(request, admin, "admin"),
      })
      request.log.info({ voucherId: voucher.id, by: admin.id }, "voucher revoked")
      return voucher
    },
  })

  app.route({
    ...routeOf(codesApi.createPromoCode),
    handler: async (request, reply) => {
      const admin = requireAdmin(request)
      const body = request.body
      const promo = await createPromoCode(db, {
        code: body.code,
        amount: body.amount,
        currency: body.currency,
        maxRedemptions: body.maxRedemptions ?? null,
        startsAt: body.startsAt ?? null,
        expiresAt: body.expiresAt ?? null,
        newCustomersOnly: body.newCustomersOnly ?? false,
        note: body.note?.trim() ?? null,
        adminId: admin.id,
        actor: staffActor(request, admin, "admin"),
      })
      request.log.info({ promoCodeId: promo.id, by: admin.id }, "promo code created")
      return reply.code(201).header("cache-control", "no-store").send(promo)
    },
  })

  app.route({
    ...routeOf(codesApi.adminPromoCodes),
    handler: async (request, reply) => {
      requireAdmin(request)
      reply.header("cache-control", "no-store")
      return listPromoCodes(db, request.query)
    },
  })

  app.route({
    ...routeOf(codesApi.disablePromoCode),
    handler: async (request) => {
      const admin = requireAdmin(request)
      const promo = await disablePromoCode(db, {
        id: request.params.id,
        adminId: admin.id,
        actor: staffActor(request, admin, "admin"),
      })
      request.log.info({ promoCodeId: promo.id, by: admin.id }, "promo code disabled")
      return promo
    },
  })
}

function userRoutes(fastify: FastifyInstance, { db, limits }: CodeRoutesOptions) {
  const app = api(fastify)
  app.route({
    ...routeOf(codesApi.redeemVoucher),
    handler: async (request, reply) => {
      const user = requireUser(request)
      await enforceLimit(limits, `voucher-redeem-minute:${user.id}`, REDEEM_LIMITS.voucherMinute)
      await enforceLimit(limits, `voucher-redeem-hour:${user.id}`, REDEEM_LIMITS.voucherHour)
      try {
        const redeemed = await redeemVoucher(db, { code: request.body.code, userId: user.id })
        request.log.info({ voucherId: redeemed.voucherId, userId: user.id }, "voucher redeemed")
        return reply.header("cache-control", "no-store").send(redeemed)
      } catch (error) {
        // Failed attempts are worth a look: many of them from one account is someone guessing.
        if (error instanceof HttpError && error.statusCode < 500)
          request.log.warn({ userId: user.id, code: error.code }, "voucher redemption refused")
        throw error
      }
    },
  })

  app.route({
    ...routeOf(codesApi.redeemPromoCode),
    handler: async (request, reply) => {
      const user = requireUser(request)
      await enforceLimit(limits, `promo-redeem-minute:${user.id}`, REDEEM_LIMITS.promoMinute)
      await enforceLimit(limits, `promo-redeem-hour:${user.id}`, REDEEM_LIMITS.promoHour)
      const redeemed = await redeemPromoCode(db, { code: request.body.code, userId: user.id })
      request.log.info({ code: redeemed.code, userId: user.id }, "promo code redeemed")
      return reply.header("cache-control", "no-store").send(redeemed)
    },
  })

  app.route({
    ...routeOf(codesApi.redeemedPromoCodes),
    handler: async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return listRedeemedPromoCodes(db, user.id, request.query)
    },
  })
}

export async function codeRoutes(app: FastifyInstance, options: CodeRoutesOptions) {
  adminRoutes(app, options)
  userRoutes(app, options)
}

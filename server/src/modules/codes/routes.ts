import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Database } from "../../db/database"
import { errorEnvelopeSchema, HttpError } from "../../http/errors"
import { enforceLimit, type Limit } from "../accounts/rate-limits"
import type { Currency } from "../ledger/ledger"
import { CURRENCIES } from "../payments/payments"
import { requireUser } from "../session/sessions"
import {
  createPromoCode,
  disablePromoCode,
  listPromoCodes,
  listRedeemedPromoCodes,
  PROMO_STATUSES,
  redeemPromoCode,
} from "./promo-codes"
import {
  issueVouchers,
  listVouchers,
  MAX_VOUCHERS_PER_ISSUE,
  redeemVoucher,
  revokeVoucher,
  VOUCHER_STATUSES,
  type VoucherStatus,
} from "./vouchers"
import { pageQueryProperties, pageSchema } from "../../http/paging"

/*
 * The codes API (CODES.md): PayPal vouchers and promo codes, redeemed by signed-in users, issued and withdrawn
 * by administrators. The shapes are those of pages/src/codes/codes-data.ts.
 */

export interface CodeRoutesOptions {
  db: Database
}

/**
 * Redemption attempts per user, counted in the database (shared by every server process) before the code is
 * looked at: a person typing codes, never a script trying them. Vouchers are money, so stricter.
 */
export const REDEEM_LIMITS = {
  voucherMinute: { max: 5, windowMs: 60 * 1000 },
  voucherHour: { max: 20, windowMs: 60 * 60 * 1000 },
  promoMinute: { max: 10, windowMs: 60 * 1000 },
  promoHour: { max: 30, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, Limit>

const anyError = { "4xx": errorEnvelopeSchema, "5xx": errorEnvelopeSchema }
const nullable = (type: string) => ({ type: [type, "null"] })
const object = (properties: Record<string, unknown>) =>
  ({ type: "object", required: Object.keys(properties), properties }) as const

const voucherProperties = {
  id: { type: "string" },
  last4: { type: "string" },
  amount: { type: "integer" },
  currency: { enum: CURRENCIES },
  note: nullable("string"),
  status: { enum: VOUCHER_STATUSES },
  createdAt: { type: "string" },
  issuedBy: nullable("string"),
  redeemedAt: nullable("string"),
  redeemedBy: nullable("string"),
  revokedAt: nullable("string"),
}
const voucherSchema = object(voucherProperties)

const promoSchema = object({
  id: { type: "string" },
  code: { type: "string" },
  amount: { type: "integer" },
  currency: { enum: CURRENCIES },
  maxRedemptions: nullable("integer"),
  redemptions: { type: "integer" },
  startsAt: nullable("string"),
  expiresAt: nullable("string"),
  newCustomersOnly: { type: "boolean" },
  note: nullable("string"),
  status: { enum: PROMO_STATUSES },
  createdAt: { type: "string" },
  disabledAt: nullable("string"),
})

const redemptionProperties = {
  code: { type: "string" },
  amount: { type: "integer" },
  currency: { enum: CURRENCIES },
  redeemedAt: { type: "string" },
}

const idParams = {
  type: "object",
  required: ["id"],
  additionalProperties: false,
  properties: { id: { type: "string", pattern: "^[0-9]{1,18}$" } },
} as const

const codeBody = {
  type: "object",
  required: ["code"],
  additionalProperties: false,
  properties: { code: { type: "string", minLength: 1, maxLength: 100 } },
} as const

/** A note with something in it besides spaces, or null. */
const note = { type: ["string", "null"], minLength: 1, maxLength: 500, pattern: "\\S" } as const

function requireAdmin(request: FastifyRequest) {
  const user = requireUser(request)
  if (!user.permissions.admin) throw new HttpError(403, "FORBIDDEN", "Only administrators can do this.")
  return user
}

function adminRoutes(app: FastifyInstance, { db }: CodeRoutesOptions) {
  app.post<{ Body: { amount: number; currency: Currency; count: number; note?: string | null } }>(
    "/api/v2/admin/vouchers",
    {
      schema: {
        body: {
          type: "object",
          required: ["amount", "currency", "count"],
          additionalProperties: false,
          properties: {
            // Limits and whole cents are checked with messages naming them.
            amount: { type: "integer" },
            currency: { enum: CURRENCIES },
            count: { type: "integer", minimum: 1, maximum: MAX_VOUCHERS_PER_ISSUE },
            note,
          },
        },
        response: {
          201: object({
            vouchers: { type: "array", items: object({ ...voucherProperties, code: { type: "string" } }) },
          }),
          ...anyError,
        },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request)
      const { amount, currency, count } = request.body
      const vouchers = await issueVouchers(db, {
        amount,
        currency,
        count,
        note: request.body.note?.trim() ?? null,
        adminId: admin.id,
      })
      // The codes themselves are never logged.
      request.log.info({ by: admin.id, count, amount, currency, first: vouchers[0]?.id }, "vouchers issued")
      return reply.code(201).header("cache-control", "no-store").send({ vouchers })
    },
  )

  app.get<{ Querystring: { status?: VoucherStatus; page: number; pageSize: number } }>(
    "/api/v2/admin/vouchers",
    {
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: { status: { enum: VOUCHER_STATUSES }, ...pageQueryProperties },
        },
        response: { 200: pageSchema(voucherSchema), ...anyError },
      },
    },
    async (request, reply) => {
      requireAdmin(request)
      reply.header("cache-control", "no-store")
      return listVouchers(db, request.query)
    },
  )

  app.post<{ Params: { id: string } }>(
    "/api/v2/admin/vouchers/:id/revoke",
    { schema: { params: idParams, response: { 200: voucherSchema, ...anyError } } },
    async (request) => {
      const admin = requireAdmin(request)
      const voucher = await revokeVoucher(db, { id: request.params.id, adminId: admin.id })
      request.log.info({ voucherId: voucher.id, by: admin.id }, "voucher revoked")
      return voucher
    },
  )

  app.post<{
    Body: {
      code: string
      amount: number
      currency: Currency
      maxRedemptions?: number | null
      startsAt?: string | null
      expiresAt?: string | null
      newCustomersOnly?: boolean
      note?: string | null
    }
  }>(
    "/api/v2/admin/promo-codes",
    {
      schema: {
        body: {
          type: "object",
          required: ["code", "amount", "currency"],
          additionalProperties: false,
          properties: {
            code: { type: "string", minLength: 1, maxLength: 40 },
            amount: { type: "integer" },
            currency: { enum: CURRENCIES },
            maxRedemptions: { type: ["integer", "null"], minimum: 1, maximum: 10_000_000 },
            startsAt: { type: ["string", "null"], format: "date-time" },
            expiresAt: { type: ["string", "null"], format: "date-time" },
            newCustomersOnly: { type: "boolean" },
            note,
          },
        },
        response: { 201: promoSchema, ...anyError },
      },
    },
    async (request, reply) => {
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
      })
      request.log.info({ promoCodeId: promo.id, by: admin.id }, "promo code created")
      return reply.code(201).header("cache-control", "no-store").send(promo)
    },
  )

  app.get<{ Querystring: { page: number; pageSize: number } }>(
    "/api/v2/admin/promo-codes",
    {
      schema: {
        querystring: { type: "object", additionalProperties: false, properties: pageQueryProperties },
        response: { 200: pageSchema(promoSchema), ...anyError },
      },
    },
    async (request, reply) => {
      requireAdmin(request)
      reply.header("cache-control", "no-store")
      return listPromoCodes(db, request.query)
    },
  )

  app.post<{ Params: { id: string } }>(
    "/api/v2/admin/promo-codes/:id/disable",
    { schema: { params: idParams, response: { 200: promoSchema, ...anyError } } },
    async (request) => {
      const admin = requireAdmin(request)
      const promo = await disablePromoCode(db, { id: request.params.id, adminId: admin.id })
      request.log.info({ promoCodeId: promo.id, by: admin.id }, "promo code disabled")
      return promo
    },
  )
}

function userRoutes(app: FastifyInstance, { db }: CodeRoutesOptions) {
  app.post<{ Body: { code: string } }>(
    "/api/v2/vouchers/redeem",
    {
      schema: {
        body: codeBody,
        response: {
          200: object({
            voucherId: { type: "string" },
            amount: { type: "integer" },
            currency: { enum: CURRENCIES },
            balance: { type: "integer" },
          }),
          ...anyError,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      await enforceLimit(db, `voucher-redeem-minute:${user.id}`, REDEEM_LIMITS.voucherMinute)
      await enforceLimit(db, `voucher-redeem-hour:${user.id}`, REDEEM_LIMITS.voucherHour)
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
  )

  app.post<{ Body: { code: string } }>(
    "/api/v2/promo-codes/redeem",
    {
      schema: {
        body: codeBody,
        response: { 200: object({ ...redemptionProperties, balance: { type: "integer" } }), ...anyError },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      await enforceLimit(db, `promo-redeem-minute:${user.id}`, REDEEM_LIMITS.promoMinute)
      await enforceLimit(db, `promo-redeem-hour:${user.id}`, REDEEM_LIMITS.promoHour)
      const redeemed = await redeemPromoCode(db, { code: request.body.code, userId: user.id })
      request.log.info({ code: redeemed.code, userId: user.id }, "promo code redeemed")
      return reply.header("cache-control", "no-store").send(redeemed)
    },
  )

  app.get<{ Querystring: { page: number; pageSize: number } }>(
    "/api/v2/promo-codes/redeemed",
    {
      schema: {
        querystring: { type: "object", additionalProperties: false, properties: pageQueryProperties },
        response: { 200: pageSchema(object(redemptionProperties)), ...anyError },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return listRedeemedPromoCodes(db, user.id, request.query)
    },
  )
}

export async function codeRoutes(app: FastifyInstance, options: CodeRoutesOptions) {
  adminRoutes(app, options)
  userRoutes(app, options)
}

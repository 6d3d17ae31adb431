import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Database } from "../../db/database"
import { errorEnvelopeSchema, HttpError } from "../../http/errors"
import { requireUser } from "../session/sessions"
import { PAYOUT_METHOD_NAMES } from "./payout-methods"
import {
  approvePayout,
  cancelPayout,
  listPayouts,
  listPayoutsByStatus,
  MAX_PAYOUT,
  PAYOUT_SOURCES,
  PAYOUT_STATUSES,
  type PayoutSource,
  type PayoutStatus,
  payoutSettings,
  rejectPayout,
  requestPayout,
} from "./payouts"
import { pageQueryProperties, pageSchema } from "../../http/paging"

/*
 * The payouts API (PAYOUTS.md): methods and the confirmed wallet, the user's requests, and the admins'
 * approval queue. The wallet itself is changed by POST /api/v2/profile/wallet and the mailed link.
 */

export interface PayoutRoutesOptions {
  db: Database
}

/** Requests per user and minute: a person asking for their money, not a script. */
const REQUESTS_PER_MINUTE = 5

const anyError = { "4xx": errorEnvelopeSchema, "5xx": errorEnvelopeSchema }
const nullable = (type: string) => ({ type: [type, "null"] })

const payoutProperties = {
  id: { type: "string" },
  source: { enum: PAYOUT_SOURCES },
  method: { enum: PAYOUT_METHOD_NAMES },
  wallet: { type: "string" },
  amount: { type: "integer" },
  fee: { type: "integer" },
  net: { type: "integer" },
  status: { enum: PAYOUT_STATUSES },
  reference: nullable("string"),
  reason: nullable("string"),
  createdAt: { type: "string" },
  decidedAt: nullable("string"),
} as const

const payoutSchema = {
  type: "object",
  required: Object.keys(payoutProperties),
  properties: payoutProperties,
} as const

const adminPayoutProperties = {
  ...payoutProperties,
  userId: nullable("string"),
  email: nullable("string"),
} as const

const settingsSchema = {
  type: "object",
  required: ["methods", "current", "available"],
  properties: {
    methods: {
      type: "array",
      items: {
        type: "object",
        required: ["name", "label", "minimum", "fee"],
        properties: {
          name: { enum: PAYOUT_METHOD_NAMES },
          label: { type: "string" },
          minimum: { type: "integer" },
          fee: {
            type: "object",
            required: ["fixed", "percent", "minimum"],
            properties: {
              fixed: { type: "integer" },
              percent: { type: "number" },
              minimum: { type: "integer" },
            },
          },
        },
      },
    },
    current: {
      type: ["object", "null"],
      required: ["method", "wallet"],
      properties: { method: { enum: PAYOUT_METHOD_NAMES }, wallet: { type: "string" } },
    },
    available: {
      type: "object",
      required: PAYOUT_SOURCES,
      properties: { earnings: { type: "integer" }, partner: { type: "integer" } },
    },
  },
} as const

const idParams = {
  type: "object",
  required: ["id"],
  additionalProperties: false,
  properties: { id: { type: "string", pattern: "^[0-9]{1,18}$" } },
} as const

/** A reference or reason with something in it besides spaces. */
const text = (maxLength: number) => ({ type: "string", minLength: 1, maxLength, pattern: "\\S" }) as const

function requireAdmin(request: FastifyRequest) {
  const user = requireUser(request)
  if (!user.permissions.admin) throw new HttpError(403, "FORBIDDEN", "Only administrators can do this.")
  return user
}

export async function payoutRoutes(app: FastifyInstance, { db }: PayoutRoutesOptions) {
  app.get(
    "/api/v2/payouts/methods",
    { schema: { response: { 200: settingsSchema, ...anyError } } },
    async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return payoutSettings(db, user.id)
    },
  )

  app.post<{ Body: { amount: number; source: PayoutSource } }>(
    "/api/v2/payouts",
    {
      config: {
        rateLimit: {
          max: REQUESTS_PER_MINUTE,
          timeWindow: "1 minute",
          hook: "preHandler",
          keyGenerator: (request: FastifyRequest) => `payouts:${request.visitor.user?.id ?? request.ip}`,
        },
      },
      schema: {
        body: {
          type: "object",
          required: ["amount", "source"],
          additionalProperties: false,
          properties: {
            // Micro-units of USD; the method's minimum is checked with a message naming it.
            amount: { type: "integer", minimum: 1, maximum: MAX_PAYOUT },
            source: { enum: PAYOUT_SOURCES },
          },
        },
        response: { 201: payoutSchema, ...anyError },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      const payout = await requestPayout(db, { userId: user.id, ...request.body })
      request.log.info({ payoutId: payout.id, amount: payout.amount }, "payout requested")
      return reply.code(201).header("cache-control", "no-store").send(payout)
    },
  )

  app.get<{ Querystring: { page: number; pageSize: number } }>(
    "/api/v2/payouts",
    {
      schema: {
        querystring: { type: "object", additionalProperties: false, properties: pageQueryProperties },
        response: { 200: pageSchema(payoutSchema), ...anyError },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return listPayouts(db, user.id, request.query)
    },
  )

  app.post<{ Params: { id: string } }>(
    "/api/v2/payouts/:id/cancel",
    { schema: { params: idParams, response: { 200: payoutSchema, ...anyError } } },
    async (request) => {
      const user = requireUser(request)
      return cancelPayout(db, { id: request.params.id, userId: user.id })
    },
  )

  app.get<{ Querystring: { status: PayoutStatus; page: number; pageSize: number } }>(
    "/api/v2/admin/payouts",
    {
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: { status: { enum: PAYOUT_STATUSES, default: "requested" }, ...pageQueryProperties },
        },
        response: {
          200: pageSchema({
            type: "object",
            required: Object.keys(adminPayoutProperties),
            properties: adminPayoutProperties,
          }),
          ...anyError,
        },
      },
    },
    async (request, reply) => {
      requireAdmin(request)
      reply.header("cache-control", "no-store")
      return listPayoutsByStatus(db, request.query)
    },
  )

  app.post<{ Params: { id: string }; Body: { reference: string } }>(
    "/api/v2/admin/payouts/:id/approve",
    {
      schema: {
        params: idParams,
        body: {
          type: "object",
          required: ["reference"],
          additionalProperties: false,
          properties: { reference: text(200) },
        },
        response: { 200: payoutSchema, ...anyError },
      },
    },
    async (request) => {
      const admin = requireAdmin(request)
      const payout = await approvePayout(db, {
        id: request.params.id,
        adminId: admin.id,
        reference: request.body.reference.trim(),
      })
      request.log.info({ payoutId: payout.id, by: admin.id }, "payout approved")
      return payout
    },
  )

  app.post<{ Params: { id: string }; Body: { reason: string } }>(
    "/api/v2/admin/payouts/:id/reject",
    {
      schema: {
        params: idParams,
        body: {
          type: "object",
          required: ["reason"],
          additionalProperties: false,
          properties: { reason: text(500) },
        },
        response: { 200: payoutSchema, ...anyError },
      },
    },
    async (request) => {
      const admin = requireAdmin(request)
      const payout = await rejectPayout(db, {
        id: request.params.id,
        adminId: admin.id,
        reason: request.body.reason.trim(),
      })
      request.log.info({ payoutId: payout.id, by: admin.id }, "payout rejected")
      return payout
    },
  )
}

import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Database } from "../../db/database"
import { errorEnvelopeSchema, HttpError } from "../../http/errors"
import type { Currency } from "../ledger/ledger"
import { requireUser } from "../session/sessions"
import {
  bestCampaign,
  bonusOf,
  CAMPAIGN_STATES,
  type CampaignInput,
  createCampaign,
  disableCampaign,
  listCampaigns,
  NAME_LANGUAGES,
  openCampaigns,
  updateCampaign,
} from "./discounts"

/*
 * The discount campaigns API (MONEY.md "Discount campaigns"): the public list and what a top-up would get, and
 * the admins' campaigns. The shapes are those of pages/src/discounts/discounts-data.ts.
 */

export interface DiscountRoutesOptions {
  db: Database
}

const CURRENCIES: Currency[] = ["USD", "RUB"]
/** Far above any top-up (RUB 1,000,000 is 10^12), far below where amount × percent stops being exact. */
const MAX_AMOUNT = 10 ** 13

const anyError = { "4xx": errorEnvelopeSchema, "5xx": errorEnvelopeSchema }
const nullable = (type: string) => ({ type: [type, "null"] })

const campaignProperties = {
  id: { type: "string" },
  name: { type: "object", additionalProperties: { type: "string" } },
  percent: { type: "integer" },
  currency: { enum: CURRENCIES },
  minAmount: { type: "integer" },
  maxAmount: nullable("integer"),
  startsAt: { type: "string" },
  endsAt: { type: "string" },
  state: { enum: CAMPAIGN_STATES },
} as const

const campaignSchema = {
  type: "object",
  required: Object.keys(campaignProperties),
  properties: campaignProperties,
} as const

const adminCampaignProperties = {
  ...campaignProperties,
  disabledAt: nullable("string"),
  createdAt: { type: "string" },
  bonusesPaid: { type: "integer" },
  bonusTotal: { type: "integer" },
} as const

const adminCampaignSchema = {
  type: "object",
  required: Object.keys(adminCampaignProperties),
  properties: adminCampaignProperties,
} as const

const listOf = (item: object) =>
  ({
    type: "object",
    required: ["items"],
    properties: { items: { type: "array", items: item } },
  }) as const

/** A name with something in it besides spaces. */
const text = { type: "string", minLength: 1, maxLength: 100, pattern: "\\S" } as const

const campaignBody = {
  type: "object",
  required: ["name", "percent", "currency", "minAmount", "startsAt", "endsAt"],
  additionalProperties: false,
  properties: {
    name: {
      type: "object",
      required: ["en"],
      additionalProperties: false,
      properties: Object.fromEntries(NAME_LANGUAGES.map((language) => [language, text])),
    },
    percent: { type: "integer", minimum: 1, maximum: 100 },
    currency: { enum: CURRENCIES },
    minAmount: { type: "integer", minimum: 0, maximum: MAX_AMOUNT },
    maxAmount: { type: ["integer", "null"], minimum: 0, maximum: MAX_AMOUNT },
    startsAt: { type: "string", format: "date-time" },
    endsAt: { type: "string", format: "date-time" },
  },
} as const

const idParams = {
  type: "object",
  required: ["id"],
  additionalProperties: false,
  properties: { id: { type: "string", pattern: "^[0-9]{1,18}$" } },
} as const

function requireAdmin(request: FastifyRequest) {
  const user = requireUser(request)
  if (!user.permissions.admin) throw new HttpError(403, "FORBIDDEN", "Only administrators can do this.")
  return user
}

export async function discountRoutes(app: FastifyInstance, { db }: DiscountRoutesOptions) {
  app.get(
    "/api/v2/discount-campaigns",
    { schema: { response: { 200: listOf(campaignSchema), ...anyError } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store")
      return { items: await openCampaigns(db) }
    },
  )

  app.get<{ Querystring: { amount: number; currency: Currency } }>(
    "/api/v2/discount-campaigns/applicable",
    {
      schema: {
        querystring: {
          type: "object",
          required: ["amount", "currency"],
          additionalProperties: false,
          properties: {
            amount: { type: "integer", minimum: 1, maximum: MAX_AMOUNT },
            currency: { enum: CURRENCIES },
          },
        },
        response: {
          200: {
            type: "object",
            required: ["campaign", "bonus"],
            properties: {
              campaign: { anyOf: [campaignSchema, { type: "null" }] },
              bonus: { type: "integer" },
            },
          },
          ...anyError,
        },
      },
    },
    async (request, reply) => {
      const campaign = await bestCampaign(db, request.query)
      reply.header("cache-control", "no-store")
      return { campaign, bonus: campaign ? bonusOf(request.query.amount, campaign.percent) : 0 }
    },
  )

  app.get(
    "/api/v2/admin/discount-campaigns",
    { schema: { response: { 200: listOf(adminCampaignSchema), ...anyError } } },
    async (request, reply) => {
      requireAdmin(request)
      reply.header("cache-control", "no-store")
      return { items: await listCampaigns(db) }
    },
  )

  app.post<{ Body: CampaignInput }>(
    "/api/v2/admin/discount-campaigns",
    { schema: { body: campaignBody, response: { 201: adminCampaignSchema, ...anyError } } },
    async (request, reply) => {
      const admin = requireAdmin(request)
      const campaign = await createCampaign(db, request.body, admin.id)
      request.log.info(
        { campaignId: campaign.id, percent: campaign.percent, currency: campaign.currency, by: admin.id },
        "discount campaign created",
      )
      return reply.code(201).header("cache-control", "no-store").send(campaign)
    },
  )

  app.put<{ Params: { id: string }; Body: CampaignInput }>(
    "/api/v2/admin/discount-campaigns/:id",
    { schema: { params: idParams, body: campaignBody, response: { 200: adminCampaignSchema, ...anyError } } },
    async (request) => {
      const admin = requireAdmin(request)
      const campaign = await updateCampaign(db, request.params.id, request.body)
      request.log.info({ campaignId: campaign.id, by: admin.id }, "discount campaign changed")
      return campaign
    },
  )

  app.post<{ Params: { id: string } }>(
    "/api/v2/admin/discount-campaigns/:id/disable",
    { schema: { params: idParams, response: { 200: adminCampaignSchema, ...anyError } } },
    async (request) => {
      const admin = requireAdmin(request)
      const campaign = await disableCampaign(db, request.params.id)
      request.log.info({ campaignId: campaign.id, by: admin.id }, "discount campaign disabled")
      return campaign
    },
  )
}

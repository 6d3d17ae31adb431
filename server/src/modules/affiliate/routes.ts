import type { FastifyInstance } from "fastify"
import type { Config } from "../../config"
import type { Database } from "../../db/database"
import { errorEnvelopeSchema, HttpError } from "../../http/errors"
import { addDays, checkDay, DAY_PATTERN, daysBetween } from "../captcha/customer-area-tasks"
import { requireUser } from "../session/sessions"
import { BANNERS, embedCode } from "./banners"
import {
  CURRENCIES,
  listReferrals,
  partnerSources,
  partnerSummary,
  REFERRAL_SORTS,
  type ReferralSort,
  referralLink,
  type Window,
} from "./partner"
import { affiliateShares, setAffiliateShares } from "./shares"
import { pageQueryProperties, pageSchema } from "../../http/paging"

/*
 * The affiliate programme's API (AFFILIATE.md): the partner's summary, referred users, sources and materials,
 * and the banners themselves. Registering this plugin also puts the configured shares in force.
 */

export interface AffiliateRoutesOptions {
  db: Database
  config: Config
}

const DEFAULT_DAYS = 30
const MAX_DAYS = 366

/** The public pages worth linking to, each for whom it is written. */
export const LANDING_PAGES = [
  { id: "home", path: "/", audience: "everyone" },
  { id: "register", path: "/auth/register", audience: "everyone" },
  { id: "for-customer", path: "/for-customer", audience: "customers" },
  { id: "captcha-workaround", path: "/captcha-workaround", audience: "customers" },
  { id: "captcha-bypass-extension", path: "/captcha-bypass-extension", audience: "customers" },
  { id: "data", path: "/data", audience: "customers" },
  { id: "make-money-online", path: "/make-money-online", audience: "workers" },
  { id: "jobs", path: "/jobs", audience: "workers" },
] as const

const anyError = { "4xx": errorEnvelopeSchema, "5xx": errorEnvelopeSchema }

const amountsSchema = {
  type: "object",
  required: CURRENCIES,
  properties: Object.fromEntries(CURRENCIES.map((currency) => [currency, { type: "integer" }])),
} as const

const windowProperties = {
  from: { type: "string", pattern: DAY_PATTERN },
  to: { type: "string", pattern: DAY_PATTERN },
} as const

const summarySchema = {
  type: "object",
  required: [
    "userId",
    "link",
    "from",
    "to",
    "shares",
    "clicks",
    "uniqueClicks",
    "signUps",
    "activeReferrals",
    "referralsTotal",
    "earnings",
    "earnedAllTime",
    "balance",
    "days",
  ],
  properties: {
    userId: { type: "string" },
    link: { type: "string" },
    from: { type: "string" },
    to: { type: "string" },
    shares: {
      type: "object",
      required: ["customerPercent", "workerPercent"],
      properties: { customerPercent: { type: "integer" }, workerPercent: { type: "integer" } },
    },
    clicks: { type: "integer" },
    uniqueClicks: { type: "integer" },
    signUps: { type: "integer" },
    activeReferrals: { type: "integer" },
    referralsTotal: { type: "integer" },
    earnings: {
      type: "object",
      required: ["customers", "workers", "total"],
      properties: { customers: amountsSchema, workers: amountsSchema, total: amountsSchema },
    },
    earnedAllTime: amountsSchema,
    balance: {
      type: "object",
      required: ["posted", "available"],
      properties: { posted: amountsSchema, available: amountsSchema },
    },
    days: {
      type: "array",
      items: {
        type: "object",
        required: ["date", "clicks", "uniqueClicks", "signUps", "customers", "workers"],
        properties: {
          date: { type: "string" },
          clicks: { type: "integer" },
          uniqueClicks: { type: "integer" },
          signUps: { type: "integer" },
          customers: amountsSchema,
          workers: amountsSchema,
        },
      },
    },
  },
} as const

const referralSchema = {
  type: "object",
  required: [
    "id",
    "email",
    "type",
    "registeredAt",
    "confirmed",
    "lastActivityAt",
    "spend",
    "earnings",
    "commission",
    "commissionTotal",
  ],
  properties: {
    id: { type: "string" },
    email: { type: "string" },
    type: { enum: ["developer", "customer", "worker", null] },
    registeredAt: { type: "string" },
    confirmed: { type: "boolean" },
    lastActivityAt: { type: ["string", "null"] },
    spend: amountsSchema,
    earnings: amountsSchema,
    commission: amountsSchema,
    commissionTotal: amountsSchema,
  },
} as const

const referralPageSchema = pageSchema(referralSchema, {
  from: { type: "string" },
  to: { type: "string" },
  sort: { enum: REFERRAL_SORTS },
})

const sourcesSchema = {
  type: "object",
  required: ["from", "to", "bySource", "byUtm"],
  properties: {
    from: { type: "string" },
    to: { type: "string" },
    bySource: {
      type: "array",
      items: {
        type: "object",
        required: ["source", "clicks", "uniqueClicks", "signUps"],
        properties: {
          source: { type: "string" },
          clicks: { type: "integer" },
          uniqueClicks: { type: "integer" },
          signUps: { type: "integer" },
        },
      },
    },
    byUtm: {
      type: "array",
      items: {
        type: "object",
        required: ["utmSource", "utmMedium", "utmCampaign", "signUps"],
        properties: {
          utmSource: { type: "string" },
          utmMedium: { type: "string" },
          utmCampaign: { type: "string" },
          signUps: { type: "integer" },
        },
      },
    },
  },
} as const

const materialsSchema = {
  type: "object",
  required: ["link", "banners", "landingPages"],
  properties: {
    link: { type: "string" },
    banners: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "size", "width", "height", "imageUrl", "embedCode"],
        properties: {
          id: { type: "string" },
          size: { type: "string" },
          width: { type: "integer" },
          height: { type: "integer" },
          imageUrl: { type: "string" },
          embedCode: { type: "string" },
        },
      },
    },
    landingPages: {
      type: "array",
      items: {
        type: "object",
        required: ["id", "path", "audience", "link"],
        properties: {
          id: { type: "string" },
          path: { type: "string" },
          audience: { enum: ["everyone", "customers", "workers"] },
          link: { type: "string" },
        },
      },
    },
  },
} as const

/** The window of whole UTC days asked for: the last 30 days (today included) unless given, at most 366. */
function windowOf(query: { from?: string; to?: string }): Window {
  const to = checkDay(query.to, "to") ?? new Date().toISOString().slice(0, 10)
  const from = checkDay(query.from, "from") ?? addDays(to, 1 - DEFAULT_DAYS)
  if (from > to) {
    const message = `The first day (${from}) comes after the last day (${to}).`
    throw new HttpError(400, "DATE_RANGE_INVALID", message, [{ field: "from", message }])
  }
  if (daysBetween(from, to) > MAX_DAYS) {
    const message = `Choose at most ${MAX_DAYS} days (${from} to ${to} are ${daysBetween(from, to)}).`
    throw new HttpError(400, "DATE_RANGE_TOO_LONG", message, [{ field: "from", message }])
  }
  return { from, to }
}

export async function affiliateRoutes(app: FastifyInstance, { db, config }: AffiliateRoutesOptions) {
  setAffiliateShares(config.affiliateShares)
  const origin = config.origins.international

  app.get<{ Querystring: { from?: string; to?: string } }>(
    "/api/v2/partner/summary",
    {
      schema: {
        querystring: { type: "object", additionalProperties: false, properties: windowProperties },
        response: { 200: summarySchema, ...anyError },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      const summary = await partnerSummary(db, {
        userId: user.id,
        link: referralLink(origin, user.id),
        shares: affiliateShares(),
        window: windowOf(request.query),
      })
      reply.header("cache-control", "no-store")
      return summary
    },
  )

  app.get<{
    Querystring: { from?: string; to?: string; page: number; pageSize: number; sort: ReferralSort }
  }>(
    "/api/v2/partner/referrals",
    {
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            ...windowProperties,
            ...pageQueryProperties,
            sort: { enum: REFERRAL_SORTS, default: "newest" },
          },
        },
        response: { 200: referralPageSchema, ...anyError },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      const { page, pageSize, sort } = request.query
      const referrals = await listReferrals(db, user.id, {
        window: windowOf(request.query),
        page,
        pageSize,
        sort,
      })
      reply.header("cache-control", "no-store")
      return referrals
    },
  )

  app.get<{ Querystring: { from?: string; to?: string } }>(
    "/api/v2/partner/sources",
    {
      schema: {
        querystring: { type: "object", additionalProperties: false, properties: windowProperties },
        response: { 200: sourcesSchema, ...anyError },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      const sources = await partnerSources(db, user.id, windowOf(request.query))
      reply.header("cache-control", "no-store")
      return sources
    },
  )

  app.get(
    "/api/v2/partner/materials",
    { schema: { response: { 200: materialsSchema, ...anyError } } },
    async (request, reply) => {
      const user = requireUser(request)
      const link = referralLink(origin, user.id)
      reply.header("cache-control", "no-store")
      return {
        link,
        banners: BANNERS.map((banner) => {
          const imageUrl = `${origin}/partner-banners/${banner.file}`
          return {
            id: banner.id,
            size: banner.id,
            width: banner.width,
            height: banner.height,
            imageUrl,
            embedCode: embedCode(banner, imageUrl, link),
          }
        }),
        landingPages: LANDING_PAGES.map((page) => ({
          ...page,
          link: referralLink(origin, user.id, page.path),
        })),
      }
    },
  )

  app.get<{ Params: { file: string } }>(
    "/partner-banners/:file",
    {
      schema: {
        params: {
          type: "object",
          required: ["file"],
          properties: { file: { type: "string", maxLength: 40 } },
        },
      },
    },
    async (request, reply) => {
      const banner = BANNERS.find((candidate) => candidate.file === request.params.file)
      if (!banner) throw new HttpError(404, "NOT_FOUND", `No banner ${request.params.file}`)
      reply
        .header("cache-control", "public, max-age=86400")
        .header("etag", banner.etag)
        // Partners show them on their own sites: helmet's same-origin default would block that.
        .header("cross-origin-resource-policy", "cross-origin")
      if (request.headers["if-none-match"] === banner.etag) return reply.code(304).send()
      return reply.type("image/svg+xml").send(banner.svg)
    },
  )
}

import type { FastifyInstance } from "fastify"
import {
  DEFAULT_DAYS,
  MAX_DAYS,
  partnerApi,
  type LandingAudience,
  type LandingPageId,
  type WindowQuery,
} from "@manyhands/contract/affiliate"
import type { Config } from "../../config"
import type { Database } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { addDays, checkDay, daysBetween } from "../../lib/dates"
import { requireUser } from "../session/sessions"
import { BANNERS, embedCode } from "./banners"
import { listReferrals, partnerSources, partnerSummary, referralLink, type Window } from "./partner"
import { affiliateShares, setAffiliateShares } from "./shares"

/*
 * The affiliate programme's API (AFFILIATE.md; schemas in @manyhands/contract/affiliate): the partner's summary,
 * referred users, sources and materials, and the banners themselves. Registering this plugin also puts the
 * configured shares in force.
 */

export interface AffiliateRoutesOptions {
  db: Database
  config: Config
}

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
] as const satisfies readonly { id: LandingPageId; path: string; audience: LandingAudience }[]

/** The window of whole UTC days asked for: the last 30 days (today included) unless given, at most 366. */
function windowOf(query: WindowQuery): Window {
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

export async function affiliateRoutes(fastify: FastifyInstance, { db, config }: AffiliateRoutesOptions) {
  setAffiliateShares(config.affiliateShares)
  const origin = config.origins.international
  const app = api(fastify)

  app.route({
    ...routeOf(partnerApi.summary),
    handler: async (request, reply) => {
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
  })

  app.route({
    ...routeOf(partnerApi.referrals),
    handler: async (request, reply) => {
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
  })

  app.route({
    ...routeOf(partnerApi.sources),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const sources = await partnerSources(db, user.id, windowOf(request.query))
      reply.header("cache-control", "no-store")
      return sources
    },
  })

  app.route({
    ...routeOf(partnerApi.materials),
    handler: async (request, reply) => {
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
  })

  // The banners themselves: images partners show on their own sites, not a JSON API.
  fastify.get<{ Params: { file: string } }>(
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

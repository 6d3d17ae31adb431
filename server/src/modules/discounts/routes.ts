import type { FastifyInstance } from "fastify"
import { discountsApi } from "@manyhands/contract/discounts"
import type { Database } from "../../db/database"
import { api, routeOf } from "../../http/routes"
import { requireAdmin } from "../session/sessions"
import {
  bestCampaign,
  bonusOf,
  createCampaign,
  disableCampaign,
  listCampaigns,
  openCampaigns,
  updateCampaign,
} from "./discounts"

/*
 * The discount campaigns API (MONEY.md "Discount campaigns"; schemas in @manyhands/contract/discounts): the
 * public list and what a top-up would get, and the admins' campaigns.
 */

export interface DiscountRoutesOptions {
  db: Database
}

export async function discountRoutes(fastify: FastifyInstance, { db }: DiscountRoutesOptions) {
  const app = api(fastify)
  app.route({
    ...routeOf(discountsApi.campaigns),
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store")
      return { items: await openCampaigns(db) }
    },
  })

  app.route({
    ...routeOf(discountsApi.applicable),
    handler: async (request, reply) => {
      const campaign = await bestCampaign(db, request.query)
      reply.header("cache-control", "no-store")
      return { campaign, bonus: campaign ? bonusOf(request.query.amount, campaign.percent) : 0 }
    },
  })

  app.route({
    ...routeOf(discountsApi.adminList),
    handler: async (request, reply) => {
      requireAdmin(request)
      reply.header("cache-control", "no-store")
      return { items: await listCampaigns(db) }
    },
  })

  app.route({
    ...routeOf(discountsApi.create),
    handler: async (request, reply) => {
      const admin = requireAdmin(request)
      const campaign = await createCampaign(db, request.body, admin.id)
      request.log.info(
        { campaignId: campaign.id, percent: campaign.percent, currency: campaign.currency, by: admin.id },
        "discount campaign created",
      )
      return reply.code(201).header("cache-control", "no-store").send(campaign)
    },
  })

  app.route({
    ...routeOf(discountsApi.update),
    handler: async (request) => {
      const admin = requireAdmin(request)
      const campaign = await updateCampaign(db, request.params.id, request.body)
      request.log.info({ campaignId: campaign.id, by: admin.id }, "discount campaign changed")
      return campaign
    },
  })

  app.route({
    ...routeOf(discountsApi.disable),
    handler: async (request) => {
      const admin = requireAdmin(request)
      const campaign = await disableCampaign(db, request.params.id)
      request.log.info({ campaignId: campaign.id, by: admin.id }, "discount campaign disabled")
      return campaign
    },
  })
}

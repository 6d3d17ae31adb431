import type { FastifyInstance, FastifyRequest } from "fastify"
import type { CurrentUser } from "@manyhands/app/render-contract"
import { discountsApi, type AdminDiscountCampaign } from "@manyhands/contract/discounts"
import type { Database, Queryable } from "../../db/database"
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
import { recordStaffAction, staffActor } from "../ops/audit"

/** The staff audit row of a change to a campaign, in the change's transaction. */
const audit = (
  tx: Queryable,
  request: FastifyRequest,
  admin: CurrentUser,
  action: string,
  campaign: AdminDiscountCampaign,
) =>
  recordStaffAction(tx, staffActor(request, admin, "admin"), {
    action,
    targetKind: "discount_campaign",
    targetId: campaign.id,
    details: { percent: campaign.percent, currency: campaign.currency },
  })

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
      const campaign = await db.transaction(async (tx) => {
        const created = await createCampaign(tx, request.body, admin.id)
        await audit(tx, request, admin, "discount_campaign.create", created)
        return created
      })
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
      const campaign = await db.transaction(async (tx) => {
        const changed = await updateCampaign(tx, request.params.id, request.body)
        await audit(tx, request, admin, "discount_campaign.update", changed)
        return changed
      })
      request.log.info({ campaignId: campaign.id, by: admin.id }, "discount campaign changed")
      return campaign
    },
  })

  app.route({
    ...routeOf(discountsApi.disable),
    handler: async (request) => {
      const admin = requireAdmin(request)
      const campaign = await db.transaction(async (tx) => {
        const disabled = await disableCampaign(tx, request.params.id)
        await audit(tx, request, admin, "discount_campaign.disable", disabled)
        return disabled
      })
      request.log.info({ campaignId: campaign.id, by: admin.id }, "discount campaign disabled")
      return campaign
    },
  })
}

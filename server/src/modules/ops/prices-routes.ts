/*
 * Prices' endpoints (contract/src/ops-prices.ts): administrators only. A change makes this process's catalogue
 * read the versions again at once; the others read them within the catalogue's TTL, and a scheduled price is
 * charged from its time by every process that has read it (captcha/catalogue.ts).
 */
import type { FastifyInstance } from "fastify"
import { opsPricesApi } from "@manyhands/contract/ops-prices"
import type { Database } from "../../db/database"
import { answerWith } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import type { CaptchaEngine } from "../captcha/engine"
import { requireAdmin } from "../session/sessions"
import { staffActor } from "./audit"
import { cancelPrice, previewPrice, PRICE_STATUS, PriceError, priceTable, schedulePrice } from "./prices"

const answer = answerWith(PriceError, (error) => PRICE_STATUS[error.code])

export async function priceAdminRoutes(
  fastify: FastifyInstance,
  { db, engine }: { db: Database; engine: CaptchaEngine },
) {
  const app = api(fastify)
  app.route({
    ...routeOf(opsPricesApi.table),
    handler: async (request, reply) => {
      requireAdmin(request)
      void reply.header("cache-control", "no-store")
      return priceTable(db)
    },
  })
  app.route({
    ...routeOf(opsPricesApi.preview),
    handler: async (request) => {
      requireAdmin(request)
      return answer(() => previewPrice(db, request.body))
    },
  })
  app.route({
    ...routeOf(opsPricesApi.schedule),
    handler: async (request, reply) => {
      const user = requireAdmin(request)
      const version = await answer(() => schedulePrice(db, staffActor(request, user, "admin"), request.body))
      engine.catalogue.forget()
      return reply.code(201).send(version)
    },
  })
  app.route({
    ...routeOf(opsPricesApi.cancel),
    handler: async (request) => {
      const user = requireAdmin(request)
      await answer(() => cancelPrice(db, staffActor(request, user, "admin"), request.params.id))
      engine.catalogue.forget()
      return { id: request.params.id }
    },
  })
}

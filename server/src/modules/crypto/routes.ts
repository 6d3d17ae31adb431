import type { FastifyInstance } from "fastify"
import { cryptoApi } from "@manyhands/contract/money"
import type { Config } from "../../config"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import type { PaymentAdapters } from "../payments/providers"
import { requireUser } from "../session/sessions"
import type { Jobs } from "../jobs/jobs"
import { CRYPTO_LIMITS, listCurrencies, scheduleChainWatcher } from "./invoices"

/*
 * The crypto invoices' API (CRYPTO.md; schemas in @manyhands/contract/money): which coins are on, and one invoice
 * as its page follows it. Invoices are created as every top-up is, POST /api/v2/payments with provider
 * crypto-btc, crypto-bch or crypto-usdt-tron. The chain watcher's job is registered here when the configuration asks
 * for it.
 */

export interface CryptoRoutesOptions {
  config: Config
  adapters: PaymentAdapters
  jobs: Jobs
}

export async function cryptoRoutes(
  fastify: FastifyInstance,
  { config, adapters, jobs }: CryptoRoutesOptions,
) {
  const app = api(fastify)
  const crypto = adapters.crypto

  app.route({
    ...routeOf(cryptoApi.currencies),
    handler: async () => ({
      currencies: crypto ? await crypto.currencies() : await listCurrencies(config.crypto, [], null),
      limits: CRYPTO_LIMITS,
    }),
  })

  app.route({
    ...routeOf(cryptoApi.invoice),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const invoice = crypto ? await crypto.findInvoice(user.id, request.params.paymentId) : null
      if (!invoice)
        throw new HttpError(404, "CRYPTO_INVOICE_NOT_FOUND", "You have no crypto invoice with this id.")
      reply.header("cache-control", "no-store")
      return invoice
    },
  })

  if (crypto && crypto.watchEveryMs > 0) await scheduleChainWatcher(jobs, crypto, fastify.log)
}

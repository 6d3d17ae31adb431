import type { FastifyInstance, FastifyRequest } from "fastify"
import {
  balanceApi,
  DAY_HISTORY_DEFAULT_DAYS,
  DAY_HISTORY_MAX_DAYS,
  paymentsApi,
} from "@manyhands/contract/money"
import type { Config } from "../../config"
import type { Database } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { apiOrigin } from "../captcha/customer-area-exchange"
import { addDays, checkDay, daysBetween } from "../../lib/dates"
import type { Currency } from "../ledger/ledger"
import { requireUser } from "../session/sessions"
import {
  cancelPayment,
  createPayment,
  daySummary,
  daySummaryCsv,
  findPayment,
  LIMITS,
  listPayments,
  receiveWebhook,
} from "./payments"
import { balanceHistory } from "./balance-history"
import type { PaymentAdapters } from "./providers"
import { WebhookRefused } from "./providers/provider"
import {
  decideSandboxCheckout,
  findSandboxCheckout,
  type SandboxCheckoutRow,
  sandboxWebhook,
  type SandboxProvider,
} from "./providers/sandbox"

/*
 * The money API (MONEY.md; schemas in @manyhands/contract/money): providers and limits, top-ups, the balance
 * history, the per-day history, the providers' webhooks and the sandbox provider's checkout.
 */

export interface PaymentRoutesOptions {
  db: Database
  config: Config
  adapters: PaymentAdapters
}

/** Top-ups started per user and minute: a person paying, not a script probing the providers. */
const CREATES_PER_MINUTE = 10

// ---------------------------------------------------------------------------------------------------------
// Providers and top-ups

function topUpRoutes(fastify: FastifyInstance, { db, config, adapters }: PaymentRoutesOptions) {
  const app = api(fastify)
  app.route({
    ...routeOf(paymentsApi.providers),
    handler: async () => ({
      providers: [...adapters.byShortname.values()].map((adapter) => ({
        shortname: adapter.shortname,
        kind: "redirect" as const,
        currencies: [...adapter.currencies],
      })),
      limits: LIMITS,
    }),
  })

  app.route({
    ...routeOf(paymentsApi.create),
    config: {
      rateLimit: {
        max: CREATES_PER_MINUTE,
        timeWindow: "1 minute",
        hook: "preHandler",
        keyGenerator: (request: FastifyRequest) => `payments:${request.visitor.user?.id ?? request.ip}`,
      },
    },
    handler: async (request, reply) => {
      const user = requireUser(request)
      const created = await createPayment(
        db,
        adapters.byShortname,
        { ...request.body, userId: user.id, origin: apiOrigin(request, config) },
        request.log,
      )
      return reply.code(201).header("cache-control", "no-store").send(created)
    },
  })

  app.route({
    ...routeOf(paymentsApi.list),
    handler: async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return listPayments(db, user.id, request.query)
    },
  })

  app.route({
    ...routeOf(balanceApi.history),
    handler: async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return balanceHistory(db, user.id, request.query)
    },
  })

  app.route({
    ...routeOf(paymentsApi.payment),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const payment = await findPayment(db, user.id, request.params.id)
      if (!payment) throw new HttpError(404, "PAYMENT_NOT_FOUND", "You have no payment with this id.")
      reply.header("cache-control", "no-store")
      return payment
    },
  })

  app.route({
    ...routeOf(paymentsApi.cancel),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const payment = await cancelPayment(
        db,
        adapters.byShortname,
        { userId: user.id, paymentId: request.params.id },
        request.log,
      )
      reply.header("cache-control", "no-store")
      return payment
    },
  })
}

// ---------------------------------------------------------------------------------------------------------
// Per-day history

function historyDayRoute(fastify: FastifyInstance, { db }: PaymentRoutesOptions) {
  const app = api(fastify)
  app.route({
    ...routeOf(paymentsApi.historyDay),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const query = request.query
      const to = checkDay(query.dateTo, "dateTo") ?? new Date().toISOString().slice(0, 10)
      const from = checkDay(query.dateFrom, "dateFrom") ?? addDays(to, 1 - DAY_HISTORY_DEFAULT_DAYS)
      if (from > to) {
        const message = `The first day (${from}) comes after the last day (${to}).`
        throw new HttpError(400, "DATE_RANGE_INVALID", message, [{ field: "dateFrom", message }])
      }
      if (daysBetween(from, to) > DAY_HISTORY_MAX_DAYS) {
        const message = `Choose at most ${DAY_HISTORY_MAX_DAYS} days (${from} to ${to} are ${daysBetween(from, to)}).`
        throw new HttpError(400, "DATE_RANGE_TOO_LONG", message, [{ field: "dateFrom", message }])
      }
      let currency = query.currency
      if (!currency) {
        const { rows } = await db.query<{ currency: Currency }>("SELECT currency FROM users WHERE id = $1", [
          user.id,
        ])
        currency = rows[0]?.currency ?? "USD"
      }
      const summary = await daySummary(db, user.id, { from, to, currency })
      reply.header("cache-control", "no-store")
      // format=csv answers text/csv instead: a string with another content type is sent as it is, not
      // through the JSON schema (whose type is all the route's types know of; hence the cast).
      if (query.format === "csv")
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="manyhands-${from}-${to}-${currency}.csv"`)
          .send(daySummaryCsv(summary) as never)
      return summary
    },
  })
}

// ---------------------------------------------------------------------------------------------------------
// Webhooks

async function webhookRoute(fastify: FastifyInstance, { db, adapters }: PaymentRoutesOptions) {
  // Signatures are over the exact bytes sent: this context keeps every body as a Buffer, whatever its type.
  await fastify.register(async (raw) => {
    raw.removeAllContentTypeParsers()
    raw.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body))
    api(raw).route({
      ...routeOf(paymentsApi.webhook),
      // The provider proves itself with its signature; it has no session and no page token.
      config: { csrfExempt: true },
      handler: async (request) => {
        const adapter = adapters.byShortname.get(request.params.provider)
        if (!adapter)
          throw new HttpError(
            404,
            "PAYMENT_PROVIDER_UNKNOWN",
            `No payment provider "${request.params.provider}" is enabled here.`,
          )
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
        try {
          await receiveWebhook(db, adapter, rawBody, request.headers, request.log)
        } catch (error) {
          if (error instanceof WebhookRefused) throw new HttpError(400, "WEBHOOK_REFUSED", error.message)
          throw error
        }
        // Also for events about no payment of ours: a provider retries anything else for days.
        return { received: true }
      },
    })
  })
}

// ---------------------------------------------------------------------------------------------------------
// The sandbox provider's checkout (its "bank" pages); no sign-in: the checkout id is unguessable

const returnUrl = (checkout: SandboxCheckoutRow) =>
  checkout.state === "failed" || checkout.state === "expired" || checkout.state === "cancelled"
    ? `/pay/error?payment=${checkout.paymentId}`
    : `/pay/ok?payment=${checkout.paymentId}`

function sandboxRoutes(fastify: FastifyInstance, { db }: PaymentRoutesOptions, sandbox: SandboxProvider) {
  const app = api(fastify)
  const notFound = () =>
    new HttpError(404, "SANDBOX_CHECKOUT_NOT_FOUND", "The sandbox has no checkout with this id.")

  app.route({
    ...routeOf(paymentsApi.sandboxCheckout),
    handler: async (request, reply) => {
      const checkout = await findSandboxCheckout(db, request.params.checkoutId)
      if (!checkout) throw notFound()
      reply.header("cache-control", "no-store")
      return {
        checkoutId: checkout.checkoutId,
        amount: checkout.amount,
        currency: checkout.currency,
        status: checkout.state,
        returnUrl: returnUrl(checkout),
      }
    },
  })

  app.route({
    ...routeOf(paymentsApi.sandboxComplete),
    handler: async (request, reply) => {
      const { checkoutId } = request.params
      const { outcome } = request.body
      let checkout = await findSandboxCheckout(db, checkoutId)
      if (!checkout) throw notFound()
      const wanted = outcome === "succeed" ? "succeeded" : outcome === "fail" ? "failed" : "pending"
      if (wanted !== "pending" && checkout.state === "pending")
        checkout = (await decideSandboxCheckout(db, checkoutId, wanted)) ?? checkout
      if (checkout.state === "expired")
        throw new HttpError(409, "SANDBOX_CHECKOUT_EXPIRED", "This checkout has expired; start a new top-up.")
      if (checkout.state === "cancelled")
        throw new HttpError(
          409,
          "SANDBOX_CHECKOUT_CANCELLED",
          "This payment was cancelled on the site, so its checkout is closed; start a new top-up.",
        )
      if (checkout.state !== wanted)
        throw new HttpError(
          409,
          "SANDBOX_CHECKOUT_DECIDED",
          `This checkout was already ${checkout.state === "succeeded" ? "paid" : "declined"}.`,
        )
      reply.header("cache-control", "no-store")
      // "Pending": the bank has not decided; reconciliation or a later decision settles it.
      if (checkout.state === "pending" || !checkout.eventId) return { returnUrl: returnUrl(checkout) }
      // The bank's signed webhook, through the same handling as the webhook route (a repeated decision
      // delivers the same event again, as a provider's retry would).
      const webhook = sandboxWebhook(sandbox.secret, { ...checkout, eventId: checkout.eventId })
      try {
        await receiveWebhook(db, sandbox, webhook.rawBody, webhook.headers, request.log)
      } catch (error) {
        // A real bank's delivery fails the same way: the decision stands, and reconciliation applies it.
        request.log.error({ err: error, paymentId: checkout.paymentId }, "sandbox webhook delivery failed")
      }
      return { returnUrl: returnUrl(checkout) }
    },
  })
}

/** The money API; the sandbox's checkout routes only while the sandbox is enabled. */
export async function paymentRoutes(app: FastifyInstance, options: PaymentRoutesOptions) {
  topUpRoutes(app, options)
  historyDayRoute(app, options)
  await webhookRoute(app, options)
  if (options.adapters.sandbox) sandboxRoutes(app, options, options.adapters.sandbox)
}

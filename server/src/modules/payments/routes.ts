import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Config } from "../../config"
import type { Database } from "../../db/database"
import { errorEnvelopeSchema, HttpError } from "../../http/errors"
import { apiOrigin } from "../captcha/customer-area-exchange"
import { addDays, checkDay, DAY_PATTERN, daysBetween } from "../captcha/customer-area-tasks"
import type { Currency } from "../ledger/ledger"
import { requireUser } from "../session/sessions"
import {
  createPayment,
  CURRENCIES,
  daySummary,
  daySummaryCsv,
  findPayment,
  LIMITS,
  listPayments,
  PAYMENT_STATUSES,
  type PaymentStatus,
  receiveWebhook,
} from "./payments"
import {
  balanceHistory,
  MOVEMENT_KINDS,
  MOVEMENT_STATUSES,
  MOVEMENT_TYPES,
  type MovementStatus,
  type MovementType,
} from "./balance-history"
import type { PaymentAdapters } from "./providers"
import { WebhookRefused } from "./providers/provider"
import {
  decideSandboxCheckout,
  findSandboxCheckout,
  type SandboxCheckoutRow,
  sandboxWebhook,
  type SandboxProvider,
} from "./providers/sandbox"
import { pageQueryProperties, pageSchema } from "../../http/paging"

/*
 * The money API (MONEY.md): providers and limits, top-ups, the balance history, the per-day history, the
 * providers' webhooks and the sandbox provider's checkout. The shapes are those of pages/src/money/money-data.ts.
 */

export interface PaymentRoutesOptions {
  db: Database
  config: Config
  adapters: PaymentAdapters
}

/** Top-ups started per user and minute: a person paying, not a script probing the providers. */
const CREATES_PER_MINUTE = 10
const HISTORY_DEFAULT_DAYS = 30
const HISTORY_MAX_DAYS = 366

const anyError = { "4xx": errorEnvelopeSchema, "5xx": errorEnvelopeSchema }
const nullable = (type: string) => ({ type: [type, "null"] })

/** The discount campaign's bonus a payment was promised when it was made (MONEY.md "Discount campaigns"). */
const bonusSchema = {
  type: ["object", "null"],
  required: ["campaignId", "percent", "amount"],
  properties: {
    campaignId: { type: "string" },
    percent: { type: "integer" },
    amount: { type: "integer" },
  },
} as const

const paymentProperties = {
  id: { type: "string" },
  provider: { type: "string" },
  amount: { type: "integer" },
  currency: { enum: CURRENCIES },
  status: { enum: PAYMENT_STATUSES },
  createdAt: { type: "string" },
  completedAt: nullable("string"),
  reference: nullable("string"),
  bonus: bonusSchema,
} as const

const paymentSchema = {
  type: "object",
  required: Object.keys(paymentProperties),
  properties: paymentProperties,
} as const

const movementProperties = {
  id: { type: "string" },
  kind: { enum: MOVEMENT_KINDS },
  sourceId: { type: "string" },
  amount: { type: "integer" },
  currency: { enum: CURRENCIES },
  status: { enum: MOVEMENT_STATUSES },
  createdAt: { type: "string" },
  completedAt: nullable("string"),
  provider: nullable("string"),
  reference: nullable("string"),
  counterparty: {
    type: ["object", "null"],
    required: ["id", "email"],
    properties: { id: nullable("string"), email: nullable("string") },
  },
  note: nullable("string"),
  bonus: bonusSchema,
  ledgerTransferId: nullable("string"),
} as const

const limitSchema = {
  type: "object",
  required: ["min", "max"],
  properties: { min: { type: "integer" }, max: { type: "integer" } },
} as const

const providersSchema = {
  type: "object",
  required: ["providers", "limits"],
  properties: {
    providers: {
      type: "array",
      items: {
        type: "object",
        required: ["shortname", "kind", "currencies"],
        properties: {
          shortname: { type: "string" },
          kind: { enum: ["redirect"] },
          currencies: { type: "array", items: { enum: CURRENCIES } },
        },
      },
    },
    limits: {
      type: "object",
      required: CURRENCIES,
      properties: Object.fromEntries(CURRENCIES.map((currency) => [currency, limitSchema])),
    },
  },
} as const

const daySummarySchema = {
  type: "object",
  required: ["currency", "days"],
  properties: {
    currency: { enum: CURRENCIES },
    days: {
      type: "array",
      items: {
        type: "object",
        required: ["date", "toppedUp", "spent", "earned"],
        properties: {
          date: { type: "string" },
          toppedUp: { type: "integer" },
          spent: { type: "integer" },
          earned: { type: "integer" },
        },
      },
    },
  },
} as const

const sandboxCheckoutSchema = {
  type: "object",
  required: ["checkoutId", "amount", "currency", "status", "returnUrl"],
  properties: {
    checkoutId: { type: "string" },
    amount: { type: "integer" },
    currency: { enum: CURRENCIES },
    status: { enum: PAYMENT_STATUSES },
    returnUrl: { type: "string" },
  },
} as const

const returnUrlSchema = {
  type: "object",
  required: ["returnUrl"],
  properties: { returnUrl: { type: "string" } },
} as const

const paymentIdParams = {
  type: "object",
  required: ["id"],
  additionalProperties: false,
  properties: { id: { type: "string", pattern: "^[0-9]{1,18}$" } },
} as const

const checkoutParams = {
  type: "object",
  required: ["checkoutId"],
  additionalProperties: false,
  properties: { checkoutId: { type: "string", pattern: "^[A-Za-z0-9_-]{32}$" } },
} as const

// ---------------------------------------------------------------------------------------------------------
// Providers and top-ups

function topUpRoutes(app: FastifyInstance, { db, config, adapters }: PaymentRoutesOptions) {
  app.get(
    "/api/v2/payments/providers",
    { schema: { response: { 200: providersSchema, ...anyError } } },
    async () => ({
      providers: [...adapters.byShortname.values()].map((adapter) => ({
        shortname: adapter.shortname,
        kind: "redirect" as const,
        currencies: [...adapter.currencies],
      })),
      limits: LIMITS,
    }),
  )

  app.post<{ Body: { provider: string; amount: number; currency: string } }>(
    "/api/v2/payments",
    {
      config: {
        rateLimit: {
          max: CREATES_PER_MINUTE,
          timeWindow: "1 minute",
          hook: "preHandler",
          keyGenerator: (request: FastifyRequest) => `payments:${request.visitor.user?.id ?? request.ip}`,
        },
      },
      schema: {
        body: {
          type: "object",
          required: ["provider", "amount", "currency"],
          additionalProperties: false,
          properties: {
            provider: { type: "string", minLength: 1, maxLength: 40 },
            // Ranges and currencies are checked in createPayment, with messages naming the limits.
            amount: { type: "integer" },
            currency: { type: "string", minLength: 1, maxLength: 10 },
          },
        },
        response: {
          201: {
            type: "object",
            required: ["id", "redirectUrl", "bonus"],
            properties: { id: { type: "string" }, redirectUrl: { type: "string" }, bonus: bonusSchema },
          },
          ...anyError,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      const created = await createPayment(
        db,
        adapters.byShortname,
        { ...request.body, userId: user.id, origin: apiOrigin(request, config) },
        request.log,
      )
      return reply.code(201).header("cache-control", "no-store").send(created)
    },
  )

  app.get<{ Querystring: { page: number; pageSize: number; status?: PaymentStatus } }>(
    "/api/v2/payments",
    {
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            ...pageQueryProperties,
            status: { enum: PAYMENT_STATUSES },
          },
        },
        response: { 200: pageSchema(paymentSchema), ...anyError },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return listPayments(db, user.id, request.query)
    },
  )

  app.get<{
    Querystring: { page: number; pageSize: number; type?: MovementType; status?: MovementStatus }
  }>(
    "/api/v2/balance/history",
    {
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            ...pageQueryProperties,
            type: { enum: MOVEMENT_TYPES },
            status: { enum: MOVEMENT_STATUSES },
          },
        },
        response: {
          200: pageSchema({
            type: "object",
            required: Object.keys(movementProperties),
            properties: movementProperties,
          }),
          ...anyError,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      reply.header("cache-control", "no-store")
      return balanceHistory(db, user.id, request.query)
    },
  )

  app.get<{ Params: { id: string } }>(
    "/api/v2/payments/:id",
    { schema: { params: paymentIdParams, response: { 200: paymentSchema, ...anyError } } },
    async (request, reply) => {
      const user = requireUser(request)
      const payment = await findPayment(db, user.id, request.params.id)
      if (!payment) throw new HttpError(404, "PAYMENT_NOT_FOUND", "You have no payment with this id.")
      reply.header("cache-control", "no-store")
      return payment
    },
  )
}

// ---------------------------------------------------------------------------------------------------------
// Per-day history

interface HistoryQuery {
  dateFrom?: string
  dateTo?: string
  currency?: Currency
  format: "json" | "csv"
}

function historyDayRoute(app: FastifyInstance, { db }: PaymentRoutesOptions) {
  app.get<{ Querystring: HistoryQuery }>(
    "/api/v2/payments/history-day",
    {
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            dateFrom: { type: "string", pattern: DAY_PATTERN },
            dateTo: { type: "string", pattern: DAY_PATTERN },
            // The user's own currency (their settings) unless asked otherwise.
            currency: { enum: CURRENCIES },
            format: { enum: ["json", "csv"], default: "json" },
          },
        },
        // format=csv answers text/csv instead (sent as text, not through this schema).
        response: { 200: daySummarySchema, ...anyError },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      const query = request.query
      const to = checkDay(query.dateTo, "dateTo") ?? new Date().toISOString().slice(0, 10)
      const from = checkDay(query.dateFrom, "dateFrom") ?? addDays(to, 1 - HISTORY_DEFAULT_DAYS)
      if (from > to) {
        const message = `The first day (${from}) comes after the last day (${to}).`
        throw new HttpError(400, "DATE_RANGE_INVALID", message, [{ field: "dateFrom", message }])
      }
      if (daysBetween(from, to) > HISTORY_MAX_DAYS) {
        const message = `Choose at most ${HISTORY_MAX_DAYS} days (${from} to ${to} are ${daysBetween(from, to)}).`
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
      if (query.format === "csv")
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="manyhands-${from}-${to}-${currency}.csv"`)
          .send(daySummaryCsv(summary))
      return summary
    },
  )
}

// ---------------------------------------------------------------------------------------------------------
// Webhooks

async function webhookRoute(app: FastifyInstance, { db, adapters }: PaymentRoutesOptions) {
  // Signatures are over the exact bytes sent: this context keeps every body as a Buffer, whatever its type.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers()
    raw.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body))
    raw.post<{ Params: { provider: string } }>(
      "/api/v2/payments/webhooks/:provider",
      {
        // The provider proves itself with its signature; it has no session and no page token.
        config: { csrfExempt: true },
        schema: {
          params: {
            type: "object",
            required: ["provider"],
            additionalProperties: false,
            properties: { provider: { type: "string", maxLength: 40 } },
          },
          response: {
            200: { type: "object", required: ["received"], properties: { received: { type: "boolean" } } },
            ...anyError,
          },
        },
      },
      async (request) => {
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
    )
  })
}

// ---------------------------------------------------------------------------------------------------------
// The sandbox provider's checkout (its "bank" pages); no sign-in: the checkout id is unguessable

const returnUrl = (checkout: SandboxCheckoutRow) =>
  checkout.state === "failed" || checkout.state === "expired"
    ? `/pay/error?payment=${checkout.paymentId}`
    : `/pay/ok?payment=${checkout.paymentId}`

function sandboxRoutes(app: FastifyInstance, { db }: PaymentRoutesOptions, sandbox: SandboxProvider) {
  const notFound = () =>
    new HttpError(404, "SANDBOX_CHECKOUT_NOT_FOUND", "The sandbox has no checkout with this id.")

  app.get<{ Params: { checkoutId: string } }>(
    "/api/v2/payments/sandbox/:checkoutId",
    { schema: { params: checkoutParams, response: { 200: sandboxCheckoutSchema, ...anyError } } },
    async (request, reply) => {
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
  )

  app.post<{ Params: { checkoutId: string }; Body: { outcome: "succeed" | "fail" | "pending" } }>(
    "/api/v2/payments/sandbox/:checkoutId/complete",
    {
      schema: {
        params: checkoutParams,
        body: {
          type: "object",
          required: ["outcome"],
          additionalProperties: false,
          properties: { outcome: { enum: ["succeed", "fail", "pending"] } },
        },
        response: { 200: returnUrlSchema, ...anyError },
      },
    },
    async (request, reply) => {
      const { checkoutId } = request.params
      const { outcome } = request.body
      let checkout = await findSandboxCheckout(db, checkoutId)
      if (!checkout) throw notFound()
      const wanted = outcome === "succeed" ? "succeeded" : outcome === "fail" ? "failed" : "pending"
      if (wanted !== "pending" && checkout.state === "pending")
        checkout = (await decideSandboxCheckout(db, checkoutId, wanted)) ?? checkout
      if (checkout.state === "expired")
        throw new HttpError(409, "SANDBOX_CHECKOUT_EXPIRED", "This checkout has expired; start a new top-up.")
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
  )
}

/** The money API; the sandbox's checkout routes only while the sandbox is enabled. */
export async function paymentRoutes(app: FastifyInstance, options: PaymentRoutesOptions) {
  topUpRoutes(app, options)
  historyDayRoute(app, options)
  await webhookRoute(app, options)
  if (options.adapters.sandbox) sandboxRoutes(app, options, options.adapters.sandbox)
}

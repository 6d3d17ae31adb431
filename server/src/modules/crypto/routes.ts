import type { FastifyInstance } from "fastify"
import type { Config } from "../../config"
import { errorEnvelopeSchema, HttpError } from "../../http/errors"
import type { PaymentAdapters } from "../payments/providers"
import { requireUser } from "../session/sessions"
import { COINS } from "./coins"
import { CRYPTO_LIMITS, listCurrencies, startChainWatcher } from "./invoices"

/*
 * The crypto invoices' API (CRYPTO.md): which coins are on, and one invoice as its page follows it. Invoices are
 * created as every top-up is, POST /api/v2/payments with provider crypto-btc, crypto-bch or crypto-usdt-tron.
 * Shapes: pages/src/crypto/crypto-data.ts. The chain watcher runs here when the configuration asks for it.
 */

export interface CryptoRoutesOptions {
  config: Config
  adapters: PaymentAdapters
}

const anyError = { "4xx": errorEnvelopeSchema, "5xx": errorEnvelopeSchema }
const STATES = ["waiting", "seen", "underpaid", "paid", "expired"]
const REVIEW = ["late_payment", "underpaid", "overpaid", "reversed"]
const SYMBOLS = ["BTC", "BCH", "USDT"]
const object = (properties: Record<string, unknown>) =>
  ({ type: "object", required: Object.keys(properties), properties }) as const

const currencySchema = object({
  coin: { enum: COINS },
  provider: { type: "string" },
  symbol: { enum: SYMBOLS },
  network: { type: "string" },
  decimals: { type: "integer" },
  enabled: { type: "boolean" },
  confirmations: { type: "integer" },
  quoteMinutes: { type: "integer" },
  rate: { type: ["string", "null"] },
})

const invoiceSchema = object({
  paymentId: { type: "string" },
  coin: { enum: COINS },
  provider: { type: "string" },
  symbol: { enum: SYMBOLS },
  network: { type: "string" },
  usdAmount: { type: "integer" },
  address: { type: "string" },
  coinAmount: { type: "string" },
  rate: { type: "string" },
  uri: { type: "string" },
  qrSvg: { type: "string" },
  createdAt: { type: "string" },
  expiresAt: { type: "string" },
  serverTime: { type: "string" },
  state: { enum: STATES },
  received: { type: "string" },
  remaining: { type: "string" },
  overpaid: { type: ["string", "null"] },
  confirmations: { type: "integer" },
  requiredConfirmations: { type: "integer" },
  review: { type: "array", items: { enum: REVIEW } },
  transactions: {
    type: "array",
    items: object({
      txid: { type: "string" },
      amount: { type: "string" },
      confirmations: { type: "integer" },
      counted: { type: "boolean" },
    }),
  },
})

export async function cryptoRoutes(app: FastifyInstance, { config, adapters }: CryptoRoutesOptions) {
  const crypto = adapters.crypto

  app.get(
    "/api/v2/crypto/currencies",
    {
      schema: {
        response: {
          200: object({
            currencies: { type: "array", items: currencySchema },
            limits: object({ min: { type: "integer" }, max: { type: "integer" } }),
          }),
          ...anyError,
        },
      },
    },
    async () => ({
      currencies: crypto ? await crypto.currencies() : await listCurrencies(config.crypto, [], null),
      limits: CRYPTO_LIMITS,
    }),
  )

  app.get<{ Params: { paymentId: string } }>(
    "/api/v2/crypto/invoices/:paymentId",
    {
      schema: {
        params: {
          type: "object",
          required: ["paymentId"],
          additionalProperties: false,
          properties: { paymentId: { type: "string", pattern: "^[0-9]{1,18}$" } },
        },
        response: { 200: invoiceSchema, ...anyError },
      },
    },
    async (request, reply) => {
      const user = requireUser(request)
      const invoice = crypto ? await crypto.findInvoice(user.id, request.params.paymentId) : null
      if (!invoice)
        throw new HttpError(404, "CRYPTO_INVOICE_NOT_FOUND", "You have no crypto invoice with this id.")
      reply.header("cache-control", "no-store")
      return invoice
    },
  )

  if (crypto && crypto.watchEveryMs > 0) {
    const watcher = startChainWatcher(crypto, app.log)
    app.addHook("onClose", () => watcher.stop())
  }
}

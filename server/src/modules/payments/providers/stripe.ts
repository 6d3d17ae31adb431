import Stripe from "stripe"
import type { Currency } from "../../ledger/ledger"
import { type PaymentEvent, type PaymentProviderAdapter, WebhookRefused } from "./provider"

/** Micro-units (our money) per cent (Stripe's unit for USD). */
const MICROS_PER_CENT = 10_000

/**
 * The card provider: Stripe Checkout Sessions through the official SDK, outcomes from signed webhooks.
 * `apiBase` points the SDK somewhere other than api.stripe.com (the tests' stand-in).
 */
export function createStripeProvider(options: {
  secretKey: string
  webhookSecret: string
  apiBase?: string
}): PaymentProviderAdapter {
  if (!options.secretKey.trim()) throw new Error("Stripe: the secret key is empty")
  if (!options.webhookSecret.trim()) throw new Error("Stripe: the webhook signing secret is empty")
  const stripe = new Stripe(options.secretKey, {
    ...(options.apiBase ? apiAddress(options.apiBase) : {}),
    // A person waits on create(); better a clear failure than the SDK's 80 s default.
    timeout: 20_000,
    // Safe for create() too: retries carry our idempotency key.
    maxNetworkRetries: 2,
  })

  return {
    shortname: "card",
    currencies: ["USD"],

    async create({ paymentId, amount, currency, successUrl, cancelUrl }) {
      if (currency !== "USD") throw new Error(`Stripe: the card provider takes USD only, not ${currency}`)
      if (!Number.isSafeInteger(amount) || amount <= 0 || amount % MICROS_PER_CENT !== 0)
        throw new Error(`Stripe: ${amount} micro-units is not a positive whole number of cents`)
      let session: Stripe.Checkout.Session
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: "usd",
                  unit_amount: amount / MICROS_PER_CENT,
                  product_data: { name: "Manyhands balance top-up" },
                },
              },
            ],
            client_reference_id: paymentId,
            metadata: { paymentId },
            success_url: successUrl,
            cancel_url: cancelUrl,
          },
          // A retried create (ours or the SDK's) gets the same session back, not a second one.
          { idempotencyKey: `checkout:${paymentId}` },
        )
      } catch (error) {
        throw new Error(`Stripe refused to create the Checkout Session: ${(error as Error).message}`, {
          cause: error,
        })
      }
      if (!session.url) throw new Error(`Stripe: Checkout Session ${session.id} came back without a URL`)
      return {
        providerPaymentId: session.id,
        redirectUrl: session.url,
        expiresAt: new Date(session.expires_at * 1000),
      }
    },

    async parseWebhook(rawBody, headers) {
      const signature = headers["stripe-signature"]
      if (typeof signature !== "string" || !signature)
        throw new WebhookRefused("Stripe webhook: no single stripe-signature header")
      let event: Stripe.Event
      try {
        // Checks the HMAC over the raw bytes and that the timestamp is within the default 5 minutes.
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret)
      } catch (error) {
        throw new WebhookRefused(`Stripe webhook refused: ${(error as Error).message}`, { cause: error })
      }
      const said = webhookOutcome(event)
      if (!said) return null
      try {
        return sessionEvent(event.id, said.session, said.outcome)
      } catch (error) {
        throw new WebhookRefused(`Stripe webhook refused: ${(error as Error).message}`, { cause: error })
      }
    },

    async fetchStatus(providerPaymentId) {
      const session = await stripe.checkout.sessions.retrieve(providerPaymentId)
      const outcome =
        session.status === "complete" && session.payment_status === "paid"
          ? "succeeded"
          : session.status === "expired"
            ? "expired"
            : "pending"
      return sessionEvent(`reconcile:${session.id}`, session, outcome)
    },

    async cancel(providerPaymentId) {
      try {
        // Only an open session can be expired: afterwards nobody can pay it.
        await stripe.checkout.sessions.expire(providerPaymentId)
        return null
      } catch (error) {
        // Not open (any more): what it is now says whether it closed unpaid, or was paid first.
        const session = await stripe.checkout.sessions.retrieve(providerPaymentId)
        if (session.status === "expired") return null
        if (session.status === "complete")
          // Paid, or an asynchronous method's money still on its way (completed, unpaid).
          return sessionEvent(
            `reconcile:${session.id}`,
            session,
            session.payment_status === "paid" ? "succeeded" : "pending",
          )
        throw new Error(`Stripe could not expire the Checkout Session: ${(error as Error).message}`, {
          cause: error,
        })
      }
    },
  }
}

/** What a webhook event says about its Checkout Session's payment; null when it is not about that. */
function webhookOutcome(
  event: Stripe.Event,
): { session: Stripe.Checkout.Session; outcome: PaymentEvent["outcome"] } | null {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object
      if (session.payment_status === "paid") return { session, outcome: "succeeded" }
      // Completed but unpaid: an asynchronous method (bank debit) whose money is still on its way.
      if (session.payment_status === "unpaid") return { session, outcome: "pending" }
      return null // no_payment_required: no money moved, nothing to credit
    }
    case "checkout.session.async_payment_failed":
      return { session: event.data.object, outcome: "failed" }
    case "checkout.session.expired":
      return { session: event.data.object, outcome: "expired" }
    default:
      return null
  }
}

/** The SDK's host/port/protocol options from a base URL such as http://127.0.0.1:54321. */
function apiAddress(apiBase: string): { host: string; port: number; protocol: "http" | "https" } {
  const url = new URL(apiBase)
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`Stripe: apiBase must be an http(s) URL, not ${apiBase}`)
  if (url.pathname !== "/" || url.search) throw new Error(`Stripe: apiBase must not have a path: ${apiBase}`)
  const protocol = url.protocol === "http:" ? "http" : "https"
  return { host: url.hostname, port: Number(url.port || (protocol === "http" ? 80 : 443)), protocol }
}

function sessionEvent(
  eventId: string,
  session: Stripe.Checkout.Session,
  outcome: PaymentEvent["outcome"],
): PaymentEvent {
  if (session.amount_total === null || !session.currency)
    throw new Error(`Stripe: Checkout Session ${session.id} has no amount or currency`)
  return {
    eventId,
    providerPaymentId: session.id,
    outcome,
    amount: session.amount_total * MICROS_PER_CENT,
    // Passed on as Stripe says it, even if not USD: the payments service compares it with the payment's
    // currency and refuses the mismatch, where it is logged with the payment rather than lost here.
    currency: session.currency.toUpperCase() as Currency,
  }
}

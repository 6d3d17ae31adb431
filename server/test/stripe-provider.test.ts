import { createHmac, randomUUID } from "node:crypto"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { PaymentProviderAdapter } from "../src/modules/payments/providers/provider"
import { WebhookRefused } from "../src/modules/payments/providers/provider"
import { createStripeProvider } from "../src/modules/payments/providers/stripe"
import { parseStripeForm, startStripeStandIn, type StripeStandIn } from "./stripe-stand-in"

const secretKey = "sk_test_manyhands_stand_in_0001"
const webhookSecret = "whsec_manyhands_stand_in_signing"

describe("the card provider (stripe SDK against a local stand-in)", () => {
  let standIn: StripeStandIn
  let card: PaymentProviderAdapter

  const request = (amount = 12_340_000, paymentId = randomUUID()) => ({
    paymentId,
    userId: randomUUID(),
    amount,
    currency: "USD" as const,
    successUrl: `https://manyhands.test/pay/ok?payment=${paymentId}`,
    cancelUrl: `https://manyhands.test/pay/error?payment=${paymentId}`,
  })

  /** A session made through the adapter, as the stand-in holds it. */
  const newSession = async (amount = 12_340_000) => {
    const { providerPaymentId } = await card.create(request(amount))
    return standIn.sessions.get(providerPaymentId)!
  }

  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (error: unknown) => error,
    )
    expect(error).toBeInstanceOf(WebhookRefused)
    return (error as Error).message
  }

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey, webhookSecret })
    card = createStripeProvider({ secretKey, webhookSecret, apiBase: standIn.url })
  })

  afterAll(async () => {
    await standIn.close()
  })

  beforeEach(() => {
    standIn.requests.length = 0
  })

  it("unfolds Stripe's bracket keys in the stand-in", () => {
    expect(parseStripeForm("a=1&b[c]=2&d[0][e]=3&d[1][e]=4&f[0]=x")).toEqual({
      a: "1",
      b: { c: "2" },
      d: [{ e: "3" }, { e: "4" }],
      f: ["x"],
    })
  })

  it("is the card provider, in USD", () => {
    expect(card.shortname).toBe("card")
    expect(card.currencies).toEqual(["USD"])
  })

  describe("create", () => {
    it("asks for a one-item payment session in cents with our id, URLs and idempotency key", async () => {
      const asked = request(12_340_000)
      const answer = await card.create(asked)

      expect(standIn.requests).toHaveLength(1)
      const sent = standIn.requests[0]!
      expect(sent.method).toBe("POST")
      expect(sent.path).toBe("/v1/checkout/sessions")
      expect(sent.headers.authorization).toBe(`Bearer ${secretKey}`)
      expect(sent.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/)
      expect(sent.headers["idempotency-key"]).toBe(`checkout:${asked.paymentId}`)
      expect(sent.form).toEqual({
        mode: "payment",
        line_items: [
          {
            quantity: "1",
            price_data: {
              currency: "usd",
              unit_amount: "1234",
              product_data: { name: "Manyhands balance top-up" },
            },
          },
        ],
        client_reference_id: asked.paymentId,
        metadata: { paymentId: asked.paymentId },
        success_url: asked.successUrl,
        cancel_url: asked.cancelUrl,
      })

      const session = standIn.sessions.get(answer.providerPaymentId)!
      expect(session.amount_total).toBe(1234)
      // The checkout is kept for the payer to come back to until Stripe closes it.
      expect(answer).toEqual({
        providerPaymentId: session.id,
        redirectUrl: `${standIn.url}/c/pay/${session.id}`,
        expiresAt: new Date(session.expires_at * 1000),
      })
    })

    it("makes no second session when the same payment is asked for again", async () => {
      const asked = request(5_000_000)
      const before = standIn.sessions.size
      const first = await card.create(asked)
      const again = await card.create(asked)
      expect(standIn.requests.filter((r) => r.path === "/v1/checkout/sessions")).toHaveLength(2)
      expect(again).toEqual(first)
      expect(standIn.sessions.size).toBe(before + 1)
      // Another payment is another session.
      const other = await card.create(request(5_000_000))
      expect(other.providerPaymentId).not.toBe(first.providerPaymentId)
    })

    it("refuses an amount that is not a whole number of cents, or not USD, before asking Stripe", async () => {
      for (const amount of [12_345_678, 0, -10_000, 1.5, Number.NaN])
        await expect(card.create(request(amount))).rejects.toThrow(/not a positive whole number of cents/)
      await expect(card.create({ ...request(), currency: "RUB" })).rejects.toThrow(/USD only/)
      expect(standIn.requests).toHaveLength(0)
    })

    it("says clearly when Stripe refuses the secret key", async () => {
      const wrong = createStripeProvider({
        secretKey: "sk_test_not_ours_9999",
        webhookSecret,
        apiBase: standIn.url,
      })
      const before = standIn.sessions.size
      await expect(wrong.create(request())).rejects.toThrow(
        /^Stripe refused to create the Checkout Session: Invalid API Key provided: sk_test_\*+9999$/,
      )
      expect(standIn.requests).toHaveLength(1)
      expect(standIn.sessions.size).toBe(before)
    })

    it("refuses to start without keys or with an unusable API address", () => {
      expect(() => createStripeProvider({ secretKey: "", webhookSecret })).toThrow(/secret key is empty/)
      expect(() => createStripeProvider({ secretKey, webhookSecret: " " })).toThrow(/signing secret is empty/)
      expect(() => createStripeProvider({ secretKey, webhookSecret, apiBase: "ftp://127.0.0.1" })).toThrow(
        /http\(s\) URL/,
      )
      expect(() => createStripeProvider({ secretKey, webhookSecret, apiBase: `${standIn.url}/v1` })).toThrow(
        /must not have a path/,
      )
    })
  })

  describe("parseWebhook", () => {
    it("reads a correctly signed completed, paid session as succeeded, in micro-units", async () => {
      const session = standIn.complete((await newSession(12_340_000)).id, "paid")
      const { body, headers, eventId } = standIn.signedEvent("checkout.session.completed", session)
      expect(await card.parseWebhook(body, headers)).toEqual({
        eventId,
        providerPaymentId: session.id,
        outcome: "succeeded",
        amount: 12_340_000,
        currency: "USD",
      })
    })

    it("accepts a delivery signed a minute ago (within Stripe's 5-minute tolerance)", async () => {
      const session = standIn.complete((await newSession()).id, "paid")
      const { body, headers } = standIn.signedEvent("checkout.session.completed", session, {
        timestamp: Math.floor(Date.now() / 1000) - 60,
      })
      expect((await card.parseWebhook(body, headers))?.outcome).toBe("succeeded")
    })

    it("refuses a signature made with another secret", async () => {
      const session = standIn.complete((await newSession()).id, "paid")
      const { body, headers } = standIn.signedEvent("checkout.session.completed", session, {
        secret: "whsec_someone_else",
      })
      expect(await refusal(card.parseWebhook(body, headers))).toMatch(/No signatures found matching/)
    })

    it("refuses a body altered after signing", async () => {
      const session = standIn.complete((await newSession(10_000)).id, "paid")
      const { body, headers } = standIn.signedEvent("checkout.session.completed", session)
      const altered = Buffer.from(body.toString().replace('"amount_total": 1,', '"amount_total": 100000,'))
      expect(altered.equals(body)).toBe(false)
      expect(await refusal(card.parseWebhook(altered, headers))).toMatch(/No signatures found matching/)
    })

    it("refuses a delivery signed longer ago than the tolerance (a replay)", async () => {
      const session = standIn.complete((await newSession()).id, "paid")
      const { body, headers } = standIn.signedEvent("checkout.session.completed", session, {
        timestamp: Math.floor(Date.now() / 1000) - 600,
      })
      expect(await refusal(card.parseWebhook(body, headers))).toMatch(/Timestamp outside the tolerance zone/)
    })

    it("refuses a missing, repeated or malformed signature header", async () => {
      const session = standIn.complete((await newSession()).id, "paid")
      const { body, headers } = standIn.signedEvent("checkout.session.completed", session)
      const signature = headers["stripe-signature"]!
      expect(await refusal(card.parseWebhook(body, {}))).toMatch(/no single stripe-signature header/)
      expect(await refusal(card.parseWebhook(body, { "stripe-signature": [signature, signature] }))).toMatch(
        /no single stripe-signature header/,
      )
      expect(await refusal(card.parseWebhook(body, { "stripe-signature": "v1=abc" }))).toMatch(
        /Unable to extract timestamp/,
      )
    })

    it("refuses a signed body that is not JSON", async () => {
      const timestamp = Math.floor(Date.now() / 1000)
      const body = Buffer.from("not json")
      const v1 = createHmac("sha256", webhookSecret).update(`${timestamp}.not json`).digest("hex")
      expect(
        await refusal(card.parseWebhook(body, { "stripe-signature": `t=${timestamp},v1=${v1}` })),
      ).toMatch(/JSON/)
    })

    it("answers null for an event that is not about a Checkout Session's payment", async () => {
      for (const [type, object] of [
        ["customer.created", { id: "cus_1", object: "customer" }],
        ["payment_intent.succeeded", { id: "pi_1", object: "payment_intent", amount: 1234, currency: "usd" }],
        // Completed with nothing to pay: no money moved.
        [
          "checkout.session.completed",
          { ...(await newSession()), status: "complete", payment_status: "no_payment_required" },
        ],
      ] as const) {
        const { body, headers } = standIn.signedEvent(type, object)
        expect(await card.parseWebhook(body, headers)).toBeNull()
      }
    })

    it("maps asynchronous payments: completed unpaid is pending, then succeeded or failed", async () => {
      const paid = standIn.complete((await newSession(2_000_000)).id, "unpaid")
      let delivery = standIn.signedEvent("checkout.session.completed", paid)
      expect(await card.parseWebhook(delivery.body, delivery.headers)).toMatchObject({
        providerPaymentId: paid.id,
        outcome: "pending",
        amount: 2_000_000,
      })
      delivery = standIn.signedEvent("checkout.session.async_payment_succeeded", standIn.markPaid(paid.id))
      expect(await card.parseWebhook(delivery.body, delivery.headers)).toEqual({
        eventId: delivery.eventId,
        providerPaymentId: paid.id,
        outcome: "succeeded",
        amount: 2_000_000,
        currency: "USD",
      })

      const failed = standIn.complete((await newSession(3_000_000)).id, "unpaid")
      delivery = standIn.signedEvent("checkout.session.async_payment_failed", failed)
      expect(await card.parseWebhook(delivery.body, delivery.headers)).toEqual({
        eventId: delivery.eventId,
        providerPaymentId: failed.id,
        outcome: "failed",
        amount: 3_000_000,
        currency: "USD",
      })
    })

    it("maps an expired session", async () => {
      const session = standIn.expire((await newSession(7_000_000)).id)
      const { body, headers, eventId } = standIn.signedEvent("checkout.session.expired", session)
      expect(await card.parseWebhook(body, headers)).toEqual({
        eventId,
        providerPaymentId: session.id,
        outcome: "expired",
        amount: 7_000_000,
        currency: "USD",
      })
    })

    it("passes another currency on as Stripe says it, for the payments service to refuse", async () => {
      const session = { ...standIn.complete((await newSession()).id, "paid"), currency: "eur" }
      const { body, headers } = standIn.signedEvent("checkout.session.completed", session)
      expect((await card.parseWebhook(body, headers))?.currency).toBe("EUR")
    })
  })

  describe("fetchStatus", () => {
    it("says pending for an open session, succeeded once paid", async () => {
      const session = await newSession(4_560_000)
      const expected = {
        eventId: `reconcile:${session.id}`,
        providerPaymentId: session.id,
        amount: 4_560_000,
        currency: "USD",
      }
      expect(await card.fetchStatus(session.id)).toEqual({ ...expected, outcome: "pending" })
      expect(standIn.requests.at(-1)).toMatchObject({
        method: "GET",
        path: `/v1/checkout/sessions/${session.id}`,
        headers: { authorization: `Bearer ${secretKey}` },
      })
      standIn.complete(session.id, "unpaid")
      expect(await card.fetchStatus(session.id)).toEqual({ ...expected, outcome: "pending" })
      standIn.markPaid(session.id)
      expect(await card.fetchStatus(session.id)).toEqual({ ...expected, outcome: "succeeded" })
    })

    it("says expired for an expired session", async () => {
      const session = standIn.expire((await newSession(1_230_000)).id)
      expect(await card.fetchStatus(session.id)).toEqual({
        eventId: `reconcile:${session.id}`,
        providerPaymentId: session.id,
        outcome: "expired",
        amount: 1_230_000,
        currency: "USD",
      })
    })

    it("fails clearly for a session Stripe does not know", async () => {
      await expect(card.fetchStatus("cs_test_unknown")).rejects.toThrow(
        "No such checkout.session: 'cs_test_unknown'",
      )
    })
  })

  describe("cancel", () => {
    it("expires an open session, so nobody can pay it afterwards", async () => {
      const session = await newSession(2_000_000)
      expect(await card.cancel!(session.id)).toBeNull()
      expect(standIn.requests.at(-1)).toMatchObject({
        method: "POST",
        path: `/v1/checkout/sessions/${session.id}/expire`,
        headers: { authorization: `Bearer ${secretKey}` },
      })
      expect(standIn.sessions.get(session.id)).toMatchObject({ status: "expired", url: null })
      // Already closed unpaid: nothing more to do.
      expect(await card.cancel!(session.id)).toBeNull()
    })

    it("answers what Stripe says when the session was paid first, or its money is on its way", async () => {
      const paid = await newSession(3_000_000)
      standIn.complete(paid.id, "paid")
      expect(await card.cancel!(paid.id)).toEqual({
        eventId: `reconcile:${paid.id}`,
        providerPaymentId: paid.id,
        outcome: "succeeded",
        amount: 3_000_000,
        currency: "USD",
      })
      const debit = await newSession(3_000_000)
      standIn.complete(debit.id, "unpaid")
      expect(await card.cancel!(debit.id)).toMatchObject({ providerPaymentId: debit.id, outcome: "pending" })
      expect(standIn.sessions.get(debit.id)!.status).toBe("complete")
    })

    it("fails clearly for a session Stripe does not know", async () => {
      await expect(card.cancel!("cs_test_unknown")).rejects.toThrow(
        "No such checkout.session: 'cs_test_unknown'",
      )
    })
  })
})

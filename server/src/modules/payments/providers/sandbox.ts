import { createHmac, randomBytes, timingSafeEqual } from "node:crypto"
import type { Queryable } from "../../../db/database"
import type { Currency } from "../../ledger/ledger"
import { type PaymentEvent, type PaymentProviderAdapter, WebhookRefused } from "./provider"

/*
 * The built-in sandbox provider (MONEY.md, "The sandbox"): a pretend bank living in our own database. Its
 * checkout page (/pay/sandbox/<checkoutId>) lets the payer succeed, fail or leave the payment pending; a decision
 * is sent to our webhook endpoint signed like a real provider's, so the same checks run.
 */

export const SANDBOX_SIGNATURE_HEADER = "manyhands-sandbox-signature"
/** Signatures older or newer than this are refused: a captured webhook cannot be replayed later. */
export const SANDBOX_TOLERANCE_SECONDS = 5 * 60
/** A checkout left pending this long has expired, as a real provider's session does. */
export const SANDBOX_CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000

/** "cancelled": closed unpaid because the payer gave the payment up on the site. */
export type SandboxState = "pending" | "succeeded" | "failed" | "cancelled"

export interface SandboxWebhookBody {
  id: string
  type: "payment.succeeded" | "payment.failed"
  checkoutId: string
  amount: number
  currency: Currency
}

/** The header value for a body: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">. */
export function signSandboxBody(
  secret: string,
  rawBody: Buffer | string,
  at = Math.floor(Date.now() / 1000),
) {
  const mac = createHmac("sha256", secret).update(`${at}.`).update(rawBody).digest("hex")
  return `t=${at},v1=${mac}`
}

/** Checks the signature header against the raw body; throws WebhookRefused saying what is wrong. */
function verifySignature(secret: string, rawBody: Buffer, header: string | string[] | undefined) {
  if (typeof header !== "string" || header === "")
    throw new WebhookRefused(`The ${SANDBOX_SIGNATURE_HEADER} header is missing`)
  const parts = new Map<string, string[]>()
  for (const part of header.split(",")) {
    const at = part.indexOf("=")
    if (at < 1) continue
    const name = part.slice(0, at).trim()
    parts.set(name, [...(parts.get(name) ?? []), part.slice(at + 1).trim()])
  }
  const timestamp = parts.get("t")?.[0] ?? ""
  const signatures = parts.get("v1") ?? []
  if (!/^\d{1,12}$/.test(timestamp) || signatures.length === 0)
    throw new WebhookRefused(`The ${SANDBOX_SIGNATURE_HEADER} header must be t=<unix seconds>,v1=<hex HMAC>`)
  const age = Math.abs(Date.now() / 1000 - Number(timestamp))
  if (age > SANDBOX_TOLERANCE_SECONDS)
    throw new WebhookRefused(
      `The signature's timestamp is ${Math.round(age)} s away from now (at most ${SANDBOX_TOLERANCE_SECONDS} s)`,
    )
  const expected = createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest()
  const matches = signatures.some((signature) => {
    const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, "hex") : null
    return given !== null && timingSafeEqual(given, expected)
  })
  if (!matches) throw new WebhookRefused("The signature does not match the body")
}

function readBody(rawBody: Buffer): SandboxWebhookBody {
  let body: unknown
  try {
    body = JSON.parse(rawBody.toString("utf8"))
  } catch {
    throw new WebhookRefused("The body is not JSON")
  }
  const b = body as Partial<Record<keyof SandboxWebhookBody, unknown>> | null
  const text = (value: unknown, max: number) =>
    typeof value === "string" && value.length > 0 && value.length <= max
  if (
    typeof b !== "object" ||
    b === null ||
    !text(b.id, 100) ||
    (b.type !== "payment.succeeded" && b.type !== "payment.failed") ||
    !text(b.checkoutId, 100) ||
    !Number.isSafeInteger(b.amount) ||
    (b.amount as number) <= 0 ||
    (b.currency !== "USD" && b.currency !== "RUB")
  )
    throw new WebhookRefused(
      "The body must be { id, type: payment.succeeded|payment.failed, checkoutId, amount, currency }",
    )
  return b as SandboxWebhookBody
}

export interface SandboxCheckoutRow {
  checkoutId: string
  paymentId: string
  amount: number
  currency: Currency
  /** "expired": pending for longer than SANDBOX_CHECKOUT_TTL_MS. */
  state: SandboxState | "expired"
  eventId: string | null
}

/** The sandbox bank's record of a checkout, or null. */
export async function findSandboxCheckout(
  db: Queryable,
  checkoutId: string,
): Promise<SandboxCheckoutRow | null> {
  const { rows } = await db.query<{
    payment_id: string
    amount: string
    currency: Currency
    state: SandboxState
    event_id: string | null
    expired: boolean
  }>(
    `SELECT payment_id::text, amount::text, currency, state, event_id,
            created_at < now() - $2 * interval '1 millisecond' AS expired
       FROM sandbox_checkouts WHERE checkout_id = $1`,
    [checkoutId, SANDBOX_CHECKOUT_TTL_MS],
  )
  const row = rows[0]
  if (!row) return null
  return {
    checkoutId,
    paymentId: row.payment_id,
    amount: Number(row.amount),
    currency: row.currency,
    state: row.state === "pending" && row.expired ? "expired" : row.state,
    eventId: row.event_id,
  }
}

/**
 * The bank decides a pending checkout once: the checkout as it is afterwards (a decided one is left as it
 * was, for the caller to compare). Its webhook event id is chosen here, so a repeated delivery reuses it.
 */
export async function decideSandboxCheckout(
  db: Queryable,
  checkoutId: string,
  state: "succeeded" | "failed",
): Promise<SandboxCheckoutRow | null> {
  await db.query(
    `UPDATE sandbox_checkouts SET state = $2, event_id = $3, decided_at = now()
      WHERE checkout_id = $1 AND state = 'pending' AND created_at >= now() - $4 * interval '1 millisecond'`,
    [checkoutId, state, `evt_${randomBytes(12).toString("hex")}`, SANDBOX_CHECKOUT_TTL_MS],
  )
  return findSandboxCheckout(db, checkoutId)
}

/** The webhook the bank sends about a decided checkout: its raw body and headers. */
export function sandboxWebhook(secret: string, checkout: SandboxCheckoutRow & { eventId: string }) {
  const body: SandboxWebhookBody = {
    id: checkout.eventId,
    type: checkout.state === "succeeded" ? "payment.succeeded" : "payment.failed",
    checkoutId: checkout.checkoutId,
    amount: checkout.amount,
    currency: checkout.currency,
  }
  const rawBody = Buffer.from(JSON.stringify(body))
  return {
    rawBody,
    headers: {
      "content-type": "application/json",
      [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(secret, rawBody),
    },
  }
}

export interface SandboxProvider extends PaymentProviderAdapter {
  readonly shortname: "sandbox"
  /** The secret its webhooks are signed with. */
  readonly secret: string
}

/** The sandbox adapter; `secret` signs and checks its webhooks. */
export function createSandboxProvider({ db, secret }: { db: Queryable; secret: string }): SandboxProvider {
  return {
    shortname: "sandbox",
    currencies: ["USD", "RUB"],
    secret,

    async create({ paymentId, amount, currency }) {
      const checkoutId = randomBytes(24).toString("base64url")
      const { rows } = await db.query<{ expires_at: Date | string }>(
        `INSERT INTO sandbox_checkouts (checkout_id, payment_id, amount, currency) VALUES ($1, $2, $3, $4)
         RETURNING created_at + $5 * interval '1 millisecond' AS expires_at`,
        [checkoutId, paymentId, amount, currency, SANDBOX_CHECKOUT_TTL_MS],
      )
      return {
        providerPaymentId: checkoutId,
        redirectUrl: `/pay/sandbox/${checkoutId}`,
        expiresAt: new Date(rows[0]!.expires_at),
      }
    },

    async parseWebhook(rawBody, headers): Promise<PaymentEvent | null> {
      verifySignature(secret, rawBody, headers[SANDBOX_SIGNATURE_HEADER])
      const body = readBody(rawBody)
      return {
        eventId: body.id,
        providerPaymentId: body.checkoutId,
        outcome: body.type === "payment.succeeded" ? "succeeded" : "failed",
        amount: body.amount,
        currency: body.currency,
      }
    },

    async fetchStatus(providerPaymentId): Promise<PaymentEvent> {
      const checkout = await findSandboxCheckout(db, providerPaymentId)
      if (!checkout) throw new Error(`The sandbox has no checkout ${providerPaymentId}`)
      return {
        eventId: `reconcile:${providerPaymentId}`,
        providerPaymentId,
        // Closed for a cancellation the site did not record (it failed after the bank closed it): unpaid, ended.
        outcome:
          checkout.state === "pending"
            ? "pending"
            : checkout.state === "cancelled"
              ? "expired"
              : checkout.state,
        amount: checkout.amount,
        currency: checkout.currency,
      }
    },

    async cancel(providerPaymentId): Promise<PaymentEvent | null> {
      // A pending checkout closes, even one past its day; a decided one stays as the bank decided.
      await db.query(
        "UPDATE sandbox_checkouts SET state = 'cancelled', decided_at = now() WHERE checkout_id = $1 AND state = 'pending'",
        [providerPaymentId],
      )
      const checkout = await findSandboxCheckout(db, providerPaymentId)
      if (!checkout) throw new Error(`The sandbox has no checkout ${providerPaymentId}`)
      if (checkout.state === "cancelled") return null
      if (checkout.state !== "succeeded" && checkout.state !== "failed")
        throw new Error(`The sandbox checkout ${providerPaymentId} is still ${checkout.state}`)
      // Paid or declined, and its webhook lost: the bank tells it again, under the same event id.
      return {
        eventId: checkout.eventId ?? `reconcile:${providerPaymentId}`,
        providerPaymentId,
        outcome: checkout.state,
        amount: checkout.amount,
        currency: checkout.currency,
      }
    },
  }
}

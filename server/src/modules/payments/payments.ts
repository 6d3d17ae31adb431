import type { FastifyBaseLogger } from "fastify"
import type { Page } from "@manyhands/contract"
import type {
  CreatedPayment,
  DaySummary,
  Payment,
  PaymentBonus,
  PaymentStatus,
} from "@manyhands/contract/money"
import type { Database, Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import { bestCampaign, bonusOf, creditBonus } from "../discounts/discounts"
import type { Jobs } from "../jobs/jobs"
import { type Currency, ledgerAccount, transfer } from "../ledger/ledger"
import {
  type CreatedAtProvider,
  type PaymentEvent,
  type PaymentProviderAdapter,
  WebhookRefused,
} from "./providers/provider"

/*
 * Our side of top-ups (MONEY.md): the payments table, crediting each payment exactly once whatever the
 * providers send and in whatever order, reconciliation of payments left pending, and the user's history.
 * Adapters (./providers) only speak their provider's language.
 */

export type Adapters = ReadonlyMap<string, PaymentProviderAdapter>

/** Micro-units per unit of a currency. */
const MICROS = 1_000_000
/** Providers charge whole cents (kopecks): 10,000 micro-units. */
const MICROS_PER_CENT = 10_000

/** The smallest and largest top-up, micro-units: USD 1–10,000, RUB 100–1,000,000. */
export const LIMITS: Record<Currency, { min: number; max: number }> = {
  USD: { min: 1 * MICROS, max: 10_000 * MICROS },
  RUB: { min: 100 * MICROS, max: 1_000_000 * MICROS },
}

/** Micro-units as a decimal number of the currency: 25000000 → "25.00", 1250 → "0.00125". */
export function formatMicros(amount: number): string {
  const sign = amount < 0 ? "-" : ""
  const abs = Math.abs(amount)
  const fraction = String(abs % MICROS)
    .padStart(6, "0")
    .replace(/0{1,4}$/, "")
  return `${sign}${Math.floor(abs / MICROS)}.${fraction}`
}

const shown = (amount: number, currency: Currency) =>
  `${formatMicros(amount).replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ",")} ${currency}`

// ---------------------------------------------------------------------------------------------------------
// Payments as the history shows them (Payment of @manyhands/contract/money)

interface PaymentRow {
  id: string
  user_id: string | null
  provider: string
  provider_payment_id: string | null
  amount: string
  currency: Currency
  status: PaymentStatus
  created_at: Date | string
  completed_at: Date | string | null
  discount_campaign_id: string | null
  bonus_percent: number | null
  checkout_url: string | null
  payable_until: Date | string | null
  /** Pending, and its checkout not yet closed: the payer may go back to it. */
  payable: boolean
}

const PAYMENT_COLUMNS = `id::text, user_id::text, provider, provider_payment_id, amount::text, currency, status,
  created_at, completed_at, discount_campaign_id::text, bonus_percent, checkout_url, payable_until,
  ${payableSql("payments")} AS payable`

/** Whether a payment (the table's alias) may still be paid at its provider's checkout: pending, and open. */
export function payableSql(alias: string) {
  return `(${alias}.status = 'pending' AND ${alias}.checkout_url IS NOT NULL
           AND (${alias}.payable_until IS NULL OR ${alias}.payable_until > now()))`
}

const bonusOfRow = (row: PaymentRow): PaymentBonus | null =>
  row.discount_campaign_id === null || row.bonus_percent === null
    ? null
    : {
        campaignId: row.discount_campaign_id,
        percent: row.bonus_percent,
        amount: bonusOf(Number(row.amount), row.bonus_percent),
      }

const toPayment = (row: PaymentRow): Payment => ({
  id: row.id,
  provider: row.provider,
  amount: Number(row.amount),
  currency: row.currency,
  status: row.status,
  createdAt: new Date(row.created_at).toISOString(),
  completedAt: row.completed_at === null ? null : new Date(row.completed_at).toISOString(),
  reference: row.provider_payment_id,
  bonus: bonusOfRow(row),
  checkoutUrl: row.payable ? row.checkout_url : null,
  payableUntil: row.payable_until === null ? null : new Date(row.payable_until).toISOString(),
})

// ---------------------------------------------------------------------------------------------------------
// Creating a payment

export interface PaymentRequest {
  userId: string
  provider: string
  amount: number
  currency: string
  /** The site the payer came from: the provider sends them back to its /pay/ok or /pay/error. */
  origin: string
}

/** The request checked: 400 with a code and a message naming the field, or the adapter and currency. */
function checkRequest(adapters: Adapters, request: PaymentRequest) {
  const refusal = (code: string, field: string, message: string) =>
    new HttpError(400, code, message, [{ field, message }])
  const adapter = adapters.get(request.provider)
  if (!adapter) {
    const enabled = [...adapters.keys()].join(", ") || "none"
    throw refusal(
      "PAYMENT_PROVIDER_UNKNOWN",
      "provider",
      `No payment provider "${request.provider}" is enabled here; choose one of: ${enabled}.`,
    )
  }
  const currency = request.currency as Currency
  if (!adapter.currencies.includes(currency))
    throw refusal(
      "CURRENCY_NOT_SUPPORTED",
      "currency",
      `The ${adapter.shortname} provider takes ${adapter.currencies.join(" and ")}, not "${request.currency}".`,
    )
  const { min, max } = LIMITS[currency]
  const { amount } = request
  if (!Number.isSafeInteger(amount) || amount < min || amount > max)
    throw refusal(
      "AMOUNT_OUT_OF_RANGE",
      "amount",
      `A top-up in ${currency} is from ${shown(min, currency)} to ${shown(max, currency)}` +
        (Number.isSafeInteger(amount) ? ` (this one is ${shown(amount, currency)}).` : "."),
    )
  if (amount % MICROS_PER_CENT !== 0)
    throw refusal(
      "AMOUNT_NOT_WHOLE_CENTS",
      "amount",
      `Give the amount in whole cents, a multiple of ${MICROS_PER_CENT} micro-units (${shown(amount, currency)} is not).`,
    )
  return { adapter, currency }
}

/**
 * Records a pending payment and asks its provider for it; answers where to send the payer. A provider that
 * fails leaves the payment failed (nothing was taken) and answers 502.
 */
export async function createPayment(
  db: Database,
  adapters: Adapters,
  request: PaymentRequest,
  log: FastifyBaseLogger,
): Promise<CreatedPayment> {
  const { adapter, currency } = checkRequest(adapters, request)
  // The campaign in force now is the one the payer was shown: its percent is kept for the payment's success.
  const campaign = await bestCampaign(db, { amount: request.amount, currency })
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO payments (user_id, provider, amount, currency, discount_campaign_id, bonus_percent)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text`,
    [
      request.userId,
      adapter.shortname,
      request.amount,
      currency,
      campaign?.id ?? null,
      campaign?.percent ?? null,
    ],
  )
  const bonus = campaign
    ? {
        campaignId: campaign.id,
        percent: campaign.percent,
        amount: bonusOf(request.amount, campaign.percent),
      }
    : null
  const id = rows[0]!.id
  let created: CreatedAtProvider
  try {
    created = await adapter.create({
      paymentId: id,
      userId: request.userId,
      amount: request.amount,
      currency,
      successUrl: `${request.origin}/pay/ok?payment=${id}`,
      cancelUrl: `${request.origin}/pay/error?payment=${id}`,
    })
    // The checkout is kept: a payer who leaves it can come back to it from the history while it is open.
    await db.query(
      "UPDATE payments SET provider_payment_id = $2, checkout_url = $3, payable_until = $4 WHERE id = $1",
      [id, created.providerPaymentId, created.redirectUrl, created.expiresAt ?? null],
    )
  } catch (error) {
    log.error(
      { err: error, paymentId: id, provider: adapter.shortname },
      "payment provider could not create a payment",
    )
    await db.query(
      "UPDATE payments SET status = 'failed', completed_at = now() WHERE id = $1 AND status = 'pending'",
      [id],
    )
    throw new HttpError(
      502,
      "PAYMENT_PROVIDER_UNAVAILABLE",
      `The ${adapter.shortname} provider could not start the payment; nothing was charged. Try again, or choose another provider.`,
    )
  }
  log.info(
    {
      paymentId: id,
      provider: adapter.shortname,
      amount: request.amount,
      currency,
      discountCampaignId: campaign?.id ?? null,
    },
    "payment created",
  )
  return { id, redirectUrl: created.redirectUrl, bonus }
}

// ---------------------------------------------------------------------------------------------------------
// Provider events: crediting exactly once

export type EventResult =
  | "credited"
  | "failed"
  | "expired"
  /** The payer gave it up (cancelPayment): recorded in payment_events, never the result of a provider's event. */
  | "cancelled"
  | "ignored_duplicate"
  | "ignored_unknown"
  | "ignored_out_of_order"
  | "refused_amount_mismatch"
  | "refused_no_user"
  /** The provider says it is still pending: nothing to do, nothing recorded. */
  | "pending"

/** What an event does to a payment (before knowing whether the event itself was seen before). */
function decide(payment: PaymentRow | undefined, event: PaymentEvent): EventResult {
  if (!payment) return "ignored_unknown"
  if (payment.status !== "pending")
    // A replay, or news that contradicts a final state (a failure after the money was credited): no change. A
    // cancelled payment's checkout closing or failing repeats that no money came; only a success needs a person.
    return event.outcome === payment.status ||
      event.outcome === "pending" ||
      (payment.status === "cancelled" && event.outcome !== "succeeded")
      ? "ignored_duplicate"
      : "ignored_out_of_order"
  if (event.outcome === "pending") return "pending"
  if (event.amount !== Number(payment.amount) || event.currency !== payment.currency)
    return "refused_amount_mismatch"
  if (event.outcome === "succeeded") return payment.user_id === null ? "refused_no_user" : "credited"
  return event.outcome
}

/** The ledger key of a payment's crediting: one provider payment, one credit. */
export const creditKey = (shortname: string, providerPaymentId: string) =>
  `payment:${shortname}:${providerPaymentId}`

/**
 * Applies what a provider says about one of its payments, in one transaction: the payment row is locked, the
 * event recorded (a replayed event id changes nothing), and a success credits the user's balance from the
 * platform's payment clearing account under the key payment:<shortname>:<providerPaymentId>.
 */
export async function applyEvent(
  db: Database,
  shortname: string,
  event: PaymentEvent,
  log: FastifyBaseLogger,
): Promise<EventResult> {
  const { result, payment } = await db.transaction(async (tx) => {
    const { rows } = await tx.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE provider = $1 AND provider_payment_id = $2 FOR UPDATE`,
      [shortname, event.providerPaymentId],
    )
    const payment = rows[0]
    const decided = decide(payment, event)
    if (decided === "pending") return { result: decided, payment }
    const recorded = await tx.query(
      `INSERT INTO payment_events
         (provider, event_id, payment_id, provider_payment_id, outcome, amount, currency, result)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (provider, event_id) DO NOTHING RETURNING id`,
      [
        shortname,
        event.eventId,
        payment?.id ?? null,
        event.providerPaymentId,
        event.outcome,
        event.amount,
        event.currency,
        decided,
      ],
    )
    if (recorded.rows.length === 0) return { result: "ignored_duplicate" as const, payment }
    if (payment && (decided === "credited" || decided === "failed" || decided === "expired")) {
      const status = decided === "credited" ? "succeeded" : decided
      await tx.query("UPDATE payments SET status = $2, completed_at = now() WHERE id = $1", [
        payment.id,
        status,
      ])
    }
    if (payment && decided === "credited") {
      await transfer(tx, {
        key: creditKey(shortname, event.providerPaymentId),
        debitAccountId: await ledgerAccount(tx, {
          userId: null,
          purpose: "payment_clearing",
          currency: payment.currency,
        }),
        creditAccountId: await ledgerAccount(tx, {
          userId: payment.user_id,
          purpose: "customer_balance",
          currency: payment.currency,
        }),
        amount: Number(payment.amount),
        currency: payment.currency,
        memo: `Top-up ${payment.id} through ${shortname}`,
      })
      // The campaign's bonus, a transfer of its own from promotional credit (MONEY.md "Discount campaigns").
      if (payment.discount_campaign_id !== null && payment.bonus_percent !== null)
        await creditBonus(tx, {
          id: payment.id,
          userId: payment.user_id!,
          shortname,
          providerPaymentId: event.providerPaymentId,
          amount: Number(payment.amount),
          currency: payment.currency,
          campaignId: payment.discount_campaign_id,
          percent: payment.bonus_percent,
        })
    }
    return { result: decided, payment }
  })
  const fields = {
    provider: shortname,
    eventId: event.eventId,
    providerPaymentId: event.providerPaymentId,
    paymentId: payment?.id ?? null,
    outcome: event.outcome,
    amount: event.amount,
    currency: event.currency,
    result,
  }
  if (result === "refused_amount_mismatch")
    log.warn(
      { ...fields, expected: { amount: Number(payment!.amount), currency: payment!.currency } },
      "payment event refused: its amount or currency differs from the payment's",
    )
  else if (result === "refused_no_user")
    log.error(fields, "payment succeeded for a deleted user: not credited; refund it at the provider")
  else if (result === "ignored_unknown")
    log.warn(fields, "payment event ignored: no payment has this provider id")
  else if (result === "ignored_out_of_order")
    log.warn({ ...fields, status: payment!.status }, "payment event ignored: the payment is already final")
  else log.info(fields, `payment event: ${result}`)
  return result
}

/**
 * A webhook as its provider sent it: the adapter checks the signature over the raw body (WebhookRefused,
 * logged and rethrown, when it is wrong) and reads it; null is an event not about a payment's outcome.
 */
export async function receiveWebhook(
  db: Database,
  adapter: PaymentProviderAdapter,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  log: FastifyBaseLogger,
): Promise<EventResult | "not_a_payment_event"> {
  let event: PaymentEvent | null
  try {
    event = await adapter.parseWebhook(rawBody, headers)
  } catch (error) {
    if (error instanceof WebhookRefused)
      log.warn({ provider: adapter.shortname, reason: error.message }, "payment webhook refused")
    throw error
  }
  if (!event) {
    log.debug({ provider: adapter.shortname }, "payment webhook not about a payment's outcome")
    return "not_a_payment_event"
  }
  if (event.eventId.length > 255 || event.providerPaymentId.length > 150)
    throw new WebhookRefused("The event's ids are longer than any provider's")
  return applyEvent(db, adapter.shortname, event, log)
}

// ---------------------------------------------------------------------------------------------------------
// The payer gives a pending payment up (MONEY.md "Continuing or cancelling a pending top-up")

const notPending = (status: PaymentStatus) =>
  new HttpError(
    409,
    "PAYMENT_NOT_PENDING",
    `This payment is no longer pending: it ${status === "cancelled" ? "was cancelled" : status}. ` +
      "Only a pending payment can be cancelled.",
    { status },
  )

const paymentNotFound = () => new HttpError(404, "PAYMENT_NOT_FOUND", "You have no payment with this id.")

async function ownPaymentRow(db: Queryable, userId: string, id: string, lock = false) {
  const { rows } = await db.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1 AND user_id = $2${lock ? " FOR UPDATE" : ""}`,
    [id, userId],
  )
  return rows[0] ?? null
}

/**
 * Cancels one of the user's pending payments. Its provider closes the checkout first, so nobody can pay it after
 * we say it is cancelled; a provider that says it was paid or declined meanwhile is heard (the event applied as a
 * webhook's would be) and the answer is 409 PAYMENT_NOT_PENDING with what it is now, or 409 PAYMENT_IN_PROGRESS
 * while money for it is on its way. Then, in one transaction, the payment row is locked, the cancellation recorded
 * in payment_events (event id cancel:<id>) and the payment marked cancelled. Nothing was paid, so no money moves.
 * Cancelling a cancelled payment answers it again; 404 for an unknown payment or another user's.
 */
export async function cancelPayment(
  db: Database,
  adapters: Adapters,
  { userId, paymentId }: { userId: string; paymentId: string },
  log: FastifyBaseLogger,
): Promise<Payment> {
  const found = await ownPaymentRow(db, userId, paymentId)
  if (!found) throw paymentNotFound()
  if (found.status === "cancelled") return toPayment(found)
  if (found.status !== "pending") throw notPending(found.status)

  // A provider no longer enabled here, or a payment that never reached its provider: nothing to close there.
  const adapter = adapters.get(found.provider)
  if (adapter?.cancel && found.provider_payment_id !== null) {
    let said: PaymentEvent | null
    try {
      said = await adapter.cancel(found.provider_payment_id)
    } catch (error) {
      log.error(
        { err: error, paymentId, provider: adapter.shortname },
        "payment provider could not close a checkout for a cancellation",
      )
      throw new HttpError(
        502,
        "PAYMENT_PROVIDER_UNAVAILABLE",
        `The ${adapter.shortname} provider could not be reached to close the payment; it is still pending. Try again in a few minutes.`,
      )
    }
    if (said) {
      if (said.providerPaymentId !== found.provider_payment_id)
        throw new Error(
          `asked to close ${found.provider_payment_id}, answered about ${said.providerPaymentId}`,
        )
      if (said.outcome !== "pending") await applyEvent(db, adapter.shortname, said, log)
      const now = await ownPaymentRow(db, userId, paymentId)
      if (now && now.status !== "pending") throw notPending(now.status)
      log.info({ paymentId, provider: adapter.shortname }, "payment not cancelled: its money is on its way")
      throw new HttpError(
        409,
        "PAYMENT_IN_PROGRESS",
        "Money for this payment is already on its way, so it can no longer be cancelled; it is credited once it arrives.",
      )
    }
  }

  const { row, cancelled } = await db.transaction(async (tx) => {
    const locked = await ownPaymentRow(tx, userId, paymentId, true)
    if (!locked) throw paymentNotFound()
    // A cancel at the same moment came first (answered alike), or the provider's news did (refused).
    if (locked.status === "cancelled") return { row: locked, cancelled: false }
    if (locked.status !== "pending") throw notPending(locked.status)
    const recorded = await tx.query(
      `INSERT INTO payment_events
         (provider, event_id, payment_id, provider_payment_id, outcome, amount, currency, result)
       VALUES ($1, $2, $3, $4, 'cancelled', $5, $6, 'cancelled')
       ON CONFLICT (provider, event_id) DO NOTHING RETURNING id`,
      [
        locked.provider,
        `cancel:${locked.id}`,
        locked.id,
        locked.provider_payment_id,
        locked.amount,
        locked.currency,
      ],
    )
    if (recorded.rows.length === 0) return { row: locked, cancelled: false }
    const { rows } = await tx.query<PaymentRow>(
      `UPDATE payments SET status = 'cancelled', completed_at = now() WHERE id = $1 RETURNING ${PAYMENT_COLUMNS}`,
      [locked.id],
    )
    return { row: rows[0]!, cancelled: true }
  })
  if (cancelled)
    log.info(
      {
        paymentId,
        provider: row.provider,
        providerPaymentId: row.provider_payment_id,
        amount: Number(row.amount),
        currency: row.currency,
      },
      "payment cancelled by its payer",
    )
  return toPayment(row)
}

// ---------------------------------------------------------------------------------------------------------
// Reconciliation: asking providers about payments left pending (a webhook lost, or never sent)

/** How often the server reconciles, and how old a pending payment must be before it is asked about. */
export const RECONCILE_EVERY_MS = 5 * 60 * 1000
export const RECONCILE_OLDER_THAN_MS = 10 * 60 * 1000
/** Payments asked about per round, least recently asked first. */
const RECONCILE_BATCH = 200

/**
 * Asks each payment's provider about the payments pending longer than `olderThanMs` and applies the answers.
 * A payment that never got a provider id by then never reached its provider: it has failed.
 */
export async function reconcile(
  db: Database,
  adapters: Adapters,
  { olderThanMs, log }: { olderThanMs: number; log: FastifyBaseLogger },
): Promise<EventResult[]> {
  const abandoned = await db.query<{ id: string }>(
    `UPDATE payments SET status = 'failed', completed_at = now()
      WHERE status = 'pending' AND provider_payment_id IS NULL
        AND created_at < now() - $1 * interval '1 millisecond'
      RETURNING id::text`,
    [olderThanMs],
  )
  for (const { id } of abandoned.rows)
    log.warn({ paymentId: id }, "payment never reached its provider: failed")

  // A deleted user's payment is left alone: crediting it would need a person (refused_no_user).
  const { rows } = await db.query<{ id: string; provider: string; provider_payment_id: string }>(
    `UPDATE payments SET checked_at = now()
      WHERE id IN (SELECT id FROM payments
                    WHERE status = 'pending' AND provider_payment_id IS NOT NULL AND user_id IS NOT NULL
                      AND provider = ANY($2::text[]) AND created_at < now() - $1 * interval '1 millisecond'
                    ORDER BY checked_at NULLS FIRST, created_at LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING id::text, provider, provider_payment_id`,
    [olderThanMs, [...adapters.keys()], RECONCILE_BATCH],
  )
  const results: EventResult[] = []
  for (const row of rows) {
    const adapter = adapters.get(row.provider)!
    try {
      const event = await adapter.fetchStatus(row.provider_payment_id)
      if (event.providerPaymentId !== row.provider_payment_id)
        throw new Error(`asked about ${row.provider_payment_id}, answered about ${event.providerPaymentId}`)
      results.push(await applyEvent(db, adapter.shortname, event, log))
    } catch (error) {
      // One provider's trouble must not stop the others; the payment is asked about again next round.
      log.warn(
        { err: error, paymentId: row.id, provider: row.provider },
        "payment reconciliation could not ask",
      )
    }
  }
  return results
}

export const RECONCILE_JOB = "payments-reconcile"

/** Reconciles every RECONCILE_EVERY_MS as a background job (once per period among all processes). */
export async function scheduleReconciliation(
  jobs: Jobs,
  { db, adapters, log }: { db: Database; adapters: Adapters; log: FastifyBaseLogger },
): Promise<void> {
  if (adapters.size === 0) return
  await jobs.every(
    RECONCILE_JOB,
    { seconds: RECONCILE_EVERY_MS / 1000, retryLimit: 3, retryDelaySeconds: 30, expireSeconds: 15 * 60 },
    async () => ({
      applied: (await reconcile(db, adapters, { olderThanMs: RECONCILE_OLDER_THAN_MS, log })).length,
    }),
  )
}

// ---------------------------------------------------------------------------------------------------------
// The user's history

export async function listPayments(
  db: Queryable,
  userId: string,
  { page, pageSize, status }: { page: number; pageSize: number; status?: PaymentStatus },
): Promise<Page<Payment>> {
  const [items, count] = await Promise.all([
    db.query<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE user_id = $1 AND ($2::text IS NULL OR status = $2)
        ORDER BY id DESC LIMIT $3 OFFSET $4`,
      [userId, status ?? null, pageSize, (page - 1) * pageSize],
    ),
    db.query<{ total: number }>(
      "SELECT count(*)::int AS total FROM payments WHERE user_id = $1 AND ($2::text IS NULL OR status = $2)",
      [userId, status ?? null],
    ),
  ])
  return { items: items.rows.map(toPayment), total: count.rows[0]!.total, page, pageSize }
}

/** One of the user's payments, or null (also for another user's). */
export async function findPayment(db: Queryable, userId: string, id: string): Promise<Payment | null> {
  const row = await ownPaymentRow(db, userId, id)
  return row ? toPayment(row) : null
}

/**
 * Per UTC day from `from` to `to` (YYYY-MM-DD, both included), newest first, days without movement left out:
 * toppedUp = credits to the user's balance from payment clearing; spent = captcha charges to the balance (the
 * posting of a task's hold) less refunds (credits to it from platform revenue), each on the day it was made;
 * earned = task payments to the user's worker earnings (from platform revenue: a payout sent back is not).
 */
export async function daySummary(
  db: Queryable,
  userId: string,
  { from, to, currency }: { from: string; to: string; currency: Currency },
): Promise<DaySummary> {
  const accounts = await db.query<{ purpose: string; id: string }>(
    `SELECT purpose, id::text FROM ledger_accounts
      WHERE currency = $2
        AND ((user_id = $1 AND purpose IN ('customer_balance', 'worker_earnings'))
             OR (user_id IS NULL AND purpose IN ('payment_clearing', 'platform_revenue')))`,
    [userId, currency],
  )
  const id = (purpose: string) => accounts.rows.find((row) => row.purpose === purpose)?.id ?? null
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString()
  // Each branch walks one account's transfers by time (the *_time indexes); a missing account matches nothing.
  const { rows } = await db.query<{ date: string; topped_up: string; spent: string; earned: string }>(
    `SELECT to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date,
            coalesce(sum(t.amount) FILTER (WHERE t.credit_account_id = $1 AND t.debit_account_id = $3), 0)::text
              AS topped_up,
            (coalesce(sum(t.amount) FILTER (WHERE t.debit_account_id = $1), 0)
             - coalesce(sum(t.amount) FILTER (WHERE t.credit_account_id = $1 AND t.debit_account_id = $4), 0))::text
              AS spent,
            coalesce(sum(t.amount) FILTER (WHERE t.credit_account_id = $2), 0)::text AS earned
       FROM (SELECT created_at, amount, debit_account_id, credit_account_id FROM ledger_transfers
              WHERE debit_account_id = $1::bigint AND kind = 'post_pending'
                AND created_at >= $5::timestamptz AND created_at < $6::timestamptz
             UNION ALL
             SELECT created_at, amount, debit_account_id, credit_account_id FROM ledger_transfers
              WHERE credit_account_id = $1::bigint AND kind = 'posted'
                AND debit_account_id IN ($3::bigint, $4::bigint)
                AND created_at >= $5::timestamptz AND created_at < $6::timestamptz
             UNION ALL
             SELECT created_at, amount, debit_account_id, credit_account_id FROM ledger_transfers
              WHERE credit_account_id = $2::bigint AND debit_account_id = $4::bigint AND kind = 'posted'
                AND created_at >= $5::timestamptz AND created_at < $6::timestamptz) t
      GROUP BY 1 ORDER BY 1 DESC`,
    [
      id("customer_balance"),
      id("worker_earnings"),
      id("payment_clearing"),
      id("platform_revenue"),
      `${from}T00:00:00Z`,
      end,
    ],
  )
  return {
    currency,
    days: rows.map((row) => ({
      date: row.date,
      toppedUp: Number(row.topped_up),
      spent: Number(row.spent),
      earned: Number(row.earned),
    })),
  }
}

/** The day summary as a CSV download: amounts in currency units, as a spreadsheet reads them. */
export function daySummaryCsv(summary: DaySummary): string {
  const lines = ["date,currency,topped_up,spent,earned"]
  for (const day of summary.days)
    lines.push(
      [
        day.date,
        summary.currency,
        formatMicros(day.toppedUp),
        formatMicros(day.spent),
        formatMicros(day.earned),
      ].join(","),
    )
  return `${lines.join("\r\n")}\r\n`
}

/*
 * Enterprise support (contract/src/enterprise.ts, migration 0031): the pricing and conditions in a currency, a
 * purchase from the balance, the plan a ticket runs under and the credits its late answers earn. Services raise
 * EnterpriseError; routes map it.
 *
 * Money moves only through the ledger (ledger/ledger.ts), in the transaction of the change it pays for: a
 * purchase is one transfer customer_balance → platform_revenue stored with its subscription row; a late answer
 * gives some of that revenue back, platform_revenue → customer_balance, stored with its credit row.
 */
import {
  BUSINESS_HOURS,
  ENTERPRISE_PLANS,
  ENTERPRISE_TERM_DAYS,
  SLA_CREDIT_CAP_PERCENT,
  SLA_CREDIT_PERCENT,
  enterprisePlan,
  slaCreditCapOf,
  slaCreditOf,
  type BuyEnterpriseSupport,
  type EnterpriseConditions,
  type EnterpriseHours,
  type EnterprisePlan,
  type EnterprisePlanCode,
  type EnterprisePricing,
  type EnterprisePurchase,
  type EnterpriseSubscription,
  type MyEnterpriseSupport,
} from "@manyhands/contract/enterprise"
import type { TicketStatus, TicketSummary } from "@manyhands/contract/support"
import type { Database, Queryable } from "../../db/database"
import { type Currency, LedgerError, accountBalance, ledgerAccount, transfer } from "../ledger/ledger"
import { formatMicros } from "../payments/payments"
import { DEFAULT_POLICY, ROUND_THE_CLOCK, SUPPORT_CALENDAR, lateWaits, type SlaPolicy } from "../support/sla"

export type EnterpriseErrorCode = "INSUFFICIENT_BALANCE" | "IDEMPOTENCY_KEY_REUSED"

export class EnterpriseError extends Error {
  constructor(
    readonly code: EnterpriseErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = "EnterpriseError"
  }
}

const DAY_MS = 86_400_000

const planIn = (code: EnterprisePlanCode, currency: Currency): EnterprisePlan => {
  const plan = enterprisePlan(code)
  return {
    code: plan.code,
    hours: plan.hours,
    targets: { ...plan.targets },
    namedContacts: plan.namedContacts,
    price: plan.price[currency],
    currency,
  }
}

export function pricing(currency: Currency): EnterprisePricing {
  return {
    currency,
    termDays: ENTERPRISE_TERM_DAYS,
    plans: ENTERPRISE_PLANS.map((plan) => planIn(plan.code, currency)),
  }
}

export function conditions(currency: Currency): EnterpriseConditions {
  return {
    currency,
    termDays: ENTERPRISE_TERM_DAYS,
    businessHours: BUSINESS_HOURS,
    slaCredit: {
      percentPerMiss: SLA_CREDIT_PERCENT,
      capPercent: SLA_CREDIT_CAP_PERCENT,
      description:
        `Each first answer or reply that comes later than the plan's target for the ticket's severity credits ` +
        `${SLA_CREDIT_PERCENT} % of the term's price to the balance it was paid from, automatically, once per ` +
        `late answer, up to ${SLA_CREDIT_CAP_PERCENT} % of the price per term. The clock counts the plan's hours ` +
        `only, and only while the ticket waits for support (not while it waits for the customer).`,
    },
    plans: ENTERPRISE_PLANS.map((plan) => {
      const shown = planIn(plan.code, currency)
      return { ...shown, creditPerMiss: slaCreditOf(shown.price), creditCap: slaCreditCapOf(shown.price) }
    }),
  }
}

/** A plan's targets and the hours they count in. */
export function policyOf(code: EnterprisePlanCode): SlaPolicy {
  const plan = enterprisePlan(code)
  return { targets: plan.targets, calendar: plan.hours === "24x7" ? ROUND_THE_CLOCK : SUPPORT_CALENDAR }
}

interface SubscriptionRow {
  id: string
  plan: EnterprisePlanCode
  currency: Currency
  price: string
  starts_at: Date
  ends_at: Date
  idempotency_key: string
  credited: string
}

const SUBSCRIPTION_COLUMNS = `s.id::text, s.plan, s.currency, s.price::text, s.starts_at, s.ends_at, s.idempotency_key,
  (SELECT coalesce(sum(c.amount), 0) FROM enterprise_sla_credits c WHERE c.subscription_id = s.id)::text AS credited`

const toSubscription = (row: SubscriptionRow): EnterpriseSubscription => ({
  id: row.id,
  plan: row.plan,
  currency: row.currency,
  price: Number(row.price),
  startsAt: row.starts_at.toISOString(),
  endsAt: row.ends_at.toISOString(),
  credited: Number(row.credited),
})

/** The account's term running now and those bought after it. */
export async function mine(db: Queryable, userId: string): Promise<MyEnterpriseSupport> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT ${SUBSCRIPTION_COLUMNS} FROM enterprise_subscriptions s
      WHERE s.user_id = $1 AND s.ends_at > now() ORDER BY s.starts_at`,
    [userId],
  )
  const now = Date.now()
  const current = rows.find((row) => row.starts_at.getTime() <= now)
  return {
    current: current ? toSubscription(current) : null,
    upcoming: rows.filter((row) => row !== current).map(toSubscription),
  }
}

/**
 * Buys a term, in one transaction: the account's row is locked, so purchases of one account (concurrent clicks,
 * retries) run one after the other; a key already used answers its purchase (nothing charged again); the
 * balance must cover the price (402 otherwise, nothing charged); the term starts now or at the end of the last
 * term bought; the row and its ledger transfer are stored together.
 */
export async function buy(
  db: Database,
  userId: string,
  request: BuyEnterpriseSupport,
): Promise<EnterprisePurchase> {
  const price = enterprisePlan(request.plan).price[request.currency]
  return db.transaction(async (tx) => {
    await tx.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [userId])
    const balanceAccount = await ledgerAccount(tx, {
      userId,
      purpose: "customer_balance",
      currency: request.currency,
    })
    const { rows: used } = await tx.query<SubscriptionRow>(
      `SELECT ${SUBSCRIPTION_COLUMNS} FROM enterprise_subscriptions s
        WHERE s.user_id = $1 AND s.idempotency_key = $2`,
      [userId, request.idempotencyKey],
    )
    if (used[0]) {
      if (used[0].plan !== request.plan || used[0].currency !== request.currency)
        throw new EnterpriseError(
          "IDEMPOTENCY_KEY_REUSED",
          "This purchase key was used for another plan or currency. Reload the page and buy again.",
        )
      return {
        subscription: toSubscription(used[0]),
        replayed: true,
        balance: (await accountBalance(tx, balanceAccount)).available,
      }
    }
    const { available } = await accountBalance(tx, balanceAccount)
    if (available < price) throw insufficient(available, price, request.currency)
    const { rows: last } = await tx.query<{ ends_at: Date | null }>(
      "SELECT max(ends_at) AS ends_at FROM enterprise_subscriptions WHERE user_id = $1 AND ends_at > now()",
      [userId],
    )
    const startsAt = last[0]?.ends_at ? new Date(last[0].ends_at) : new Date()
    const endsAt = new Date(startsAt.getTime() + ENTERPRISE_TERM_DAYS * DAY_MS)
    let charged
    try {
      charged = await transfer(tx, {
        // The account and its key: unique like the row, so a retry can never move money twice either.
        key: `enterprise:${userId}:${request.idempotencyKey}`,
        debitAccountId: balanceAccount,
        creditAccountId: await ledgerAccount(tx, {
          userId: null,
          purpose: "platform_revenue",
          currency: request.currency,
        }),
        amount: price,
        currency: request.currency,
        memo: `Enterprise support: ${request.plan}, ${ENTERPRISE_TERM_DAYS} days`,
      })
    } catch (error) {
      // The balance moved between the check and the transfer (a task's hold): the same answer.
      if (error instanceof LedgerError && error.code === "EXCEEDS_CREDITS")
        throw insufficient(available, price, request.currency)
      throw error
    }
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO enterprise_subscriptions
         (user_id, plan, currency, price, starts_at, ends_at, idempotency_key, ledger_transfer_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text`,
      [
        userId,
        request.plan,
        request.currency,
        price,
        startsAt,
        endsAt,
        request.idempotencyKey,
        charged.transfer.id,
      ],
    )
    return {
      subscription: {
        id: rows[0]!.id,
        plan: request.plan,
        currency: request.currency,
        price,
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        credited: 0,
      },
      replayed: false,
      balance: (await accountBalance(tx, balanceAccount)).available,
    }
  })
}

function insufficient(available: number, price: number, currency: Currency) {
  return new EnterpriseError(
    "INSUFFICIENT_BALANCE",
    `The plan costs ${formatMicros(price)} ${currency}; your balance has ${formatMicros(Math.max(0, available))} ` +
      `${currency}. Top up the balance, then buy again.`,
    { balance: Math.max(0, available), price, currency },
  )
}

// ---------------------------------------------------------------------------------------------------------
// Tickets under a plan

export interface TicketPlan {
  subscriptionId: string
  plan: EnterprisePlanCode
  hours: EnterpriseHours
  userId: string
  currency: Currency
  price: number
}

/** The plan each ticket runs under: the term its customer had when they opened it (none: not listed). */
export async function ticketPlans(
  db: Queryable,
  ticketIds: readonly string[],
): Promise<Map<string, TicketPlan>> {
  if (ticketIds.length === 0) return new Map()
  const { rows } = await db.query<{
    ticket_id: string
    id: string
    plan: EnterprisePlanCode
    user_id: string
    currency: Currency
    price: string
  }>(
    `SELECT t.id::text AS ticket_id, s.id::text, s.plan, s.user_id::text, s.currency, s.price::text
       FROM support_tickets t
       JOIN enterprise_subscriptions s
         ON s.user_id = t.user_id AND s.starts_at <= t.created_at AND s.ends_at > t.created_at
      WHERE t.id = ANY($1::bigint[])`,
    [ticketIds],
  )
  return new Map(
    rows.map((row) => [
      row.ticket_id,
      {
        subscriptionId: row.id,
        plan: row.plan,
        hours: enterprisePlan(row.plan).hours,
        userId: row.user_id,
        currency: row.currency,
        price: Number(row.price),
      },
    ]),
  )
}

/** The targets and hours of a ticket: its plan's, or support's defaults. */
export const ticketPolicy = (plan: TicketPlan | undefined): SlaPolicy =>
  plan ? policyOf(plan.plan) : DEFAULT_POLICY

/**
 * Credits the late answers of a ticket under a plan that are not credited yet; answers how much it credited.
 *
 * Where: in the transaction of the change that ends a wait for staff (staff's answer, or any status change out of
 * new/open), called by SupportTickets with the ticket's row locked; and, with `now`, by a job for waits still
 * running past their target (creditOverdueWaits), so a customer nobody answers is credited too. Exactly once:
 * the credit row is unique per (ticket, wait) and its ledger key is enterprise-sla:<ticket>:<wait>; the term's row
 * is locked so two tickets of one term cannot both pass its cap.
 */
export async function creditLateAnswers(tx: Queryable, ticketId: string, now?: Date): Promise<number> {
  const plan = (await ticketPlans(tx, [ticketId])).get(ticketId)
  if (!plan) return 0
  const { rows: tickets } = await tx.query<{ priority: TicketSummary["priority"] }>(
    "SELECT priority FROM support_tickets WHERE id = $1",
    [ticketId],
  )
  const { rows: events } = await tx.query<{ at: Date; to_status: TicketStatus }>(
    `SELECT created_at AS at, to_status FROM support_ticket_events
      WHERE ticket_id = $1 AND to_status IS NOT NULL ORDER BY id`,
    [ticketId],
  )
  const late = lateWaits(
    tickets[0]!.priority,
    events.map((event) => ({ at: event.at, to: event.to_status })),
    policyOf(plan.plan),
    now,
  )
  if (late.length === 0) return 0
  const { rows: done } = await tx.query<{ wait_index: number }>(
    "SELECT wait_index FROM enterprise_sla_credits WHERE ticket_id = $1",
    [ticketId],
  )
  const credited = new Set(done.map((row) => row.wait_index))
  const due = late.filter((wait) => !credited.has(wait.index))
  if (due.length === 0) return 0
  await tx.query("SELECT 1 FROM enterprise_subscriptions WHERE id = $1 FOR UPDATE", [plan.subscriptionId])
  let total = 0
  for (const wait of due) {
    const { rows: sums } = await tx.query<{ credited: string }>(
      "SELECT coalesce(sum(amount), 0)::text AS credited FROM enterprise_sla_credits WHERE subscription_id = $1",
      [plan.subscriptionId],
    )
    const amount = Math.max(
      0,
      Math.min(slaCreditOf(plan.price), slaCreditCapOf(plan.price) - Number(sums[0]!.credited)),
    )
    let transferId: string | null = null
    if (amount > 0) {
      const moved = await transfer(tx, {
        key: `enterprise-sla:${ticketId}:${wait.index}`,
        debitAccountId: await ledgerAccount(tx, {
          userId: null,
          purpose: "platform_revenue",
          currency: plan.currency,
        }),
        creditAccountId: await ledgerAccount(tx, {
          userId: plan.userId,
          purpose: "customer_balance",
          currency: plan.currency,
        }),
        amount,
        currency: plan.currency,
        memo: `SLA credit: ticket ${ticketId}, late answer ${wait.index + 1}`,
      })
      transferId = moved.transfer.id
    }
    await tx.query(
      `INSERT INTO enterprise_sla_credits (ticket_id, wait_index, subscription_id, amount, ledger_transfer_id)
       VALUES ($1, $2, $3, $4, $5)`,
      [ticketId, wait.index, plan.subscriptionId, amount, transferId],
    )
    total += amount
  }
  return total
}

/** How often the job looks for enterprise tickets waiting past their target. */
export const OVERDUE_SWEEP_SECONDS = 60

/**
 * Credits the waits still running past their target on tickets of customers with a plan (the job's work): each
 * ticket in its own transaction with its row locked, as a staff answer would take it. Answers the sum credited.
 */
export async function creditOverdueWaits(db: Database, now = new Date()): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT t.id::text FROM support_tickets t
      WHERE t.status IN ('new', 'open')
        AND EXISTS (SELECT 1 FROM enterprise_subscriptions s WHERE s.user_id = t.user_id)
      ORDER BY t.id`,
  )
  let total = 0
  for (const { id } of rows)
    total += await db.transaction(async (tx) => {
      await tx.query("SELECT 1 FROM support_tickets WHERE id = $1 FOR UPDATE", [id])
      return creditLateAnswers(tx, id, now)
    })
  return total
}

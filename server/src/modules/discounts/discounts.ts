import type {
  AdminDiscountCampaign,
  CampaignInput,
  CampaignState,
  DiscountCampaign,
} from "@manyhands/contract/discounts"
import type { Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import { type Currency, ledgerAccount, transfer } from "../ledger/ledger"

/*
 * Discount campaigns (MONEY.md "Discount campaigns"): a bonus percentage on top-ups of one currency, in a date
 * window and an amount band. A payment takes the best campaign in force when it is created, and its success
 * credits the bonus from the platform's promotional credit, apart from the top-up itself.
 */

interface CampaignRow {
  id: string
  name: Record<string, string>
  percent: number
  currency: Currency
  min_amount: string
  max_amount: string | null
  starts_at: Date | string
  ends_at: Date | string
  state: CampaignState
  disabled_at: Date | string | null
  created_at: Date | string
}

const COLUMNS = `c.id::text, c.name, c.percent, c.currency, c.min_amount::text, c.max_amount::text, c.starts_at,
  c.ends_at, c.disabled_at, c.created_at,
  CASE WHEN c.disabled_at IS NOT NULL THEN 'disabled' WHEN now() < c.starts_at THEN 'upcoming'
       WHEN now() < c.ends_at THEN 'active' ELSE 'ended' END AS state`

const iso = (value: Date | string) => new Date(value).toISOString()

const toCampaign = (row: CampaignRow): DiscountCampaign => ({
  id: row.id,
  name: row.name,
  percent: row.percent,
  currency: row.currency,
  minAmount: Number(row.min_amount),
  maxAmount: row.max_amount === null ? null : Number(row.max_amount),
  startsAt: iso(row.starts_at),
  endsAt: iso(row.ends_at),
  state: row.state,
})

/** The bonus of a top-up: floor(amount × percent / 100) micro-units. */
export const bonusOf = (amount: number, percent: number) => Math.floor((amount * percent) / 100)

// ---------------------------------------------------------------------------------------------------------
// What a top-up gets

/**
 * The campaign a top-up of `amount` gets now: of those in force for its currency whose band holds the amount,
 * the one with the highest percent (campaigns are not stacked; on a tie, the one made first). Null for none.
 */
export async function bestCampaign(
  db: Queryable,
  { amount, currency }: { amount: number; currency: Currency },
): Promise<DiscountCampaign | null> {
  const { rows } = await db.query<CampaignRow>(
    `SELECT ${COLUMNS} FROM discount_campaigns c
      WHERE c.disabled_at IS NULL AND c.currency = $2 AND c.starts_at <= now() AND now() < c.ends_at
        AND c.min_amount <= $1 AND (c.max_amount IS NULL OR $1 <= c.max_amount)
      ORDER BY c.percent DESC, c.id LIMIT 1`,
    [amount, currency],
  )
  return rows[0] ? toCampaign(rows[0]) : null
}

/** The ledger key of a payment's bonus: one provider payment, one bonus. */
export const bonusKey = (shortname: string, providerPaymentId: string) =>
  `payment-bonus:${shortname}:${providerPaymentId}`

/**
 * Credits a succeeded payment's bonus, inside the transaction that credits the payment itself: from the
 * platform's promotional credit to the user's balance, under payment-bonus:<shortname>:<providerPaymentId>.
 * Answers the amount (0: nothing to credit).
 */
export async function creditBonus(
  tx: Queryable,
  payment: {
    id: string
    userId: string
    shortname: string
    providerPaymentId: string
    amount: number
    currency: Currency
    campaignId: string
    percent: number
  },
): Promise<number> {
  const amount = bonusOf(payment.amount, payment.percent)
  if (amount <= 0) return 0
  await transfer(tx, {
    key: bonusKey(payment.shortname, payment.providerPaymentId),
    debitAccountId: await ledgerAccount(tx, {
      userId: null,
      purpose: "promotional_credit",
      currency: payment.currency,
    }),
    creditAccountId: await ledgerAccount(tx, {
      userId: payment.userId,
      purpose: "customer_balance",
      currency: payment.currency,
    }),
    amount,
    currency: payment.currency,
    memo: `Bonus of ${payment.percent} % (campaign ${payment.campaignId}) on top-up ${payment.id}`,
  })
  return amount
}

// ---------------------------------------------------------------------------------------------------------
// The public list

/** Campaigns in force now and those still to start, soonest first. */
export async function openCampaigns(db: Queryable): Promise<DiscountCampaign[]> {
  const { rows } = await db.query<CampaignRow>(
    `SELECT ${COLUMNS} FROM discount_campaigns c
      WHERE c.disabled_at IS NULL AND c.ends_at > now()
      ORDER BY c.starts_at, c.percent DESC, c.id`,
  )
  return rows.map(toCampaign)
}

// ---------------------------------------------------------------------------------------------------------
// The admins' side

const refusal = (status: number, code: string, field: string | null, message: string) =>
  new HttpError(status, code, message, field ? [{ field, message }] : undefined)

/** Checks what the schema cannot: the window's order, a window not over yet, and the band's order. */
function checkInput(input: CampaignInput) {
  const startsAt = Date.parse(input.startsAt)
  const endsAt = Date.parse(input.endsAt)
  if (Number.isNaN(startsAt))
    throw refusal(400, "DISCOUNT_CAMPAIGN_DATES_INVALID", "startsAt", "Give the start as an ISO 8601 time.")
  if (Number.isNaN(endsAt))
    throw refusal(400, "DISCOUNT_CAMPAIGN_DATES_INVALID", "endsAt", "Give the end as an ISO 8601 time.")
  if (endsAt <= startsAt)
    throw refusal(400, "DISCOUNT_CAMPAIGN_DATES_INVALID", "endsAt", "The campaign must end after it starts.")
  if (endsAt <= Date.now())
    throw refusal(
      400,
      "DISCOUNT_CAMPAIGN_DATES_INVALID",
      "endsAt",
      "This end is in the past: the campaign would never apply.",
    )
  if (input.maxAmount != null && input.maxAmount < input.minAmount)
    throw refusal(
      400,
      "DISCOUNT_CAMPAIGN_BAND_INVALID",
      "maxAmount",
      "The largest amount must not be below the smallest.",
    )
  const name = Object.fromEntries(
    Object.entries(input.name).map(([language, text]) => [language, text.trim()]),
  )
  return {
    name: JSON.stringify(name),
    startsAt: new Date(startsAt).toISOString(),
    endsAt: new Date(endsAt).toISOString(),
    maxAmount: input.maxAmount ?? null,
  }
}

const notFound = () =>
  new HttpError(404, "DISCOUNT_CAMPAIGN_NOT_FOUND", "There is no discount campaign with this id.")

/** Every campaign (or the one of `id`), newest start first, with what each has paid. */
export async function listCampaigns(
  db: Queryable,
  id: string | null = null,
): Promise<AdminDiscountCampaign[]> {
  const { rows } = await db.query<CampaignRow & { bonuses_paid: number; bonus_total: string }>(
    `SELECT ${COLUMNS}, coalesce(p.paid, 0)::int AS bonuses_paid, coalesce(p.total, 0)::text AS bonus_total
       FROM discount_campaigns c
       LEFT JOIN (SELECT discount_campaign_id, count(*) AS paid, sum(amount * bonus_percent / 100) AS total
                    FROM payments WHERE status = 'succeeded' AND discount_campaign_id IS NOT NULL
                   GROUP BY discount_campaign_id) p ON p.discount_campaign_id = c.id
      WHERE $1::bigint IS NULL OR c.id = $1::bigint
      ORDER BY c.starts_at DESC, c.id DESC`,
    [id],
  )
  return rows.map((row) => ({
    ...toCampaign(row),
    disabledAt: row.disabled_at === null ? null : iso(row.disabled_at),
    createdAt: iso(row.created_at),
    bonusesPaid: row.bonuses_paid,
    bonusTotal: Number(row.bonus_total),
  }))
}

async function findCampaign(db: Queryable, id: string): Promise<AdminDiscountCampaign | null> {
  return (await listCampaigns(db, id))[0] ?? null
}

export async function createCampaign(
  db: Queryable,
  input: CampaignInput,
  adminId: string,
): Promise<AdminDiscountCampaign> {
  const checked = checkInput(input)
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO discount_campaigns
       (name, percent, currency, min_amount, max_amount, starts_at, ends_at, created_by)
     VALUES ($1::jsonb, $2, $3, $4, $5, $6, $7, $8) RETURNING id::text`,
    [
      checked.name,
      input.percent,
      input.currency,
      input.minAmount,
      checked.maxAmount,
      checked.startsAt,
      checked.endsAt,
      adminId,
    ],
  )
  return (await findCampaign(db, rows[0]!.id))!
}

/**
 * Changes a campaign that is not disabled. Payments already made keep the percent they were promised; only
 * payments made from now on see the change.
 */
export async function updateCampaign(
  db: Queryable,
  id: string,
  input: CampaignInput,
): Promise<AdminDiscountCampaign> {
  const checked = checkInput(input)
  const { rows } = await db.query<{ disabled: boolean }>(
    "SELECT disabled_at IS NOT NULL AS disabled FROM discount_campaigns WHERE id = $1",
    [id],
  )
  if (!rows[0]) throw notFound()
  if (rows[0].disabled)
    throw refusal(
      409,
      "DISCOUNT_CAMPAIGN_DISABLED",
      null,
      "A disabled campaign cannot be changed; make a new one.",
    )
  await db.query(
    `UPDATE discount_campaigns
        SET name = $2::jsonb, percent = $3, currency = $4, min_amount = $5, max_amount = $6, starts_at = $7,
            ends_at = $8, updated_at = now()
      WHERE id = $1`,
    [
      id,
      checked.name,
      input.percent,
      input.currency,
      input.minAmount,
      checked.maxAmount,
      checked.startsAt,
      checked.endsAt,
    ],
  )
  return (await findCampaign(db, id))!
}

/** Stops a campaign for new payments, for good; disabling it again changes nothing. */
export async function disableCampaign(db: Queryable, id: string): Promise<AdminDiscountCampaign> {
  await db.query(
    "UPDATE discount_campaigns SET disabled_at = now(), updated_at = now() WHERE id = $1 AND disabled_at IS NULL",
    [id],
  )
  const campaign = await findCampaign(db, id)
  if (!campaign) throw notFound()
  return campaign
}

import type {
  Amounts,
  PartnerShares,
  PartnerSources,
  PartnerSummary,
  Referral,
  ReferralPage,
  ReferralSort,
} from "@manyhands/contract/affiliate"
import type { Queryable } from "../../db/database"
import { isoTime } from "../../lib/dates"
import type { Currency } from "../ledger/ledger"

/*
 * What the partner screens read (AFFILIATE.md "API"): one referrer's clicks, sign-ups, referred users' activity
 * and earnings in a window of whole UTC days. Every query is scoped to the referrer's own id.
 */

export interface Window {
  /** YYYY-MM-DD, both days included (UTC). */
  from: string
  to: string
}

const zero = (): Amounts => ({ USD: 0, RUB: 0 })
const bounds = ({ from, to }: Window) => [
  `${from}T00:00:00Z`,
  new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString(),
]

/** Every day of the window, oldest first. */
function daysOf({ from, to }: Window): string[] {
  const days: string[] = []
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += 86_400_000)
    days.push(new Date(time).toISOString().slice(0, 10))
  return days
}

/** "john@example.com" → "jo***@example.com": enough to recognise a person one invited, not to write to them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@")
  const local = email.slice(0, at)
  return `${local.slice(0, local.length > 2 ? 2 : 1)}***${email.slice(at)}`
}

/** The address partners share: the international site with ?from=<their id> (AFFILIATE.md "Attribution"). */
export const referralLink = (origin: string, userId: string, path = "/") =>
  `${origin}${path}?from=${encodeURIComponent(userId)}`

/**
 * Per referred user and currency: net captcha spend (charges less refunds) and earnings (pay for answers) in
 * the window, and the time of their last money movement of any kind. Each branch walks one account's
 * transfers through the (account, created_at) indexes of the ledger. $1 referrer, $2 and $3 the window.
 */
const ACTIVITY = `
  flows AS (
    SELECT a.user_id, a.currency,
           CASE WHEN a.purpose = 'customer_balance' THEN
             coalesce((SELECT sum(t.amount) FROM ledger_transfers t
                        WHERE t.debit_account_id = a.id AND t.kind = 'post_pending'
                          AND t.created_at >= $2::timestamptz AND t.created_at < $3::timestamptz), 0)
             - coalesce((SELECT sum(t.amount) FROM ledger_transfers t
                          WHERE t.credit_account_id = a.id AND t.debit_account_id = r.id AND t.kind = 'posted'
                            AND t.created_at >= $2::timestamptz AND t.created_at < $3::timestamptz), 0)
           ELSE 0 END AS spend,
           CASE WHEN a.purpose = 'worker_earnings' THEN
             coalesce((SELECT sum(t.amount) FROM ledger_transfers t
                        WHERE t.credit_account_id = a.id AND t.debit_account_id = r.id AND t.kind = 'posted'
                          AND t.created_at >= $2::timestamptz AND t.created_at < $3::timestamptz), 0)
           ELSE 0 END AS earnings,
           greatest((SELECT max(t.created_at) FROM ledger_transfers t WHERE t.debit_account_id = a.id),
                    (SELECT max(t.created_at) FROM ledger_transfers t WHERE t.credit_account_id = a.id))
             AS last_money_at
      FROM users u
      JOIN ledger_accounts a ON a.user_id = u.id AND a.purpose IN ('customer_balance', 'worker_earnings')
      LEFT JOIN ledger_accounts r ON r.user_id IS NULL AND r.purpose = 'platform_revenue' AND r.currency = a.currency
     WHERE u.referrer_id = $1
  ),
  activity AS (
    SELECT user_id,
           sum(spend) FILTER (WHERE currency = 'USD') AS spend_usd,
           sum(spend) FILTER (WHERE currency = 'RUB') AS spend_rub,
           sum(earnings) FILTER (WHERE currency = 'USD') AS earnings_usd,
           sum(earnings) FILTER (WHERE currency = 'RUB') AS earnings_rub,
           max(last_money_at) AS last_money_at
      FROM flows GROUP BY user_id
  )`

export async function partnerSummary(
  db: Queryable,
  { userId, link, shares, window }: { userId: string; link: string; shares: PartnerShares; window: Window },
): Promise<PartnerSummary> {
  const [start, end] = bounds(window)
  const days = new Map(
    daysOf(window).map((date) => [
      date,
      { date, clicks: 0, uniqueClicks: 0, signUps: 0, customers: zero(), workers: zero() },
    ]),
  )
  const clicks = await db.query<{ date: string; clicks: number; uniques: number }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, count(*)::int AS clicks,
            count(*) FILTER (WHERE data ->> 'unique' = 'true')::int AS uniques
       FROM visitor_events
      WHERE type = 'referral' AND data ->> 'from' = $1
        AND created_at >= $2::timestamptz AND created_at < $3::timestamptz
      GROUP BY 1`,
    [userId, start, end],
  )
  for (const row of clicks.rows)
    Object.assign(days.get(row.date)!, { clicks: row.clicks, uniqueClicks: row.uniques })
  const signUps = await db.query<{ date: string; n: number }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, count(*)::int AS n
       FROM users WHERE referrer_id = $1 AND created_at >= $2::timestamptz AND created_at < $3::timestamptz
      GROUP BY 1`,
    [userId, start, end],
  )
  for (const row of signUps.rows) days.get(row.date)!.signUps = row.n
  const earned = await db.query<{
    date: string
    source: "customer" | "worker"
    currency: Currency
    amount: string
  }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, source, currency, sum(amount)::text AS amount
       FROM referral_earnings
      WHERE referrer_id = $1 AND created_at >= $2::timestamptz AND created_at < $3::timestamptz
      GROUP BY 1, 2, 3`,
    [userId, start, end],
  )
  const earnings = { customers: zero(), workers: zero(), total: zero() }
  for (const row of earned.rows) {
    const side = row.source === "customer" ? "customers" : "workers"
    days.get(row.date)![side][row.currency] += Number(row.amount)
    earnings[side][row.currency] += Number(row.amount)
    earnings.total[row.currency] += Number(row.amount)
  }
  const allTime = await db.query<{ currency: Currency; amount: string }>(
    "SELECT currency, sum(amount)::text AS amount FROM referral_earnings WHERE referrer_id = $1 GROUP BY 1",
    [userId],
  )
  const earnedAllTime = zero()
  for (const row of allTime.rows) earnedAllTime[row.currency] = Number(row.amount)
  // Read only: an account that does not exist yet holds nothing.
  const accounts = await db.query<{ currency: Currency; posted: string; available: string }>(
    `SELECT currency, (credits_posted - debits_posted)::text AS posted,
            (credits_posted - debits_posted - debits_pending)::text AS available
       FROM ledger_accounts WHERE user_id = $1 AND purpose = 'partner_balance'`,
    [userId],
  )
  const balance = { posted: zero(), available: zero() }
  for (const row of accounts.rows) {
    balance.posted[row.currency] = Number(row.posted)
    balance.available[row.currency] = Number(row.available)
  }
  const referred = await db.query<{ total: number; active: number }>(
    `WITH ${ACTIVITY}
     SELECT (SELECT count(*)::int FROM users WHERE referrer_id = $1) AS total,
            (SELECT count(*)::int FROM activity
              WHERE spend_usd <> 0 OR spend_rub <> 0 OR earnings_usd <> 0 OR earnings_rub <> 0) AS active`,
    [userId, start, end],
  )
  const totals = [...days.values()].reduce(
    (sum, day) => ({
      clicks: sum.clicks + day.clicks,
      unique: sum.unique + day.uniqueClicks,
      signUps: sum.signUps + day.signUps,
    }),
    { clicks: 0, unique: 0, signUps: 0 },
  )
  return {
    userId,
    link,
    from: window.from,
    to: window.to,
    shares,
    clicks: totals.clicks,
    uniqueClicks: totals.unique,
    signUps: totals.signUps,
    activeReferrals: referred.rows[0]!.active,
    referralsTotal: referred.rows[0]!.total,
    earnings,
    earnedAllTime,
    balance,
    days: [...days.values()],
  }
}

/** Whitelisted ORDER BY clauses; ties go to the newer account. */
const ORDER: Record<ReferralSort, string> = {
  newest: "u.created_at DESC, u.id DESC",
  oldest: "u.created_at ASC, u.id ASC",
  activity: "last_activity_at DESC NULLS LAST, u.id DESC",
  // The sums themselves: the output columns of the same names are text.
  commission: "coalesce(c.commission_usd, 0) DESC, coalesce(c.commission_rub, 0) DESC, u.id DESC",
}

export async function listReferrals(
  db: Queryable,
  userId: string,
  { window, page, pageSize, sort }: { window: Window; page: number; pageSize: number; sort: ReferralSort },
): Promise<ReferralPage> {
  const [start, end] = bounds(window)
  const { rows } = await db.query<{
    id: string
    email: string
    user_type: Referral["type"]
    created_at: Date | string
    confirmed: boolean
    last_activity_at: Date | string | null
    spend_usd: string
    spend_rub: string
    earnings_usd: string
    earnings_rub: string
    commission_usd: string
    commission_rub: string
    total_usd: string
    total_rub: string
  }>(
    `WITH ${ACTIVITY},
     commission AS (
       SELECT referred_id,
              sum(amount) FILTER (WHERE currency = 'USD' AND created_at >= $2::timestamptz
                                    AND created_at < $3::timestamptz) AS commission_usd,
              sum(amount) FILTER (WHERE currency = 'RUB' AND created_at >= $2::timestamptz
                                    AND created_at < $3::timestamptz) AS commission_rub,
              sum(amount) FILTER (WHERE currency = 'USD') AS total_usd,
              sum(amount) FILTER (WHERE currency = 'RUB') AS total_rub
         FROM referral_earnings WHERE referrer_id = $1 GROUP BY referred_id
     )
     SELECT u.id::text, u.email, u.user_type, u.created_at, u.email_confirmed_at IS NOT NULL AS confirmed,
            greatest(u.last_login_at, a.last_money_at) AS last_activity_at,
            coalesce(a.spend_usd, 0)::text AS spend_usd, coalesce(a.spend_rub, 0)::text AS spend_rub,
            coalesce(a.earnings_usd, 0)::text AS earnings_usd, coalesce(a.earnings_rub, 0)::text AS earnings_rub,
            coalesce(c.commission_usd, 0)::text AS commission_usd,
            coalesce(c.commission_rub, 0)::text AS commission_rub,
            coalesce(c.total_usd, 0)::text AS total_usd, coalesce(c.total_rub, 0)::text AS total_rub
       FROM users u
       LEFT JOIN activity a ON a.user_id = u.id
       LEFT JOIN commission c ON c.referred_id = u.id
      WHERE u.referrer_id = $1
      ORDER BY ${ORDER[sort]}
      LIMIT $4 OFFSET $5`,
    [userId, start, end, pageSize, (page - 1) * pageSize],
  )
  const total = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE referrer_id = $1", [
    userId,
  ])
  const amounts = (usd: string, rub: string): Amounts => ({ USD: Number(usd), RUB: Number(rub) })
  return {
    items: rows.map((row) => ({
      id: row.id,
      email: maskEmail(row.email),
      type: row.user_type,
      registeredAt: isoTime(row.created_at)!,
      confirmed: row.confirmed,
      lastActivityAt: isoTime(row.last_activity_at),
      spend: amounts(row.spend_usd, row.spend_rub),
      earnings: amounts(row.earnings_usd, row.earnings_rub),
      commission: amounts(row.commission_usd, row.commission_rub),
      commissionTotal: amounts(row.total_usd, row.total_rub),
    })),
    total: total.rows[0]!.n,
    page,
    pageSize,
    from: window.from,
    to: window.to,
    sort,
  }
}

interface Attribution {
  referer?: string
  utm?: Record<string, string>
  firstPage?: string
  lastPage?: string
}

function hostOf(address: string | undefined): string {
  try {
    return address ? new URL(address).hostname : ""
  } catch {
    return ""
  }
}

/**
 * The source of a sign-up, told the way the app tells a click's (app/src/visitor-memory.ts): the `source`
 * parameter of the page that carried this referrer's ?from=, else the referring site, else "direct". The pages
 * are the first and last ones the visitor saw before registering (attribution.firstPage, lastPage).
 */
export function signUpSource(attribution: Attribution, referrerId: string): string {
  for (const page of [attribution.firstPage, attribution.lastPage]) {
    if (!page) continue
    let query: URLSearchParams
    try {
      query = new URL(page, "http://page.invalid").searchParams
    } catch {
      continue
    }
    if (query.get("from") === referrerId)
      return query.get("source") || hostOf(attribution.referer) || "direct"
  }
  return hostOf(attribution.referer) || "direct"
}

export async function partnerSources(db: Queryable, userId: string, window: Window): Promise<PartnerSources> {
  const [start, end] = bounds(window)
  const sources = new Map<string, PartnerSources["bySource"][number]>()
  const source = (name: string) => {
    let row = sources.get(name)
    if (!row) sources.set(name, (row = { source: name, clicks: 0, uniqueClicks: 0, signUps: 0 }))
    return row
  }
  const clicks = await db.query<{ source: string; clicks: number; uniques: number }>(
    `SELECT coalesce(nullif(data ->> 'source', ''), 'direct') AS source, count(*)::int AS clicks,
            count(*) FILTER (WHERE data ->> 'unique' = 'true')::int AS uniques
       FROM visitor_events
      WHERE type = 'referral' AND data ->> 'from' = $1
        AND created_at >= $2::timestamptz AND created_at < $3::timestamptz
      GROUP BY 1`,
    [userId, start, end],
  )
  for (const row of clicks.rows)
    Object.assign(source(row.source), { clicks: row.clicks, uniqueClicks: row.uniques })
  const signUps = await db.query<{ attribution: Attribution }>(
    `SELECT attribution FROM users
      WHERE referrer_id = $1 AND created_at >= $2::timestamptz AND created_at < $3::timestamptz`,
    [userId, start, end],
  )
  const utm = new Map<string, PartnerSources["byUtm"][number]>()
  for (const { attribution } of signUps.rows) {
    source(signUpSource(attribution, userId)).signUps++
    const fields = {
      utmSource: attribution.utm?.utm_source ?? "",
      utmMedium: attribution.utm?.utm_medium ?? "",
      utmCampaign: attribution.utm?.utm_campaign ?? "",
    }
    const key = JSON.stringify(fields)
    const row = utm.get(key) ?? { ...fields, signUps: 0 }
    row.signUps++
    utm.set(key, row)
  }
  return {
    from: window.from,
    to: window.to,
    bySource: [...sources.values()].sort(
      (a, b) => b.clicks - a.clicks || b.signUps - a.signUps || a.source.localeCompare(b.source),
    ),
    byUtm: [...utm.values()].sort(
      (a, b) =>
        b.signUps - a.signUps ||
        a.utmSource.localeCompare(b.utmSource) ||
        a.utmMedium.localeCompare(b.utmMedium) ||
        a.utmCampaign.localeCompare(b.utmCampaign),
    ),
  }
}

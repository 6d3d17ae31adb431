/**
 * The answers of the discount campaigns API (server/MONEY.md "Discount campaigns") as the screens of
 * /p/discount-campaigns, /admin/discount-campaigns and the top-up form receive them. Each route's data hooks
 * (app/src/data-hooks.ts) preload the first answer under these addresses.
 *
 * Money is in ledger micro-units (millionths of the currency): 50_000_000 USD is $50.00.
 */
import type { Currency } from "../customer/customer-data"

export type { Currency }

export const DISCOUNT_URLS = {
  /** GET → CampaignList: the campaigns in force and those still to start, soonest first (no sign-in). */
  campaigns: "/api/v2/discount-campaigns",
  /** GET ?amount=&currency= → ApplicableDiscount: what a top-up of that amount would get now. */
  applicable: "/api/v2/discount-campaigns/applicable",
  /** Admins. GET → AdminCampaignList (every campaign, newest start first); POST CampaignInput → 201. */
  admin: "/api/v2/admin/discount-campaigns",
  /** Admins. PUT CampaignInput → AdminDiscountCampaign (payments already made keep their percent). */
  adminCampaign: (id: string) => `/api/v2/admin/discount-campaigns/${id}`,
  /** Admins. POST → AdminDiscountCampaign: the campaign applies to no new payment, for good. */
  adminDisable: (id: string) => `/api/v2/admin/discount-campaigns/${id}/disable`,
} as const

/** upcoming and active are public; the admins also see ended and disabled campaigns. */
export type CampaignState = "upcoming" | "active" | "ended" | "disabled"

export interface DiscountCampaign {
  id: string
  /** The name per site language ("en" always there); show the page's language, else English. */
  name: Record<string, string>
  /** The bonus, 1–100 % of the amount paid. */
  percent: number
  currency: Currency
  /** The band of top-up amounts it applies to, both ends included; maxAmount null: no upper end. */
  minAmount: number
  maxAmount: number | null
  /** In force from startsAt (included) until endsAt (excluded), ISO 8601. */
  startsAt: string
  endsAt: string
  state: CampaignState
}

/** GET /api/v2/discount-campaigns */
export interface CampaignList {
  items: DiscountCampaign[]
}

/** GET /api/v2/discount-campaigns/applicable */
export interface ApplicableDiscount {
  campaign: DiscountCampaign | null
  /** Micro-units: floor(amount × percent / 100); 0 without a campaign. */
  bonus: number
}

export interface AdminDiscountCampaign extends DiscountCampaign {
  disabledAt: string | null
  createdAt: string
  /** Succeeded payments that got this campaign's bonus, and the bonuses' sum (micro-units). */
  bonusesPaid: number
  bonusTotal: number
}

/** GET /api/v2/admin/discount-campaigns */
export interface AdminCampaignList {
  items: AdminDiscountCampaign[]
}

/** POST and PUT /api/v2/admin/discount-campaigns */
export interface CampaignInput {
  /** English required; other site languages optional, each 1–100 characters. */
  name: Record<string, string>
  percent: number
  currency: Currency
  minAmount: number
  maxAmount?: number | null
  /** ISO 8601 with a time zone; the end after the start and still to come. */
  startsAt: string
  endsAt: string
}

/** The bonus of a top-up as the server computes it: floor(amount × percent / 100) micro-units. */
export const bonusOf = (amount: number, percent: number) => Math.floor((amount * percent) / 100)

/**
 * The campaign a top-up would get, by the server's rule: of the active campaigns of its currency whose band
 * holds the amount, the highest percent (never several added up; on a tie, the one made first).
 */
export function bestCampaign(
  campaigns: readonly DiscountCampaign[],
  amount: number,
  currency: Currency,
): DiscountCampaign | null {
  let best: DiscountCampaign | null = null
  for (const campaign of campaigns) {
    if (campaign.state !== "active" || campaign.currency !== currency) continue
    if (amount < campaign.minAmount || (campaign.maxAmount !== null && amount > campaign.maxAmount)) continue
    if (
      !best ||
      campaign.percent > best.percent ||
      (campaign.percent === best.percent && Number(campaign.id) < Number(best.id))
    )
      best = campaign
  }
  return best
}

/** A campaign's name in the page's language, else in English. */
export const campaignName = (campaign: Pick<DiscountCampaign, "name">, language: string) =>
  campaign.name[language] ?? campaign.name.en ?? ""

const DAY_MS = 86_400_000

/** A campaign of whole UTC days, first and last included, as the admin page makes them: its start and end. */
export function daysToWindow(first: string, last: string): { startsAt: string; endsAt: string } {
  return {
    startsAt: new Date(`${first}T00:00:00Z`).toISOString(),
    endsAt: new Date(Date.parse(`${last}T00:00:00Z`) + DAY_MS).toISOString(),
  }
}

/** The first and last UTC day of a window that starts and ends at midnight UTC; null for any other window. */
export function windowDays({ startsAt, endsAt }: { startsAt: string; endsAt: string }) {
  const start = Date.parse(startsAt)
  const end = Date.parse(endsAt)
  if (start % DAY_MS !== 0 || end % DAY_MS !== 0) return null
  return { first: new Date(start).toISOString(), last: new Date(end - DAY_MS).toISOString() }
}

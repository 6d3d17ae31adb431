/**
 * What the screens of discount campaigns compute on the client (the top-up form, /p/discount-campaigns and
 * /admin/discount-campaigns): the bonus, the best campaign, names and days. @manyhands/contract/discounts has the
 * answers and addresses of the API (server/MONEY.md "Discount campaigns").
 *
 * Money is in ledger micro-units (millionths of the currency): 50_000_000 USD is $50.00.
 */
import type { DiscountCampaign } from "@manyhands/contract/discounts"
import type { Currency } from "@manyhands/contract/money"

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

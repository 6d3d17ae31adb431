import { useTranslation } from "react-i18next"
import { Badge, useFormatter, type BadgeTone } from "@manyhands/design-system"
import { useMicroMoney } from "../../blocks"
import { useShellServices } from "../../shell-context"
import type { CampaignState, DiscountCampaign } from "@manyhands/contract/discounts"
import { campaignName, windowDays } from "../discounts-data"

const STATE_TONES: Record<CampaignState, BadgeTone> = {
  active: "success",
  upcoming: "info",
  ended: "neutral",
  disabled: "neutral",
}

/** A campaign's state as a badge; the text carries the meaning, the colour only repeats it. */
export function CampaignStateBadge({ state }: { state: CampaignState }) {
  const { t } = useTranslation("discounts")
  return (
    <Badge tone={STATE_TONES[state]} dot>
      {t(`states.${state}`)}
    </Badge>
  )
}

export interface CampaignTexts {
  /** In the page's language, else English. */
  name: (campaign: Pick<DiscountCampaign, "name">) => string
  /** "10%", as the page's language writes it. */
  percent: (campaign: Pick<DiscountCampaign, "percent">) => string
  /** "Top-ups from $50.00 to $500.00". */
  band: (campaign: Pick<DiscountCampaign, "currency" | "minAmount" | "maxAmount">) => string
  /**
   * "Until the end of 30 Nov 2026 (UTC)" for a running campaign (unless `full`), "1 Sep 2026 to 30 Nov 2026 (UTC)"
   * otherwise; with times where the window does not fall on midnights.
   */
  period: (campaign: Pick<DiscountCampaign, "startsAt" | "endsAt" | "state">, full?: boolean) => string
  /** The first and last day ("Sep 1, 2026", UTC), or the start and end times where they are not midnights. */
  dates: (campaign: Pick<DiscountCampaign, "startsAt" | "endsAt">) => { start: string; end: string }
}

/** How a campaign's terms read on every page (labels in `discounts`; dates in UTC, as the site shows them). */
export function useCampaignTexts(): CampaignTexts {
  const { t } = useTranslation("discounts")
  const { language } = useShellServices()
  const format = useFormatter()
  const money = useMicroMoney()
  return {
    name: (campaign) => campaignName(campaign, language),
    percent: (campaign) => format.percent(campaign.percent / 100, 0),
    band: ({ currency, minAmount, maxAmount }) => {
      const min = money(minAmount, currency)
      if (maxAmount === null) return minAmount > 0 ? t("band.from", { min }) : t("band.any", { currency })
      const max = money(maxAmount, currency)
      if (maxAmount === minAmount) return t("band.exactly", { min })
      return minAmount > 0 ? t("band.range", { min, max }) : t("band.upTo", { max })
    },
    dates: ({ startsAt, endsAt }) => {
      const days = windowDays({ startsAt, endsAt })
      return days
        ? { start: format.date(days.first), end: format.date(days.last) }
        : { start: format.dateTime(startsAt), end: format.dateTime(endsAt) }
    },
    period: ({ startsAt, endsAt, state }, full = false) => {
      const until = state === "active" && !full
      const days = windowDays({ startsAt, endsAt })
      if (days)
        return until
          ? t("period.untilDay", { end: format.date(days.last) })
          : t("period.days", { start: format.date(days.first), end: format.date(days.last) })
      return until
        ? t("period.until", { end: format.dateTime(endsAt) })
        : t("period.range", { start: format.dateTime(startsAt), end: format.dateTime(endsAt) })
    },
  }
}

import { useTranslation } from "react-i18next"
import {
  currencyDigits,
  KeyValueItem,
  KeyValueList,
  SkeletonGroup,
  SkeletonText,
  Stat,
  StatGroup,
  useFormatter,
} from "@manyhands/design-system"
import type { CustomerPrices, PublicStatistics } from "@manyhands/contract/statistics"
import { Panel, SectionHeading, TextLink } from "../../blocks"
import { Section } from "../../layout/section"
import { busiestTypes, perThousandUnits } from "../../statistics/stat-model"

/** How many prices the home page lists (the busiest types). */
const PRICES_SHOWN = 6

/**
 * The home page's live band: solved in 24 hours, median speed, workers online and load from the public
 * statistics, and the prices of the busiest types, with the ways to /pricing and /public_statistics. Both answers
 * are preloaded into the first HTML, so nothing waits on first paint; placeholders only stand in on a client
 * navigation that has not got them yet.
 */
export function LiveFigures({
  statistics,
  prices,
}: {
  statistics: PublicStatistics | undefined
  prices: CustomerPrices | undefined
}) {
  const { t } = useTranslation(["home", "common"])
  const format = useFormatter()
  const totals = statistics?.totals
  const loading = !totals
  const none = t("live.none")
  const ms = (value: number | null | undefined) =>
    value === null || value === undefined ? none : format.duration(value / 1000)
  const ratio = (value: number | null | undefined) =>
    value === null || value === undefined ? none : format.percent(value, 0)
  const quiet = totals !== undefined && totals.created === 0 && totals.solved === 0
  const shown = prices ? busiestTypes(prices.prices, PRICES_SHOWN) : undefined
  const price = (perTask: number, currency: string) =>
    format.number(perThousandUnits(perTask), {
      style: "currency",
      currency,
      minimumFractionDigits: currencyDigits(currency),
      maximumFractionDigits: Math.max(3, currencyDigits(currency)),
    })

  return (
    <Section labelledBy="live-title">
      <SectionHeading id="live-title" title={t("live.title")} lead={t("live.lead")} className="mb-8" />
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-4">
          <StatGroup columns={2}>
            <Stat
              label={t("live.solved")}
              value={totals ? format.number(totals.solved) : ""}
              period={t("live.solvedPeriod")}
              loading={loading}
            />
            <Stat
              label={t("live.speed")}
              value={ms(totals?.p50Ms)}
              period={t("live.speedPeriod")}
              loading={loading}
            />
            <Stat
              label={t("live.online")}
              value={totals ? format.number(totals.workersOnline) : ""}
              period={t("live.onlinePeriod")}
              loading={loading}
            />
            <Stat
              label={t("live.load")}
              value={ratio(totals?.load)}
              period={t("live.loadPeriod")}
              loading={loading}
            />
          </StatGroup>
          {quiet ? <p className="text-sm text-muted-foreground">{t("live.quiet")}</p> : null}
          <p>
            <TextLink to="/public_statistics">{t("live.statistics")}</TextLink>
          </p>
        </div>
        <Panel title={t("live.prices.title")} titleId="live-prices-title">
          <p className="text-sm text-muted-foreground">
            {prices ? t("live.prices.lead", { currency: prices.currency }) : t("live.prices.loading")}
          </p>
          {shown ? (
            shown.length > 0 ? (
              <KeyValueList divided aria-labelledby="live-prices-title">
                {shown.map((entry) => (
                  <KeyValueItem
                    key={entry.type}
                    label={t(`common:captchaTypes.${entry.type}`, { defaultValue: entry.type })}
                    numeric
                  >
                    {price(entry.perTask, prices?.currency ?? "USD")}
                  </KeyValueItem>
                ))}
              </KeyValueList>
            ) : (
              <p className="text-sm text-muted-foreground">{t("live.prices.empty")}</p>
            )
          ) : (
            <SkeletonGroup>
              <SkeletonText lines={6} />
            </SkeletonGroup>
          )}
          <p className="mt-auto text-sm">
            <TextLink to="/pricing">{t("live.prices.all")}</TextLink>
          </p>
        </Panel>
      </div>
    </Section>
  )
}

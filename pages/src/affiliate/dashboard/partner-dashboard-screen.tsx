import { useId } from "react"
import { useTranslation } from "react-i18next"
import {
  BarChart,
  Card,
  CardBody,
  CalendarIcon,
  EmptyState,
  ErrorState,
  LineChart,
  Skeleton,
  SkeletonGroup,
  SkeletonText,
  Stat,
  StatGroup,
  WalletIcon,
  currencyDigits,
  useFormatter,
  type ChartSeries,
} from "@manyhands/design-system"
import { InlineCode, LinkButton, NumberedSteps, TextLink, titledItems } from "../../blocks"
import { DashboardCard } from "../../customer/dashboard/dashboard-card"
import { todayIn } from "../../customer/statistics/shared/days"
import { useApi, withQueryString } from "../../api"
import { PARTNER_PAGES } from "../../payouts/payouts-layout"
import {
  CURRENCIES,
  partnerApi,
  type Amounts,
  type Currency,
  type PartnerSummary,
} from "@manyhands/contract/affiliate"
import { AFFILIATE_HREFS, AffiliateLayout } from "../affiliate-layout"
import { AmountsText, CopyField, isZero, useSharesText } from "../shared/partner-parts"
import { usePartnerWindow, WindowCard } from "../shared/partner-window"

export interface PartnerDashboardProps {
  /** GET /api/v2/partner/summary for the default window (the last 30 days), preloaded by the route. */
  partnerSummary?: PartnerSummary
  /** Today (UTC) as YYYY-MM-DD: the last day of the default window. The server's (or the clock's) unless a story fixes it. */
  today?: string
}

/**
 * /partner: the partner's referral link and shares, then over a window of days (in the address, the last 30 by
 * default) the clicks, sign-ups, active referrals and earnings by source with a chart per day, the partner
 * balance with the way to a payout, and the ways into the materials area.
 */
export default function PartnerDashboardScreen({ partnerSummary, today }: PartnerDashboardProps) {
  const { t } = useTranslation("partner")
  const format = useFormatter()
  const range = usePartnerWindow(today ?? partnerSummary?.to ?? todayIn("UTC"))
  const summary = useApi(withQueryString(partnerApi.summary.url(), range.query), {
    initial: range.query === "" ? partnerSummary : undefined,
  })
  const data = summary.data
  // The link and shares do not depend on the window: the last answer keeps them while another window loads.
  const known = summary.last

  return (
    <AffiliateLayout page="overview" title={t("dashboard.title")} lead={t("dashboard.lead")}>
      <LinkCard summary={known} />
      <WindowCard {...range.picker} />
      <p role="status" className="text-sm text-muted-foreground">
        {summary.loading
          ? t("window.loading")
          : t("window.shown", {
              from: format.date(range.shown.from, "long"),
              to: format.date(range.shown.to, "long"),
            })}
      </p>
      {summary.failure ? (
        <ErrorState
          size="section"
          titleAs="h2"
          title={t("dashboard.error")}
          description={summary.failure}
          onRetry={summary.retry}
          retryLabel={t("retry")}
        />
      ) : data ? (
        <Figures data={data} search={range.search} />
      ) : (
        <FiguresSkeleton />
      )}
      <Balance summary={known} />
      <MaterialsLinks search={range.search} />
    </AffiliateLayout>
  )
}

/** The referral link to copy, what it earns, and how to tell channels apart. */
function LinkCard({ summary }: { summary: PartnerSummary | undefined }) {
  const { t } = useTranslation("partner")
  const sharesText = useSharesText()
  return (
    <DashboardCard
      id="partner-link"
      title={t("dashboard.link.title")}
      description={summary ? sharesText(summary.shares) : t("dashboard.link.loading")}
    >
      {summary ? (
        <>
          <CopyField label={t("dashboard.link.label")} value={summary.link} />
          <p className="text-sm text-muted-foreground">
            {t("dashboard.link.sourceHint")} <InlineCode>{`${summary.link}&source=youtube`}</InlineCode>
          </p>
        </>
      ) : (
        <SkeletonGroup>
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-10 w-full" />
          <SkeletonText lines={1} />
        </SkeletonGroup>
      )}
    </DashboardCard>
  )
}

const TRAFFIC = ["clicks", "uniqueClicks", "signUps", "activeReferrals"] as const

function Figures({ data, search }: { data: PartnerSummary; search: string }) {
  const { t } = useTranslation("partner")
  const format = useFormatter()
  const trafficId = useId()
  const earningsId = useId()
  const periods: Record<(typeof TRAFFIC)[number], string> = {
    clicks: t("dashboard.stats.clicksPeriod", {
      perDay: format.number(data.clicks / Math.max(1, data.days.length), { maximumFractionDigits: 1 }),
    }),
    uniqueClicks: t("dashboard.stats.uniqueClicksPeriod"),
    signUps: t("dashboard.stats.signUpsPeriod", { total: format.number(data.referralsTotal) }),
    activeReferrals: t("dashboard.stats.activeReferralsPeriod"),
  }
  const quiet =
    data.days.every((day) => day.clicks === 0 && day.signUps === 0) &&
    isZero(data.earnings.customers) &&
    isZero(data.earnings.workers)
  const newPartner = quiet && data.referralsTotal === 0 && isZero(data.earnedAllTime)

  return (
    <>
      <section aria-labelledby={trafficId} className="flex flex-col gap-4">
        <h2 id={trafficId} className="text-lg font-semibold text-foreground">
          {t("dashboard.stats.title")}
        </h2>
        {/* Counts are short: two a row on phones too. */}
        <StatGroup className="grid-cols-2">
          {TRAFFIC.map((key) => (
            <Stat
              key={key}
              label={t(`dashboard.stats.${key}`)}
              value={format.number(data[key])}
              period={periods[key]}
            />
          ))}
        </StatGroup>
      </section>
      <section aria-labelledby={earningsId} className="flex flex-col gap-4">
        <h2 id={earningsId} className="text-lg font-semibold text-foreground">
          {t("dashboard.earnings.title")}
        </h2>
        {/* Exact amounts are long: two a row. */}
        <StatGroup columns={2}>
          <Stat
            label={t("dashboard.earnings.customers")}
            value={<AmountsText value={data.earnings.customers} />}
            period={t("dashboard.earnings.customersPeriod", {
              percent: format.percent(data.shares.customerPercent / 100, 0),
            })}
          />
          <Stat
            label={t("dashboard.earnings.workers")}
            value={<AmountsText value={data.earnings.workers} />}
            period={t("dashboard.earnings.workersPeriod", {
              percent: format.percent(data.shares.workerPercent / 100, 0),
            })}
          />
          <Stat
            label={t("dashboard.earnings.total")}
            value={<AmountsText value={data.earnings.total} />}
            period={t("dashboard.earnings.totalPeriod")}
          />
          <Stat
            label={t("dashboard.earnings.allTime")}
            value={<AmountsText value={data.earnedAllTime} />}
            period={t("dashboard.earnings.allTimePeriod")}
          />
        </StatGroup>
      </section>
      {newPartner ? (
        <FirstSteps />
      ) : quiet ? (
        <EmptyState
          variant="dashed"
          titleAs="h2"
          icon={<CalendarIcon />}
          title={t("dashboard.quiet.title")}
          description={t("dashboard.quiet.description")}
          action={
            <TextLink to={`${AFFILIATE_HREFS.referrals}${search}`}>{t("dashboard.quiet.action")}</TextLink>
          }
        />
      ) : (
        <Charts data={data} />
      )}
    </>
  )
}

type DayRow = { date: string; clicks: number; uniqueClicks: number; signUps: number }
type MoneyRow = { date: string; customers: number; workers: number }

/** Clicks and sign-ups per day, and earnings per day and source in each currency that had any. */
function Charts({ data }: { data: PartnerSummary }) {
  const { t } = useTranslation("partner")
  const chartsId = useId()
  const traffic: ChartSeries<DayRow>[] = [
    { key: "clicks", label: t("dashboard.charts.clicks"), color: 1 },
    { key: "uniqueClicks", label: t("dashboard.charts.uniqueClicks"), color: 2 },
    { key: "signUps", label: t("dashboard.charts.signUps"), color: 3 },
  ]
  const money: ChartSeries<MoneyRow>[] = [
    { key: "customers", label: t("dashboard.charts.customers"), color: 1 },
    { key: "workers", label: t("dashboard.charts.workers"), color: 4 },
  ]
  const earned = (currency: Currency) =>
    data.days.some((day) => day.customers[currency] !== 0 || day.workers[currency] !== 0)
  // USD always (the currency of payouts), RUB only when some day earned any.
  const currencies = CURRENCIES.filter((currency) => currency === "USD" || earned(currency))
  // The chart draws money in minor units (cents); the exact sums are in the figures above.
  const minor = (amounts: Amounts, currency: Currency) =>
    Math.round(amounts[currency] / 10 ** (6 - currencyDigits(currency)))

  return (
    <section aria-labelledby={chartsId} className="flex flex-col gap-4">
      <h2 id={chartsId} className="text-lg font-semibold text-foreground">
        {t("dashboard.charts.title")}
      </h2>
      <Card>
        <CardBody>
          <LineChart
            data={data.days.map(({ date, clicks, uniqueClicks, signUps }) => ({
              date,
              clicks,
              uniqueClicks,
              signUps,
            }))}
            x="date"
            series={traffic}
            title={t("dashboard.charts.traffic")}
            description={t("dashboard.charts.trafficDescription")}
            xLabel={t("dashboard.charts.day")}
            format="number"
          />
        </CardBody>
      </Card>
      {currencies.map((currency) => (
        <Card key={currency}>
          <CardBody>
            <BarChart
              stacked
              data={data.days.map((day) => ({
                date: day.date,
                customers: minor(day.customers, currency),
                workers: minor(day.workers, currency),
              }))}
              x="date"
              series={money}
              title={t("dashboard.charts.earnings", { currency })}
              description={t("dashboard.charts.earningsDescription")}
              xLabel={t("dashboard.charts.day")}
              format="currency"
              currency={currency}
            />
          </CardBody>
        </Card>
      ))}
    </section>
  )
}

/** Before anyone came through the link: what to do first. */
function FirstSteps() {
  const { t } = useTranslation("partner")
  const steps = ["share", "source", "materials", "payout"] as const
  return (
    <DashboardCard
      id="partner-first-steps"
      title={t("dashboard.firstSteps.title")}
      description={t("dashboard.firstSteps.description")}
    >
      <NumberedSteps columns={2} items={titledItems(t, "dashboard.firstSteps.steps", steps)} />
      <div className="flex flex-wrap gap-3">
        <LinkButton to={AFFILIATE_HREFS.landingPages}>{t("dashboard.firstSteps.landingPages")}</LinkButton>
        <LinkButton to={AFFILIATE_HREFS.banners} variant="secondary">
          {t("dashboard.firstSteps.banners")}
        </LinkButton>
      </div>
    </DashboardCard>
  )
}

function FiguresSkeleton() {
  const { t } = useTranslation("partner")
  return (
    <>
      <StatGroup className="grid-cols-2">
        {TRAFFIC.map((key) => (
          <Stat key={key} label={t(`dashboard.stats.${key}`)} value="" loading />
        ))}
      </StatGroup>
      <StatGroup columns={2}>
        {(["customers", "workers", "total", "allTime"] as const).map((key) => (
          <Stat key={key} label={t(`dashboard.earnings.${key}`)} value="" loading />
        ))}
      </StatGroup>
      <Card aria-hidden="true">
        <CardBody className="flex flex-col gap-3">
          <Skeleton className="h-5 w-48" />
          <Skeleton shape="rect" className="h-60 w-full" />
        </CardBody>
      </Card>
    </>
  )
}

/** What the partner balance holds now, and the way to a payout. */
function Balance({ summary }: { summary: PartnerSummary | undefined }) {
  const { t } = useTranslation("partner")
  const held: Amounts | null = summary
    ? {
        USD: summary.balance.posted.USD - summary.balance.available.USD,
        RUB: summary.balance.posted.RUB - summary.balance.available.RUB,
      }
    : null
  return (
    <DashboardCard
      id="partner-balance"
      title={t("dashboard.balance.title")}
      description={t("dashboard.balance.description")}
      action={<TextLink to={PARTNER_PAGES.history.href}>{t("dashboard.balance.history")}</TextLink>}
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div role="group" aria-labelledby="partner-balance-available" className="flex flex-col gap-1">
          <p id="partner-balance-available" className="text-sm font-medium text-muted-foreground">
            <WalletIcon aria-hidden="true" className="me-1.5 inline-block align-text-bottom" />
            {t("dashboard.balance.available")}
          </p>
          {summary ? (
            <AmountsText
              value={summary.balance.available}
              className="text-3xl font-semibold tracking-tight tabular-nums"
            />
          ) : (
            <SkeletonGroup>
              <Skeleton className="mt-1 h-8 w-32" />
            </SkeletonGroup>
          )}
        </div>
        <LinkButton to={PARTNER_PAGES.request.href}>{t("dashboard.balance.request")}</LinkButton>
      </div>
      {held && !isZero(held) ? (
        <p className="text-sm text-muted-foreground">
          {t("dashboard.balance.held")} <AmountsText value={held} />
        </p>
      ) : null}
      {summary && summary.balance.available.RUB > 0 ? (
        <p className="text-sm text-muted-foreground">{t("dashboard.balance.rub")}</p>
      ) : null}
    </DashboardCard>
  )
}

/** The ways into the materials area, with the window carried to the lists that have one. */
function MaterialsLinks({ search }: { search: string }) {
  const { t } = useTranslation("partner")
  const pages = ["referrals", "sources", "landingPages", "banners", "reviews", "articles", "rules"] as const
  return (
    <DashboardCard
      id="partner-materials"
      title={t("dashboard.materials.title")}
      action={<TextLink to={AFFILIATE_HREFS.materials}>{t("dashboard.materials.all")}</TextLink>}
    >
      <ul className="grid gap-x-8 gap-y-3 sm:grid-cols-2 sm:gap-y-4">
        {pages.map((id) => (
          <li key={id} className="flex flex-col gap-0.5">
            <span className="font-medium">
              <TextLink to={`${AFFILIATE_HREFS[id]}${id === "referrals" || id === "sources" ? search : ""}`}>
                {t(`nav.pages.${id}`)}
              </TextLink>
            </span>
            {/* Phones get the links alone: the page is long there already. */}
            <span className="text-sm text-pretty text-muted-foreground max-sm:hidden">
              {t(`materials.cards.${id}`)}
            </span>
          </li>
        ))}
      </ul>
    </DashboardCard>
  )
}

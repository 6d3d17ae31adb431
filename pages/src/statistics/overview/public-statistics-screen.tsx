import { useId } from "react"
import { Trans, useTranslation } from "react-i18next"
import {
  Alert,
  Button,
  ErrorState,
  Skeleton,
  SkeletonGroup,
  Stat,
  StatGroup,
  useFormatter,
} from "@manyhands/design-system"
import { statisticsApi, STAT_GRAPHS, type PublicStatistics } from "@manyhands/contract/statistics"
import { useApi } from "../../api"
import { InlineCode, LinkCardGrid, PageHero, TextLink, TitledSection } from "../../blocks"
import { CurrencySwitch, NoData, NS, useCurrencyParam, useStatFormat } from "../parts"
import { graphPath } from "../statistics-layout"
import { TypeTable } from "./type-table"
import { WeekLoad } from "./week-load"

/** Where the JSON documents of the API are described. */
const OPENAPI_URL = "/api/openapi.json"

export interface PublicStatisticsScreenProps {
  /** GET /api/v2/public_statistics in the site's currency, preloaded by the route. */
  publicStatistics?: PublicStatistics
}

/**
 * /public_statistics: the service's last 24 hours for anyone deciding whether to trust it — volume, solve time
 * (median and 90th percentile), the unsolvable share, workers online, load and money; the same per captcha
 * type; the load by hour of the week; the six graphs; and the JSON the figures come from.
 */
export default function PublicStatisticsScreen({ publicStatistics }: PublicStatisticsScreenProps) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const currency = useCurrencyParam(publicStatistics?.currency)
  const answer = useApi<PublicStatistics>(
    statisticsApi.snapshot.url(null, { currency: currency.asked ?? undefined }),
    { initial: currency.asked ? undefined : publicStatistics },
  )
  // Counts, times and load do not depend on the currency: an earlier answer serves while the next one loads.
  const figures = answer.data ?? answer.last ?? publicStatistics
  const failed = answer.failure !== null && !figures

  return (
    <>
      <PageHero
        id="stats-title"
        eyebrow={t("overview.hero.eyebrow")}
        title={t("overview.hero.title")}
        lead={t("overview.hero.lead")}
        action={{ to: "/pricing", label: t("overview.hero.prices") }}
        secondaryAction={{ href: "#stats-week", label: t("overview.hero.bestTime") }}
      >
        {figures
          ? t("overview.updated", { time: format.dateTime(figures.generatedAt) })
          : t("overview.loading")}
      </PageHero>

      <TitledSection id="stats-now" title={t("overview.now.title")} lead={t("overview.now.lead")}>
        {failed ? (
          <ErrorState
            size="section"
            title={t("overview.error.title")}
            description={answer.failure}
            onRetry={answer.retry}
            retryLabel={t("overview.error.retry")}
          />
        ) : (
          <div className="flex flex-col gap-8">
            {figures && figures.totals.created === 0 && figures.totals.solved === 0 ? (
              <Alert tone="info" title={t("overview.empty.title")}>
                {t("overview.empty.text")}
              </Alert>
            ) : null}
            <Headline figures={figures} />
            <Money
              figures={answer.data}
              loading={answer.loading}
              failure={answer.failure}
              retry={answer.retry}
              currency={currency.shown}
              onCurrency={currency.choose}
            />
          </div>
        )}
      </TitledSection>

      <TitledSection id="stats-types" tone="surface" title={t("types.title")} lead={t("types.lead")}>
        {failed ? null : <TypeTable types={figures?.types} loading={!figures} />}
        <p className="mt-4 max-w-3xl text-sm text-muted-foreground">{t("notes.percentiles")}</p>
      </TitledSection>

      <TitledSection anchor="stats-week" id="stats-week-title" title={t("week.title")} lead={t("week.lead")}>
        {figures ? (
          <WeekLoad week={figures.week} />
        ) : failed ? null : (
          <SkeletonGroup label={t("overview.loading")}>
            <Skeleton shape="rect" className="h-56 w-full" />
          </SkeletonGroup>
        )}
      </TitledSection>

      <TitledSection
        id="stats-graphs"
        tone="surface"
        title={t("overview.graphs.title")}
        lead={t("overview.graphs.lead")}
      >
        <LinkCardGrid
          items={STAT_GRAPHS.map((graph) => ({
            id: graph,
            to: graphPath(graph),
            title: t(`graphs.${graph}.title`),
            text: t(`graphs.${graph}.card`),
          }))}
        />
      </TitledSection>

      <JsonSection />
    </>
  )
}

/** The currency-free figures of the last 24 hours (placeholders while the first answer loads). */
function Headline({ figures }: { figures: PublicStatistics | undefined }) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const stat = useStatFormat()
  const totals = figures?.totals
  const loading = !totals
  return (
    <StatGroup columns={3}>
      <Stat
        label={t("overview.stats.solved")}
        value={totals ? format.number(totals.solved) : ""}
        period={totals ? t("overview.stats.solvedOf", { created: format.number(totals.created) }) : ""}
        loading={loading}
      />
      <Stat
        label={t("overview.stats.p50")}
        value={totals ? stat.ms(totals.p50Ms) : ""}
        period={
          totals
            ? totals.p90Ms === null
              ? t("overview.stats.p90None")
              : t("overview.stats.p90", { time: stat.msText(totals.p90Ms) })
            : ""
        }
        loading={loading}
      />
      <Stat
        label={t("overview.stats.unsolvable")}
        value={totals ? stat.ratio(totals.unsolvableRate) : ""}
        period={t("overview.stats.unsolvableNote")}
        loading={loading}
      />
      <Stat
        label={t("overview.stats.online")}
        value={totals ? format.number(totals.workersOnline) : ""}
        period={t("overview.stats.onlineNote")}
        loading={loading}
      />
      <Stat
        label={t("overview.stats.load")}
        value={totals ? stat.ratio(totals.load) : ""}
        period={t("overview.stats.loadNote")}
        loading={loading}
      />
      <Stat
        label={t("overview.stats.wait")}
        value={totals ? stat.ms(totals.waitP50Ms) : ""}
        period={t("overview.stats.waitNote")}
        loading={loading}
      />
    </StatGroup>
  )
}

/** Customers' spend and workers' earnings of the last 24 hours in the chosen currency. */
function Money({
  figures,
  loading,
  failure,
  retry,
  currency,
  onCurrency,
}: {
  figures: PublicStatistics | undefined
  loading: boolean
  failure: string | null
  retry: () => void
  currency: PublicStatistics["currency"] | undefined
  onCurrency: (currency: PublicStatistics["currency"]) => void
}) {
  const { t } = useTranslation(NS)
  const stat = useStatFormat()
  const headingId = useId()
  const totals = figures?.totals
  const value = (micro: number | undefined) =>
    totals && micro !== undefined ? stat.micro(micro, figures.currency) : <NoData />
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h3 id={headingId} className="text-lg font-semibold text-foreground">
            {t("overview.money.title")}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">{t("overview.money.lead")}</p>
        </div>
        <CurrencySwitch value={currency} onChange={onCurrency} />
      </div>
      {failure ? (
        <Alert
          tone="danger"
          title={t("overview.error.money")}
          action={
            <Button variant="secondary" onClick={retry}>
              {t("overview.error.retry")}
            </Button>
          }
        >
          {failure}
        </Alert>
      ) : null}
      {/* Said again when the currency changes. */}
      <div aria-live="polite">
        <StatGroup columns={2}>
          <Stat
            label={t("overview.stats.spent")}
            value={value(totals?.spent)}
            period={t("overview.stats.spentNote")}
            loading={loading && !failure}
          />
          <Stat
            label={t("overview.stats.earned")}
            value={value(totals?.earned)}
            period={t("overview.stats.earnedNote")}
            loading={loading && !failure}
          />
        </StatGroup>
      </div>
    </section>
  )
}

/** The JSON addresses the figures come from, for scripts and monitoring. */
function JsonSection() {
  const { t } = useTranslation(NS)
  const items = [
    {
      id: "snapshot",
      url: statisticsApi.snapshot.url(null, { currency: "USD" }),
      text: t("json.snapshot"),
    },
    ...STAT_GRAPHS.map((graph) => ({
      id: graph,
      url: statisticsApi.graph.url({ graph }, { period: "30d" }),
      text: t(`graphs.${graph}.title`),
    })),
    { id: "prices", url: statisticsApi.prices.url(null, { currency: "USD" }), text: t("json.prices") },
  ]
  return (
    <TitledSection id="stats-json" title={t("json.title")} lead={t("json.lead")}>
      <ul className="flex max-w-3xl flex-col divide-y divide-border rounded-lg border border-border bg-surface">
        {items.map((item) => (
          <li key={item.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-4">
            <span className="text-sm font-medium text-foreground sm:w-56 sm:shrink-0">{item.text}</span>
            <span className="min-w-0 text-sm [overflow-wrap:anywhere]">
              <TextLink href={item.url}>
                <InlineCode>{item.url}</InlineCode>
              </TextLink>
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex max-w-3xl flex-col gap-3 text-sm leading-relaxed text-muted-foreground">
        <p>{t("json.stable")}</p>
        <p>{t("json.units")}</p>
        <p>
          <Trans t={t} i18nKey="json.parameters" components={{ code: <InlineCode /> }} />
        </p>
        <p>
          <Trans t={t} i18nKey="json.csv" components={{ code: <InlineCode /> }} />
        </p>
        <p>
          <Trans t={t} i18nKey="json.openapi" components={{ doc: <TextLink href={OPENAPI_URL} /> }} />
        </p>
      </div>
    </TitledSection>
  )
}

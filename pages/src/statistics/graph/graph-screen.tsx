import { useId, useMemo, useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import {
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  currencyDigits,
  DateRangePicker,
  EmptyState,
  ErrorState,
  Field,
  LineChart,
  Select,
  Skeleton,
  SkeletonGroup,
  Stat,
  StatGroup,
  useFormatter,
  type ChartSeries,
  type DateRange,
} from "@manyhands/design-system"
import type { CaptchaType } from "@manyhands/contract/captcha"
import {
  STAT_DEFAULT_PERIOD,
  STAT_MAX_WINDOW_DAYS,
  STAT_PERIODS,
  statisticsApi,
  type StatGraph,
  type StatGraphData,
  type StatPeriod,
} from "@manyhands/contract/statistics"
import { useApi } from "../../api"
import { InlineCode, TextLink } from "../../blocks"
import { useTypeName } from "../../customer/statistics/shared/captcha-types"
import { todayIn } from "../../customer/statistics/shared/days"
import {
  ChoiceButtons,
  CurrencySwitch,
  NS,
  useAddressParams,
  useCurrencyParam,
  useTimeZone,
  useWindowText,
} from "../parts"
import {
  chartRows,
  EARLIEST_DAY,
  GRAPH_SPECS,
  graphQuery,
  hasValues,
  lastDayOf,
  periodOf,
  seriesSummary,
  utcDay,
  windowProblem,
  type SeriesKey,
  type StatChartRow,
  type WindowProblem,
} from "../stat-model"
import { STATISTICS_PATH, StatisticsLayout } from "../statistics-layout"

/** The type select's value for every type (the API's default). */
const ALL_TYPES = "all"

export interface StatGraphScreenProps {
  graph: StatGraph
  /** The route's answer: the default period (7 days), every type, the site's currency. */
  data?: StatGraphData
  /** The catalogue, for the type select. */
  captchaTypes?: CaptchaType[]
  /** Times of day in this zone instead of the visitor's (stories fix it). */
  timeZone?: string
}

/**
 * One graph of the public statistics (/public_statistics/<page>): a period (24 h, 7 days, 30 days, 1 year) or a
 * window of days, one captcha type or all, and for money graphs a currency — all kept in the address
 * (?period=&dateFrom=&dateTo=&type=&currency=). The line chart with its data table, a summary of the period and
 * what the figure means and how it is measured.
 */
export function StatGraphScreen({ graph, data, captchaTypes, timeZone }: StatGraphScreenProps) {
  const { t } = useTranslation(NS)
  const spec = GRAPH_SPECS[graph]
  const typeName = useTypeName()
  const windowText = useWindowText()
  const [params, change] = useAddressParams()
  // A window typed or picked that the API would refuse: kept in the fields with its message, never fetched.
  const [refused, setRefused] = useState<DateRange | null>(null)

  // The server's today (UTC) once its answer is here; the browser's idea of it until then.
  const today = data ? lastDayOf(data) : todayIn("UTC")
  const period = periodOf(params.get("period")) ?? STAT_DEFAULT_PERIOD
  const askedWindow =
    params.has("dateFrom") || params.has("dateTo")
      ? { from: params.get("dateFrom") ?? "", to: params.get("dateTo") ?? "" }
      : null
  const askedProblem = askedWindow ? windowProblem(askedWindow, today) : null
  const daysAsked = askedWindow && !askedProblem ? askedWindow : null
  const typeParam = params.get("type")
  const type = typeParam && typeParam !== ALL_TYPES ? typeParam : null
  const currency = useCurrencyParam(data?.currency)

  const query = graphQuery({ period, window: daysAsked, type, currency: spec.money ? currency.asked : null })
  const isRouteAnswer = Object.values(query).every((value) => value === undefined)
  const answer = useApi<StatGraphData>(statisticsApi.graph.url({ graph }, query), {
    initial: isRouteAnswer ? data : undefined,
  })

  const problem = refused ? windowProblem(refused, today) : askedProblem
  const windowMessage = (why: WindowProblem) =>
    t(`graph.window.${why}`, {
      max: STAT_MAX_WINDOW_DAYS,
      earliest: windowText({ from: EARLIEST_DAY, to: EARLIEST_DAY }).from,
    })
  const choosePeriod = (next: StatPeriod) => {
    setRefused(null)
    change({ period: next === STAT_DEFAULT_PERIOD ? null : next, dateFrom: null, dateTo: null })
  }
  const chooseWindow = (range: DateRange) => {
    if (range.from === "" && range.to === "") {
      setRefused(null)
      return change({ dateFrom: null, dateTo: null })
    }
    if (windowProblem(range, today)) return setRefused(range)
    setRefused(null)
    change({ dateFrom: range.from, dateTo: range.to, period: null })
  }

  const typeOptions = [
    { value: ALL_TYPES, label: t("graph.type.all") },
    ...(captchaTypes ?? []).map((entry) => ({ value: entry.code, label: typeName(entry.code) })),
  ]
  if (type && !typeOptions.some((option) => option.value === type))
    typeOptions.push({ value: type, label: typeName(type) })

  const shown = answer.data
  const periodName = (of: StatGraphData) =>
    of.period === "window"
      ? t("graph.shown.window", windowText({ from: utcDay(of.from), to: utcDay(Date.parse(of.to) - 1) }))
      : t(`graph.shown.${of.period}`)

  return (
    <StatisticsLayout graph={graph}>
      <Card>
        <CardBody className="flex flex-col gap-5">
          <div className="flex flex-wrap items-start gap-x-8 gap-y-4">
            <ChoiceButtons
              label={t("graph.period.label")}
              options={STAT_PERIODS.map((value) => ({ value, label: t(`graph.period.${value}`) }))}
              value={daysAsked || problem ? null : period}
              onChange={choosePeriod}
            />
            {spec.money ? <CurrencySwitch value={currency.shown} onChange={currency.choose} /> : null}
          </div>
          <div className="grid gap-x-8 gap-y-4 lg:grid-cols-[minmax(0,auto)_minmax(14rem,20rem)]">
            <Field
              label={t("graph.window.label")}
              hint={t("graph.window.hint", { max: STAT_MAX_WINDOW_DAYS })}
              error={problem ? windowMessage(problem) : undefined}
            >
              <DateRangePicker
                value={refused ?? askedWindow ?? { from: "", to: "" }}
                onChange={chooseWindow}
                today={today}
                presets={[]}
                // The Field above says what is wrong, in this page's words.
                errorMessages={{
                  "invalid-date": windowMessage("invalidDate"),
                  order: windowMessage("order"),
                }}
              />
            </Field>
            <Field label={t("graph.type.label")} hint={t("graph.type.hint")}>
              <Select
                value={type ?? ALL_TYPES}
                onValueChange={(value) => change({ type: value === ALL_TYPES ? null : value })}
                options={typeOptions}
              />
            </Field>
          </div>
        </CardBody>
      </Card>

      <p role="status" className="text-sm text-muted-foreground">
        {shown
          ? [
              periodName(shown),
              shown.type ? typeName(shown.type) : t("graph.type.allShort"),
              ...(spec.money ? [shown.currency] : []),
            ].join(" · ")
          : answer.failure
            ? ""
            : t("graph.loading")}
      </p>

      {answer.failure ? (
        <ErrorState
          size="section"
          title={t("graph.error.title")}
          description={
            answer.error?.code === "WINDOW_INVALID"
              ? t("graph.error.window", { max: STAT_MAX_WINDOW_DAYS })
              : answer.error?.code === "CAPTCHA_TYPE_NOT_FOUND"
                ? t("graph.error.type")
                : answer.failure
          }
          onRetry={answer.retry}
          retryLabel={t("graph.error.retry")}
        />
      ) : !shown ? (
        <GraphSkeleton />
      ) : (
        <GraphFigures graph={graph} data={shown} timeZone={timeZone} />
      )}

      <Explanation graph={graph} query={query} />
    </StatisticsLayout>
  )
}

function GraphSkeleton() {
  const { t } = useTranslation(NS)
  return (
    <SkeletonGroup label={t("graph.loading")} className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} shape="rect" className="h-24 w-full" />
        ))}
      </div>
      <Skeleton shape="rect" className="h-80 w-full" />
    </SkeletonGroup>
  )
}

/** The period's summary tiles and the chart (with its data table), or why there is nothing to draw. */
function GraphFigures({
  graph,
  data,
  timeZone,
}: {
  graph: StatGraph
  data: StatGraphData
  timeZone?: string
}) {
  const { t } = useTranslation(NS)
  const format = useFormatter()
  const typeName = useTypeName()
  const zone = useTimeZone(timeZone)
  const spec = GRAPH_SPECS[graph]
  const headingId = useId()
  const digits = currencyDigits(data.currency)
  const rows = useMemo(() => chartRows(data, digits), [data, digits])

  const hourly = data.resolution === "hour"
  // Kept across renders: the chart lays itself out again whenever its formatX changes.
  const formatHour = useMemo(
    () => (value: string | number) => format.dayHour(value, { timeZone: zone.zone }),
    [format, zone.zone],
  )

  const series: ChartSeries<StatChartRow>[] = spec.series.map((key, i) => ({
    key,
    label: t(`graphs.${graph}.series.${key}`),
    color: (i + 1) as 1 | 2,
  }))
  const valueText = (value: number | null) => {
    if (value === null) return "—"
    if (spec.format === "currency") return format.money(Math.round(value), data.currency)
    if (spec.format === "duration") return format.duration(value)
    if (spec.format === "percent") return format.percent(value, 1)
    return format.number(value, { maximumFractionDigits: 1 })
  }

  if (!hasValues(rows, spec.series)) {
    return (
      <EmptyState
        variant="dashed"
        titleAs="h2"
        title={t("graph.empty.title")}
        description={data.type ? t("graph.empty.type", { type: typeName(data.type) }) : t("graph.empty.all")}
      />
    )
  }

  const main = spec.series[0] as SeriesKey
  const summary = seriesSummary(rows, main)
  const mainLabel = t(`graphs.${graph}.series.${main}`)
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="sr-only">
        {t("graph.figures")}
      </h2>
      <StatGroup columns={summary.count === null ? 3 : 4}>
        <Stat label={t("graph.summary.latest", { series: mainLabel })} value={valueText(summary.latest)} />
        <Stat label={t("graph.summary.low", { series: mainLabel })} value={valueText(summary.low)} />
        <Stat label={t("graph.summary.high", { series: mainLabel })} value={valueText(summary.high)} />
        {summary.count !== null ? (
          <Stat label={t(`graphs.${graph}.count`)} value={format.number(summary.count)} />
        ) : null}
      </StatGroup>
      <Card>
        <CardBody>
          <LineChart
            data={rows}
            x="x"
            series={series}
            title={t(`graphs.${graph}.chart`)}
            description={[
              hourly
                ? zone.local
                  ? t("graph.chart.hourLocal", { zone: zone.zone })
                  : t("graph.chart.hourUtc")
                : t("graph.chart.day"),
              spec.money ? t("graph.chart.money", { currency: data.currency }) : null,
            ]
              .filter(Boolean)
              .join(" ")}
            xLabel={hourly ? t("graph.axis.hour") : t("graph.axis.day")}
            format={spec.format}
            currency={data.currency}
            yMax={spec.format === "percent" ? 1 : undefined}
            formatX={hourly ? formatHour : undefined}
            height={280}
          />
        </CardBody>
      </Card>
    </section>
  )
}

/** What the figure means, how it is measured, and where the same figures are as JSON and CSV. */
function Explanation({ graph, query }: { graph: StatGraph; query: Record<string, string | undefined> }) {
  const { t } = useTranslation(NS)
  const spec = GRAPH_SPECS[graph]
  const headingId = useId()
  const json = statisticsApi.graph.url({ graph }, { period: "30d" })
  // The figures shown now (period or days, type, currency), as a spreadsheet.
  const csv = statisticsApi.graphCsv.url({ graph }, query)
  return (
    <Card asChild>
      <section aria-labelledby={headingId}>
        <CardHeader>
          <CardTitle as="h2" id={headingId}>
            {t("graph.explain.title")}
          </CardTitle>
        </CardHeader>
        <CardBody className="flex max-w-3xl flex-col gap-4 text-sm leading-relaxed text-foreground">
          <div>
            <h3 className="font-semibold">{t("graph.explain.means")}</h3>
            <p className="mt-1 text-muted-foreground">{t(`graphs.${graph}.means`)}</p>
          </div>
          <div>
            <h3 className="font-semibold">{t("graph.explain.measured")}</h3>
            <p className="mt-1 text-muted-foreground">{t(`graphs.${graph}.measured`)}</p>
            {spec.format === "duration" ? (
              <p className="mt-2 text-muted-foreground">{t("notes.percentiles")}</p>
            ) : null}
            {spec.money ? <p className="mt-2 text-muted-foreground">{t("notes.currency")}</p> : null}
            <p className="mt-2 text-muted-foreground">{t("notes.resolution")}</p>
          </div>
          <div>
            <h3 className="font-semibold">{t("graph.explain.json")}</h3>
            <p className="mt-1 text-muted-foreground">
              <Trans
                t={t}
                i18nKey="graph.explain.jsonText"
                components={{ code: <InlineCode />, json: <TextLink href={json} /> }}
                values={{ url: json }}
              />
            </p>
            <p className="mt-2">
              <TextLink href={csv}>{t("graph.explain.csv")}</TextLink>
            </p>
          </div>
          <p>
            <TextLink to={STATISTICS_PATH}>{t("nav.backToOverview")}</TextLink>
          </p>
        </CardBody>
      </section>
    </Card>
  )
}

import { useId, useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import {
  BarChart,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  EmptyState,
  ErrorState,
  LineChart,
  Skeleton,
  Stat,
  StatGroup,
  DataTable,
  UploadIcon,
  useFormatter,
  type ChartColor,
  type ChartSeries,
  type DateRange,
  type TableColumn,
} from "@manyhands/design-system"
import { LinkButton, useMicroMoney } from "../../../blocks"
import { useShellServices } from "../../../shell-context"
import {
  customerApi,
  GRAPH_DEFAULT_DAYS,
  MAX_GRAPH_DAYS,
  type Currency,
  type GraphData,
} from "@manyhands/contract/captcha"
import { CustomerLayout } from "../../customer-layout"
import { useTypeName } from "../shared/captcha-types"
import { DateWindow, windowTexts } from "../shared/date-window"
import { daysBetween, lastDays, rangeProblem, todayIn } from "../shared/days"
import { useApi, withQueryString } from "../../../api"
import { graphModel, OTHER, type ChartRow, type GraphModel, type Totals } from "./graph-model"

/** The longest window the API draws (GET /api/v2/statistics/graph refuses more). */
const MAX_DAYS = MAX_GRAPH_DAYS
/** The API's window without dates: today and the 6 days before. */
const DEFAULT_DAYS = GRAPH_DEFAULT_DAYS
/** The buttons above the fields: the last 7, 30 and 90 days (today included); up to 92 in the fields. */
const PRESETS = [7, 30, 90] as const

const problemOf = (range: DateRange) => rangeProblem(range, MAX_DAYS)

/**
 * /statistics/graph_captures: tasks, spend and solve time per day and captcha type over a window of days (the
 * last 7 by default, as the API answers without dates). The window lives in the address (?dateFrom=&dateTo=).
 */
export default function StatisticsGraphScreen({ captureGraph }: { captureGraph?: GraphData }) {
  const { t } = useTranslation("statistics")
  const format = useFormatter()
  const { user } = useShellServices()
  const [params, setParams] = useSearchParams()
  // A range typed or picked that the API would refuse: kept in the fields with its message, never fetched.
  const [refused, setRefused] = useState<DateRange | null>(null)

  const today = captureGraph?.dateTo ?? todayIn(user?.profile.timezone)
  const asked = { from: params.get("dateFrom") ?? "", to: params.get("dateTo") ?? "" }
  const hasAsked = asked.from !== "" || asked.to !== ""
  const askedProblem = hasAsked ? problemOf(asked) : null
  const query =
    hasAsked && !askedProblem
      ? new URLSearchParams({ dateFrom: asked.from, dateTo: asked.to }).toString()
      : ""
  const graph = useApi(withQueryString(customerApi.graph.url(), query), {
    initial: query === "" ? captureGraph : undefined,
  })

  const shownWindow: DateRange =
    query !== ""
      ? asked
      : captureGraph
        ? { from: captureGraph.dateFrom, to: captureGraph.dateTo }
        : lastDays(today, DEFAULT_DAYS)

  const go = (range: DateRange | null) => {
    setRefused(null)
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete("dateFrom")
        next.delete("dateTo")
        if (range) {
          next.set("dateFrom", range.from)
          next.set("dateTo", range.to)
        }
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  }
  const preset = (days: number) => go(days === DEFAULT_DAYS ? null : lastDays(today, days))
  const custom = (range: DateRange) => {
    if (range.from === "" && range.to === "") return go(null)
    const problem = problemOf(range)
    if (problem) setRefused(range)
    else go(range)
  }

  const problem = refused ? problemOf(refused) : askedProblem
  // Before the route's answer comes, the default window's days are not known yet (the server's today).
  const pickerValue =
    refused ?? (hasAsked || captureGraph ? (askedProblem ? asked : shownWindow) : { from: "", to: "" })
  const active = refused
    ? null
    : !hasAsked
      ? DEFAULT_DAYS
      : !askedProblem && asked.to === today
        ? daysBetween(asked.from, asked.to)
        : null
  const data = graph.data
  const windowWords = windowTexts(t, MAX_DAYS, PRESETS)

  return (
    <CustomerLayout page="graph" title={t("graph.title")} lead={t("graph.lead")}>
      {/* A range the API would refuse is not applied: the message says why, next to the fields. */}
      <DateWindow
        value={pickerValue}
        onChange={custom}
        today={today}
        problem={problem}
        texts={windowWords.texts}
        lastDays={{ ...windowWords.presets, active, onPick: preset }}
      />
      <p role="status" className="text-sm text-muted-foreground">
        {graph.loading
          ? t("graph.loading")
          : t("graph.window.shown", {
              from: format.date(shownWindow.from, "long"),
              to: format.date(shownWindow.to, "long"),
            })}
      </p>
      {graph.failure ? (
        <ErrorState
          size="section"
          title={t("graph.error.title")}
          description={graph.failure}
          onRetry={graph.retry}
          retryLabel={t("graph.error.retry")}
        />
      ) : !data ? (
        <GraphSkeleton />
      ) : data.rows.length === 0 ? (
        <EmptyState
          variant="dashed"
          titleAs="h2"
          icon={<UploadIcon />}
          title={t("graph.empty.title")}
          description={t("graph.empty.description")}
          action={<LinkButton to="/testcaptcha">{t("graph.empty.action")}</LinkButton>}
        />
      ) : (
        <Graph data={data} />
      )}
    </CustomerLayout>
  )
}

function GraphSkeleton() {
  const { t } = useTranslation("statistics")
  return (
    <>
      <StatGroup>
        {(["tasks", "solved", "spent", "averageTime"] as const).map((key) => (
          <Stat key={key} label={t(`graph.stats.${key}`)} value="" loading />
        ))}
      </StatGroup>
      {(["tasks", "spent", "time"] as const).map((key) => (
        <Card key={key} aria-hidden="true">
          <CardBody className="flex flex-col gap-3">
            <Skeleton className="h-5 w-48" />
            <Skeleton shape="rect" className="h-60 w-full" />
          </CardBody>
        </Card>
      ))}
    </>
  )
}

function Graph({ data }: { data: GraphData }) {
  const { t } = useTranslation("statistics")
  const format = useFormatter()
  const money = useMicroMoney()
  const typeName = useTypeName()
  const model = graphModel(data)
  const { total } = model
  const chartsId = useId()

  const series: ChartSeries<ChartRow>[] = model.series.map((s, i) => ({
    key: s.key,
    label: s.type === null ? t("graph.other") : typeName(s.type),
    color: (s.key === OTHER ? 6 : i + 1) as ChartColor,
  }))
  const period = t("graph.window.shown", {
    from: format.date(data.dateFrom, "long"),
    to: format.date(data.dateTo, "long"),
  })

  return (
    <>
      <StatGroup>
        <Stat label={t("graph.stats.tasks")} value={format.number(total.tasks)} />
        <Stat
          label={t("graph.stats.solved")}
          value={format.number(total.solved)}
          period={t("graph.stats.rate", {
            rate: format.percent(total.tasks ? total.solved / total.tasks : 0),
          })}
        />
        <Stat label={t("graph.stats.spent")} value={money(total.spent, data.currency)} />
        <Stat
          label={t("graph.stats.averageTime")}
          value={total.averageSolveSeconds === null ? "—" : format.duration(total.averageSolveSeconds)}
        />
      </StatGroup>
      <section aria-labelledby={chartsId} className="flex flex-col gap-4">
        <h2 id={chartsId} className="text-lg font-semibold text-foreground">
          {t("graph.charts.title")}
        </h2>
        <ChartCard>
          <BarChart
            stacked
            data={model.tasks}
            x="date"
            series={series}
            title={t("graph.charts.tasks.title")}
            description={t("graph.charts.tasks.description")}
            xLabel={t("graph.charts.day")}
            format="number"
          />
        </ChartCard>
        <ChartCard>
          <BarChart
            stacked
            data={model.spent}
            x="date"
            series={series}
            title={t("graph.charts.spent.title")}
            description={t("graph.charts.spent.description", { currency: data.currency })}
            xLabel={t("graph.charts.day")}
            format="micro-money"
            currency={data.currency}
          />
        </ChartCard>
        <ChartCard>
          <LineChart
            data={model.time}
            x="date"
            series={series}
            title={t("graph.charts.time.title")}
            description={t("graph.charts.time.description")}
            xLabel={t("graph.charts.day")}
            format="duration"
          />
        </ChartCard>
      </section>
      <TypeTable model={model} currency={data.currency} period={period} />
    </>
  )
}

function ChartCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardBody>{children}</CardBody>
    </Card>
  )
}

type TypeRow = { type: string } & Totals
const TOTAL = "\u0000total"

/** Every type of the window with its totals, and the sum of all: the figures of the charts as text. */
function TypeTable({ model, currency, period }: { model: GraphModel; currency: Currency; period: string }) {
  const { t } = useTranslation("statistics")
  const format = useFormatter()
  const money = useMicroMoney()
  const typeName = useTypeName()
  const headingId = useId()
  const strong = (row: TypeRow, text: string) =>
    row.type === TOTAL ? <strong className="font-semibold">{text}</strong> : text

  const columns: TableColumn<TypeRow>[] = [
    {
      key: "type",
      header: t("graph.table.type"),
      rowHeader: true,
      cell: (row) => strong(row, row.type === TOTAL ? t("graph.table.total") : typeName(row.type)),
    },
    {
      key: "tasks",
      header: t("graph.table.tasks"),
      align: "numeric",
      cell: (row) => strong(row, format.number(row.tasks)),
    },
    {
      key: "solved",
      header: t("graph.table.solved"),
      align: "numeric",
      cell: (row) => strong(row, format.number(row.solved)),
    },
    {
      key: "rate",
      header: t("graph.table.rate"),
      align: "numeric",
      cell: (row) => strong(row, format.percent(row.tasks ? row.solved / row.tasks : 0)),
    },
    {
      key: "spent",
      header: t("graph.table.spent"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (row) => strong(row, money(row.spent, currency)),
    },
    {
      key: "averageSolveSeconds",
      header: t("graph.table.averageTime"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (row) =>
        strong(row, row.averageSolveSeconds === null ? "—" : format.duration(row.averageSolveSeconds)),
    },
  ]

  return (
    <Card asChild>
      <section aria-labelledby={headingId}>
        <CardHeader>
          <CardTitle as="h2" id={headingId}>
            {t("graph.table.title")}
          </CardTitle>
        </CardHeader>
        <CardBody>
          <DataTable
            caption={`${t("graph.table.title")}, ${period}`}
            captionHidden
            columns={columns}
            rows={[...model.byType, { type: TOTAL, ...model.total }]}
            getRowId={(row) => row.type}
            size="sm"
          />
        </CardBody>
      </section>
    </Card>
  )
}

import { useId, useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  AreaChart,
  BarChart,
  Card,
  CardBody,
  DataTable,
  EmptyState,
  ErrorState,
  Field,
  Select,
  Skeleton,
  Stat,
  StatGroup,
  UploadIcon,
  useFormatter,
  type ChartSeries,
  type TableColumn,
} from "@manyhands/design-system"
import { proxyApi, type ProxyUsage, type SubuserList } from "@manyhands/contract/proxy"
import { LinkButton } from "../../blocks"
import { useApi } from "../../api"
import { ProxyCard } from "../shared/proxy-card"
import { DateWindow, windowTexts } from "../../customer/statistics/shared/date-window"
import { eachDay, todayIn } from "../../customer/statistics/shared/days"
import { useShellServices } from "../../shell-context"
import { PROXY_PAGES, ProxyLayout } from "../proxy-layout"
import { MAX_DAYS, PRESETS, useUsageWindow } from "./usage-window"
import { useBytes } from "../shared/bytes"

export interface ProxyStatisticsScreenProps {
  /** GET /api/v2/proxy/usage: the last 7 days (UTC) for all sub-users, preloaded by the route. */
  proxyUsage?: ProxyUsage
}

const ALL = "all"
const HOUR_MS = 3_600_000

/** The unit a chart draws bytes in: the largest whose values are not all below one. */
const UNITS = [
  { name: "GB", bytes: 1e9 },
  { name: "MB", bytes: 1e6 },
  { name: "KB", bytes: 1e3 },
  { name: "B", bytes: 1 },
] as const
type Unit = (typeof UNITS)[number]

const unitFor = (largest: number): Unit => UNITS.find((unit) => largest >= unit.bytes) ?? UNITS[3]

type Point = { at: string; up: number; down: number }

/** Bytes sent and received per day or hour, in one unit (rounded to two decimals) for a chart. */
function inUnit<P extends Point>(points: P[]) {
  const unit = unitFor(Math.max(0, ...points.map((point) => Math.max(point.up, point.down))))
  const scale = (bytes: number) => Math.round((bytes / unit.bytes) * 100) / 100
  return { unit, rows: points.map((point) => ({ ...point, up: scale(point.up), down: scale(point.down) })) }
}

/**
 * /proxy/statistics: the traffic of a window of days (the last 7 by default) and of one sub-user or all — totals,
 * per day, the last 24 hours hour by hour, per sub-user and the most visited hosts. The window and the sub-user live
 * in the address (?dateFrom=&dateTo=&subuser=).
 */
export default function ProxyStatisticsScreen({ proxyUsage }: ProxyStatisticsScreenProps) {
  const { t } = useTranslation("proxy-cabinet")
  const format = useFormatter()
  const today = proxyUsage?.to ?? todayIn("UTC")
  const range = useUsageWindow(today)
  const isDefault = Object.keys(range.query).length === 0
  const url = proxyApi.usage.url(null, range.query)
  const usage = useApi<ProxyUsage>(url, {
    initial: isDefault ? proxyUsage : undefined,
  })
  const subusers = useApi<SubuserList>(proxyApi.subusers.url())
  const { texts, presets } = windowTexts(t, MAX_DAYS, PRESETS)
  // Before the route's answer the server's today is not known: the fields wait for it.
  const known = proxyUsage !== undefined || !isDefault
  const names = subusers.data?.subusers.map(({ id, name }) => ({ id, name })) ?? usage.data?.subusers ?? []
  const chosen = range.subuser
  const period = t("statistics.shown", {
    from: format.date(range.shown.from, "long"),
    to: format.date(range.shown.to, "long"),
  })
  const data = usage.data

  return (
    <ProxyLayout page="statistics" title={t("statistics.title")} lead={t("statistics.lead")}>
      <DateWindow
        value={known ? range.value : { from: "", to: "" }}
        onChange={range.onCustom}
        today={today}
        problem={range.problem}
        texts={texts}
        lastDays={{ ...presets, active: known ? range.active : null, onPick: range.onPreset }}
      />
      <Field label={t("statistics.subuser")} className="max-w-xs">
        <Select
          value={chosen ?? ALL}
          onValueChange={(value) => range.onSubuser(value === ALL ? null : value)}
          options={[
            { value: ALL, label: t("statistics.allSubusers") },
            ...names.map(({ id, name }) => ({ value: id, label: name })),
            // A sub-user from the address that the list does not (or not yet) have.
            ...(chosen && !names.some((item) => item.id === chosen)
              ? [{ value: chosen, label: t("statistics.subuserId", { id: chosen }) }]
              : []),
          ]}
        />
      </Field>
      <p role="status" className="text-sm text-muted-foreground">
        {usage.loading ? t("statistics.loading") : period}
      </p>
      {usage.failure ? (
        <ErrorState
          size="section"
          titleAs="h2"
          title={t("statistics.loadFailed")}
          description={usage.failure}
          onRetry={usage.retry}
          retryLabel={t("retry")}
        />
      ) : !data ? (
        <UsageSkeleton />
      ) : data.total.up + data.total.down === 0 && data.hours.length === 0 ? (
        <EmptyState
          variant="dashed"
          titleAs="h2"
          icon={<UploadIcon />}
          title={t("statistics.empty.title")}
          description={t(chosen ? "statistics.empty.subuserText" : "statistics.empty.text")}
          action={<LinkButton to={PROXY_PAGES.overview.href}>{t("statistics.empty.action")}</LinkButton>}
        />
      ) : (
        <Usage key={url} usage={data} period={period} />
      )}
    </ProxyLayout>
  )
}

function UsageSkeleton() {
  const { t } = useTranslation("proxy-cabinet")
  return (
    <>
      <StatGroup>
        {(["sent", "received", "total", "connections"] as const).map((key) => (
          <Stat key={key} label={t(`statistics.totals.${key}`)} value="" loading />
        ))}
      </StatGroup>
      {[0, 1].map((key) => (
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

function Usage({ usage, period }: { usage: ProxyUsage; period: string }) {
  const { t } = useTranslation("proxy-cabinet")
  const format = useFormatter()
  const bytes = useBytes()
  const { user } = useShellServices()
  const chartsId = useId()
  // The clock when the numbers came (the chart's last hour is this one, or the server's last if it is ahead).
  const [now] = useState(() => Date.now())
  const series: ChartSeries<{ up: number; down: number }>[] = [
    { key: "up", label: t("statistics.sent"), color: 1 },
    { key: "down", label: t("statistics.received"), color: 2 },
  ]

  // Every day of the window, with nothing where no traffic went.
  const byDay = new Map(usage.days.map((point) => [point.at.slice(0, 10), point]))
  const days = inUnit(
    eachDay(usage.from, usage.to).map((date) => ({
      at: date,
      date,
      up: byDay.get(date)?.up ?? 0,
      down: byDay.get(date)?.down ?? 0,
    })),
  )
  // The 24 hours up to the current one (or the last one the server counted, if its clock is ahead).
  const lastHour = Math.max(
    Math.floor(now / HOUR_MS) * HOUR_MS,
    ...usage.hours.map((point) => Date.parse(point.at)),
  )
  const byHour = new Map(usage.hours.map((point) => [Date.parse(point.at), point]))
  const hours = inUnit(
    Array.from({ length: 24 }, (_, index) => {
      const at = lastHour - (23 - index) * HOUR_MS
      const point = byHour.get(at)
      return {
        at: new Date(at).toISOString(),
        hour: new Date(at).toISOString(),
        up: point?.up ?? 0,
        down: point?.down ?? 0,
      }
    }),
  )
  const hourText = (value: string | number) => format.time(value, { timeZone: user?.profile.timezone })
  const total = usage.total.up + usage.total.down

  return (
    <>
      <StatGroup>
        <Stat label={t("statistics.totals.sent")} value={bytes(usage.total.up)} />
        <Stat label={t("statistics.totals.received")} value={bytes(usage.total.down)} />
        <Stat label={t("statistics.totals.total")} value={bytes(total)} />
        <Stat label={t("statistics.totals.connections")} value={format.number(usage.total.connections)} />
      </StatGroup>
      <section aria-labelledby={chartsId} className="flex flex-col gap-4">
        <h2 id={chartsId} className="text-lg font-semibold text-foreground">
          {t("statistics.charts")}
        </h2>
        <ChartCard>
          <BarChart
            data={days.rows}
            x="date"
            series={series}
            title={t("statistics.daily.title")}
            description={t("statistics.daily.description", { unit: t(`units.${days.unit.name}`) })}
            xLabel={t("statistics.day")}
            yLabel={days.unit.name}
            format="number"
          />
        </ChartCard>
        <ChartCard>
          <AreaChart
            data={hours.rows}
            x="hour"
            series={series}
            title={t("statistics.hourly.title")}
            description={t("statistics.hourly.description", { unit: t(`units.${hours.unit.name}`) })}
            xLabel={t("statistics.hour")}
            yLabel={hours.unit.name}
            formatX={hourText}
            format="number"
          />
        </ChartCard>
      </section>
      <BySubuser usage={usage} period={period} />
      <TopHosts usage={usage} period={period} total={total} />
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

type SubuserRow = ProxyUsage["subusers"][number]

function BySubuser({ usage, period }: { usage: ProxyUsage; period: string }) {
  const { t } = useTranslation("proxy-cabinet")
  const bytes = useBytes()
  const columns: TableColumn<SubuserRow>[] = [
    {
      key: "name",
      header: t("statistics.bySubuser.name"),
      rowHeader: true,
      cell: (row) => <span className="font-mono">{row.name}</span>,
    },
    {
      key: "up",
      header: t("statistics.sent"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (row) => bytes(row.up),
    },
    {
      key: "down",
      header: t("statistics.received"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (row) => bytes(row.down),
    },
    {
      key: "total",
      header: t("statistics.bySubuser.total"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (row) => bytes(row.up + row.down),
    },
  ]
  return (
    <ProxyCard id="proxy-usage-subusers" region={false} title={t("statistics.bySubuser.title")}>
      <DataTable
        caption={`${t("statistics.bySubuser.title")}, ${period}`}
        captionHidden
        columns={columns}
        rows={usage.subusers}
        getRowId={(row) => row.id}
        size="sm"
        empty={{ titleAs: "h3", title: t("statistics.bySubuser.empty") }}
      />
    </ProxyCard>
  )
}

type HostRow = ProxyUsage["hosts"][number]

function TopHosts({ usage, period, total }: { usage: ProxyUsage; period: string; total: number }) {
  const { t } = useTranslation("proxy-cabinet")
  const format = useFormatter()
  const bytes = useBytes()
  const columns: TableColumn<HostRow>[] = [
    {
      key: "host",
      header: t("statistics.hosts.host"),
      rowHeader: true,
      cell: (row) => <span className="font-mono break-all">{row.host}</span>,
    },
    {
      key: "bytes",
      header: t("statistics.hosts.bytes"),
      align: "numeric",
      className: "whitespace-nowrap",
      cell: (row) => bytes(row.bytes),
    },
    {
      key: "share",
      header: t("statistics.hosts.share"),
      align: "numeric",
      cell: (row) => format.percent(total > 0 ? row.bytes / total : 0, 1),
    },
  ]
  return (
    <ProxyCard
      id="proxy-usage-hosts"
      region={false}
      title={t("statistics.hosts.title")}
      description={t("statistics.hosts.description")}
    >
      <DataTable
        caption={`${t("statistics.hosts.title")}, ${period}`}
        captionHidden
        columns={columns}
        rows={usage.hosts}
        getRowId={(row) => row.host}
        size="sm"
        empty={{ titleAs: "h3", title: t("statistics.hosts.empty") }}
      />
    </ProxyCard>
  )
}

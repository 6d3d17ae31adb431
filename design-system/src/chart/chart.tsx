import { cva } from "class-variance-authority"
import {
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from "react"
import { Button } from "../button/button"
import { cn } from "../lib/cn"
import { currencyDigits, type Formatter } from "../provider/format"
import { useDesignSystem, useFormatter, useMessages } from "../provider/provider"
import { dateTicks, dayToDate, niceTicks, parseDay, stepDecimals, type TickKind } from "./scale"

export type ChartFormat = "number" | "currency" | "micro-money" | "duration" | "percent"
export type ChartColor = 1 | 2 | 3 | 4 | 5 | 6
export type ChartKind = "line" | "area" | "bar"

export interface ChartSeries<T extends object = Record<string, unknown>> {
  /** Field of each data row that holds this series' values (numbers; null or missing for no value). */
  key: keyof T & string
  /** Name in the legend, tooltip and data table ("Solved", "Spent"). */
  label: string
  /** Which `chart-N` colour token draws it. @default its position (1 to 6, then again) */
  color?: ChartColor
}

export interface ChartProps<T extends object> extends Omit<ComponentProps<"figure">, "title" | "children"> {
  /** One row per point on the x axis, in order: `{ date: "2026-05-01", solved: 1204, failed: 32 }`. */
  data: readonly T[]
  /** Field of the x value: days as "YYYY-MM-DD" strings, numbers, or other strings (categories). */
  x: keyof T & string
  /** The lines, areas or bars to draw, one per field. */
  series: readonly ChartSeries<T>[]
  /** Names the chart (figure caption) and its data table. */
  title: ReactNode
  /** A sentence under the title: the period, the unit, what to look for. */
  description?: ReactNode
  /** Keep the title for screen readers only (when a card heading already says it). @default false */
  hideTitle?: boolean
  /**
   * How values read on the axis, tooltip and table: plain numbers, money in minor units (cents) of
   * `currency`, money in ledger micro-units of `currency` (`micro-money`: by the site's one money rule, so
   * $0.0025 stays $0.0025), durations in seconds, or fractions shown as percentages (0.953 → 95.3%).
   * @default "number"
   */
  format?: ChartFormat
  /** ISO code of the money when `format="currency"`. @default "USD" */
  currency?: string
  /** Height of the plot area in pixels; the width always fills the container. @default 240 */
  height?: number
  /** Name of the x values: header of the table's first column and a caption under the axis. */
  xLabel?: string
  /** Unit or name of the values, shown above the y axis. */
  yLabel?: string
  /**
   * Lowest value the axis must show. By default the axis starts at zero (or below, for negative values);
   * a line of rates near 98% reads better from, say, 0.9. Bars and areas should keep zero.
   */
  yMin?: number
  /** Highest value the axis must show (1 for percentages that should reach 100%). */
  yMax?: number
  /** Custom text for an x value (axis, tooltip and table). */
  formatX?: (value: string | number) => string
  /** Shown instead of the chart when there is no data; defaults to the provider's "Nothing here yet". */
  emptyMessage?: ReactNode
  /** Show the legend. @default true when there is more than one series */
  legend?: boolean
  /** Start with the data table shown instead of the chart. @default "chart" */
  defaultView?: "chart" | "table"
}

export const chartVariants = /* @__PURE__ */ cva("@container flex min-w-0 flex-col gap-3 text-foreground", {
  variants: { kind: { line: "", area: "", bar: "" } },
})

const strokeClasses = [
  "stroke-chart-1",
  "stroke-chart-2",
  "stroke-chart-3",
  "stroke-chart-4",
  "stroke-chart-5",
  "stroke-chart-6",
]
const fillClasses = [
  "fill-chart-1",
  "fill-chart-2",
  "fill-chart-3",
  "fill-chart-4",
  "fill-chart-5",
  "fill-chart-6",
]
const bgClasses = ["bg-chart-1", "bg-chart-2", "bg-chart-3", "bg-chart-4", "bg-chart-5", "bg-chart-6"]

const NO_VALUE = "–"
const MAX_X_TICKS = 8

function toNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null
}

/** Axis and full formats of the values, from the provider's formatter. */
function valueFormats(format: ChartFormat, currency: string, f: Formatter) {
  const full = (value: number) => {
    if (format === "currency") return f.money(Math.round(value), currency)
    if (format === "micro-money") return f.microMoney(Math.round(value), currency)
    if (format === "duration") return f.duration(value)
    if (format === "percent") return f.percent(value, 1)
    return f.number(value)
  }
  /** A tick's text; `largest` is the largest tick, so that all ticks of an axis share one style. */
  const axis = (value: number, step: number, largest: number) => {
    const compact = largest >= 10_000
    if (format === "currency") {
      const major = value / 10 ** currencyDigits(currency)
      try {
        if (largest / 10 ** currencyDigits(currency) >= 10_000) {
          return f.number(major, {
            style: "currency",
            currency,
            notation: "compact",
            maximumFractionDigits: 1,
          })
        }
        if (Number.isInteger(major)) {
          return f.number(major, { style: "currency", currency, maximumFractionDigits: 0 })
        }
      } catch {
        // Not an ISO 4217 code (USDT): the formatter's own money format below knows it.
      }
      return f.money(value, currency)
    }
    if (format === "micro-money") {
      if (largest >= 10_000 * 1_000_000) {
        try {
          return f.number(value / 1_000_000, {
            style: "currency",
            currency,
            notation: "compact",
            maximumFractionDigits: 1,
          })
        } catch {
          // Not an ISO 4217 code (USDT): the full format below.
        }
      }
      return f.microMoney(Math.round(value), currency)
    }
    if (format === "duration") {
      return value === 0
        ? f.number(0, { style: "unit", unit: "second", unitDisplay: "short" })
        : f.duration(value)
    }
    if (format === "percent") return f.percent(value, Math.max(0, stepDecimals(step) - 2))
    if (compact) return f.number(value, { notation: "compact", maximumFractionDigits: 1 })
    return f.number(value, { maximumFractionDigits: stepDecimals(step) })
  }
  const kind: TickKind =
    format === "currency" || format === "micro-money"
      ? "integer"
      : format === "duration"
        ? "duration"
        : "number"
  return { full, axis, kind }
}

/** "M x y L x y …" through the points, starting a new piece after each gap (null). */
function linePath(points: readonly ([number, number] | null)[]): string {
  let path = ""
  let drawing = false
  for (const point of points) {
    if (!point) {
      drawing = false
      continue
    }
    path += `${drawing ? "L" : "M"}${point[0].toFixed(3)} ${point[1].toFixed(3)}`
    drawing = true
  }
  return path
}

/** The same pieces closed down to the baseline, for the filled part of an area chart. */
function areaPath(points: readonly ([number, number] | null)[], base: number): string {
  const pieces: [number, number][][] = [[]]
  for (const point of points) {
    if (point) pieces[pieces.length - 1]!.push(point)
    else if (pieces[pieces.length - 1]!.length) pieces.push([])
  }
  return pieces
    .filter((piece) => piece.length)
    .map(
      (piece) =>
        `M${piece[0]![0].toFixed(3)} ${base}` +
        piece.map(([x, y]) => `L${x.toFixed(3)} ${y.toFixed(3)}`).join("") +
        `L${piece[piece.length - 1]![0].toFixed(3)} ${base}Z`,
    )
    .join("")
}

interface ChartInternalProps<T extends object> extends ChartProps<T> {
  kind: ChartKind
  /** Bars only: stack the series instead of placing them side by side. */
  stacked?: boolean
}

/** The shared engine of LineChart, AreaChart and BarChart. */
export function Chart<T extends object>({
  kind,
  stacked = false,
  data,
  x,
  series,
  title,
  description,
  hideTitle = false,
  format = "number",
  currency = "USD",
  height = 240,
  xLabel,
  yLabel,
  yMin,
  yMax,
  formatX,
  emptyMessage,
  legend,
  defaultView = "chart",
  className,
  ...props
}: ChartInternalProps<T>) {
  const { locale } = useDesignSystem()
  const { messages } = useMessages()
  const formatter = useFormatter()
  const id = useId()
  const [view, setView] = useState(defaultView)
  const [active, setActive] = useState<number | null>(null)
  const [dismissed, setDismissed] = useState(false)
  const [tabStop, setTabStop] = useState(0)
  const columns = useRef<(HTMLDivElement | null)[]>([])
  const focused = useRef<number | null>(null)

  const model = useMemo(() => {
    const values = valueFormats(format, currency, formatter)
    const rows = data.map((row) => {
      const record = row as Record<string, unknown>
      return { x: record[x] as string | number, values: series.map((s) => toNumber(record[s.key])) }
    })
    const days = rows.map((row) => parseDay(row.x))
    const isDates = rows.length > 0 && days.every((day) => day !== undefined)
    const isNumbers = rows.length > 0 && rows.every((row) => typeof row.x === "number")
    const linear = kind !== "bar" && (isDates || isNumbers)
    const positions = rows.map((row, i) => (isDates ? days[i]! : isNumbers ? (row.x as number) : i))
    const monthly = isDates && rows.length > 1 && days.every((day) => dayToDate(day!).getUTCDate() === 1)

    const dateFormat = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, { timeZone: "UTC", ...options })
    const tickDate = dateFormat(
      monthly ? { month: "short", year: "2-digit" } : { month: "short", day: "numeric" },
    )
    const longDate = monthly ? dateFormat({ month: "long", year: "numeric" }) : undefined
    const xText = (value: string | number, long: boolean): string => {
      if (formatX) return formatX(value)
      const day = parseDay(value)
      if (day !== undefined && isDates) {
        if (!long) return tickDate.format(dayToDate(day))
        return longDate ? longDate.format(dayToDate(day)) : formatter.date(dayToDate(day), "medium")
      }
      return typeof value === "number" ? formatter.number(value) : String(value)
    }

    // Value range: stacked bars add up; zero is on the axis unless yMin says otherwise.
    let low = yMin ?? 0
    let high = yMax ?? (yMin !== undefined && yMin > 0 ? yMin : 0)
    for (const row of rows) {
      if (kind === "bar" && stacked) {
        high = Math.max(
          high,
          row.values.reduce<number>((sum, v) => sum + Math.max(0, v ?? 0), 0),
        )
        low = Math.min(
          low,
          row.values.reduce<number>((sum, v) => sum + Math.min(0, v ?? 0), 0),
        )
      } else {
        for (const v of row.values) if (v !== null) [low, high] = [Math.min(low, v), Math.max(high, v)]
      }
    }
    const y = niceTicks(low, high, Math.max(2, Math.round(height / 56)), values.kind)
    const yAt = (v: number) => Math.min(100, Math.max(0, 100 - ((v - y.min) / (y.max - y.min)) * 100))

    // x: a band per row for bars and categories; a linear scale for days and numbers.
    const count = rows.length
    const xMin = Math.min(...positions)
    const xMax = Math.max(...positions)
    const xAt = (i: number) =>
      linear
        ? xMax === xMin
          ? 50
          : ((positions[i]! - xMin) / (xMax - xMin)) * 100
        : ((i + 0.5) / count) * 100
    const centers = rows.map((_, i) => xAt(i))
    const bounds = centers.map((center, i) =>
      linear
        ? [
            i === 0 ? 0 : (centers[i - 1]! + center) / 2,
            i === count - 1 ? 100 : (center + centers[i + 1]!) / 2,
          ]
        : [(i / count) * 100, ((i + 1) / count) * 100],
    ) as [number, number][]

    // Category names (not days or numbers) may wrap onto two lines within their band.
    let xTicks: { at: number; text: string; width?: number }[]
    if (linear && isDates) {
      xTicks = dateTicks(xMin, xMax, MAX_X_TICKS).map((day) => ({
        at: xMax === xMin ? 50 : ((day - xMin) / (xMax - xMin)) * 100,
        text: tickDate.format(dayToDate(day)),
      }))
    } else if (linear) {
      const ticks =
        xMax === xMin ? [xMin] : niceTicks(xMin, xMax, 6).ticks.filter((t) => t >= xMin && t <= xMax)
      xTicks = ticks.map((t) => ({
        at: xMax === xMin ? 50 : ((t - xMin) / (xMax - xMin)) * 100,
        text: formatX ? formatX(t) : formatter.number(t),
      }))
    } else {
      const every = Math.ceil(count / MAX_X_TICKS)
      const width = isDates ? undefined : (100 / count) * every
      xTicks = rows.flatMap((row, i) =>
        i % every ? [] : [{ at: centers[i]!, text: xText(row.x, false), width }],
      )
    }

    return { rows, y, yAt, centers, bounds, xTicks, linear, values, xText }
  }, [data, x, series, format, currency, formatter, kind, stacked, height, locale, formatX, yMin, yMax])

  const { rows, y, yAt, centers, bounds, xTicks, linear, values, xText } = model
  const colorOf = (index: number) => ((series[index]?.color ?? (index % 6) + 1) - 1) % 6
  // Stacked bars also tell the height of the whole stack: the sum of the values that are there.
  const showTotal = kind === "bar" && stacked && series.length > 1
  const totalOf = (i: number) => {
    const present = rows[i]!.values.filter((v): v is number => v !== null)
    return present.length === 0 ? NO_VALUE : values.full(present.reduce((sum, v) => sum + v, 0))
  }
  const summary = (i: number) =>
    `${xText(rows[i]!.x, true)}: ${[
      ...series.map(
        (s, n) => `${s.label} ${rows[i]!.values[n] === null ? NO_VALUE : values.full(rows[i]!.values[n]!)}`,
      ),
      ...(showTotal ? [`${messages.total} ${totalOf(i)}`] : []),
    ].join(", ")}`
  const empty = rows.length === 0 || series.length === 0
  const showLegend = legend ?? series.length > 1
  const titleId = `${id}-title`
  const descriptionId = `${id}-description`
  const base = yAt(Math.max(y.min, Math.min(0, y.max)))
  const shown = active !== null && !dismissed && view === "chart" ? active : null

  const move = (to: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, to))
    setTabStop(next)
    columns.current[next]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, i: number) => {
    const targets: Record<string, number> = {
      ArrowRight: i + 1,
      ArrowLeft: i - 1,
      Home: 0,
      End: rows.length - 1,
    }
    if (event.key === "Escape") {
      setDismissed(true)
      return
    }
    const target = targets[event.key]
    if (target === undefined) return
    event.preventDefault()
    move(target)
  }

  // Bars: a group of side-by-side bars (or one stacked bar) centred in each band.
  const band = 100 / Math.max(1, rows.length)
  const barWidth = stacked ? band * 0.6 : (band * 0.72) / Math.max(1, series.length)
  const bars =
    kind === "bar"
      ? rows.flatMap((row, i) => {
          let up = 0
          let down = 0
          return row.values.flatMap((v, n) => {
            if (v === null || v === 0) return []
            let from = 0
            let to = v
            if (stacked) {
              from = v > 0 ? up : down
              to = from + v
              if (v > 0) up = to
              else down = to
            }
            const left = stacked
              ? centers[i]! - barWidth / 2
              : centers[i]! - (barWidth * series.length) / 2 + n * barWidth + barWidth * 0.08
            const top = yAt(Math.max(from, to))
            return [
              {
                key: `${i}-${n}`,
                x: left,
                y: top,
                width: stacked ? barWidth : barWidth * 0.84,
                height: Math.max(0, yAt(Math.min(from, to)) - top),
                color: colorOf(n),
              },
            ]
          })
        })
      : []
  const points = series.map((_, n) =>
    rows.map((row, i) =>
      row.values[n] === null ? null : ([centers[i]!, yAt(row.values[n]!)] as [number, number]),
    ),
  )
  const showDots = kind !== "bar" && rows.length <= 16

  const largest = Math.max(Math.abs(y.min), Math.abs(y.max))
  const yLabelWidth = `${Math.max(...y.ticks.map((t) => values.axis(t, y.step, largest).length)) + 1}ch`

  return (
    <figure
      data-slot={`${kind}-chart`}
      data-format={format}
      data-view={view}
      data-stacked={stacked || undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={cn(chartVariants({ kind }), className)}
      {...props}
    >
      <figcaption className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className={cn("min-w-0", hideTitle && "sr-only")}>
          <div id={titleId} className="text-sm font-semibold">
            {title}
          </div>
          {description ? (
            <div id={descriptionId} className="mt-0.5 text-xs text-muted-foreground">
              {description}
            </div>
          ) : null}
        </div>
        {empty ? null : (
          <Button
            variant="tertiary"
            className="-my-1 ml-auto h-8 px-2 text-xs"
            aria-controls={`${id}-table`}
            onClick={() => setView(view === "chart" ? "table" : "chart")}
          >
            {view === "chart" ? messages.showDataTable : messages.hideDataTable}
          </Button>
        )}
      </figcaption>

      {empty ? (
        <div
          data-slot="chart-empty"
          className="flex items-center justify-center rounded-md border border-dashed border-border-strong px-4 text-center text-sm text-muted-foreground"
          style={{ height }}
        >
          {emptyMessage ?? messages.emptyTitle}
        </div>
      ) : null}

      {!empty && showLegend && view === "chart" ? (
        <ul data-slot="chart-legend" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          {series.map((s, n) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={cn(
                  bgClasses[colorOf(n)],
                  kind === "line" ? "h-0.5 w-3.5 rounded-full" : "size-2.5 rounded-sm",
                )}
              />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}

      {!empty && view === "chart" && yLabel ? (
        <div className="-mb-1 text-xs text-muted-foreground">{yLabel}</div>
      ) : null}

      {!empty && view === "chart" ? (
        <div className="flex text-xs text-muted-foreground">
          <div className="relative shrink-0" style={{ width: yLabelWidth }}>
            <div aria-hidden="true" className="relative tabular-nums" style={{ height }}>
              {y.ticks.map((tick) => (
                <span
                  key={tick}
                  className="absolute right-2 -translate-y-1/2 whitespace-nowrap leading-none"
                  style={{ top: `${yAt(tick)}%` }}
                >
                  {values.axis(tick, y.step, largest)}
                </span>
              ))}
            </div>
          </div>
          <div className={cn("relative min-w-0 flex-1", linear && "mr-5")}>
            <div
              className="relative"
              style={{ height }}
              onPointerLeave={() => {
                if (focused.current === null) setActive(null)
              }}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 100 100"
                preserveAspectRatio="none"
                className="absolute inset-0 size-full overflow-visible"
              >
                {y.ticks.map((tick) => (
                  <line
                    key={tick}
                    x1={0}
                    x2={100}
                    y1={yAt(tick)}
                    y2={yAt(tick)}
                    vectorEffect="non-scaling-stroke"
                    className={tick === 0 ? "stroke-border-strong" : "stroke-border"}
                    strokeDasharray={tick === 0 ? undefined : "3 3"}
                  />
                ))}
                {shown !== null && kind === "bar" ? (
                  <rect
                    x={bounds[shown]![0]}
                    width={bounds[shown]![1] - bounds[shown]![0]}
                    y={0}
                    height={100}
                    className="fill-foreground/5"
                  />
                ) : null}
                {bars.map((bar) => (
                  <rect
                    key={bar.key}
                    x={bar.x}
                    y={bar.y}
                    width={bar.width}
                    height={bar.height}
                    className={fillClasses[bar.color]}
                  />
                ))}
                {kind === "area"
                  ? points.map((line, n) => (
                      <path
                        key={series[n]!.key}
                        d={areaPath(line, base)}
                        className={fillClasses[colorOf(n)]}
                        fillOpacity={0.16}
                      />
                    ))
                  : null}
                {kind !== "bar"
                  ? points.map((line, n) => (
                      <path
                        key={series[n]!.key}
                        d={linePath(line)}
                        fill="none"
                        strokeWidth={2}
                        strokeLinejoin="round"
                        strokeLinecap="round"
                        vectorEffect="non-scaling-stroke"
                        className={strokeClasses[colorOf(n)]}
                      />
                    ))
                  : null}
                {shown !== null && kind !== "bar" ? (
                  <line
                    x1={centers[shown]}
                    x2={centers[shown]}
                    y1={0}
                    y2={100}
                    vectorEffect="non-scaling-stroke"
                    className="stroke-border-strong"
                  />
                ) : null}
              </svg>

              {kind !== "bar"
                ? points.flatMap((line, n) =>
                    line.map((point, i) =>
                      point && (showDots || i === shown) ? (
                        <span
                          key={`${n}-${i}`}
                          aria-hidden="true"
                          className={cn(
                            "pointer-events-none absolute -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-surface",
                            bgClasses[colorOf(n)],
                            i === shown ? "size-3" : "size-2",
                          )}
                          style={{ left: `${point[0]}%`, top: `${point[1]}%` }}
                        />
                      ) : null,
                    ),
                  )
                : null}

              {rows.map((_, i) => (
                <div
                  key={i}
                  ref={(node) => {
                    columns.current[i] = node
                  }}
                  role="img"
                  aria-label={summary(i)}
                  tabIndex={i === Math.min(tabStop, rows.length - 1) ? 0 : -1}
                  data-slot="chart-point"
                  data-active={i === shown || undefined}
                  className="absolute inset-y-0 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
                  style={{ left: `${bounds[i]![0]}%`, width: `${bounds[i]![1] - bounds[i]![0]}%` }}
                  onPointerEnter={() => {
                    setActive(i)
                    setDismissed(false)
                  }}
                  onFocus={() => {
                    focused.current = i
                    setTabStop(i)
                    setActive(i)
                    setDismissed(false)
                  }}
                  onBlur={() => {
                    focused.current = null
                    setActive(null)
                  }}
                  onKeyDown={(event) => onKeyDown(event, i)}
                />
              ))}

              {shown !== null ? (
                <div
                  data-slot="chart-tooltip"
                  aria-hidden="true"
                  className={cn(
                    "pointer-events-none absolute top-0 z-tooltip w-max min-w-36 max-w-60 rounded-md border border-border bg-surface px-3 py-2 text-xs text-foreground shadow-popover",
                    centers[shown]! > 55 ? "-translate-x-[calc(100%+0.75rem)]" : "translate-x-3",
                  )}
                  style={{ left: `${centers[shown]}%` }}
                >
                  <p className="mb-1 font-semibold">{xText(rows[shown]!.x, true)}</p>
                  <ul className="space-y-0.5">
                    {series.map((s, n) => (
                      <li key={s.key} className="flex items-center gap-2">
                        <span
                          aria-hidden="true"
                          className={cn("size-2 shrink-0 rounded-full", bgClasses[colorOf(n)])}
                        />
                        <span className="text-muted-foreground">{s.label}</span>
                        <span className="ml-auto pl-3 font-medium tabular-nums">
                          {rows[shown]!.values[n] === null ? NO_VALUE : values.full(rows[shown]!.values[n]!)}
                        </span>
                      </li>
                    ))}
                  </ul>
                  {showTotal ? (
                    <p
                      data-slot="chart-tooltip-total"
                      className="mt-1 flex items-center gap-2 border-t border-border pt-1"
                    >
                      <span className="font-medium">{messages.total}</span>
                      <span className="ml-auto pl-3 font-semibold tabular-nums">{totalOf(shown)}</span>
                    </p>
                  ) : null}
                </div>
              ) : null}
            </div>

            <div aria-hidden="true" className={cn("relative mt-2", xTicks[0]?.width ? "h-8" : "h-4")}>
              {xTicks.map((tick, n) => (
                <span
                  key={`${tick.at}-${n}`}
                  className={cn(
                    "absolute top-0 -translate-x-1/2 leading-4",
                    tick.width
                      ? "line-clamp-2 px-0.5 text-center [overflow-wrap:anywhere]"
                      : "whitespace-nowrap",
                    n % 2 === 1 && xTicks.length > 4 && "@max-md:hidden",
                  )}
                  style={{ left: `${tick.at}%`, width: tick.width ? `${tick.width}%` : undefined }}
                >
                  {tick.text}
                </span>
              ))}
            </div>
            {xLabel ? <div className="mt-1 text-center">{xLabel}</div> : null}
          </div>
        </div>
      ) : null}

      {empty ? null : (
        <div
          id={`${id}-table`}
          data-slot="chart-table"
          tabIndex={view === "table" ? 0 : undefined}
          className={view === "table" ? "max-w-full overflow-x-auto rounded-md focus-ring" : "sr-only"}
        >
          <table aria-labelledby={titleId} className="w-full border-collapse text-sm">
            <thead>
              <tr>
                {xLabel ? (
                  <th scope="col" className="border-b border-border-strong px-3 py-2 text-left font-semibold">
                    {xLabel}
                  </th>
                ) : (
                  <td className="border-b border-border-strong px-3 py-2" />
                )}
                {series.map((s) => (
                  <th
                    key={s.key}
                    scope="col"
                    className="border-b border-border-strong px-3 py-2 text-right font-semibold"
                  >
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  <th
                    scope="row"
                    className="whitespace-nowrap border-b border-border px-3 py-2 text-left font-normal"
                  >
                    {xText(row.x, true)}
                  </th>
                  {row.values.map((v, n) => (
                    <td
                      key={series[n]!.key}
                      className="border-b border-border px-3 py-2 text-right tabular-nums"
                    >
                      {v === null ? NO_VALUE : values.full(v)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  )
}

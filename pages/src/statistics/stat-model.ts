/*
 * Client-side arithmetic of the public statistics and prices (no React): money conversions, the cost
 * calculator, the window of days a graph is asked for, chart rows and the week's load grid. The shapes come from
 * the contract (@manyhands/contract/statistics).
 */
import type { DateRange } from "@manyhands/design-system"
import {
  PRICE_CURRENCIES,
  STAT_EARLIEST_DAY,
  STAT_DEFAULT_PERIOD,
  STAT_MAX_WINDOW_DAYS,
  STAT_PERIODS,
  type GraphPoint,
  type PriceCurrency,
  type StatGraph,
  type StatGraphData,
  type StatPeriod,
  type TypePrice,
  type WeekHour,
} from "@manyhands/contract/statistics"
import { addDays, daysBetween, isDay } from "../customer/statistics/shared/days"

/** Ledger micro-units per currency unit. */
export const MICRO_PER_UNIT = 1_000_000

/** Tasks a price is quoted for. */
export const PRICE_UNIT = 1000

/** The days a month of the cost calculator has. */
export const MONTH_DAYS = 30

/** The most captchas a day the calculator takes (far beyond any real account; keeps the sums exact). */
export const MAX_PER_DAY = 100_000_000

// ---------------------------------------------------------------------------------------------------------
// Money

/**
 * A price per task in micro-units as the price per 1,000 tasks in minor units of a currency with `digits`
 * decimals (what the design system's money formats and Chart `format="currency"` take): 500 → 50 (¢, USD).
 * One micro-unit per task is one thousandth of a unit per 1,000, so the result may have decimals (0.1 ¢).
 */
export function perThousandMinor(microPerTask: number, digits: number): number {
  return (microPerTask * 10 ** digits) / PRICE_UNIT
}

/** A price per task in micro-units as the price per 1,000 tasks in currency units: 2990 → 2.99. */
export const perThousandUnits = (microPerTask: number): number => microPerTask / PRICE_UNIT

/**
 * Micro-units as whole minor units, rounded half up (exact for any size: bigint): 1_234_567 micro-USD → 123n ¢.
 * Negative amounts round half away from zero.
 */
export function microToMinor(micro: bigint, digits: number): bigint {
  const scale = 10n ** BigInt(Math.max(0, 6 - digits))
  const up = 10n ** BigInt(Math.max(0, digits - 6))
  const scaled = micro * up
  if (scale === 1n) return scaled
  const half = scale / 2n
  return scaled >= 0n ? (scaled + half) / scale : -((-scaled + half) / scale)
}

/** What `perDay` captchas a day at `microPerTask` cost over `days` days, in micro-units (exact). */
export function monthlyCostMicro(perDay: number, microPerTask: number, days = MONTH_DAYS): bigint {
  return BigInt(perDay) * BigInt(microPerTask) * BigInt(days)
}

/** Why a number of captchas a day cannot be used: not a whole number, or more than the calculator takes. */
export type PerDayProblem = "notWhole" | "tooMany"

/**
 * Reads what a visitor typed as captchas a day: digits with optional grouping spaces, commas, dots or
 * apostrophes ("25 000", "25,000"). Empty text is 0. Returns the number or why it cannot be used.
 */
export function parsePerDay(text: string): { value: number } | { problem: PerDayProblem } {
  const compact = text.trim().replace(/[\s\u00a0\u202f,.'’_]/g, "")
  if (compact === "") return { value: 0 }
  if (!/^\d+$/.test(compact)) return { problem: "notWhole" }
  // Grouping marks only between groups of three digits: "1.5" is a fraction, not fifteen.
  const grouped = text.trim()
  if (/[,.'’\s\u00a0\u202f_]/.test(grouped) && !/^\d{1,3}([,.'’\s\u00a0\u202f_]\d{3})+$/.test(grouped))
    return { problem: "notWhole" }
  const value = Number(compact)
  if (!Number.isSafeInteger(value) || value > MAX_PER_DAY) return { problem: "tooMany" }
  return { value }
}

/** The currency a screen shows: the one in the address when it is one of ours, else none. */
export function currencyOf(text: string | null | undefined): PriceCurrency | null {
  return (PRICE_CURRENCIES as readonly string[]).includes(text ?? "") ? (text as PriceCurrency) : null
}

// ---------------------------------------------------------------------------------------------------------
// Periods and windows of days

export function periodOf(text: string | null | undefined): StatPeriod | null {
  return (STAT_PERIODS as readonly string[]).includes(text ?? "") ? (text as StatPeriod) : null
}

/** The first day a window may start on (the server refuses earlier ones). */
export const EARLIEST_DAY = STAT_EARLIEST_DAY

/** Why a window of days is not asked for (the server would answer WINDOW_INVALID). */
export type WindowProblem = "invalidDate" | "order" | "tooEarly" | "future" | "tooLong"

/**
 * What is wrong with a window of days (UTC, both ends included), or null when the server takes it: real days in
 * order, from EARLIEST_DAY, ending no later than the day after `today` (UTC; a visitor east of Greenwich may
 * already be there) and at most `maxDays` days long.
 */
export function windowProblem(
  { from, to }: DateRange,
  today: string,
  maxDays: number = STAT_MAX_WINDOW_DAYS,
): WindowProblem | null {
  if (!isDay(from) || !isDay(to)) return "invalidDate"
  if (from > to) return "order"
  if (from < EARLIEST_DAY) return "tooEarly"
  if (isDay(today) && to > addDays(today, 1)) return "future"
  if (daysBetween(from, to) > maxDays) return "tooLong"
  return null
}

/** The UTC day of an instant, YYYY-MM-DD. */
export const utcDay = (at: string | number | Date): string => new Date(at).toISOString().slice(0, 10)

/** The last day a graph answer covers: the day of the instant before its exclusive end. */
export const lastDayOf = (graph: Pick<StatGraphData, "to">): string => utcDay(Date.parse(graph.to) - 1)

/** What a graph page asks for: a period, or a window of days instead; a type; a currency. */
export interface GraphAsk {
  period: StatPeriod
  window: DateRange | null
  type: string | null
  currency: PriceCurrency | null
}

/** The API's query for an ask, leaving out what the API assumes (the default period, all types). */
export function graphQuery(ask: GraphAsk): Record<string, string | undefined> {
  return {
    ...(ask.window
      ? { dateFrom: ask.window.from, dateTo: ask.window.to }
      : { period: ask.period === STAT_DEFAULT_PERIOD ? undefined : ask.period }),
    currency: ask.currency ?? undefined,
    type: ask.type ?? undefined,
  }
}

// ---------------------------------------------------------------------------------------------------------
// Charts

/** How each graph reads: the Chart format and the point fields drawn as series. */
export const GRAPH_SPECS = {
  devprice: { format: "currency", series: ["value"], money: true },
  devspeed: { format: "duration", series: ["p50", "p90"], money: false },
  devload: { format: "percent", series: ["value"], money: false },
  devonline: { format: "number", series: ["value", "max"], money: false },
  workspeed: { format: "duration", series: ["p50", "p90"], money: false },
  workprice: { format: "currency", series: ["value"], money: true },
} as const satisfies Record<
  StatGraph,
  {
    format: "currency" | "duration" | "percent" | "number"
    series: readonly ("value" | "p50" | "p90" | "max")[]
    money: boolean
  }
>

export type SeriesKey = "value" | "p50" | "p90" | "max"

/** One chart row: x is a day (YYYY-MM-DD) for day resolution, the ISO instant for hours. */
export type StatChartRow = { x: string; count: number | null } & Partial<Record<SeriesKey, number | null>>

/**
 * A graph's points as chart rows in the units the Chart formats take: money per 1,000 tasks in minor units,
 * durations in seconds, ratios as they are, workers as they are. Nulls stay nulls (no data in the interval).
 */
export function chartRows(data: StatGraphData, digits: number): StatChartRow[] {
  const spec = GRAPH_SPECS[data.graph]
  const convert = (raw: number | null | undefined): number | null => {
    if (raw === null || raw === undefined) return null
    if (spec.format === "currency") return perThousandMinor(raw, digits)
    if (spec.format === "duration") return raw / 1000
    return raw
  }
  return data.points.map((point: GraphPoint) => {
    const row: StatChartRow = {
      x: data.resolution === "day" ? utcDay(point.at) : point.at,
      count: point.count ?? null,
    }
    for (const key of spec.series) row[key] = convert(point[key])
    return row
  })
}

/** Whether any point of the rows has a value to draw. */
export const hasValues = (rows: readonly StatChartRow[], series: readonly SeriesKey[]): boolean =>
  rows.some((row) => series.some((key) => row[key] !== null && row[key] !== undefined))

/** The latest, lowest and highest value of a series, and the tasks the intervals count; null values skipped. */
export function seriesSummary(
  rows: readonly StatChartRow[],
  key: SeriesKey,
): { latest: number | null; low: number | null; high: number | null; count: number | null } {
  let latest: number | null = null
  let low: number | null = null
  let high: number | null = null
  let count: number | null = null
  for (const row of rows) {
    const value = row[key]
    if (row.count !== null) count = (count ?? 0) + row.count
    if (value === null || value === undefined) continue
    latest = value
    low = low === null ? value : Math.min(low, value)
    high = high === null ? value : Math.max(high, value)
  }
  return { latest, low, high, count }
}

// ---------------------------------------------------------------------------------------------------------
// Types and the week

/** The `count` busiest types by tasks solved (the list's order among equals). */
export function busiestTypes(prices: readonly TypePrice[], count: number): TypePrice[] {
  return prices
    .map((price, index) => ({ price, index }))
    .sort((a, b) => b.price.solved - a.price.solved || a.index - b.index)
    .slice(0, count)
    .map(({ price }) => price)
}

/** Load bands of the week view, from idle to saturated: 0 is under 20 %, 4 is 80 % or more. */
export const LOAD_LEVELS = 5
export function loadLevel(load: number | null): number | null {
  if (load === null) return null
  return Math.min(LOAD_LEVELS - 1, Math.max(0, Math.floor(load * LOAD_LEVELS)))
}

/** The week as 7 rows (Monday first) of 24 hours (UTC); a cell the answer lacks is null. */
export function weekGrid(week: readonly WeekHour[]): (WeekHour | null)[][] {
  const grid: (WeekHour | null)[][] = Array.from({ length: 7 }, () => Array<WeekHour | null>(24).fill(null))
  for (const cell of week) {
    const row = grid[cell.weekday]
    if (row && cell.hour >= 0 && cell.hour < 24) row[cell.hour] = cell
  }
  return grid
}

/** The `count` hours of the week with the lowest load (the best time to submit), quietest first. */
export function quietestHours(week: readonly WeekHour[], count: number): WeekHour[] {
  return week
    .filter((cell) => cell.load !== null)
    .sort((a, b) => (a.load as number) - (b.load as number) || a.weekday - b.weekday || a.hour - b.hour)
    .slice(0, count)
}

/** The hour of the week with the highest load, or null without any. */
export function busiestHour(week: readonly WeekHour[]): WeekHour | null {
  let best: WeekHour | null = null
  for (const cell of week)
    if (cell.load !== null && (best === null || cell.load > (best.load as number))) best = cell
  return best
}

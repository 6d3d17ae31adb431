import type {
  CustomerPrices,
  GraphPoint,
  PriceCurrency,
  PublicStatistics,
  StatGraph,
  StatGraphData,
  TypeFigures,
  WeekHour,
} from "@manyhands/contract/statistics"
import type { Queryable } from "../../db/database"
import type { CatalogueType } from "../captcha/catalogue"
import { perThousand } from "../captcha/prices"
import { addInto, emptyHistogram, percentile } from "./histogram"

/*
 * The public figures, read from the rollups only (never from the task tables): graphs over hours or days, the
 * 24-hour snapshot and the price list. Sums of money are kept per currency of the tasks and converted at read time
 * with the reference rates (exchange_rates), in integers.
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const iso = (ms: number) => new Date(ms).toISOString()
const at = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`

export type Rates = Record<string, bigint>

export async function readRates(db: Queryable): Promise<Rates> {
  const { rows } = await db.query<{ currency: string; rate: string }>(
    "SELECT currency, per_usd_millionths::text AS rate FROM exchange_rates",
  )
  return Object.fromEntries(rows.map((row) => [row.currency, BigInt(row.rate)]))
}

/** Micro-units of `from` in `to`, rounded to the nearest micro-unit (half away from zero). */
export function convert(amount: number, from: string, to: string, rates: Rates): number {
  if (from === to || amount === 0) return amount
  const numerator = BigInt(Math.round(amount)) * rates[to]!
  const denominator = rates[from]!
  return Number((numerator * 2n + denominator) / (denominator * 2n))
}

/** The sums of a set of rollup rows (one interval, or a whole range). */
export class Sums {
  created = 0
  solved = 0
  unsolvable = 0
  charged = 0
  paidAnswers = 0
  pay = 0
  solveHist = emptyHistogram()
  offers = 0
  waitHist = emptyHistogram()
  idleMs = 0
  busyMs = 0
  workerMinutes = 0
  workersMax = 0

  load(): number | null {
    const waited = this.waitMs + this.idleMs
    return this.busyMs + waited > 0 ? round(this.busyMs / (this.busyMs + waited), 4) : null
  }
  waitMs = 0
  unsolvableRate(): number | null {
    const ended = this.solved + this.unsolvable
    return ended > 0 ? round(this.unsolvable / ended, 4) : null
  }
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits

interface Selection {
  grain: "minute" | "hour" | "day"
  from: number
  to: number
  /** One type, or null for all (stat_work's '' row). */
  type: string | null
  currency: PriceCurrency
}

/** Sums per interval start (ms) and, when `byType`, per type too (key `${bucket}|${type}`). */
async function readSums(
  db: Queryable,
  { grain, from, to, type, currency }: Selection,
  rates: Rates,
  group: "bucket" | "type" | "both",
): Promise<Map<string, Sums>> {
  const sums = new Map<string, Sums>()
  const keyOf = (bucket: number, rowType: string) =>
    group === "bucket" ? String(bucket) : group === "type" ? rowType : `${bucket}|${rowType}`
  const get = (bucket: number, rowType: string) => {
    const key = keyOf(bucket, rowType)
    let found = sums.get(key)
    if (!found) sums.set(key, (found = new Sums()))
    return found
  }
  const params = [grain, iso(from), iso(to), type]
  const tasks = await db.query<{
    b: number
    type: string
    currency: string
    created: number
    solved: number
    unsolvable: number
    charged: number
    paid: number
    pay: number
    hist: number[]
  }>(
    `SELECT ${at("bucket")} AS b, type, currency, created, solved, unsolvable, charged_sum::float8 AS charged,
            paid_answers AS paid, pay_sum::float8 AS pay, solve_hist AS hist
       FROM stat_tasks WHERE grain = $1 AND bucket >= $2 AND bucket < $3 AND ($4::text IS NULL OR type = $4)`,
    params,
  )
  for (const row of tasks.rows) {
    const target = get(row.b, row.type)
    target.created += row.created
    target.solved += row.solved
    target.unsolvable += row.unsolvable
    target.charged += convert(row.charged, row.currency, currency, rates)
    target.paidAnswers += row.paid
    target.pay += convert(row.pay, row.currency, currency, rates)
    addInto(target.solveHist, row.hist)
  }
  const work = await db.query<{
    b: number
    type: string
    offers: number
    wait: number
    hist: number[]
    idle: number
    busy: number
    minutes: number
    max: number
  }>(
    `SELECT ${at("bucket")} AS b, type, offers, wait_ms_sum::float8 AS wait, wait_hist AS hist,
            idle_ms_sum::float8 AS idle, busy_ms_sum::float8 AS busy, worker_minutes AS minutes, workers_max AS max
       FROM stat_work WHERE grain = $1 AND bucket >= $2 AND bucket < $3
        AND (CASE WHEN $5 THEN type <> '' ELSE type = coalesce($4::text, '') END)`,
    [...params, group !== "bucket" && type === null],
  )
  for (const row of work.rows) {
    const target = get(row.b, row.type)
    target.offers += row.offers
    target.waitMs += row.wait
    addInto(target.waitHist, row.hist)
    target.idleMs += row.idle
    target.busyMs += row.busy
    target.workerMinutes += row.minutes
    target.workersMax = Math.max(target.workersMax, row.max)
  }
  return sums
}

export interface GraphRange {
  period: StatGraphData["period"]
  resolution: "hour" | "day"
  from: number
  to: number
}

/** The intervals of a period ending now: 24 h and 7 d by the hour, 30 d and 1 y by the UTC day. */
export function periodRange(period: "24h" | "7d" | "30d" | "1y", now: number): GraphRange {
  const hours = { "24h": 24, "7d": 168 }[period as "24h" | "7d"]
  if (hours !== undefined) {
    const to = Math.floor(now / HOUR) * HOUR + HOUR
    return { period, resolution: "hour", from: to - hours * HOUR, to }
  }
  const days = period === "30d" ? 30 : 365
  const to = Math.floor(now / DAY) * DAY + DAY
  return { period, resolution: "day", from: to - days * DAY, to }
}

function pointOf(graph: StatGraph, bucket: number, sums: Sums | undefined, step: number): GraphPoint {
  const s = sums ?? new Sums()
  const point: GraphPoint = { at: iso(bucket) }
  switch (graph) {
    case "devprice":
      return { ...point, value: s.solved > 0 ? Math.round(s.charged / s.solved) : null, count: s.solved }
    case "workprice":
      return {
        ...point,
        value: s.paidAnswers > 0 ? Math.round(s.pay / s.paidAnswers) : null,
        count: s.paidAnswers,
      }
    case "devspeed":
      return {
        ...point,
        p50: percentile(s.solveHist, 0.5),
        p90: percentile(s.solveHist, 0.9),
        count: s.solved,
      }
    case "workspeed":
      return { ...point, p50: percentile(s.waitHist, 0.5), p90: percentile(s.waitHist, 0.9), count: s.offers }
    case "devload":
      return { ...point, value: s.load() }
    case "devonline":
      return {
        ...point,
        value: sums ? round(s.workerMinutes / (step / MINUTE), 2) : null,
        max: sums ? s.workersMax : null,
      }
  }
}

export async function readGraph(
  db: Queryable,
  graph: StatGraph,
  range: GraphRange,
  options: { type: string | null; currency: PriceCurrency; rates: Rates },
): Promise<StatGraphData> {
  const sums = await readSums(
    db,
    {
      grain: range.resolution,
      from: range.from,
      to: range.to,
      type: options.type,
      currency: options.currency,
    },
    options.rates,
    "bucket",
  )
  const step = range.resolution === "hour" ? HOUR : DAY
  const points: GraphPoint[] = []
  for (let bucket = range.from; bucket < range.to; bucket += step)
    points.push(pointOf(graph, bucket, sums.get(String(bucket)), step))
  return {
    graph,
    period: range.period,
    from: iso(range.from),
    to: iso(range.to),
    resolution: range.resolution,
    currency: options.currency,
    type: options.type,
    points,
  }
}

/** One Sums of many. */
function total(sums: Iterable<Sums>): Sums {
  const all = new Sums()
  for (const s of sums) {
    all.created += s.created
    all.solved += s.solved
    all.unsolvable += s.unsolvable
    all.charged += s.charged
    all.paidAnswers += s.paidAnswers
    all.pay += s.pay
    addInto(all.solveHist, s.solveHist)
    all.offers += s.offers
    all.waitMs += s.waitMs
    addInto(all.waitHist, s.waitHist)
    all.idleMs += s.idleMs
    all.busyMs += s.busyMs
    all.workerMinutes += s.workerMinutes
    all.workersMax = Math.max(all.workersMax, s.workersMax)
  }
  return all
}

/** Per type (and '' for the whole service): the last 24 hours, the last hour's load, workers of the last 5 minutes. */
async function recentByType(db: Queryable, currency: PriceCurrency, rates: Rates, now: number) {
  const day = await readSums(
    db,
    { grain: "hour", from: Math.floor(now / HOUR) * HOUR - 23 * HOUR, to: now + HOUR, type: null, currency },
    rates,
    "type",
  )
  const minuteSelection = (from: number) => ({
    grain: "minute" as const,
    from: Math.floor(from / MINUTE) * MINUTE,
    to: now + MINUTE,
    type: null,
    currency,
  })
  const hour = await readSums(db, minuteSelection(now - HOUR), rates, "type")
  const lastMinutes = await readSums(db, minuteSelection(now - 5 * MINUTE), rates, "type")
  const serviceDay = await readSums(
    db,
    { grain: "hour", from: Math.floor(now / HOUR) * HOUR - 23 * HOUR, to: now + HOUR, type: null, currency },
    rates,
    "bucket",
  )
  const serviceHour = await readSums(db, { ...minuteSelection(now - HOUR) }, rates, "bucket")
  const serviceNow = await readSums(db, minuteSelection(now - 5 * MINUTE), rates, "bucket")
  return {
    day,
    hour,
    lastMinutes,
    service: {
      day: total(serviceDay.values()),
      hour: total(serviceHour.values()),
      now: total(serviceNow.values()),
    },
  }
}

/** Hour-of-week cells over the last 28 days (UTC), from the service's hourly rows. */
async function readWeek(
  db: Queryable,
  currency: PriceCurrency,
  rates: Rates,
  now: number,
): Promise<WeekHour[]> {
  const to = Math.floor(now / HOUR) * HOUR
  const hours = await readSums(
    db,
    { grain: "hour", from: to - 28 * DAY, to, type: null, currency },
    rates,
    "bucket",
  )
  if (hours.size === 0) return []
  const cells = Array.from({ length: 168 }, () => ({ sums: new Sums(), weeks: 0 }))
  for (const [bucket, sums] of hours) {
    const date = new Date(Number(bucket))
    const cell = cells[((date.getUTCDay() + 6) % 7) * 24 + date.getUTCHours()]!
    cell.sums = total([cell.sums, sums])
    cell.weeks++
  }
  return cells.map((cell, index) => ({
    weekday: Math.floor(index / 24),
    hour: index % 24,
    created: cell.weeks > 0 ? round(cell.sums.created / cell.weeks, 1) : 0,
    load: cell.sums.load(),
  }))
}

export async function readSnapshot(
  db: Queryable,
  types: CatalogueType[],
  currency: PriceCurrency,
  rates: Rates,
  now: number,
): Promise<PublicStatistics> {
  const recent = await recentByType(db, currency, rates, now)
  const { day, hour, now: current } = recent.service
  const figures = types.map((type): TypeFigures => {
    const s = recent.day.get(type.code) ?? new Sums()
    return {
      type: type.code,
      kind: type.kind,
      created: s.created,
      solved: s.solved,
      unsolvableRate: s.unsolvableRate(),
      p50Ms: percentile(s.solveHist, 0.5),
      p90Ms: percentile(s.solveHist, 0.9),
      load: recent.hour.get(type.code)?.load() ?? null,
      workersOnline: recent.lastMinutes.get(type.code)?.workersMax ?? 0,
    }
  })
  return {
    currency,
    generatedAt: iso(now),
    totals: {
      created: day.created,
      solved: day.solved,
      unsolvableRate: day.unsolvableRate(),
      p50Ms: percentile(day.solveHist, 0.5),
      p90Ms: percentile(day.solveHist, 0.9),
      load: hour.load(),
      workersOnline: current.workersMax,
      waitP50Ms: percentile(day.waitHist, 0.5),
      spent: day.charged,
      earned: day.pay,
    },
    types: figures,
    week: await readWeek(db, currency, rates, now),
  }
}

export async function readPrices(
  db: Queryable,
  types: CatalogueType[],
  currency: PriceCurrency,
  rates: Rates,
  now: number,
): Promise<CustomerPrices> {
  const recent = await recentByType(db, currency, rates, now)
  const today = Math.floor(now / DAY) * DAY
  const daily = await readSums(
    db,
    { grain: "day", from: today - 13 * DAY, to: today + DAY, type: null, currency },
    rates,
    "both",
  )
  const prices = types.flatMap((type) => {
    const price =
      type.prices[currency] ?? (type.prices.USD ? convert(type.prices.USD, "USD", currency, rates) : null)
    if (!price) return []
    const s = recent.day.get(type.code) ?? new Sums()
    return [
      {
        type: type.code,
        kind: type.kind,
        perTask: price,
        perThousand: perThousand(price),
        // The worker's pay of the price version in force (migration 0034), else the type's share of the price.
        workerPerThousand: perThousand(
          (type.prices[currency] !== undefined ? type.workerPay[currency] : undefined) ??
            Math.floor((price * type.workerSharePercent) / 100),
        ),
        p50Ms: percentile(s.solveHist, 0.5),
        load: recent.hour.get(type.code)?.load() ?? null,
        solved: s.solved,
        daily: Array.from(
          { length: 14 },
          (_, n) => daily.get(`${today - (13 - n) * DAY}|${type.code}`)?.solved ?? 0,
        ),
      },
    ]
  })
  return { currency, generatedAt: iso(now), prices }
}

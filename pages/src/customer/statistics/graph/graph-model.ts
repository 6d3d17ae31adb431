import type { GraphData } from "@manyhands/contract/captcha"
import { eachDay } from "../shared/days"

/** Types drawn as their own series; the rest are added up as "Other". */
export const TOP_TYPES = 5
export const OTHER = "other"

/** One series of the charts: a type among the busiest five, or all the others. */
export interface GraphSeries {
  /** Field of the chart rows: s0…s4, or "other". */
  key: string
  /** The captcha type code; null for "Other". */
  type: string | null
}

/** What a set of tasks amounts to: one type, one day, a series or everything. */
export interface Totals {
  tasks: number
  solved: number
  /** Micro-units. */
  spent: number
  /** Mean seconds to the answer over the solved tasks; null when none was solved. */
  averageSolveSeconds: number | null
}

export type ChartRow = { date: string } & Record<string, number | string | null>

export interface GraphModel {
  series: GraphSeries[]
  /** One row per day of the window (days without tasks are 0): tasks, spend (micro-units) and solve time. */
  tasks: ChartRow[]
  spent: ChartRow[]
  time: ChartRow[]
  /** Every type that had tasks, the busiest first. */
  byType: ({ type: string } & Totals)[]
  total: Totals
}

/** Adds up totals; the mean time is weighted by the solved tasks that have one. */
class Sum {
  tasks = 0
  solved = 0
  spent = 0
  private timed = 0
  private seconds = 0
  add(row: Totals) {
    this.tasks += row.tasks
    this.solved += row.solved
    this.spent += row.spent
    if (row.averageSolveSeconds !== null && row.solved > 0) {
      this.timed += row.solved
      this.seconds += row.averageSolveSeconds * row.solved
    }
    return this
  }
  totals(): Totals {
    return {
      tasks: this.tasks,
      solved: this.solved,
      spent: this.spent,
      averageSolveSeconds: this.timed > 0 ? Math.round((this.seconds / this.timed) * 10) / 10 : null,
    }
  }
}

/** The graph answer as the charts and the table need it. */
export function graphModel(data: GraphData): GraphModel {
  const perType = new Map<string, Sum>()
  const total = new Sum()
  for (const row of data.rows) {
    let sum = perType.get(row.type)
    if (!sum) perType.set(row.type, (sum = new Sum()))
    sum.add(row)
    total.add(row)
  }
  const byType = [...perType]
    .map(([type, sum]) => ({ type, ...sum.totals() }))
    .sort((a, b) => b.tasks - a.tasks || b.spent - a.spent || a.type.localeCompare(b.type))

  // Five types of their own; a sixth would rather be drawn itself than as an "Other" of one.
  const own = byType.length <= TOP_TYPES + 1 ? byType : byType.slice(0, TOP_TYPES)
  const series: GraphSeries[] = own.map((entry, i) => ({ key: `s${i}`, type: entry.type }))
  if (own.length < byType.length) series.push({ key: OTHER, type: null })
  const keyOf = new Map(own.map((entry, i) => [entry.type, `s${i}`]))

  const cells = new Map<string, Sum>()
  for (const row of data.rows) {
    const cell = `${row.date} ${keyOf.get(row.type) ?? OTHER}`
    let sum = cells.get(cell)
    if (!sum) cells.set(cell, (sum = new Sum()))
    sum.add(row)
  }

  const tasks: ChartRow[] = []
  const spent: ChartRow[] = []
  const time: ChartRow[] = []
  for (const date of eachDay(data.dateFrom, data.dateTo)) {
    const t: ChartRow = { date }
    const s: ChartRow = { date }
    const m: ChartRow = { date }
    for (const { key } of series) {
      const cell = cells.get(`${date} ${key}`)?.totals()
      t[key] = cell?.tasks ?? 0
      s[key] = cell?.spent ?? 0
      m[key] = cell?.averageSolveSeconds ?? null
    }
    tasks.push(t)
    spent.push(s)
    time.push(m)
  }
  return { series, tasks, spent, time, byType, total: total.totals() }
}

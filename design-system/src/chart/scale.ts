/** Pure maths of the charts: nice axis ticks for numbers, durations and dates. No React, no DOM. */

export type TickKind = "number" | "integer" | "duration"

export interface NiceTicks {
  /** First tick, at or below the smallest value. */
  min: number
  /** Last tick, at or above the largest value. */
  max: number
  step: number
  ticks: number[]
}

/** Steps a duration axis (seconds) may use from 10 s up to a day: whole seconds, minutes, hours. */
const durationSteps = [10, 15, 20, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400]

/** Removes floating-point noise (0.1 + 0.2) from a computed tick. */
const clean = (value: number) => Number(value.toPrecision(12))

/** A round step (1, 2, 2.5 or 5 × 10ⁿ; whole minutes and hours for durations) giving about `count` steps. */
export function niceStep(span: number, count: number, kind: TickKind = "number"): number {
  const raw = Math.abs(span) / Math.max(1, count)
  if (!Number.isFinite(raw) || raw === 0) return 1
  if (kind === "duration" && raw > 5) {
    const step = durationSteps.find((candidate) => candidate >= raw)
    return step ?? niceStep(raw / 86400, 1) * 86400
  }
  const power = 10 ** Math.floor(Math.log10(raw))
  const fraction = raw / power
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10
  const step = clean(nice * power)
  if (kind === "integer") return step < 1 ? 1 : Number.isInteger(step) ? step : Math.ceil(step)
  return step
}

/**
 * Ticks covering [min, max] with about `count` intervals; the ends are rounded outwards to a tick, so
 * 0…1 234 becomes 0, 250, 500 … 1 250. An empty or flat range still gives two ticks.
 */
export function niceTicks(min: number, max: number, count = 5, kind: TickKind = "number"): NiceTicks {
  let lo = Number.isFinite(min) ? min : 0
  let hi = Number.isFinite(max) ? max : 0
  if (lo > hi) [lo, hi] = [hi, lo]
  if (lo === hi) {
    if (lo === 0) hi = 1
    else if (lo > 0) lo = 0
    else hi = 0
  }
  const step = niceStep(hi - lo, count, kind)
  const first = Math.floor(clean(lo / step)) * step
  const last = Math.ceil(clean(hi / step)) * step
  const ticks: number[] = []
  for (let i = 0; first + i * step <= last + step / 1e6; i++) ticks.push(clean(first + i * step))
  return { min: ticks[0]!, max: ticks[ticks.length - 1]!, step, ticks }
}

const DAY_MS = 86_400_000

/** "2026-05-01" → days since 1970-01-01 (UTC); anything else → undefined. */
export function parseDay(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return undefined
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  const date = new Date(time)
  return date.getUTCDate() === Number(match[3]) ? time / DAY_MS : undefined
}

/** Days since 1970-01-01 → a Date at midnight UTC. */
export function dayToDate(day: number): Date {
  return new Date(day * DAY_MS)
}

/**
 * At most `maxCount` date ticks between two days (inclusive): every day, every other day, Mondays, every
 * other Monday, then first days of 1, 2, 3, 6 or 12 months.
 */
export function dateTicks(first: number, last: number, maxCount = 8): number[] {
  if (last < first) [first, last] = [last, first]
  const span = last - first
  if (span === 0) return [first]
  const range = (start: number, step: number) => {
    const out: number[] = []
    for (let day = start; day <= last; day += step) out.push(day)
    return out
  }
  if (span + 1 <= maxCount) return range(first, 1)
  if (span / 2 + 1 <= maxCount) return range(first, 2)
  // 1970-01-01 was a Thursday: day % 7 === 4 is a Monday.
  const monday = first + ((((4 - first) % 7) + 7) % 7)
  if (span / 7 <= maxCount) return range(monday, 7)
  if (span / 14 <= maxCount) return range(monday, 14)
  const start = dayToDate(first)
  const firstMonth = start.getUTCFullYear() * 12 + start.getUTCMonth() + (start.getUTCDate() > 1 ? 1 : 0)
  for (const months of [1, 2, 3, 6, 12, 24, 60, 120]) {
    if (span / (30.44 * months) > maxCount) continue
    const out: number[] = []
    for (let index = firstMonth; ; index++) {
      const day = Date.UTC(Math.floor(index / 12), index % 12, 1) / DAY_MS
      if (day > last) break
      if (index % months === 0) out.push(day)
    }
    return out
  }
  return [first, last]
}

/** How many decimals a tick step needs (0.25 → 2, 5 → 0). */
export function stepDecimals(step: number): number {
  const text = String(step)
  const dot = text.indexOf(".")
  return dot === -1 ? 0 : text.length - dot - 1
}

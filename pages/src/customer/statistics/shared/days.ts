/** Calendar days as the statistics API takes them: "YYYY-MM-DD", both ends of a range included. */

import type { DateRange } from "@manyhands/design-system"

const DAY = /^\d{4}-\d{2}-\d{2}$/
const MS_PER_DAY = 86_400_000

/** A real calendar day written as YYYY-MM-DD (not 2026-02-30). */
export function isDay(text: string | null | undefined): text is string {
  if (!text || !DAY.test(text)) return false
  const time = Date.parse(`${text}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / MS_PER_DAY

/** The day `days` after (or before, when negative) `day`. */
export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * MS_PER_DAY).toISOString().slice(0, 10)
}

/** Days from `from` to `to`, both included: 1 for one day. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1
}

/** The last `days` days up to `today`, both included. */
export const lastDays = (today: string, days: number): DateRange => ({
  from: addDays(today, 1 - days),
  to: today,
})

/** Why a range of days is not asked for: no real days, the first after the last, or more than the page allows. */
export type RangeProblem = "invalidDate" | "order" | "tooLong"

/** What is wrong with a range of at most `maxDays` days, or null when it can be asked for. */
export function rangeProblem({ from, to }: DateRange, maxDays: number): RangeProblem | null {
  if (!isDay(from) || !isDay(to)) return "invalidDate"
  if (from > to) return "order"
  if (daysBetween(from, to) > maxDays) return "tooLong"
  return null
}

/** Every day from `from` to `to`, in order. */
export function eachDay(from: string, to: string): string[] {
  const count = Math.max(0, daysBetween(from, to))
  return Array.from({ length: count }, (_, i) => addDays(from, i))
}

/** Today in a time zone (the user's profile), as YYYY-MM-DD; the browser's zone when it is unknown. */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(now)
  } catch {
    return new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }).format(now)
  }
}

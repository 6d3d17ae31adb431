/**
 * Calendar maths on ISO dates ("YYYY-MM-DD" strings), the format DateRangePicker speaks. A date here is a day,
 * not an instant: every calculation runs in UTC so no time zone or daylight-saving change can move it.
 */

/** A range of days, both ends included. Empty strings mean "not chosen". */
export interface DateRange {
  from: string
  to: string
}

export type DatePreset = "today" | "last7Days" | "last30Days" | "thisMonth"

export const datePresets: readonly DatePreset[] = ["today", "last7Days", "last30Days", "thisMonth"]

const isoPattern = /^(\d{4})-(\d{2})-(\d{2})$/

/** The parts of a real calendar day ("2026-02-30" and "2026-2-3" are not), or null. */
export function parseIsoDate(text: string): { year: number; month: number; day: number } | null {
  const match = isoPattern.exec(text)
  if (!match) return null
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return { year, month, day }
}

export function isValidIsoDate(text: string): boolean {
  return parseIsoDate(text) !== null
}

/** 2026, 5, 1 → "2026-05-01". Out-of-range months and days roll over (month 13 is January of next year). */
export function formatIsoDate(year: number, month: number, day: number): string {
  return fromUtc(Date.UTC(year, month - 1, day))
}

function fromUtc(time: number): string {
  const date = new Date(time)
  const y = String(date.getUTCFullYear()).padStart(4, "0")
  const m = String(date.getUTCMonth() + 1).padStart(2, "0")
  const d = String(date.getUTCDate()).padStart(2, "0")
  return `${y}-${m}-${d}`
}

function requireDate(text: string) {
  const parts = parseIsoDate(text)
  if (!parts) throw new RangeError(`Not a YYYY-MM-DD date: ${text}`)
  return parts
}

/** 1…31; February knows leap years. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

export function addDays(date: string, days: number): string {
  const { year, month, day } = requireDate(date)
  return formatIsoDate(year, month, day + days)
}

/** Same day in another month, clamped to its length: 2026-01-31 + 1 month → 2026-02-28. */
export function addMonths(date: string, months: number): string {
  const { year, month, day } = requireDate(date)
  const first = parseIsoDate(formatIsoDate(year, month + months, 1))!
  return formatIsoDate(first.year, first.month, Math.min(day, daysInMonth(first.year, first.month)))
}

export function startOfMonth(date: string): string {
  const { year, month } = requireDate(date)
  return formatIsoDate(year, month, 1)
}

export function endOfMonth(date: string): string {
  const { year, month } = requireDate(date)
  return formatIsoDate(year, month, daysInMonth(year, month))
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: string): number {
  const { year, month, day } = requireDate(date)
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay()
}

/** Valid ISO dates sort as strings; this says so in one place. */
export function compareIsoDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** The same range with its ends in order. */
export function orderRange(a: string, b: string): DateRange {
  return compareIsoDates(a, b) <= 0 ? { from: a, to: b } : { from: b, to: a }
}

export function isInRange(date: string, range: DateRange): boolean {
  return range.from !== "" && range.to !== "" && date >= range.from && date <= range.to
}

/**
 * The range a preset stands for, seen from `today`. "Last 7 days" is today and the 6 days before it;
 * "this month" runs from the 1st to today (there is no data about the future yet).
 */
export function presetRange(preset: DatePreset, today: string): DateRange {
  switch (preset) {
    case "today":
      return { from: today, to: today }
    case "last7Days":
      return { from: addDays(today, -6), to: today }
    case "last30Days":
      return { from: addDays(today, -29), to: today }
    case "thisMonth":
      return { from: startOfMonth(today), to: today }
  }
}

/**
 * The days shown for one month: always 6 weeks of 7 days (so the calendar keeps its height), starting on
 * `weekStartsOn` (0 = Sunday, 1 = Monday), with the neighbouring months' days filling the edges.
 */
export function monthGrid(year: number, month: number, weekStartsOn = 1): string[][] {
  const first = formatIsoDate(year, month, 1)
  const lead = (dayOfWeek(first) - weekStartsOn + 7) % 7
  const start = addDays(first, -lead)
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, day) => addDays(start, week * 7 + day)),
  )
}

/** The first day of the week in a language (0 = Sunday, 1 = Monday), from Intl where it knows. */
export function firstDayOfWeek(locale: string): number {
  try {
    const info = new Intl.Locale(locale) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number }
      weekInfo?: { firstDay: number }
    }
    const week = info.getWeekInfo?.() ?? info.weekInfo
    if (week) return week.firstDay % 7
  } catch {
    // An engine without week data: fall through to the table.
  }
  return ["en", "ja", "ko", "pt", "th", "zh"].includes(locale.slice(0, 2)) ? 0 : 1
}

/** Today in the visitor's time zone, as an ISO date. Call it in effects or handlers, not while rendering on a server. */
export function todayIsoDate(now = new Date()): string {
  return formatIsoDate(now.getFullYear(), now.getMonth() + 1, now.getDate())
}

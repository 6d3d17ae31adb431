import { DAY_PATTERN } from "@manyhands/contract"
import { HttpError } from "../http/errors"

/*
 * Dates as the JSON APIs write them: moments as ISO 8601 text, calendar days as YYYY-MM-DD (the days of a
 * window a user asks for, checked here so every list refuses a wrong one with the same codes).
 */

/** A moment as ISO 8601 text (`2026-03-04T14:32:51.000Z`); null stays null. */
export const isoTime = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString()

/** A day as the contract's `Day` takes it, years 1900–2999 (the calendar is checked by `checkDay`). */
const DAY = new RegExp(DAY_PATTERN)
const DAY_MS = 86_400_000

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS

/** The day `days` after (or before, when negative) this one. */
export const addDays = (day: string, days: number) =>
  new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10)

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1

/** A real calendar day (not 2026-02-30), or 400 DATE_INVALID naming the field. */
export function checkDay(day: string | undefined, field: string): string | undefined {
  if (day === undefined) return undefined
  const time = Date.parse(`${day}T00:00:00Z`)
  if (!DAY.test(day) || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day) {
    const message = `${JSON.stringify(day)} is not a date; give it as YYYY-MM-DD, like 2026-03-01.`
    throw new HttpError(400, "DATE_INVALID", message, [{ field, message }])
  }
  return day
}

/** 400 DATE_RANGE_INVALID when the first day comes after the last. */
export function checkRange(from: string | undefined, to: string | undefined) {
  if (from !== undefined && to !== undefined && from > to) {
    const message = `The first day (${from}) comes after the last day (${to}).`
    throw new HttpError(400, "DATE_RANGE_INVALID", message, [{ field: "dateFrom", message }])
  }
}

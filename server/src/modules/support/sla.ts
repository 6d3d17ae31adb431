/*
 * Response targets (SLA) of support tickets, computed on read from a ticket's events (support_ticket_events): the
 * clock runs over business hours while the ticket waits for staff (new or open) and stops while it waits for the
 * customer, is on hold, resolved, closed or spam. Pure functions over a weekly calendar in UTC.
 */
import {
  SLA_TARGET_MINUTES,
  SUPPORT_HOURS,
  type TicketSla,
  type TicketStatus,
  type TicketSummary,
} from "@manyhands/contract/support"

/** Working days (0 Sunday … 6 Saturday) and the working minutes of each day, in UTC. */
export interface Calendar {
  days: readonly number[]
  fromMinute: number
  toMinute: number
}

export const SUPPORT_CALENDAR: Calendar = {
  days: SUPPORT_HOURS.days,
  fromMinute: SUPPORT_HOURS.from * 60,
  toMinute: SUPPORT_HOURS.to * 60,
}

const MINUTE = 60_000
const DAY = 1440 * MINUTE

const dayStart = (time: number) => time - (time % DAY)

/** The working interval of the day holding `time`, or null on a day off. */
function workingDay(time: number, calendar: Calendar): [number, number] | null {
  const start = dayStart(time)
  if (!calendar.days.includes(new Date(start).getUTCDay())) return null
  return [start + calendar.fromMinute * MINUTE, start + calendar.toMinute * MINUTE]
}

/** Business minutes between two instants (0 when `end` is not after `start`). */
export function businessMinutesBetween(
  start: Date,
  end: Date,
  calendar: Calendar = SUPPORT_CALENDAR,
): number {
  let total = 0
  for (let day = dayStart(start.getTime()); day < end.getTime(); day += DAY) {
    const hours = workingDay(day, calendar)
    if (!hours) continue
    const from = Math.max(hours[0], start.getTime())
    const to = Math.min(hours[1], end.getTime())
    if (to > from) total += to - from
  }
  return Math.floor(total / MINUTE)
}

/** The instant `minutes` business minutes after `start` (at most a year ahead). */
export function addBusinessMinutes(
  start: Date,
  minutes: number,
  calendar: Calendar = SUPPORT_CALENDAR,
): Date {
  let left = minutes * MINUTE
  let cursor = start.getTime()
  for (let guard = 0; guard < 400; guard += 1) {
    const hours = workingDay(cursor, calendar)
    if (hours && cursor < hours[1]) {
      const from = Math.max(cursor, hours[0])
      if (from + left <= hours[1]) return new Date(from + left)
      left -= hours[1] - from
    }
    cursor = dayStart(cursor) + DAY
  }
  throw new RangeError("No working time within a year: check the calendar")
}

const WAITING_FOR_STAFF = new Set<TicketStatus>(["new", "open"])

export interface StatusEvent {
  at: Date
  /** The status the ticket entered. */
  to: TicketStatus
}

/**
 * A ticket's response target now: while it waits for staff, since when, until when, and whether that is past;
 * and how many earlier waits ran over the target. `events` are its status changes in order (creation first).
 */
export function slaOf(
  priority: TicketSummary["priority"],
  events: readonly StatusEvent[],
  now: Date,
  calendar: Calendar = SUPPORT_CALENDAR,
): TicketSla {
  const target = SLA_TARGET_MINUTES[priority]
  let since: Date | null = null
  let missed = 0
  for (const event of events) {
    const waiting = WAITING_FOR_STAFF.has(event.to)
    if (waiting && since === null) since = event.at
    if (!waiting && since !== null) {
      if (businessMinutesBetween(since, event.at, calendar) > target) missed += 1
      since = null
    }
  }
  if (since === null)
    return { targetMinutes: target, waitingSince: null, dueAt: null, breached: false, missedBefore: missed }
  const due = addBusinessMinutes(since, target, calendar)
  return {
    targetMinutes: target,
    waitingSince: since.toISOString(),
    dueAt: due.toISOString(),
    breached: now.getTime() > due.getTime(),
    missedBefore: missed,
  }
}

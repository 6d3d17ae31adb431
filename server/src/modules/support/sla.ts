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

/** Every minute of the week: enterprise plans with 24×7 hours. */
export const ROUND_THE_CLOCK: Calendar = { days: [0, 1, 2, 3, 4, 5, 6], fromMinute: 0, toMinute: 1440 }

/** The targets by priority (business minutes) and the hours they count in. */
export interface SlaPolicy {
  targets: Record<TicketSummary["priority"], number>
  calendar: Calendar
}

export const DEFAULT_POLICY: SlaPolicy = { targets: SLA_TARGET_MINUTES, calendar: SUPPORT_CALENDAR }

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

/** One stretch of a ticket waiting for staff: its number among the ticket's waits (from 0), start and end. */
export interface Wait {
  index: number
  since: Date
  /** null: it still waits. */
  until: Date | null
}

/** The waits for staff in a ticket's status events (in order, creation first). */
export function waitsOf(events: readonly StatusEvent[]): Wait[] {
  const waits: Wait[] = []
  let since: Date | null = null
  for (const event of events) {
    const waiting = WAITING_FOR_STAFF.has(event.to)
    if (waiting && since === null) since = event.at
    if (!waiting && since !== null) {
      waits.push({ index: waits.length, since, until: event.at })
      since = null
    }
  }
  if (since !== null) waits.push({ index: waits.length, since, until: null })
  return waits
}

/**
 * The waits that ran over the target (what enterprise plans credit): the ended ones, and with `now` also the
 * one still running once it is past its target (late for certain, whenever it ends).
 */
export function lateWaits(
  priority: TicketSummary["priority"],
  events: readonly StatusEvent[],
  policy: SlaPolicy = DEFAULT_POLICY,
  now?: Date,
): Wait[] {
  const target = policy.targets[priority]
  return waitsOf(events).filter((wait) => {
    const until = wait.until ?? now
    return until !== undefined && businessMinutesBetween(wait.since, until, policy.calendar) > target
  })
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
  targets: SlaPolicy["targets"] = SLA_TARGET_MINUTES,
): TicketSla {
  const target = targets[priority]
  const waits = waitsOf(events)
  const missed = lateWaits(priority, events, { targets, calendar }).length
  const open = waits.at(-1)
  const since = open && open.until === null ? open.since : null
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

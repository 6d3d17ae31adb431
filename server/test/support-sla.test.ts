import { describe, expect, it } from "vitest"
import { addBusinessMinutes, businessMinutesBetween, slaOf } from "../src/modules/support/sla"

/*
 * Response targets over support's hours (Monday–Friday 09:00–18:00 UTC): business minutes between two instants,
 * a due time, and a ticket's target from its status events — paused while it waits for the customer.
 * 2026-11-27 is a Friday; 2026-11-30 a Monday.
 */

const at = (iso: string) => new Date(`${iso}Z`)

describe("business minutes", () => {
  it("count only working hours of working days", () => {
    expect(businessMinutesBetween(at("2026-11-30T10:00:00"), at("2026-11-30T11:30:00"))).toBe(90)
    // Before opening and after closing count nothing.
    expect(businessMinutesBetween(at("2026-11-30T06:00:00"), at("2026-11-30T09:15:00"))).toBe(15)
    expect(businessMinutesBetween(at("2026-11-30T17:30:00"), at("2026-11-30T23:00:00"))).toBe(30)
    // Friday 17:00 to Monday 10:00: one hour on Friday, one on Monday.
    expect(businessMinutesBetween(at("2026-11-27T17:00:00"), at("2026-11-30T10:00:00"))).toBe(120)
    // A whole week: five days of nine hours.
    expect(businessMinutesBetween(at("2026-11-30T00:00:00"), at("2026-12-07T00:00:00"))).toBe(5 * 9 * 60)
    expect(businessMinutesBetween(at("2026-11-30T12:00:00"), at("2026-11-30T11:00:00"))).toBe(0)
  })

  it("add up to a due time that skips nights and weekends", () => {
    expect(addBusinessMinutes(at("2026-11-30T10:00:00"), 60).toISOString()).toBe("2026-11-30T11:00:00.000Z")
    // Sent at night: the clock starts at opening.
    expect(addBusinessMinutes(at("2026-11-30T03:00:00"), 60).toISOString()).toBe("2026-11-30T10:00:00.000Z")
    // Friday 17:30 plus 4 hours: 30 minutes on Friday, 3.5 hours on Monday.
    expect(addBusinessMinutes(at("2026-11-27T17:30:00"), 240).toISOString()).toBe("2026-11-30T12:30:00.000Z")
    // Saturday plus one working day (540 minutes): Monday's closing.
    expect(addBusinessMinutes(at("2026-11-28T12:00:00"), 540).toISOString()).toBe("2026-11-30T18:00:00.000Z")
    // They agree with each other.
    const start = at("2026-11-26T16:20:00")
    expect(businessMinutesBetween(start, addBusinessMinutes(start, 1620))).toBe(1620)
  })
})

describe("a ticket's response target", () => {
  it("runs while the ticket waits for staff, stops while it waits for the customer, and counts missed waits", () => {
    const created = { at: at("2026-11-30T09:30:00"), to: "new" as const }
    // Urgent (60 minutes), still waiting at 10:00: due 10:30, not yet late.
    expect(slaOf("urgent", [created], at("2026-11-30T10:00:00"))).toEqual({
      targetMinutes: 60,
      waitingSince: "2026-11-30T09:30:00.000Z",
      dueAt: "2026-11-30T10:30:00.000Z",
      breached: false,
      missedBefore: 0,
    })
    expect(slaOf("urgent", [created], at("2026-11-30T10:31:00")).breached).toBe(true)
    // Answered at 11:00 (late: 90 minutes); the customer wrote again Friday 17:50; now Monday 09:05.
    const events = [
      created,
      { at: at("2026-11-30T11:00:00"), to: "waiting" as const },
      { at: at("2026-12-04T17:50:00"), to: "open" as const },
    ]
    expect(slaOf("urgent", events, at("2026-12-07T09:05:00"))).toEqual({
      targetMinutes: 60,
      waitingSince: "2026-12-04T17:50:00.000Z",
      dueAt: "2026-12-07T09:50:00.000Z",
      breached: false,
      missedBefore: 1,
    })
    // On hold, then resolved: nothing waits, nothing is due.
    const parked = [...events, { at: at("2026-12-07T09:20:00"), to: "on_hold" as const }]
    expect(slaOf("normal", parked, at("2026-12-10T12:00:00"))).toMatchObject({
      targetMinutes: 540,
      waitingSince: null,
      dueAt: null,
      breached: false,
      missedBefore: 0,
    })
  })
})

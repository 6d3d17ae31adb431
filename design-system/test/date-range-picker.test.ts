import { describe, expect, it } from "vitest"
import {
  addDays,
  addMonths,
  daysInMonth,
  endOfMonth,
  firstDayOfWeek,
  formatIsoDate,
  isValidIsoDate,
  monthGrid,
  orderRange,
  parseIsoDate,
  presetRange,
  startOfMonth,
  todayIsoDate,
} from "../src/date-range-picker/dates"

describe("parseIsoDate", () => {
  it("reads real days", () => {
    expect(parseIsoDate("2026-05-01")).toEqual({ year: 2026, month: 5, day: 1 })
    expect(parseIsoDate("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 })
  })

  it.each([
    "2026-02-29",
    "2026-13-01",
    "2026-00-10",
    "2026-04-31",
    "2026-5-1",
    "26-05-01",
    "2026-05-01x",
    "",
  ])("refuses %j", (text) => {
    expect(parseIsoDate(text)).toBeNull()
    expect(isValidIsoDate(text)).toBe(false)
  })
})

describe("arithmetic", () => {
  it("formats and rolls over", () => {
    expect(formatIsoDate(2026, 5, 1)).toBe("2026-05-01")
    expect(formatIsoDate(2026, 13, 1)).toBe("2027-01-01")
    expect(formatIsoDate(2026, 3, 0)).toBe("2026-02-28")
  })

  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01")
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31")
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29")
    // Daylight-saving changes do not exist in day arithmetic.
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30")
    expect(addDays("2026-10-24", 7)).toBe("2026-10-31")
  })

  it("adds months, clamping the day", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28")
    expect(addMonths("2024-03-31", -1)).toBe("2024-02-29")
    expect(addMonths("2026-12-15", 1)).toBe("2027-01-15")
    expect(addMonths("2026-05-10", -12)).toBe("2025-05-10")
  })

  it("knows month lengths and ends", () => {
    expect(daysInMonth(2026, 2)).toBe(28)
    expect(daysInMonth(2000, 2)).toBe(29)
    expect(daysInMonth(1900, 2)).toBe(28)
    expect(startOfMonth("2026-05-17")).toBe("2026-05-01")
    expect(endOfMonth("2026-04-02")).toBe("2026-04-30")
  })

  it("throws on text that is no date", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError)
  })

  it("orders a range", () => {
    expect(orderRange("2026-05-31", "2026-05-01")).toEqual({ from: "2026-05-01", to: "2026-05-31" })
    expect(orderRange("2026-05-01", "2026-05-01")).toEqual({ from: "2026-05-01", to: "2026-05-01" })
  })
})

describe("presetRange", () => {
  const today = "2026-05-20"
  it("covers today and the days before it", () => {
    expect(presetRange("today", today)).toEqual({ from: today, to: today })
    expect(presetRange("last7Days", today)).toEqual({ from: "2026-05-14", to: today })
    expect(presetRange("last30Days", today)).toEqual({ from: "2026-04-21", to: today })
    expect(presetRange("thisMonth", today)).toEqual({ from: "2026-05-01", to: today })
  })

  it("crosses a year boundary", () => {
    expect(presetRange("last7Days", "2026-01-03")).toEqual({ from: "2025-12-28", to: "2026-01-03" })
  })
})

describe("monthGrid", () => {
  it("is 6 weeks starting on Monday by default", () => {
    const grid = monthGrid(2026, 5)
    expect(grid).toHaveLength(6)
    expect(grid.every((week) => week.length === 7)).toBe(true)
    // 1 May 2026 is a Friday.
    expect(grid[0]).toEqual([
      "2026-04-27",
      "2026-04-28",
      "2026-04-29",
      "2026-04-30",
      "2026-05-01",
      "2026-05-02",
      "2026-05-03",
    ])
    expect(grid[5]?.[6]).toBe("2026-06-07")
  })

  it("starts on Sunday when asked", () => {
    const grid = monthGrid(2026, 2, 0)
    // 1 February 2026 is a Sunday: no leading days.
    expect(grid[0]?.[0]).toBe("2026-02-01")
    expect(grid.flat()).toContain("2026-02-28")
  })

  it("holds every day of the month once", () => {
    const days = monthGrid(2026, 8)
      .flat()
      .filter((day) => day.startsWith("2026-08"))
    expect(days).toHaveLength(31)
    expect(new Set(days).size).toBe(31)
  })
})

describe("week and today", () => {
  it("starts weeks on Sunday in English and Monday in Russian", () => {
    expect(firstDayOfWeek("en")).toBe(0)
    expect(firstDayOfWeek("ru")).toBe(1)
    expect(firstDayOfWeek("de")).toBe(1)
  })

  it("takes today from the local calendar", () => {
    expect(todayIsoDate(new Date(2026, 4, 9, 23, 30))).toBe("2026-05-09")
  })
})

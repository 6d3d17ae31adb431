import { describe, expect, it } from "vitest"
import { dateTicks, dayToDate, niceStep, niceTicks, parseDay, stepDecimals } from "../src/chart/scale"

const iso = (day: number) => dayToDate(day).toISOString().slice(0, 10)

describe("niceStep", () => {
  it("rounds to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceStep(1000, 5)).toBe(200)
    expect(niceStep(1234, 5)).toBe(250)
    expect(niceStep(0.9, 4)).toBe(0.25)
    expect(niceStep(37, 5)).toBe(10)
    expect(niceStep(3, 6)).toBe(0.5)
  })
  it("keeps integer steps whole (money in minor units)", () => {
    expect(niceStep(3, 6, "integer")).toBe(1)
    expect(niceStep(1234, 5, "integer")).toBe(250)
  })
  it("uses minutes and hours for long durations", () => {
    expect(niceStep(400, 5, "duration")).toBe(120)
    expect(niceStep(7200, 4, "duration")).toBe(1800)
    expect(niceStep(40, 4, "duration")).toBe(10)
    expect(niceStep(12, 4, "duration")).toBe(5)
    expect(niceStep(86400 * 20, 4, "duration")).toBe(86400 * 5)
  })
})

describe("niceTicks", () => {
  it("covers the range with round ticks", () => {
    expect(niceTicks(0, 1234, 5)).toEqual({
      min: 0,
      max: 1250,
      step: 250,
      ticks: [0, 250, 500, 750, 1000, 1250],
    })
  })
  it("handles negatives and fractions without floating-point noise", () => {
    expect(niceTicks(-0.3, 0.7, 5).ticks).toEqual([-0.4, -0.2, 0, 0.2, 0.4, 0.6, 0.8])
    expect(niceTicks(0, 0.3, 3).ticks).toEqual([0, 0.1, 0.2, 0.3])
  })
  it("still gives a range from zero for an empty or flat one", () => {
    expect(niceTicks(0, 0).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1])
    expect(niceTicks(50, 50, 2).ticks).toEqual([0, 25, 50])
    expect(niceTicks(-8, -8, 2).ticks).toEqual([-10, -5, 0])
  })
  it("survives non-finite input and reversed ends", () => {
    expect(niceTicks(Number.NaN, 10, 2).ticks).toEqual([0, 5, 10])
    expect(niceTicks(10, 0, 2).ticks).toEqual([0, 5, 10])
  })
})

describe("dates", () => {
  it("parses YYYY-MM-DD only, as UTC days", () => {
    expect(parseDay("1970-01-02")).toBe(1)
    expect(parseDay("2026-02-30")).toBeUndefined()
    expect(parseDay("2026-5-1")).toBeUndefined()
    expect(parseDay(20260501)).toBeUndefined()
    expect(iso(parseDay("2026-05-01")!)).toBe("2026-05-01")
  })
  it("ticks every day for a week", () => {
    const first = parseDay("2026-05-01")!
    expect(dateTicks(first, first + 6, 8).map(iso)).toHaveLength(7)
  })
  it("ticks on Mondays for a month of days", () => {
    const ticks = dateTicks(parseDay("2026-05-01")!, parseDay("2026-05-31")!, 8).map(iso)
    expect(ticks).toEqual(["2026-05-04", "2026-05-11", "2026-05-18", "2026-05-25"])
  })
  it("ticks on first days of months for a year", () => {
    const ticks = dateTicks(parseDay("2025-06-15")!, parseDay("2026-06-14")!, 8).map(iso)
    expect(ticks).toEqual([
      "2025-07-01",
      "2025-09-01",
      "2025-11-01",
      "2026-01-01",
      "2026-03-01",
      "2026-05-01",
    ])
  })
  it("gives one tick for one day", () => {
    expect(dateTicks(100, 100)).toEqual([100])
  })
})

describe("stepDecimals", () => {
  it("counts decimals", () => {
    expect(stepDecimals(0.25)).toBe(2)
    expect(stepDecimals(5)).toBe(0)
    expect(stepDecimals(0.005)).toBe(3)
  })
})

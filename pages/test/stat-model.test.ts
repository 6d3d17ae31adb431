/* The public statistics' arithmetic (pages/src/statistics/stat-model.ts): money, the cost calculator, windows of
 * days, chart rows and the week's load grid. */
import { describe, expect, it } from "vitest"
import type { StatGraphData, TypePrice, WeekHour } from "@manyhands/contract/statistics"
import {
  busiestHour,
  busiestTypes,
  chartRows,
  currencyOf,
  graphQuery,
  hasValues,
  lastDayOf,
  loadLevel,
  MAX_PER_DAY,
  microToMinor,
  monthlyCostMicro,
  parsePerDay,
  perThousandMinor,
  perThousandUnits,
  quietestHours,
  seriesSummary,
  weekGrid,
  windowProblem,
} from "../src/statistics/stat-model"

describe("money", () => {
  it("turns a price per task in micro-units into the price per 1,000 in minor units", () => {
    expect(perThousandMinor(500, 2)).toBe(50) // $0.50 per 1,000
    expect(perThousandMinor(2990, 2)).toBe(299) // $2.99
    expect(perThousandMinor(45_000, 2)).toBe(4500) // 45.00 ₽
    expect(perThousandMinor(1455, 2)).toBeCloseTo(145.5) // $1.455: half a cent stays
    expect(perThousandMinor(500, 0)).toBe(0.5) // a currency without minor units
    expect(perThousandUnits(2990)).toBe(2.99)
  })

  it("rounds micro-units to whole minor units, half up, exactly for any size", () => {
    expect(microToMinor(1_234_567n, 2)).toBe(123n)
    expect(microToMinor(1_235_000n, 2)).toBe(124n)
    expect(microToMinor(1_234_999n, 2)).toBe(123n)
    expect(microToMinor(-1_235_000n, 2)).toBe(-124n)
    expect(microToMinor(9_007_199_254_740_993_000_000n, 2)).toBe(900_719_925_474_099_300n)
    expect(microToMinor(1_500_000n, 0)).toBe(2n)
    expect(microToMinor(1n, 8)).toBe(100n)
  })

  it("adds up a month of captchas on micro-units without losing a unit", () => {
    // 2,500 reCAPTCHA a day at $2.99 per 1,000 for 30 days: $224.25.
    expect(monthlyCostMicro(2500, 2990)).toBe(224_250_000n)
    expect(microToMinor(monthlyCostMicro(2500, 2990), 2)).toBe(22_425n)
    // 1 captcha a day at 1,455 micro-units: 43,650 micro-units a month, 4.365 ¢ → 4 ¢.
    expect(monthlyCostMicro(1, 1455)).toBe(43_650n)
    expect(microToMinor(monthlyCostMicro(1, 1455), 2)).toBe(4n)
    // The largest day the calculator takes at a large rouble price stays exact.
    expect(monthlyCostMicro(MAX_PER_DAY, 269_100)).toBe(807_300_000_000_000n)
    expect(monthlyCostMicro(1000, 500, 1)).toBe(500_000n)
    expect(monthlyCostMicro(0, 500)).toBe(0n)
  })

  it("reads captchas a day as typed, with grouping marks but no fractions", () => {
    expect(parsePerDay("2500")).toEqual({ value: 2500 })
    expect(parsePerDay(" 25 000 ")).toEqual({ value: 25_000 })
    expect(parsePerDay("25,000")).toEqual({ value: 25_000 })
    expect(parsePerDay("1.000.000")).toEqual({ value: 1_000_000 })
    expect(parsePerDay("")).toEqual({ value: 0 })
    expect(parsePerDay("12.5")).toEqual({ problem: "notWhole" })
    expect(parsePerDay("1,5")).toEqual({ problem: "notWhole" })
    expect(parsePerDay("-3")).toEqual({ problem: "notWhole" })
    expect(parsePerDay("ten")).toEqual({ problem: "notWhole" })
    expect(parsePerDay(String(MAX_PER_DAY))).toEqual({ value: MAX_PER_DAY })
    expect(parsePerDay(String(MAX_PER_DAY + 1))).toEqual({ problem: "tooMany" })
  })

  it("takes only the currencies of the price list from the address", () => {
    expect(currencyOf("EUR")).toBe("EUR")
    expect(currencyOf("eur")).toBeNull()
    expect(currencyOf("BTC")).toBeNull()
    expect(currencyOf(null)).toBeNull()
  })
})

describe("windows of days", () => {
  const today = "2026-05-20"
  it.each([
    [{ from: "2026-05-01", to: "2026-05-20" }, null],
    [{ from: "2025-05-20", to: "2026-05-20" }, null], // 366 days, both ends included
    [{ from: "2026-05-21", to: "2026-05-21" }, null], // tomorrow in UTC: already today east of Greenwich
    [{ from: "2025-05-19", to: "2026-05-20" }, "tooLong"],
    [{ from: "2026-05-10", to: "2026-05-01" }, "order"],
    [{ from: "2026-02-30", to: "2026-03-01" }, "invalidDate"],
    [{ from: "", to: "2026-03-01" }, "invalidDate"],
    [{ from: "1999-12-31", to: "2000-01-05" }, "tooEarly"],
    [{ from: "2026-05-21", to: "2026-05-22" }, "future"],
  ] as const)("%o → %s", (range, problem) => {
    expect(windowProblem(range, today)).toBe(problem)
  })

  it("asks the API only for what differs from its defaults", () => {
    const none = { period: "7d", window: null, type: null, currency: null } as const
    expect(graphQuery(none)).toEqual({ period: undefined, currency: undefined, type: undefined })
    expect(graphQuery({ ...none, period: "30d", currency: "EUR" })).toEqual({
      period: "30d",
      currency: "EUR",
      type: undefined,
    })
    expect(
      graphQuery({
        ...none,
        period: "1y",
        window: { from: "2026-01-01", to: "2026-01-31" },
        type: "GridTask",
      }),
    ).toEqual({ dateFrom: "2026-01-01", dateTo: "2026-01-31", currency: undefined, type: "GridTask" })
  })

  it("knows the last day an answer covers", () => {
    expect(lastDayOf({ to: "2026-05-21T00:00:00.000Z" })).toBe("2026-05-20")
    expect(lastDayOf({ to: "2026-05-20T10:00:00.000Z" })).toBe("2026-05-20")
  })
})

const graph = (over: Partial<StatGraphData>): StatGraphData => ({
  graph: "devprice",
  period: "30d",
  from: "2026-05-19T00:00:00.000Z",
  to: "2026-05-21T00:00:00.000Z",
  resolution: "day",
  currency: "USD",
  type: null,
  points: [],
  ...over,
})

describe("chart rows", () => {
  it("draws money per 1,000 in minor units, days as days", () => {
    const rows = chartRows(
      graph({
        points: [
          { at: "2026-05-19T00:00:00.000Z", value: 1085, count: 250_000 },
          { at: "2026-05-20T00:00:00.000Z", value: null, count: 0 },
        ],
      }),
      2,
    )
    expect(rows).toEqual([
      { x: "2026-05-19", count: 250_000, value: 108.5 },
      { x: "2026-05-20", count: 0, value: null },
    ])
    expect(hasValues(rows, ["value"])).toBe(true)
    expect(hasValues([rows[1]!], ["value"])).toBe(false)
  })

  it("draws times in seconds and keeps hours as instants", () => {
    const rows = chartRows(
      graph({
        graph: "devspeed",
        period: "24h",
        resolution: "hour",
        points: [{ at: "2026-05-20T09:00:00.000Z", p50: 12000, p90: 30000, count: 10 }],
      }),
      2,
    )
    expect(rows).toEqual([{ x: "2026-05-20T09:00:00.000Z", count: 10, p50: 12, p90: 30 }])
  })

  it("keeps load and workers as they are, without counts", () => {
    expect(
      chartRows(
        graph({ graph: "devonline", points: [{ at: "2026-05-19T00:00:00.000Z", value: 140.5, max: 171 }] }),
        2,
      ),
    ).toEqual([{ x: "2026-05-19", count: null, value: 140.5, max: 171 }])
    expect(
      chartRows(graph({ graph: "devload", points: [{ at: "2026-05-19T00:00:00.000Z", value: 0.57 }] }), 2),
    ).toEqual([{ x: "2026-05-19", count: null, value: 0.57 }])
  })

  it("sums up a series: latest, lowest, highest, and the tasks counted", () => {
    const rows = [
      { x: "a", count: 5, value: 3 },
      { x: "b", count: 0, value: null },
      { x: "c", count: 7, value: 1 },
      { x: "d", count: 2, value: 2 },
    ]
    expect(seriesSummary(rows, "value")).toEqual({ latest: 2, low: 1, high: 3, count: 14 })
    expect(seriesSummary([{ x: "a", count: null, value: null }], "value")).toEqual({
      latest: null,
      low: null,
      high: null,
      count: null,
    })
  })
})

describe("types and the week", () => {
  const price = (type: string, solved: number): TypePrice => ({
    type,
    kind: "image",
    perTask: 500,
    perThousand: "0.50",
    workerPerThousand: "0.30",
    p50Ms: null,
    load: null,
    solved,
    daily: [],
  })

  it("lists the busiest types first, keeping the list's order among equals", () => {
    const prices = [price("A", 5), price("B", 50), price("C", 5), price("D", 500)]
    expect(busiestTypes(prices, 3).map((p) => p.type)).toEqual(["D", "B", "A"])
    expect(busiestTypes([price("A", 0), price("B", 0)], 6).map((p) => p.type)).toEqual(["A", "B"])
  })

  it("bands the load in fifths", () => {
    expect(loadLevel(null)).toBeNull()
    expect(loadLevel(0)).toBe(0)
    expect(loadLevel(0.199)).toBe(0)
    expect(loadLevel(0.2)).toBe(1)
    expect(loadLevel(0.79)).toBe(3)
    expect(loadLevel(1)).toBe(4)
  })

  const cell = (weekday: number, hour: number, load: number | null): WeekHour => ({
    weekday,
    hour,
    load,
    created: 100,
  })

  it("lays the week out Monday first, hour by hour, with gaps where the answer has none", () => {
    const grid = weekGrid([cell(0, 0, 0.5), cell(6, 23, 0.9), cell(3, 12, null)])
    expect(grid).toHaveLength(7)
    expect(grid.every((row) => row.length === 24)).toBe(true)
    expect(grid[0]![0]?.load).toBe(0.5)
    expect(grid[6]![23]?.load).toBe(0.9)
    expect(grid[3]![12]?.load).toBeNull()
    expect(grid[1]![1]).toBeNull()
    expect(
      weekGrid([])
        .flat()
        .every((entry) => entry === null),
    ).toBe(true)
  })

  it("finds the quietest and the busiest hours, skipping hours without data", () => {
    const week = [cell(0, 3, 0.3), cell(6, 4, 0.1), cell(2, 14, 0.9), cell(1, 3, 0.1), cell(5, 5, null)]
    expect(quietestHours(week, 2).map((c) => [c.weekday, c.hour])).toEqual([
      [1, 3],
      [6, 4],
    ])
    expect(busiestHour(week)).toEqual(cell(2, 14, 0.9))
    expect(quietestHours([cell(0, 0, null)], 3)).toEqual([])
    expect(busiestHour([])).toBeNull()
  })
})

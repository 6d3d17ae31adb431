/* The statistics graph's model (/statistics/graph): series, one chart row per day, totals per type and overall. */
import { describe, expect, it } from "vitest"
import { OTHER, TOP_TYPES, graphModel } from "../src/customer/statistics/graph/graph-model"

type GraphData = Parameters<typeof graphModel>[0]
type Row = GraphData["rows"][number]

const data = (dateFrom: string, dateTo: string, rows: Row[]): GraphData => ({
  dateFrom,
  dateTo,
  currency: "USD",
  rows,
})

const row = (
  date: string,
  type: string,
  tasks: number,
  solved: number,
  spent: number,
  seconds: number | null,
) => ({
  date,
  type,
  tasks,
  solved,
  spent,
  averageSolveSeconds: seconds,
})

describe("graphModel", () => {
  it("gives an empty window one empty row per day", () => {
    const model = graphModel(data("2026-02-27", "2026-03-02", []))
    expect(model.series).toEqual([])
    expect(model.byType).toEqual([])
    expect(model.total).toEqual({ tasks: 0, solved: 0, spent: 0, averageSolveSeconds: null })
    const days = ["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]
    expect(model.tasks).toEqual(days.map((date) => ({ date })))
    expect(model.spent).toEqual(days.map((date) => ({ date })))
    expect(model.time).toEqual(days.map((date) => ({ date })))
  })

  it("has no rows for a window that ends before it starts", () => {
    const model = graphModel(data("2026-03-02", "2026-03-01", [row("2026-03-01", "A", 1, 1, 10, 5)]))
    expect(model.tasks).toEqual([])
    expect(model.total.tasks).toBe(1)
  })

  it("draws each type as its own series, with 0 for days without tasks and no time for days without answers", () => {
    const model = graphModel(
      data("2026-03-01", "2026-03-03", [
        row("2026-03-01", "ImageToTextTask", 10, 8, 800, 10),
        row("2026-03-01", "GridTask", 4, 2, 400, 20),
        row("2026-03-02", "ImageToTextTask", 6, 4, 600, 16),
        row("2026-03-02", "AudioTask", 4, 0, 400, null),
      ]),
    )
    expect(model.series).toEqual([
      { key: "s0", type: "ImageToTextTask" },
      { key: "s1", type: "AudioTask" },
      { key: "s2", type: "GridTask" },
    ])
    expect(model.tasks).toEqual([
      { date: "2026-03-01", s0: 10, s1: 0, s2: 4 },
      { date: "2026-03-02", s0: 6, s1: 4, s2: 0 },
      { date: "2026-03-03", s0: 0, s1: 0, s2: 0 },
    ])
    expect(model.spent).toEqual([
      { date: "2026-03-01", s0: 800, s1: 0, s2: 400 },
      { date: "2026-03-02", s0: 600, s1: 400, s2: 0 },
      { date: "2026-03-03", s0: 0, s1: 0, s2: 0 },
    ])
    expect(model.time).toEqual([
      { date: "2026-03-01", s0: 10, s1: null, s2: 20 },
      { date: "2026-03-02", s0: 16, s1: null, s2: null },
      { date: "2026-03-03", s0: null, s1: null, s2: null },
    ])
  })

  it("adds up each type and everything, weighting the solve time by the solved tasks", () => {
    const model = graphModel(
      data("2026-03-01", "2026-03-02", [
        row("2026-03-01", "ImageToTextTask", 10, 8, 800, 10),
        row("2026-03-01", "GridTask", 4, 2, 400, 20),
        row("2026-03-02", "ImageToTextTask", 6, 4, 600, 16),
        row("2026-03-02", "AudioTask", 4, 0, 400, null),
      ]),
    )
    expect(model.byType).toEqual([
      { type: "ImageToTextTask", tasks: 16, solved: 12, spent: 1400, averageSolveSeconds: 12 },
      // Equal tasks and spend: by name.
      { type: "AudioTask", tasks: 4, solved: 0, spent: 400, averageSolveSeconds: null },
      { type: "GridTask", tasks: 4, solved: 2, spent: 400, averageSolveSeconds: 20 },
    ])
    // (8 × 10 + 2 × 20 + 4 × 16) / 14 = 13.14… → one decimal.
    expect(model.total).toEqual({ tasks: 24, solved: 14, spent: 2200, averageSolveSeconds: 13.1 })
  })

  it("ignores a solve time without solved tasks, and a solved count without a time", () => {
    const model = graphModel(
      data("2026-03-01", "2026-03-01", [
        row("2026-03-01", "A", 3, 0, 30, 99),
        row("2026-03-01", "A", 3, 3, 30, null),
        row("2026-03-01", "A", 2, 2, 20, 7.25),
      ]),
    )
    expect(model.byType).toEqual([{ type: "A", tasks: 8, solved: 5, spent: 80, averageSolveSeconds: 7.3 }])
    expect(model.time).toEqual([{ date: "2026-03-01", s0: 7.3 }])
    expect(model.tasks).toEqual([{ date: "2026-03-01", s0: 8 }])
  })

  it("orders types by tasks, then by spend, then by name", () => {
    const model = graphModel(
      data("2026-03-01", "2026-03-01", [
        row("2026-03-01", "B", 5, 5, 100, 1),
        row("2026-03-01", "C", 5, 5, 200, 1),
        row("2026-03-01", "A", 5, 5, 100, 1),
        row("2026-03-01", "D", 9, 5, 1, 1),
      ]),
    )
    expect(model.byType.map((entry) => entry.type)).toEqual(["D", "C", "A", "B"])
    expect(model.series.map((series) => series.type)).toEqual(["D", "C", "A", "B"])
  })

  it(`draws up to ${TOP_TYPES + 1} types on their own, rather than an "Other" of one`, () => {
    const types = ["T1", "T2", "T3", "T4", "T5", "T6"]
    const model = graphModel(
      data(
        "2026-03-01",
        "2026-03-01",
        types.map((type, i) => row("2026-03-01", type, 60 - i * 10, 1, 1, 1)),
      ),
    )
    expect(model.series.map((series) => series.key)).toEqual(["s0", "s1", "s2", "s3", "s4", "s5"])
    expect(model.series.map((series) => series.type)).toEqual(types)
    expect(model.tasks[0]).not.toHaveProperty(OTHER)
  })

  it(`draws the busiest ${TOP_TYPES} types on their own and adds up the rest as "Other"`, () => {
    const types = ["T1", "T2", "T3", "T4", "T5", "T6", "T7"]
    const rows = types.map((type, i) => row("2026-03-01", type, 70 - i * 10, 10, 1_000 * (i + 1), i + 1))
    rows.push(row("2026-03-02", "T7", 1, 1, 5, 30), row("2026-03-02", "T1", 2, 2, 20, 4))
    const model = graphModel(data("2026-03-01", "2026-03-02", rows))
    expect(model.series).toEqual([
      { key: "s0", type: "T1" },
      { key: "s1", type: "T2" },
      { key: "s2", type: "T3" },
      { key: "s3", type: "T4" },
      { key: "s4", type: "T5" },
      { key: OTHER, type: null },
    ])
    // Day 1: T6 (20 tasks, 10 solved in 6 s) and T7 (10 tasks, 10 solved in 7 s) as one.
    expect(model.tasks[0]).toEqual({
      date: "2026-03-01",
      s0: 70,
      s1: 60,
      s2: 50,
      s3: 40,
      s4: 30,
      [OTHER]: 30,
    })
    expect(model.spent[0]?.[OTHER]).toBe(6_000 + 7_000)
    expect(model.time[0]?.[OTHER]).toBe(6.5)
    expect(model.tasks[1]).toEqual({ date: "2026-03-02", s0: 2, s1: 0, s2: 0, s3: 0, s4: 0, [OTHER]: 1 })
    expect(model.time[1]).toEqual({
      date: "2026-03-02",
      s0: 4,
      s1: null,
      s2: null,
      s3: null,
      s4: null,
      [OTHER]: 30,
    })
    // The table still lists every type.
    expect(model.byType.map((entry) => entry.type)).toEqual(types)
    expect(model.byType[6]).toEqual({
      type: "T7",
      tasks: 11,
      solved: 11,
      spent: 7_005,
      averageSolveSeconds: 9.1,
    })
    expect(model.total.tasks).toBe(280 + 3)
  })
})

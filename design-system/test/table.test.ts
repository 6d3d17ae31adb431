import { describe, expect, it } from "vitest"
import { compareSortValues, sortRows } from "../src/table/sort"

interface Task {
  id: string
  type: string
  cost: number | null
  created: Date
}

const tasks: Task[] = [
  { id: "T-10", type: "hCaptcha", cost: 2, created: new Date("2026-11-20T10:00:00Z") },
  { id: "T-2", type: "Image to text", cost: 1, created: new Date("2026-11-21T09:00:00Z") },
  { id: "T-1", type: "reCAPTCHA v2", cost: null, created: new Date("2026-11-19T08:00:00Z") },
  { id: "T-3", type: "ÄRGER", cost: 2, created: new Date("2026-11-18T08:00:00Z") },
]
const columns = [{ key: "id" }, { key: "type" }, { key: "cost" }, { key: "created" }]
const ids = (rows: Task[]) => rows.map((row) => row.id)

describe("sortRows", () => {
  it("returns a copy in the original order without a sort", () => {
    const result = sortRows(tasks, columns, null)
    expect(result).toEqual(tasks)
    expect(result).not.toBe(tasks)
    expect(ids(sortRows(tasks, columns, { column: "unknown", direction: "ascending" }))).toEqual(ids(tasks))
  })

  it("sorts text naturally (numbers inside text by value) and without regard to case or accents", () => {
    expect(ids(sortRows(tasks, columns, { column: "id", direction: "ascending" }))).toEqual([
      "T-1",
      "T-2",
      "T-3",
      "T-10",
    ])
    expect(sortRows(tasks, columns, { column: "type", direction: "ascending" }).map((t) => t.type)).toEqual([
      "ÄRGER",
      "hCaptcha",
      "Image to text",
      "reCAPTCHA v2",
    ])
  })

  it("sorts numbers by value, keeps ties stable and puts empty values last in both directions", () => {
    expect(ids(sortRows(tasks, columns, { column: "cost", direction: "ascending" }))).toEqual([
      "T-2",
      "T-10",
      "T-3",
      "T-1",
    ])
    expect(ids(sortRows(tasks, columns, { column: "cost", direction: "descending" }))).toEqual([
      "T-10",
      "T-3",
      "T-2",
      "T-1",
    ])
  })

  it("sorts dates by time", () => {
    expect(ids(sortRows(tasks, columns, { column: "created", direction: "descending" }))).toEqual([
      "T-2",
      "T-10",
      "T-1",
      "T-3",
    ])
  })

  it("uses a column's sortValue", () => {
    const byLength = [{ key: "type", sortValue: (task: Task) => task.type.length }]
    expect(sortRows(tasks, byLength, { column: "type", direction: "ascending" }).map((t) => t.type)).toEqual([
      "ÄRGER",
      "hCaptcha",
      "reCAPTCHA v2",
      "Image to text",
    ])
  })
})

describe("compareSortValues", () => {
  it("compares numbers, bigints, booleans and dates by value", () => {
    expect(compareSortValues(2, 10)).toBeLessThan(0)
    expect(compareSortValues(10n, 2)).toBeGreaterThan(0)
    expect(compareSortValues(false, true)).toBeLessThan(0)
    expect(compareSortValues(new Date(2), new Date(1))).toBeGreaterThan(0)
    expect(compareSortValues("a", "A")).toBe(0)
  })
})

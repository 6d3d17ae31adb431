import { describe, expect, it } from "vitest"
import { getPageList } from "../src/pagination/page-list"

describe("getPageList", () => {
  it("shows every page when they fit", () => {
    expect(getPageList(1, 1)).toEqual([1])
    expect(getPageList(3, 5)).toEqual([1, 2, 3, 4, 5])
    expect(getPageList(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
  })

  it("has no pages for an empty list", () => {
    expect(getPageList(1, 0)).toEqual([])
    expect(getPageList(1, -3)).toEqual([])
    expect(getPageList(1, Number.NaN)).toEqual([])
  })

  it("puts one ellipsis at the far end near the start", () => {
    expect(getPageList(1, 12)).toEqual([1, 2, 3, 4, 5, "end-ellipsis", 12])
    expect(getPageList(4, 12)).toEqual([1, 2, 3, 4, 5, "end-ellipsis", 12])
  })

  it("puts ellipses on both sides in the middle", () => {
    expect(getPageList(6, 12)).toEqual([1, "start-ellipsis", 5, 6, 7, "end-ellipsis", 12])
    expect(getPageList(50, 100)).toEqual([1, "start-ellipsis", 49, 50, 51, "end-ellipsis", 100])
  })

  it("puts one ellipsis at the start near the end", () => {
    expect(getPageList(9, 12)).toEqual([1, "start-ellipsis", 8, 9, 10, 11, 12])
    expect(getPageList(12, 12)).toEqual([1, "start-ellipsis", 8, 9, 10, 11, 12])
  })

  it("never hides a single page behind an ellipsis", () => {
    expect(getPageList(5, 8)).toEqual([1, "start-ellipsis", 4, 5, 6, 7, 8])
    expect(getPageList(4, 8)).toEqual([1, 2, 3, 4, 5, "end-ellipsis", 8])
    for (let count = 1; count <= 30; count++) {
      for (let page = 1; page <= count; page++) {
        const list = getPageList(page, count)
        list.forEach((item, index) => {
          if (typeof item === "number") return
          const before = list[index - 1] as number
          const after = list[index + 1] as number
          expect(after - before).toBeGreaterThan(2)
        })
      }
    }
  })

  it("keeps the same length on every page, always includes the current, first and last pages", () => {
    for (let page = 1; page <= 40; page++) {
      const list = getPageList(page, 40)
      expect(list).toHaveLength(7)
      expect(list).toContain(page)
      expect(list[0]).toBe(1)
      expect(list.at(-1)).toBe(40)
      const numbers = list.filter((item): item is number => typeof item === "number")
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
    }
  })

  it("clamps an out-of-range page", () => {
    expect(getPageList(0, 12)).toEqual(getPageList(1, 12))
    expect(getPageList(99, 12)).toEqual(getPageList(12, 12))
    expect(getPageList(2.6, 12)).toEqual(getPageList(3, 12))
  })

  it("takes more siblings and boundaries", () => {
    expect(getPageList(10, 20, 2)).toEqual([1, "start-ellipsis", 8, 9, 10, 11, 12, "end-ellipsis", 20])
    expect(getPageList(10, 20, 0)).toEqual([1, "start-ellipsis", 10, "end-ellipsis", 20])
    expect(getPageList(10, 20, 1, 2)).toEqual([1, 2, "start-ellipsis", 9, 10, 11, "end-ellipsis", 19, 20])
  })
})

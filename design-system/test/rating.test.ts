import { describe, expect, it } from "vitest"
import { starFill } from "../src/rating/stars"

const stars = (value: number, max = 5) => Array.from({ length: max }, (_, index) => starFill(value, index))

describe("starFill", () => {
  it("fills whole stars for a whole rating", () => {
    expect(stars(3)).toEqual([1, 1, 1, 0, 0])
  })

  it("rounds to the nearest half star", () => {
    expect(stars(4.5)).toEqual([1, 1, 1, 1, 0.5])
    expect(stars(3.74)).toEqual([1, 1, 1, 0.5, 0])
    expect(stars(3.75)).toEqual([1, 1, 1, 1, 0])
    expect(stars(0.2)).toEqual([0, 0, 0, 0, 0])
    expect(stars(0.3)).toEqual([0.5, 0, 0, 0, 0])
  })

  it("clamps values outside the scale", () => {
    expect(stars(-2)).toEqual([0, 0, 0, 0, 0])
    expect(stars(7)).toEqual([1, 1, 1, 1, 1])
    expect(stars(Number.NaN)).toEqual([0, 0, 0, 0, 0])
  })
})

import { describe, expect, it } from "vitest"
import { progressFraction } from "../src/progress/fraction"

describe("progressFraction", () => {
  it("divides by the maximum", () => {
    expect(progressFraction(50)).toBe(0.5)
    expect(progressFraction(3200, 5000)).toBe(0.64)
  })

  it("clamps to 0…1", () => {
    expect(progressFraction(-10)).toBe(0)
    expect(progressFraction(140)).toBe(1)
  })

  it("treats a missing or broken scale as no progress", () => {
    expect(progressFraction(5, 0)).toBe(0)
    expect(progressFraction(Number.NaN)).toBe(0)
    expect(progressFraction(5, Number.POSITIVE_INFINITY)).toBe(0)
  })
})

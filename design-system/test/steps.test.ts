import { describe, expect, it } from "vitest"
import { stepState } from "../src/steps/steps"

describe("stepState", () => {
  it("marks steps before the current one complete and after it upcoming", () => {
    expect([0, 1, 2, 3].map((index) => stepState(index, 1))).toEqual([
      "complete",
      "current",
      "upcoming",
      "upcoming",
    ])
  })

  it("has no current step past the end, and none complete before the start", () => {
    expect([0, 1, 2].map((index) => stepState(index, 3))).toEqual(["complete", "complete", "complete"])
    expect([0, 1].map((index) => stepState(index, -1))).toEqual(["upcoming", "upcoming"])
  })
})

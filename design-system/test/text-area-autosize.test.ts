import { describe, expect, it } from "vitest"
import { autosizeHeight, lineHeightPx } from "../src/text-area/autosize"

// A md TextArea: 20 px lines, 8 px padding top and bottom, 1 px borders.
const metrics = { lineHeight: 20, paddingBlock: 16, borderBlock: 2 }
const contentOf = (lines: number) => ({ ...metrics, scrollHeight: lines * 20 + 16 })

describe("autosizeHeight", () => {
  it("never goes below minRows", () => {
    expect(autosizeHeight(contentOf(1), 3)).toEqual({ height: 3 * 20 + 18, overflow: false })
  })

  it("follows the content between the limits", () => {
    expect(autosizeHeight(contentOf(5), 3, 8)).toEqual({ height: 5 * 20 + 18, overflow: false })
  })

  it("stops at maxRows and scrolls beyond it", () => {
    expect(autosizeHeight(contentOf(12), 3, 8)).toEqual({ height: 8 * 20 + 18, overflow: true })
  })

  it("content exactly maxRows tall does not scroll", () => {
    expect(autosizeHeight(contentOf(8), 3, 8)).toEqual({ height: 8 * 20 + 18, overflow: false })
  })

  it("grows without limit when maxRows is omitted", () => {
    expect(autosizeHeight(contentOf(40), 2).height).toBe(40 * 20 + 18)
  })

  it("treats maxRows below minRows as minRows and minRows below 1 as 1", () => {
    expect(autosizeHeight(contentOf(6), 4, 2)).toEqual({ height: 4 * 20 + 18, overflow: true })
    expect(autosizeHeight({ ...metrics, scrollHeight: 16 }, 0).height).toBe(20 + 18)
  })
})

describe("lineHeightPx", () => {
  it("reads pixels, unitless factors and normal", () => {
    expect(lineHeightPx("24px", "16px")).toBe(24)
    expect(lineHeightPx("1.5", "14px")).toBe(21)
    expect(lineHeightPx("normal", "20px")).toBe(24)
  })
})

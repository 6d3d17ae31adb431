import { describe, expect, it } from "vitest"
import {
  baseValue,
  gapClasses,
  layoutBreakpoints,
  responsiveClasses,
  spaceScale,
} from "../src/stack/responsive"

describe("responsiveClasses", () => {
  it("maps one value to the base class", () => {
    expect(responsiveClasses(4, gapClasses)).toEqual(["gap-4"])
  })

  it("maps a value per breakpoint, mobile first, whatever the key order", () => {
    expect(responsiveClasses({ lg: 8, base: 2, md: 4 }, gapClasses)).toEqual([
      "gap-2",
      "md:gap-4",
      "lg:gap-8",
    ])
  })

  it("returns nothing for undefined and skips unknown steps", () => {
    expect(responsiveClasses(undefined, gapClasses)).toEqual([])
    expect(responsiveClasses(7 as never, gapClasses)).toEqual([])
    expect(responsiveClasses({ sm: 7 as never, xl: 16 }, gapClasses)).toEqual(["xl:gap-16"])
  })

  it("has a literal class for every breakpoint and step (Tailwind must see each one)", () => {
    for (const breakpoint of layoutBreakpoints) {
      for (const step of spaceScale) {
        const prefix = breakpoint === "base" ? "" : `${breakpoint}:`
        expect(gapClasses[breakpoint][step]).toBe(`${prefix}gap-${step}`)
      }
    }
  })
})

describe("baseValue", () => {
  it("is the value itself, or the one of the smallest breakpoint given", () => {
    expect(baseValue("row")).toBe("row")
    expect(baseValue({ md: "row", sm: "column" })).toBe("column")
    expect(baseValue({ lg: 3 })).toBe(3)
    expect(baseValue(undefined)).toBeUndefined()
    expect(baseValue({})).toBeUndefined()
  })
})

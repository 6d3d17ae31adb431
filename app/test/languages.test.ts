import { describe, expect, it } from "vitest"
import { languageFromPath, localizedPath } from "../src/languages"

const available = ["en", "ru"]

describe("languageFromPath", () => {
  it.each([
    ["/", "", { language: "en", basename: "" }],
    ["/about", "", { language: "en", basename: "" }],
    ["/ru", "", { language: "ru", basename: "/ru" }],
    ["/ru/about", "", { language: "ru", basename: "/ru" }],
    ["/rules", "", { language: "en", basename: "" }],
    ["/de/about", "", { language: "en", basename: "" }], // no German yet: an unknown path
    ["/en/about", "?a=1", { language: "en", basename: "", redirectTo: "/about?a=1" }],
    ["/en", "", { language: "en", basename: "", redirectTo: "/" }],
  ])("%s%s", (pathname, search, expected) => {
    expect(languageFromPath(pathname, search, available)).toEqual(expected)
  })
})

describe("localizedPath", () => {
  it("prefixes every language but the default", () => {
    expect(localizedPath("en", "/about")).toBe("/about")
    expect(localizedPath("ru", "/about")).toBe("/ru/about")
    expect(localizedPath("ru", "/")).toBe("/ru")
  })
})

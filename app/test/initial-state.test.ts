import { describe, expect, it } from "vitest"
import { serializeState, type InitialState } from "../src/initial-state"

describe("serializeState", () => {
  it("cannot close the script element or open a comment, and round-trips", () => {
    const state: InitialState = {
      host: "x",
      language: "en",
      languages: ["en"],
      translations: { common: { evil: "</script><script>alert(1)</script><!-- \u2028" } },
      user: null,
      data: {},
    }
    const json = serializeState(state)
    expect(json).not.toMatch(/<\/script|<!--|\u2028/)
    expect(JSON.parse(json)).toEqual(state)
  })
})

import { describe, expect, it } from "vitest"
import { serializeState, type InitialState } from "../src/initial-state"

describe("serializeState", () => {
  it("cannot close the script element or open a comment, and round-trips", () => {
    const state: InitialState = {
      host: "x",
      site: { kind: "international", origin: "http://x", defaultLanguage: "en" },
      origins: { international: "http://x", russian: "http://ru.x", chinese: "http://zh.x" },
      language: "en",
      languages: ["en"],
      designMessages: {},
      translations: { common: { evil: "</script><script>alert(1)</script><!-- \u2028 \u2029 &amp; -->" } },
      user: null,
      session: false,
      csrfToken: "t",
      readerLanguage: "en",
      routes: [{ path: "/x", redirect: "/y", status: 301 }],
      notices: {},
      data: {},
    }
    const json = serializeState(state)
    expect(json).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(json)).toEqual(state)
  })
})

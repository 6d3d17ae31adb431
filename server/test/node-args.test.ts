import { describe, expect, it } from "vitest"
import { DEFAULT_HEAP_MB, serverNodeArgs } from "../node-args.mjs"

describe("the production server's Node.js options", () => {
  it("limit the old generation to SERVER_HEAP_MB megabytes, 256 when unset, and refuse a bad value by name", () => {
    expect(DEFAULT_HEAP_MB).toBe(256)
    expect(serverNodeArgs({})).toEqual(["--max-old-space-size=256"])
    expect(serverNodeArgs({ SERVER_HEAP_MB: "" })).toEqual(["--max-old-space-size=256"])
    expect(serverNodeArgs({ SERVER_HEAP_MB: "1024" })).toEqual(["--max-old-space-size=1024"])
    for (const bad of ["abc", "64", "1e3", "300.5", "-512", "100000", " 512"])
      expect(() => serverNodeArgs({ SERVER_HEAP_MB: bad })).toThrow(/^SERVER_HEAP_MB must be a whole number/)
  })
})

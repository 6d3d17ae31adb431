import { describe, expect, it } from "vitest"
import { nonceBytes } from "../src/http/security-headers"

describe("nonceBytes", () => {
  it("gives every call 32 bytes no other call got, across refills of its pool", () => {
    const seen = new Set<string>()
    // 1,000 calls: several pools of 256.
    for (let n = 0; n < 1000; n++) {
      const bytes = nonceBytes()
      expect(bytes).toHaveLength(32)
      seen.add(bytes.toString("hex"))
    }
    expect(seen.size).toBe(1000)
    // Not a run of zeros or a repeated pattern: about half of the bits are set.
    const bits = [...nonceBytes()].reduce((sum, byte) => sum + byte.toString(2).replaceAll("0", "").length, 0)
    expect(bits).toBeGreaterThan(64)
    expect(bits).toBeLessThan(192)
  })
})

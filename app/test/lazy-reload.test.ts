import { describe, expect, it, vi } from "vitest"
import { reloadOnceForStaleChunk } from "../src/lazy-reload"

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

describe("reloadOnceForStaleChunk", () => {
  it("reloads once, then not again within a minute, then again later", () => {
    const storage = memoryStorage()
    const reload = vi.fn()
    expect(reloadOnceForStaleChunk(storage, reload, 1_000_000)).toBe(true)
    expect(reloadOnceForStaleChunk(storage, reload, 1_030_000)).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(reloadOnceForStaleChunk(storage, reload, 1_200_000)).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it("never reloads when storage is unavailable (no way to guard against a loop)", () => {
    const reload = vi.fn()
    const broken = {
      getItem: () => {
        throw new Error("denied")
      },
      setItem: () => {},
    }
    expect(reloadOnceForStaleChunk(broken, reload)).toBe(false)
    expect(reload).not.toHaveBeenCalled()
  })
})

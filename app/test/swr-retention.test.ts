import { describe, expect, it } from "vitest"
import { createRetention, KEEP_UNUSED_DATA_MS } from "../src/swr-retention"

/** Hand-driven timers, so the test decides when 60 s have passed. */
function manualTimers() {
  let now = 0
  const queue = new Map<number, { at: number; run: () => void }>()
  let next = 1
  return {
    set: (run: () => void, ms: number) => {
      queue.set(next, { at: now + ms, run })
      return next++
    },
    clear: (handle: unknown) => void queue.delete(handle as number),
    advance(ms: number) {
      now += ms
      for (const [id, timer] of [...queue]) {
        if (timer.at <= now) {
          queue.delete(id)
          timer.run()
        }
      }
    },
  }
}

describe("unused SWR data is kept 60 s (spec §9)", () => {
  it("drops a key 60 s after its last user leaves, not before, and not while anyone uses it", () => {
    const deleted: string[] = []
    const timers = manualTimers()
    const retention = createRetention(
      { delete: (key) => void deleted.push(key) },
      KEEP_UNUSED_DATA_MS,
      timers,
    )
    retention.acquire("/a")
    retention.acquire("/a")
    retention.release("/a")
    timers.advance(120_000)
    expect(deleted).toEqual([]) // one user left
    retention.release("/a")
    timers.advance(59_999)
    expect(deleted).toEqual([])
    timers.advance(1)
    expect(deleted).toEqual(["/a"])
  })

  it("keeps a key that is used again within the 60 s", () => {
    const deleted: string[] = []
    const timers = manualTimers()
    const retention = createRetention(
      { delete: (key) => void deleted.push(key) },
      KEEP_UNUSED_DATA_MS,
      timers,
    )
    retention.acquire("/b")
    retention.release("/b")
    timers.advance(30_000)
    retention.acquire("/b")
    timers.advance(60_000)
    expect(deleted).toEqual([])
  })
})

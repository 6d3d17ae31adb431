import { useEffect } from "react"
import { useSWRConfig, type Cache, type Middleware } from "swr"

/** Spec §9: query data nobody uses any more is kept this long, then dropped. */
export const KEEP_UNUSED_DATA_MS = 60_000

interface Timers {
  set: (run: () => void, ms: number) => unknown
  clear: (handle: unknown) => void
}

const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** Counts the components using each key; a key left unused for `keepMs` is removed from the cache. */
export function createRetention(
  cache: Pick<Cache, "delete">,
  keepMs = KEEP_UNUSED_DATA_MS,
  timers = realTimers,
) {
  const users = new Map<string, number>()
  const pending = new Map<string, unknown>()
  return {
    acquire(key: string) {
      users.set(key, (users.get(key) ?? 0) + 1)
      if (pending.has(key)) {
        timers.clear(pending.get(key))
        pending.delete(key)
      }
    },
    release(key: string) {
      const left = (users.get(key) ?? 1) - 1
      if (left > 0) {
        users.set(key, left)
        return
      }
      users.delete(key)
      pending.set(
        key,
        timers.set(() => {
          pending.delete(key)
          if (!users.has(key)) cache.delete(key)
        }, keepMs),
      )
    },
  }
}

const retentions = new WeakMap<object, ReturnType<typeof createRetention>>()

/** SWR middleware applying createRetention to string keys of the cache in use. */
export const keepUnusedData: Middleware = (useSWRNext) => (key, fetcher, config) => {
  // A middleware runs inside useSWR, so it may call hooks.
  const { cache } = useSWRConfig()
  const name = typeof key === "string" ? key : null
  useEffect(() => {
    if (!name) return
    let retention = retentions.get(cache)
    if (!retention) retentions.set(cache, (retention = createRetention(cache)))
    retention.acquire(name)
    return () => retention.release(name)
  }, [cache, name])
  return useSWRNext(key, fetcher, config)
}

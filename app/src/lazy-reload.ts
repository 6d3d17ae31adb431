/**
 * After a deploy, an open tab may ask for chunks that no longer exist. Reload once to pick up the new
 * build (spec §1, §8), but never twice within a minute, so a really broken chunk cannot loop.
 */
const RELOAD_KEY = "manyhands:chunk-reload-at"
const RELOAD_GUARD_MS = 60_000

export function reloadOnceForStaleChunk(
  storage: Pick<Storage, "getItem" | "setItem">,
  reload: () => void,
  now = Date.now(),
): boolean {
  let last: number
  try {
    last = Number(storage.getItem(RELOAD_KEY) ?? 0)
    storage.setItem(RELOAD_KEY, String(now))
  } catch {
    return false // storage unavailable: never risk a loop
  }
  if (now - last < RELOAD_GUARD_MS) return false
  reload()
  return true
}

/** Wraps a dynamic import; a failed load triggers the guarded reload in the browser. */
export async function importWithReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    if (
      typeof window !== "undefined" &&
      reloadOnceForStaleChunk(window.sessionStorage, () => window.location.reload())
    ) {
      return new Promise<T>(() => {}) // the page is going away
    }
    throw error
  }
}

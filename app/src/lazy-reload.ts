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

/** A lazily loaded part of the app could not be fetched (a stale deploy or a network failure). */
export class ChunkLoadError extends Error {
  override name = "ChunkLoadError"
}

/**
 * Wraps a dynamic import so its failure is recognisable. Before hydration the entry reloads the page; on a
 * client navigation the router shows the root error boundary at the new address, which reloads there.
 */
export async function importWithReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load()
  } catch (error) {
    throw new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error })
  }
}

/** In the browser: reload once for a chunk failure. True when the page is going away. */
export function reloadForChunkError(error: unknown): boolean {
  if (!(error instanceof ChunkLoadError) || typeof window === "undefined") return false
  return reloadOnceForStaleChunk(window.sessionStorage, () => window.location.reload())
}

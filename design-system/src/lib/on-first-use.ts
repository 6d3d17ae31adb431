/**
 * A part of a page that only an interaction needs (the header's language list and menu panel, the account menu), in a chunk of its
 * own so a page's first load does not carry it. Every instance shares one fetch; a hover or focus may start it
 * early, so the part is usually there by the click.
 */
export interface PartOnFirstUse<T> {
  /** The module once it has arrived: an activation can then show it in the same render. */
  readonly loaded: T | undefined
  /** Fetches the module (once; a failed fetch is forgotten, so the next use tries again). */
  load(): Promise<T>
}

export function onFirstUse<T>(importModule: () => Promise<T>): PartOnFirstUse<T> {
  let loaded: T | undefined
  let loading: Promise<T> | undefined
  return {
    get loaded() {
      return loaded
    },
    load() {
      loading ??= importModule().then(
        (module) => (loaded = module),
        (error: unknown) => {
          loading = undefined
          throw error
        },
      )
      return loading
    },
  }
}

/** Starts the fetch ahead of use (hover, focus); a failure shows when the part is really asked for. */
export function preload(part: PartOnFirstUse<unknown>) {
  part.load().catch(() => {})
}

/**
 * The part could not be fetched (a deploy replaced the chunk, the network dropped): the control stays closed and
 * tries again on the next use. The error goes to the window's error handlers, where the app's monitoring sees it.
 */
export function reportLoadFailure(error: unknown) {
  if (typeof reportError === "function") reportError(error)
  else console.error(error)
}

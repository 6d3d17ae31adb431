import type { Resource } from "i18next"

export interface CurrentUser {
  id: string
}

/** What the server hands the client inside every rendered page (spec §1). */
export interface InitialState {
  /** Host the server answered for; the client refuses to start on any other. */
  host: string
  language: string
  /** Languages the site is served in, for the language switcher. */
  languages: string[]
  /** Namespaces of the current language: { common: {...}, home: {...} }. */
  translations: Record<string, Resource[string][string]>
  user: CurrentUser | null
  /** Preloaded API answers keyed by their URL: the SWR fallback. */
  data: Record<string, unknown>
}

export const INITIAL_STATE_ID = "__MANYHANDS_STATE__"

/** JSON that is safe inside <script>: no "</script>", no HTML comment openers, no line separators. */
export function serializeState(state: InitialState): string {
  return JSON.stringify(state)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")
}

export function stateScript(state: InitialState): string {
  return `<script id="${INITIAL_STATE_ID}" type="application/json">${serializeState(state)}</script>`
}

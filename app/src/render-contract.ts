// What the server and the SSR entry agree on. Kept free of React and DOM types so the server can import it.
import type { CurrentUser, InitialState } from "./initial-state"

export type { CurrentUser, InitialState }

export interface RenderRequest {
  /** Path and query of the request, e.g. "/ru/about?x=1". */
  url: string
  host: string
  headers: Record<string, string>
  /** Languages with translations on this server. */
  languages: string[]
  translations: (language: string) => InitialState["translations"]
  user: CurrentUser | null
  /** Fetches one API address for the first render; undefined leaves it to the browser. */
  loadData: (key: string) => Promise<unknown>
  /** CSP nonce for the router's inline hydration script. */
  nonce?: string
}

export type RenderResult =
  | { kind: "redirect"; status: number; location: string }
  | { kind: "page"; status: number; language: string; head: string; html: string; stateScript: string }

export interface SsrEntry {
  render(request: RenderRequest): Promise<RenderResult>
}

import type { CurrentUser } from "@manyhands/contract/accounts"
import type { Resource } from "i18next"
import type { RouteEntry } from "./route-entry"
import type { Site, SiteOrigins } from "./sites"

/** GET /api/v2/user (spec §3): declared by the API contract. */
export type { CurrentUser }

/** A notice in the visitor's own language, offering the same page elsewhere (spec §1, §4). */
export interface SiteNotice {
  language: string
  message: string
  action: string
  href: string
  dismiss: string
}

export interface SiteNotices {
  languageBanner?: SiteNotice
  internationalNotice?: SiteNotice
  /** In the reader's language: this page is not written in it, and their language setting stays. */
  pageLanguageNotice?: SiteNotice
}

/** What the server hands the client inside every rendered page (spec §1). */
export interface InitialState {
  /** Host the server answered for; the client refuses to start on any other. */
  host: string
  site: Site
  origins: SiteOrigins
  language: string
  /** Languages with translations on the server (the language switcher; siteLanguages() narrows per site). */
  languages: string[]
  /** The design system's built-in texts in the current language (close, loading, pagination, …). */
  designMessages: Record<string, string>
  /** Namespaces of the current language that this page needs: { common: {...}, home: {...} }. */
  translations: Record<string, Resource[string][string]>
  user: CurrentUser | null
  /** The visitor has a session cookie (HttpOnly, so the browser cannot tell by itself). */
  session: boolean
  /** Sent back in the x-csrf-token header of every state-changing API call. */
  csrfToken: string
  /**
   * The language the reader works in (reader-language.ts): the page's, or theirs when this page is shown in
   * English because it is not written in theirs. Site links lead to pages in it where they exist.
   */
  readerLanguage: string
  notices: SiteNotices
  /**
   * The routes this page matched (its page's, from the route table): the browser starts with these alone and
   * loads the rest of the table when it first navigates, so a first visit's JavaScript does not carry every route.
   */
  routes: RouteEntry[]
  /** Preloaded API answers keyed by their URL: the SWR fallback. */
  data: Record<string, unknown>
  /**
   * This response's CSP nonce for <style> elements: the dialogs' scroll lock (react-remove-scroll) adds one at run
   * time, which the policy refuses without it.
   */
  styleNonce?: string
}

export const INITIAL_STATE_ID = "__MANYHANDS_STATE__"

/** What could end the script element, open a comment or end a line in older JavaScript, as JSON escapes. */
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g
const ESCAPES: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
}

/** JSON that is safe inside <script>: no "</script>", no HTML comment openers, no line separators. */
export function serializeState(state: InitialState): string {
  // One pass over the JSON (a page's state with its texts is tens of kilobytes).
  return JSON.stringify(state).replace(UNSAFE_IN_SCRIPT, (character) => ESCAPES[character]!)
}

export function stateScript(state: InitialState): string {
  return `<script id="${INITIAL_STATE_ID}" type="application/json">${serializeState(state)}</script>`
}

import type { SitemapDocument } from "./head"
// What the server and the SSR entry agree on. Kept free of React and DOM types so the server can import it.
import type { CurrentUser } from "@manyhands/contract/accounts"
import type { InitialState } from "./initial-state"
import type { SiteOrigins } from "./sites"

export type { CurrentUser, InitialState, SiteOrigins }

export type Namespaces = InitialState["translations"]

export interface RenderRequest {
  /** Path and query of the request, e.g. "/ru/about?x=1". */
  url: string
  host: string
  headers: Record<string, string>
  origins: SiteOrigins
  /** Languages with translations on this server. */
  languages: string[]
  /** The named namespaces of one language (English where the language lacks one). */
  translations: (language: string, namespaces: readonly string[]) => Namespaces
  user: CurrentUser | null
  session: boolean
  csrfToken: string
  /** Names of the cookies the request carries (for notices the visitor dismissed). */
  cookies: Record<string, string>
  /** Fetches one API address for the first render; undefined leaves it to the browser. */
  loadData: (key: string) => Promise<unknown>
  /** CSP nonce for the router's inline hydration script. */
  nonce?: string
  /** CSP nonce of <style> elements the page adds at run time (the dialogs' scroll lock). */
  styleNonce?: string
}

export type RenderResult =
  | { kind: "redirect"; status: number; location: string }
  | { kind: "page"; status: number; language: string; head: string; html: string; stateScript: string }

export interface SitemapRequest {
  host: string
  origins: SiteOrigins
  languages: string[]
  /** Pages with an address per language that the route table cannot list (articles). */
  documents?: SitemapDocument[]
}

/** What an anonymous visitor's page may differ by besides its host and address. */
export type VariantRequest = Pick<
  RenderRequest,
  "url" | "host" | "headers" | "origins" | "languages" | "cookies"
>

export interface SsrEntry {
  render(request: RenderRequest): Promise<RenderResult>
  /**
   * The part of an anonymous request, besides host and address, that its page depends on (the cookies and the
   * Accept-Language the render reads), as a string: equal strings, equal pages. The server's page cache keys on it.
   */
  variant(request: VariantRequest): string
  /** sitemap.xml of the site on `host`: the canonical addresses of its public pages. */
  sitemap(request: SitemapRequest): string
}

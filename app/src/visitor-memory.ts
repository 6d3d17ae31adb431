import type { TrackerEvent } from "@manyhands/contract/accounts"
import { isOwnHost, type SiteOrigins } from "./sites"

const DAY = 24 * 60 * 60

/**
 * Spec §9 cookie lifetimes in seconds. The spec names none for cms_*: they last for the browser session,
 * as the privacy policy says.
 */
export const COOKIE_LIFETIMES: Record<string, number | null> = {
  timezone: 365 * DAY,
  original_referer: 365 * DAY,
  utm: 365 * DAY,
  cms_referrer: null,
  cms_utm_get: null,
  reg_referrer: 3 * DAY,
  first_visited_page: 7 * DAY,
  last_visited_page: 7 * DAY,
  foreigner_notice: 365 * DAY,
  language_banner: null,
  interface_language: 365 * DAY,
}

export type VisitorCookie =
  | "timezone"
  | "original_referer"
  | "utm"
  | "cms_referrer"
  | "cms_utm_get"
  | "reg_referrer"
  | "first_visited_page"
  | "last_visited_page"
  | "foreigner_notice"
  | "language_banner"
  | "interface_language"

/** Registration attribution (spec §3): these query parameters are kept in the utm cookie. */
export const ATTRIBUTION_PARAMS = [
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "matchtype",
  "utm_loc",
  "network",
  "pos",
] as const

/** The UTM tracking event's fields (spec §3). */
const TRACKING_PARAMS = ["utm_source", "utm_medium", "utm_campaign", "utm_id", "utm_content"] as const

/** Spec §9: the last visited page is not recorded on these (paths within the language). */
const UNRECORDED_PATHS = [
  "/auth/register",
  "/auth/login",
  "/auth/remind",
  "/auth/check_remind",
  "/auth/confirm-email",
  "/auth/oauth-2fa",
]

export interface CookieWrite {
  name: VisitorCookie
  value: string
}

export type { TrackerEvent }

export interface Visit {
  url: URL
  /** The path without the language prefix, for the unrecorded-page rule. */
  path: string
  referrer: string
  cookies: Record<string, string>
  origins: SiteOrigins
  /**
   * The browser's time zone, asked for only when the timezone cookie is missing: the first Intl object a page
   * makes costs the browser tens of milliseconds (its ICU data), which a returning visitor's page view is spared.
   */
  timezone: () => string | undefined
}

function hostnameOf(address: string): string {
  try {
    return address ? new URL(address).hostname : ""
  } catch {
    return ""
  }
}

/** What one page view changes in the visitor's cookies, and which tracker events it sends (spec §3, §9). */
export function rememberVisit({ url, path, referrer, cookies, origins, timezone }: Visit): {
  writes: CookieWrite[]
  events: TrackerEvent[]
} {
  const writes: CookieWrite[] = []
  const events: TrackerEvent[] = []
  const query = url.searchParams
  if (!cookies.timezone) writes.push({ name: "timezone", value: timezone() || "UTC" })

  const referrerHost = hostnameOf(referrer)
  const external = referrerHost !== "" && !isOwnHost(referrerHost, origins)
  if (external) {
    writes.push({ name: "cms_referrer", value: referrer })
    if (!cookies.original_referer) writes.push({ name: "original_referer", value: referrer })
  }

  const attribution = Object.fromEntries(
    ATTRIBUTION_PARAMS.filter((name) => query.get(name)).map((name) => [name, query.get(name) as string]),
  )
  if (Object.keys(attribution).length > 0) {
    writes.push({ name: "utm", value: JSON.stringify(attribution) })
    const utmQuery = new URLSearchParams(Object.entries(attribution)).toString()
    writes.push({ name: "cms_utm_get", value: utmQuery })
  }
  const tracking = Object.fromEntries(
    TRACKING_PARAMS.filter((name) => query.get(name)).map((name) => [name, query.get(name) as string]),
  )
  if (Object.keys(tracking).length > 0) events.push({ type: "utm", data: tracking })

  const from = query.get("from")
  if (from) {
    events.push({
      type: "referral",
      data: { from, source: query.get("source") || referrerHost || "direct", unique: !cookies.reg_referrer },
    })
  }

  if (!UNRECORDED_PATHS.some((unrecorded) => path === unrecorded || path.startsWith(unrecorded + "/"))) {
    const page = url.pathname + url.search
    if (!cookies.first_visited_page) writes.push({ name: "first_visited_page", value: page })
    writes.push({ name: "last_visited_page", value: page })
  }
  return { writes, events }
}

/** A Set-Cookie-style string for document.cookie: path /, SameSite Lax, the spec's lifetime (none: session). */
export function cookieString(name: VisitorCookie, value: string, secure: boolean): string {
  const lifetime = COOKIE_LIFETIMES[name]
  const maxAge = lifetime ? `; Max-Age=${lifetime}` : ""
  return `${name}=${encodeURIComponent(value)}${maxAge}; Path=/; SameSite=Lax${secure ? "; Secure" : ""}`
}

export function parseCookies(header: string): Record<string, string> {
  const cookies: Record<string, string> = {}
  for (const part of header.split(";")) {
    const at = part.indexOf("=")
    if (at < 0) continue
    const name = part.slice(0, at).trim()
    if (!name || name in cookies) continue
    try {
      cookies[name] = decodeURIComponent(part.slice(at + 1).trim())
    } catch {
      cookies[name] = part.slice(at + 1).trim()
    }
  }
  return cookies
}

/** Tracker events are sent once per browser session and address, so a reload does not count twice. */
export function eventOnceKey(event: TrackerEvent, url: URL): string {
  return `manyhands:tracked:${event.type}:${url.search}`
}

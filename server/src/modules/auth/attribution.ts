import { ATTRIBUTION_PARAMS } from "@manyhands/app/visitor-memory"

export interface Attribution {
  referer?: string
  referral?: { id: string }
  utm?: Partial<Record<(typeof ATTRIBUTION_PARAMS)[number], string>>
  firstPage?: string
  lastPage?: string
}

/** Cookies are the visitor's to write: values are cut to a size worth keeping. */
const MAX_VALUE = 200
const MAX_ADDRESS = 1000

const text = (value: string | undefined, max: number) => (value ? value.slice(0, max) : undefined)

function utmFrom(cookie: string | undefined): Attribution["utm"] {
  if (!cookie) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(cookie)
  } catch {
    return undefined
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return undefined
  const record = parsed as Record<string, unknown>
  const utm: NonNullable<Attribution["utm"]> = {}
  for (const name of ATTRIBUTION_PARAMS) {
    const value = record[name]
    if (typeof value === "string" && value !== "") utm[name] = value.slice(0, MAX_VALUE)
  }
  return Object.keys(utm).length > 0 ? utm : undefined
}

/**
 * Where a new account came from (spec §3), read from the visitor cookies the app shell writes: the first
 * outside referrer, the referral id, the utm parameters and the first and last pages seen. Only what is
 * present is kept.
 */
export function attributionFromCookies(cookies: Record<string, string>): Attribution {
  const referralId = text(cookies.reg_referrer, MAX_VALUE)
  const entries: [keyof Attribution, unknown][] = [
    ["referer", text(cookies.original_referer, MAX_ADDRESS)],
    ["referral", referralId ? { id: referralId } : undefined],
    ["utm", utmFrom(cookies.utm)],
    ["firstPage", text(cookies.first_visited_page, MAX_ADDRESS)],
    ["lastPage", text(cookies.last_visited_page, MAX_ADDRESS)],
  ]
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined)) as Attribution
}

/** The referral id as a user id (digits that fit a bigint), or null: other ids name no account. */
export function referrerIdOf(attribution: Attribution): string | null {
  const id = attribution.referral?.id
  return id !== undefined && /^[1-9]\d{0,17}$/.test(id) ? id : null
}

import { CURRENCIES } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import {
  DateTime,
  Day,
  Id,
  IdParams,
  NoContent,
  Nullable,
  StrictObject,
  StringEnum,
  Type,
  type Static,
} from "./schema"

/*
 * Proxies (spec §1, §2 proxy cabinet, §7 GET /api/v2/proxy/prices; issue 25; research:
 * ../shared/reference/product-areas.md §5). A customer buys traffic in GB per pool from the one balance that pays for
 * captchas, creates sub-users (the gateway's logins), allow-lists addresses for them, and sends traffic through the
 * gateway (HTTP, HTTPS CONNECT and SOCKS5). The gateway meters the bytes each way on the client's side and takes them
 * from the pool's traffic.
 */

/** The exit pools. Premium, elite and anonymous are properties of exits, not pools of their own. */
export const PROXY_POOLS = ["residential", "mobile", "datacenter", "isp"] as const
export type ProxyPool = (typeof PROXY_POOLS)[number]
export const EXIT_PROPERTIES = ["premium", "elite", "anonymous"] as const
export type ExitProperty = (typeof EXIT_PROPERTIES)[number]

/** 1 GB of traffic, as sold and as counted: 10⁹ bytes (what providers bill). */
export const BYTES_PER_GB = 1_000_000_000
/** The most traffic one purchase buys. */
export const MAX_PURCHASE_GB = 1000
/** Sub-users per account, and allow-list entries per sub-user. */
export const MAX_SUBUSERS = 100
export const MAX_ALLOWLIST = 50
/** A sticky session's lifetime in minutes when the user name does not say (…-ttl-N), and the longest allowed. */
export const DEFAULT_SESSION_MINUTES = 10
export const MAX_SESSION_MINUTES = 1440

/** A sub-user's login: what goes before the targeting options of the user name. */
export const SUBUSER_NAME_PATTERN = "^[a-z0-9]{3,24}$"
/** A session id in the user name (…-session-abc123). */
export const SESSION_ID_PATTERN = "^[A-Za-z0-9]{1,32}$"

/** The targeting a gateway user name carries: `<subuser>[-pool-<pool>][-country-<cc>][-session-<id>[-ttl-<min>]]`. */
export interface ProxyTarget {
  subuser: string
  pool?: ProxyPool
  country?: string
  session?: string
  ttlMinutes?: number
}

/**
 * Reads a gateway user name (the industry's convention, e.g. `alice-country-de-session-abc123-ttl-30`); null when
 * it is not one. Options come in any order, each once.
 */
export function parseProxyUser(username: string): ProxyTarget | null {
  const [subuser, ...rest] = username.split("-")
  if (!subuser || !new RegExp(SUBUSER_NAME_PATTERN).test(subuser) || rest.length % 2 !== 0) return null
  const target: ProxyTarget = { subuser }
  const seen = new Set<string>()
  for (let index = 0; index < rest.length; index += 2) {
    const option = rest[index]!
    const value = rest[index + 1]!
    if (seen.has(option)) return null
    seen.add(option)
    if (option === "pool" && (PROXY_POOLS as readonly string[]).includes(value))
      target.pool = value as ProxyPool
    else if (option === "country" && /^[a-z]{2}$/i.test(value)) target.country = value.toLowerCase()
    else if (option === "session" && new RegExp(SESSION_ID_PATTERN).test(value)) target.session = value
    else if (option === "ttl" && /^[0-9]{1,4}$/.test(value)) {
      const minutes = Number(value)
      if (minutes < 1 || minutes > MAX_SESSION_MINUTES) return null
      target.ttlMinutes = minutes
    } else return null
  }
  if (target.ttlMinutes !== undefined && target.session === undefined) return null
  return target
}

/** The user name for a target (the inverse of parseProxyUser). */
export function proxyUserName(target: ProxyTarget): string {
  return [
    target.subuser,
    ...(target.pool ? ["pool", target.pool] : []),
    ...(target.country ? ["country", target.country] : []),
    ...(target.session ? ["session", target.session] : []),
    ...(target.session && target.ttlMinutes ? ["ttl", String(target.ttlMinutes)] : []),
  ].join("-")
}

/** Connection string formats the generator writes. */
export const CONNECTION_FORMATS = ["url", "host:port:user:pass", "user:pass@host:port", "curl"] as const
export type ConnectionFormat = (typeof CONNECTION_FORMATS)[number]
export const CONNECTION_PROTOCOLS = ["http", "socks5"] as const
export type ConnectionProtocol = (typeof CONNECTION_PROTOCOLS)[number]

const Currency = StringEnum(CURRENCIES)
const Pool = StringEnum(PROXY_POOLS)
const Bytes = (description: string) => Type.Integer({ minimum: 0, description })

export const ProxyPrice = Type.Object({
  pool: Pool,
  currency: Currency,
  perGb: Type.Integer({ description: "Micro-units of the currency per GB (10⁹ bytes)." }),
  countries: Type.Array(Type.String(), {
    description: "Countries with a healthy exit, ISO 3166 lower case.",
  }),
  properties: Type.Array(StringEnum(EXIT_PROPERTIES), { description: "What the pool's exits offer." }),
})
export type ProxyPrice = Static<typeof ProxyPrice>

export const ProxyPrices = Type.Object({
  currency: Currency,
  prices: Type.Array(ProxyPrice),
})
export type ProxyPrices = Static<typeof ProxyPrices>

export const PricesQuery = StrictObject({
  currency: Type.Optional(Currency),
  utm_campaign: Type.Optional(
    Type.String({
      maxLength: 100,
      description: "Accepted from campaign links; it does not change the prices.",
    }),
  ),
})

export const PoolTraffic = Type.Object({
  pool: Pool,
  bought: Bytes("Bytes bought."),
  used: Bytes("Bytes metered."),
  left: Bytes("Bytes left (bought less used, never below 0)."),
})
export type PoolTraffic = Static<typeof PoolTraffic>

export const Gateway = Type.Object({
  host: Type.String({ description: "The gateway's host name for connection strings." }),
  httpPort: Type.Integer({ description: "HTTP proxy and HTTPS CONNECT." }),
  socksPort: Type.Integer({ description: "SOCKS5." }),
})
export type Gateway = Static<typeof Gateway>

export const ProxyAccount = Type.Object({
  currency: Currency,
  balance: Type.Integer({ description: "The account's balance (micro-units), which buys traffic." }),
  traffic: Type.Array(PoolTraffic),
  gateway: Gateway,
  subusers: Type.Integer(),
  prices: Type.Array(ProxyPrice, { description: "In the account's currency." }),
})
export type ProxyAccount = Static<typeof ProxyAccount>

export const BuyTraffic = StrictObject({
  pool: Pool,
  gigabytes: Type.Integer({ minimum: 1, maximum: MAX_PURCHASE_GB }),
  idempotencyKey: Type.String({
    minLength: 8,
    maxLength: 64,
    pattern: "^[A-Za-z0-9_-]+$",
    description:
      "Chosen once per purchase; sending it again buys nothing more and answers the same purchase.",
  }),
})
export type BuyTraffic = Static<typeof BuyTraffic>

export const Purchase = Type.Object({
  id: Id(),
  pool: Pool,
  gigabytes: Type.Integer(),
  currency: Currency,
  amount: Type.Integer({ description: "Micro-units paid." }),
  createdAt: DateTime(),
})
export type Purchase = Static<typeof Purchase>

export const PurchaseResult = Type.Object({ purchase: Purchase, account: ProxyAccount })
export type PurchaseResult = Static<typeof PurchaseResult>

export const Subuser = Type.Object({
  id: Id(),
  name: Type.String({ description: "The login: the user name's first part." }),
  password: Type.String({
    description: "The gateway password (shown to the account, as connection strings need it).",
  }),
  pool: Pool,
  trafficCap: Nullable(Bytes("Bytes this sub-user may use in all; null: no cap.")),
  moneyCap: Nullable(
    Type.Integer({
      minimum: 1,
      description:
        "Micro-units of the account's currency its traffic may cost in all, at each pool's price; null: no cap.",
    }),
  ),
  spent: Type.Integer({ description: "What its traffic cost so far, micro-units, at each pool's price." }),
  used: Bytes("Bytes metered."),
  paused: Type.Boolean(),
  allowlist: Type.Array(
    Type.Object({ id: Id(), cidr: Type.String(), note: Nullable(Type.String()), createdAt: DateTime() }),
  ),
  createdAt: DateTime(),
})
export type Subuser = Static<typeof Subuser>

export const SubuserList = Type.Object({ subusers: Type.Array(Subuser) })
export type SubuserList = Static<typeof SubuserList>

export const NewSubuser = StrictObject({
  name: Type.String({ pattern: SUBUSER_NAME_PATTERN, description: "3 to 24 lower-case letters and digits." }),
  pool: Pool,
  trafficCapGb: Type.Optional(Nullable(Type.Number({ minimum: 0.001, maximum: 100_000 }))),
  moneyCap: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1_000,
        maximum: 1_000_000_000_000,
        description: "Micro-units of the account's currency (1000000 is 1.00); null: no cap.",
      }),
    ),
  ),
})
export type NewSubuser = Static<typeof NewSubuser>

export const SubuserChange = StrictObject({
  pool: Type.Optional(Pool),
  trafficCapGb: Type.Optional(Nullable(Type.Number({ minimum: 0.001, maximum: 100_000 }))),
  moneyCap: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1_000,
        maximum: 1_000_000_000_000,
        description: "Micro-units of the account's currency (1000000 is 1.00); null: no cap.",
      }),
    ),
  ),
  paused: Type.Optional(Type.Boolean()),
  newPassword: Type.Optional(Type.Boolean({ description: "true: a new random password." })),
})
export type SubuserChange = Static<typeof SubuserChange>

export const NewAllowed = StrictObject({
  cidr: Type.String({
    minLength: 2,
    maxLength: 49,
    description: "An IPv4 or IPv6 address, or a CIDR range of at least /16 (IPv4) or /48 (IPv6).",
  }),
  note: Type.Optional(Type.String({ maxLength: 100 })),
})
export type NewAllowed = Static<typeof NewAllowed>

export const AllowedParams = StrictObject({ id: Id(), entry: Id() })

export const UsageQuery = StrictObject({
  from: Type.Optional(Day("First day (UTC), default 6 days ago.")),
  to: Type.Optional(Day("Last day (UTC), default today.")),
  subuser: Type.Optional(Id("Only this sub-user.")),
})

export const UsagePoint = Type.Object({
  at: DateTime("The hour or the day's start (UTC)."),
  up: Bytes("Bytes the clients sent."),
  down: Bytes("Bytes the clients received."),
})
export const ProxyUsage = Type.Object({
  from: Day(),
  to: Day(),
  total: Type.Object({ up: Bytes("Sent"), down: Bytes("Received"), connections: Type.Integer() }),
  days: Type.Array(UsagePoint),
  hours: Type.Array(UsagePoint, { description: "The last 24 hours, hour by hour." }),
  subusers: Type.Array(
    Type.Object({ id: Id(), name: Type.String(), up: Bytes("Sent"), down: Bytes("Received") }),
  ),
  hosts: Type.Array(Type.Object({ host: Type.String(), bytes: Bytes("Both ways") }), {
    description: "The most visited target hosts, at most 10.",
  }),
})
export type ProxyUsage = Static<typeof ProxyUsage>

export const ConnectionRequest = StrictObject({
  subuser: Id(),
  protocol: Type.Optional(StringEnum(CONNECTION_PROTOCOLS)),
  format: Type.Optional(StringEnum(CONNECTION_FORMATS)),
  pool: Type.Optional(Pool),
  country: Type.Optional(Type.String({ pattern: "^[a-z]{2}$" })),
  sticky: Type.Optional(Type.Boolean({ description: "A session id per line (each line keeps its exit)." })),
  ttlMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SESSION_MINUTES })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
})
export type ConnectionRequest = Static<typeof ConnectionRequest>

export const ConnectionStrings = Type.Object({ lines: Type.Array(Type.String()) })
export type ConnectionStrings = Static<typeof ConnectionStrings>

const SIGNED_IN = ["NOT_SIGNED_IN", "CUSTOMER_ACCOUNT_REQUIRED", "API_KEY_INVALID"] as const
const WRITE = [...SIGNED_IN, "CSRF_TOKEN_INVALID"] as const
/** The cabinet's session, or the customer's API key in x-api-key (or Authorization: Bearer). */
const PROXY_SECURITY = ["session", "clientKeyHeader"] as const

export const PROXY_API_BASE = "/api/v2/proxy"

export const proxyApi = defineEndpoints("proxy", {
  prices: {
    method: "GET",
    path: `${PROXY_API_BASE}/prices`,
    summary: "Traffic prices per GB of every pool, in a currency (public)",
    public: true,
    querystring: PricesQuery,
    response: { 200: ProxyPrices },
  },
  account: {
    method: "GET",
    path: `${PROXY_API_BASE}/account`,
    summary: "The balance, the traffic left per pool, the gateway's address and the prices",
    security: PROXY_SECURITY,
    response: { 200: ProxyAccount },
    errors: [...SIGNED_IN],
  },
  buy: {
    method: "POST",
    path: `${PROXY_API_BASE}/traffic`,
    summary: "Buys traffic of a pool from the balance",
    description:
      "One ledger transfer from the balance, keyed by the purchase's idempotency key, in the same transaction as the " +
      "traffic it adds. INSUFFICIENT_FUNDS when the balance does not cover it.",
    security: PROXY_SECURITY,
    body: BuyTraffic,
    response: { 200: PurchaseResult },
    errors: [...WRITE, "INSUFFICIENT_FUNDS", "IDEMPOTENCY_KEY_REUSED"],
  },
  purchases: {
    method: "GET",
    path: `${PROXY_API_BASE}/purchases`,
    summary: "Traffic bought, newest first (the last 100)",
    security: PROXY_SECURITY,
    response: { 200: Type.Object({ purchases: Type.Array(Purchase) }) },
    errors: [...SIGNED_IN],
  },
  subusers: {
    method: "GET",
    path: `${PROXY_API_BASE}/subusers`,
    summary: "The sub-users with their allow-lists",
    security: PROXY_SECURITY,
    response: { 200: SubuserList },
    errors: [...SIGNED_IN],
  },
  createSubuser: {
    method: "POST",
    path: `${PROXY_API_BASE}/subusers`,
    summary: "Creates a sub-user with a random password",
    security: PROXY_SECURITY,
    body: NewSubuser,
    response: { 200: Subuser },
    errors: [...WRITE, "SUBUSER_NAME_TAKEN", "TOO_MANY_SUBUSERS"],
  },
  changeSubuser: {
    method: "PATCH",
    path: `${PROXY_API_BASE}/subusers/:id`,
    summary: "Changes a sub-user's pool, cap or pause, or gives it a new password",
    security: PROXY_SECURITY,
    params: IdParams,
    body: SubuserChange,
    response: { 200: Subuser },
    errors: [...WRITE, "SUBUSER_NOT_FOUND"],
  },
  deleteSubuser: {
    method: "DELETE",
    path: `${PROXY_API_BASE}/subusers/:id`,
    summary: "Deletes a sub-user (its usage history stays in the totals)",
    security: PROXY_SECURITY,
    params: IdParams,
    response: { 204: NoContent("Deleted.") },
    errors: [...WRITE, "SUBUSER_NOT_FOUND"],
  },
  allow: {
    method: "POST",
    path: `${PROXY_API_BASE}/subusers/:id/allowlist`,
    summary: "Allow-lists an address or range: connections from it need no password",
    security: PROXY_SECURITY,
    params: IdParams,
    body: NewAllowed,
    response: { 200: Subuser },
    errors: [
      ...WRITE,
      "SUBUSER_NOT_FOUND",
      "ADDRESS_INVALID",
      "RANGE_TOO_WIDE",
      "ADDRESS_TAKEN",
      "TOO_MANY_ADDRESSES",
    ],
  },
  disallow: {
    method: "DELETE",
    path: `${PROXY_API_BASE}/subusers/:id/allowlist/:entry`,
    summary: "Removes an allow-list entry",
    security: PROXY_SECURITY,
    params: AllowedParams,
    response: { 200: Subuser },
    errors: [...WRITE, "SUBUSER_NOT_FOUND", "ENTRY_NOT_FOUND"],
  },
  usage: {
    method: "GET",
    path: `${PROXY_API_BASE}/usage`,
    summary: "Traffic per day and hour, per sub-user, and the top target hosts",
    security: PROXY_SECURITY,
    querystring: UsageQuery,
    response: { 200: ProxyUsage },
    errors: [...SIGNED_IN, "DATE_INVALID", "DATE_RANGE_INVALID"],
  },
  connections: {
    method: "POST",
    path: `${PROXY_API_BASE}/connection-strings`,
    summary: "Writes connection strings for a sub-user in a format",
    security: PROXY_SECURITY,
    body: ConnectionRequest,
    response: { 200: ConnectionStrings },
    errors: [...WRITE, "SUBUSER_NOT_FOUND"],
  },
})

/** The proxy pages' route data (app/routes/proxy.json, app/routes/proxy-cabinet.json). */
export const proxyRouteData = {
  // The landing pages' live prices: roubles on the Russian site, dollars elsewhere.
  proxyPrices: routeDatum(proxyApi.prices, ({ language }) =>
    proxyApi.prices.url(null, { currency: language === "ru" ? "RUB" : "USD" }),
  ),
  proxyAccount: routeDatum(proxyApi.account),
  proxySubusers: routeDatum(proxyApi.subusers),
  proxyUsage: routeDatum(proxyApi.usage),
  proxyPurchases: routeDatum(proxyApi.purchases),
}

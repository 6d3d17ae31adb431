import type { PingbackAttempt } from "@manyhands/contract/captcha"
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns"
import { request as httpRequest, type IncomingMessage } from "node:http"
import { request as httpsRequest } from "node:https"
import { isIP, type LookupFunction } from "node:net"
import type { Database, Queryable } from "../../db/database"
import type { Jobs } from "../jobs/jobs"

/*
 * Pingbacks (captcha-api §1.8, §2.1 callbackUrl): when a task ends, its id and answer are POSTed as a form to
 * the customer's URL, with retries. The URL comes from the customer, so it must never reach the platform's own
 * network (SSRF): every address a hop connects to is checked, at connection time, by the same rule.
 */

export const MAX_URL_LENGTH = 2000
export const MAX_ADDRESSES_PER_USER = 50
export const MAX_REDIRECTS = 3
/** Delay before each attempt (the first at once); after the last one the delivery has failed. */
export const RETRY_DELAYS_SECONDS = [0, 10, 60, 300, 1800] as const
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length
const DEFAULT_TIMEOUT_MS = 10_000
/** A claimed row is not due again for this long, so that another process does not send it meanwhile. */
const LEASE_SECONDS = 60
const BATCH_SIZE = 50
const MAX_RESPONSE_BYTES = 4096

export class PingbackRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = "PingbackRefused"
  }
}

export interface PingbackPolicy {
  /** Lets pingbacks reach loopback and private networks: for tests and development only. */
  allowPrivate: boolean
}

// ---------------------------------------------------------------------------------------------------------
// Addresses that must not be reached

interface Range {
  bytes: number[]
  prefix: number
  label: string
}

const range = (cidr: string, label: string): Range => {
  const [address, prefix] = cidr.split("/") as [string, string]
  return { bytes: ipBytes(address)!, prefix: Number(prefix), label }
}

/*
 * Every range of the IANA special-purpose address registries (RFC 6890 and its updates) for IPv4 and IPv6,
 * whether or not the registry calls it globally reachable, plus multicast and, for IPv6, everything outside
 * the global unicast space 2000::/3: a pingback only ever goes to an ordinary public unicast address.
 */
const BLOCKED_V4: Range[] = [
  range("0.0.0.0/8", 'an unspecified ("this network") address'),
  range("10.0.0.0/8", "a private network address"),
  range("100.64.0.0/10", "a shared (carrier-grade NAT) address"),
  range("127.0.0.0/8", "a loopback address"),
  range("169.254.0.0/16", "a link-local address (cloud metadata)"),
  range("172.16.0.0/12", "a private network address"),
  range("192.0.0.0/24", "a reserved protocol address"),
  range("192.0.2.0/24", "a documentation address (TEST-NET-1)"),
  range("192.31.196.0/24", "a special-purpose address (AS112)"),
  range("192.52.193.0/24", "a special-purpose address (AMT)"),
  range("192.88.99.0/24", "a special-purpose address (6to4 relay anycast)"),
  range("192.168.0.0/16", "a private network address"),
  range("192.175.48.0/24", "a special-purpose address (AS112 direct delegation)"),
  range("198.18.0.0/15", "a benchmarking network address"),
  range("198.51.100.0/24", "a documentation address (TEST-NET-2)"),
  range("203.0.113.0/24", "a documentation address (TEST-NET-3)"),
  range("224.0.0.0/4", "a multicast address"),
  range("240.0.0.0/4", "a reserved or broadcast address"),
]

const BLOCKED_V6: Range[] = [
  range("::/128", "an unspecified address"),
  range("::1/128", "a loopback address"),
  range("64:ff9b::/96", "a NAT64 translation address"),
  range("64:ff9b:1::/48", "a local NAT64 address"),
  range("100::/64", "a discard-only address"),
  range("100:0:0:1::/64", "a dummy address"),
  range("2001::/23", "an IETF protocol address (Teredo, benchmarking, ORCHID and others)"),
  range("2001:db8::/32", "a documentation address"),
  range("2002::/16", "a 6to4 address"),
  range("2620:4f:8000::/48", "a special-purpose address (AS112 direct delegation)"),
  range("3fff::/20", "a documentation address"),
  range("5f00::/16", "a segment routing address"),
  range("fc00::/7", "a unique local (private) address"),
  range("fe80::/10", "a link-local address"),
  range("fec0::/10", "a site-local address"),
  range("ff00::/8", "a multicast address"),
]

/** IPv4-mapped IPv6 addresses (how a dual-stack socket names an IPv4 peer) are judged by the IPv4 inside. */
const MAPPED_V4 = range("::ffff:0:0/96", "IPv4-mapped")
/** IPv6 unicast addresses that can be reached on the internet lie in 2000::/3; the rest is reserved. */
const GLOBAL_UNICAST_V6 = range("2000::/3", "global unicast")

/** The bytes of an IPv4 or IPv6 address (zone index ignored), or null when it is not an IP address. */
export function ipBytes(address: string): number[] | null {
  const plain = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "")
  const family = isIP(plain)
  if (family === 4) return plain.split(".").map(Number)
  if (family !== 6) return null
  let text = plain
  const tail: number[] = []
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    tail.push(...dotted[1]!.split(".").map(Number))
    text = text.slice(0, dotted.index) + "0:0" // two placeholder groups, replaced by the tail below
  }
  const [head = "", rest] = text.split("::")
  const groups = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)))
  const left = groups(head)
  const right = rest === undefined ? [] : groups(rest)
  const words = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
  const bytes = words.flatMap((word) => [word >> 8, word & 0xff])
  if (tail.length) bytes.splice(12, 4, ...tail)
  return bytes
}

const inRange = (bytes: number[], { bytes: base, prefix }: Range) => {
  if (bytes.length !== base.length) return false
  for (let bit = 0; bit < prefix; bit += 8) {
    const bits = Math.min(8, prefix - bit)
    const mask = (0xff << (8 - bits)) & 0xff
    if ((bytes[bit / 8]! & mask) !== (base[bit / 8]! & mask)) return false
  }
  return true
}

/** Why an address must not be reached (e.g. "a loopback address"), or null when it is public. */
export function blockedAddressReason(address: string): string | null {
  const bytes = ipBytes(address)
  if (!bytes) return "not an IP address"
  if (bytes.length === 4) return BLOCKED_V4.find((blocked) => inRange(bytes, blocked))?.label ?? null
  if (inRange(bytes, MAPPED_V4)) {
    const embedded = bytes.slice(12).join(".")
    const reason = blockedAddressReason(embedded)
    return reason && `${reason} (${MAPPED_V4.label} ${embedded})`
  }
  const blocked = BLOCKED_V6.find((candidate) => inRange(bytes, candidate))
  if (blocked) return blocked.label
  return inRange(bytes, GLOBAL_UNICAST_V6) ? null : "a reserved address (outside global unicast 2000::/3)"
}

/** The refusal for a host when any of its addresses must not be reached, else null. */
const blockedHostRefusal = (host: string, addresses: string[]): PingbackRefused | null => {
  for (const address of addresses) {
    const reason = blockedAddressReason(address)
    if (reason === null) continue
    const where = address === host ? `${host} is` : `${host} resolves to ${address},`
    return new PingbackRefused(`Pingback URL refused: ${where} ${reason}. Use a public address.`)
  }
  return null
}

const resolveAll = (hostname: string, options: LookupOptions = {}) =>
  new Promise<LookupAddress[]>((resolve, reject) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error)
        reject(new PingbackRefused(`Pingback URL refused: cannot resolve ${hostname} (${error.code}).`))
      else resolve(addresses)
    })
  })

/**
 * The lookup the HTTP requests connect with: it refuses a host when any of its addresses is blocked, so the
 * check and the connection use the same DNS answer (a rebinding host cannot answer "public" to a check and
 * "private" to the connection).
 */
export function guardedLookup({ allowPrivate }: PingbackPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveAll(hostname, options).then(
      (addresses) => {
        const found = addresses.map((entry) => entry.address)
        const refusal = allowPrivate ? null : blockedHostRefusal(hostname, found)
        if (refusal) return callback(refusal, "", 0)
        if (options.all) callback(null, addresses)
        else callback(null, addresses[0]!.address, addresses[0]!.family)
      },
      (error: PingbackRefused) => callback(error, "", 0),
    )
  }
}

// ---------------------------------------------------------------------------------------------------------
// URL check

const parseCallbackUrl = (url: string): URL => {
  if (url.length > MAX_URL_LENGTH)
    throw new PingbackRefused(`Pingback URL refused: longer than ${MAX_URL_LENGTH} characters.`)
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new PingbackRefused(
      "Pingback URL refused: not a valid URL; give a full address like https://example.com/callback.",
    )
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new PingbackRefused("Pingback URL refused: only http:// and https:// addresses are supported.")
  if (parsed.username || parsed.password)
    throw new PingbackRefused("Pingback URL refused: it must not contain a user name or password.")
  if (!parsed.hostname) throw new PingbackRefused("Pingback URL refused: it has no host name.")
  return parsed
}

/**
 * Checks a callback URL given by a customer: http or https, no credentials, at most 2,000 characters, and
 * every address of its host public (unless allowPrivate). Throws PingbackRefused with the reason.
 */
export async function checkCallbackUrl(url: string, { allowPrivate }: PingbackPolicy): Promise<URL> {
  const parsed = parseCallbackUrl(url)
  if (allowPrivate) return parsed
  const host = parsed.hostname.replace(/^\[|\]$/g, "")
  const addresses = isIP(host) ? [host] : (await resolveAll(host)).map((entry) => entry.address)
  const refusal = blockedHostRefusal(host, addresses)
  if (refusal) throw refusal
  return parsed
}

/** The next hop of a redirect (relative locations resolved against the current URL), checked like the first. */
export async function redirectTarget(current: URL, location: string, policy: PingbackPolicy): Promise<URL> {
  let next: URL
  try {
    next = new URL(location, current)
  } catch {
    throw new PingbackRefused(`Pingback redirect refused: ${location.slice(0, 200)} is not a valid URL.`)
  }
  return checkCallbackUrl(next.href, policy)
}

// ---------------------------------------------------------------------------------------------------------
// Sending

export interface HopAnswer {
  status: number
  location: string | null
}

/** The status of the answer; the body is read up to a few KB (so the server sees a normal exchange), then dropped. */
const readAnswer = (response: IncomingMessage, deadline: number) =>
  new Promise<HopAnswer>((resolve) => {
    const location = response.headers.location ?? null
    const answer = { status: response.statusCode ?? 0, location }
    let received = 0
    const finish = () => {
      clearTimeout(timer)
      response.destroy()
      resolve(answer)
    }
    const timer = setTimeout(finish, Math.max(0, deadline - Date.now()))
    response.on("data", (chunk: Buffer) => {
      received += chunk.length
      if (received > MAX_RESPONSE_BYTES) finish()
    })
    response.on("end", finish)
    response.on("error", finish)
  })

/**
 * One request, no redirects followed (body null = GET). The connection resolves the host through
 * guardedLookup, so even a URL that passed checkCallbackUrl earlier cannot reach a blocked address now.
 */
export const sendHop = (target: URL, body: string | null, policy: PingbackPolicy, deadline: number) =>
  new Promise<HopAnswer>((resolve, reject) => {
    const send = target.protocol === "https:" ? httpsRequest : httpRequest
    const headers: Record<string, string | number> = { "user-agent": "Manyhands-Pingback/1.0" }
    if (body !== null) {
      headers["content-type"] = "application/x-www-form-urlencoded"
      headers["content-length"] = Buffer.byteLength(body)
    }
    // No shared agent: a fresh connection per hop, always through the guarded lookup.
    const request = send(target, {
      method: body === null ? "GET" : "POST",
      headers,
      agent: false,
      lookup: guardedLookup(policy),
    })
    const seconds = Math.round((deadline - Date.now()) / 100) / 10
    const timer = setTimeout(
      () => request.destroy(new Error(`no answer within ${seconds} s`)),
      Math.max(0, deadline - Date.now()),
    )
    request.on("response", (response) => {
      clearTimeout(timer)
      readAnswer(response, deadline).then(resolve, reject)
    })
    request.on("error", (error) => {
      clearTimeout(timer)
      reject(error)
    })
    request.end(body ?? undefined)
  })

const REDIRECTS = new Set([301, 302, 303, 307, 308])

export interface DeliveryOutcome {
  delivered: boolean
  /** The HTTP status of the last hop, when one answered. */
  status?: number
  error?: string
}

/**
 * POSTs `id=<task id>&code=<answer>` to the URL (its own query parameters kept), following up to three
 * redirects, each checked like the first; 2xx = delivered. Never throws: failures are in the outcome.
 */
export async function sendPingback(
  url: string,
  form: { id: string; code: string },
  policy: PingbackPolicy & { timeoutMs?: number },
): Promise<DeliveryOutcome> {
  const timeoutMs = policy.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const deadline = Date.now() + timeoutMs
  let body: string | null = new URLSearchParams(form).toString()
  let status: number | undefined
  try {
    let target = await checkCallbackUrl(url, policy)
    for (let hop = 0; ; hop++) {
      const answer = await sendHop(target, body, policy, deadline)
      status = answer.status
      if (!REDIRECTS.has(answer.status) || !answer.location)
        return { delivered: status >= 200 && status < 300, status }
      if (hop === MAX_REDIRECTS)
        return { delivered: false, status, error: `more than ${MAX_REDIRECTS} redirects` }
      target = await redirectTarget(target, answer.location, policy)
      // 303 means "see other with GET" (RFC 9110); the other redirects keep the POST and its form.
      if (answer.status === 303) body = null
    }
  } catch (error) {
    return { delivered: false, status, error: error instanceof Error ? error.message : String(error) }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Registered addresses (add_pingback / get_pingback / del_pingback)

const hostKey = (url: string): string | null => {
  try {
    const parsed = new URL(url)
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.origin : null
  } catch {
    return null
  }
}

/** Registers a callback address for a customer (a repeated one is kept once); at most 50 per customer. */
export async function addPingbackAddress(
  db: Database,
  userId: string,
  url: string,
  policy: PingbackPolicy,
): Promise<void> {
  const address = (await checkCallbackUrl(url, policy)).href
  if (address.length > MAX_URL_LENGTH)
    throw new PingbackRefused(`Pingback URL refused: longer than ${MAX_URL_LENGTH} characters.`)
  await db.transaction(async (tx) => {
    // The user's row serialises concurrent additions, so that the limit holds.
    await tx.query("SELECT 1 FROM users WHERE id = $1 FOR UPDATE", [userId])
    const { rows } = await tx.query<{ count: number; present: boolean }>(
      `SELECT count(*)::int AS count, coalesce(bool_or(url = $2), false) AS present
         FROM pingback_addresses WHERE user_id = $1`,
      [userId, address],
    )
    const { count, present } = rows[0]!
    if (present) return
    if (count >= MAX_ADDRESSES_PER_USER)
      throw new PingbackRefused(
        `You already have ${MAX_ADDRESSES_PER_USER} pingback addresses, the most allowed; remove one first.`,
      )
    await tx.query("INSERT INTO pingback_addresses (user_id, url) VALUES ($1, $2)", [userId, address])
  })
}

export async function listPingbackAddresses(db: Queryable, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ url: string }>(
    "SELECT url FROM pingback_addresses WHERE user_id = $1 ORDER BY created_at, url",
    [userId],
  )
  return rows.map((row) => row.url)
}

/** Removes one address (as given or as registered, i.e. normalised) or "all"; returns how many went. */
export async function removePingbackAddress(db: Queryable, userId: string, url: string): Promise<number> {
  if (url === "all") {
    const { rows } = await db.query("DELETE FROM pingback_addresses WHERE user_id = $1 RETURNING url", [
      userId,
    ])
    return rows.length
  }
  let normalised = url
  try {
    normalised = new URL(url).href
  } catch {
    // not a URL: only an identical stored text can match
  }
  const { rows } = await db.query(
    "DELETE FROM pingback_addresses WHERE user_id = $1 AND url IN ($2, $3) RETURNING url",
    [userId, url, normalised],
  )
  return rows.length
}

/** Whether a callback URL is on one of the customer's registered hosts (scheme, host and port; any path). */
export async function isRegisteredPingback(db: Queryable, userId: string, url: string): Promise<boolean> {
  const wanted = hostKey(url)
  if (!wanted) return false
  const registered = await listPingbackAddresses(db, userId)
  return registered.some((address) => hostKey(address) === wanted)
}

// ---------------------------------------------------------------------------------------------------------
// Queue and retries

export type { PingbackAttempt }

/** Queues the pingback of an ended task, inside the transaction that ends it; one per task. */
export async function queuePingback(tx: Queryable, taskId: string, url: string, code: string): Promise<void> {
  await tx.query(
    `INSERT INTO pingback_deliveries (task_id, url, code) VALUES ($1, $2, $3) ON CONFLICT (task_id) DO NOTHING`,
    [taskId, url, code],
  )
}

interface ClaimedRow {
  id: string
  task_id: string
  url: string
  code: string
  attempts: number
}

/** Takes due rows and leases them in one statement: SKIP LOCKED lets several processes share the queue. */
const claimDue = async (db: Queryable, now: string | null, limit: number) =>
  (
    await db.query<ClaimedRow>(
      `UPDATE pingback_deliveries AS d
          SET attempts = d.attempts + 1,
              next_attempt_at = coalesce($1::timestamptz, now()) + make_interval(secs => $2)
        WHERE d.id IN (SELECT id FROM pingback_deliveries
                        WHERE state = 'pending' AND next_attempt_at <= coalesce($1::timestamptz, now())
                        ORDER BY next_attempt_at LIMIT $3
                        FOR UPDATE SKIP LOCKED)
      RETURNING d.id::text, d.task_id::text, d.url, d.code, d.attempts`,
      [now, LEASE_SECONDS, limit],
    )
  ).rows

/** Records one attempt: delivered, failed for good after the last attempt, or due again after the backoff. */
const recordAttempt = async (
  db: Queryable,
  row: ClaimedRow,
  outcome: DeliveryOutcome,
  entry: PingbackAttempt,
  now: string | null,
) => {
  const state = outcome.delivered ? "delivered" : row.attempts >= MAX_ATTEMPTS ? "failed" : "pending"
  const delay = RETRY_DELAYS_SECONDS[Math.min(row.attempts, MAX_ATTEMPTS - 1)]
  // Only the holder of this attempt writes (another process may have taken the row after a lapsed lease).
  await db.query(
    `UPDATE pingback_deliveries
        SET state = $3, log = log || $4::jsonb,
            next_attempt_at = CASE WHEN $3 = 'pending'
                                   THEN coalesce($5::timestamptz, now()) + make_interval(secs => $6)
                                   ELSE next_attempt_at END
      WHERE id = $1 AND attempts = $2 AND state = 'pending'`,
    [row.id, row.attempts, state, JSON.stringify([entry]), now, delay],
  )
}

const attemptEntry = (at: Date, startedMs: number, outcome: DeliveryOutcome): PingbackAttempt => {
  const entry: PingbackAttempt = { at: at.toISOString(), durationMs: Date.now() - startedMs }
  if (outcome.status !== undefined) entry.status = outcome.status
  if (outcome.error !== undefined) entry.error = outcome.error
  return entry
}

export interface DeliverOptions extends PingbackPolicy {
  /** The time the round runs at (tests drive the retries with it); the database's clock by default. */
  now?: Date
  fetchTimeoutMs?: number
  limit?: number
}

/**
 * One round: claims the due deliveries, sends them (in parallel, no transaction open meanwhile), records each
 * attempt. Returns how many attempts were made.
 */
export async function deliverDuePingbacks(db: Queryable, options: DeliverOptions): Promise<number> {
  const now = options.now?.toISOString() ?? null
  const rows = await claimDue(db, now, options.limit ?? BATCH_SIZE)
  await Promise.all(
    rows.map(async (row) => {
      const at = options.now ?? new Date()
      const started = Date.now()
      const outcome = await sendPingback(
        row.url,
        { id: row.task_id, code: row.code },
        { allowPrivate: options.allowPrivate, timeoutMs: options.fetchTimeoutMs },
      )
      await recordAttempt(db, row, outcome, attemptEntry(at, started, outcome), now)
    }),
  )
  return rows.length
}

/** The delivery attempts of a customer's own task (empty when it has no pingback or is not theirs). */
export async function pingbackAttempts(
  db: Queryable,
  userId: string,
  taskId: string,
): Promise<PingbackAttempt[]> {
  if (!/^\d{1,18}$/.test(taskId)) return []
  const { rows } = await db.query<{ log: PingbackAttempt[] }>(
    `SELECT d.log FROM pingback_deliveries d JOIN captcha_tasks t ON t.id = d.task_id
      WHERE d.task_id = $2 AND t.customer_id = $1`,
    [userId, taskId],
  )
  return rows[0]?.log ?? []
}

// ---------------------------------------------------------------------------------------------------------
// The background job

/** Delivery rounds are a background job: every second (retries falling due, leases lapsed), and at once on a kick. */
export const PINGBACK_JOB = "pingback-deliveries"
/** Full batches one run goes on with, before it leaves the rest to the next run. */
const BATCHES_PER_RUN = 10

/** Registers the delivery rounds with the jobs; `jobs.runSoon(PINGBACK_JOB)` asks for one now. */
export async function schedulePingbacks(
  jobs: Jobs,
  { db, allowPrivate, seconds = 1 }: { db: Queryable; allowPrivate: boolean; seconds?: number },
): Promise<void> {
  await jobs.every(PINGBACK_JOB, { seconds, retryDelaySeconds: 1, expireSeconds: 120 }, async () => {
    let attempts = 0
    for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
      const count = await deliverDuePingbacks(db, { allowPrivate, limit: BATCH_SIZE })
      attempts += count
      if (count < BATCH_SIZE) break
    }
    return { attempts }
  })
}

import { randomBytes } from "node:crypto"
import {
  BYTES_PER_GB,
  MAX_ALLOWLIST,
  MAX_SUBUSERS,
  PROXY_POOLS,
  proxyUserName,
  type BuyTraffic,
  type ConnectionRequest,
  type Gateway,
  type NewAllowed,
  type NewSubuser,
  type ProxyAccount,
  type ProxyPool,
  type ProxyPrice,
  type ProxyPrices,
  type ProxyUsage,
  type Purchase,
  type PurchaseResult,
  type Subuser,
  type SubuserChange,
} from "@manyhands/contract/proxy"
import type { Currency } from "@manyhands/contract"
import type { Database, Queryable } from "../../db/database"
import { accountBalance, LedgerError, ledgerAccount, transfer } from "../ledger/ledger"
import { AddressError, canonicalRange, overlaps, parseRange } from "./addresses"

/*
 * The proxy cabinet's service (issue 25): prices, traffic bought from the balance through the ledger, sub-users and
 * their allow-lists, usage and connection strings. The gateway (gateway.ts) reads what this writes.
 */

export class ProxyError extends Error {
  constructor(
    readonly code:
      | "INSUFFICIENT_FUNDS"
      | "IDEMPOTENCY_KEY_REUSED"
      | "SUBUSER_NAME_TAKEN"
      | "TOO_MANY_SUBUSERS"
      | "SUBUSER_NOT_FOUND"
      | "ADDRESS_INVALID"
      | "RANGE_TOO_WIDE"
      | "ADDRESS_TAKEN"
      | "TOO_MANY_ADDRESSES"
      | "ENTRY_NOT_FOUND"
      | "DATE_INVALID"
      | "DATE_RANGE_INVALID",
    message: string,
  ) {
    super(message)
    this.name = "ProxyError"
  }
}

export async function proxyPrices(db: Queryable, currency: Currency): Promise<ProxyPrices> {
  const [prices, exits] = await Promise.all([
    db.query<{ pool: ProxyPool; per_gb: string }>(
      "SELECT pool, per_gb::text FROM proxy_prices WHERE currency = $1",
      [currency],
    ),
    db.query<{ pool: ProxyPool; countries: string[]; properties: string[] }>(
      `SELECT pool, array_agg(DISTINCT country ORDER BY country) AS countries,
              array(SELECT DISTINCT unnest(array_agg(properties)) ORDER BY 1) AS properties
         FROM (SELECT pool, country, unnest(CASE WHEN properties = '{}' THEN ARRAY[NULL]::text[] ELSE properties END)
                 AS properties FROM proxy_exits WHERE enabled AND healthy) e
        GROUP BY pool`,
    ),
  ])
  const byPool = new Map(exits.rows.map((row) => [row.pool, row]))
  const list: ProxyPrice[] = PROXY_POOLS.flatMap((pool) => {
    const price = prices.rows.find((row) => row.pool === pool)
    if (!price) return []
    const exit = byPool.get(pool)
    return [
      {
        pool,
        currency,
        perGb: Number(price.per_gb),
        countries: exit?.countries ?? [],
        properties: (exit?.properties ?? []).filter((item): item is ProxyPrice["properties"][number] =>
          ["premium", "elite", "anonymous"].includes(item),
        ),
      },
    ]
  })
  return { currency, prices: list }
}

async function currencyOf(db: Queryable, userId: string): Promise<Currency> {
  const { rows } = await db.query<{ currency: Currency }>("SELECT currency FROM users WHERE id = $1", [
    userId,
  ])
  return rows[0]?.currency ?? "USD"
}

export async function proxyAccount(db: Queryable, userId: string, gateway: Gateway): Promise<ProxyAccount> {
  const currency = await currencyOf(db, userId)
  const [traffic, count, prices, balance] = await Promise.all([
    db.query<{ pool: ProxyPool; bought: string; used: string }>(
      "SELECT pool, bought::text, used::text FROM proxy_traffic WHERE user_id = $1",
      [userId],
    ),
    db.query<{ count: string }>(
      "SELECT count(*)::text AS count FROM proxy_subusers WHERE user_id = $1 AND deleted_at IS NULL",
      [userId],
    ),
    proxyPrices(db, currency),
    ledgerAccount(db, { userId, purpose: "customer_balance", currency }).then((id) => accountBalance(db, id)),
  ])
  return {
    currency,
    balance: balance.available,
    traffic: PROXY_POOLS.map((pool) => {
      const row = traffic.rows.find((item) => item.pool === pool)
      const bought = Number(row?.bought ?? 0)
      const used = Number(row?.used ?? 0)
      return { pool, bought, used, left: Math.max(0, bought - used) }
    }),
    gateway,
    subusers: Number(count.rows[0]!.count),
    prices: prices.prices,
  }
}

interface PurchaseRow {
  id: string
  pool: ProxyPool
  gigabytes: number
  currency: Currency
  amount: string
  created_at: Date
}

const purchaseOf = (row: PurchaseRow): Purchase => ({
  id: row.id,
  pool: row.pool,
  gigabytes: row.gigabytes,
  currency: row.currency,
  amount: Number(row.amount),
  createdAt: row.created_at.toISOString(),
})

/**
 * Buys traffic: the purchase row, the ledger transfer from the balance to the platform's proxy sales (keyed by the
 * purchase), and the pool's traffic, in one transaction. The same idempotency key again answers the same purchase
 * and moves nothing; with other fields it is refused.
 */
export async function buyTraffic(
  db: Database,
  userId: string,
  order: BuyTraffic,
  gateway: Gateway,
): Promise<PurchaseResult> {
  const purchase = await db.transaction(async (tx) => {
    const currency = await currencyOf(tx, userId)
    const { rows: prices } = await tx.query<{ per_gb: string }>(
      "SELECT per_gb::text FROM proxy_prices WHERE pool = $1 AND currency = $2",
      [order.pool, currency],
    )
    const amount = Number(prices[0]!.per_gb) * order.gigabytes
    const { rows: inserted } = await tx.query<PurchaseRow>(
      `INSERT INTO proxy_purchases (user_id, pool, gigabytes, currency, amount, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, idempotency_key) DO NOTHING
       RETURNING id::text, pool, gigabytes, currency, amount::text, created_at`,
      [userId, order.pool, order.gigabytes, currency, amount, order.idempotencyKey],
    )
    if (!inserted[0]) {
      const { rows } = await tx.query<PurchaseRow>(
        `SELECT id::text, pool, gigabytes, currency, amount::text, created_at FROM proxy_purchases
          WHERE user_id = $1 AND idempotency_key = $2`,
        [userId, order.idempotencyKey],
      )
      const existing = rows[0]!
      if (existing.pool !== order.pool || existing.gigabytes !== order.gigabytes)
        throw new ProxyError("IDEMPOTENCY_KEY_REUSED", "This idempotency key was used for another purchase.")
      return purchaseOf(existing)
    }
    const row = inserted[0]
    try {
      await transfer(tx, {
        key: `proxy:buy:${row.id}`,
        debitAccountId: await ledgerAccount(tx, { userId, purpose: "customer_balance", currency }),
        creditAccountId: await ledgerAccount(tx, { userId: null, purpose: "proxy_sales", currency }),
        amount,
        currency,
        memo: `Proxy traffic: ${order.gigabytes} GB ${order.pool}`,
      })
    } catch (error) {
      if (error instanceof LedgerError && error.code === "EXCEEDS_CREDITS")
        throw new ProxyError(
          "INSUFFICIENT_FUNDS",
          "The balance does not cover this purchase. Top it up first.",
        )
      throw error
    }
    await tx.query(
      `INSERT INTO proxy_traffic (user_id, pool, bought) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, pool) DO UPDATE SET bought = proxy_traffic.bought + EXCLUDED.bought`,
      [userId, order.pool, order.gigabytes * BYTES_PER_GB],
    )
    return purchaseOf(row)
  })
  return { purchase, account: await proxyAccount(db, userId, gateway) }
}

export async function purchases(db: Queryable, userId: string): Promise<Purchase[]> {
  const { rows } = await db.query<PurchaseRow>(
    `SELECT id::text, pool, gigabytes, currency, amount::text, created_at FROM proxy_purchases
      WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 100`,
    [userId],
  )
  return rows.map(purchaseOf)
}

// ——— sub-users ———

/**
 * What a sub-user's traffic cost so far: each pool's metered bytes at the pool's price per GB in the account's
 * currency (micro-units, rounded down). The gateway counts the same way (gateway.ts).
 */
export const SPENT_SQL = (subuser: string, user: string) => `
  SELECT COALESCE(sum(u.bytes * p.per_gb / ${BYTES_PER_GB}), 0)::bigint
    FROM (SELECT pool, sum(up + down) AS bytes FROM proxy_usage WHERE subuser_id = ${subuser} GROUP BY pool) u
    JOIN proxy_prices p ON p.pool = u.pool AND p.currency = (SELECT currency FROM users WHERE id = ${user})`

interface SubuserRow {
  id: string
  name: string
  password: string
  pool: ProxyPool
  traffic_cap: string | null
  money_cap: string | null
  spent: string
  used: string
  paused: boolean
  created_at: Date
}

const SUBUSER_COLUMNS = `id::text, name, password, pool, traffic_cap::text, money_cap::text, used::text, paused,
  created_at, (${SPENT_SQL("proxy_subusers.id", "proxy_subusers.user_id")})::text AS spent`

async function subusersOf(db: Queryable, userId: string, only?: string): Promise<Subuser[]> {
  const { rows } = await db.query<SubuserRow>(
    `SELECT ${SUBUSER_COLUMNS} FROM proxy_subusers
      WHERE user_id = $1 AND deleted_at IS NULL AND ($2::bigint IS NULL OR id = $2) ORDER BY created_at, id`,
    [userId, only ?? null],
  )
  if (rows.length === 0) return []
  const { rows: entries } = await db.query<{
    id: string
    subuser_id: string
    cidr: string
    note: string | null
    created_at: Date
  }>(
    `SELECT id::text, subuser_id::text, cidr, note, created_at FROM proxy_allowlist
      WHERE subuser_id = ANY($1::bigint[]) ORDER BY created_at, id`,
    [rows.map((row) => row.id)],
  )
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    password: row.password,
    pool: row.pool,
    trafficCap: row.traffic_cap === null ? null : Number(row.traffic_cap),
    moneyCap: row.money_cap === null ? null : Number(row.money_cap),
    spent: Number(row.spent),
    used: Number(row.used),
    paused: row.paused,
    allowlist: entries
      .filter((entry) => entry.subuser_id === row.id)
      .map((entry) => ({
        id: entry.id,
        cidr: entry.cidr,
        note: entry.note,
        createdAt: entry.created_at.toISOString(),
      })),
    createdAt: row.created_at.toISOString(),
  }))
}

export const listSubusers = (db: Queryable, userId: string) => subusersOf(db, userId)

async function oneSubuser(db: Queryable, userId: string, id: string): Promise<Subuser> {
  const [found] = await subusersOf(db, userId, id)
  if (!found) throw new ProxyError("SUBUSER_NOT_FOUND", "No sub-user of this account has this id.")
  return found
}

/** 16 letters and digits: what a client types or pastes into a proxy setting. */
const newPassword = () => randomBytes(12).toString("base64url").replace(/[-_]/g, "x").slice(0, 16)

const capBytes = (gigabytes: number | null | undefined) =>
  gigabytes === null || gigabytes === undefined ? null : Math.round(gigabytes * BYTES_PER_GB)

export async function createSubuser(db: Database, userId: string, input: NewSubuser): Promise<Subuser> {
  return db.transaction(async (tx) => {
    await tx.query("SELECT id FROM users WHERE id = $1 FOR UPDATE", [userId])
    const { rows } = await tx.query<{ count: string }>(
      "SELECT count(*)::text AS count FROM proxy_subusers WHERE user_id = $1 AND deleted_at IS NULL",
      [userId],
    )
    if (Number(rows[0]!.count) >= MAX_SUBUSERS)
      throw new ProxyError("TOO_MANY_SUBUSERS", `An account may have at most ${MAX_SUBUSERS} sub-users.`)
    const { rows: inserted } = await tx.query<{ id: string }>(
      `INSERT INTO proxy_subusers (user_id, name, password, pool, traffic_cap, money_cap)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name) DO NOTHING RETURNING id::text`,
      [userId, input.name, newPassword(), input.pool, capBytes(input.trafficCapGb), input.moneyCap ?? null],
    )
    if (!inserted[0])
      throw new ProxyError("SUBUSER_NAME_TAKEN", `The name ${input.name} is taken; choose another.`)
    return oneSubuser(tx, userId, inserted[0].id)
  })
}

export async function changeSubuser(
  db: Database,
  userId: string,
  id: string,
  change: SubuserChange,
): Promise<Subuser> {
  return db.transaction(async (tx) => {
    await oneSubuser(tx, userId, id)
    await tx.query(
      `UPDATE proxy_subusers SET pool = COALESCE($3, pool),
              traffic_cap = CASE WHEN $4::boolean THEN $5::bigint ELSE traffic_cap END,
              paused = COALESCE($6, paused), password = COALESCE($7, password),
              money_cap = CASE WHEN $8::boolean THEN $9::bigint ELSE money_cap END
        WHERE id = $1 AND user_id = $2`,
      [
        id,
        userId,
        change.pool ?? null,
        change.trafficCapGb !== undefined,
        capBytes(change.trafficCapGb),
        change.paused ?? null,
        change.newPassword ? newPassword() : null,
        change.moneyCap !== undefined,
        change.moneyCap ?? null,
      ],
    )
    return oneSubuser(tx, userId, id)
  })
}

export async function deleteSubuser(db: Database, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await oneSubuser(tx, userId, id)
    // The name is freed for a new sub-user; the usage stays with the row for the totals.
    await tx.query(
      `UPDATE proxy_subusers SET deleted_at = now(), name = 'x' || id::text || 'deleted', paused = true
        WHERE id = $1 AND user_id = $2`,
      [id, userId],
    )
    await tx.query("DELETE FROM proxy_allowlist WHERE subuser_id = $1", [id])
  })
}

/**
 * Allow-lists an address or range for a sub-user. One address belongs to one sub-user (the gateway must know whose
 * traffic a passwordless connection is), so a range that overlaps any other entry is refused.
 */
export async function allow(db: Database, userId: string, id: string, input: NewAllowed): Promise<Subuser> {
  let cidr: string
  try {
    cidr = canonicalRange(input.cidr)
  } catch (error) {
    if (error instanceof AddressError) throw new ProxyError(error.code, error.message)
    throw error
  }
  return db.transaction(async (tx) => {
    const subuser = await oneSubuser(tx, userId, id)
    if (subuser.allowlist.length >= MAX_ALLOWLIST)
      throw new ProxyError(
        "TOO_MANY_ADDRESSES",
        `A sub-user may have at most ${MAX_ALLOWLIST} allow-listed entries.`,
      )
    // Entries change rarely: one lock for all of them keeps two overlapping additions from both passing the check.
    await tx.query("LOCK TABLE proxy_allowlist IN SHARE ROW EXCLUSIVE MODE")
    const { rows } = await tx.query<{ cidr: string; subuser_id: string }>(
      "SELECT cidr, subuser_id::text FROM proxy_allowlist",
    )
    const range = parseRange(cidr)
    const clash = rows.find((row) => overlaps(range, parseRange(row.cidr)))
    if (clash)
      throw new ProxyError(
        "ADDRESS_TAKEN",
        clash.subuser_id === id
          ? `${cidr} is already covered by ${clash.cidr} on this sub-user.`
          : `${cidr} overlaps an address another sub-user has allow-listed.`,
      )
    await tx.query("INSERT INTO proxy_allowlist (subuser_id, cidr, note) VALUES ($1, $2, $3)", [
      id,
      cidr,
      input.note?.trim() || null,
    ])
    return oneSubuser(tx, userId, id)
  })
}

export async function disallow(db: Database, userId: string, id: string, entry: string): Promise<Subuser> {
  return db.transaction(async (tx) => {
    await oneSubuser(tx, userId, id)
    const { rows } = await tx.query(
      "DELETE FROM proxy_allowlist WHERE id = $1 AND subuser_id = $2 RETURNING id",
      [entry, id],
    )
    if (rows.length === 0)
      throw new ProxyError("ENTRY_NOT_FOUND", "This sub-user has no allow-list entry with this id.")
    return oneSubuser(tx, userId, id)
  })
}

// ——— usage ———

const DAY_MS = 24 * 60 * 60 * 1000
const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10)

export async function usage(
  db: Queryable,
  userId: string,
  query: { from?: string; to?: string; subuser?: string },
  now = Date.now(),
): Promise<ProxyUsage> {
  const to = query.to ?? dayOf(now)
  const from = query.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - 6 * DAY_MS)
  const start = Date.parse(`${from}T00:00:00Z`)
  const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS
  if (!Number.isFinite(start) || !Number.isFinite(end))
    throw new ProxyError("DATE_INVALID", "A date is not a day.")
  if (end <= start || end - start > 92 * DAY_MS)
    throw new ProxyError(
      "DATE_RANGE_INVALID",
      "The first day must come before the last, at most 92 days apart.",
    )
  const subuser = query.subuser ?? null
  const range = [userId, new Date(start), new Date(end), subuser]
  const hourStart = new Date(Math.floor(now / 3_600_000) * 3_600_000 - 23 * 3_600_000)
  const [days, hours, bySubuser, hosts, total] = await Promise.all([
    db.query<{ at: Date; up: string; down: string }>(
      `SELECT date_trunc('day', minute AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at, sum(up)::text AS up,
              sum(down)::text AS down
         FROM proxy_usage WHERE user_id = $1 AND minute >= $2 AND minute < $3 AND ($4::bigint IS NULL OR subuser_id = $4)
        GROUP BY 1 ORDER BY 1`,
      range,
    ),
    db.query<{ at: Date; up: string; down: string }>(
      `SELECT date_trunc('hour', minute AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS at, sum(up)::text AS up,
              sum(down)::text AS down
         FROM proxy_usage WHERE user_id = $1 AND minute >= $2 AND ($3::bigint IS NULL OR subuser_id = $3)
        GROUP BY 1 ORDER BY 1`,
      [userId, hourStart, subuser],
    ),
    db.query<{ id: string; name: string; up: string; down: string }>(
      `SELECT s.id::text, s.name, sum(u.up)::text AS up, sum(u.down)::text AS down
         FROM proxy_usage u JOIN proxy_subusers s ON s.id = u.subuser_id
        WHERE u.user_id = $1 AND u.minute >= $2 AND u.minute < $3 AND ($4::bigint IS NULL OR u.subuser_id = $4)
        GROUP BY s.id, s.name ORDER BY sum(u.up + u.down) DESC`,
      range,
    ),
    db.query<{ host: string; bytes: string }>(
      `SELECT host, sum(bytes)::text AS bytes FROM proxy_usage_hosts
        WHERE user_id = $1 AND minute >= $2 AND minute < $3 AND ($4::bigint IS NULL OR subuser_id = $4)
        GROUP BY host ORDER BY sum(bytes) DESC, host LIMIT 10`,
      range,
    ),
    db.query<{ up: string | null; down: string | null; connections: string | null }>(
      `SELECT sum(up)::text AS up, sum(down)::text AS down, sum(connections)::text AS connections
         FROM proxy_usage WHERE user_id = $1 AND minute >= $2 AND minute < $3 AND ($4::bigint IS NULL OR subuser_id = $4)`,
      range,
    ),
  ])
  const point = (row: { at: Date; up: string; down: string }) => ({
    at: row.at.toISOString(),
    up: Number(row.up),
    down: Number(row.down),
  })
  return {
    from,
    to,
    total: {
      up: Number(total.rows[0]?.up ?? 0),
      down: Number(total.rows[0]?.down ?? 0),
      connections: Number(total.rows[0]?.connections ?? 0),
    },
    days: days.rows.map(point),
    hours: hours.rows.map(point),
    subusers: bySubuser.rows.map((row) => ({
      id: row.id,
      name: row.name,
      up: Number(row.up),
      down: Number(row.down),
    })),
    hosts: hosts.rows.map((row) => ({ host: row.host, bytes: Number(row.bytes) })),
  }
}

// ——— connection strings ———

/** Lines a proxy client takes, one per session when sticky (each line its own exit). */
export async function connectionStrings(
  db: Queryable,
  userId: string,
  request: ConnectionRequest,
  gateway: Gateway,
): Promise<string[]> {
  const subuser = await oneSubuser(db, userId, request.subuser)
  const protocol = request.protocol ?? "http"
  const port = protocol === "socks5" ? gateway.socksPort : gateway.httpPort
  const count = request.count ?? 1
  const lines: string[] = []
  for (let index = 0; index < count; index++) {
    const user = proxyUserName({
      subuser: subuser.name,
      pool: request.pool && request.pool !== subuser.pool ? request.pool : undefined,
      country: request.country,
      session: request.sticky ? randomBytes(6).toString("hex") : undefined,
      ttlMinutes: request.sticky ? request.ttlMinutes : undefined,
    })
    const password = subuser.password
    switch (request.format ?? "url") {
      case "host:port:user:pass":
        lines.push(`${gateway.host}:${port}:${user}:${password}`)
        break
      case "user:pass@host:port":
        lines.push(`${user}:${password}@${gateway.host}:${port}`)
        break
      case "curl":
        lines.push(
          protocol === "socks5"
            ? `curl --socks5-hostname ${gateway.host}:${port} --proxy-user ${user}:${password} https://example.com`
            : `curl --proxy http://${gateway.host}:${port} --proxy-user ${user}:${password} https://example.com`,
        )
        break
      default:
        lines.push(`${protocol}://${user}:${password}@${gateway.host}:${port}`)
    }
  }
  return lines
}

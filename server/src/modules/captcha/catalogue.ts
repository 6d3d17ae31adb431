import type { Queryable } from "../../db/database"
import type { PriceCurrency } from "@manyhands/contract/statistics"

export interface CatalogueType {
  code: string
  kind: "image" | "token"
  deadlineSeconds: number
  leaseSeconds: number
  workerSharePercent: number
  enabled: boolean
  /** Per task, in ledger micro-units; accounts pay in USD or RUB, EUR is a list price. */
  prices: Partial<Record<PriceCurrency, number>>
  /** The worker's pay per task of the same price versions (captcha_price_versions), in micro-units. */
  workerPay: Partial<Record<PriceCurrency, number>>
}

const TTL_MS = 10_000

/** One price version (migration 0034): in force from `from` (ms) until a later one is. */
interface PriceVersion {
  type: string
  currency: PriceCurrency
  price: number
  workerPay: number
  from: number
}

interface TypeRow {
  code: string
  kind: "image" | "token"
  deadline_seconds: number
  lease_seconds: number
  worker_share_percent: number
  enabled: boolean
}

/**
 * The captcha types with their prices, read from the database and kept for ten seconds: every submission
 * needs them, and an administrator's change reaches the other processes within that time. Prices are versions
 * (captcha_price_versions, migration 0034): the one in force is the latest with effective_from <= now.
 */
export class Catalogue {
  private loaded: {
    at: number
    types: Map<string, CatalogueType>
    rows: TypeRow[]
    versions: PriceVersion[]
    nextChangeAt: number
  } | null = null

  constructor(private readonly db: Queryable) {}

  async get(code: string): Promise<CatalogueType | undefined> {
    return (await this.all()).get(code)
  }

  /**
   * The types with the prices in force now. The versions in force at the last read and those scheduled after it
   * are kept, so a scheduled price is charged from its second (not up to the TTL later) without a query.
   */
  async all(): Promise<Map<string, CatalogueType>> {
    const now = Date.now()
    const loaded = this.loaded
    if (loaded && now - loaded.at < TTL_MS) {
      if (now < loaded.nextChangeAt) return loaded.types
      return this.resolve(loaded.rows, loaded.versions, loaded.at).types
    }
    const [{ rows }, versions] = await Promise.all([
      this.db.query<TypeRow>(
        `SELECT t.code, t.kind, t.deadline_seconds, t.lease_seconds, t.worker_share_percent, t.enabled
           FROM captcha_types t ORDER BY t.position, t.code`,
      ),
      this.db.query<{ type: string; currency: PriceCurrency; price: string; pay: string; from_ms: string }>(
        `SELECT type, currency, price_per_task::text AS price, worker_pay_per_task::text AS pay,
                (extract(epoch FROM updated_at) * 1000)::bigint::text AS from_ms
           FROM captcha_prices
         UNION ALL
         SELECT type, currency, price_per_task::text, worker_pay_per_task::text,
                (extract(epoch FROM effective_from) * 1000)::bigint::text
           FROM captcha_price_versions WHERE cancelled_at IS NULL AND effective_from > now()`,
      ),
    ])
    const list = versions.rows.map((row): PriceVersion => ({
      type: row.type,
      currency: row.currency,
      price: Number(row.price),
      workerPay: Number(row.pay),
      from: Number(row.from_ms),
    }))
    return this.resolve(rows, list, now).types
  }

  private resolve(rows: TypeRow[], versions: PriceVersion[], at: number) {
    const now = Date.now()
    // The latest version with from <= now per type and currency; the earliest later one is the next change.
    const current = new Map<string, PriceVersion>()
    let nextChangeAt = Number.POSITIVE_INFINITY
    for (const version of versions) {
      if (version.from > now) {
        nextChangeAt = Math.min(nextChangeAt, version.from)
        continue
      }
      const key = `${version.type} ${version.currency}`
      const held = current.get(key)
      if (!held || version.from >= held.from) current.set(key, version)
    }
    const types = new Map<string, CatalogueType>()
    for (const row of rows) {
      types.set(row.code, {
        code: row.code,
        kind: row.kind,
        deadlineSeconds: row.deadline_seconds,
        leaseSeconds: row.lease_seconds,
        workerSharePercent: row.worker_share_percent,
        enabled: row.enabled,
        prices: {},
        workerPay: {},
      })
    }
    for (const version of current.values()) {
      const type = types.get(version.type)
      if (!type) continue
      type.prices[version.currency] = version.price
      type.workerPay[version.currency] = version.workerPay
    }
    this.loaded = { at, types, rows, versions, nextChangeAt }
    return this.loaded
  }

  /** After an administrator's change in this process. */
  forget() {
    this.loaded = null
  }
}

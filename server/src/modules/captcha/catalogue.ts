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
}

const TTL_MS = 10_000

/**
 * The captcha types with their prices, read from the database and kept for ten seconds: every submission
 * needs them, and an administrator's change reaches the other processes within that time.
 */
export class Catalogue {
  private loaded: { at: number; types: Map<string, CatalogueType> } | null = null

  constructor(private readonly db: Queryable) {}

  async get(code: string): Promise<CatalogueType | undefined> {
    return (await this.all()).get(code)
  }

  async all(): Promise<Map<string, CatalogueType>> {
    if (this.loaded && Date.now() - this.loaded.at < TTL_MS) return this.loaded.types
    const { rows } = await this.db.query<{
      code: string
      kind: "image" | "token"
      deadline_seconds: number
      lease_seconds: number
      worker_share_percent: number
      enabled: boolean
      prices: Record<string, string> | null
    }>(
      `SELECT t.code, t.kind, t.deadline_seconds, t.lease_seconds, t.worker_share_percent, t.enabled,
              (SELECT jsonb_object_agg(p.currency, p.price_per_task::text) FROM captcha_prices p
                WHERE p.type = t.code) AS prices
         FROM captcha_types t ORDER BY t.position, t.code`,
    )
    const types = new Map<string, CatalogueType>()
    for (const row of rows) {
      types.set(row.code, {
        code: row.code,
        kind: row.kind,
        deadlineSeconds: row.deadline_seconds,
        leaseSeconds: row.lease_seconds,
        workerSharePercent: row.worker_share_percent,
        enabled: row.enabled,
        prices: Object.fromEntries(
          Object.entries(row.prices ?? {}).map(([key, value]) => [key, Number(value)]),
        ),
      })
    }
    this.loaded = { at: Date.now(), types }
    return types
  }

  /** After an administrator's change in this process. */
  forget() {
    this.loaded = null
  }
}

// Small helpers of the benchmarks: percentiles, a valid PNG, a query-counting database wrapper.
import { performance } from "node:perf_hooks"
import type { Database, Queryable } from "../src/db/database"
import { pngImage } from "../test/captcha-fixtures"

/** The p-th percentile (0–100) of the values, nearest rank; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.ceil((p / 100) * sorted.length)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!
}

/** A small real PNG (random noise, above the 100-byte floor), made the same way as the tests' images. */
export const captchaPng = (width = 80, height = 24): Buffer => pngImage(width, height)

/** Counts the statements the server sends, to tell how many queries one task lifecycle costs. */
export class QueryCounter {
  queries = 0
  transactions = 0
  /** With `profile`: per statement, how often it ran and its time in the database. */
  readonly byStatement = new Map<string, { count: number; ms: number }>()
  profile = false
  /** When the database finished its last statement: one connection (PGlite) runs them one after another. */
  private lastDone = 0

  reset() {
    this.queries = 0
    this.transactions = 0
    this.byStatement.clear()
  }

  private async timed<T>(sql: string, run: () => Promise<T>): Promise<T> {
    this.queries++
    if (!this.profile) return run()
    const started = performance.now()
    try {
      return await run()
    } finally {
      const done = performance.now()
      // On one connection a statement's own time starts when the previous one ended, if that was later.
      const ms = done - Math.max(started, this.serial ? this.lastDone : started)
      this.lastDone = done
      const key = sql.replace(/\s+/g, " ").trim().slice(0, 110)
      const entry = this.byStatement.get(key) ?? { count: 0, ms: 0 }
      entry.count++
      entry.ms += ms
      this.byStatement.set(key, entry)
    }
  }

  private serial = false

  private wrap(target: Queryable): Queryable {
    return {
      query: (sql, params) => this.timed(sql, () => target.query(sql, params)),
      exec: (sql) => this.timed(sql, () => target.exec(sql)),
    }
  }

  /** The same database, every query counted (BEGIN and COMMIT of a transaction count as one transaction). */
  database(db: Database): Database {
    this.serial = db.engine === "pglite"
    const counted: Database = {
      engine: db.engine,
      ...this.wrap(db),
      transaction: (work) => {
        this.transactions++
        return db.transaction((tx) => work(this.wrap(tx)))
      },
      close: () => db.close(),
    }
    if (db.listen) counted.listen = db.listen.bind(db)
    return counted
  }

  /** The statements that took the most database time. */
  top(n: number): [string, { count: number; ms: number }][] {
    return [...this.byStatement.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, n)
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

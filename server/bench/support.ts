// Small helpers of the benchmarks: percentiles, a valid PNG, a query-counting database wrapper, fresh databases.
import { createHash, randomBytes } from "node:crypto"
import { appendFileSync, mkdtempSync, rmSync } from "node:fs"
import { type Agent, request } from "node:http"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import pg from "pg"
import { openPglite } from "../src/db/pglite"
import { openPostgres } from "../src/db/postgres"
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
      ...(target.kept ? { kept: target.kept } : {}),
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
      execute: (sql, params) => this.timed(sql, () => db.execute(sql, params)),
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

/** A TCP port on 127.0.0.1 that was free a moment ago (for a server the benchmark starts). */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve))
  const address = probe.address()
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  if (!address || typeof address === "string") throw new Error("no free port")
  return address.port
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A fresh database; `drop` removes it (PostgreSQL: a temporary database bench_<random> on the server). */
export interface FreshDatabase {
  db: Database
  /** PostgreSQL only: the temporary database's address. */
  url?: string
  label: string
  drop(): Promise<void>
}

export async function freshDatabase(
  engine: "pglite" | "postgres",
  opts: { pgliteDir?: boolean; databaseUrl: string; pool: number },
): Promise<FreshDatabase> {
  if (engine === "pglite") {
    const dir = opts.pgliteDir ? mkdtempSync(join(tmpdir(), "bench-pglite-")) : undefined
    const db = await openPglite(dir)
    const drop = async () => {
      await db.close()
      if (dir) rmSync(dir, { recursive: true, force: true })
    }
    return { db, label: dir ? "PGlite (temp dir)" : "PGlite (memory)", drop }
  }
  const name = `bench_${randomBytes(6).toString("hex")}`
  const admin = new pg.Client({ connectionString: opts.databaseUrl })
  await admin.connect()
  const { rows } = await admin.query<{ version: string }>(
    "SELECT current_setting('server_version') AS version",
  )
  const label = `PostgreSQL ${rows[0]!.version.split(" ")[0]}`
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: opts.databaseUrl })
    await cleanup.connect()
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await cleanup.end()
  }
  const url = new URL(opts.databaseUrl)
  url.pathname = `/${name}`
  let db: Database
  try {
    db = await openPostgres(url.toString(), opts.pool)
  } catch (error) {
    await dropDatabase()
    throw error
  }
  const drop = async () => {
    await db.close()
    await dropDatabase()
  }
  return { db, url: url.toString(), label, drop }
}

/** One HTTP request of a benchmark's clients on their keep-alive agent; the body as text. */
export function httpRequest(
  agent: Agent,
  base: URL,
  method: "GET" | "POST",
  path: string,
  headers: Record<string, string> = {},
  body?: string,
  timeoutMs?: number,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent,
        headers: body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        let text = ""
        res.setEncoding("utf8")
        res.on("data", (chunk: string) => (text += chunk))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }))
        res.on("error", reject)
      },
    )
    if (timeoutMs !== undefined)
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)))
    req.on("error", reject)
    req.end(body)
  })
}

/** A JSON object answer, or null for anything else. */
export function jsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text)
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/** One figure of a benchmark next to its aim, for `pnpm bench issue27`'s summary of every aim. */
export interface AimFigure {
  /** What was measured, with where ("PostgreSQL: completed lifecycles/s"). */
  figure: string
  value: string
  aim: string
  /** Whether the aim is met; undefined for a figure printed for comparison (pg-boss, pgbench). */
  met?: boolean
}

/**
 * Adds figures to the summary file named by BENCH_SUMMARY (JSON lines), when it is set: `pnpm bench issue27` runs
 * several benchmarks and prints every aim of issue 27 from them in one table at the end.
 */
export function recordAims(figures: AimFigure[]): void {
  const file = process.env.BENCH_SUMMARY
  if (!file || figures.length === 0) return
  appendFileSync(file, figures.map((figure) => JSON.stringify(figure) + "\n").join(""))
}

/**
 * A confirmed user with a new API key, by SQL; the key is stored as the profile module stores it (SHA-256 and its
 * last four characters). No password: benchmark users only call the API.
 */
export async function addApiUser(
  db: Queryable,
  type: "customer" | "worker",
  email: string,
): Promise<{ id: string; key: string }> {
  const key = randomBytes(16).toString("hex")
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, user_type, email_confirmed_at, api_key_hash, api_key_hint,
                        api_key_created_at)
     VALUES ($1, 'bench: no password', $2, now(), $3, $4, now()) RETURNING id::text`,
    [email, type, createHash("sha256").update(key).digest(), key.slice(-4)],
  )
  return { id: rows[0]!.id, key }
}

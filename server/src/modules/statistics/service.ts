import { createHash } from "node:crypto"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"
import type { FastifyBaseLogger } from "fastify"
import type {
  CustomerPrices,
  PriceCurrency,
  PublicStatistics,
  StatGraph,
  StatGraphData,
} from "@manyhands/contract/statistics"
import type { Database } from "../../db/database"
import type { Catalogue } from "../captcha/catalogue"
import type { Jobs } from "../jobs/jobs"
import { readGraph, readPrices, readRates, readSnapshot, type GraphRange, type Rates } from "./figures"
import { nextRange, pruneRollups, rollUp } from "./rollup"

declare module "fastify" {
  interface FastifyInstance {
    /** The public statistics: main.ts starts its periodic rollup; tests call rollUpNow(). */
    statistics: Statistics
  }
}

/*
 * The statistics of one server process: the periodic rollup (a background job, once per period among all
 * processes) and the public figures behind a short cache, so that the home page and the public endpoints never
 * query per request (and never the task tables at all).
 */

export const ROLLUP_JOB = "statistics-rollup"

export interface StatisticsOptions {
  db: Database
  catalogue: Catalogue
  log: FastifyBaseLogger
  jobs: Jobs
  /** How often the rollup runs. */
  intervalSeconds: number
  /** How long an answer is served from memory. */
  cacheMs: number
}

/** The rollup re-aggregates at least this many minutes back each run (late commits land in them). */
const LOOKBACK_MINUTES = 5
/** Pruning runs with every this many rollups. */
const PRUNE_EVERY = 60
/** Answers kept in memory at most. */
const MAX_CACHED = 500

export interface EncodedBody {
  json: string
  etag: string
  gzip?: Buffer
  br?: Buffer
}

export class Statistics {
  private readonly cache = new Map<string, { at: number; value: Promise<unknown> }>()
  /** The JSON text, ETag and compressed forms of each cached answer, made once per answer. */
  private readonly bodies = new WeakMap<object, EncodedBody>()
  private running: Promise<void> | null = null
  private runs = 0
  private started: Promise<void> | null = null

  constructor(private readonly options: StatisticsOptions) {}

  /** Starts the periodic rollup (asked for at once). */
  start(): Promise<void> {
    this.started ??= this.options.jobs
      .every(ROLLUP_JOB, { seconds: this.options.intervalSeconds, immediately: true }, async () => ({
        ran: await this.rollUpNow(),
      }))
      .catch((error: unknown) =>
        this.options.log.error({ err: error }, "statistics rollup job not registered"),
      )
    return this.started
  }

  async close(): Promise<void> {
    await this.running?.catch(() => undefined)
  }

  /**
   * One rollup now: the job's run, and tests'. Never two at once in a process (nor in the database: false when
   * another process was rolling up). A failure is thrown: the job retries it, and the next run covers its range.
   */
  async rollUpNow(now = new Date()): Promise<boolean> {
    let ran = false
    await this.exclusive(async () => {
      const range = await nextRange(this.options.db, now, LOOKBACK_MINUTES)
      const result = await rollUp(this.options.db, range.from, range.to, now)
      if (++this.runs % PRUNE_EVERY === 1) await pruneRollups(this.options.db, now)
      if (result.ran) this.cache.clear()
      ran = result.ran
    })
    return ran
  }

  /** Rolls up a past range (the demo history's days). */
  async rollUpRange(from: Date, to: Date): Promise<void> {
    await this.exclusive(async () => {
      if ((await rollUp(this.options.db, from, to)).ran) this.cache.clear()
    })
  }

  private async exclusive(work: () => Promise<void>): Promise<void> {
    while (this.running) await this.running
    this.running = work().finally(() => {
      this.running = null
    })
    await this.running
  }

  /** A cached answer: computed once per key and `cacheMs`, shared by concurrent requests. */
  private cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.cache.get(key)
    if (hit && Date.now() - hit.at < this.options.cacheMs) return hit.value as Promise<T>
    const value = compute()
    // Windows of days are many: the cache keeps its size by dropping the oldest answers.
    if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value!)
    this.cache.set(key, { at: Date.now(), value })
    value.catch(() => this.cache.delete(key))
    return value
  }

  /** A cached answer as its JSON text with an ETag; `compressed` adds a gzip or Brotli form, made once. */
  encoded(value: object): EncodedBody {
    let body = this.bodies.get(value)
    if (!body) {
      const json = JSON.stringify(value)
      const etag = `"${createHash("sha1").update(json).digest("base64url").slice(0, 20)}"`
      this.bodies.set(value, (body = { json, etag }))
    }
    return body
  }

  compressed(value: object, encoding: "br" | "gzip"): Buffer {
    const body = this.encoded(value)
    if (encoding === "br")
      return (body.br ??= brotliCompressSync(body.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }))
    return (body.gzip ??= gzipSync(body.json))
  }

  private rates(): Promise<Rates> {
    return this.cached("rates", () => readRates(this.options.db))
  }

  private async enabledTypes() {
    return [...(await this.options.catalogue.all()).values()].filter((type) => type.enabled)
  }

  snapshot(currency: PriceCurrency): Promise<PublicStatistics> {
    return this.cached(`snapshot:${currency}`, async () =>
      readSnapshot(this.options.db, await this.enabledTypes(), currency, await this.rates(), Date.now()),
    )
  }

  prices(currency: PriceCurrency): Promise<CustomerPrices> {
    return this.cached(`prices:${currency}`, async () =>
      readPrices(this.options.db, await this.enabledTypes(), currency, await this.rates(), Date.now()),
    )
  }

  graph(
    graph: StatGraph,
    range: GraphRange,
    options: { type: string | null; currency: PriceCurrency },
  ): Promise<StatGraphData> {
    const key = `graph:${graph}:${range.period}:${range.from}:${range.to}:${options.type}:${options.currency}`
    return this.cached(key, async () =>
      readGraph(this.options.db, graph, range, { ...options, rates: await this.rates() }),
    )
  }
}

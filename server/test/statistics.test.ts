import fc from "fast-check"
import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { PublicStatistics, StatGraphData, CustomerPrices } from "@manyhands/contract/statistics"
import type { Database } from "../src/db/database"
import { parseV2Task } from "../src/modules/captcha/parse-v2"
import { checkLedger } from "../src/modules/ledger/ledger"
import { convert, readRates } from "../src/modules/statistics/figures"
import {
  BOUNDS,
  bucketOf,
  bucketRange,
  emptyHistogram,
  percentile,
} from "../src/modules/statistics/histogram"
import { pruneRollups, rollUp } from "../src/modules/statistics/rollup"
import { seedDemoHistory } from "../src/modules/statistics/demo-history"
import { giveApiKey, giveCredit, newUser, pngImage } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const HOUR = 3_600_000
const TYPES = ["ImageToTextTask", "GridTask", "RecaptchaV2Task"] as const
/** A past window across a UTC midnight: 2026-03-01 22:00 to 2026-03-02 02:00. */
const WINDOW_START = Date.parse("2026-03-01T22:00:00Z")
const WINDOW_MS = 4 * HOUR

interface RawTask {
  type: (typeof TYPES)[number]
  currency: "USD" | "RUB"
  createdMs: number
  outcome: "open" | "solved" | "unsolvable"
  solveMs: number
  charged: number
  waitMs: number
  earned: number
}

const rawTask = fc.record({
  type: fc.constantFrom(...TYPES),
  currency: fc.constantFrom("USD" as const, "RUB" as const),
  createdMs: fc.integer({ min: 0, max: WINDOW_MS - 1 }),
  outcome: fc.constantFrom("open" as const, "solved" as const, "solved" as const, "unsolvable" as const),
  // Up to 10 minutes, with many values on and around bucket bounds.
  solveMs: fc.oneof(
    fc.integer({ min: 0, max: 600_000 }),
    fc.constantFrom(...BOUNDS),
    fc.constantFrom(...BOUNDS.map((b) => b - 1)),
  ),
  charged: fc.integer({ min: 1, max: 300_000 }),
  waitMs: fc.integer({ min: 0, max: 30_000 }),
  earned: fc.integer({ min: 0, max: 200_000 }),
})

/** Exact nearest-rank quantile of raw values. */
function exactQuantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1]!
}

const hourOf = (ms: number) => Math.floor(ms / HOUR) * HOUR
const dayOf = (ms: number) => Math.floor(ms / (24 * HOUR)) * 24 * HOUR

describe("duration histograms", () => {
  it("number buckets as width_bucket does and report percentiles as the holding bucket's bound", () => {
    expect(bucketOf(0)).toBe(0)
    expect(bucketOf(249)).toBe(0)
    expect(bucketOf(250)).toBe(1)
    expect(bucketOf(10 ** 9)).toBe(BOUNDS.length)
    const histogram = emptyHistogram()
    for (const ms of [1000, 9000, 9500, 11000]) histogram[bucketOf(ms)]!++
    expect(percentile(histogram, 0.5)).toBe(10000)
    expect(percentile(histogram, 0.9)).toBe(12000)
    expect(percentile(emptyHistogram(), 0.5)).toBeNull()
  })
})

describe.each(engines)("public statistics on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let customer: string
  let worker: string

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    customer = await newUser(db, "stats-customer@example.com", "customer")
    worker = await newUser(db, "stats-worker@example.com", "worker")
  }, 60_000)
  afterAll(async () => stop?.())

  async function clear() {
    for (const table of ["task_assignments", "captcha_tasks", "worker_waits", "stat_tasks", "stat_work"])
      await db.query(`DELETE FROM ${table}`)
  }

  async function insert(tasks: RawTask[]) {
    for (const [n, task] of tasks.entries()) {
      const created = new Date(WINDOW_START + task.createdMs).toISOString()
      const ended =
        task.outcome === "open" ? null : new Date(WINDOW_START + task.createdMs + task.solveMs).toISOString()
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO captcha_tasks (customer_id, type, kind, params, api, state, wanted, currency, price_per_answer,
                                    hold_key, charged, created_at, deadline_at, ended_at)
         VALUES ($1, $2, 'image', '{}', 'v2', $3, 0, $4, 500, $5, $6, $7, $7::timestamptz + interval '1 hour', $8)
         RETURNING id::text`,
        [
          customer,
          task.type,
          task.outcome,
          task.currency,
          `stats-test:${n}:${Math.random()}`,
          task.outcome === "solved" ? task.charged : 0,
          created,
          ended,
        ],
      )
      await db.query(
        `INSERT INTO task_assignments (task_id, worker_id, state, lease_until, requested_at, created_at, answered_at, earned)
         VALUES ($1, $2, $3, $4::timestamptz + interval '1 hour', $4::timestamptz - make_interval(secs => $6),
                 $4, $5, $7)`,
        [
          rows[0]!.id,
          worker,
          ended ? "answered" : "active",
          created,
          ended,
          task.waitMs / 1000,
          ended ? task.earned : 0,
        ],
      )
    }
  }

  it("rolls up random task histories to exactly what the task table says, hour by hour and per UTC day", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(rawTask, { minLength: 1, maxLength: 40 }), async (tasks) => {
        await clear()
        await insert(tasks)
        await app.statistics.rollUpRange(new Date(WINDOW_START), new Date(WINDOW_START + WINDOW_MS))
        // The direct computation, per grain: counts, sums and histograms by type, currency and interval.
        for (const [grain, floor] of [
          ["hour", hourOf],
          ["day", dayOf],
        ] as const) {
          const expected = new Map<
            string,
            { created: number; solved: number; unsolvable: number; charged: number; hist: number[] }
          >()
          const row = (at: number, task: RawTask) => {
            const key = `${floor(at)}|${task.type}|${task.currency}`
            if (!expected.has(key))
              expected.set(key, { created: 0, solved: 0, unsolvable: 0, charged: 0, hist: emptyHistogram() })
            return expected.get(key)!
          }
          for (const task of tasks) {
            row(WINDOW_START + task.createdMs, task).created++
            if (task.outcome === "open") continue
            const target = row(WINDOW_START + task.createdMs + task.solveMs, task)
            if (task.outcome === "unsolvable") target.unsolvable++
            else {
              target.solved++
              target.charged += task.charged
              target.hist[bucketOf(task.solveMs)]!++
            }
          }
          const { rows } = await db.query<{
            b: number
            type: string
            currency: string
            created: number
            solved: number
            unsolvable: number
            charged: string
            hist: number[]
          }>(
            `SELECT (extract(epoch FROM bucket) * 1000)::float8 AS b, type, currency, created, solved, unsolvable,
                    charged_sum::text AS charged, solve_hist AS hist
               FROM stat_tasks WHERE grain = $1`,
            [grain],
          )
          const actual = new Map(
            rows.map((r) => [
              `${r.b}|${r.type}|${r.currency}`,
              {
                created: r.created,
                solved: r.solved,
                unsolvable: r.unsolvable,
                charged: Number(r.charged),
                hist: r.hist,
              },
            ]),
          )
          expect(actual).toEqual(expected)
        }
        // Percentiles of the whole window, read through the API, hold the exact percentile's bucket.
        const solved = tasks.filter((task) => task.outcome === "solved").map((task) => task.solveMs)
        const graph = await app.inject({
          url: "/api/v2/public_statistics/graph/devspeed?dateFrom=2026-02-20&dateTo=2026-03-05",
        })
        expect(graph.statusCode).toBe(200)
        const points = (graph.json() as StatGraphData).points.filter((point) => (point.count ?? 0) > 0)
        expect(points.reduce((sum, point) => sum + point.count!, 0)).toBe(solved.length)
        const all = emptyHistogram()
        for (const ms of solved) all[bucketOf(ms)]!++
        if (solved.length > 0)
          for (const q of [0.5, 0.9]) {
            const exact = exactQuantile(solved, q)
            const range = bucketRange(bucketOf(exact))
            const reported = percentile(all, q)!
            expect(exact).toBeGreaterThanOrEqual(range.from)
            expect(reported).toBe(range.to ?? range.from)
          }
        // Again: the same rows (idempotent).
        const before = await db.query("SELECT * FROM stat_tasks ORDER BY grain, bucket, type, currency")
        await rollUp(db, new Date(WINDOW_START), new Date(WINDOW_START + WINDOW_MS))
        const after = await db.query("SELECT * FROM stat_tasks ORDER BY grain, bucket, type, currency")
        expect(after.rows).toEqual(before.rows)
      }),
      { numRuns: engine.name === "pglite" ? 12 : 20 },
    )
  }, 240_000)

  it("keeps minutes 14 days, hours 13 months and days for ever", async () => {
    await clear()
    // One task 20 days ago and one 400 days ago, rolled up into every grain; a worker's empty wait 20 days ago.
    const now = Date.parse("2026-06-15T12:00:00Z")
    for (const daysAgo of [20, 400]) {
      const at = new Date(now - daysAgo * 24 * HOUR).toISOString()
      await db.query(
        `INSERT INTO captcha_tasks (customer_id, type, kind, params, api, state, wanted, currency, price_per_answer,
                                    hold_key, charged, created_at, deadline_at, ended_at)
         VALUES ($1, 'ImageToTextTask', 'image', '{}', 'v2', 'solved', 0, 'USD', 500, $2, 500, $3,
                 $3::timestamptz + interval '1 hour', $3::timestamptz + interval '9 seconds')`,
        [customer, `retention:${daysAgo}`, at],
      )
      await db.query(
        "INSERT INTO worker_waits (worker_id, types, started_at, ended_at) VALUES ($1, '{ImageToTextTask}', $2, $2)",
        [worker, at],
      )
      await rollUp(db, new Date(at), new Date(Date.parse(at) + HOUR), new Date(now))
    }
    const grains = async () =>
      (
        await db.query<{ grain: string; n: number }>(
          "SELECT grain, count(*)::int AS n FROM stat_tasks GROUP BY grain ORDER BY grain",
        )
      ).rows
    expect(await grains()).toEqual([
      { grain: "day", n: 2 },
      { grain: "hour", n: 2 },
      { grain: "minute", n: 2 },
    ])
    await pruneRollups(db, new Date(now))
    expect(await grains()).toEqual([
      { grain: "day", n: 2 },
      { grain: "hour", n: 1 },
    ])
    expect((await db.query("SELECT 1 FROM worker_waits")).rows).toHaveLength(0)
  })

  it("validates periods, windows, currencies and types with clear errors", async () => {
    const code = async (url: string) => {
      const response = await app.inject({ url })
      return [response.statusCode, (response.json() as { error?: { code: string } }).error?.code]
    }
    const base = "/api/v2/public_statistics/graph"
    expect(await code(`${base}/devload?period=2h`)).toEqual([400, "VALIDATION_FAILED"])
    expect(await code(`${base}/nothing`)).toEqual([400, "VALIDATION_FAILED"])
    expect(await code(`${base}/devload?dateFrom=2026-03-01`)).toEqual([400, "WINDOW_INVALID"])
    // Year 0 is no day the contract takes (the window would start before the statistics too).
    expect(await code(`${base}/devload?dateFrom=0000-01-01&dateTo=2000-01-02`)).toEqual([
      400,
      "VALIDATION_FAILED",
    ])
    expect(await code(`${base}/devload?dateFrom=1999-12-01&dateTo=2000-01-02`)).toEqual([
      400,
      "WINDOW_INVALID",
    ])
    expect(await code(`${base}/devload?dateFrom=2026-02-30&dateTo=2026-03-02`)).toEqual([400, "DATE_INVALID"])
    expect(await code(`${base}/devload?dateFrom=2026-03-05&dateTo=2026-03-02`)).toEqual([
      400,
      "DATE_RANGE_INVALID",
    ])
    expect(await code(`${base}/devload?dateFrom=2024-01-01&dateTo=2026-01-01`)).toEqual([
      400,
      "WINDOW_INVALID",
    ])
    expect(await code(`${base}/devload?dateFrom=2026-01-01&dateTo=2099-01-01`)).toEqual([
      400,
      "WINDOW_INVALID",
    ])
    expect(await code(`${base}/devprice?type=NoSuchTask`)).toEqual([404, "CAPTCHA_TYPE_NOT_FOUND"])
    expect(await code("/api/v2/public_statistics/csv/devload?dateTo=2026-03-01")).toEqual([
      400,
      "WINDOW_INVALID",
    ])
    expect(await code("/api/v2/public_statistics?currency=GBP")).toEqual([400, "VALIDATION_FAILED"])
    expect(await code("/api/v2/customer/prices?currency=usd")).toEqual([400, "VALIDATION_FAILED"])
    const week = await app.inject({ url: `${base}/devonline?period=7d` })
    expect(week.statusCode).toBe(200)
    const data = week.json() as StatGraphData
    expect(data).toMatchObject({ period: "7d", resolution: "hour", currency: "USD", type: null })
    expect(data.points).toHaveLength(168)
    const year = (
      await app.inject({ url: `${base}/devprice?period=1y&currency=EUR` })
    ).json() as StatGraphData
    expect(year).toMatchObject({ resolution: "day", currency: "EUR" })
    expect(year.points).toHaveLength(365)
  })

  it("moves the public figures when customers' tasks are solved, after the next rollup", async () => {
    await clear()
    await app.statistics.rollUpNow()
    const read = async <T>(url: string) => (await app.inject({ url })).json() as T
    // A cached snapshot stays for STATS_CACHE_SECONDS; a rollup that ran clears it.
    const before = await read<PublicStatistics>("/api/v2/public_statistics")
    const live = await newUser(db, "stats-live@example.com", "customer")
    await giveCredit(db, live, 10_000_000)
    await giveApiKey(db, "stats-live@example.com")
    const client = await app.captchaEngine.clientFor(live)
    const task = parseV2Task({ type: "ImageToTextTask", body: pngImage(40, 16).toString("base64") }, {})
    const solver = await newUser(db, "stats-solver@example.com", "worker")
    // A claim that waits in vain is the worker's idle time.
    const idle = await app.captchaEngine.workers.claim(solver, { waitMs: 1100 })
    expect(idle).toBeNull()
    for (let n = 0; n < 3; n++) {
      await app.captchaEngine.submit(client, task, { api: "v2", ip: "127.0.0.1" })
      const offer = await app.captchaEngine.workers.claim(solver, { waitMs: 0 })
      expect(offer).not.toBeNull()
      await app.captchaEngine.workers.answer(solver, offer!.assignmentId, { text: `abc${n}` })
    }
    await app.statistics.rollUpNow()
    const after = await read<PublicStatistics>("/api/v2/public_statistics")
    expect(after.totals.solved - before.totals.solved).toBe(3)
    expect(after.totals.created - before.totals.created).toBe(3)
    expect(after.totals.workersOnline).toBeGreaterThanOrEqual(1)
    expect(after.totals.load).not.toBeNull()
    expect(after.totals.spent).toBe(3 * 500)
    expect(after.types.find((type) => type.type === "ImageToTextTask")).toMatchObject({ solved: 3 })
    // Spend in euros: the same sum at the reference rate.
    const euros = await read<PublicStatistics>("/api/v2/public_statistics?currency=EUR")
    expect(euros.totals.spent).toBe(convert(1500, "USD", "EUR", await readRates(db)))
    const prices = await read<CustomerPrices>("/api/v2/customer/prices?currency=RUB")
    const image = prices.prices.find((price) => price.type === "ImageToTextTask")!
    expect(image).toMatchObject({ perThousand: "45.00", solved: 3 })
    expect(image.daily.at(-1)).toBe(3)
    const graph = await read<StatGraphData>("/api/v2/public_statistics/graph/devprice?period=24h")
    expect(graph.points.reduce((sum, point) => sum + (point.count ?? 0), 0)).toBe(3)
    expect(graph.points.find((point) => point.count)!.value).toBe(500)
    // The same points as CSV: a header, one row per hour, empty cells for no data.
    const csv = await app.inject({ url: "/api/v2/public_statistics/csv/devprice?period=24h" })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8")
    const lines = csv.body.trimEnd().split("\r\n")
    expect(lines[0]).toBe("at,value,p50,p90,max,count")
    expect(lines).toHaveLength(25)
    expect(lines.filter((line) => line.endsWith(",500,,,,3"))).toHaveLength(1)
    expect(lines.filter((line) => /^\d{4}-\d\d-\d\dT\d\d:00:00\.000Z,,,,,0$/.test(line))).toHaveLength(23)
  })
})

// The embedded demo database only: a PostgreSQL server never gets demo history (main.ts).
describe("demo history on the embedded database", () => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engines.find((engine) => engine.name === "pglite")!))
  }, 60_000)
  afterAll(async () => stop?.())

  it("gives the demo database a history made by the real engine, with a balanced ledger", async () => {
    const tasks = await seedDemoHistory(
      { db, engine: app.captchaEngine, statistics: app.statistics, log: app.log },
      1,
    )
    expect(tasks).toBeGreaterThan(20)
    const graph = (await (
      await app.inject({ url: "/api/v2/public_statistics/graph/devspeed?period=24h" })
    ).json()) as StatGraphData
    expect(graph.points.filter((point) => point.p50 !== null).length).toBeGreaterThan(12)
    const load = (await (
      await app.inject({ url: "/api/v2/public_statistics/graph/devload?period=24h" })
    ).json()) as StatGraphData
    expect(load.points.every((point) => point.value == null || (point.value > 0 && point.value < 1))).toBe(
      true,
    )
    expect((await checkLedger(db)).problems).toEqual([])
    // A second start does not simulate it again.
    expect(
      await seedDemoHistory({ db, engine: app.captchaEngine, statistics: app.statistics, log: app.log }, 1),
    ).toBe(0)
  }, 120_000)
})

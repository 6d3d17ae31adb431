// pnpm bench stats [--tasks N] [--db postgres|pglite] [--seconds S]: the public statistics at scale. Fills a fresh
// database with N tasks (default 1,000,000 on PostgreSQL, 200,000 on PGlite) spread over the last 7 days, with
// one answered assignment each, by SQL; then times the rollup (a full 7-day backfill, then the periodic job's
// last 5 minutes), graph reads from the rollups, and requests per second of the cached public endpoints over
// HTTP — plus /pricing when the web app is built. Prints figures; asserts nothing about time.
import { execFile } from "node:child_process"
import { existsSync } from "node:fs"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { parseArgs, promisify } from "node:util"
import { buildApp } from "../src/app"
import { loadConfig } from "../src/config"
import { migrate } from "../src/db/migrate"
import { seed } from "../src/db/seed"
import { readGraph, readRates, periodRange } from "../src/modules/statistics/figures"
import { rollUp } from "../src/modules/statistics/rollup"
import { freshDatabase, percentile } from "./support"

const { values } = parseArgs({
  options: {
    tasks: { type: "string" },
    db: { type: "string", default: "postgres" },
    seconds: { type: "string", default: "5" },
    help: { type: "boolean", default: false },
  },
})
if (values.help) {
  console.log("pnpm bench stats [--tasks N] [--db postgres|pglite] [--seconds S per HTTP run]")
  process.exit(0)
}
const engine = values.db === "pglite" ? "pglite" : "postgres"
const taskCount = Number(values.tasks ?? (engine === "postgres" ? 1_000_000 : 200_000))
const seconds = Number(values.seconds)
const databaseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test"
const TYPES = [
  "ImageToTextTask",
  "TextCaptchaTask",
  "RecaptchaV2Task",
  "TurnstileTask",
  "GridTask",
  "CoordinatesTask",
]
const BATCH = 100_000
const run = promisify(execFile)

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now()
  const result = await work()
  return [result, performance.now() - start]
}

/**
 * Requests per second of one URL: `concurrency` loops of keep-alive fetches for `seconds`, in a child process so
 * the client's decompression and parsing do not share the server's event loop.
 */
async function requestsPerSecond(url: string, concurrency = 16) {
  const script = `
    const [url, seconds, concurrency, encoding] = process.argv.slice(1)
    const until = performance.now() + seconds * 1000
    const latencies = []
    let failures = 0
    await Promise.all(Array.from({ length: Number(concurrency) }, async () => {
      while (performance.now() < until) {
        const start = performance.now()
        const response = await fetch(url, { headers: { "accept-encoding": encoding } })
        await response.arrayBuffer()
        if (!response.ok) failures++
        latencies.push(performance.now() - start)
      }
    }))
    console.log(JSON.stringify({ latencies, failures }))`
  const encoding = process.env.BENCH_ENCODING ?? "gzip, deflate, br"
  const { stdout } = await run(process.execPath, [
    "--input-type=module",
    "-e",
    script,
    url,
    String(seconds),
    String(concurrency),
    encoding,
  ])
  const { latencies, failures } = JSON.parse(stdout) as { latencies: number[]; failures: number }
  return { rps: Math.round(latencies.length / seconds), p99: percentile(latencies, 99), failures }
}

const fresh = await freshDatabase(engine, { databaseUrl, pool: 10 })
const { db } = fresh
try {
  await migrate(db)
  await seed(db, { demoAccounts: true, checkTasks: false })
  const { rows: people } = await db.query<{ customer: string; worker: string }>(
    `SELECT (SELECT id::text FROM users WHERE email = 'customer@demo.manyhands.dev') AS customer,
            (SELECT id::text FROM users WHERE email = 'worker@demo.manyhands.dev') AS worker`,
  )
  const { customer, worker } = people[0]!
  console.log(`Statistics benchmark on ${fresh.label}: ${taskCount.toLocaleString("en")} tasks over 7 days`)

  // Tasks every ~0.6 s (for 1 M) over the last 7 days: 90 % solved in 3–60 s, 4 % unsolvable, the newest open.
  const [, fillMs] = await timed(async () => {
    for (let start = 0; start < taskCount; start += BATCH) {
      const end = Math.min(taskCount, start + BATCH)
      await db.query(
        `WITH made AS (
           INSERT INTO captcha_tasks (customer_id, type, kind, params, api, state, wanted, currency,
                                      price_per_answer, hold_key, charged, created_at, deadline_at, ended_at)
           SELECT $1, ($4::text[])[1 + g % 6], 'image', '{}', 'v2',
                  CASE WHEN g % 25 = 0 THEN 'unsolvable' ELSE 'solved' END, 0, CASE WHEN g % 5 = 0 THEN 'RUB' ELSE 'USD' END,
                  500, 'bench-stats:' || g, CASE WHEN g % 25 = 0 THEN 0 ELSE 500 END,
                  now() - interval '7 days' + (g * (604800.0 / $5)) * interval '1 second',
                  now() + interval '1 hour',
                  now() - interval '7 days' + (g * (604800.0 / $5) + 3 + (g % 57)) * interval '1 second'
             FROM generate_series($2::int, $3::int - 1) AS g
           RETURNING id, created_at, ended_at, state)
         INSERT INTO task_assignments (task_id, worker_id, state, lease_until, requested_at, created_at, answered_at,
                                       earned)
         SELECT id, $6, 'answered', ended_at, created_at, created_at + interval '1 second', ended_at,
                CASE WHEN state = 'solved' THEN 300 ELSE 0 END
           FROM made`,
        [customer, start, end, TYPES, taskCount, worker],
      )
    }
    await db.query("ANALYZE")
  })
  console.log(`  filled in ${(fillMs / 1000).toFixed(1)} s`)

  const now = new Date()
  const [full, fullMs] = await timed(() => rollUp(db, new Date(now.getTime() - 7 * 86_400_000), now, now))
  console.log(
    `  full rollup of 7 days: ${(fullMs / 1000).toFixed(2)} s (${full.minuteRows.toLocaleString("en")} minute rows)`,
  )

  // As autovacuum would after such a load: the planner learns the rollup tables' sizes.
  await db.query("ANALYZE stat_tasks; ANALYZE stat_work")
  const incremental: number[] = []
  for (let run = 0; run < 7; run++) {
    const [, ms] = await timed(() => rollUp(db, new Date(Date.now() - 5 * 60_000), new Date()))
    incremental.push(ms)
  }
  console.log(
    `  periodic rollup (last 5 minutes and their hour and day): median ${percentile(incremental, 50).toFixed(1)} ms, ` +
      `max ${Math.max(...incremental).toFixed(1)} ms`,
  )

  const rates = await readRates(db)
  for (const period of ["7d", "30d"] as const) {
    const reads: number[] = []
    for (let run = 0; run < 9; run++) {
      const [, ms] = await timed(() =>
        readGraph(db, "devspeed", periodRange(period, Date.now()), { type: null, currency: "EUR", rates }),
      )
      reads.push(ms)
    }
    console.log(
      `  ${period} graph read from the rollups (uncached): median ${percentile(reads, 50).toFixed(1)} ms`,
    )
  }

  const built = existsSync(join(import.meta.dirname, "../../app/dist/server/entry-server.js"))
  const app = await buildApp({
    config: loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", PORT: "0" }),
    db,
    pages: built ? "built" : "none",
  })
  await app.listen({ host: "127.0.0.1", port: 0 })
  const { port } = app.server.address() as { port: number }
  const base = `http://127.0.0.1:${port}`
  for (const path of [
    "/api/v2/public_statistics",
    "/api/v2/customer/prices?currency=EUR",
    "/api/v2/public_statistics/graph/devspeed",
  ]) {
    const result = await requestsPerSecond(base + path)
    console.log(
      `  GET ${path} (cached): ${result.rps} requests/s, p99 ${result.p99.toFixed(1)} ms, ${result.failures} failed`,
    )
  }
  if (built) {
    const result = await requestsPerSecond(`${base}/pricing`, 8)
    console.log(
      `  GET /pricing (server-rendered, data cached): ${result.rps} requests/s, p99 ${result.p99.toFixed(1)} ms, ${result.failures} failed`,
    )
  } else console.log("  GET /pricing: skipped (the web app is not built; run pnpm build)")
  await app.close()
} finally {
  await fresh.drop()
}

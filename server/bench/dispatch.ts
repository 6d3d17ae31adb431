// pnpm bench dispatch: the whole captcha lifecycle over HTTP (customers on in.php/res.php, workers on the
// worker API, money in the ledger) on PGlite and on PostgreSQL, and bare pg-boss on the same PostgreSQL.
// It prints figures next to the aims of issues 6 and 27 and asserts nothing about time. See bench/README.md.
import { fork } from "node:child_process"
import { createHash, randomBytes } from "node:crypto"
import { existsSync, readFileSync } from "node:fs"
import { cpus } from "node:os"
import { monitorEventLoopDelay } from "node:perf_hooks"
import { parseArgs } from "node:util"
import { buildApp } from "../src/app"
import { loadConfig } from "../src/config"
import type { Database } from "../src/db/database"
import { migrate } from "../src/db/migrate"
import { seed } from "../src/db/seed"
import { checkLedger, ledgerAccount, transfer } from "../src/modules/ledger/ledger"
import { type ClientPlan, type ClientResult, runClients } from "./clients"
import { type PgbenchResult, timePgbench } from "./pgbench"
import { type PgBossResult, timePgBoss } from "./pgboss"
import {
  type AimFigure,
  captchaPng,
  freshDatabase,
  type FreshDatabase,
  percentile,
  QueryCounter,
  recordAims,
} from "./support"

const HELP = `pnpm bench dispatch [options]

  --db <list>          pglite,postgres (default both; PostgreSQL at DATABASE_URL,
                       default postgres://postgres@127.0.0.1:5432/test, in a temporary database)
  --tasks <n>          tasks per engine (default 3000 on PostgreSQL, 1000 on PGlite)
  --customers <n>      simulated customers, each with its own API key (default 64)
  --inflight <n>       tasks each customer keeps going at once (default 1)
  --workers <n>        simulated workers, each with its own API key (default 64)
  --poll <min-max>     ms between res.php polls (default 5-20)
  --claim-wait <s>     waitSeconds of each claim (default 5)
  --pool <n>           PostgreSQL pool size of the server (default 10, as DATABASE_POOL_SIZE)
  --warmup <n>         tasks run first and not measured (default 100)
  --light <n>          then tasks one at a time, for latencies while workers wait (default 200; 0 = skip)
  --pglite-dir         PGlite in a temporary directory instead of in memory
  --inline             run the simulated clients in the server's process (default: a child process)
  --no-pgboss          skip the pg-boss comparison
  --profile            print the statements that took the most time
`

/** What Ctrl-C must undo: the clients' process, the temporary databases. */
const cleanups: (() => Promise<void>)[] = []
let interrupted = false
process.once("SIGINT", () => {
  interrupted = true
  console.log("\nInterrupted: dropping the temporary databases.")
  // In order: the clients' process first, then the databases.
  void (async () => {
    for (const cleanup of [...cleanups]) await cleanup().catch(() => {})
    process.exit(130)
  })()
})

interface Options {
  engines: ("pglite" | "postgres")[]
  tasks: { pglite: number; postgres: number }
  customers: number
  inflight: number
  workers: number
  pollMs: [number, number]
  claimWait: number
  pool: number
  warmup: number
  light: number
  pgliteDir: boolean
  inline: boolean
  pgboss: boolean
  profile: boolean
  databaseUrl: string
}

/** A mistake in the command line: one line and the help, no stack. */
class UsageError extends Error {}

const parseArguments: typeof parseArgs = (config) => {
  try {
    return parseArgs(config)
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
}

function options(argv: string[]): Options {
  const { values } = parseArguments({
    args: argv,
    options: {
      db: { type: "string", default: "pglite,postgres" },
      tasks: { type: "string" },
      // The API's per-key limits (MAX_USER_TURN: 20 submissions/s; claims and answers: 20/s per worker) cap
      // one key, so reaching 1,000 lifecycles/s takes at least 50 customers and 50 workers.
      customers: { type: "string", default: "64" },
      inflight: { type: "string", default: "1" },
      workers: { type: "string", default: "64" },
      poll: { type: "string", default: "5-20" },
      "claim-wait": { type: "string", default: "5" },
      pool: { type: "string", default: "10" },
      warmup: { type: "string", default: "100" },
      light: { type: "string", default: "200" },
      "pglite-dir": { type: "boolean", default: false },
      inline: { type: "boolean", default: false },
      "no-pgboss": { type: "boolean", default: false },
      profile: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  })
  if (values.help) {
    console.log(HELP)
    process.exit(0)
  }
  const count = (name: string, raw: string | undefined, min = 1) => {
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min)
      throw new UsageError(`--${name} must be a whole number ≥ ${min}`)
    return value
  }
  const engines = values.db.split(",").map((name) => name.trim())
  for (const name of engines)
    if (name !== "pglite" && name !== "postgres") throw new UsageError(`--db: unknown database ${name}`)
  const poll = /^(\d+)-(\d+)$/.exec(values.poll)
  if (!poll || Number(poll[1]) > Number(poll[2])) throw new UsageError("--poll must look like 5-20")
  const tasks = values.tasks === undefined ? undefined : count("tasks", values.tasks)
  return {
    engines: engines as Options["engines"],
    tasks: { pglite: tasks ?? 1000, postgres: tasks ?? 3000 },
    customers: count("customers", values.customers),
    inflight: count("inflight", values.inflight),
    workers: count("workers", values.workers),
    pollMs: [Number(poll[1]), Number(poll[2])],
    claimWait: count("claim-wait", values["claim-wait"], 0),
    pool: count("pool", values.pool),
    warmup: count("warmup", values.warmup, 0),
    light: count("light", values.light, 0),
    pgliteDir: values["pglite-dir"],
    inline: values.inline,
    pgboss: !values["no-pgboss"],
    profile: values.profile,
    databaseUrl: process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test",
  }
}

/** A user with an API key (stored as the profile module stores it: SHA-256 of the hex key). */
async function addUser(
  db: Database,
  type: "customer" | "worker",
  n: number,
): Promise<{ id: string; key: string }> {
  const key = randomBytes(16).toString("hex")
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, user_type, email_confirmed_at, api_key_hash, api_key_hint,
                        api_key_created_at)
     VALUES ($1, 'bench: no password', $2, now(), $3, $4, now()) RETURNING id::text`,
    [
      `bench-${type}-${n}@bench.manyhands.dev`,
      type,
      createHash("sha256").update(key).digest(),
      key.slice(-4),
    ],
  )
  return { id: rows[0]!.id, key }
}

/** Customers with $1,000 of promotional credit each; workers already past training in every type. */
async function prepareUsers(db: Database, opts: Options) {
  const customers: string[] = []
  for (let n = 0; n < opts.customers; n++) {
    const customer = await addUser(db, "customer", n)
    await db.transaction(async (tx) => {
      const promo = await ledgerAccount(tx, { userId: null, purpose: "promotional_credit", currency: "USD" })
      const balance = await ledgerAccount(tx, {
        userId: customer.id,
        purpose: "customer_balance",
        currency: "USD",
      })
      await transfer(tx, {
        key: `bench-credit:${customer.id}`,
        debitAccountId: promo,
        creditAccountId: balance,
        amount: 1_000_000_000,
        currency: "USD",
        memo: "Benchmark credit",
      })
    })
    customers.push(customer.key)
  }
  const workers: string[] = []
  for (let n = 0; n < opts.workers; n++) {
    const worker = await addUser(db, "worker", n)
    // The seed's training tasks would otherwise come first, before any customer's task.
    await db.query(
      `INSERT INTO worker_skills (worker_id, type, status)
       SELECT $1, type, 'active' FROM (SELECT 'ImageToTextTask' AS type UNION SELECT type FROM gold_tasks) types`,
      [worker.id],
    )
    workers.push(worker.key)
  }
  return { customers, workers }
}

/** The simulated clients in a child process (as on other machines), or in this process with --inline. */
function clients(plan: ClientPlan, inline: boolean): Promise<ClientResult> {
  if (inline) return runClients(plan)
  return new Promise((resolve, reject) => {
    const child = fork(new URL("./clients.ts", import.meta.url), ["--bench-clients"], {
      execArgv: process.execArgv,
    })
    const stop = async () => {
      child.kill()
    }
    cleanups.unshift(stop)
    child.once("exit", () => cleanups.splice(cleanups.indexOf(stop), 1))
    child.once("message", (result) => resolve(result as ClientResult))
    child.once("error", reject)
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`The simulated clients stopped with code ${code}`))
    })
    child.send(plan)
  })
}

/** The server processes of this database's connections, when PostgreSQL runs on this machine (Linux). */
async function databaseBackends(db: Database): Promise<number[]> {
  if (db.engine !== "postgres" || !existsSync("/proc/self/stat")) return []
  const { rows } = await db.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'",
  )
  return rows.map((row) => row.pid).filter((pid) => existsSync(`/proc/${pid}/stat`))
}

/** User + system CPU of these processes so far, ms (from /proc; clock ticks of 10 ms). */
function backendCpuMs(pids: number[]): number {
  let ticks = 0
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
      ticks += Number(fields[11]) + Number(fields[12])
    } catch {
      // the connection ended
    }
  }
  return ticks * 10
}

interface EngineRun {
  label: string
  tasks: number
  result: ClientResult
  /** The same lifecycle with one task at a time: every worker waits, as the latency aim assumes. */
  light: ClientResult | undefined
  lightCounts: { queries: number; transactions: number }
  queries: number
  transactions: number
  /** CPU time during the measured run: the server's process (with PGlite inside it) and the PostgreSQL backends. */
  cpu: { serverMs: number; databaseMs: number }
  /** How late the server's event loop ran timers during the measured run. */
  loopDelayMs: { p99: number; max: number }
  ledger: {
    balanced: boolean
    problems: string[]
    byKind: Record<string, { count: number; amount: bigint }>
    workerEarnings: bigint
  }
  taskStates: Record<string, number>
  pgboss?: PgBossResult
  pgbench?: PgbenchResult | null
  top: [string, { count: number; ms: number }][]
}

/** After the run: the reconciliation, the money by transfer kind, and how the tasks ended. */
async function ledgerSummary(db: Database): Promise<Pick<EngineRun, "ledger" | "taskStates">> {
  const check = await checkLedger(db)
  const kinds = await db.query<{ kind: string; n: number; amount: string }>(
    "SELECT kind, count(*)::int AS n, sum(amount)::text AS amount FROM ledger_transfers GROUP BY kind",
  )
  const earnings = await db.query<{ amount: string }>(
    `SELECT coalesce(sum(credits_posted - debits_posted), 0)::text AS amount FROM ledger_accounts
      WHERE purpose = 'worker_earnings'`,
  )
  const states = await db.query<{ state: string; n: number }>(
    "SELECT state, count(*)::int AS n FROM captcha_tasks GROUP BY state",
  )
  return {
    ledger: {
      ...check,
      byKind: Object.fromEntries(
        kinds.rows.map((row) => [row.kind, { count: row.n, amount: BigInt(row.amount) }]),
      ),
      workerEarnings: BigInt(earnings.rows[0]!.amount),
    },
    taskStates: Object.fromEntries(states.rows.map((row) => [row.state, row.n])),
  }
}

/** The real server on a real port over the migrated database, its queries counted, with its users. */
async function startServer(fresh: FreshDatabase, opts: Options) {
  const counter = new QueryCounter()
  const db = counter.database(fresh.db)
  await migrate(db)
  await seed(db, { demoAccounts: false })
  const users = await prepareUsers(db, opts)
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATABASE_POOL_SIZE: String(opts.pool),
    // ERROR_NO_SLOT_AVAILABLE (too many waiting tasks of one customer) must not be what is measured.
    CAPTCHA_MAX_WAITING_TASKS: String(Math.max(100, opts.customers * opts.inflight)),
  })
  // The simulated customers poll every 5–20 ms, far more often than ERROR: 1005 allows a real client; what is
  // measured is the engine, not that rule.
  const app = await buildApp({ config, db, pages: "none", abuseLimits: { pollBase: 1_000_000_000 } })
  const baseUrl = await app.listen({ host: "127.0.0.1", port: 0 })
  return { app, baseUrl, users, counter }
}

/** A warm-up round, the measured round, then the round of one task at a time. */
async function measure(
  fresh: FreshDatabase,
  tasks: number,
  opts: Options,
): Promise<
  Pick<
    EngineRun,
    "result" | "light" | "lightCounts" | "queries" | "transactions" | "cpu" | "loopDelayMs" | "top"
  >
> {
  const { app, baseUrl, users, counter } = await startServer(fresh, opts)
  const plan = (runId: string, count: number, concurrency = opts.customers * opts.inflight): ClientPlan => ({
    baseUrl,
    customerKeys: users.customers,
    workerKeys: users.workers,
    tasks: count,
    concurrency,
    pollMs: opts.pollMs,
    claimWaitSeconds: opts.claimWait,
    imageBase64: captchaPng().toString("base64"),
    runId: `${runId}${randomBytes(3).toString("hex")}`,
  })
  try {
    if (opts.warmup > 0) await clients(plan("warm", opts.warmup), opts.inline)
    counter.reset()
    counter.profile = opts.profile
    process.stdout.write(`  ${fresh.label}: ${tasks} tasks … `)
    const backends = await databaseBackends(fresh.db)
    const before = { server: process.cpuUsage(), database: backendCpuMs(backends) }
    // PGlite runs in the server's thread: queued queries run back to back and hold up timers and sockets.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 })
    loopDelay.enable()
    const result = await clients(plan("run", tasks), opts.inline)
    loopDelay.disable()
    const server = process.cpuUsage(before.server)
    const databaseMs = backends.length > 0 ? backendCpuMs(backends) - before.database : Number.NaN
    const counted = { queries: counter.queries, transactions: counter.transactions, top: counter.top(25) }
    console.log(`${Math.round(result.elapsedMs)} ms`)
    let light: ClientResult | undefined
    if (opts.light > 0) {
      process.stdout.write(`  ${fresh.label}: ${opts.light} tasks one at a time … `)
      counter.reset()
      light = await clients(plan("light", opts.light, 1), opts.inline)
      console.log(`${Math.round(light.elapsedMs)} ms`)
    }
    return {
      result,
      light,
      lightCounts: { queries: counter.queries, transactions: counter.transactions },
      ...counted,
      cpu: { serverMs: (server.user + server.system) / 1000, databaseMs },
      loopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    }
  } finally {
    await app.close()
  }
}

async function runEngine(engine: "pglite" | "postgres", opts: Options): Promise<EngineRun> {
  const fresh = await freshDatabase(engine, opts)
  cleanups.push(fresh.drop)
  try {
    const tasks = opts.tasks[engine]
    const measured = await measure(fresh, tasks, opts)
    const summary = await ledgerSummary(fresh.db)
    let pgboss: PgBossResult | undefined
    if (fresh.url && opts.pgboss) {
      process.stdout.write(`  pg-boss: ${tasks} jobs … `)
      pgboss = await timePgBoss({
        connectionString: fresh.url,
        jobs: tasks,
        producers: opts.customers * opts.inflight,
        consumers: opts.workers,
        poolSize: opts.pool,
      })
      console.log(`${Math.round(pgboss.elapsedMs)} ms`)
    }
    let pgbench: PgbenchResult | null | undefined
    if (fresh.url && opts.pgboss) {
      process.stdout.write("  pgbench: 8 clients, 10 s … ")
      pgbench = await timePgbench(opts.databaseUrl)
      console.log(pgbench ? `${Math.round(pgbench.tps)} tps` : "not installed")
    }
    return { label: fresh.label, tasks, ...measured, ...summary, pgboss, pgbench }
  } finally {
    cleanups.splice(cleanups.indexOf(fresh.drop), 1)
    await fresh.drop()
  }
}

// ---- printing ----

const number = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : "—"
const ms = (values: number[]) => `${number(percentile(values, 50), 1)} / ${number(percentile(values, 99), 1)}`
const usd = (micro: bigint | undefined) => `$${(Number(micro ?? 0n) / 1e6).toFixed(2)}`
const perSecond = (count: number, elapsedMs: number) => (count * 1000) / elapsedMs

function printTable(runs: EngineRun[], opts: Options) {
  const aimThroughput = (run: EngineRun) => (run.label.startsWith("PGlite") ? 150 : 450)
  const rows: [string, ...string[]][] = [["", ...runs.map((run) => run.label), "aim"]]
  const row = (name: string, cell: (run: EngineRun) => string, aim = "") =>
    rows.push([name, ...runs.map(cell), aim])
  row("tasks completed / failed", (run) => `${number(run.result.completed)} / ${number(run.result.failed)}`)
  row(
    "completed lifecycles/s",
    (run) => {
      const rate = perSecond(run.result.completed, run.result.elapsedMs)
      return `${number(rate)} ${rate >= aimThroughput(run) ? "✔" : "✘"}`
    },
    "≥ 150 PGlite, ≥ 450 PostgreSQL",
  )
  row("submit→offer p50 / p99 ms", (run) => ms(run.result.submitToOffer))
  row("answer→result visible p50 / p99 ms", (run) => ms(run.result.answerToResult))
  if (opts.light > 0) {
    row(
      "one at a time: submit→offer p50 / p99 ms",
      (run) => {
        const values = run.light?.submitToOffer ?? []
        return `${ms(values)} ${percentile(values, 99) <= 20 ? "✔" : "✘"}`
      },
      "p99 ≤ 20 (a worker waits)",
    )
    row("one at a time: answer→result p50 / p99 ms", (run) => ms(run.light?.answerToResult ?? []))
    row("one at a time: statements / transactions per task", (run) => {
      const per = (value: number) => number(value / Math.max(1, run.light?.completed ?? 0), 1)
      return `${per(run.lightCounts.queries)} / ${per(run.lightCounts.transactions)}`
    })
  }
  row("in.php p50 / p99 ms", (run) => ms(run.result.submitLatency))
  row("answer p50 / p99 ms", (run) => ms(run.result.answerLatency))
  row("res.php p50 / p99 ms", (run) => ms(run.result.pollLatency))
  row("res.php polls per task", (run) => number(run.result.polls / Math.max(1, run.result.completed), 1))
  row(
    "CPU ms per task: server / database / clients",
    (run) => {
      const per = (value: number) => number(value / Math.max(1, run.result.completed), 2)
      const database = run.label.startsWith("PGlite") ? "(in server)" : per(run.cpu.databaseMs)
      const server = run.cpu.serverMs / Math.max(1, run.result.completed)
      return `${per(run.cpu.serverMs)} ${server <= 4 ? "✔" : "✘"} / ${database} / ${opts.inline ? "(in server)" : per(run.result.cpuMs)}`
    },
    "server ≤ 4",
  )
  row(
    "server event loop delay p99 / max ms",
    (run) => `${number(run.loopDelayMs.p99, 1)} / ${number(run.loopDelayMs.max, 1)}`,
  )
  row(
    "SQL statements per task",
    (run) => {
      const statements = run.queries / Math.max(1, run.result.completed)
      return `${number(statements, 1)} ${statements <= 12 ? "✔" : "✘"}`
    },
    "≤ 12",
  )
  row("transactions per task", (run) => number(run.transactions / Math.max(1, run.result.completed), 1))
  row(
    "empty claims / gold offers",
    (run) => `${number(run.result.emptyClaims)} / ${number(run.result.foreignOffers)}`,
  )
  row("ledger balanced", (run) =>
    run.ledger.balanced ? "yes" : `NO (${run.ledger.problems.length} problems)`,
  )
  row("holds / posted / voided", (run) => {
    const kind = (name: string) => number(run.ledger.byKind[name]?.count ?? 0)
    return `${kind("pending")} / ${kind("post_pending")} / ${kind("void_pending")}`
  })
  row("charged / paid to workers", (run) => {
    return `${usd(run.ledger.byKind.post_pending?.amount)} / ${usd(run.ledger.workerEarnings)}`
  })
  row("tasks solved / open / unsolvable", (run) =>
    ["solved", "open", "unsolvable"].map((state) => number(run.taskStates[state] ?? 0)).join(" / "),
  )
  if (runs.some((run) => run.pgboss)) {
    row("pg-boss create→fetch→complete jobs/s", (run) =>
      run.pgboss ? number(perSecond(run.pgboss.jobs, run.pgboss.elapsedMs)) : "—",
    )
    row("pg-boss send→fetch p50 / p99 ms", (run) => (run.pgboss ? ms(run.pgboss.sendToFetch) : "—"))
    row(
      "ratio ours / pg-boss",
      (run) => {
        if (!run.pgboss) return "—"
        const ratio =
          perSecond(run.result.completed, run.result.elapsedMs) /
          perSecond(run.pgboss.jobs, run.pgboss.elapsedMs)
        return `${number(ratio, 2)} ${ratio >= 0.5 ? "✔" : "✘"}`
      },
      "≥ 0.5",
    )
  }
  if (runs.some((run) => run.pgbench)) {
    row("pgbench TPC-B-like tps, 8 clients", (run) => (run.pgbench ? number(run.pgbench.tps) : "—"))
    row("this database's limit: tps / 3 write transactions", (run) =>
      run.pgbench ? `${number(run.pgbench.tps / 3)} lifecycles/s` : "—",
    )
  }
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((cells) => cells[column]!.length)))
  console.log()
  for (const [index, cells] of rows.entries()) {
    console.log(
      cells
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("   ")
        .trimEnd(),
    )
    if (index === 0) console.log(widths.map((width) => "─".repeat(width)).join("   "))
  }
  for (const run of runs) {
    const errors = Object.entries(run.result.errors)
    if (errors.length > 0) {
      console.log(`\n${run.label}: refusals and unexpected answers`)
      for (const [code, count] of errors) console.log(`  ${count} × ${code}`)
    }
    if (!run.ledger.balanced) for (const problem of run.ledger.problems) console.log(`  ledger: ${problem}`)
    if (opts.profile) {
      console.log(
        `\n${run.label}: statements by time from call to answer (ms, count, µs each, statement)` +
          (run.label.startsWith("PGlite") ? "" : "; includes the wait for a pooled connection and for locks"),
      )
      for (const [sql, { count, ms: total }] of run.top)
        console.log(
          `  ${number(total).padStart(7)} ${String(count).padStart(7)} ${number((total * 1000) / count).padStart(6)}  ${sql}`,
        )
    }
  }
  console.log("\n✔/✘ compare with the aims of issues 6 and 27; nothing is asserted. Times in ms.")
  recordAims(runs.flatMap((run) => aimsOf(run, opts)))
}

/** A run's figures that issue 27 sets aims for, and pg-boss's and pgbench's beside them. */
function aimsOf(run: EngineRun, opts: Options): AimFigure[] {
  const tasks = Math.max(1, run.result.completed)
  const rate = perSecond(run.result.completed, run.result.elapsedMs)
  const aim = run.label.startsWith("PGlite") ? 150 : 450
  const name = run.label.split(",")[0]
  const statements = run.queries / tasks
  const serverMs = run.cpu.serverMs / tasks
  const figures: AimFigure[] = [
    { figure: `${name}: completed lifecycles/s`, value: number(rate), aim: `≥ ${aim}`, met: rate >= aim },
    {
      figure: `${name}: SQL statements per lifecycle`,
      value: number(statements, 1),
      aim: "≤ 12",
      met: statements <= 12,
    },
    {
      figure: `${name}: server CPU ms per lifecycle`,
      value: number(serverMs, 2),
      aim: "≤ 4",
      met: serverMs <= 4,
    },
    {
      figure: `${name}: ledger balanced after the run`,
      value: run.ledger.balanced ? "yes" : "no",
      aim: "yes",
      met: run.ledger.balanced,
    },
  ]
  if (opts.light > 0) {
    const p99 = percentile(run.light?.submitToOffer ?? [], 99)
    figures.push({
      figure: `${name}: one at a time, submit→offer p99 ms`,
      value: number(p99, 1),
      aim: "≤ 20",
      met: p99 <= 20,
    })
  }
  if (run.pgboss) {
    const boss = perSecond(run.pgboss.jobs, run.pgboss.elapsedMs)
    figures.push(
      { figure: `${name}: bare pg-boss jobs/s`, value: number(boss), aim: "(for comparison)" },
      {
        figure: `${name}: ratio ours / pg-boss`,
        value: number(rate / boss, 2),
        aim: "≥ 0.5",
        met: rate / boss >= 0.5,
      },
    )
  }
  if (run.pgbench)
    figures.push({
      figure: `${name}: pgbench TPC-B-like tps (8 clients) / 3`,
      value: `${number(run.pgbench.tps / 3)} lifecycles/s`,
      aim: "(this database's limit)",
    })
  return figures
}

async function main() {
  const opts = options(process.argv.slice(2).filter((arg) => arg !== "--"))
  console.log(
    `Dispatch benchmark: ${cpus().length} CPUs, Node ${process.version}; ${opts.customers} customers × ` +
      `${opts.inflight} tasks in flight, ${opts.workers} workers, res.php every ${opts.pollMs.join("–")} ms, ` +
      `clients ${opts.inline ? "in the server's process" : "in a child process"}`,
  )
  const runs: EngineRun[] = []
  for (const engine of opts.engines) runs.push(await runEngine(engine, opts))
  printTable(runs, opts)
}

main().catch((failure: unknown) => {
  // After Ctrl-C the closing connections fail the run; that is expected.
  if (interrupted) return
  if (failure instanceof UsageError) console.error(`manyhands: ${failure.message} (see --help)`)
  else console.error(failure)
  process.exitCode = 1
})

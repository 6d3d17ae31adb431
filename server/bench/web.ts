// pnpm bench web: requests per second for what clients ask most often — res.php polls of a waiting task,
// anonymous public pages (kept and rendered anew) and a signed-in page — with the SQL statements each request
// costs and the server's memory. In this process on PGlite and PostgreSQL, or with --processes N as N built
// server processes on PostgreSQL and Redis behind HAProxy; --soak adds minutes of mixed load and the memory
// over time. The load runs in a child process (autocannon). It prints figures next to the aims of issue 27 and
// asserts nothing about time. See bench/README.md.
import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseArgs } from "node:util"
import { buildApp } from "../src/app"
import { loadConfig } from "../src/config"
import type { Database } from "../src/db/database"
import { migrate } from "../src/db/migrate"
import { seed } from "../src/db/seed"
import { checkLedger, ledgerAccount, transfer } from "../src/modules/ledger/ledger"
import { SESSION_COOKIE } from "../src/modules/session/sessions"
import { createSession } from "../src/modules/session/store"
import {
  addApiUser,
  type AimFigure,
  captchaPng,
  freePort,
  freshDatabase,
  QueryCounter,
  recordAims,
  sleep,
} from "./support"
import { serverNodeArgs } from "../node-args.mjs"

const HELP = `pnpm bench web [options]

  --db <list>          pglite,postgres (default both; PostgreSQL at DATABASE_URL,
                       default postgres://postgres@127.0.0.1:5432/test, in a temporary database)
  --processes <n>      n built server processes (server/dist/main.js) on PostgreSQL, and Redis at REDIS_URL
                       when set; with n ≥ 2 behind HAProxy (Debian's haproxy), round robin. Default 0: the
                       server in this process, with its SQL statements counted
  --seconds <n>        seconds of load per target (default 10)
  --connections <n>    concurrent keep-alive connections of the load (default 32)
  --only <list>        targets: poll,home,home-gzip,about,home-uncached,signed-in (default all)
  --soak <minutes>     then this many minutes of all targets mixed, with new tasks and workers solving them,
                       printing each server process's memory every 30 s (default 0: none); the ledger is
                       checked at the end
  --soak-workers <n>   workers claiming and answering during the soak (default 4)
`

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "pglite,postgres" },
    processes: { type: "string", default: "0" },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "32" },
    only: { type: "string" },
    soak: { type: "string", default: "0" },
    "soak-workers": { type: "string", default: "4" },
    help: { type: "boolean", default: false },
  },
})
if (values.help) {
  console.log(HELP)
  process.exit(0)
}
const seconds = Number(values.seconds)
const connections = Number(values.connections)
const processes = Number(values.processes)
const soakMinutes = Number(values.soak)
const soakWorkers = Number(values["soak-workers"])
const engines = (processes > 0 ? ["postgres"] : values.db.split(",").map((name) => name.trim())) as (
  "pglite" | "postgres"
)[]
const databaseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test"
const serverRoot = join(import.meta.dirname, "..")
const built = existsSync(join(serverRoot, "../app/dist/server/entry-server.js"))
if (processes > 0 && !existsSync(join(serverRoot, "dist/main.js"))) {
  console.error("pnpm bench web --processes: server/dist/main.js is missing; run pnpm build first")
  process.exit(2)
}

interface Load {
  requests: number
  rps: number
  p50: number
  p99: number
  non2xx: number
  errors: number
}

interface Target {
  name: string
  aim: string
  path: string
  headers?: Record<string, string>
  unique?: boolean
}

function load(plan: {
  url: string
  headers?: Record<string, string>
  unique?: boolean
  connections?: number
  seconds?: number
  mix?: { path: string; headers?: Record<string, string> }[]
}): Promise<Load> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, "load.mjs"), JSON.stringify({ connections, seconds, ...plan })],
      { stdio: ["ignore", "pipe", "inherit"] },
    )
    let out = ""
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()))
    child.on("error", reject)
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out) as Load) : reject(new Error(`load exited with ${code}`)),
    )
  })
}

/** Resident memory of a process in MB, from /proc. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8")
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN)
  return kb / 1024
}

/** Starts a child and waits until `ready` answers true. */
async function startChild(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: () => Promise<boolean>,
) {
  let stderr = ""
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] })
  child.stderr?.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)))
  const until = Date.now() + 90_000
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${command} exited while starting: ${stderr}`)
    if (await ready().catch(() => false)) return child
    await sleep(100)
  }
  child.kill("SIGKILL")
  throw new Error(`${command} did not start within 90 s: ${stderr}`)
}

async function healthy(base: string) {
  return (await fetch(`${base}/healthz`)).status === 200
}

/** A customer with an API key, $1,000 and a session. */
async function prepareCustomer(db: Database) {
  const { id: customerId, key } = await addApiUser(db, "customer", "bench-web@bench.manyhands.dev")
  await db.transaction(async (tx) => {
    const promo = await ledgerAccount(tx, { userId: null, purpose: "promotional_credit", currency: "USD" })
    const balance = await ledgerAccount(tx, {
      userId: customerId,
      purpose: "customer_balance",
      currency: "USD",
    })
    await transfer(tx, {
      key: `bench-credit:${customerId}`,
      debitAccountId: promo,
      creditAccountId: balance,
      amount: 1_000_000_000,
      currency: "USD",
      memo: "Benchmark credit",
    })
  })
  return { key, session: await createSession(db, customerId) }
}

/**
 * Workers with an API key and an active ImageToTextTask skill, for the soak: they claim and answer what the
 * soak submits, as the crash test's workers do. Gold tasks are off (the answers are made up).
 */
async function prepareWorkers(db: Database, n: number): Promise<string[]> {
  await db.query("UPDATE gold_tasks SET enabled = false")
  const keys: string[] = []
  for (let i = 0; i < n; i++) {
    const worker = await addApiUser(db, "worker", `bench-web-worker-${i}@bench.manyhands.dev`)
    await db.query(
      `INSERT INTO worker_skills (worker_id, type, status) VALUES ($1, 'ImageToTextTask', 'active')`,
      [worker.id],
    )
    keys.push(worker.key)
  }
  return keys
}

/** A worker of the soak: claims (waiting up to 2 s for an offer) and answers, until `until()` is false. */
async function work(
  base: string,
  key: string,
  until: () => boolean,
  count: { answered: number; failed: number },
) {
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" }
  while (until()) {
    const claim = await fetch(`${base}/api/v1/worker/claim`, {
      method: "POST",
      headers,
      body: JSON.stringify({ waitSeconds: 2 }),
    }).catch(() => null)
    if (!claim || claim.status !== 200) {
      if (!claim || claim.status >= 500) count.failed++
      await claim?.body?.cancel()
      if (claim?.status !== 204) await sleep(200)
      continue
    }
    const offer = (await claim.json()) as { assignmentId?: string }
    if (!offer.assignmentId) continue
    const answered = await fetch(
      `${base}/api/v1/worker/assignments/${encodeURIComponent(offer.assignmentId)}/answer`,
      { method: "POST", headers, body: JSON.stringify({ solution: { text: "abc12" } }) },
    ).catch(() => null)
    await answered?.body?.cancel()
    if (answered?.status === 200) count.answered++
    else count.failed++
  }
}

async function submitTask(base: string, key: string): Promise<string> {
  const submitted = await fetch(`${base}/in.php`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ key, method: "base64", body: captchaPng().toString("base64"), json: "1" }),
  })
  const answer = (await submitted.json()) as { status: number; request: string }
  if (answer.status !== 1) throw new Error(`in.php refused the task: ${answer.request}`)
  return answer.request
}

interface Row {
  target: string
  aim: string
  load: Load
  /** Per request; null where the statements are not counted (server processes of their own). */
  statements: number | null
  cpuMs: number | null
  rssMb: number[]
}

interface Servers {
  label: string
  base: string
  counter: QueryCounter | null
  pids: number[]
  stop(): Promise<void>
}

/** The server in this process on a fresh database of `engine`, its statements counted. */
async function inProcess(engine: "pglite" | "postgres", db: Database, counter: QueryCounter, label: string) {
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent" })
  // Polls far more often than ERROR: 1005 allows: what is measured is the answer, not that rule.
  const app = await buildApp({ config, db, pages: built ? "built" : "none", abuseLimits: { pollBase: 1e9 } })
  const base = await app.listen({ host: "127.0.0.1", port: 0 })
  return {
    label: `${label}, in this process`,
    base,
    counter,
    pids: [process.pid],
    stop: () => app.close(),
  } satisfies Servers
}

/** `n` built server processes on the database at `url`, behind HAProxy when n ≥ 2. */
async function serverProcesses(n: number, url: string, label: string): Promise<Servers> {
  const children: ChildProcess[] = []
  const ports: number[] = []
  const workDir = mkdtempSync(join(tmpdir(), "bench-web-"))
  const stop = async () => {
    for (const child of children.reverse()) {
      child.kill("SIGTERM")
      if (child.exitCode === null) await new Promise((resolve) => child.once("exit", resolve))
    }
    rmSync(workDir, { recursive: true, force: true })
  }
  try {
    for (let i = 0; i < n; i++) {
      const port = await freePort()
      const base = `http://127.0.0.1:${port}`
      children.push(
        await startChild(
          process.execPath,
          [...serverNodeArgs(), join(serverRoot, "dist/main.js")],
          {
            DATABASE_URL: url,
            HOST: "127.0.0.1",
            PORT: String(port),
            NODE_ENV: "production",
            LOG_LEVEL: "warn",
            PROXY_GATEWAY: "false",
            PRODUCT_CONTENT: "false",
            DEMO_HISTORY_DAYS: "0",
            // See inProcess: the bench's polls are not a client's.
            CAPTCHA_POLL_BASE: "1000000000",
          },
          () => healthy(base),
        ),
      )
      ports.push(port)
    }
    const pids = children.map((child) => child.pid!)
    const redis = process.env.REDIS_URL ? ", Redis" : ", no Redis (REDIS_URL unset)"
    if (n === 1)
      return {
        label: `${label}, 1 server process${redis}`,
        base: `http://127.0.0.1:${ports[0]}`,
        counter: null,
        pids,
        stop,
      }
    const port = await freePort()
    const config = join(workDir, "haproxy.cfg")
    writeFileSync(
      config,
      [
        "global",
        "  maxconn 4096",
        "defaults",
        "  mode http",
        "  timeout connect 5s",
        "  timeout client 60s",
        "  timeout server 60s",
        "  option http-keep-alive",
        "  option forwardfor",
        "frontend web",
        `  bind 127.0.0.1:${port}`,
        "  default_backend servers",
        "backend servers",
        "  balance roundrobin",
        ...ports.map((serverPort, i) => `  server s${i + 1} 127.0.0.1:${serverPort}`),
        "",
      ].join("\n"),
    )
    const base = `http://127.0.0.1:${port}`
    children.push(await startChild("haproxy", ["-f", config, "-db"], {}, () => healthy(base)))
    return {
      label: `${label}, ${n} server processes behind HAProxy${redis}`,
      base,
      counter: null,
      pids,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

async function measure(servers: Servers, key: string, session: string): Promise<Row[]> {
  const taskId = await submitTask(servers.base, key)
  const targets: Target[] = [
    {
      name: "poll",
      aim: "≥ 10,000/s, 0 statements",
      path: `/res.php?key=${key}&action=get&id=${taskId}&json=1`,
    },
  ]
  if (built)
    targets.push(
      { name: "home", aim: "≥ 1,500/s (kept)", path: "/" },
      {
        name: "home-gzip",
        aim: "≥ 1,500/s (kept, as browsers ask)",
        path: "/",
        headers: { "accept-encoding": "gzip, deflate, br" },
      },
      { name: "about", aim: "≥ 1,500/s (kept)", path: "/about" },
      { name: "home-uncached", aim: "≥ 200/s", path: "/", unique: true },
      {
        name: "signed-in",
        aim: "never kept",
        path: "/",
        headers: { cookie: `${SESSION_COOKIE}=${session}` },
      },
    )
  else console.log("  pages skipped: the web app is not built (run pnpm build)")
  const only = values.only?.split(",").map((name) => name.trim())
  const rows: Row[] = []
  for (const target of targets) {
    if (only && !only.includes(target.name)) continue
    const plan = { url: servers.base + target.path, headers: target.headers, unique: target.unique }
    // Warm: the first requests compile code and fill what is kept.
    await load({ ...plan, connections: 4, seconds: 2 }).catch(() => undefined)
    servers.counter?.reset()
    const cpu = process.cpuUsage()
    const measured = await load(plan)
    const used = process.cpuUsage(cpu)
    const per = Math.max(1, measured.requests)
    rows.push({
      target: target.name,
      aim: target.aim,
      load: measured,
      statements: servers.counter ? servers.counter.queries / per : null,
      cpuMs: servers.counter ? (used.user + used.system) / 1000 / per : null,
      rssMb: servers.pids.map(rssMb),
    })
  }
  return rows
}

/**
 * Minutes of every target at once, new tasks, and workers claiming and answering them (the crash test's traffic
 * without the kills); each server's memory every 30 s, and the ledger checked at the end.
 */
async function soak(servers: Servers, db: Database, key: string, session: string, workers: string[]) {
  const taskId = await submitTask(servers.base, key)
  const mix: { path: string; headers?: Record<string, string> }[] = [
    { path: "/" },
    { path: "/about", headers: { "accept-encoding": "gzip" } },
    { path: `/res.php?key=${key}&action=get&id=${taskId}` },
    { path: "/pricing" },
    { path: "/", headers: { cookie: `${SESSION_COOKIE}=${session}` } },
    { path: "/blog" },
  ]
  const samples: { minute: number; rss: number[] }[] = []
  const started = Date.now()
  const sample = () => samples.push({ minute: (Date.now() - started) / 60_000, rss: servers.pids.map(rssMb) })
  sample()
  const timer = setInterval(sample, 30_000)
  // New tasks all along: in.php's work and a growing queue, as customers bring.
  let submitting = true
  const submitter = (async () => {
    while (submitting) {
      await submitTask(servers.base, key).catch(() => undefined)
      await sleep(50)
    }
  })()
  const solving = { answered: 0, failed: 0 }
  const working = workers.map((worker) => work(servers.base, worker, () => submitting, solving))
  const result = await load({ url: servers.base, mix, seconds: soakMinutes * 60, connections: 16 })
  submitting = false
  await Promise.all([submitter, ...working])
  const ledger = await checkLedger(db)
  clearInterval(timer)
  sample()
  console.log(
    `\nSoak: ${soakMinutes} min of pages (kept, signed-in, gzip), polls, new tasks and ${workers.length} workers: ` +
      `${Math.round(result.rps)} requests/s, p99 ${result.p99} ms, ${result.non2xx + result.errors} failed; ` +
      `${solving.answered} answers accepted, ${solving.failed} worker calls failed; ` +
      `ledger ${ledger.balanced ? "balanced" : `NOT balanced: ${ledger.problems.join("; ")}`}`,
  )
  recordAims([
    {
      figure: `${servers.label}: ledger after the soak`,
      value: ledger.balanced ? "balanced" : "not balanced",
      aim: "balanced",
      met: ledger.balanced,
    },
  ])
  console.log("| minute | " + servers.pids.map((_, i) => `process ${i + 1} RSS MB`).join(" | ") + " |")
  console.log("|--:|" + servers.pids.map(() => "--:|").join(""))
  for (const { minute, rss } of samples)
    console.log(`| ${minute.toFixed(1)} | ${rss.map((mb) => mb.toFixed(0)).join(" | ")} |`)
  const afterFirst = samples.filter((s) => s.minute >= 1)
  if (afterFirst.length > 1)
    servers.pids.forEach((_, i) => {
      const values = afterFirst.map((s) => s.rss[i]!)
      console.log(
        `process ${i + 1}: after the first minute ${values[0]!.toFixed(0)} MB, at most ${Math.max(...values).toFixed(0)} MB, ` +
          `at the end ${values.at(-1)!.toFixed(0)} MB (aim: under 350 MB and flat)`,
      )
      // Flat: after the first minute it grows by at most a tenth.
      const most = Math.max(...values)
      recordAims([
        {
          figure: `${servers.label}: process ${i + 1} RSS after the first minute of ${soakMinutes} min, first / most`,
          value: `${values[0]!.toFixed(0)} / ${most.toFixed(0)} MB`,
          aim: "< 350 MB, flat (≤ +10 %)",
          met: most < 350 && most <= values[0]! * 1.1,
        },
      ])
    })
}

const fixed = (value: number, digits = 1) => value.toLocaleString("en", { maximumFractionDigits: digits })

/** Requests per second that issue 27 aims at, per target (per process: these runs have one, or say how many). */
const RATE_AIMS: Record<string, number> = {
  poll: 10_000,
  home: 1500,
  "home-gzip": 1500,
  about: 1500,
  "home-uncached": 200,
}

function targetAims(label: string, row: Row): AimFigure[] {
  const aim = RATE_AIMS[row.target]
  if (aim === undefined) return []
  const failed = row.load.non2xx + row.load.errors
  const figures: AimFigure[] = [
    {
      figure: `${label}: ${row.target} requests/s`,
      value: fixed(row.load.rps, 0) + (failed > 0 ? ` (${failed} failed)` : ""),
      aim: `≥ ${fixed(aim, 0)}`,
      met: row.load.rps >= aim && failed === 0,
    },
  ]
  // The engine's own background work (jobs, the statistics) runs a few statements during the load, not the polls:
  // under one per hundred polls counts as none.
  if (row.target === "poll" && row.statements !== null)
    figures.push({
      figure: `${label}: SQL statements per poll`,
      value: fixed(row.statements, 3),
      aim: "0",
      met: row.statements < 0.01,
    })
  return figures
}
for (const engine of engines) {
  const fresh = await freshDatabase(engine, { databaseUrl, pool: 10 })
  try {
    const counter = new QueryCounter()
    const db = processes > 0 ? fresh.db : counter.database(fresh.db)
    await migrate(db)
    await seed(db, { demoAccounts: false })
    const { key, session } = await prepareCustomer(db)
    const workers = soakMinutes > 0 ? await prepareWorkers(db, soakWorkers) : []
    const servers =
      processes > 0
        ? await serverProcesses(processes, fresh.url!, fresh.label)
        : await inProcess(engine, db, counter, fresh.label)
    try {
      const rows = await measure(servers, key, session)
      console.log(`\n${servers.label}: ${seconds} s per target, ${connections} connections`)
      console.log(
        "| target | requests/s | p50 / p99 ms | failed | SQL statements per request | server CPU ms per request | RSS MB | aim |",
      )
      console.log("|---|--:|--:|--:|--:|--:|--:|---|")
      for (const row of rows)
        console.log(
          `| ${row.target} | ${fixed(row.load.rps, 0)} | ${row.load.p50} / ${row.load.p99} | ${row.load.non2xx + row.load.errors} | ` +
            `${row.statements === null ? "—" : fixed(row.statements, 2)} | ${row.cpuMs === null ? "—" : fixed(row.cpuMs, 3)} | ` +
            `${row.rssMb.map((mb) => fixed(mb, 0)).join(" + ")} | ${row.aim} |`,
        )
      // The aims are per process: several processes behind HAProxy share the cores, so their sum is not one's.
      if (processes <= 1) recordAims(rows.flatMap((row) => targetAims(servers.label, row)))
      if (soakMinutes > 0) await soak(servers, db, key, session, workers)
    } finally {
      await servers.stop()
    }
  } finally {
    await fresh.drop()
  }
}

// pnpm bench crash: the built server (dist/main.js) on PostgreSQL, killed with SIGKILL again and again while
// customers submit and poll and workers claim and answer, restarted each time; then every task and the ledger
// are checked. Prints the figures and exits 1 when one of them is wrong. See bench/README.md.
import { spawn, type ChildProcess } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync } from "node:fs"
import { Agent } from "node:http"
import { join } from "node:path"
import { parseArgs } from "node:util"
import pg from "pg"
import type { Database } from "../src/db/database"
import { migrate } from "../src/db/migrate"
import { seed } from "../src/db/seed"
import { checkLedger, ledgerAccount, transfer } from "../src/modules/ledger/ledger"
import { serverRoot } from "../src/paths"
import {
  addApiUser,
  captchaPng,
  freePort,
  freshDatabase,
  httpRequest,
  jsonObject as json,
  sleep,
} from "./support"
import { serverNodeArgs } from "../node-args.mjs"

const HELP = `pnpm bench crash [options]   (needs pnpm build: it runs server/dist/main.js)

  --customers <n>   simulated customers, one task in flight each (default 20)
  --keyless <n>     how many of them send no idempotency key (default 0); their retries after a
                    connection error may store a second task: counted, but not a failure
  --workers <n>     simulated workers (default 8)
  --crashes <n>     SIGKILLs of the server, each followed by a restart (default 9)
  --seconds <n>     how long customers submit new tasks (default 60); the kills are spread over it,
                    then the last tasks are polled until they end (at most --drain seconds)
  --drain <n>       seconds to wait for the last tasks (default 150; an image task ends within 90 s)
  --poll <min-max>  ms between res.php polls (default 150-300)
  --kill-at <when>  commit (default): each kill is sent the moment a task's commit is heard (LISTEN on
                    the engine's NOTIFY channel), so that it often lands before in.php's answer left;
                    random: at a random moment of its slot

PostgreSQL at DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test): the test creates a
database bench_<random> there and drops it afterwards.
`

class UsageError extends Error {}

interface Options {
  customers: number
  keyless: number
  workers: number
  crashes: number
  seconds: number
  drain: number
  pollMs: [number, number]
  killAt: "commit" | "random"
  databaseUrl: string
}

function options(argv: string[]): Options {
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        customers: { type: "string", default: "20" },
        keyless: { type: "string", default: "0" },
        workers: { type: "string", default: "8" },
        crashes: { type: "string", default: "9" },
        seconds: { type: "string", default: "60" },
        drain: { type: "string", default: "150" },
        poll: { type: "string", default: "150-300" },
        "kill-at": { type: "string", default: "commit" },
        help: { type: "boolean", default: false },
      },
    }))
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (values.help) {
    console.log(HELP)
    process.exit(0)
  }
  const count = (name: string, raw: string, min: number) => {
    const value = Number(raw)
    if (!Number.isInteger(value) || value < min)
      throw new UsageError(`--${name} must be a whole number ≥ ${min}`)
    return value
  }
  const poll = /^(\d+)-(\d+)$/.exec(values.poll)
  if (!poll || Number(poll[1]) > Number(poll[2])) throw new UsageError("--poll must look like 150-300")
  const killAt = values["kill-at"]
  if (killAt !== "commit" && killAt !== "random") throw new UsageError("--kill-at is commit or random")
  const opts: Options = {
    customers: count("customers", values.customers, 1),
    keyless: count("keyless", values.keyless, 0),
    workers: count("workers", values.workers, 1),
    crashes: count("crashes", values.crashes, 0),
    seconds: count("seconds", values.seconds, 1),
    drain: count("drain", values.drain, 1),
    pollMs: [Number(poll[1]), Number(poll[2])],
    killAt,
    databaseUrl: process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test",
  }
  if (opts.keyless > opts.customers) throw new UsageError("--keyless cannot exceed --customers")
  return opts
}

// ---------------------------------------------------------------------------------------------------------
// HTTP: a connection error (the server was killed, or is starting) is thrown; any answer is returned.

const agent = new Agent({ keepAlive: true, maxSockets: Infinity })
const http = (method: "GET" | "POST", path: string, headers: Record<string, string> = {}, body?: string) =>
  httpRequest(agent, baseUrl, method, path, headers, body, 30_000)
let baseUrl: URL

/** A client's pause before it tries again after a connection error (the server is restarting). */
const backoff = () => sleep(100 + Math.random() * 100)

// ---------------------------------------------------------------------------------------------------------
// The server process

class ServerProcess {
  private child: ChildProcess | null = null
  private exited: Promise<void> = Promise.resolve()
  private expectingExit = false
  private restarting: Promise<void> = Promise.resolve()
  stderr = ""
  /** Exits nobody asked for (the server crashed on its own). */
  unexpectedExits = 0

  constructor(private readonly env: Record<string, string>) {}

  /** Spawns dist/main.js and waits until /healthz answers 200. */
  async start() {
    this.expectingExit = false
    const child = spawn(process.execPath, [...serverNodeArgs(), join(serverRoot, "dist/main.js")], {
      env: { ...process.env, ...this.env },
      stdio: ["ignore", "ignore", "pipe"],
    })
    this.child = child
    child.stderr?.on("data", (chunk) => (this.stderr = (this.stderr + chunk).slice(-4000)))
    this.exited = new Promise((resolve) =>
      child.once("exit", () => {
        resolve()
        if (this.expectingExit) return
        // Counted as a failure; started again so that the run can end and be checked.
        this.unexpectedExits++
        this.restarting = this.start().catch((error: unknown) => console.error(error))
      }),
    )
    const until = Date.now() + 60_000
    while (Date.now() < until) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`the server exited while starting: ${this.stderr}`)
      try {
        if ((await http("GET", "/healthz")).status === 200) return
      } catch {
        // not listening yet
      }
      await sleep(50)
    }
    throw new Error(`the server did not answer /healthz within 60 s: ${this.stderr}`)
  }

  async kill(signal: "SIGKILL" | "SIGTERM") {
    await this.restarting
    if (!this.child) return
    this.expectingExit = true
    this.child.kill(signal)
    await this.exited
    this.child = null
  }
}

// ---------------------------------------------------------------------------------------------------------
// Accounts

const addUser = (db: Database, type: "customer" | "worker", n: number) =>
  addApiUser(db, type, `crash-${type}-${n}@bench.manyhands.dev`)

/** Customers with $1,000 of promotional credit; workers past training; gold tasks off (answers are made up). */
async function prepare(db: Database, opts: Options) {
  await migrate(db)
  await seed(db, { demoAccounts: false })
  await db.query("UPDATE gold_tasks SET enabled = false")
  const customers: { id: string; key: string }[] = []
  for (let n = 0; n < opts.customers; n++) {
    const customer = await addUser(db, "customer", n)
    await db.transaction(async (tx) => {
      await transfer(tx, {
        key: `crash-credit:${customer.id}`,
        debitAccountId: await ledgerAccount(tx, {
          userId: null,
          purpose: "promotional_credit",
          currency: "USD",
        }),
        creditAccountId: await ledgerAccount(tx, {
          userId: customer.id,
          purpose: "customer_balance",
          currency: "USD",
        }),
        amount: 1_000_000_000,
        currency: "USD",
        memo: "Crash test credit",
      })
    })
    customers.push(customer)
  }
  const workers: string[] = []
  for (let n = 0; n < opts.workers; n++) {
    const worker = await addUser(db, "worker", n)
    await db.query(
      `INSERT INTO worker_skills (worker_id, type, status)
       SELECT $1, type, 'active' FROM (SELECT 'ImageToTextTask' AS type UNION SELECT type FROM gold_tasks) types`,
      [worker.id],
    )
    workers.push(worker.key)
  }
  return { customers, workers }
}

// ---------------------------------------------------------------------------------------------------------
// Simulated clients

/** One task a customer wants solved; `marker` (its textinstructions) finds every task it stored. */
interface Submission {
  customer: string
  marker: string
  idempotencyKey: string | null
  /** The id in.php answered; null while unanswered or when refused. */
  id: string | null
  /** When the in.php call that answered OK was sent (ms since the epoch), and whether it was a retry. */
  sentAt?: number
  retried?: boolean
  refused?: string
  /** How polling ended: solved, unsolvable, another code (an unknown id: a lost task), or still open. */
  end?: "solved" | "unsolvable" | "open" | string
}

interface Figures {
  connectionErrors: number
  serverErrors: number
  /** in.php calls repeated after a connection error or a 5xx (each: the same body, the same key). */
  submitRetries: number
  /** Worker answers repeated after a connection error, and how their repeats were answered. */
  answerRetries: number
  repeatedAnswerOutcomes: Record<string, number>
  answersAccepted: number
  suspensions: number
}

const figures: Figures = {
  connectionErrors: 0,
  serverErrors: 0,
  submitRetries: 0,
  answerRetries: 0,
  repeatedAnswerOutcomes: {},
  answersAccepted: 0,
  suspensions: 0,
}

/** Answers that mean "not now": try again later with the same request. */
const TRY_AGAIN = /^(ERROR_NO_SLOT_AVAILABLE|MAX_USER_TURN|ERROR: 100\d)$/

const png = captchaPng().toString("base64")
const state = { submitting: true, working: true, drainUntil: Number.POSITIVE_INFINITY }

async function submit(apiKey: string, submission: Submission, viaHeader: boolean) {
  const fields: Record<string, string> = {
    key: apiKey,
    method: "base64",
    body: png,
    textinstructions: submission.marker,
    json: "1",
  }
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" }
  if (submission.idempotencyKey && viaHeader) headers["idempotency-key"] = submission.idempotencyKey
  else if (submission.idempotencyKey) fields.idempotency_key = submission.idempotencyKey
  const body = new URLSearchParams(fields).toString()
  while (Date.now() < state.drainUntil) {
    let answer
    const sentAt = Date.now()
    try {
      answer = await http("POST", "/in.php", headers, body)
    } catch {
      figures.connectionErrors++
      figures.submitRetries++
      submission.retried = true
      await backoff()
      continue
    }
    if (answer.status >= 500) {
      figures.serverErrors++
      figures.submitRetries++
      submission.retried = true
      await backoff()
      continue
    }
    const parsed = json(answer.text)
    if (parsed?.status === 1) {
      submission.id = String(parsed.request)
      submission.sentAt = sentAt
      return
    }
    const code = String(parsed?.request ?? `HTTP ${answer.status}`)
    if (TRY_AGAIN.test(code)) {
      figures.suspensions++
      await sleep(500)
      continue
    }
    submission.refused = code
    return
  }
  submission.refused = "no answer before the end of the run"
}

async function poll(apiKey: string, submission: Submission, pollMs: [number, number]) {
  const path = `/res.php?${new URLSearchParams({ key: apiKey, action: "get", id: submission.id!, json: "1" })}`
  while (Date.now() < state.drainUntil) {
    await sleep(pollMs[0] + Math.random() * (pollMs[1] - pollMs[0]))
    let answer
    try {
      answer = await http("GET", path)
    } catch {
      figures.connectionErrors++
      continue
    }
    if (answer.status >= 500) {
      figures.serverErrors++
      continue
    }
    const parsed = json(answer.text)
    if (parsed?.status === 1) return void (submission.end = "solved")
    const code = String(parsed?.request ?? `HTTP ${answer.status}`)
    if (code === "CAPCHA_NOT_READY") continue
    if (TRY_AGAIN.test(code)) {
      figures.suspensions++
      await sleep(1000)
      continue
    }
    submission.end = /^ERROR_(CAPTCHA_UNSOLVABLE|BAD_DUPLICATES)$/.test(code) ? "unsolvable" : code
    return
  }
  submission.end = "open"
}

async function customer(
  index: number,
  account: { id: string; key: string },
  keyed: boolean,
  runId: string,
  pollMs: [number, number],
  submissions: Submission[],
) {
  for (let n = 0; state.submitting; n++) {
    const marker = `${runId}-c${index}-${n}`
    const submission: Submission = {
      customer: account.id,
      marker,
      idempotencyKey: keyed ? `crash-${marker}` : null,
      id: null,
    }
    submissions.push(submission)
    // Every other customer sends the key as the header, the others as the in.php parameter.
    await submit(account.key, submission, index % 2 === 0)
    if (submission.id !== null) await poll(account.key, submission, pollMs)
  }
}

async function worker(apiKey: string) {
  const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" }
  const claimBody = JSON.stringify({ waitSeconds: 2 })
  while (state.working) {
    let claim
    try {
      claim = await http("POST", "/api/v1/worker/claim", headers, claimBody)
    } catch {
      figures.connectionErrors++
      await backoff()
      continue
    }
    if (claim.status === 204) continue
    if (claim.status !== 200) {
      if (claim.status >= 500) figures.serverErrors++
      await backoff()
      continue
    }
    const offer = json(claim.text) as { assignmentId?: string } | null
    if (!offer?.assignmentId) continue
    const path = `/api/v1/worker/assignments/${encodeURIComponent(offer.assignmentId)}/answer`
    const answerBody = JSON.stringify({ solution: { text: "abc12" } })
    // A worker whose answer got no reply sends it again: the second must not pay or charge twice.
    for (let attempt = 0; state.working; attempt++) {
      let answered
      try {
        answered = await http("POST", path, headers, answerBody)
      } catch {
        figures.connectionErrors++
        figures.answerRetries++
        await backoff()
        continue
      }
      if (answered.status >= 500) {
        figures.serverErrors++
        figures.answerRetries++
        await backoff()
        continue
      }
      if (attempt > 0) {
        const outcome = `${answered.status} ${String(json(answered.text)?.code ?? "")}`.trim()
        figures.repeatedAnswerOutcomes[outcome] = (figures.repeatedAnswerOutcomes[outcome] ?? 0) + 1
      }
      if (answered.status === 200) figures.answersAccepted++
      break
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Checks

interface Verdict {
  tasksStored: number
  lost: number
  unknownWithKeys: number
  unknownWithoutKeys: number
  doubleChargesWithKeys: number
  doubleChargesWithoutKeys: number
  doublePosts: number
  doubleClaims: number
  unsettled: number
  unfinished: number
  /** Retries with a key answered with the task an earlier attempt had stored (the finding of issue 17). */
  retriesGivenEarlierTask: number
  ledger: { balanced: boolean; problems: string[] }
  /** A few examples of what went wrong, for the report. */
  examples: string[]
}

async function check(db: Database, submissions: Submission[], customerIds: string[]): Promise<Verdict> {
  const { rows: tasks } = await db.query<{
    id: string
    customer: string
    marker: string | null
    created: Date
    state: string
    max_answers: number
    charged: string
  }>(
    `SELECT id::text, customer_id::text AS customer, params->>'comment' AS marker, created_at AS created, state,
            max_answers,
            charged::text
       FROM captcha_tasks WHERE customer_id = ANY($1::bigint[])`,
    [customerIds],
  )
  const byId = new Map(tasks.map((task) => [task.id, task]))
  const byMarker = new Map<string, typeof tasks>()
  for (const task of tasks)
    byMarker.set(task.marker ?? "", [...(byMarker.get(task.marker ?? "") ?? []), task])
  const submissionOf = new Map(submissions.map((submission) => [submission.marker, submission]))

  const verdict: Verdict = {
    tasksStored: tasks.length,
    lost: 0,
    unknownWithKeys: 0,
    unknownWithoutKeys: 0,
    doubleChargesWithKeys: 0,
    doubleChargesWithoutKeys: 0,
    doublePosts: 0,
    doubleClaims: 0,
    unsettled: 0,
    unfinished: submissions.filter((submission) => submission.end === "open").length,
    retriesGivenEarlierTask: 0,
    ledger: await checkLedger(db),
    examples: [],
  }
  const example = (text: string) => verdict.examples.length < 12 && verdict.examples.push(text)
  // Lost: in.php gave the id, but the task is not there (or not this submission's), or res.php did not know it.
  for (const submission of submissions) {
    if (submission.id === null) continue
    const task = byId.get(submission.id)
    const known = task && task.customer === submission.customer && task.marker === submission.marker
    if (!known || (submission.end && !["solved", "unsolvable", "open"].includes(submission.end))) {
      verdict.lost++
      example(`task ${submission.id} lost (${submission.marker}, res.php: ${submission.end})`)
    }
    // Stored before the attempt that got its id was sent: an earlier attempt's commit, its answer lost.
    if (known && submission.retried && task.created.getTime() < submission.sentAt!)
      verdict.retriesGivenEarlierTask++
  }
  // Stored tasks whose submission never learned their id; with keys any such task is a second charge.
  for (const [marker, stored] of byMarker) {
    const submission = submissionOf.get(marker)
    const keyed = submission?.idempotencyKey != null
    const unknown = stored.filter((task) => task.id !== submission?.id).length
    if (keyed) verdict.unknownWithKeys += unknown
    else verdict.unknownWithoutKeys += unknown
    if (stored.length > 1) {
      if (keyed) verdict.doubleChargesWithKeys += stored.length - 1
      else verdict.doubleChargesWithoutKeys += stored.length - 1
    }
  }

  // Money per task: one hold; solved → one post of what the task says it charged; unsolvable → one void;
  // no task settled twice, and no more worker payments than accepted answers.
  const { rows: steps } = await db.query<{ task: string; step: string; n: number; amount: string }>(
    `SELECT split_part(idempotency_key, ':', 2) AS task, split_part(idempotency_key, ':', 3) AS step,
            count(*)::int AS n, sum(amount)::text AS amount
       FROM ledger_transfers WHERE idempotency_key LIKE 'task:%' GROUP BY 1, 2`,
  )
  const money = new Map<string, Record<string, { n: number; amount: bigint }>>()
  for (const row of steps) {
    const entry = money.get(row.task) ?? {}
    entry[row.step] = { n: row.n, amount: BigInt(row.amount) }
    money.set(row.task, entry)
  }
  const { rows: assignments } = await db.query<{
    task: string
    state: string
    created: Date
    ends: Date | null
  }>(
    `SELECT task_id::text AS task, state, created_at AS created,
            CASE state WHEN 'answered' THEN answered_at WHEN 'active' THEN lease_until
                       WHEN 'expired' THEN lease_until END AS ends
       FROM task_assignments WHERE task_id IS NOT NULL ORDER BY task_id, created_at`,
  )
  const byTask = new Map<string, typeof assignments>()
  for (const row of assignments) byTask.set(row.task, [...(byTask.get(row.task) ?? []), row])

  for (const task of tasks) {
    const steps = money.get(task.id) ?? {}
    const settled = (steps.post?.n ?? 0) + (steps.void?.n ?? 0)
    const answered = (byTask.get(task.id) ?? []).filter((row) => row.state === "answered").length
    if (settled > 1 || (steps.pay?.n ?? 0) > answered) {
      verdict.doublePosts++
      example(
        `task ${task.id} settled twice: ${JSON.stringify(steps, (_, v) => (typeof v === "bigint" ? String(v) : v))}`,
      )
    }
    const right =
      steps.hold?.n === 1 &&
      (task.state === "solved"
        ? steps.post?.n === 1 && !steps.void && steps.post.amount === BigInt(task.charged)
        : task.state === "unsolvable"
          ? steps.void?.n === 1 && !steps.post
          : false)
    if (!right) {
      verdict.unsettled++
      example(`task ${task.id} (${task.state}) money: ${Object.keys(steps).join(", ") || "none"}`)
    }
    // Two workers at once on a task of one answer: more accepted answers than it takes, or an assignment
    // made while an earlier one was still running (its lease not over, its answer not given).
    const rows = byTask.get(task.id) ?? []
    const overlapping = rows.some((later, i) =>
      rows.slice(0, i).some((earlier) => earlier.ends !== null && later.created < earlier.ends),
    )
    if (answered > task.max_answers || (task.max_answers === 1 && overlapping)) {
      verdict.doubleClaims++
      example(
        `task ${task.id} claimed twice: ` +
          rows
            .map((row) => `${row.state} ${row.created.toISOString()}–${row.ends?.toISOString()}`)
            .join(", "),
      )
    }
  }
  return verdict
}

// ---------------------------------------------------------------------------------------------------------

async function main() {
  const opts = options(process.argv.slice(2))
  if (!existsSync(join(serverRoot, "dist/main.js")))
    throw new UsageError("server/dist/main.js is missing: run pnpm build first")
  const fresh = await freshDatabase("postgres", { databaseUrl: opts.databaseUrl, pool: 4 })
  let server: ServerProcess | null = null
  const interrupt = () => {
    console.log("\nInterrupted: stopping the server, dropping the database.")
    void (async () => {
      await server?.kill("SIGKILL")
      await fresh.drop().catch(() => {})
      process.exit(130)
    })()
  }
  process.once("SIGINT", interrupt)
  try {
    const { customers, workers } = await prepare(fresh.db, opts)
    const port = await freePort()
    baseUrl = new URL(`http://127.0.0.1:${port}`)
    server = new ServerProcess({
      DATABASE_URL: fresh.url!,
      HOST: "127.0.0.1",
      PORT: String(port),
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
    })
    await server.start()

    const runId = randomBytes(4).toString("hex")
    const submissions: Submission[] = []
    const started = Date.now()
    const customerRuns = customers.map((account, index) =>
      customer(index, account, index >= opts.keyless, runId, opts.pollMs, submissions),
    )
    const workerRuns = workers.map((key) => worker(key))

    // The kills, spread over the run (each at a random moment of its slot), each followed by a restart. With
    // --kill-at commit the kill waits for the next commit of a task (the NOTIFY of dispatch/signal.ts, channel
    // captcha_tasks) and is sent from its handler: the window between commit and answer is a millisecond.
    const listener = new pg.Client({ connectionString: fresh.url })
    await listener.connect()
    await listener.query("LISTEN captcha_tasks")
    let armed: (() => void) | null = null
    listener.on("notification", () => armed?.())
    let crashes = 0
    let killsOnCommit = 0
    const slot = (opts.seconds * 1000) / (opts.crashes + 1)
    for (let n = 0; n < opts.crashes; n++) {
      const at = started + slot * (n + 0.5 + Math.random())
      await sleep(Math.max(0, at - Date.now()))
      const running = server
      await new Promise<void>((done) => {
        const fire = (onCommit: boolean) => {
          armed = null
          clearTimeout(fallback)
          if (onCommit) killsOnCommit++
          void running.kill("SIGKILL").then(done)
        }
        // No commit within 5 s (everyone waits for a restart or a lease): killed anyway.
        const fallback = setTimeout(() => fire(false), opts.killAt === "commit" ? 5_000 : 0)
        if (opts.killAt === "commit") armed = () => fire(true)
      })
      crashes++
      await server.start()
      process.stdout.write(`\rcrashes ${crashes}/${opts.crashes}, submissions ${submissions.length}   `)
    }
    await sleep(Math.max(0, started + opts.seconds * 1000 - Date.now()))
    state.submitting = false
    state.drainUntil = Date.now() + opts.drain * 1000
    process.stdout.write(
      `\rsubmitting stopped; waiting for the last tasks to end (at most ${opts.drain} s)\n`,
    )
    await Promise.all(customerRuns)
    state.working = false
    await Promise.all(workerRuns)
    await listener.end()
    const unexpectedExits = server.unexpectedExits
    await server.kill("SIGTERM")
    agent.destroy()

    const verdict = await check(
      fresh.db,
      submissions,
      customers.map((account) => account.id),
    )
    const submitted = submissions.filter((submission) => submission.id !== null).length
    const keyedCustomers = opts.customers - opts.keyless
    const rows: [string, string | number, boolean][] = [
      ["crashes (SIGKILL, then restart)", crashes, crashes === opts.crashes],
      ["of them sent the moment a task committed", killsOnCommit, true],
      ["server exits nobody caused", unexpectedExits, unexpectedExits === 0],
      ["tasks submitted (in.php answered OK)", submitted, submitted > 0],
      ["submissions refused", submissions.filter((s) => s.refused).length, true],
      ["in.php calls repeated after a connection error", figures.submitRetries, true],
      ["retries answered with the task an earlier attempt stored", verdict.retriesGivenEarlierTask, true],
      ["tasks stored", verdict.tasksStored, true],
      ["lost tasks (answered by in.php, then missing)", verdict.lost, verdict.lost === 0],
      ["tasks not finished at the end", verdict.unfinished, verdict.unfinished === 0],
      [
        "double charges, clients with keys",
        verdict.doubleChargesWithKeys,
        verdict.doubleChargesWithKeys === 0,
      ],
      ["tasks no client learned of, with keys", verdict.unknownWithKeys, verdict.unknownWithKeys === 0],
      ["double charges, clients without keys (not a failure)", verdict.doubleChargesWithoutKeys, true],
      ["tasks no client learned of, without keys (not a failure)", verdict.unknownWithoutKeys, true],
      ["double posts", verdict.doublePosts, verdict.doublePosts === 0],
      ["tasks whose money does not match their state", verdict.unsettled, verdict.unsettled === 0],
      ["double claims", verdict.doubleClaims, verdict.doubleClaims === 0],
      ["worker answers accepted", figures.answersAccepted, true],
      ["worker answers repeated after a connection error", figures.answerRetries, true],
      [
        "connection errors / HTTP 5xx seen by clients",
        `${figures.connectionErrors} / ${figures.serverErrors}`,
        true,
      ],
      ["ledger balanced", verdict.ledger.balanced ? "yes" : "no", verdict.ledger.balanced],
    ]
    console.log(
      `\nCrash test on ${fresh.label}: ${opts.customers} customers (${keyedCustomers} with idempotency keys), ` +
        `${opts.workers} workers, ${opts.seconds} s of submissions, ${opts.crashes} kills`,
    )
    for (const [label, value, ok] of rows) console.log(`  ${ok ? " " : "✗"} ${label.padEnd(58)} ${value}`)
    const repeats = Object.entries(figures.repeatedAnswerOutcomes)
    if (repeats.length > 0)
      console.log(`    repeated answers were answered: ${repeats.map(([k, v]) => `${k} × ${v}`).join(", ")}`)
    for (const problem of verdict.ledger.problems.slice(0, 10)) console.log(`    ledger: ${problem}`)
    for (const text of verdict.examples) console.log(`    ${text}`)
    const failed = rows.filter(([, , ok]) => !ok).length
    console.log(failed === 0 ? "\nAll checks passed." : `\n${failed} check(s) failed.`)
    process.exitCode = failed === 0 ? 0 : 1
  } finally {
    process.removeListener("SIGINT", interrupt)
    await server?.kill("SIGKILL")
    await fresh.drop()
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`pnpm bench crash: ${error.message}\n\n${HELP}`)
    process.exit(2)
  }
  console.error(error)
  process.exit(1)
})

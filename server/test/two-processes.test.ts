import { spawn, type ChildProcess } from "node:child_process"
import { randomBytes } from "node:crypto"
import { join } from "node:path"
import pg from "pg"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { openPostgres } from "../src/db/postgres"
import { serverRoot } from "../src/paths"
import { giveApiKey, giveCredit, newUser, PNG } from "./captcha-fixtures"

// Two built servers (dist/main.js, as in process.test.ts) on one PostgreSQL database. Only with DATABASE_URL:
// PGlite is an embedded database inside one process, so a second process cannot open it at all (the data
// folder is locked); sharing work between processes is what PostgreSQL's row locks and LISTEN/NOTIFY are for.
const main = join(serverRoot, "dist/main.js")
const databaseUrl = process.env.DATABASE_URL
const redisUrl = process.env.REDIS_URL

const WORKERS_PER_PROCESS = 3
// With REDIS_URL the processes share MAX_USER_TURN (60 submissions in 3 s): 5 + 50 stay under it.
const TASKS = 50

interface Server {
  child: ChildProcess
  stdout: string
  stderr: string
  exit: Promise<number | null>
  address: string
}

function start(env: Record<string, string>): Omit<Server, "address"> {
  const child = spawn(process.execPath, [main], { env: { ...process.env, ...env }, stdio: "pipe" })
  const server = {
    child,
    stdout: "",
    stderr: "",
    exit: new Promise<number | null>((done) => child.on("exit", (code) => done(code))),
  }
  child.stdout?.on("data", (chunk) => (server.stdout += chunk))
  child.stderr?.on("data", (chunk) => (server.stderr += chunk))
  return server
}

async function listening(server: Omit<Server, "address">): Promise<Server> {
  for (let i = 0; i < 300; i++) {
    const address = server.stdout.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1]
    if (address) return { ...server, address }
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.stderr}`)
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`server did not start within 30 s: ${server.stderr}`)
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describe.runIf(databaseUrl)("two server processes on one PostgreSQL database", () => {
  const name = `manyhands_two_${randomBytes(6).toString("hex")}`
  let db: Database
  let a: Server
  let b: Server
  let customerKey: string
  const workerKeys: string[] = []

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    await client.query(sql)
    await client.end()
  }

  /** API v2 createTask through one process; the task id. */
  const createTask = async (server: Server) => {
    const response = await fetch(`${server.address}/createTask`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        clientKey: customerKey,
        task: { type: "ImageToTextTask", body: PNG.toString("base64") },
      }),
    })
    const body = (await response.json()) as { errorId: number; taskId?: number; errorCode?: string }
    if (body.errorId !== 0) throw new Error(`createTask refused: ${JSON.stringify(body)}`)
    return String(body.taskId)
  }

  const workerCall = (server: Server, apiKey: string, path: string, body: object) =>
    fetch(`${server.address}/api/v1/worker${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    })

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`)
    const target = new URL(databaseUrl!)
    target.pathname = `/${name}`
    // The statistics rollup every second, as in the end-to-end tests: a periodic job to count below.
    const env = {
      DATABASE_URL: target.toString(),
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
      REDIS_PREFIX: `${name}:`,
      STATS_ROLLUP_SECONDS: "1",
    }
    // Both start at once on the empty database: each migrates and seeds, and neither may trip the other.
    ;[a, b] = await Promise.all([listening(start(env)), listening(start(env))])
    db = await openPostgres(target.toString(), 2)

    const { rows: applied } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM schema_migrations",
    )
    expect(applied[0]!.n).toBeGreaterThan(0)
    // The seed's check tasks stay out of the way: no training before work, no gold offers among the tasks.
    await db.query("UPDATE gold_tasks SET enabled = false")
    const customerId = await newUser(db, "customer@example.com", "customer")
    customerKey = await giveApiKey(db, "customer@example.com")
    // The customer's money comes from the promotional-credit account, like any other credit.
    await giveCredit(db, customerId, 10_000_000)
    for (let n = 0; n < 2 * WORKERS_PER_PROCESS; n++) {
      await newUser(db, `worker${n}@example.com`, "worker")
      workerKeys.push(await giveApiKey(db, `worker${n}@example.com`))
    }
  }, 90_000)

  afterAll(async () => {
    for (const server of [a, b]) if (server && server.child.exitCode === null) server.child.kill("SIGKILL")
    await db?.close()
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  })

  it("both processes migrated and seeded the one database without tripping over each other", async () => {
    const seeded = [a, b].map((server) => /"demoDataSeeded":(true|false)/.exec(server.stdout)?.[1])
    expect(seeded.sort()).toEqual(["false", "true"])
    for (const server of [a, b]) {
      const health = await fetch(`${server.address}/healthz`)
      expect(await health.json()).toEqual({ status: "ok", database: "up", engine: "postgres" })
    }
  })

  it("offers a task submitted to one process to a worker waiting on the other (LISTEN/NOTIFY)", async () => {
    const latencies: number[] = []
    for (let round = 0; round < 5; round++) {
      const waiting = workerCall(b, workerKeys[0]!, "/claim", { waitSeconds: 10 })
      waiting.catch(() => undefined) // awaited below; only a failed submission would leave it behind
      await new Promise((resolve) => setTimeout(resolve, 200))
      const submitted = performance.now()
      const id = await createTask(a)
      const offered = await waiting
      const latency = performance.now() - submitted
      latencies.push(latency)
      expect(offered.status).toBe(200)
      const offer = (await offered.json()) as { assignmentId: string }
      const { rows } = await db.query<{ task_id: string }>(
        "SELECT task_id::text FROM task_assignments WHERE id = $1",
        [offer.assignmentId],
      )
      expect(rows[0]!.task_id).toBe(id)
      // Well below the 5 s backstop poll: the notification woke it.
      expect(latency).toBeLessThan(2_000)
      const answered = await workerCall(b, workerKeys[0]!, `/assignments/${offer.assignmentId}/answer`, {
        solution: { text: `round${round}` },
      })
      expect(answered.status).toBe(200)
    }
    console.log(
      `[postgres, two processes] submit on A → offer on B: median ${median(latencies).toFixed(1)} ms, ` +
        `max ${Math.max(...latencies).toFixed(1)} ms (${latencies.map((ms) => ms.toFixed(1)).join(", ")})`,
    )
  })

  it("with workers on both processes, claims every task exactly once", async () => {
    const servers = [a, b]
    const done = { submitting: true }
    const handled = new Map<string, string[]>()
    const work = async (server: Server, apiKey: string) => {
      const mine: string[] = []
      handled.set(apiKey, mine)
      for (;;) {
        const offered = await workerCall(server, apiKey, "/claim", { waitSeconds: 1 })
        if (offered.status === 204) {
          if (done.submitting) continue
          return
        }
        expect(offered.status).toBe(200)
        const offer = (await offered.json()) as { assignmentId: string }
        mine.push(offer.assignmentId)
        const answered = await workerCall(server, apiKey, `/assignments/${offer.assignmentId}/answer`, {
          solution: { text: "agreed" },
        })
        expect(answered.status).toBe(200)
      }
    }
    const workers = workerKeys.map((apiKey, n) => work(servers[n % 2]!, apiKey))
    let submitted: string[] = []
    let failure: unknown = null
    try {
      submitted = await Promise.all(Array.from({ length: TASKS }, (_, n) => createTask(servers[n % 2]!)))
    } catch (error) {
      failure = error
    }
    // The workers stop once the queue is empty, also when a submission failed.
    done.submitting = false
    const ended = await Promise.allSettled(workers)
    if (failure) throw failure
    for (const outcome of ended) if (outcome.status === "rejected") throw outcome.reason

    const { rows: assignments } = await db.query<{ task_id: string; n: number; answered: number }>(
      `SELECT task_id::text, count(*)::int AS n, count(*) FILTER (WHERE state = 'answered')::int AS answered
         FROM task_assignments WHERE task_id = ANY($1::bigint[]) GROUP BY task_id`,
      [submitted],
    )
    expect(assignments).toHaveLength(TASKS)
    expect(assignments.filter((row) => row.n !== 1 || row.answered !== 1)).toEqual([])
    const { rows: states } = await db.query<{ state: string; n: number }>(
      "SELECT state, count(*)::int AS n FROM captcha_tasks WHERE id = ANY($1::bigint[]) GROUP BY state",
      [submitted],
    )
    expect(states).toEqual([{ state: "solved", n: TASKS }])
    const byWorker = [...handled.values()].map((ids) => ids.length)
    expect(byWorker.reduce((sum, n) => sum + n, 0)).toBe(TASKS)
    // Both processes' workers took part.
    const perProcess = [0, 1].map((side) =>
      byWorker.filter((_, n) => n % 2 === side).reduce((s, n) => s + n, 0),
    )
    console.log(
      `[postgres, two processes] ${TASKS} tasks claimed once each; per process ${perProcess.join(" / ")}`,
    )
    expect(perProcess.every((n) => n > 0)).toBe(true)
  }, 60_000)

  it("runs each periodic job once per period although both processes ask for it", async () => {
    // Every process asks for each job in the middle of every slot; the job queue (pg-boss) keeps one job per
    // slot, run by one process. Its rows, finished ones archived, say which slot each job was and who ran it.
    const periodic = ["captcha-sweep", "pingback-deliveries", "statistics-rollup"]
    const slots = async () =>
      (
        await db.query<{ name: string; slot: Date; jobs: number; completed: number; pids: string[] }>(
          `SELECT name, singleton_on AS slot, count(*)::int AS jobs,
                  count(*) FILTER (WHERE state = 'completed')::int AS completed,
                  array_agg(output ->> 'pid') AS pids
             FROM (SELECT name, singleton_on, state, output FROM pgboss.job
                   UNION ALL SELECT name, singleton_on, state, output FROM pgboss.archive) j
            WHERE name = ANY($1::text[]) AND singleton_on IS NOT NULL
              AND singleton_on < now() - interval '3 seconds'
            GROUP BY name, singleton_on ORDER BY name, singleton_on`,
          [periodic],
        )
      ).rows
    const until = Date.now() + 20_000
    while ((await slots()).filter((slot) => slot.name === "statistics-rollup").length < 10) {
      if (Date.now() > until) throw new Error("fewer than 10 rollup slots in 20 s")
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const rows = await slots()
    const pids = [a, b].map((server) => String(server.child.pid))
    for (const name of periodic) {
      const mine = rows.filter((row) => row.name === name)
      // Exactly one job per one-second slot, completed once, by one of the two processes.
      expect(mine.filter((row) => row.jobs !== 1 || row.completed !== 1)).toEqual([])
      expect(mine.every((row) => pids.includes(row.pids[0]!))).toBe(true)
      const first = new Date(mine[0]!.slot).getTime()
      const last = new Date(mine.at(-1)!.slot).getTime()
      const periods = (last - first) / 1000 + 1
      // Slots nobody asked for in time (both processes busier than half a period) stay empty; few do.
      expect(mine.length).toBeGreaterThanOrEqual(Math.floor(periods * 0.7))
      const byProcess = pids.map((pid) => mine.filter((row) => row.pids[0] === pid).length)
      console.log(
        `[postgres, two processes] ${name}: ${mine.length} jobs in ${periods} one-second periods, ` +
          `none twice; run by A / B: ${byProcess.join(" / ")}`,
      )
    }
  }, 40_000)

  it("stops promptly on SIGTERM while a long poll waits, answering it first", async () => {
    const waiting = workerCall(b, workerKeys[1]!, "/claim", { waitSeconds: 25 })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const signalled = performance.now()
    b.child.kill("SIGTERM")
    expect((await waiting).status).toBe(204)
    expect(await b.exit).toBe(0)
    const stopped = performance.now() - signalled
    expect(stopped).toBeLessThan(5_000)
    a.child.kill("SIGTERM")
    expect(await a.exit).toBe(0)
  }, 30_000)
})

// Every limit on one store: two processes behind one Redis count the same calls, and a restart keeps the state.
describe.runIf(databaseUrl && redisUrl)("two server processes behind one Redis", () => {
  const name = `manyhands_limits_${randomBytes(6).toString("hex")}`
  let db: Database
  let servers: Server[] = []
  let customerKey: string
  let env: Record<string, string>

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    await client.query(sql)
    await client.end()
  }
  const classic = async (server: Server, path: string, params: Record<string, string>) =>
    (await fetch(`${server.address}${path}?${new URLSearchParams(params).toString()}`)).text()

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`)
    const target = new URL(databaseUrl!)
    target.pathname = `/${name}`
    env = {
      DATABASE_URL: target.toString(),
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `${name}:`,
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "info",
    }
    servers = await Promise.all([listening(start(env)), listening(start(env))])
    db = await openPostgres(target.toString(), 2)
    await newUser(db, "limits@example.com", "customer")
    customerKey = await giveApiKey(db, "limits@example.com")
  }, 90_000)

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill("SIGKILL")
    await db?.close()
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    const { Redis } = await import("ioredis")
    const redis = new Redis(redisUrl!)
    const keys = await redis.keys(`${name}:*`)
    if (keys.length > 0) await redis.del(...keys)
    await redis.quit()
  })

  it("enforce MAX_USER_TURN together: 100 submissions, 50 to each, pass 60 in all", async () => {
    const submission = { key: customerKey, method: "base64", body: PNG.toString("base64") }
    // Ten at a time, alternating processes; each process alone sees 50, under its 60.
    const answers: string[][] = [[], []]
    for (let round = 0; round < 10; round++)
      await Promise.all(
        Array.from({ length: 10 }, async (_, n) => {
          const side = n % 2
          answers[side]!.push(await classic(servers[side]!, "/in.php", submission))
        }),
      )
    const turns = answers.map((list) => list.filter((answer) => answer === "MAX_USER_TURN").length)
    // No balance: every submission that passes the rule is refused for the balance.
    const others = answers.flat().filter((answer) => answer !== "MAX_USER_TURN")
    expect(new Set(others)).toEqual(new Set(["ERROR_ZERO_BALANCE"]))
    // Refused by both processes, although neither alone saw more than 60.
    expect(turns.every((n) => n > 0)).toBe(true)
  })

  it("enforce the 1004 ban together, and a restart of both keeps it", async () => {
    const unknown = () => ({ key: randomBytes(16).toString("hex"), action: "getbalance" })
    for (const side of [0, 1, 0, 1])
      expect(await classic(servers[side]!, "/res.php", unknown())).toBe("ERROR_KEY_DOES_NOT_EXIST")
    // Four unknown keys: no process has banned the address yet.
    expect(await classic(servers[1]!, "/res.php", { key: customerKey, action: "getbalance" })).toMatch(/^\d/)
    expect(await classic(servers[0]!, "/res.php", unknown())).toBe("ERROR_KEY_DOES_NOT_EXIST")
    for (const server of servers)
      expect(await classic(server, "/res.php", { key: customerKey, action: "getbalance" })).toBe(
        "ERROR: 1004",
      )

    for (const server of servers) server.child.kill("SIGTERM")
    expect(await Promise.all(servers.map((server) => server.exit))).toEqual([0, 0])
    servers = await Promise.all([listening(start(env)), listening(start(env))])
    for (const server of servers) {
      expect(await classic(server, "/res.php", { key: customerKey, action: "getbalance" })).toBe(
        "ERROR: 1004",
      )
      expect(await classic(server, "/in.php", { key: customerKey, method: "base64", body: "x" })).toBe(
        "ERROR: 1004",
      )
    }
  }, 60_000)
})

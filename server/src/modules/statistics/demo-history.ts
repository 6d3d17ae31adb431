import { randomBytes } from "node:crypto"
import type { FastifyBaseLogger } from "fastify"
import type { Database, Queryable } from "../../db/database"
import { hashPassword } from "../accounts/passwords"
import type { CaptchaEngine } from "../captcha/engine"
import { parseV2Task } from "../captcha/parse-v2"
import { renderTextCaptcha } from "../captcha/rasteriser"
import { setStatus } from "../dispatch/standing"
import { ledgerAccount, transfer, type Currency } from "../ledger/ledger"
import type { Statistics } from "./service"

/*
 * Demo history for the embedded demo (README, "Demo data"): simulated customers and workers put tasks through the
 * real engine — submission with its hold, the worker's claim and answer, the charge and the worker's pay, a few
 * "not a captcha" verdicts and customers' reports — and then each task and assignment is moved back to the moment
 * of the simulated day it stands for. Idle workers' empty waits are written as the claims would have written
 * them. The rollup then aggregates those rows like any others; nothing is written into the rollup tables directly.
 * Days go newest first, so the 24-hour and 7-day graphs fill first; progress is recorded per day, so a stopped
 * start resumes where it was.
 */

const HOUR = 3_600_000
const DAY = 24 * HOUR
const PROGRESS = "demo_history_days_done"

/** The simulated traffic: types with their share, and how long a worker takes (seconds, min–max). */
const MIX: { type: string; share: number; solve: [number, number]; task: () => Record<string, unknown> }[] = [
  {
    type: "ImageToTextTask",
    share: 0.55,
    solve: [4, 22],
    task: () => ({ type: "ImageToTextTask", body: PICTURE ?? "" }),
  },
  {
    type: "TextCaptchaTask",
    share: 0.1,
    solve: [5, 16],
    task: () => ({ type: "TextCaptchaTask", comment: "What is 4 + 5?" }),
  },
  {
    type: "RecaptchaV2Task",
    share: 0.25,
    solve: [14, 70],
    task: () => ({
      type: "RecaptchaV2TaskProxyless",
      websiteURL: "https://shop.example/login",
      websiteKey: SITE_KEY,
    }),
  },
  {
    type: "TurnstileTask",
    share: 0.1,
    solve: [8, 35],
    task: () => ({
      type: "TurnstileTaskProxyless",
      websiteURL: "https://forum.example/",
      websiteKey: "0x4AAAAAAADnPIDROrmt1Wwj",
    }),
  },
]
const SITE_KEY = "6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-"
let PICTURE: string | null = null

const CUSTOMERS = [
  { email: "history-customer-1@demo.manyhands.dev", currency: "USD", credit: 500_000_000 },
  { email: "history-customer-2@demo.manyhands.dev", currency: "USD", credit: 500_000_000 },
  { email: "history-customer-3@demo.manyhands.dev", currency: "RUB", credit: 45_000_000_000 },
] as const
const WORKERS = Array.from({ length: 8 }, (_, n) => `history-worker-${n + 1}@demo.manyhands.dev`)

/** A small deterministic generator, so every demo database gets the same history. */
function generator(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/** Traffic of an hour (UTC): a daily wave peaking at 14:00, quieter at weekends. */
function busyness(moment: number): number {
  const date = new Date(moment)
  const hour = date.getUTCHours()
  const wave = 0.35 + 0.65 * Math.max(0, Math.cos(((hour - 14) / 24) * 2 * Math.PI)) ** 1.5
  const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6 ? 0.6 : 1
  return wave * weekend
}

async function ensureAccounts(db: Database) {
  const password = await hashPassword(randomBytes(24).toString("hex"))
  return db.transaction(async (tx) => {
    const ids = async (emails: readonly string[], userType: string, currency: Currency = "USD") => {
      const out: string[] = []
      for (const email of emails) {
        const { rows } = await tx.query<{ id: string }>(
          `INSERT INTO users (email, password_hash, user_type, currency, email_confirmed_at)
           VALUES ($1, $2, $3, $4, now())
           ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id::text`,
          [email, password, userType, currency],
        )
        out.push(rows[0]!.id)
      }
      return out
    }
    const customers: { id: string; currency: Currency }[] = []
    for (const customer of CUSTOMERS) {
      const [id] = await ids([customer.email], "customer", customer.currency)
      customers.push({ id: id!, currency: customer.currency })
      // Their budget: promotional credit, a ledger transfer like any other money.
      await transfer(tx, {
        key: `demo-history-credit:${customer.email}`,
        debitAccountId: await ledgerAccount(tx, {
          userId: null,
          purpose: "promotional_credit",
          currency: customer.currency,
        }),
        creditAccountId: await ledgerAccount(tx, {
          userId: id!,
          purpose: "customer_balance",
          currency: customer.currency,
        }),
        amount: customer.credit,
        currency: customer.currency,
        memo: "Demo history budget",
      })
    }
    const workers = await ids(WORKERS, "worker")
    for (const worker of workers)
      for (const { type } of MIX) await setStatus(tx, worker, type, "active", null)
    return { customers, workers }
  })
}

interface Lifecycle {
  taskId: string
  type: string
  createdAt: number
  solveMs: number
  waitMs: number
}

/** Moves a task, its assignments and its ledger-free timestamps to the simulated moment. */
async function backdate(db: Queryable, life: Lifecycle) {
  const created = new Date(life.createdAt).toISOString()
  await db.query(
    `UPDATE captcha_tasks SET created_at = $2::timestamptz,
            deadline_at = $2::timestamptz + (deadline_at - created_at),
            ended_at = CASE WHEN ended_at IS NULL THEN NULL ELSE $2::timestamptz + make_interval(secs => $3::float8) END,
            reported_at = CASE WHEN reported_at IS NULL THEN NULL ELSE $2::timestamptz + make_interval(secs => $3::float8 + 60) END
      WHERE id = $1`,
    [life.taskId, created, life.solveMs / 1000],
  )
  // The answering worker took the task a few seconds after it came in; the first of two verdicts earlier still.
  await db.query(
    `UPDATE task_assignments a SET
            created_at = $2::timestamptz + make_interval(secs => o.offset_s),
            requested_at = $2::timestamptz + make_interval(secs => o.offset_s - $4::float8),
            answered_at = CASE WHEN a.answered_at IS NULL THEN NULL ELSE $2::timestamptz + make_interval(secs => $3::float8) END,
            lease_until = $2::timestamptz + make_interval(secs => $3::float8 + 30)
       FROM (SELECT id, (row_number() OVER (ORDER BY id DESC) - 1) * 2 + 1.5 AS offset_s
               FROM task_assignments WHERE task_id = $1) o
      WHERE a.id = o.id`,
    [life.taskId, created, life.solveMs / 1000, life.waitMs / 1000],
  )
  await db.query(
    `UPDATE worker_mistakes m SET created_at = $2::timestamptz + make_interval(secs => $3::float8 + 60)
       FROM task_assignments a WHERE a.task_id = $1 AND m.assignment_id = a.id`,
    [life.taskId, created, life.solveMs / 1000],
  )
}

/** One simulated task: submitted, taken and answered (or turned down twice), perhaps reported. */
async function simulateTask(
  engine: CaptchaEngine,
  db: Queryable,
  random: () => number,
  who: { customer: { id: string; currency: Currency }; workers: string[] },
  moment: number,
  load: number,
): Promise<Lifecycle | null> {
  let pick = random()
  const mix = MIX.find((entry) => (pick -= entry.share) < 0) ?? MIX[0]!
  const client = await engine.clientFor(who.customer.id)
  const parsed = parseV2Task(mix.task(), {})
  const { id } = await engine.submit(client, parsed, { api: "v2", ip: "203.0.113.10" })
  const [first, second] = [who.workers[Math.floor(random() * who.workers.length)]!, who.workers.at(-1)!]
  const refused = random() < 0.03
  for (const worker of refused ? [first, second === first ? who.workers[0]! : second] : [first]) {
    const offer = await takeOwn(engine, db, worker, mix.type, id)
    if (!offer) return null
    if (refused) await engine.workers.skip(worker, offer, "not_a_captcha")
    else await engine.workers.answer(worker, offer, answerFor(mix.type, random))
  }
  if (!refused && random() < 0.04) await engine.report(client, id, "bad")
  else if (!refused && random() < 0.2) await engine.report(client, id, "good")
  const [low, high] = mix.solve
  // Slower when the service is busy: a worker's queue of pictures is longer.
  const solveMs = Math.round((low + (high - low) * random() ** 1.6 * (0.8 + 0.4 * load)) * 1000)
  const waitMs = Math.round((0.3 + 14 * (1 - load) * random()) * 1000)
  return { taskId: id, type: mix.type, createdAt: moment, solveMs, waitMs }
}

/** Claims this task for the worker; an offer of someone else's task (a real user's) is given back at once. */
async function takeOwn(
  engine: CaptchaEngine,
  db: Queryable,
  worker: string,
  type: string,
  taskId: string,
): Promise<string | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const offer = await engine.workers.claim(worker, { waitMs: 0, types: [type] })
    if (!offer) return null
    const { rows } = await db.query<{ task_id: string | null }>(
      "SELECT task_id::text FROM task_assignments WHERE id = $1",
      [offer.assignmentId],
    )
    if (rows[0]?.task_id === taskId) return offer.assignmentId
    await engine.workers.release(worker, offer.assignmentId)
  }
  return null
}

function answerFor(type: string, random: () => number): Record<string, unknown> {
  const text = Math.floor(random() * 36 ** 5)
    .toString(36)
    .padStart(5, "x")
  if (type === "RecaptchaV2Task") return { gRecaptchaResponse: `03AGdBq2${text}${"x".repeat(40)}` }
  if (type === "TurnstileTask")
    return {
      token: `0.${text}${"y".repeat(40)}`,
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36",
    }
  if (type === "TextCaptchaTask") return { text: "9" }
  return { text }
}

/**
 * Empty waits of the hour's workers, as their claims would have recorded them: enough idle time beside the hour's
 * solving (`busyMs`) for the hour's load, in waits of 5–30 s at random moments.
 */
async function idleWaits(db: Queryable, workers: string[], hour: number, busyMs: number, load: number) {
  const waits = Math.round((busyMs * (1 - load)) / load / 17_500)
  if (waits === 0 || workers.length === 0) return
  await db.query(
    `INSERT INTO worker_waits (worker_id, types, started_at, ended_at)
     SELECT ($1::bigint[])[1 + floor(random() * cardinality($1::bigint[]))::int], $2, r.e - make_interval(secs => r.d), r.e
       FROM generate_series(1, $4::int) AS n
      CROSS JOIN LATERAL (SELECT $3::timestamptz + make_interval(secs => 30 + floor(random() * 3540) + n * 0) AS e,
                                 5 + floor(random() * 25) AS d) r`,
    [workers, MIX.map((entry) => entry.type), new Date(hour).toISOString(), waits],
  )
}

/**
 * Simulates `days` days up to the current hour (newest first), then leaves the rollup to the statistics job;
 * each finished day is rolled up at once, so the graphs fill while the rest is simulated.
 */
export async function seedDemoHistory(
  {
    db,
    engine,
    statistics,
    log,
  }: { db: Database; engine: CaptchaEngine; statistics: Statistics; log: FastifyBaseLogger },
  days: number,
  { now = Date.now(), signal }: { now?: number; signal?: AbortSignal } = {},
): Promise<number> {
  const { rows } = await db.query<{ done: number }>(
    "SELECT (value #>> '{}')::int AS done FROM app_settings WHERE key = $1",
    [PROGRESS],
  )
  let done = rows[0]?.done ?? 0
  if (done >= days) return 0
  PICTURE ??= renderTextCaptcha("h7kq2").toString("base64")
  const { customers, workers } = await ensureAccounts(db)
  const started = Date.now()
  let tasks = 0
  const end = Math.floor(now / HOUR) * HOUR
  for (; done < days; done++) {
    const random = generator(done + 1)
    const dayEnd = end - done * DAY
    for (let hour = dayEnd - DAY; hour < dayEnd; hour += HOUR) {
      // The server is stopping: the day is simulated again (whole) on the next start.
      if (signal?.aborted) return tasks
      const busy = busyness(hour)
      const online = Math.min(workers.length, 1 + Math.round(4 * busy))
      const count = Math.round(10 * busy * (0.7 + 0.6 * random()))
      const load = Math.min(0.95, 0.25 + 0.6 * busy)
      let busyMs = 0
      for (let n = 0; n < count; n++) {
        const moment = hour + Math.floor(random() * (HOUR - 5 * 60_000))
        const customer = customers[Math.floor(random() * customers.length)]!
        const team = workers.slice(0, online)
        const life = await simulateTask(engine, db, random, { customer, workers: team }, moment, load)
        if (life) {
          await backdate(db, life)
          busyMs += life.solveMs
          tasks++
        }
        // PGlite answers without giving the event loop a turn: let requests and signals in between tasks.
        await new Promise<void>((resolve) => setImmediate(resolve))
      }
      await idleWaits(db, workers.slice(0, online), hour, busyMs, load)
    }
    await db.query(
      `INSERT INTO app_settings (key, value) VALUES ($1, to_jsonb($2::int))
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [PROGRESS, done + 1],
    )
    await statistics.rollUpRange(new Date(dayEnd - DAY), new Date(Math.min(dayEnd + HOUR, now)))
    log.info({ day: done + 1, of: days, tasks, ms: Date.now() - started }, "demo history: a day simulated")
  }
  return tasks
}

import { STAT_RETENTION_DAYS } from "@manyhands/contract/statistics"
import type { Database, Queryable } from "../../db/database"
import { BOUNDS, emptyHistogram } from "./histogram"

/*
 * The rollup (STATISTICS.md): re-aggregates a range of minutes from the raw tables (captcha_tasks,
 * task_assignments, worker_waits) into stat_tasks and stat_work, then recomputes the hours and UTC days those
 * minutes belong to from the finer rows. A run replaces every row of its range, so running it again — or in two
 * processes one after the other — gives the same rows: it is idempotent, and a partial current minute is simply
 * recomputed by the next run. One run at a time per database (a transaction-scoped advisory lock).
 */

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const LOCK = "manyhands:statistics-rollup"
/** app_settings key: the end of the last range rolled up, so a run after downtime covers the gap. */
const ROLLED_UP_TO = "statistics_rolled_up_to"

const floorTo = (ms: number, step: number) => Math.floor(ms / step) * step
const ceilTo = (ms: number, step: number) => Math.ceil(ms / step) * step
const iso = (ms: number) => new Date(ms).toISOString()

interface TaskRow {
  grain: string
  bucket: string
  type: string
  currency: string
  created: number
  solved: number
  unsolvable: number
  solve_ms_sum: number
  solve_hist: number[]
  charged_sum: number
  paid_answers: number
  pay_sum: number
}

interface WorkRow {
  grain: string
  bucket: string
  type: string
  offers: number
  wait_ms_sum: number
  wait_hist: number[]
  idle_ms_sum: number
  busy_ms_sum: number
  worker_minutes: number
  workers_max: number
}

const TASK_SUMS = [
  "created",
  "solved",
  "unsolvable",
  "solve_ms_sum",
  "charged_sum",
  "paid_answers",
  "pay_sum",
] as const
const WORK_SUMS = ["offers", "wait_ms_sum", "idle_ms_sum", "busy_ms_sum", "worker_minutes"] as const

function taskRow(grain: string, bucket: number, type: string, currency: string): TaskRow {
  return {
    grain,
    bucket: iso(bucket),
    type,
    currency,
    created: 0,
    solved: 0,
    unsolvable: 0,
    solve_ms_sum: 0,
    solve_hist: emptyHistogram(),
    charged_sum: 0,
    paid_answers: 0,
    pay_sum: 0,
  }
}

function workRow(grain: string, bucket: number, type: string): WorkRow {
  return {
    grain,
    bucket: iso(bucket),
    type,
    offers: 0,
    wait_ms_sum: 0,
    wait_hist: emptyHistogram(),
    idle_ms_sum: 0,
    busy_ms_sum: 0,
    worker_minutes: 0,
    workers_max: 0,
  }
}

/** Rows by key, made on first use. */
class Rows<R> {
  readonly map = new Map<string, R>()
  constructor(private readonly make: (...key: [number, string, string]) => R) {}
  get(bucket: number, type: string, currency = ""): R {
    const key = `${bucket}|${type}|${currency}`
    let row = this.map.get(key)
    if (!row) this.map.set(key, (row = this.make(bucket, type, currency)))
    return row
  }
}

// The epoch of a truncated moment, in ms (a number, whatever the driver makes of timestamps).
const at = (column: string, unit: "minute" | "hour" | "day") =>
  `(extract(epoch FROM date_trunc('${unit}', ${column}, 'UTC')) * 1000)::float8`
// Whole milliseconds between two moments.
const millis = (later: string, earlier: string) =>
  `floor(extract(epoch FROM ${later} - ${earlier}) * 1000)::bigint`

/** The minute rows of [from, to) from the raw tables. */
async function minuteRows(tx: Queryable, from: number, to: number) {
  const range = [iso(from), iso(to)]
  const tasks = new Rows<TaskRow>((bucket, type, currency) => taskRow("minute", bucket, type, currency))
  const work = new Rows<WorkRow>((bucket, type) => workRow("minute", bucket, type))

  const created = await tx.query<{ b: number; type: string; currency: string; n: number }>(
    `SELECT ${at("created_at", "minute")} AS b, type, currency, count(*)::float8 AS n FROM captcha_tasks
      WHERE created_at >= $1 AND created_at < $2 GROUP BY 1, 2, 3`,
    range,
  )
  for (const row of created.rows) tasks.get(row.b, row.type, row.currency).created += row.n

  const ended = await tx.query<{
    b: number
    type: string
    currency: string
    state: string
    i: number | null
    n: number
    ms: number | null
    charged: number | null
  }>(
    `SELECT b, type, currency, state, CASE WHEN state = 'solved' THEN width_bucket(ms, $3::bigint[]) END AS i,
            count(*)::float8 AS n, sum(ms)::float8 AS ms, sum(charged)::float8 AS charged
       FROM (SELECT ${at("ended_at", "minute")} AS b, type, currency, state, charged,
                    ${millis("ended_at", "created_at")} AS ms
               FROM captcha_tasks
              WHERE ended_at >= $1 AND ended_at < $2 AND state IN ('solved', 'unsolvable')) e
      GROUP BY 1, 2, 3, 4, 5`,
    [...range, BOUNDS],
  )
  for (const row of ended.rows) {
    const target = tasks.get(row.b, row.type, row.currency)
    if (row.state === "unsolvable") {
      target.unsolvable += row.n
      continue
    }
    target.solved += row.n
    target.solve_ms_sum += row.ms ?? 0
    target.charged_sum += row.charged ?? 0
    target.solve_hist[row.i!]! += row.n
  }

  const paid = await tx.query<{ b: number; type: string; currency: string; n: number; pay: number }>(
    `SELECT ${at("a.answered_at", "minute")} AS b, t.type, t.currency,
            count(*) FILTER (WHERE a.earned > 0)::float8 AS n, sum(a.earned)::float8 AS pay
       FROM task_assignments a JOIN captcha_tasks t ON t.id = a.task_id
      WHERE a.answered_at >= $1 AND a.answered_at < $2
      GROUP BY 1, 2, 3`,
    range,
  )
  for (const row of paid.rows) {
    const target = tasks.get(row.b, row.type, row.currency)
    target.paid_answers += row.n
    target.pay_sum += row.pay
  }

  // Offers and how long their claims waited (real and gold tasks alike: a worker waits for either).
  const offers = await tx.query<{ b: number; type: string; i: number; n: number; ms: number }>(
    `SELECT b, type, width_bucket(ms, $3::bigint[]) AS i, count(*)::float8 AS n, sum(ms)::float8 AS ms
       FROM (SELECT ${at("a.created_at", "minute")} AS b, coalesce(t.type, g.type) AS type,
                    ${millis("a.created_at", "a.requested_at")} AS ms
               FROM task_assignments a
               LEFT JOIN captcha_tasks t ON t.id = a.task_id
               LEFT JOIN gold_tasks g ON g.id = a.gold_task_id
              WHERE a.created_at >= $1 AND a.created_at < $2 AND a.requested_at IS NOT NULL) o
      GROUP BY 1, 2, 3`,
    [...range, BOUNDS],
  )
  for (const row of offers.rows)
    for (const type of [row.type, ""]) {
      const target = work.get(row.b, type)
      target.offers += row.n
      target.wait_ms_sum += row.ms
      target.wait_hist[row.i]! += row.n
    }

  const busy = await tx.query<{ b: number; type: string; ms: number }>(
    `SELECT ${at("a.answered_at", "minute")} AS b, coalesce(t.type, g.type) AS type,
            sum(${millis("a.answered_at", "a.created_at")})::float8 AS ms
       FROM task_assignments a
       LEFT JOIN captcha_tasks t ON t.id = a.task_id
       LEFT JOIN gold_tasks g ON g.id = a.gold_task_id
      WHERE a.answered_at >= $1 AND a.answered_at < $2
      GROUP BY 1, 2`,
    range,
  )
  for (const row of busy.rows) for (const type of [row.type, ""]) work.get(row.b, type).busy_ms_sum += row.ms

  // A worker waiting for several types was idle for each of them, but only once for the service.
  const idle = await tx.query<{ b: number; type: string | null; ms: number }>(
    `SELECT ${at("w.ended_at", "minute")} AS b, u.type, sum(${millis("w.ended_at", "w.started_at")})::float8 AS ms
       FROM worker_waits w CROSS JOIN LATERAL unnest(w.types) AS u(type)
      WHERE w.ended_at >= $1 AND w.ended_at < $2
      GROUP BY 1, 2
     UNION ALL
     SELECT ${at("ended_at", "minute")}, NULL, sum(${millis("ended_at", "started_at")})::float8
       FROM worker_waits WHERE ended_at >= $1 AND ended_at < $2 GROUP BY 1`,
    range,
  )
  for (const row of idle.rows) work.get(row.b, row.type ?? "").idle_ms_sum += row.ms

  // Workers seen in a minute: offered a task, answering one, or ending a wait for one of the type.
  const seen = await tx.query<{ b: number; type: string | null; n: number }>(
    `WITH events AS (
       SELECT a.created_at AS moment, a.worker_id, coalesce(t.type, g.type) AS type
         FROM task_assignments a LEFT JOIN captcha_tasks t ON t.id = a.task_id
         LEFT JOIN gold_tasks g ON g.id = a.gold_task_id
        WHERE a.created_at >= $1 AND a.created_at < $2
       UNION ALL
       SELECT a.answered_at, a.worker_id, coalesce(t.type, g.type)
         FROM task_assignments a LEFT JOIN captcha_tasks t ON t.id = a.task_id
         LEFT JOIN gold_tasks g ON g.id = a.gold_task_id
        WHERE a.answered_at >= $1 AND a.answered_at < $2
       UNION ALL
       SELECT w.ended_at, w.worker_id, u.type
         FROM worker_waits w CROSS JOIN LATERAL unnest(w.types) AS u(type)
        WHERE w.ended_at >= $1 AND w.ended_at < $2)
     SELECT b, type, count(DISTINCT worker_id)::float8 AS n
       FROM (SELECT ${at("moment", "minute")} AS b, type, worker_id FROM events) e
      GROUP BY GROUPING SETS ((b, type), (b))`,
    range,
  )
  for (const row of seen.rows) {
    const target = work.get(row.b, row.type ?? "")
    target.worker_minutes = row.n
    target.workers_max = row.n
  }
  return { tasks: [...tasks.map.values()], work: [...work.map.values()] }
}

/** Hour or day rows of [from, to) from the next finer grain. */
async function coarserRows(tx: Queryable, grain: "hour" | "day", from: number, to: number) {
  const finer = grain === "hour" ? "minute" : "hour"
  const params = [finer, iso(from), iso(to)]
  const tasks = new Rows<TaskRow>((bucket, type, currency) => taskRow(grain, bucket, type, currency))
  const work = new Rows<WorkRow>((bucket, type) => workRow(grain, bucket, type))
  const sums = await tx.query<Record<string, number> & { b: number; type: string; currency: string }>(
    `SELECT ${at("bucket", grain)} AS b, type, currency,
            ${TASK_SUMS.map((name) => `sum(${name})::float8 AS ${name}`).join(", ")}
       FROM stat_tasks WHERE grain = $1 AND bucket >= $2 AND bucket < $3 GROUP BY 1, 2, 3`,
    params,
  )
  for (const row of sums.rows) {
    const target = tasks.get(row.b, row.type, row.currency)
    for (const name of TASK_SUMS) target[name] = row[name]!
  }
  const hist = await tx.query<{ b: number; type: string; currency: string; i: number; n: number }>(
    `SELECT ${at("s.bucket", grain)} AS b, s.type, s.currency, h.i::int - 1 AS i, sum(h.n)::float8 AS n
       FROM stat_tasks s CROSS JOIN LATERAL unnest(s.solve_hist) WITH ORDINALITY AS h(n, i)
      WHERE s.grain = $1 AND s.bucket >= $2 AND s.bucket < $3 AND s.solved > 0 GROUP BY 1, 2, 3, 4`,
    params,
  )
  for (const row of hist.rows) tasks.get(row.b, row.type, row.currency).solve_hist[row.i] = row.n

  const workSums = await tx.query<Record<string, number> & { b: number; type: string }>(
    `SELECT ${at("bucket", grain)} AS b, type, max(workers_max)::float8 AS workers_max,
            ${WORK_SUMS.map((name) => `sum(${name})::float8 AS ${name}`).join(", ")}
       FROM stat_work WHERE grain = $1 AND bucket >= $2 AND bucket < $3 GROUP BY 1, 2`,
    params,
  )
  for (const row of workSums.rows) {
    const target = work.get(row.b, row.type)
    for (const name of WORK_SUMS) target[name] = row[name]!
    target.workers_max = row.workers_max!
  }
  const waitHist = await tx.query<{ b: number; type: string; i: number; n: number }>(
    `SELECT ${at("s.bucket", grain)} AS b, s.type, h.i::int - 1 AS i, sum(h.n)::float8 AS n
       FROM stat_work s CROSS JOIN LATERAL unnest(s.wait_hist) WITH ORDINALITY AS h(n, i)
      WHERE s.grain = $1 AND s.bucket >= $2 AND s.bucket < $3 AND s.offers > 0 GROUP BY 1, 2, 3`,
    params,
  )
  for (const row of waitHist.rows) work.get(row.b, row.type).wait_hist[row.i] = row.n
  return { tasks: [...tasks.map.values()], work: [...work.map.values()] }
}

/** Replaces the rows of one grain in [from, to) with these. */
async function replace(
  tx: Queryable,
  grain: string,
  from: number,
  to: number,
  rows: { tasks: TaskRow[]; work: WorkRow[] },
) {
  const range = [grain, iso(from), iso(to)]
  await tx.query("DELETE FROM stat_tasks WHERE grain = $1 AND bucket >= $2 AND bucket < $3", range)
  await tx.query("DELETE FROM stat_work WHERE grain = $1 AND bucket >= $2 AND bucket < $3", range)
  // One statement per table, whatever the number of rows (a batch of 2,000 keeps each parameter modest).
  for (let start = 0; start < rows.tasks.length; start += 2000)
    await tx.query(
      `INSERT INTO stat_tasks SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(grain text, bucket timestamptz,
         type text, currency text, created integer, solved integer, unsolvable integer, solve_ms_sum bigint,
         solve_hist integer[], charged_sum bigint, paid_answers integer, pay_sum bigint)`,
      [JSON.stringify(rows.tasks.slice(start, start + 2000))],
    )
  for (let start = 0; start < rows.work.length; start += 2000)
    await tx.query(
      `INSERT INTO stat_work SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(grain text, bucket timestamptz,
         type text, offers integer, wait_ms_sum bigint, wait_hist integer[], idle_ms_sum bigint,
         busy_ms_sum bigint, worker_minutes integer, workers_max integer)`,
      [JSON.stringify(rows.work.slice(start, start + 2000))],
    )
}

export interface RollupRun {
  /** The minutes re-aggregated: [from, to). */
  from: Date
  to: Date
  minuteRows: number
  /** False when another process was rolling up at that moment (this run did nothing). */
  ran: boolean
}

/**
 * Re-aggregates the minutes of [from, to) (widened to whole minutes; `to` may be now, the open minute is then
 * rolled up as it stands) and the hours and days they touch. A range older than the minute rows' retention is
 * widened to whole UTC days, so that no hour or day is recomputed from minutes already pruned.
 */
export async function rollUp(db: Database, from: Date, to: Date, now = new Date()): Promise<RollupRun> {
  let start = floorTo(from.getTime(), MINUTE)
  let end = ceilTo(to.getTime(), MINUTE)
  if (start < now.getTime() - (STAT_RETENTION_DAYS.minute - 1) * DAY) {
    start = floorTo(start, DAY)
    end = ceilTo(end, DAY)
  }
  const result: RollupRun = { from: new Date(start), to: new Date(end), minuteRows: 0, ran: false }
  if (end <= start) return result
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ locked: boolean }>(
      "SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked",
      [LOCK],
    )
    if (!rows[0]!.locked) return result
    const minutes = await minuteRows(tx, start, end)
    await replace(tx, "minute", start, end, minutes)
    const hourFrom = floorTo(start, HOUR)
    const hourTo = ceilTo(end, HOUR)
    await replace(tx, "hour", hourFrom, hourTo, await coarserRows(tx, "hour", hourFrom, hourTo))
    const dayFrom = floorTo(start, DAY)
    const dayTo = ceilTo(end, DAY)
    await replace(tx, "day", dayFrom, dayTo, await coarserRows(tx, "day", dayFrom, dayTo))
    await tx.query(
      `INSERT INTO app_settings (key, value) VALUES ($1, to_jsonb($2::text))
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value
        WHERE (app_settings.value #>> '{}')::timestamptz < $2::timestamptz`,
      [ROLLED_UP_TO, iso(Math.min(end, now.getTime()))],
    )
    return { ...result, minuteRows: minutes.tasks.length + minutes.work.length, ran: true }
  })
}

/**
 * Drops minute rows older than 14 days and hour rows older than 13 months (day rows stay for ever), and workers'
 * empty waits once their minutes are gone (nothing can roll them up again).
 */
export async function pruneRollups(db: Queryable, now = new Date()): Promise<void> {
  await db.query("DELETE FROM worker_waits WHERE ended_at < $1", [
    iso(now.getTime() - STAT_RETENTION_DAYS.minute * DAY),
  ])
  await db.query("DELETE FROM stat_tasks WHERE grain = 'minute' AND bucket < $1", [
    iso(now.getTime() - STAT_RETENTION_DAYS.minute * DAY),
  ])
  await db.query("DELETE FROM stat_work WHERE grain = 'minute' AND bucket < $1", [
    iso(now.getTime() - STAT_RETENTION_DAYS.minute * DAY),
  ])
  await db.query("DELETE FROM stat_tasks WHERE grain = 'hour' AND bucket < $1", [
    iso(now.getTime() - STAT_RETENTION_DAYS.hour * DAY),
  ])
  await db.query("DELETE FROM stat_work WHERE grain = 'hour' AND bucket < $1", [
    iso(now.getTime() - STAT_RETENTION_DAYS.hour * DAY),
  ])
}

/**
 * What the periodic job rolls up: from the end of the last run (after downtime, the whole gap, at most the minute
 * retention) or `lookbackMinutes` ago, whichever is earlier, to now.
 */
export async function nextRange(
  db: Queryable,
  now: Date,
  lookbackMinutes: number,
): Promise<{ from: Date; to: Date }> {
  const { rows } = await db.query<{ value: string }>(
    "SELECT value #>> '{}' AS value FROM app_settings WHERE key = $1",
    [ROLLED_UP_TO],
  )
  const recent = now.getTime() - lookbackMinutes * MINUTE
  const last = rows[0] ? new Date(rows[0].value).getTime() - MINUTE : recent
  const oldest = now.getTime() - (STAT_RETENTION_DAYS.minute - 1) * DAY
  return { from: new Date(Math.max(oldest, Math.min(recent, last))), to: now }
}

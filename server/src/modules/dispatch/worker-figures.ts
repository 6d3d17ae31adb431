import {
  CABINET_TYPES,
  type AccuracyDay,
  type Mistake,
  type Solution,
  type Suspension,
  type SuspensionCause,
  type TrainingData,
  type WorkerStats,
} from "@manyhands/contract/worker"
import type { Queryable } from "../../db/database"
import type { Catalogue } from "../captcha/catalogue"
import { accountBalance, ledgerAccount } from "../ledger/ledger"
import {
  firstStatus,
  needsTraining,
  TRAINING_ANSWERS,
  TRAINING_PASS_SHARE,
  trainingRecords,
  typesWithTraining,
  type SkillStatus,
} from "./standing"

/*
 * The worker's own figures, read for the worker API (GET /api/v1/worker/stats, /mistakes, /training; shapes in
 * @manyhands/contract/worker): standing and earnings, the answers found wrong with the accuracy over time, and
 * the training per type. Read models only: dispatch itself (claims, answers, leases) is in queue.ts.
 */

/** The mistakes list carries pictures up to this many characters of data: URLs in all; later ones get null. */
const MISTAKE_PICTURES_BUDGET = 4_000_000
/** The accuracy history covers today and the days before it, this many in all. */
const ACCURACY_DAYS = 30

/** The first picture of a task: its main image before instructions, never an audio file. */
function firstPicture<T extends { name: string; mime: string }>(files: T[]): T | undefined {
  const rank = (file: T) => (file.name === "imgInstructions" ? 1 : 0)
  return files
    .filter((file) => file.mime.startsWith("image/"))
    .sort((a, b) => rank(a) - rank(b) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))[0]
}

/** YYYY-MM-DD of this moment in the time zone (UTC when the zone is unknown here). */
function dayIn(moment: Date, timeZone: string): string {
  let format: Intl.DateTimeFormat
  try {
    format = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
  } catch {
    return moment.toISOString().slice(0, 10)
  }
  const parts = Object.fromEntries(format.formatToParts(moment).map((part) => [part.type, part.value]))
  return `${parts.year}-${parts.month}-${parts.day}`
}

/** The worker's last wrong answers, for /cabinet/mistakes, with the picture and question of each task. */
export async function workerMistakes(db: Queryable, workerId: string): Promise<Mistake[]> {
  const { rows } = await db.query<{
    id: string
    type: string
    source: "gold" | "report"
    given: Solution
    expected: Solution | null
    created_at: Date | string
    comment: string | null
    task_id: string | null
    gold_files: { name: string; mime: string; data: string }[] | null
  }>(
    `SELECT m.id::text, coalesce(t.type, g.type) AS type, m.source, m.given, m.expected, m.created_at,
            coalesce(t.params, g.params) ->> 'comment' AS comment, a.task_id::text, g.files AS gold_files
       FROM worker_mistakes m
       JOIN task_assignments a ON a.id = m.assignment_id
       LEFT JOIN captcha_tasks t ON t.id = a.task_id
       LEFT JOIN gold_tasks g ON g.id = a.gold_task_id
      WHERE m.worker_id = $1 ORDER BY m.id DESC LIMIT 100`,
    [workerId],
  )
  const taskIds = [...new Set(rows.flatMap((row) => (row.task_id ? [row.task_id] : [])))]
  const { rows: files } =
    taskIds.length === 0
      ? { rows: [] }
      : await db.query<{ task_id: string; name: string; mime: string; data: Uint8Array }>(
          `SELECT task_id::text, name, mime, data FROM captcha_task_files
            WHERE task_id = ANY($1::bigint[]) AND mime LIKE 'image/%'`,
          [taskIds],
        )
  const taskPictures = new Map<string, string>()
  for (const id of taskIds) {
    const picture = firstPicture(files.filter((file) => file.task_id === id))
    if (picture)
      taskPictures.set(id, `data:${picture.mime};base64,${Buffer.from(picture.data).toString("base64")}`)
  }
  let budget = MISTAKE_PICTURES_BUDGET
  return rows.map((row) => {
    const gold = row.gold_files ? firstPicture(row.gold_files) : undefined
    let image = row.task_id
      ? (taskPictures.get(row.task_id) ?? null)
      : gold
        ? `data:${gold.mime};base64,${gold.data}`
        : null
    if (image && image.length > budget) image = null
    else if (image) budget -= image.length
    return {
      id: row.id,
      type: row.type,
      source: row.source,
      given: row.given,
      expected: row.expected ?? null,
      at: new Date(row.created_at).toISOString(),
      image,
      comment: row.comment,
    }
  })
}

/**
 * Checked answers per type and day (the worker's time zone) over the last 30 days, oldest first: gold and
 * training answers, and answers a customer reported good or bad.
 */
export async function workerAccuracy(db: Queryable, workerId: string): Promise<AccuracyDay[]> {
  const { rows: users } = await db.query<{ timezone: string }>("SELECT timezone FROM users WHERE id = $1", [
    workerId,
  ])
  const timeZone = users[0]?.timezone ?? "UTC"
  // Counted per quarter hour in SQL (every time zone's offset is a multiple of it), then per local day here.
  const { rows } = await db.query<{
    type: string
    slot: Date | string
    checked: number
    correct: number
  }>(
    `SELECT coalesce(t.type, g.type) AS type,
            date_bin('15 minutes', a.answered_at, TIMESTAMPTZ '2000-01-01 00:00:00+00') AS slot,
            count(*)::int AS checked, count(*) FILTER (WHERE a.correct)::int AS correct
       FROM task_assignments a
       LEFT JOIN captcha_tasks t ON t.id = a.task_id
       LEFT JOIN gold_tasks g ON g.id = a.gold_task_id
      WHERE a.worker_id = $1 AND a.state = 'answered' AND a.correct IS NOT NULL
        AND a.answered_at > now() - make_interval(days => $2)
        AND (a.gold_task_id IS NOT NULL OR t.report IS NOT NULL)
      GROUP BY 1, 2`,
    [workerId, ACCURACY_DAYS + 1],
  )
  const today = dayIn(new Date(), timeZone)
  const first = new Date(Date.parse(`${today}T00:00:00Z`) - (ACCURACY_DAYS - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10)
  const days = new Map<string, AccuracyDay>()
  for (const row of rows) {
    const date = dayIn(new Date(row.slot), timeZone)
    if (date < first) continue
    const key = `${date} ${row.type}`
    const day = days.get(key) ?? { type: row.type, date, checked: 0, correct: 0 }
    day.checked += row.checked
    day.correct += row.correct
    days.set(key, day)
  }
  return [...days.values()].sort((a, b) =>
    a.date === b.date ? (a.type < b.type ? -1 : 1) : a.date < b.date ? -1 : 1,
  )
}

interface SkillRow {
  type: string
  status: SkillStatus
  reason: string | null
  rating: number
  suspended_at: Date | string | null
  suspension_cause: SuspensionCause | null
  suspension_percent: number | null
  suspension_limit: number | null
}

async function skillRows(db: Queryable, workerId: string): Promise<Map<string, SkillRow>> {
  const { rows } = await db.query<SkillRow>(
    `SELECT type, status, reason, rating, suspended_at, suspension_cause, suspension_percent, suspension_limit
       FROM worker_skills WHERE worker_id = $1`,
    [workerId],
  )
  return new Map(rows.map((row) => [row.type, row]))
}

const suspensionOf = (row: SkillRow | undefined): Suspension | null =>
  row?.status === "suspended"
    ? {
        cause: row.suspension_cause ?? "moderator",
        percent: row.suspension_percent,
        limit: row.suspension_limit,
        at: new Date(row.suspended_at ?? Date.now()).toISOString(),
      }
    : null

/**
 * The worker's training per type that opens only after it (standing.ts, needsTraining), in catalogue order:
 * every cabinet type, and other types with training tasks. A suspended type shows its retraining: the answers
 * and the tasks left since the suspension.
 */
export async function workerTraining(
  db: Queryable,
  catalogue: Catalogue,
  workerId: string,
): Promise<TrainingData> {
  const known = await catalogue.all()
  const hasTraining = await typesWithTraining(db)
  const skills = await skillRows(db, workerId)
  const { rows } = await db.query<{ type: string; remaining: number }>(
    `SELECT g.type,
            count(*) FILTER (WHERE NOT EXISTS (
              SELECT 1 FROM task_assignments a WHERE a.gold_task_id = g.id AND a.worker_id = $1 AND a.correct
                 AND (s.suspended_at IS NULL OR a.answered_at >= s.suspended_at)
            ))::int AS remaining
       FROM gold_tasks g
       LEFT JOIN worker_skills s ON s.worker_id = $1 AND s.type = g.type
      WHERE g.training AND g.enabled
      GROUP BY g.type`,
    [workerId],
  )
  const remaining = new Map(rows.map((row) => [row.type, row.remaining]))
  const records = await trainingRecords(db, workerId)
  const types = [...known.values()]
    .filter((type) => type.enabled && needsTraining(type.code, hasTraining.has(type.code)))
    .map((type) => {
      const skill = skills.get(type.code)
      return {
        type: type.code,
        status: skill?.status ?? firstStatus(type.code, hasTraining.has(type.code)),
        answered: records.get(type.code)?.answered ?? 0,
        correct: records.get(type.code)?.correct ?? 0,
        remaining: remaining.get(type.code) ?? 0,
        suspension: suspensionOf(skill),
      }
    })
  return { required: TRAINING_ANSWERS, passShare: TRAINING_PASS_SHARE, types }
}

/**
 * The worker's own figures: standing and accuracy per type (every cabinet type, and any other the worker has a
 * standing or answers in), answers today, earnings.
 */
export async function workerStats(db: Queryable, workerId: string): Promise<WorkerStats> {
  const skills = await skillRows(db, workerId)
  const { rows: accuracy } = await db.query<{
    type: string
    answered: number
    gold_correct: number
    gold_wrong: number
    reported_good: number
    reported_bad: number
  }>(
    `SELECT type, sum(answered)::int AS answered, sum(gold_correct)::int AS gold_correct,
            sum(gold_wrong)::int AS gold_wrong, sum(reported_good)::int AS reported_good,
            sum(reported_bad)::int AS reported_bad
       FROM worker_accuracy WHERE worker_id = $1 GROUP BY type`,
    [workerId],
  )
  const counts = new Map(accuracy.map((row) => [row.type, row]))
  const codes = [...new Set([...CABINET_TYPES, ...skills.keys(), ...counts.keys()])].sort()
  const hasTraining = await typesWithTraining(db, codes)
  const { rows: today } = await db.query<{ answered: number; earned: string }>(
    `SELECT count(*)::int AS answered, coalesce(sum(earned), 0)::text AS earned FROM task_assignments
      WHERE worker_id = $1 AND state = 'answered' AND answered_at >= date_trunc('day', now())`,
    [workerId],
  )
  const earnings = await ledgerAccount(db, {
    userId: workerId,
    purpose: "worker_earnings",
    currency: "USD",
  })
  return {
    types: codes.map((type) => {
      const skill = skills.get(type)
      const count = counts.get(type)
      const gold = (count?.gold_correct ?? 0) + (count?.gold_wrong ?? 0)
      return {
        type,
        status: skill?.status ?? firstStatus(type, hasTraining.has(type)),
        reason: skill?.reason ?? null,
        suspension: suspensionOf(skill),
        rating: skill?.rating ?? 100,
        answered: count?.answered ?? 0,
        goldAccuracy: gold === 0 ? null : count!.gold_correct / gold,
        reportedGood: count?.reported_good ?? 0,
        reportedBad: count?.reported_bad ?? 0,
      }
    }),
    today: { answered: today[0]!.answered, earned: Number(today[0]!.earned) },
    balance: { amount: (await accountBalance(db, earnings)).available, currency: "USD" },
  }
}

import { CABINET_TYPES, type SkillStatus, type SuspensionCause } from "@manyhands/contract/worker"
import type { Queryable } from "../../db/database"

/** Training: of the last this many training answers, at least TRAINING_PASS_SHARE correct open real work. */
export const TRAINING_ANSWERS = 5
export const TRAINING_PASS_SHARE = 0.8
/** Accuracy on gold tasks (after GOLD_MIN_ANSWERS of them) below this suspends the worker from the type. */
export const GOLD_MIN_ANSWERS = 10
export const GOLD_MIN_ACCURACY = 0.7
/** Customers' bad reports (after REPORTS_MIN of them) above this share of answers also suspend. */
export const REPORTS_MIN = 5
export const REPORTS_MAX_SHARE = 0.2
const RATING_GOOD = 1
const RATING_BAD = 10

export type { SkillStatus }

/**
 * Whether real work of a type waits for its training: every type a person solves in the cabinet, and any other
 * type moderators gave training tasks. Types without training (widget captchas for worker software, whose
 * answers cannot be checked) are open from the start; check tasks and reports still judge them where they can.
 */
export const needsTraining = (type: string, hasTrainingTasks: boolean) =>
  (CABINET_TYPES as readonly string[]).includes(type) || hasTrainingTasks

/** The standing before the worker has a row for the type: in training where the type needs it, else active. */
export const firstStatus = (type: string, hasTrainingTasks: boolean): SkillStatus =>
  needsTraining(type, hasTrainingTasks) ? "training" : "active"

/** Types that have enabled training tasks. */
export async function typesWithTraining(tx: Queryable, types?: string[]): Promise<Set<string>> {
  const { rows } = await tx.query<{ type: string }>(
    "SELECT DISTINCT type FROM gold_tasks WHERE training AND enabled AND ($1::text[] IS NULL OR type = ANY($1))",
    [types ?? null],
  )
  return new Set(rows.map((row) => row.type))
}

interface SkillRow {
  status: SkillStatus
  suspended_at: Date | string | null
  base_answered: number
  base_gold_correct: number
  base_gold_wrong: number
  base_reported_bad: number
}

async function skillRow(tx: Queryable, workerId: string, type: string): Promise<SkillRow | undefined> {
  const { rows } = await tx.query<SkillRow>(
    `SELECT status, suspended_at, base_answered, base_gold_correct, base_gold_wrong, base_reported_bad
       FROM worker_skills WHERE worker_id = $1 AND type = $2`,
    [workerId, type],
  )
  return rows[0]
}

/** The worker's standing in a type (see firstStatus for a type they have no row for yet). */
export async function skillStatus(tx: Queryable, workerId: string, type: string): Promise<SkillStatus> {
  const row = await skillRow(tx, workerId, type)
  if (row) return row.status
  return firstStatus(type, (await typesWithTraining(tx, [type])).has(type))
}

/**
 * Since when the type is closed to the worker: the suspension, or a moderator's sending them back to training;
 * null while it is open or in a first training. Retraining counts answers after it.
 */
export async function suspendedSince(tx: Queryable, workerId: string, type: string): Promise<Date | null> {
  const row = await skillRow(tx, workerId, type)
  return row && row.status !== "active" && row.suspended_at ? new Date(row.suspended_at) : null
}

/** Counts an answer in the worker's accuracy per type and language. */
export async function countAnswer(
  tx: Queryable,
  {
    workerId,
    type,
    language,
    field,
  }: { workerId: string; type: string; language: string | null; field: Counter },
) {
  await tx.query(countAnswerSql(field, "$1", "$2", "$3"), [workerId, type, language ?? ""])
}

/**
 * The statement that counts one answer in a worker's accuracy, its worker, type and language ("" for none) given
 * as the parameters named — for a statement of the caller's own (the answer's, dispatch/queue.ts).
 */
export const countAnswerSql = (field: Counter, worker: string, type: string, language: string) =>
  `INSERT INTO worker_accuracy (worker_id, type, language, ${field}) VALUES (${worker}, ${type}, ${language}, 1)
     ON CONFLICT (worker_id, type, language) DO UPDATE SET ${field} = worker_accuracy.${field} + 1`

type Counter = "answered" | "gold_correct" | "gold_wrong" | "reported_good" | "reported_bad"

export async function changeRating(tx: Queryable, workerId: string, type: string, verdict: "good" | "bad") {
  await tx.query(
    `INSERT INTO worker_skills (worker_id, type, status, rating) VALUES ($1, $2, 'active', $3)
     ON CONFLICT (worker_id, type) DO UPDATE
       SET rating = least(1000, greatest(0, worker_skills.rating + $4)), updated_at = now()`,
    [
      workerId,
      type,
      verdict === "good" ? 100 + RATING_GOOD : 100 - RATING_BAD,
      verdict === "good" ? RATING_GOOD : -RATING_BAD,
    ],
  )
}

export interface TrainingRecord {
  /** The worker's last training answers of the type (at most TRAINING_ANSWERS), and how many were right. */
  answered: number
  correct: number
}

/**
 * Training is judged on the last TRAINING_ANSWERS answers, so early mistakes are made good by answering well
 * afterwards: a worker never runs out of chances while training tasks they have not got right remain.
 */
export const passedTraining = ({ answered, correct }: TrainingRecord) =>
  answered >= TRAINING_ANSWERS && correct >= Math.ceil(TRAINING_ANSWERS * TRAINING_PASS_SHARE - 1e-9)

/**
 * The worker's last training answers per type (all types, or the ones given). For a type the worker is
 * suspended from (or a moderator sent them back to training for), only the answers given since then count: that
 * is the retraining.
 */
export async function trainingRecords(
  tx: Queryable,
  workerId: string,
  types?: string[],
): Promise<Map<string, TrainingRecord>> {
  const { rows } = await tx.query<{ type: string; answered: number; correct: number }>(
    `SELECT type, count(*)::int AS answered, count(*) FILTER (WHERE correct)::int AS correct
       FROM (SELECT g.type, a.correct,
                    row_number() OVER (PARTITION BY g.type ORDER BY a.answered_at DESC, a.id DESC) AS n
               FROM task_assignments a JOIN gold_tasks g ON g.id = a.gold_task_id
               LEFT JOIN worker_skills s ON s.worker_id = a.worker_id AND s.type = g.type
              WHERE a.worker_id = $1 AND g.training AND a.state = 'answered'
                AND (s.suspended_at IS NULL OR a.answered_at >= s.suspended_at)
                AND ($2::text[] IS NULL OR g.type = ANY($2))) latest
      WHERE n <= $3 GROUP BY type`,
    [workerId, types ?? null, TRAINING_ANSWERS],
  )
  return new Map(rows.map((row) => [row.type, { answered: row.answered, correct: row.correct }]))
}

/**
 * Looks at the worker's record in a type after a gold or training answer, or a report. In training or
 * suspended: the training (since the suspension, for a suspended worker) passed → active. Active: accuracy on
 * gold tasks or customers' reports below the bar → suspended, with the reason the worker is shown. Only what
 * happened since the type was last opened counts (the counters are kept then, see `admit`), so a worker who
 * retrained is not suspended again at once by the record that suspended them.
 */
export async function reviewStanding(tx: Queryable, workerId: string, type: string) {
  const row = await skillRow(tx, workerId, type)
  const status = row?.status ?? firstStatus(type, (await typesWithTraining(tx, [type])).has(type))
  if (status !== "active") {
    const record = (await trainingRecords(tx, workerId, [type])).get(type)
    if (record && passedTraining(record)) await admit(tx, workerId, type)
    return
  }
  const { rows } = await tx.query<{
    answered: number
    gold_correct: number
    gold_wrong: number
    bad: number
  }>(
    `SELECT coalesce(sum(answered), 0)::int AS answered, coalesce(sum(gold_correct), 0)::int AS gold_correct,
            coalesce(sum(gold_wrong), 0)::int AS gold_wrong, coalesce(sum(reported_bad), 0)::int AS bad
       FROM worker_accuracy WHERE worker_id = $1 AND type = $2`,
    [workerId, type],
  )
  const total = rows[0]!
  const answered = total.answered - (row?.base_answered ?? 0)
  const goldCorrect = total.gold_correct - (row?.base_gold_correct ?? 0)
  const gold = goldCorrect + total.gold_wrong - (row?.base_gold_wrong ?? 0)
  const bad = total.bad - (row?.base_reported_bad ?? 0)
  if (gold >= GOLD_MIN_ANSWERS && goldCorrect / gold < GOLD_MIN_ACCURACY) {
    const percent = Math.round((100 * goldCorrect) / gold)
    const limit = Math.round(100 * GOLD_MIN_ACCURACY)
    await suspend(tx, workerId, type, {
      cause: "goldAccuracy",
      percent,
      limit,
      reason: `Accuracy on check tasks is ${percent} %, below the ${limit} % needed.`,
    })
  } else if (bad >= REPORTS_MIN && bad / Math.max(answered, 1) > REPORTS_MAX_SHARE) {
    const percent = Math.round((100 * bad) / Math.max(answered, 1))
    const limit = Math.round(100 * REPORTS_MAX_SHARE)
    await suspend(tx, workerId, type, {
      cause: "reports",
      percent,
      limit,
      reason: `Customers reported ${percent} % of your answers as wrong; at most ${limit} % is allowed.`,
    })
  }
}

/** Suspends the worker from the type: no real work until they pass its training again. */
export async function suspend(
  tx: Queryable,
  workerId: string,
  type: string,
  {
    cause,
    percent = null,
    limit = null,
    reason,
  }: { cause: SuspensionCause; percent?: number | null; limit?: number | null; reason: string | null },
) {
  await tx.query(
    `INSERT INTO worker_skills (worker_id, type, status, reason, suspended_at, suspension_cause, suspension_percent,
                                suspension_limit)
     VALUES ($1, $2, 'suspended', $3, now(), $4, $5, $6)
     ON CONFLICT (worker_id, type) DO UPDATE
       SET status = 'suspended', reason = $3, suspended_at = now(), suspension_cause = $4,
           suspension_percent = $5, suspension_limit = $6, updated_at = now()`,
    [workerId, type, reason, cause, percent, limit],
  )
}

/**
 * Opens the type for real work: after the training, after retraining, or by a moderator. The worker's counters
 * as they stand now are kept, and their standing is judged on what comes after (reviewStanding).
 */
export async function admit(tx: Queryable, workerId: string, type: string) {
  await tx.query(
    `INSERT INTO worker_skills (worker_id, type, status, base_answered, base_gold_correct, base_gold_wrong,
                                base_reported_bad)
     SELECT $1, $2, 'active', coalesce(sum(answered), 0), coalesce(sum(gold_correct), 0),
            coalesce(sum(gold_wrong), 0), coalesce(sum(reported_bad), 0)
       FROM worker_accuracy WHERE worker_id = $1 AND type = $2
     ON CONFLICT (worker_id, type) DO UPDATE
       SET status = 'active', reason = NULL, suspended_at = NULL, suspension_cause = NULL,
           suspension_percent = NULL, suspension_limit = NULL,
           reinstated_at = CASE WHEN worker_skills.status = 'suspended' THEN now() ELSE worker_skills.reinstated_at END,
           base_answered = excluded.base_answered, base_gold_correct = excluded.base_gold_correct,
           base_gold_wrong = excluded.base_gold_wrong, base_reported_bad = excluded.base_reported_bad,
           updated_at = now()`,
    [workerId, type],
  )
}

/**
 * A moderator sends the worker back to training for the type: no real work of it until they pass its training
 * again, on answers given from now on (`suspended_at` marks since when, as for a suspension).
 */
export async function sendToTraining(tx: Queryable, workerId: string, type: string, reason: string | null) {
  await tx.query(
    `INSERT INTO worker_skills (worker_id, type, status, reason, suspended_at) VALUES ($1, $2, 'training', $3, now())
     ON CONFLICT (worker_id, type) DO UPDATE
       SET status = 'training', reason = $3, suspended_at = now(), suspension_cause = NULL,
           suspension_percent = NULL, suspension_limit = NULL, updated_at = now()`,
    [workerId, type, reason],
  )
}

/** Sets the standing outright (demo data): active opens the type as `admit` does. */
export async function setStatus(
  tx: Queryable,
  workerId: string,
  type: string,
  status: SkillStatus,
  reason: string | null,
) {
  if (status === "active") return admit(tx, workerId, type)
  if (status === "suspended") return suspend(tx, workerId, type, { cause: "moderator", reason })
  await tx.query(
    `INSERT INTO worker_skills (worker_id, type, status, reason) VALUES ($1, $2, $3, $4)
     ON CONFLICT (worker_id, type) DO UPDATE SET status = $3, reason = $4, updated_at = now()`,
    [workerId, type, status, reason],
  )
}

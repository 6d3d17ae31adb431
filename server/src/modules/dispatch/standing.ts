import type { SkillStatus } from "@manyhands/contract/worker"
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

/** The worker's standing in a type, made on first use: training when training tasks exist, else active. */
export async function skillStatus(tx: Queryable, workerId: string, type: string): Promise<SkillStatus> {
  const { rows } = await tx.query<{ status: SkillStatus }>(
    "SELECT status FROM worker_skills WHERE worker_id = $1 AND type = $2",
    [workerId, type],
  )
  return rows[0]?.status ?? "training"
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
  await tx.query(
    `INSERT INTO worker_accuracy (worker_id, type, language, ${field}) VALUES ($1, $2, $3, 1)
     ON CONFLICT (worker_id, type, language) DO UPDATE SET ${field} = worker_accuracy.${field} + 1`,
    [workerId, type, language ?? ""],
  )
}

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

/** The worker's last training answers per type (all types, or the ones given). */
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
              WHERE a.worker_id = $1 AND g.training AND a.state = 'answered'
                AND ($2::text[] IS NULL OR g.type = ANY($2))) latest
      WHERE n <= $3 GROUP BY type`,
    [workerId, types ?? null, TRAINING_ANSWERS],
  )
  return new Map(rows.map((row) => [row.type, { answered: row.answered, correct: row.correct }]))
}

/**
 * Looks at the worker's record in a type after a gold answer or a report: training passed → active; accuracy
 * on gold tasks or customers' reports below the bar → suspended, with the reason the worker is shown.
 */
export async function reviewStanding(tx: Queryable, workerId: string, type: string) {
  const status = await skillStatus(tx, workerId, type)
  if (status === "training") {
    const record = (await trainingRecords(tx, workerId, [type])).get(type)
    if (record && passedTraining(record)) await setStatus(tx, workerId, type, "active", null)
    return
  }
  if (status === "suspended") return
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
  const record = rows[0]!
  const gold = record.gold_correct + record.gold_wrong
  if (gold >= GOLD_MIN_ANSWERS && record.gold_correct / gold < GOLD_MIN_ACCURACY) {
    const percent = Math.round((100 * record.gold_correct) / gold)
    await setStatus(
      tx,
      workerId,
      type,
      "suspended",
      `Accuracy on check tasks is ${percent} %, below the 70 % needed.`,
    )
  } else if (record.bad >= REPORTS_MIN && record.bad / Math.max(record.answered, 1) > REPORTS_MAX_SHARE) {
    const percent = Math.round((100 * record.bad) / Math.max(record.answered, 1))
    await setStatus(
      tx,
      workerId,
      type,
      "suspended",
      `Customers reported ${percent} % of your answers as wrong; at most 20 % is allowed.`,
    )
  }
}

export async function setStatus(
  tx: Queryable,
  workerId: string,
  type: string,
  status: SkillStatus,
  reason: string | null,
) {
  await tx.query(
    `INSERT INTO worker_skills (worker_id, type, status, reason) VALUES ($1, $2, $3, $4)
     ON CONFLICT (worker_id, type) DO UPDATE SET status = $3, reason = $4, updated_at = now()`,
    [workerId, type, status, reason],
  )
}

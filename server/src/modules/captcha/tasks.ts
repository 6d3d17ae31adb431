import type { Queryable } from "../../db/database"
import type { Currency } from "../ledger/ledger"
import { classicAnswer } from "./answers"
import { queuePingback } from "./pingback"
import { releaseTaskHold, type TaskMoney } from "./settlement"

/** A task as stored; bigint ids travel as strings. */
export interface TaskRow {
  id: string
  customer_id: string
  type: string
  kind: "image" | "token"
  params: Record<string, unknown>
  language: string | null
  api: "classic" | "v2"
  state: "open" | "solved" | "unsolvable"
  wanted: number
  agree_needed: number
  max_answers: number
  currency: Currency
  price_per_answer: string
  /** Fixed at creation (migration 0034); null on older tasks: the type's share of the price. */
  worker_pay_per_answer: string | null
  hold_key: string
  charged: string
  solution: Record<string, unknown> | null
  error_code: string | null
  solve_count: number
  pingback_url: string | null
  client_ip: string | null
  created_at: Date | string
  deadline_at: Date | string
  ended_at: Date | string | null
  report: "good" | "bad" | null
  reported_at: Date | string | null
}

export const TASK_COLUMNS = `id::text, customer_id::text, type, kind, params, language, api, state, wanted, agree_needed,
  max_answers, currency, price_per_answer::text, worker_pay_per_answer::text, hold_key, charged::text, solution, error_code, solve_count,
  pingback_url, client_ip, created_at, deadline_at, ended_at, report, reported_at`

export const taskMoney = (row: TaskRow): TaskMoney => ({
  id: row.id,
  customerId: row.customer_id,
  currency: row.currency,
  pricePerAnswer: Number(row.price_per_answer),
  workerPayPerAnswer: row.worker_pay_per_answer === null ? null : Number(row.worker_pay_per_answer),
  holdKey: row.hold_key,
})

/** The task, locked for the rest of the transaction. */
export async function lockTask(tx: Queryable, id: string): Promise<TaskRow | undefined> {
  const { rows } = await tx.query<TaskRow>(
    `SELECT ${TASK_COLUMNS} FROM captcha_tasks WHERE id = $1 FOR UPDATE`,
    [id],
  )
  return rows[0]
}

/**
 * Ends an open task without an answer (deadline passed, workers could not solve it, or no agreement): the
 * hold is released, active assignments end, and the pingback carries the error. Returns false when the task
 * had already ended.
 */
export async function endUnsolved(tx: Queryable, task: TaskRow, code: string): Promise<boolean> {
  // One statement: the task ends, and only then (the second part reads the first's row) its active assignments.
  const { rows } = await tx.query(
    `WITH ended AS (
       UPDATE captcha_tasks SET state = 'unsolvable', error_code = $2, wanted = 0, ended_at = now()
        WHERE id = $1 AND state = 'open' RETURNING id),
     leases AS (
       UPDATE task_assignments SET state = 'expired'
        WHERE task_id IN (SELECT id FROM ended) AND state = 'active')
     SELECT id FROM ended`,
    [task.id, code],
  )
  if (rows.length === 0) return false
  await releaseTaskHold(tx, taskMoney(task))
  if (task.pingback_url) await queuePingback(tx, task.id, task.pingback_url, code)
  return true
}

/** Marks an open task solved with its final solution; the caller charges and pays in the same transaction. */
export async function markSolved(
  tx: Queryable,
  task: TaskRow,
  {
    solution,
    solvedBy,
    charged,
    earned,
  }: { solution: Record<string, unknown>; solvedBy: string; charged: number; earned: number },
) {
  // One statement: the task solved, its other active assignments ended, and what each answer earned recorded.
  await tx.query(
    `WITH leases AS (UPDATE task_assignments SET state = 'expired' WHERE task_id = $1 AND state = 'active'),
     earned AS (UPDATE task_assignments SET earned = $5 WHERE task_id = $1 AND state = 'answered')
     UPDATE captcha_tasks SET state = 'solved', solution = $2, solved_by = $3, charged = $4, wanted = 0,
            ended_at = now()
      WHERE id = $1`,
    [task.id, JSON.stringify(solution), solvedBy, charged, earned],
  )
  if (task.pingback_url)
    await queuePingback(tx, task.id, task.pingback_url, classicAnswer(task.type, task.params, solution).text)
}

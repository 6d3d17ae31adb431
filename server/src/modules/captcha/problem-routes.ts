import type { FastifyInstance, FastifyRequest } from "fastify"
import type { PageQuery } from "@manyhands/contract"
import {
  captchaSettingsApi,
  type ComplaintItem,
  type Currency,
  type ImpossibleItem,
  type NotCaptchaItem,
  type PingbackLogItem,
  type ReceivingErrorItem,
  type TaskState,
} from "@manyhands/contract/captcha"
import type { Database } from "../../db/database"
import { api, routeOf } from "../../http/routes"
import { requireCustomer } from "./access"
import { classicAnswer } from "./answers"
import { errorDescription } from "./error-descriptions"
import type { PingbackAttempt } from "./pingback"
import { RECEIVING_ERROR_DAYS } from "./receiving-errors"

/*
 * The customer's problem lists (CAPTCHA-API.md, "Settings and problem lists"; `captchaSettingsApi` of
 * @manyhands/contract/captcha): tasks that ended unsolvable, the API's errors to their key, their
 * reports, tasks workers marked "not a captcha", and every pingback delivery attempt. Each is a page of
 * `?page` (from 1) and `?pageSize` (1–100, 20 by default), newest first, for customer and developer accounts.
 */

const iso = (value: Date | string) => new Date(value).toISOString()

/** Whether the task has a picture to show (its first image file; audio tasks have none). */
const HAS_IMAGE = `EXISTS (SELECT 1 FROM captcha_task_files f WHERE f.task_id = t.id AND f.mime LIKE 'image/%')`

type Lister<T> = (userId: string, limit: number, offset: number) => Promise<{ items: T[]; total: number }>

// ---------------------------------------------------------------------------------------------------------
// Impossible tasks

interface ImpossibleRow {
  id: string
  type: string
  error_code: string
  created_at: Date | string
  ended_at: Date | string
  deadline_at: Date | string
  offered: number
  skipped: number
  not_a_captcha: number
  has_image: boolean
}

/**
 * Why a task ended unsolvable: ERROR_BAD_DUPLICATES is always a failed agreement; a task that ended before
 * its deadline without it was ended by workers' "not a captcha" marks; anything else ran out of time.
 */
function impossibleReason(row: ImpossibleRow): "deadline" | "no_agreement" | "not_a_captcha" {
  if (row.error_code === "ERROR_BAD_DUPLICATES") return "no_agreement"
  if (row.not_a_captcha > 0 && new Date(row.ended_at) < new Date(row.deadline_at)) return "not_a_captcha"
  return "deadline"
}

const listImpossible =
  (db: Database): Lister<ImpossibleItem> =>
  async (userId, limit, offset) => {
    const { rows } = await db.query<ImpossibleRow>(
      `SELECT t.id::text, t.type, coalesce(t.error_code, 'ERROR_CAPTCHA_UNSOLVABLE') AS error_code, t.created_at,
              coalesce(t.ended_at, t.deadline_at) AS ended_at, t.deadline_at, a.offered, a.skipped,
              a.not_a_captcha, ${HAS_IMAGE} AS has_image
         FROM captcha_tasks t
        CROSS JOIN LATERAL (
              SELECT count(*)::int AS offered,
                     count(*) FILTER (WHERE state = 'skipped')::int AS skipped,
                     count(*) FILTER (WHERE state = 'not_a_captcha')::int AS not_a_captcha
                FROM task_assignments WHERE task_id = t.id) a
        WHERE t.customer_id = $1 AND t.state = 'unsolvable'
        ORDER BY t.id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    )
    const total = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM captcha_tasks WHERE customer_id = $1 AND state = 'unsolvable'",
      [userId],
    )
    return {
      total: total.rows[0]!.n,
      items: rows.map((row) => ({
        id: row.id,
        type: row.type,
        errorCode: row.error_code,
        createdAt: iso(row.created_at),
        endedAt: iso(row.ended_at),
        reason: impossibleReason(row),
        offered: row.offered,
        skipped: row.skipped,
        notACaptcha: row.not_a_captcha,
        hasImage: row.has_image,
      })),
    }
  }

// ---------------------------------------------------------------------------------------------------------
// Receiving errors

const listErrors =
  (db: Database): Lister<ReceivingErrorItem> =>
  async (userId, limit, offset) => {
    const { rows } = await db.query<{
      id: string
      at: Date | string
      endpoint: string
      code: string
      ip: string | null
    }>(
      `SELECT id::text, at, endpoint, code, ip FROM captcha_receiving_errors
        WHERE user_id = $1 AND at >= now() - make_interval(days => $4)
        ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset, RECEIVING_ERROR_DAYS],
    )
    const total = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM captcha_receiving_errors
        WHERE user_id = $1 AND at >= now() - make_interval(days => $2)`,
      [userId, RECEIVING_ERROR_DAYS],
    )
    return {
      total: total.rows[0]!.n,
      items: rows.map((row) => ({
        id: row.id,
        at: iso(row.at),
        endpoint: row.endpoint,
        code: row.code,
        description: errorDescription(row.code),
        ip: row.ip,
      })),
    }
  }

// ---------------------------------------------------------------------------------------------------------
// Complaints (reportgood / reportbad)

/** The answer as res.php gives it; null when there is none (or it cannot be written). */
function answerText(type: string, params: Record<string, unknown>, solution: Record<string, unknown> | null) {
  if (!solution) return null
  try {
    return classicAnswer(type, params, solution).text
  } catch {
    return null
  }
}

const listComplaints =
  (db: Database): Lister<ComplaintItem> =>
  async (userId, limit, offset) => {
    const { rows } = await db.query<{
      id: string
      type: string
      report: "good" | "bad"
      reported_at: Date | string
      params: Record<string, unknown>
      solution: Record<string, unknown> | null
      charged: string
      refunded: boolean
      currency: Currency
    }>(
      `SELECT id::text, type, report, reported_at, params, solution,
              charged::text, refunded, currency
         FROM captcha_tasks WHERE customer_id = $1 AND report IS NOT NULL
        ORDER BY reported_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    )
    const total = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM captcha_tasks WHERE customer_id = $1 AND report IS NOT NULL",
      [userId],
    )
    return {
      total: total.rows[0]!.n,
      items: rows.map((row) => ({
        taskId: row.id,
        type: row.type,
        verdict: row.report,
        reportedAt: iso(row.reported_at),
        answer: answerText(row.type, row.params, row.solution),
        outcome: row.refunded ? "refunded" : "recorded",
        refund: row.refunded ? Number(row.charged) : 0,
        currency: row.currency,
      })),
    }
  }

// ---------------------------------------------------------------------------------------------------------
// Not a captcha

const listNotCaptcha =
  (db: Database): Lister<NotCaptchaItem> =>
  async (userId, limit, offset) => {
    // The marks are few among all assignments: their partial index is walked, then the customer's tasks.
    const { rows } = await db.query<{
      id: string
      type: string
      created_at: Date | string
      state: TaskState
      marks: number
      has_image: boolean
    }>(
      `SELECT t.id::text, t.type, t.created_at, t.state, m.marks, ${HAS_IMAGE} AS has_image
         FROM (SELECT task_id, count(*)::int AS marks FROM task_assignments
                WHERE state = 'not_a_captcha' AND task_id IS NOT NULL GROUP BY task_id) m
         JOIN captcha_tasks t ON t.id = m.task_id
        WHERE t.customer_id = $1
        ORDER BY t.id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    )
    const total = await db.query<{ n: number }>(
      `SELECT count(DISTINCT a.task_id)::int AS n FROM task_assignments a
         JOIN captcha_tasks t ON t.id = a.task_id
        WHERE a.state = 'not_a_captcha' AND t.customer_id = $1`,
      [userId],
    )
    return {
      total: total.rows[0]!.n,
      items: rows.map((row) => ({
        id: row.id,
        type: row.type,
        createdAt: iso(row.created_at),
        state: row.state,
        marks: row.marks,
        hasImage: row.has_image,
      })),
    }
  }

// ---------------------------------------------------------------------------------------------------------
// Pingback delivery attempts

const listPingbackAttempts =
  (db: Database): Lister<PingbackLogItem> =>
  async (userId, limit, offset) => {
    const { rows } = await db.query<{
      task_id: string
      url: string
      state: "pending" | "delivered" | "failed"
      entry: Partial<PingbackAttempt>
    }>(
      `SELECT d.task_id::text, d.url, d.state, e.entry
         FROM captcha_tasks t
         JOIN pingback_deliveries d ON d.task_id = t.id
        CROSS JOIN LATERAL jsonb_array_elements(d.log) WITH ORDINALITY AS e(entry, n)
        WHERE t.customer_id = $1 AND t.pingback_url IS NOT NULL
        ORDER BY e.entry ->> 'at' DESC, d.id DESC, e.n DESC
        LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    )
    const total = await db.query<{ n: number }>(
      `SELECT coalesce(sum(jsonb_array_length(d.log)), 0)::int AS n
         FROM captcha_tasks t JOIN pingback_deliveries d ON d.task_id = t.id
        WHERE t.customer_id = $1 AND t.pingback_url IS NOT NULL`,
      [userId],
    )
    return {
      total: total.rows[0]!.n,
      items: rows.map(({ task_id, url, state, entry }) => ({
        taskId: task_id,
        url,
        at: entry.at ?? "",
        status: typeof entry.status === "number" ? entry.status : null,
        durationMs: typeof entry.durationMs === "number" ? Math.round(entry.durationMs) : 0,
        error: typeof entry.error === "string" ? entry.error : null,
        delivery: state,
      })),
    }
  }

// ---------------------------------------------------------------------------------------------------------
// Routes

/** GET /api/v2/captcha/{impossible,errors,complaints,not-captcha,pingback-log}: pages of each list, newest first. */
export async function problemRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = api(fastify)
  /** The page the query asks for of the signed-in customer's list. */
  const pageOf = async <T>(request: FastifyRequest, list: Lister<T>, { page, pageSize }: PageQuery) => {
    const user = requireCustomer(request)
    const { items, total } = await list(user.id, pageSize, (page - 1) * pageSize)
    return { items, total, page, pageSize }
  }

  const impossible = listImpossible(db)
  app.route({
    ...routeOf(captchaSettingsApi.impossible),
    handler: (request) => pageOf(request, impossible, request.query),
  })
  const errors = listErrors(db)
  app.route({
    ...routeOf(captchaSettingsApi.errors),
    handler: (request) => pageOf(request, errors, request.query),
  })
  const complaints = listComplaints(db)
  app.route({
    ...routeOf(captchaSettingsApi.complaints),
    handler: (request) => pageOf(request, complaints, request.query),
  })
  const notCaptcha = listNotCaptcha(db)
  app.route({
    ...routeOf(captchaSettingsApi.notCaptcha),
    handler: (request) => pageOf(request, notCaptcha, request.query),
  })
  const attempts = listPingbackAttempts(db)
  app.route({
    ...routeOf(captchaSettingsApi.pingbackLog),
    handler: (request) => pageOf(request, attempts, request.query),
  })
}

import type { FastifyRequest } from "fastify"
import type { Currency, TaskState, TaskSummary } from "@manyhands/contract/captcha"
import type { Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import { isoTime } from "../../lib/dates"
import { requireCustomer } from "./access"
import { classicAnswer } from "./answers"
import { REPORT_WINDOW_MS } from "./engine"

/*
 * What the customer area's routes share (customer-area-routes.ts): the signed-in customer with their time zone
 * and currency, today in that time zone, and tasks as the lists show them (TaskSummary of
 * @manyhands/contract/captcha). Generic day helpers are in src/lib/dates.ts.
 */

/** The signed-in customer as the customer area needs them. */
export interface Customer {
  id: string
  currency: Currency
  /** An IANA name the database knows ("UTC" when the stored one is unknown to it). */
  timeZone: string
  apiKey: { hint: string | null; createdAt: string | null }
}

/** Seconds to one decimal (12.34 → 12.3); null stays null. */
export const tenths = (seconds: number | string | null) =>
  seconds === null ? null : Math.round(Number(seconds) * 10) / 10

// ---------------------------------------------------------------------------------------------------------
// Who may call

const zones = new Map<string, string>()

/**
 * The user's time zone if the database knows it, else UTC. Names are checked with Intl when stored; the
 * database's own list may lag behind, and one unknown name must not break every query of the area.
 */
async function usableTimeZone(db: Queryable, name: string): Promise<string> {
  const known = zones.get(name)
  if (known) return known
  let usable = "UTC"
  try {
    await db.query("SELECT now() AT TIME ZONE $1", [name])
    usable = name
  } catch {
    // An unknown name: UTC, as for new accounts.
  }
  if (zones.size >= 1000) zones.clear()
  zones.set(name, usable)
  return usable
}

export async function signedInCustomer(db: Queryable, request: FastifyRequest): Promise<Customer> {
  const user = requireCustomer(request)
  const { rows } = await db.query<{
    currency: Currency
    timezone: string
    hint: string | null
    key_created_at: Date | string | null
  }>(
    `SELECT currency, timezone, api_key_hint AS hint, api_key_created_at AS key_created_at
       FROM users WHERE id = $1`,
    [user.id],
  )
  const row = rows[0]
  if (!row) throw new HttpError(400, "ERROR_EMPTY_USER", "The account of this session no longer exists.")
  return {
    id: user.id,
    currency: row.currency,
    timeZone: await usableTimeZone(db, row.timezone),
    apiKey: { hint: row.hint, createdAt: isoTime(row.key_created_at) },
  }
}

// ---------------------------------------------------------------------------------------------------------
// Days (YYYY-MM-DD) in the customer's time zone

/** Today in the customer's time zone, by the database's clock. */
export async function today(db: Queryable, customer: Customer): Promise<string> {
  const { rows } = await db.query<{ day: string }>(
    "SELECT to_char(now() AT TIME ZONE $1, 'YYYY-MM-DD') AS day",
    [customer.timeZone],
  )
  return rows[0]!.day
}

// ---------------------------------------------------------------------------------------------------------
// Tasks as lists show them

/**
 * The task's picture: its first image file, the captcha itself before instruction images. Shared by the
 * image route and `hasImage`, so that a task said to have a picture always has one.
 */
export const PICTURE_ORDER = `CASE f.name WHEN 'body' THEN 0 WHEN 'image' THEN 1 WHEN 'background' THEN 2
  WHEN 'images.0' THEN 3 WHEN 'imgInstructions' THEN 5 ELSE 4 END, f.name`
const HAS_PICTURE = `EXISTS (SELECT 1 FROM captcha_task_files f WHERE f.task_id = t.id AND f.mime LIKE 'image/%')`

/** The columns of TaskRow from `captcha_tasks t`. */
export const SUMMARY_COLUMNS = `t.id::text, t.type, t.params, t.state, t.charged::text, t.currency, t.solution,
  t.error_code, t.created_at, t.ended_at, t.report, t.refunded, t.agree_needed,
  extract(epoch FROM t.ended_at - t.created_at)::float8 AS solve_seconds, ${HAS_PICTURE} AS has_image`

export interface SummaryRow {
  id: string
  type: string
  params: Record<string, unknown>
  state: TaskState
  charged: string
  currency: Currency
  solution: Record<string, unknown> | null
  error_code: string | null
  created_at: Date | string
  ended_at: Date | string | null
  report: "good" | "bad" | null
  refunded: boolean
  agree_needed: number
  solve_seconds: number | null
  has_image: boolean
}

/** What follows "OK|" in res.php for a solved task; null otherwise. */
export function classicAnswerText(row: Pick<SummaryRow, "state" | "type" | "params" | "solution">) {
  if (row.state !== "solved" || !row.solution) return null
  try {
    return classicAnswer(row.type, row.params, row.solution).text
  } catch {
    return null // a solution stored in a shape the type no longer has
  }
}

/** Micro-units the task costs the customer now: 0 until solved, and after a refund. */
export const costOf = (row: Pick<SummaryRow, "charged" | "refunded">) =>
  row.refunded ? 0 : Number(row.charged)

/**
 * Until when the engine takes a report of the task (CaptchaEngine.report: solved, not reported, one answer
 * needed, 15 minutes from submission), as ISO 8601; null when it would refuse one now. A hint for screens: the
 * engine decides when the report comes.
 */
export function reportableUntil(
  row: Pick<SummaryRow, "state" | "report" | "agree_needed" | "created_at">,
  now = Date.now(),
): string | null {
  if (row.state !== "solved" || row.report !== null || row.agree_needed > 1) return null
  const until = new Date(row.created_at).getTime() + REPORT_WINDOW_MS
  return now <= until ? new Date(until).toISOString() : null
}

export function taskSummary(row: SummaryRow): TaskSummary {
  return {
    id: row.id,
    type: row.type,
    state: row.state,
    cost: costOf(row),
    currency: row.currency,
    answer: classicAnswerText(row),
    errorCode: row.state === "unsolvable" ? (row.error_code ?? "ERROR_CAPTCHA_UNSOLVABLE") : null,
    createdAt: isoTime(row.created_at)!,
    endedAt: isoTime(row.ended_at),
    solveSeconds: tenths(row.solve_seconds),
    report: row.report,
    refunded: row.refunded,
    reportableUntil: reportableUntil(row),
    hasImage: row.has_image,
  }
}

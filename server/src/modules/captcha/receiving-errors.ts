import type { Queryable } from "../../db/database"

/*
 * "Receiving errors": what the customer API answered with an error to a known customer's key (in.php, res.php
 * and API v2), so that the customer can see why their software was refused. One INSERT per error, on the
 * error path only; rows older than 30 days are deleted by the engine's sweep and never shown.
 */

export const RECEIVING_ERROR_DAYS = 30

export interface ReceivingError {
  userId: string
  /** in.php, res.php, createTask, getTaskResult … */
  endpoint: string
  code: string
  ip: string | null
}

export async function recordReceivingError(db: Queryable, error: ReceivingError): Promise<void> {
  await db.query(
    "INSERT INTO captcha_receiving_errors (user_id, endpoint, code, ip) VALUES ($1, $2, $3, $4)",
    [
      error.userId,
      error.endpoint.slice(0, 64),
      error.code.slice(0, 100),
      error.ip?.replace(/^::ffff:/, "").slice(0, 64) ?? null,
    ],
  )
}

/** Deletes the rows older than 30 days; returns how many went. */
export async function purgeReceivingErrors(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM captcha_receiving_errors WHERE at < now() - make_interval(days => $1) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [RECEIVING_ERROR_DAYS],
  )
  return rows[0]!.n
}

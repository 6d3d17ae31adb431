/**
 * Bans of accounts (issue 24, migration 0035): what sign-in asks before it lets someone in. The API key's lookup
 * reads users.banned_until itself (captcha/engine.ts, dispatch/worker-routes.ts).
 */
import type { Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"

/** The refusal of a banned account's sign-in, with when the ban ends (null: until an administrator lifts it). */
export function accountSuspended(until: string | null): HttpError {
  const message = until
    ? `This account is suspended until ${until}. Write to support if you think this is a mistake.`
    : "This account is suspended. Write to support if you think this is a mistake."
  return new HttpError(403, "ACCOUNT_SUSPENDED", message)
}

/** Refuses (403 ACCOUNT_SUSPENDED) when an administrator's ban of the account is in force. */
export async function refuseIfBanned(db: Queryable, userId: string): Promise<void> {
  const { rows } = await db.query<{ until: string | null }>(
    `SELECT CASE WHEN banned_until = 'infinity' THEN NULL
                 ELSE to_char(banned_until AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"') END AS until
       FROM users WHERE id = $1 AND banned_until > now()`,
    [userId],
  )
  if (rows[0]) throw accountSuspended(rows[0].until)
}

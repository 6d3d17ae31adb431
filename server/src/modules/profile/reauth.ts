import type { CurrentUser } from "@manyhands/contract/accounts"
import type { Queryable } from "../../db/database"
import type { LimitStore } from "../limits/store"
import { HttpError } from "../../http/errors"
import { PASSWORD_MESSAGES, passwordProblem, verifyPassword } from "../accounts/passwords"
import { enforceLimit, LIMITS } from "../accounts/rate-limits"

/**
 * Re-authentication before a sensitive change (ASVS 6.x, 7.5.1): the attempt is counted first, so the
 * 11th within the window is refused before any password is hashed.
 */
export async function reauthenticate(
  { db, limits }: { db: Queryable; limits: LimitStore },
  user: CurrentUser,
  password: string,
  field: "password" | "currentPassword" = "password",
): Promise<void> {
  await countReauth(limits, user.id)
  const { rows } = await db.query<{ password_hash: string }>(
    "SELECT password_hash FROM users WHERE id = $1",
    [user.id],
  )
  if (!(await verifyPassword(rows[0]?.password_hash, password))) {
    throw new HttpError(400, "PASSWORD_WRONG", "This is not your current password.", [
      { field, message: "This is not your current password." },
    ])
  }
}

/** One attempt against the account's re-authentication limit (password or second-factor code). */
export const countReauth = (limits: LimitStore, userId: string) =>
  enforceLimit(limits, `reauth:${userId}`, LIMITS.reauthAccount)

/** Refuses a new password that is too short, too long or too common. */
export function checkNewPassword(password: string, email: string, field = "newPassword"): void {
  const problem = passwordProblem(password, email)
  if (problem) {
    throw new HttpError(400, problem, PASSWORD_MESSAGES[problem], [
      { field, message: PASSWORD_MESSAGES[problem] },
    ])
  }
}

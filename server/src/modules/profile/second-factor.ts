import type { Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
// Renamed: a "use…" name looks like a React hook to the linter.
import { useRecoveryCode as spendRecoveryCode } from "../accounts/recovery-codes"
import { verifyTotp } from "../accounts/totp"

export interface TotpState {
  secret: string | null
  enabledAt: Date | string | null
}

export async function loadTotpState(db: Queryable, userId: string): Promise<TotpState> {
  const { rows } = await db.query<{ secret: string | null; enabled_at: Date | string | null }>(
    "SELECT totp_secret AS secret, totp_enabled_at AS enabled_at FROM users WHERE id = $1",
    [userId],
  )
  return { secret: rows[0]?.secret ?? null, enabledAt: rows[0]?.enabled_at ?? null }
}

export const codeInvalid = () =>
  new HttpError(400, "TWO_FACTOR_CODE_INVALID", "This code is wrong or was already used.", [
    { field: "code", message: "This code is wrong or was already used." },
  ])

/**
 * Checks and spends a second-factor code of a user with 2FA on: a TOTP code (each step once) or an
 * unused recovery code. The caller has already counted the attempt against the re-authentication limit.
 */
export async function requireSecondFactor(
  db: Queryable,
  userId: string,
  secret: string,
  code: string | undefined,
): Promise<void> {
  const clean = (code ?? "").replace(/\s/g, "")
  const valid = /^[0-9]{6}$/.test(clean)
    ? await verifyTotp(db, userId, secret, clean)
    : clean !== "" && (await spendRecoveryCode(db, userId, clean))
  if (!valid) throw codeInvalid()
}

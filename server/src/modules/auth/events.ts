import type { FastifyRequest } from "fastify"
import type { Queryable } from "../../db/database"

/** Sign-in, mail-link and security-setting events of an account, as stored in auth_events.kind. */
export type AuthEvent =
  | "registered"
  | "email_confirmed"
  | "login_success"
  | "login_failure"
  | "login_unconfirmed"
  | "account_locked"
  | "account_unlocked"
  | "two_factor_challenge"
  | "two_factor_failure"
  | "two_factor_locked"
  | "recovery_code_used"
  | "logout"
  | "password_reset_requested"
  | "password_reset"
  | "email_changed"
  | "email_change_cancelled"
  | "email_change_undone"
  | "wallet_changed"
  | "wallet_change_cancelled"
  | "password_changed"
  | "email_change_requested"
  | "wallet_change_requested"
  | "sessions_ended"
  | "two_factor_setup_started"
  | "two_factor_enabled"
  | "two_factor_disabled"
  | "recovery_codes_created"
  | "api_key_created"
  | "roles_changed"
  | "account_deleted"

/**
 * Keeps the event for the account owner and the audit (ASVS 16.3.1), with where it came from, and logs
 * it. Never given passwords, codes or tokens. userId null: no account has the address tried. keepRow false
 * stores the row without the user (it outlives a deleted account; the users foreign key cascades).
 */
export async function recordAuthEvent(
  db: Queryable,
  request: FastifyRequest,
  userId: string | null,
  event: AuthEvent,
  { keepRow = true }: { keepRow?: boolean } = {},
): Promise<void> {
  request.log.info({ authEvent: event, userId, ip: request.ip }, "auth event")
  await db.query("INSERT INTO auth_events (user_id, kind, ip, user_agent) VALUES ($1, $2, $3, $4)", [
    keepRow ? userId : null,
    event,
    request.ip,
    request.headers["user-agent"]?.slice(0, 500) ?? null,
  ])
}

/**
 * The operations console's users (issue 24): search, a user's page and the administrators' actions on an account.
 * Each action runs in one transaction with the user's row locked and its staff_audit row (audit.ts); a balance
 * adjustment is one ledger transfer (ledger.ts) in that transaction, keyed by the administrator's idempotency key.
 */
import { createHash } from "node:crypto"
import { isIP } from "node:net"
import type { Currency } from "@manyhands/contract"
import type {
  AdjustableAccount,
  IdentityCheck,
  OpsOverview,
  UserBan,
  UserDetail,
  UserMatch,
  UserSummary,
} from "@manyhands/contract/ops-users"
import type { Page } from "@manyhands/contract"
import type { Database, Queryable } from "../../db/database"
import { accountBalance, ledgerAccount, LedgerError, transfer } from "../ledger/ledger"
import { recordStaffAction, type StaffActor } from "./audit"

export class OpsUserError extends Error {
  constructor(
    readonly code:
      | "USER_NOT_FOUND"
      | "OWN_ACCOUNT"
      | "OWN_ADMIN_ROLE"
      | "ALREADY_BANNED"
      | "NOT_BANNED"
      | "EXPIRY_IN_PAST"
      | "TWO_FACTOR_NOT_ENABLED"
      | "EXCEEDS_BALANCE"
      | "IDEMPOTENCY_KEY_REUSED",
    message: string,
    readonly field?: string,
  ) {
    super(message)
    this.name = "OpsUserError"
  }
}

export const OPS_USER_STATUS: Record<OpsUserError["code"], number> = {
  USER_NOT_FOUND: 404,
  OWN_ACCOUNT: 409,
  OWN_ADMIN_ROLE: 409,
  ALREADY_BANNED: 409,
  NOT_BANNED: 409,
  EXPIRY_IN_PAST: 400,
  TWO_FACTOR_NOT_ENABLED: 409,
  EXCEEDS_BALANCE: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
}

const iso = (value: Date | string) => new Date(value).toISOString()
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value))

interface SummaryRow {
  id: string
  email: string
  display_name: string | null
  user_type: UserSummary["userType"]
  roles: UserSummary["roles"]
  created_at: Date | string
  last_login_at: Date | string | null
  banned_until: Date | string | null
  banned_forever: boolean
  api_key_prefix: string | null
  matched_by?: UserMatch | null
}

const SUMMARY_COLUMNS = `u.id::text AS id, u.email, u.display_name, u.user_type, u.roles, u.created_at,
  u.last_login_at, CASE WHEN u.banned_until > now() AND u.banned_until <> 'infinity' THEN u.banned_until END
  AS banned_until, coalesce(u.banned_until = 'infinity', false) AS banned_forever, u.api_key_prefix`

const summaryOf = (row: SummaryRow): UserSummary => ({
  id: row.id,
  email: row.email,
  displayName: row.display_name,
  userType: row.user_type,
  roles: row.roles,
  createdAt: iso(row.created_at),
  lastLoginAt: isoOrNull(row.last_login_at),
  bannedUntil: isoOrNull(row.banned_until),
  bannedForever: row.banned_forever,
  apiKeyPrefix: row.api_key_prefix,
  matchedBy: row.matched_by ?? null,
})

/** What a search text can be: an id, an address, the start of an API key, a part of an e-mail. */
export function searchTerms(text: string) {
  const q = text.trim().toLowerCase()
  const id = /^[1-9][0-9]{0,17}$/.test(q) ? q : null
  const ip = isIP(q) ? q : null
  const hex = /^[0-9a-f]{4,32}$/.test(q) ? q : null
  return {
    q,
    id,
    ip,
    keyPrefix: hex ? hex.slice(0, 8) : null,
    // A whole key is found by its hash, as the API finds it.
    keyHash: hex && hex.length === 32 ? createHash("sha256").update(hex).digest() : null,
    email: q === "" || ip ? null : q,
  }
}

/** Accounts matching the text, newest first, each with what it matched; every account without a text. */
export async function searchUsers(
  db: Queryable,
  text: string,
  page: number,
  pageSize: number,
): Promise<Page<UserSummary>> {
  const terms = searchTerms(text)
  const params = [
    terms.q === "",
    terms.id,
    terms.keyPrefix,
    terms.keyHash,
    terms.ip,
    terms.email,
    pageSize,
    (page - 1) * pageSize,
  ]
  const { rows } = await db.query<SummaryRow & { total: string }>(
    `WITH matches AS (
       SELECT id, 'id' AS how, 1 AS rank FROM users WHERE $2::bigint IS NOT NULL AND id = $2::bigint
       UNION ALL
       SELECT id, 'apiKeyPrefix', 2 FROM users
        WHERE $3::text IS NOT NULL AND (api_key_prefix LIKE $3::text || '%' OR api_key_hash = $4::bytea)
       UNION ALL
       SELECT user_id, 'ip', 3 FROM sessions
        WHERE $5::text IS NOT NULL AND (ip = $5::text OR ip = '::ffff:' || $5::text)
       UNION ALL
       SELECT user_id, 'ip', 3 FROM auth_events
        WHERE $5::text IS NOT NULL AND (ip = $5::text OR ip = '::ffff:' || $5::text)
       UNION ALL
       SELECT id, 'email', 4 FROM users WHERE $6::text IS NOT NULL AND position($6::text IN email) > 0
       UNION ALL
       SELECT id, NULL, 5 FROM users WHERE $1::boolean
     ), best AS (
       SELECT DISTINCT ON (id) id, how FROM matches WHERE id IS NOT NULL ORDER BY id, rank
     )
     SELECT ${SUMMARY_COLUMNS}, best.how AS matched_by, count(*) OVER ()::text AS total
       FROM best JOIN users u ON u.id = best.id
      ORDER BY u.id DESC LIMIT $7 OFFSET $8`,
    params,
  )
  return { items: rows.map(summaryOf), total: Number(rows[0]?.total ?? 0), page, pageSize }
}

/** Everything the user's page shows. */
export async function userDetail(db: Queryable, id: string): Promise<UserDetail> {
  const { rows } = await db.query<
    SummaryRow & {
      email_confirmed: boolean
      two_factor: boolean
      currency: Currency
      interface_language: string
      api_key_hint: string | null
    }
  >(
    `SELECT ${SUMMARY_COLUMNS}, u.email_confirmed_at IS NOT NULL AS email_confirmed,
            u.totp_enabled_at IS NOT NULL AS two_factor, u.currency, u.interface_language, u.api_key_hint
       FROM users u WHERE u.id = $1`,
    [id],
  )
  const row = rows[0]
  if (!row) throw new OpsUserError("USER_NOT_FOUND", "There is no such user.")
  const [balances, bans, tasks, payments, payouts, sessions, logins] = await Promise.all([
    db.query<{ purpose: string; currency: Currency; posted: string; available: string }>(
      `SELECT purpose, currency, (credits_posted - debits_posted)::text AS posted,
              (credits_posted - debits_posted - debits_pending)::text AS available
         FROM ledger_accounts WHERE user_id = $1 ORDER BY purpose, currency`,
      [id],
    ),
    db.query<{
      id: string
      reason: string
      expires_at: Date | string | null
      created_at: Date | string
      banned_by: string | null
      lifted_at: Date | string | null
      lifted_by: string | null
      lift_reason: string | null
    }>(
      `SELECT b.id::text, b.reason, b.expires_at, b.created_at, a.email AS banned_by, b.lifted_at,
              l.email AS lifted_by, b.lift_reason
         FROM user_bans b LEFT JOIN users a ON a.id = b.banned_by LEFT JOIN users l ON l.id = b.lifted_by
        WHERE b.user_id = $1 ORDER BY b.id DESC LIMIT 20`,
      [id],
    ),
    db.query<{
      id: string
      type: string
      state: string
      charged: string
      currency: Currency
      created_at: Date | string
    }>(
      `SELECT id::text, type, state, charged::text, currency, created_at FROM captcha_tasks
        WHERE customer_id = $1 ORDER BY id DESC LIMIT 10`,
      [id],
    ),
    db.query<{
      id: string
      provider: string
      amount: string
      currency: Currency
      status: string
      created_at: Date | string
    }>(
      `SELECT id::text, provider, amount::text, currency, status, created_at FROM payments
        WHERE user_id = $1 ORDER BY id DESC LIMIT 10`,
      [id],
    ),
    db.query<{ id: string; amount: string; method: string; status: string; created_at: Date | string }>(
      `SELECT id::text, amount::text, method, status, created_at FROM payouts
        WHERE user_id = $1 ORDER BY id DESC LIMIT 10`,
      [id],
    ),
    db.query<{
      id: string
      ip: string | null
      user_agent: string | null
      created_at: Date | string
      last_seen_at: Date | string
    }>(
      `SELECT id::text, ip, user_agent, created_at, last_seen_at FROM sessions
        WHERE user_id = $1 AND expires_at > now() ORDER BY last_seen_at DESC LIMIT 20`,
      [id],
    ),
    db.query<{ id: string; kind: string; ip: string | null; user_agent: string | null; at: Date | string }>(
      `SELECT id::text, kind, ip, user_agent, created_at AS at FROM auth_events
        WHERE user_id = $1 ORDER BY id DESC LIMIT 20`,
      [id],
    ),
  ])
  return {
    user: summaryOf(row),
    emailConfirmed: row.email_confirmed,
    twoFactor: row.two_factor,
    currency: row.currency,
    interfaceLanguage: row.interface_language,
    apiKeyHint: row.api_key_hint,
    balances: balances.rows.map((b) => ({
      purpose: b.purpose,
      currency: b.currency,
      posted: Number(b.posted),
      available: Number(b.available),
    })),
    bans: bans.rows.map((b): UserBan => ({
      id: b.id,
      reason: b.reason,
      expiresAt: isoOrNull(b.expires_at),
      createdAt: iso(b.created_at),
      bannedBy: b.banned_by,
      liftedAt: isoOrNull(b.lifted_at),
      liftedBy: b.lifted_by,
      liftReason: b.lift_reason,
    })),
    tasks: tasks.rows.map((t) => ({
      id: t.id,
      type: t.type,
      state: t.state,
      charged: Number(t.charged),
      currency: t.currency,
      createdAt: iso(t.created_at),
    })),
    payments: payments.rows.map((p) => ({
      id: p.id,
      provider: p.provider,
      amount: Number(p.amount),
      currency: p.currency,
      status: p.status,
      createdAt: iso(p.created_at),
    })),
    payouts: payouts.rows.map((p) => ({
      id: p.id,
      amount: Number(p.amount),
      method: p.method,
      status: p.status,
      createdAt: iso(p.created_at),
    })),
    sessions: sessions.rows.map((s) => ({
      id: s.id,
      ip: s.ip,
      userAgent: s.user_agent,
      createdAt: iso(s.created_at),
      lastSeenAt: iso(s.last_seen_at),
    })),
    logins: logins.rows.map((e) => ({
      id: e.id,
      kind: e.kind,
      ip: e.ip,
      userAgent: e.user_agent,
      at: iso(e.at),
    })),
  }
}

interface LockedUser {
  id: string
  email: string
  roles: UserSummary["roles"]
  banned: boolean
  two_factor: boolean
}

/** The user's row, locked for the action (404 when there is none). */
async function lockUser(tx: Queryable, id: string): Promise<LockedUser> {
  const { rows } = await tx.query<LockedUser>(
    `SELECT id::text, email, roles, coalesce(banned_until > now(), false) AS banned,
            totp_enabled_at IS NOT NULL AS two_factor
       FROM users WHERE id = $1 FOR UPDATE`,
    [id],
  )
  if (!rows[0]) throw new OpsUserError("USER_NOT_FOUND", "There is no such user.")
  return rows[0]
}

/** Signs the account out everywhere (and drops its sign-ins waiting for a second factor); how many ended. */
async function endAllSessions(tx: Queryable, userId: string): Promise<number> {
  await tx.query("DELETE FROM login_challenges WHERE user_id = $1", [userId])
  const { rows } = await tx.query<{ live: boolean }>(
    "DELETE FROM sessions WHERE user_id = $1 RETURNING expires_at > now() AS live",
    [userId],
  )
  return rows.filter((row) => row.live).length
}

/** Sets the roles; an administrator cannot remove their own administrator role. */
export async function setUserRoles(
  db: Database,
  actor: StaffActor,
  userId: string,
  roles: UserSummary["roles"],
): Promise<{ id: string; email: string; roles: UserSummary["roles"] }> {
  if (userId === actor.id && !roles.includes("admin"))
    throw new OpsUserError("OWN_ADMIN_ROLE", "You cannot remove your own administrator role.", "roles")
  return db.transaction(async (tx) => {
    const before = await lockUser(tx, userId)
    const { rows } = await tx.query<{ id: string; email: string; roles: UserSummary["roles"] }>(
      "UPDATE users SET roles = $2::text[] WHERE id = $1 RETURNING id::text AS id, email, roles",
      [userId, roles],
    )
    const after = rows[0]!
    await recordStaffAction(tx, actor, {
      action: "user.roles_set",
      targetKind: "user",
      targetId: userId,
      subjectUserId: userId,
      details: { before: before.roles, after: after.roles },
    })
    return after
  })
}

/** Bans the account: its key is refused, its sessions end, sign-in is refused until `expiresAt` or an unban. */
export async function banUser(
  db: Database,
  actor: StaffActor,
  userId: string,
  { reason, expiresAt }: { reason: string; expiresAt: string | null },
): Promise<void> {
  if (userId === actor.id) throw new OpsUserError("OWN_ACCOUNT", "You cannot ban your own account.")
  if (expiresAt !== null && new Date(expiresAt).getTime() <= Date.now())
    throw new OpsUserError("EXPIRY_IN_PAST", "The ban must end in the future.", "expiresAt")
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId)
    if (user.banned) throw new OpsUserError("ALREADY_BANNED", "This account is already banned.")
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO user_bans (user_id, reason, expires_at, banned_by) VALUES ($1, $2, $3, $4)
       RETURNING id::text`,
      [userId, reason.trim(), expiresAt, actor.id],
    )
    await tx.query(
      `UPDATE users SET banned_until = coalesce($2::timestamptz, 'infinity'::timestamptz) WHERE id = $1`,
      [userId, expiresAt],
    )
    const sessionsEnded = await endAllSessions(tx, userId)
    await recordStaffAction(tx, actor, {
      action: "user.ban",
      targetKind: "user",
      targetId: userId,
      subjectUserId: userId,
      reason: reason.trim(),
      details: { banId: rows[0]!.id, expiresAt, sessionsEnded },
    })
  })
}

/** Lifts the ban in force. */
export async function unbanUser(
  db: Database,
  actor: StaffActor,
  userId: string,
  reason: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId)
    if (!user.banned) throw new OpsUserError("NOT_BANNED", "This account is not banned.")
    const { rows } = await tx.query<{ id: string }>(
      `UPDATE user_bans SET lifted_at = now(), lifted_by = $2, lift_reason = $3
        WHERE user_id = $1 AND lifted_at IS NULL AND (expires_at IS NULL OR expires_at > now())
        RETURNING id::text`,
      [userId, actor.id, reason.trim()],
    )
    await tx.query("UPDATE users SET banned_until = NULL WHERE id = $1", [userId])
    await recordStaffAction(tx, actor, {
      action: "user.unban",
      targetKind: "user",
      targetId: userId,
      subjectUserId: userId,
      reason: reason.trim(),
      details: { banIds: rows.map((row) => row.id) },
    })
  })
}

/** Signs the account out everywhere. */
export async function endUserSessions(
  db: Database,
  actor: StaffActor,
  userId: string,
  reason: string,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId)
    const ended = await endAllSessions(tx, userId)
    await recordStaffAction(tx, actor, {
      action: "user.sessions_end",
      targetKind: "user",
      targetId: userId,
      subjectUserId: userId,
      reason: reason.trim(),
      details: { ended },
    })
    return ended
  })
}

/**
 * Turns off the account's two-factor sign-in (secret and recovery codes) after the administrator checked the
 * owner's identity: which checks were made is recorded, with the note, and the account's sessions end.
 */
export async function resetTwoFactor(
  db: Database,
  actor: StaffActor,
  userId: string,
  { checks, note }: { checks: IdentityCheck[]; note: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId)
    if (!user.two_factor)
      throw new OpsUserError("TWO_FACTOR_NOT_ENABLED", "This account does not use two-factor sign-in.")
    await tx.query(
      "UPDATE users SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL WHERE id = $1",
      [userId],
    )
    await tx.query("DELETE FROM recovery_codes WHERE user_id = $1", [userId])
    const sessionsEnded = await endAllSessions(tx, userId)
    await recordStaffAction(tx, actor, {
      action: "user.two_factor_reset",
      targetKind: "user",
      targetId: userId,
      subjectUserId: userId,
      reason: note.trim(),
      details: { checks, sessionsEnded },
    })
  })
}

export interface Adjustment {
  account: AdjustableAccount
  currency: Currency
  direction: "credit" | "debit"
  amount: number
  reason: string
  idempotencyKey: string
}

/**
 * Credits (from the platform's staff_adjustments account) or debits (to it) one of the user's balances: one
 * posted ledger transfer keyed by the administrator's idempotency key, and its audit row, in one transaction. A
 * replay of the key answers the first transfer and moves nothing; the key with other fields is refused.
 */
export async function adjustBalance(
  db: Database,
  actor: StaffActor,
  userId: string,
  adjustment: Adjustment,
): Promise<{ transferId: string; repeated: boolean; balance: number }> {
  const { account, currency, direction, amount, idempotencyKey } = adjustment
  const reason = adjustment.reason.trim()
  try {
    return await db.transaction(async (tx) => {
      await lockUser(tx, userId)
      const userAccount = await ledgerAccount(tx, { userId, purpose: account, currency })
      const platform = await ledgerAccount(tx, { userId: null, purpose: "staff_adjustments", currency })
      const credit = direction === "credit"
      const outcome = await transfer(tx, {
        key: `staff-adjustment:${userId}:${idempotencyKey}`,
        debitAccountId: credit ? platform : userAccount,
        creditAccountId: credit ? userAccount : platform,
        amount,
        currency,
        memo: `Staff adjustment: ${reason}`.slice(0, 500),
      })
      const repeated = outcome.result === "exists"
      if (!repeated)
        await recordStaffAction(tx, actor, {
          action: "user.balance_adjust",
          targetKind: "user",
          targetId: userId,
          subjectUserId: userId,
          reason,
          details: {
            account,
            currency,
            direction,
            amount,
            transferId: outcome.transfer.id,
            idempotencyKey,
          },
        })
      const balance = await accountBalance(tx, userAccount)
      return { transferId: outcome.transfer.id, repeated, balance: balance.posted }
    })
  } catch (error) {
    if (error instanceof LedgerError && error.code === "EXCEEDS_CREDITS")
      throw new OpsUserError("EXCEEDS_BALANCE", "The balance does not hold this much.", "amount")
    if (error instanceof LedgerError && error.code === "EXISTS_WITH_DIFFERENT_FIELDS")
      throw new OpsUserError(
        "IDEMPOTENCY_KEY_REUSED",
        "This idempotency key was used for another adjustment.",
        "idempotencyKey",
      )
    throw error
  }
}

/** The console home's figures. */
export async function opsOverview(db: Queryable): Promise<OpsOverview> {
  const { rows } = await db.query<{ [K in keyof OpsOverview]: string }>(
    `SELECT (SELECT count(*) FROM users WHERE created_at >= date_trunc('day', now() AT TIME ZONE 'UTC')
                                                              AT TIME ZONE 'UTC')::text AS "usersToday",
            (SELECT count(*) FROM users)::text AS "usersTotal",
            (SELECT count(*) FROM payouts WHERE status = 'requested')::text AS "openPayouts",
            (SELECT count(*) FROM users WHERE banned_until > now())::text AS "bannedNow",
            (SELECT count(*) FROM staff_audit WHERE at >= date_trunc('day', now() AT TIME ZONE 'UTC')
                                                        AT TIME ZONE 'UTC')::text AS "staffActionsToday"`,
  )
  const row = rows[0]!
  return {
    usersToday: Number(row.usersToday),
    usersTotal: Number(row.usersTotal),
    openPayouts: Number(row.openPayouts),
    bannedNow: Number(row.bannedNow),
    staffActionsToday: Number(row.staffActionsToday),
  }
}

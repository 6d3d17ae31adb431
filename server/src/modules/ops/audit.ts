/**
 * The staff audit log (issue 24): every action of an administrator or moderator on someone else's account, a rule
 * or a price is one row of staff_audit — who, when, under which role, what, on what, why — written in the same
 * transaction as the change it records (pass the caller's transaction), so there is no change without its row.
 */
import type { FastifyRequest } from "fastify"
import type { CurrentUser } from "@manyhands/app/render-contract"
import type { Queryable } from "../../db/database"

export type StaffRole = "admin" | "moderator"

/** Who acts: the staff member, the role the action is taken under, and the address it came from. */
export interface StaffActor {
  id: string
  role: StaffRole
  ip: string | null
}

/** What is recorded of one action. */
export interface StaffAction {
  /** Dotted: "user.ban", "domain_rule.create", "price.schedule", "worker_skill.reinstate", … */
  action: string
  targetKind: string
  targetId?: string | null
  /** The user the action concerns (a banned user, a suspended worker), for that user's history. */
  subjectUserId?: string | null
  reason?: string | null
  /** The change itself: before and after, amounts, counts. */
  details?: Record<string, unknown>
}

/**
 * The actor of a request by a signed-in staff member: under the administrator role when they have it (or when
 * `role` asks for it), else as moderator.
 */
export function staffActor(request: FastifyRequest, user: CurrentUser, role?: StaffRole): StaffActor {
  return {
    id: user.id,
    role: role ?? (user.permissions.admin ? "admin" : "moderator"),
    ip: request.ip ?? null,
  }
}

/** Writes one audit row in the caller's transaction (or alone, given the database). */
export async function recordStaffAction(db: Queryable, actor: StaffActor, entry: StaffAction): Promise<void> {
  await db.query(
    `INSERT INTO staff_audit (actor_id, actor_role, action, target_kind, target_id, subject_user_id, reason, details, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::inet)`,
    [
      actor.id,
      actor.role,
      entry.action,
      entry.targetKind,
      entry.targetId ?? null,
      entry.subjectUserId ?? null,
      entry.reason ?? null,
      JSON.stringify(entry.details ?? {}),
      actor.ip,
    ],
  )
}

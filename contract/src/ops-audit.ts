/*
 * The staff audit log (issue 24, admins only): every action of an administrator or moderator, newest first,
 * filtered by action, actor, the user it concerns and a date range. Rows are written by the server
 * (server/src/modules/ops/audit.ts) in the transaction of each change.
 */
import { Page, pageQueryProperties } from "./common"
import { defineEndpoints, routeDatum } from "./endpoint"
import { DAY_PATTERN, DateTime, Nullable, StrictObject, StringEnum, Type, type Static } from "./schema"

export const AUDIT_ROLES = ["admin", "moderator"] as const

export const AuditEntry = Type.Object({
  id: Type.String(),
  at: DateTime(),
  actorId: Nullable(Type.String()),
  actorEmail: Nullable(Type.String({ description: "null once the staff member's account is deleted." })),
  actorRole: StringEnum(AUDIT_ROLES),
  action: Type.String({ description: 'Dotted: "user.ban", "payout.approve", …' }),
  targetKind: Type.String(),
  targetId: Nullable(Type.String()),
  subjectUserId: Nullable(Type.String()),
  subjectEmail: Nullable(Type.String()),
  reason: Nullable(Type.String()),
  details: Type.Record(Type.String(), Type.Unknown()),
  ip: Nullable(Type.String()),
})
export type AuditEntry = Static<typeof AuditEntry>

export const AuditQuery = StrictObject({
  action: Type.Optional(
    Type.String({
      maxLength: 100,
      pattern: "^[a-z][a-z_.]*$",
      description: 'An action ("user.ban") or the start of one ("user": every user.* action).',
    }),
  ),
  actorId: Type.Optional(Type.String({ pattern: "^[1-9][0-9]{0,17}$" })),
  subjectUserId: Type.Optional(Type.String({ pattern: "^[1-9][0-9]{0,17}$" })),
  from: Type.Optional(Type.String({ pattern: DAY_PATTERN, description: "First day, UTC (YYYY-MM-DD)." })),
  to: Type.Optional(Type.String({ pattern: DAY_PATTERN, description: "Last day, UTC, included." })),
  ...pageQueryProperties,
})
export type AuditQuery = Static<typeof AuditQuery>

export const opsAuditApi = defineEndpoints("opsAudit", {
  list: {
    method: "GET",
    path: "/api/v2/admin/audit",
    summary: "The staff audit log, newest first, filtered",
    querystring: AuditQuery,
    response: {
      200: Page(AuditEntry, { actions: Type.Array(Type.String(), { description: "Actions logged." }) }),
    },
    errors: ["NOT_SIGNED_IN", "FORBIDDEN", "VALIDATION_FAILED"],
  },
})

export const opsAuditRouteData = {
  adminAudit: routeDatum(opsAuditApi.list),
}

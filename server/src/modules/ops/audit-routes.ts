/**
 * The staff audit log, read (issue 24): administrators only, newest first, filtered by action (or the start of
 * one), actor, the user concerned and a range of UTC days. Rows are written by audit.ts.
 */
import type { FastifyInstance } from "fastify"
import type { Page } from "@manyhands/contract"
import { opsAuditApi, type AuditEntry, type AuditQuery } from "@manyhands/contract/ops-audit"
import type { Database, Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { requireAdmin } from "../session/sessions"

interface AuditRow {
  id: string
  at: Date | string
  actor_id: string | null
  actor_email: string | null
  actor_role: AuditEntry["actorRole"]
  action: string
  target_kind: string
  target_id: string | null
  subject_user_id: string | null
  subject_email: string | null
  reason: string | null
  details: Record<string, unknown>
  ip: string | null
  total: string
}

/** A real calendar day, or a 400 naming the field (2026-02-30 is none). */
function day(value: string | undefined, field: string): string | null {
  if (value === undefined) return null
  const parsed = new Date(`${value}T00:00:00Z`)
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) {
    const message = "Enter a real day."
    throw new HttpError(400, "VALIDATION_FAILED", message, [{ field, message }])
  }
  return value
}

/** One page of the log and the actions it holds (for the filter's list). */
export async function listStaffAudit(
  db: Queryable,
  query: AuditQuery,
): Promise<Page<AuditEntry> & { actions: string[] }> {
  const from = day(query.from, "from")
  const to = day(query.to, "to")
  if (from && to && from > to) {
    const message = "The last day comes before the first."
    throw new HttpError(400, "VALIDATION_FAILED", message, [{ field: "to", message }])
  }
  const { page, pageSize } = query
  const { rows } = await db.query<AuditRow>(
    `SELECT s.id::text, s.at, s.actor_id::text, a.email AS actor_email, s.actor_role, s.action, s.target_kind,
            s.target_id, s.subject_user_id::text, u.email AS subject_email, s.reason, s.details,
            host(s.ip) AS ip, count(*) OVER ()::text AS total
       FROM staff_audit s
       LEFT JOIN users a ON a.id = s.actor_id
       LEFT JOIN users u ON u.id = s.subject_user_id
      WHERE ($1::text IS NULL OR s.action = $1 OR s.action LIKE $1 || '.%')
        AND ($2::bigint IS NULL OR s.actor_id = $2::bigint)
        AND ($3::bigint IS NULL OR s.subject_user_id = $3::bigint)
        AND ($4::date IS NULL OR s.at >= $4::date::timestamp AT TIME ZONE 'UTC')
        AND ($5::date IS NULL OR s.at < ($5::date + 1)::timestamp AT TIME ZONE 'UTC')
      ORDER BY s.at DESC, s.id DESC
      LIMIT $6 OFFSET $7`,
    [
      query.action ?? null,
      query.actorId ?? null,
      query.subjectUserId ?? null,
      from,
      to,
      pageSize,
      (page - 1) * pageSize,
    ],
  )
  const actions = await db.query<{ action: string }>(
    "SELECT DISTINCT action FROM staff_audit ORDER BY action",
  )
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: new Date(row.at).toISOString(),
      actorId: row.actor_id,
      actorEmail: row.actor_email,
      actorRole: row.actor_role,
      action: row.action,
      targetKind: row.target_kind,
      targetId: row.target_id,
      subjectUserId: row.subject_user_id,
      subjectEmail: row.subject_email,
      reason: row.reason,
      details: row.details,
      ip: row.ip,
    })),
    total: Number(rows[0]?.total ?? 0),
    page,
    pageSize,
    actions: actions.rows.map((row) => row.action),
  }
}

export async function opsAuditRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  api(fastify).route({
    ...routeOf(opsAuditApi.list),
    handler: async (request, reply) => {
      requireAdmin(request)
      reply.header("cache-control", "no-store")
      return listStaffAudit(db, request.query)
    },
  })
}

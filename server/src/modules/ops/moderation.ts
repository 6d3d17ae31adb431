/**
 * The moderation console (issue 24, contract/src/ops-moderation.ts): the moderation home's figures, workers'
 * standing per type with the moderators' actions, and check tasks (gold tasks and training sets). Every action
 * changes the standing or the task and writes its staff_audit row in one transaction, with the worker's row locked
 * so two moderators' decisions on one worker follow each other.
 */
import type {
  GoldKindFilter,
  GoldStateFilter,
  GoldTypeSummary,
  ModerationEvent,
  ModerationGoldTask,
  ModerationOverview,
  WorkerDetail,
  WorkerStatusFilter,
  WorkerTypeStanding,
} from "@manyhands/contract/ops-moderation"
import type { Page } from "@manyhands/contract"
import type { SkillStatus, Solution, SuspensionCause } from "@manyhands/contract/worker"
import type { Database, Queryable } from "../../db/database"
import { insertGoldTask } from "../dispatch/gold-routes"
import {
  GOLD_MIN_ACCURACY,
  REPORTS_MAX_SHARE,
  REPORTS_MIN,
  admit,
  sendToTraining,
  skillStatus,
  suspend,
  typesWithTraining,
} from "../dispatch/standing"
import { recordStaffAction, type StaffActor } from "./audit"

export type ModerationErrorCode =
  | "WORKER_NOT_FOUND"
  | "UNKNOWN_TYPE"
  | "NOT_SUSPENDED"
  | "ALREADY_SUSPENDED"
  | "ALREADY_TRAINING"
  | "NO_TRAINING_TASKS"
  | "GOLD_TASK_NOT_FOUND"

export class ModerationError extends Error {
  constructor(
    readonly code: ModerationErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message)
  }
}

interface StandingRow {
  worker_id: string
  email: string
  display_name: string | null
  type: string
  status: SkillStatus
  rating: number
  reason: string | null
  suspended_at: Date | string | null
  suspension_cause: SuspensionCause | null
  suspension_percent: number | null
  suspension_limit: number | null
  reinstated_at: Date | string | null
  updated_at: Date | string
  l_answered: number
  l_gold_correct: number
  l_gold_wrong: number
  l_reported_bad: number
  c_answered: number
  c_gold_correct: number
  c_gold_wrong: number
  c_reported_bad: number
  gold_accuracy: number | null
  report_share: number | null
  low_accuracy: boolean
  total?: string
}

const iso = (value: Date | string) => new Date(value).toISOString()

/**
 * Each (worker, type) standing with its counters: lifetime, and current — what the standing is judged on, the
 * counters since the type was last opened (standing.ts keeps the counters of that moment in base_*).
 */
const STANDINGS = `
  WITH acc AS (
    SELECT worker_id, type, sum(answered)::int AS answered, sum(gold_correct)::int AS gold_correct,
           sum(gold_wrong)::int AS gold_wrong, sum(reported_bad)::int AS reported_bad
      FROM worker_accuracy GROUP BY worker_id, type
  ), standing AS (
    SELECT s.worker_id::text AS worker_id, u.email, u.display_name, s.type, s.status, s.rating, s.reason,
           s.suspended_at, s.suspension_cause, s.suspension_percent, s.suspension_limit, s.reinstated_at,
           s.updated_at,
           coalesce(a.answered, 0) AS l_answered, coalesce(a.gold_correct, 0) AS l_gold_correct,
           coalesce(a.gold_wrong, 0) AS l_gold_wrong, coalesce(a.reported_bad, 0) AS l_reported_bad,
           greatest(coalesce(a.answered, 0) - s.base_answered, 0) AS c_answered,
           greatest(coalesce(a.gold_correct, 0) - s.base_gold_correct, 0) AS c_gold_correct,
           greatest(coalesce(a.gold_wrong, 0) - s.base_gold_wrong, 0) AS c_gold_wrong,
           greatest(coalesce(a.reported_bad, 0) - s.base_reported_bad, 0) AS c_reported_bad
      FROM worker_skills s
      JOIN users u ON u.id = s.worker_id
      LEFT JOIN acc a ON a.worker_id = s.worker_id AND a.type = s.type
  ), judged AS (
    SELECT *,
           CASE WHEN c_gold_correct + c_gold_wrong > 0
                THEN c_gold_correct::float8 / (c_gold_correct + c_gold_wrong) END AS gold_accuracy,
           CASE WHEN c_answered > 0 THEN c_reported_bad::float8 / c_answered END AS report_share
      FROM standing
  )
  SELECT *,
         coalesce(gold_accuracy < ${GOLD_MIN_ACCURACY}, false)
           OR (c_reported_bad >= ${REPORTS_MIN}
               AND c_reported_bad::float8 / greatest(c_answered, 1) > ${REPORTS_MAX_SHARE}) AS low_accuracy
    FROM judged`

const toStanding = (row: StandingRow): WorkerTypeStanding => ({
  workerId: row.worker_id,
  email: row.email,
  displayName: row.display_name,
  type: row.type,
  status: row.status,
  rating: row.rating,
  current: {
    answered: row.c_answered,
    goldCorrect: row.c_gold_correct,
    goldWrong: row.c_gold_wrong,
    reportedBad: row.c_reported_bad,
  },
  lifetime: {
    answered: row.l_answered,
    goldCorrect: row.l_gold_correct,
    goldWrong: row.l_gold_wrong,
    reportedBad: row.l_reported_bad,
  },
  goldAccuracy: row.gold_accuracy,
  reportShare: row.report_share,
  lowAccuracy: row.low_accuracy,
  suspension:
    row.status === "suspended"
      ? {
          cause: row.suspension_cause ?? "moderator",
          reason: row.reason,
          percent: row.suspension_percent,
          limit: row.suspension_limit,
          at: iso(row.suspended_at ?? row.updated_at),
        }
      : null,
  note: row.status === "training" ? row.reason : null,
  reinstatedAt: row.reinstated_at ? iso(row.reinstated_at) : null,
  updatedAt: iso(row.updated_at),
})

export interface WorkerFilters {
  type?: string | undefined
  status: WorkerStatusFilter
  lowAccuracy: boolean
  q?: string | undefined
  page: number
  pageSize: number
}

export interface GoldFilters {
  type?: string | undefined
  kind: GoldKindFilter
  state: GoldStateFilter
  page: number
  pageSize: number
}

interface GoldRow {
  id: string
  type: string
  training: boolean
  enabled: boolean
  answers: Solution[]
  created_at: Date | string
  params: Record<string, unknown>
  file: { mime?: string; data?: string } | null
  given: number
  correct: number
  total?: string
}

const GOLD_STATS = `WITH stats AS (
    SELECT gold_task_id, count(*) FILTER (WHERE state = 'answered')::int AS given,
           count(*) FILTER (WHERE correct)::int AS correct
      FROM task_assignments WHERE gold_task_id IS NOT NULL GROUP BY gold_task_id
  )`

const GOLD_SELECT = `${GOLD_STATS}
  SELECT g.id::text AS id, g.type, g.training, g.enabled, g.answers, g.created_at, g.params,
         g.files -> 0 AS file, coalesce(st.given, 0) AS given, coalesce(st.correct, 0) AS correct,
         count(*) OVER () AS total
    FROM gold_tasks g LEFT JOIN stats st ON st.gold_task_id = g.id`

const commentOf = (params: Record<string, unknown>): string | null => {
  for (const key of ["comment", "textcaptcha", "question", "textinstructions"]) {
    const value = params[key]
    if (typeof value === "string" && value.trim() !== "") return value
  }
  return null
}

const toGold = (row: GoldRow): ModerationGoldTask => ({
  id: row.id,
  type: row.type,
  training: row.training,
  enabled: row.enabled,
  answers: row.answers,
  createdAt: iso(row.created_at),
  given: row.given,
  correct: row.correct,
  accuracy: row.given === 0 ? null : row.correct / row.given,
  comment: commentOf(row.params),
  picture:
    row.file?.data && row.file.mime?.startsWith("image/")
      ? `data:${row.file.mime};base64,${row.file.data}`
      : null,
})

type StandingAction = "reinstate" | "suspend" | "retrain"

export class Moderation {
  constructor(private readonly db: Database) {}

  /** The moderation home's figures, each one count. */
  async overview(): Promise<ModerationOverview> {
    const { rows } = await this.db.query<Omit<ModerationOverview, "manualDomains"> & { domains: boolean }>(
      `SELECT
         (SELECT count(DISTINCT worker_id) FROM worker_skills WHERE status = 'suspended')::int AS "suspendedWorkers",
         (SELECT count(*) FROM worker_skills WHERE status = 'suspended')::int AS "suspendedStandings",
         (SELECT count(DISTINCT worker_id) FROM worker_skills WHERE status = 'training')::int AS "trainingWorkers",
         (SELECT count(*) FROM (${STANDINGS}) j WHERE status = 'active' AND low_accuracy)::int AS "lowAccuracy",
         (SELECT count(*) FROM software_reviews WHERE status = 'pending')::int AS "pendingReviews",
         ((SELECT count(*) FROM software_items WHERE status = 'pending')
           + (SELECT count(*) FROM software_revisions WHERE status = 'pending'))::int AS "pendingPrograms",
         (SELECT count(*) FROM support_tickets WHERE status IN ('new', 'open'))::int AS "openTickets",
         (SELECT count(*) FROM gold_tasks WHERE enabled AND NOT training)::int AS "goldTasks",
         (SELECT count(*) FROM gold_tasks WHERE enabled AND training)::int AS "trainingTasks",
         to_regclass('manual_domain_rules') IS NOT NULL AS domains`,
    )
    const { domains, ...figures } = rows[0]!
    let manualDomains: number | null = null
    // The domain rules come with their own migration; the figure is left out where they do not exist.
    if (domains) {
      const counted = await this.db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM manual_domain_rules
          WHERE enabled AND (expires_at IS NULL OR expires_at > now())`,
      )
      manualDomains = counted.rows[0]!.count
    }
    return { ...figures, manualDomains }
  }

  async workers(filters: WorkerFilters): Promise<Page<WorkerTypeStanding>> {
    const q = filters.q?.trim() || null
    const { rows } = await this.db.query<StandingRow>(
      `SELECT *, count(*) OVER () AS total FROM (${STANDINGS}) j
        WHERE ($1::text IS NULL OR type = $1)
          AND ($2::text = 'all' OR status = $2)
          AND (NOT $3 OR low_accuracy)
          AND ($4::text IS NULL OR position(lower($4) IN lower(email)) > 0 OR worker_id = $4)
        ORDER BY status = 'suspended' DESC, low_accuracy DESC, gold_accuracy ASC NULLS LAST,
                 worker_id::bigint, type
        LIMIT $5 OFFSET $6`,
      [
        filters.type ?? null,
        filters.status,
        filters.lowAccuracy,
        q,
        filters.pageSize,
        (filters.page - 1) * filters.pageSize,
      ],
    )
    return {
      items: rows.map(toStanding),
      total: Number(rows[0]?.total ?? 0),
      page: filters.page,
      pageSize: filters.pageSize,
    }
  }

  async worker(id: string): Promise<WorkerDetail> {
    const { rows: users } = await this.db.query<{
      id: string
      email: string
      display_name: string | null
      created_at: Date | string
    }>("SELECT id::text, email, display_name, created_at FROM users WHERE id = $1 AND user_type = 'worker'", [
      id,
    ])
    const user = users[0]
    if (!user) throw new ModerationError("WORKER_NOT_FOUND", "No worker has this id.")
    const { rows } = await this.db.query<StandingRow>(
      `SELECT * FROM (${STANDINGS}) j WHERE worker_id = $1 ORDER BY type`,
      [id],
    )
    const { rows: events } = await this.db.query<{
      id: string
      at: Date | string
      action: string
      actor_email: string | null
      actor_role: "admin" | "moderator"
      type: string | null
      reason: string | null
    }>(
      `SELECT a.id::text, a.at, a.action, u.email AS actor_email, a.actor_role, a.details ->> 'type' AS type, a.reason
         FROM staff_audit a LEFT JOIN users u ON u.id = a.actor_id
        WHERE a.subject_user_id = $1 AND a.action LIKE 'worker\\_skill.%'
        ORDER BY a.at DESC, a.id DESC LIMIT 50`,
      [id],
    )
    return {
      id: user.id,
      email: user.email,
      displayName: user.display_name,
      createdAt: iso(user.created_at),
      types: rows.map(toStanding),
      history: events.map((event): ModerationEvent => ({
        id: event.id,
        at: iso(event.at),
        action: event.action,
        actorEmail: event.actor_email,
        actorRole: event.actor_role,
        type: event.type,
        reason: event.reason,
      })),
    }
  }

  /** One worker's standing in one type as it is now. */
  private async standing(db: Queryable, workerId: string, type: string): Promise<WorkerTypeStanding> {
    const { rows } = await db.query<StandingRow>(
      `SELECT * FROM (${STANDINGS}) j WHERE worker_id = $1 AND type = $2`,
      [workerId, type],
    )
    return toStanding(rows[0]!)
  }

  /**
   * A moderator's decision on a worker's standing in a type: reinstate (suspended → active, judged afresh),
   * suspend (cause moderator, the reason shown to the worker) or retrain (back to training, on answers from now).
   */
  async act(
    actor: StaffActor,
    action: StandingAction,
    workerId: string,
    type: string,
    reason: string,
  ): Promise<WorkerTypeStanding> {
    const why = reason.trim()
    return this.db.transaction(async (tx) => {
      const { rows: workers } = await tx.query(
        "SELECT 1 FROM users WHERE id = $1 AND user_type = 'worker' FOR UPDATE",
        [workerId],
      )
      if (workers.length === 0) throw new ModerationError("WORKER_NOT_FOUND", "No worker has this id.")
      const { rows: types } = await tx.query<{ kind: string }>(
        "SELECT kind FROM captcha_types WHERE code = $1",
        [type],
      )
      if (!types[0]) throw new ModerationError("UNKNOWN_TYPE", `Unknown task type: ${type}`)
      const from = await skillStatus(tx, workerId, type)
      if (action === "reinstate") {
        if (from !== "suspended")
          throw new ModerationError("NOT_SUSPENDED", "The worker is not suspended from this type.")
        await admit(tx, workerId, type)
      } else if (action === "suspend") {
        if (from === "suspended")
          throw new ModerationError("ALREADY_SUSPENDED", "The worker is already suspended from this type.")
        await suspend(tx, workerId, type, { cause: "moderator", reason: why })
      } else {
        if (from === "training")
          throw new ModerationError("ALREADY_TRAINING", "The worker is already in training for this type.")
        if (types[0].kind !== "image" || !(await typesWithTraining(tx, [type])).has(type))
          throw new ModerationError(
            "NO_TRAINING_TASKS",
            "This type has no training tasks: add some before sending workers back to training.",
          )
        await sendToTraining(tx, workerId, type, why)
      }
      const to: SkillStatus =
        action === "reinstate" ? "active" : action === "suspend" ? "suspended" : "training"
      await recordStaffAction(tx, actor, {
        action: `worker_skill.${action}`,
        targetKind: "worker_skill",
        targetId: `${workerId}:${type}`,
        subjectUserId: workerId,
        reason: why,
        details: { type, from, to },
      })
      return this.standing(tx, workerId, type)
    })
  }

  async goldTasks(filters: GoldFilters): Promise<Page<ModerationGoldTask> & { types: GoldTypeSummary[] }> {
    const { rows } = await this.db.query<GoldRow>(
      `${GOLD_SELECT}
        WHERE ($1::text IS NULL OR g.type = $1)
          AND ($2::text = 'all' OR g.training = ($2 = 'training'))
          AND ($3::text = 'all' OR g.enabled = ($3 = 'enabled'))
        ORDER BY g.id DESC LIMIT $4 OFFSET $5`,
      [
        filters.type ?? null,
        filters.kind,
        filters.state,
        filters.pageSize,
        (filters.page - 1) * filters.pageSize,
      ],
    )
    const { rows: types } = await this.db.query<GoldTypeSummary>(
      `${GOLD_STATS}
       SELECT g.type,
              count(*) FILTER (WHERE g.enabled AND NOT g.training)::int AS gold,
              count(*) FILTER (WHERE g.enabled AND g.training)::int AS training,
              count(*) FILTER (WHERE NOT g.enabled)::int AS disabled,
              coalesce(sum(st.given), 0)::int AS given, coalesce(sum(st.correct), 0)::int AS correct
         FROM gold_tasks g LEFT JOIN stats st ON st.gold_task_id = g.id
        GROUP BY g.type ORDER BY g.type`,
    )
    return {
      items: rows.map(toGold),
      total: Number(rows[0]?.total ?? 0),
      page: filters.page,
      pageSize: filters.pageSize,
      types,
    }
  }

  private async gold(db: Queryable, id: string): Promise<ModerationGoldTask> {
    const { rows } = await db.query<GoldRow>(`${GOLD_SELECT} WHERE g.id = $1`, [id])
    return toGold(rows[0]!)
  }

  /** A new check task (validated by the gold tasks' own rules, insertGoldTask), audited. */
  async createGold(
    actor: StaffActor,
    body: {
      task: Record<string, unknown>
      answers: unknown[]
      training: boolean
      reason?: string | undefined
    },
  ): Promise<ModerationGoldTask> {
    return this.db.transaction(async (tx) => {
      const created = await insertGoldTask(tx, body.task, body.answers, body.training)
      await recordStaffAction(tx, actor, {
        action: "gold_task.create",
        targetKind: "gold_task",
        targetId: created.id,
        reason: body.reason?.trim() || null,
        details: { type: created.type, training: body.training },
      })
      return this.gold(tx, created.id)
    })
  }

  /** Turns a check task on or off, or makes it a training or a gold task; audited with the change. */
  async updateGold(
    actor: StaffActor,
    id: string,
    change: { enabled?: boolean | undefined; training?: boolean | undefined; reason?: string | undefined },
  ): Promise<ModerationGoldTask> {
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ type: string; enabled: boolean; training: boolean }>(
        "SELECT type, enabled, training FROM gold_tasks WHERE id = $1 FOR UPDATE",
        [id],
      )
      const before = rows[0]
      if (!before) throw new ModerationError("GOLD_TASK_NOT_FOUND", "No such check task.")
      const after = {
        enabled: change.enabled ?? before.enabled,
        training: change.training ?? before.training,
      }
      const changes: string[] = []
      if (after.enabled !== before.enabled) changes.push(after.enabled ? "enable" : "disable")
      if (after.training !== before.training) changes.push(after.training ? "make_training" : "make_gold")
      if (changes.length > 0) {
        await tx.query("UPDATE gold_tasks SET enabled = $2, training = $3 WHERE id = $1", [
          id,
          after.enabled,
          after.training,
        ])
        await recordStaffAction(tx, actor, {
          action: changes.length === 1 ? `gold_task.${changes[0]}` : "gold_task.update",
          targetKind: "gold_task",
          targetId: id,
          reason: change.reason?.trim() || null,
          details: {
            type: before.type,
            before: { enabled: before.enabled, training: before.training },
            after,
          },
        })
      }
      return this.gold(tx, id)
    })
  }
}

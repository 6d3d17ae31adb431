import { goldTasksApi, workerStandingApi, type GoldTask, type Solution } from "@manyhands/contract/worker"
import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Database, Queryable } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { isComparable, normaliseSolution } from "../captcha/answers"
import { parseV2Task } from "../captcha/parse-v2"
import { TaskInputError } from "../captcha/task-types"
import { recordStaffAction, staffActor } from "../ops/audit"
import { requireUser } from "../session/sessions"
import { admit, skillStatus } from "./standing"

interface GoldRow {
  id: string
  type: string
  training: boolean
  enabled: boolean
  answers: Solution[]
  created_at: Date | string
  given: number
  correct: number
}

/** Gold and training tasks are quality control: moderators and administrators manage them. */
function requireReviewer(request: FastifyRequest) {
  const user = requireUser(request)
  if (!user.permissions.admin && !user.permissions.moderator)
    throw new HttpError(403, "FORBIDDEN", "Only moderators and administrators can manage check tasks.")
  return user
}

const toGold = (row: GoldRow): GoldTask => ({
  id: row.id,
  type: row.type,
  training: row.training,
  enabled: row.enabled,
  answers: row.answers,
  createdAt: new Date(row.created_at).toISOString(),
  given: row.given,
  accuracy: row.given === 0 ? null : row.correct / row.given,
})

const GOLD_QUERY = `SELECT g.id::text, g.type, g.training, g.enabled, g.answers, g.created_at,
    count(a.id) FILTER (WHERE a.state = 'answered')::int AS given,
    count(a.id) FILTER (WHERE a.correct)::int AS correct
  FROM gold_tasks g LEFT JOIN task_assignments a ON a.gold_task_id = g.id`

function parseGold(raw: Record<string, unknown>, rawAnswers: unknown[]) {
  try {
    const parsed = parseV2Task(raw, { languagePool: raw.languagePool })
    const answers = rawAnswers.map((answer) => normaliseSolution(parsed.type, parsed.params, answer))
    return { parsed, answers }
  } catch (error) {
    if (error instanceof TaskInputError) throw new HttpError(400, "GOLD_TASK_INVALID", error.message)
    throw error
  }
}

/**
 * Stores a check task given as an API v2 `task` object (validated like a customer's) with its accepted answers as
 * v2 solutions; only image types whose answers can be compared take check tasks (400 GOLD_TASK_INVALID).
 */
export async function insertGoldTask(
  tx: Queryable,
  raw: Record<string, unknown>,
  rawAnswers: unknown[],
  training: boolean,
): Promise<{ id: string; type: string }> {
  const { parsed, answers } = parseGold(raw, rawAnswers)
  const { rows: kinds } = await tx.query<{ kind: string }>("SELECT kind FROM captcha_types WHERE code = $1", [
    parsed.type,
  ])
  if (kinds[0]?.kind !== "image" || !isComparable(parsed.type))
    throw new HttpError(
      400,
      "GOLD_TASK_INVALID",
      "Check tasks are for image types whose answers can be compared (text, grid, coordinates, rotation…).",
    )
  const files = parsed.files.map((file) => ({
    name: file.name,
    mime: file.mime,
    data: file.data.toString("base64"),
  }))
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO gold_tasks (type, params, files, language, answers, training)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text`,
    [
      parsed.type,
      JSON.stringify(parsed.params),
      JSON.stringify(files),
      parsed.language,
      JSON.stringify(answers),
      training,
    ],
  )
  return { id: rows[0]!.id, type: parsed.type }
}

/**
 * Check tasks with known answers: gold tasks mixed into workers' streams and training tasks a new worker
 * passes before real work of that type. A task is given as an API v2 `task` object (validated like a
 * customer's) with the accepted answers as v2 solutions.
 */
export async function goldTaskRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = api(fastify)
  app.route({
    ...routeOf(goldTasksApi.list),
    handler: async (request) => {
      requireReviewer(request)
      const { rows } = await db.query<GoldRow>(`${GOLD_QUERY} GROUP BY g.id ORDER BY g.id DESC LIMIT 500`)
      return { items: rows.map(toGold) }
    },
  })

  app.route({
    ...routeOf(goldTasksApi.create),
    bodyLimit: 2 * 1024 * 1024,
    handler: async (request, reply) => {
      const user = requireReviewer(request)
      const { task: raw, answers: rawAnswers, training = false } = request.body
      const id = await db.transaction(async (tx) => {
        const created = await insertGoldTask(tx, raw, rawAnswers, training)
        await recordStaffAction(tx, staffActor(request, user), {
          action: "gold_task.create",
          targetKind: "gold_task",
          targetId: created.id,
          details: { type: created.type, training },
        })
        return created.id
      })
      const created = await db.query<GoldRow>(`${GOLD_QUERY} WHERE g.id = $1 GROUP BY g.id`, [id])
      return reply.code(201).send(toGold(created.rows[0]!))
    },
  })

  app.route({
    ...routeOf(goldTasksApi.update),
    handler: async (request) => {
      const user = requireReviewer(request)
      await db.transaction(async (tx) => {
        const updated = await tx.query<{ type: string }>(
          "UPDATE gold_tasks SET enabled = $2 WHERE id = $1 RETURNING type",
          [request.params.id, request.body.enabled],
        )
        if (updated.rows.length === 0) throw new HttpError(404, "GOLD_TASK_NOT_FOUND", "No such check task.")
        await recordStaffAction(tx, staffActor(request, user), {
          action: request.body.enabled ? "gold_task.enable" : "gold_task.disable",
          targetKind: "gold_task",
          targetId: request.params.id,
          details: { type: updated.rows[0]!.type, enabled: request.body.enabled },
        })
      })
      const { rows } = await db.query<GoldRow>(`${GOLD_QUERY} WHERE g.id = $1 GROUP BY g.id`, [
        request.params.id,
      ])
      return toGold(rows[0]!)
    },
  })

  // A moderator lifts a worker's suspension from a type (job.json's promise: "can unblock the account"). The
  // type opens as after retraining: the record is judged afresh from now on.
  app.route({
    ...routeOf(workerStandingApi.reinstate),
    handler: async (request) => {
      const user = requireReviewer(request)
      const { id, type } = request.params
      return db.transaction(async (tx) => {
        const { rows: workers } = await tx.query(
          "SELECT 1 FROM users WHERE id = $1 AND user_type = 'worker' FOR UPDATE",
          [id],
        )
        if (workers.length === 0) throw new HttpError(404, "WORKER_NOT_FOUND", "No worker has this id.")
        const { rows: types } = await tx.query("SELECT 1 FROM captcha_types WHERE code = $1", [type])
        if (types.length === 0) throw new HttpError(400, "UNKNOWN_TYPE", `Unknown task type: ${type}`)
        if ((await skillStatus(tx, id, type)) !== "suspended")
          throw new HttpError(409, "NOT_SUSPENDED", "The worker is not suspended from this type.")
        await admit(tx, id, type)
        await recordStaffAction(tx, staffActor(request, user), {
          action: "worker_skill.reinstate",
          targetKind: "worker_skill",
          targetId: `${id}:${type}`,
          subjectUserId: id,
          details: { type, from: "suspended", to: "active" },
        })
        request.log.info({ workerId: id, type, by: request.visitor.user?.id }, "worker reinstated in a type")
        return { workerId: id, type, status: "active" as const }
      })
    },
  })
}

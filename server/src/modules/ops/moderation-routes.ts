/*
 * The moderation console's endpoints (contract/src/ops-moderation.ts). The moderation home's figures are
 * moderators' (spec §6: "Moderator only: one moderation page"); workers' standing and check tasks are quality
 * control, open to moderators and administrators alike, as the older /api/v2/admin/gold-tasks. Every change is
 * audited in its own transaction (moderation.ts).
 */
import { moderationApi } from "@manyhands/contract/ops-moderation"
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify"
import type { Database } from "../../db/database"
import { answerWith } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { requireModerator, requireStaff } from "../session/sessions"
import { staffActor } from "./audit"
import { Moderation, ModerationError, type ModerationErrorCode } from "./moderation"

const STATUS: Record<ModerationErrorCode, number> = {
  WORKER_NOT_FOUND: 404,
  UNKNOWN_TYPE: 400,
  NOT_SUSPENDED: 409,
  ALREADY_SUSPENDED: 409,
  ALREADY_TRAINING: 409,
  NO_TRAINING_TASKS: 409,
  GOLD_TASK_NOT_FOUND: 404,
}

const answer = answerWith(ModerationError, (error) => STATUS[error.code])
/** The three standing actions' requests: the same path parameters and body. */
type StandingRequest = FastifyRequest<{ Params: { id: string; type: string }; Body: { reason: string } }>

const noStore = (reply: FastifyReply) => void reply.header("cache-control", "no-store")

export async function moderationRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const moderation = new Moderation(db)
  const app = api(fastify)

  app.route({
    ...routeOf(moderationApi.overview),
    handler: (request, reply) => {
      requireModerator(request)
      noStore(reply)
      return moderation.overview()
    },
  })

  app.route({
    ...routeOf(moderationApi.workers),
    handler: (request, reply) => {
      requireStaff(request)
      noStore(reply)
      return moderation.workers(request.query)
    },
  })

  app.route({
    ...routeOf(moderationApi.worker),
    handler: (request, reply) => {
      requireStaff(request)
      noStore(reply)
      return answer(() => moderation.worker(request.params.id))
    },
  })

  const act = (action: "reinstate" | "suspend" | "retrain") => (request: StandingRequest) => {
    const user = requireStaff(request)
    const { id, type } = request.params
    return answer(() => moderation.act(staffActor(request, user), action, id, type, request.body.reason))
  }
  app.route({ ...routeOf(moderationApi.reinstate), handler: act("reinstate") })
  app.route({ ...routeOf(moderationApi.suspend), handler: act("suspend") })
  app.route({ ...routeOf(moderationApi.retrain), handler: act("retrain") })

  app.route({
    ...routeOf(moderationApi.goldTasks),
    handler: (request, reply) => {
      requireStaff(request)
      noStore(reply)
      return moderation.goldTasks(request.query)
    },
  })

  app.route({
    ...routeOf(moderationApi.createGoldTask),
    bodyLimit: 2 * 1024 * 1024,
    handler: async (request, reply) => {
      const user = requireStaff(request)
      const created = await moderation.createGold(staffActor(request, user), request.body)
      return reply.code(201).send(created)
    },
  })

  app.route({
    ...routeOf(moderationApi.updateGoldTask),
    handler: (request) => {
      const user = requireStaff(request)
      return answer(() => moderation.updateGold(staffActor(request, user), request.params.id, request.body))
    },
  })
}

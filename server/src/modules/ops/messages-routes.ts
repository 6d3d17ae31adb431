/*
 * System messages' endpoints for administrators (contract/src/ops-messages.ts): compose and send, the list of
 * sent messages with their read counts, and each one's recipients. The user's side (the modal and marking a
 * message read) is the user module's.
 */
import { messagesApi } from "@manyhands/contract/ops-messages"
import type { FastifyInstance, FastifyReply } from "fastify"
import type { Database } from "../../db/database"
import { answerWith } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { requireAdmin } from "../session/sessions"
import { staffActor } from "./audit"
import { MessagesError, SystemMessages, type MessagesErrorCode } from "./messages"

const STATUS: Record<MessagesErrorCode, number> = {
  RECIPIENT_NOT_FOUND: 404,
  NO_RECIPIENTS: 400,
  MESSAGE_EMPTY: 400,
  MESSAGE_NOT_FOUND: 404,
}

const answer = answerWith(MessagesError, (error) => STATUS[error.code])
const noStore = (reply: FastifyReply) => void reply.header("cache-control", "no-store")

export async function messagesRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const messages = new SystemMessages(db)
  const app = api(fastify)

  app.route({
    ...routeOf(messagesApi.list),
    handler: (request, reply) => {
      requireAdmin(request)
      noStore(reply)
      return messages.list(request.query.page, request.query.pageSize)
    },
  })

  app.route({
    ...routeOf(messagesApi.audience),
    handler: async (request, reply) => {
      requireAdmin(request)
      noStore(reply)
      const { accountType } = request.query
      return { accountType, count: await messages.audienceCount(accountType) }
    },
  })

  app.route({
    ...routeOf(messagesApi.send),
    // 15 languages of up to 20,000 characters each.
    bodyLimit: 1024 * 1024,
    handler: async (request, reply) => {
      const admin = requireAdmin(request)
      const sent = await answer(() => messages.send(staffActor(request, admin, "admin"), request.body))
      return reply.code(201).send(sent)
    },
  })

  app.route({
    ...routeOf(messagesApi.detail),
    handler: (request, reply) => {
      requireAdmin(request)
      noStore(reply)
      return answer(() => messages.detail(request.params.id))
    },
  })

  app.route({
    ...routeOf(messagesApi.recipients),
    handler: (request, reply) => {
      requireAdmin(request)
      noStore(reply)
      const { state, page, pageSize } = request.query
      return answer(() => messages.recipients(request.params.id, state, page, pageSize))
    },
  })
}

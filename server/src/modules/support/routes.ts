/*
 * Support tickets' endpoints (contract/src/support.ts). Every one needs a signed-in account (state changes the
 * CSRF header too); staff are administrators and moderators. A ticket that is not the reader's answers 404, as
 * one that does not exist. Mails go out after the change is stored: a failed mail is logged, not answered.
 */
import { supportApi } from "@manyhands/contract/support"
import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Database } from "../../db/database"
import { answerWith } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { userPictureUploads } from "../content/attachment-routes"
import { requireEditor } from "../content/routes"
import type { Mailer } from "../mail/mailer"
import type { PushNotifications } from "../push/push"
import { requireUser } from "../session/sessions"
import { SupportError, SupportTickets, type Actor, type SupportErrorCode } from "./tickets"

const STATUS: Record<SupportErrorCode, number> = {
  TICKET_NOT_FOUND: 404,
  TICKET_CLOSED: 409,
  FORBIDDEN: 403,
  NOT_STAFF: 400,
  PICTURE_NOT_FOUND: 400,
  VALIDATION_FAILED: 400,
  RATE_LIMITED: 429,
}

/** Screenshots one account may upload an hour. */
const PICTURES_PER_HOUR = 30

const answer = answerWith(SupportError, (error) => STATUS[error.code])

const actorOf = (request: FastifyRequest): Actor => {
  const user = requireUser(request)
  return { id: user.id, staff: Boolean(user.permissions.admin || user.permissions.moderator) }
}

export async function supportRoutes(
  fastify: FastifyInstance,
  { db, mailer, push }: { db: Database; mailer: Mailer; push?: PushNotifications },
) {
  const tickets = new SupportTickets(db)
  const app = api(fastify)
  const private_ = { "cache-control": "no-store" }

  app.route({
    ...routeOf(supportApi.context),
    handler: (request, reply) => {
      const user = requireUser(request)
      void reply.headers(private_)
      return tickets.context(user.id)
    },
  })
  app.route({
    ...routeOf(supportApi.create),
    config: {
      rateLimit: {
        max: 30,
        timeWindow: 60 * 60 * 1000,
        hook: "preHandler" as const,
        keyGenerator: (request: FastifyRequest) => `support-ticket:${request.visitor.user?.id ?? request.ip}`,
      },
    },
    handler: async (request, reply) => {
      const user = requireUser(request)
      const ticket = await answer(() => tickets.create(user.id, request.body))
      request.log.info({ userId: user.id, ticketId: ticket.id, event: "ticket_opened" })
      return reply.code(201).send(ticket)
    },
  })
  app.route({
    ...routeOf(supportApi.mine),
    handler: (request, reply) => {
      const user = requireUser(request)
      void reply.headers(private_)
      return tickets.mine(user.id, request.query.page ?? 0)
    },
  })
  app.route({
    ...routeOf(supportApi.ticket),
    handler: (request, reply) => {
      void reply.headers(private_)
      return answer(() => tickets.ticket(actorOf(request), request.params.id))
    },
  })
  app.route({
    ...routeOf(supportApi.reply),
    handler: async (request) => {
      const actor = actorOf(request)
      const { ticket, notify } = await answer(() => tickets.reply(actor, request.params.id, request.body))
      if (notify)
        await mailer
          .send({
            to: notify.to,
            template: notify.staff ? "ticketMessage" : "ticketReply",
            language: notify.language,
            action: `/support/tickets/${ticket.id}`,
            params: { id: ticket.id, subject: ticket.subject },
          })
          .catch((err: unknown) =>
            request.log.error({ err, ticketId: ticket.id }, "the ticket's mail was not sent"),
          )
      // Staff's answer also goes to the customer's browsers that asked (in the background; failures are logged).
      if (notify && !notify.staff && ticket.customer)
        push?.notifyTicketReply(ticket.customer.id, { id: ticket.id, subject: ticket.subject })
      return ticket
    },
  })
  app.route({
    ...routeOf(supportApi.setStatus),
    handler: (request) =>
      answer(() => tickets.setStatus(actorOf(request), request.params.id, request.body.status)),
  })
  app.route({
    ...routeOf(supportApi.assign),
    handler: (request) =>
      answer(() => tickets.assign(actorOf(request), request.params.id, request.body.assigneeId)),
  })
  app.route({
    ...routeOf(supportApi.queue),
    handler: (request, reply) => {
      const staff = requireEditor(request)
      void reply.headers(private_)
      return tickets.queue(staff.id, request.query)
    },
  })
  await userPictureUploads(fastify, {
    db,
    endpoint: supportApi.uploadPicture,
    name: "support_attachment",
    perHour: PICTURES_PER_HOUR,
  })
}

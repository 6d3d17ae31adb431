import type { FastifyInstance } from "fastify"
import { opsUsersApi } from "@manyhands/contract/ops-users"
import type { Database } from "../../db/database"
import { answerWith } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { requireAdmin } from "../session/sessions"
import { staffActor } from "./audit"
import {
  adjustBalance,
  banUser,
  endUserSessions,
  OPS_USER_STATUS,
  OpsUserError,
  opsOverview,
  resetTwoFactor,
  searchUsers,
  unbanUser,
  userDetail,
} from "./users-service"

const answer = answerWith(OpsUserError, (error) => OPS_USER_STATUS[error.code])

/** The operations console's users (issue 24): administrators only; every change is audited. */
export async function opsUserRoutes(fastify: FastifyInstance, { db }: { db: Database }) {
  const app = api(fastify)

  app.route({
    ...routeOf(opsUsersApi.search),
    handler: async (request, reply) => {
      requireAdmin(request)
      reply.header("cache-control", "no-store")
      const { q = "", page, pageSize } = request.query
      return searchUsers(db, q, page, pageSize)
    },
  })

  app.route({
    ...routeOf(opsUsersApi.detail),
    handler: async (request, reply) => {
      requireAdmin(request)
      reply.header("cache-control", "no-store")
      return answer(() => userDetail(db, request.params.id))
    },
  })

  app.route({
    ...routeOf(opsUsersApi.ban),
    handler: async (request) => {
      const admin = requireAdmin(request)
      const { id } = request.params
      await answer(() => banUser(db, staffActor(request, admin, "admin"), id, request.body))
      request.log.info({ by: admin.id, userId: id }, "user banned")
      return userDetail(db, id)
    },
  })

  app.route({
    ...routeOf(opsUsersApi.unban),
    handler: async (request) => {
      const admin = requireAdmin(request)
      const { id } = request.params
      await answer(() => unbanUser(db, staffActor(request, admin, "admin"), id, request.body.reason))
      request.log.info({ by: admin.id, userId: id }, "user unbanned")
      return userDetail(db, id)
    },
  })

  app.route({
    ...routeOf(opsUsersApi.endSessions),
    handler: async (request) => {
      const admin = requireAdmin(request)
      const ended = await answer(() =>
        endUserSessions(db, staffActor(request, admin, "admin"), request.params.id, request.body.reason),
      )
      return { ended }
    },
  })

  app.route({
    ...routeOf(opsUsersApi.resetTwoFactor),
    handler: async (request) => {
      const admin = requireAdmin(request)
      const { id } = request.params
      await answer(() => resetTwoFactor(db, staffActor(request, admin, "admin"), id, request.body))
      request.log.info({ by: admin.id, userId: id }, "two-factor reset by an administrator")
      return userDetail(db, id)
    },
  })

  app.route({
    ...routeOf(opsUsersApi.adjustBalance),
    handler: async (request) => {
      const admin = requireAdmin(request)
      const { id } = request.params
      const done = await answer(() =>
        adjustBalance(db, staffActor(request, admin, "admin"), id, request.body),
      )
      request.log.info({ by: admin.id, userId: id, transferId: done.transferId }, "balance adjusted")
      return done
    },
  })

  app.route({
    ...routeOf(opsUsersApi.overview),
    handler: async (request, reply) => {
      requireAdmin(request)
      reply.header("cache-control", "no-store")
      return opsOverview(db)
    },
  })
}

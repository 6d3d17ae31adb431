import type { FastifyInstance } from "fastify"
import { captchaSettingsApi, type TaskPingback } from "@manyhands/contract/captcha"
import type { Config } from "../../config"
import type { Database } from "../../db/database"
import { HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { requireCustomer } from "./access"
import {
  addPingbackAddress,
  listPingbackAddresses,
  MAX_ADDRESSES_PER_USER,
  pingbackAttempts,
  PingbackRefused,
  removePingbackAddress,
} from "./pingback"

/*
 * The customer's pingback addresses and a task's pingback deliveries (CAPTCHA-API.md, "Settings and prices").
 * The log of every delivery attempt is a problem list (problem-routes.ts).
 */

export interface PingbackRoutesOptions {
  db: Database
  /** pingbackAllowPrivate comes from here; without it private and loopback addresses are refused. */
  config?: Pick<Config, "pingbackAllowPrivate">
}

const sameUrl = (a: string, b: string) => {
  try {
    return new URL(a).href === new URL(b).href
  } catch {
    return a === b
  }
}

export async function pingbackRoutes(fastify: FastifyInstance, { db, config }: PingbackRoutesOptions) {
  const allowPrivate = config?.pingbackAllowPrivate ?? false
  const app = api(fastify)
  app.route({
    ...routeOf(captchaSettingsApi.pingbacks),
    handler: async (request) => ({
      addresses: await listPingbackAddresses(db, requireCustomer(request).id),
    }),
  })

  app.route({
    ...routeOf(captchaSettingsApi.addPingback),
    handler: async (request) => {
      const user = requireCustomer(request)
      const { url } = request.body
      const known = await listPingbackAddresses(db, user.id)
      if (known.length >= MAX_ADDRESSES_PER_USER && !known.some((address) => sameUrl(address, url)))
        throw new HttpError(
          409,
          "TOO_MANY_PINGBACK_ADDRESSES",
          `You already have ${MAX_ADDRESSES_PER_USER} pingback addresses, the most allowed; remove one first.`,
        )
      try {
        await addPingbackAddress(db, user.id, url, { allowPrivate })
      } catch (error) {
        if (!(error instanceof PingbackRefused)) throw error
        throw new HttpError(400, "PINGBACK_URL_REFUSED", error.message, [
          { field: "url", message: error.message },
        ])
      }
      return { addresses: await listPingbackAddresses(db, user.id) }
    },
  })

  app.route({
    ...routeOf(captchaSettingsApi.removePingback),
    handler: async (request) => {
      const user = requireCustomer(request)
      const removed = await removePingbackAddress(db, user.id, request.query.url)
      if (removed === 0 && request.query.url !== "all")
        throw new HttpError(404, "PINGBACK_ADDRESS_NOT_FOUND", "This pingback address is not registered.")
      return { removed, addresses: await listPingbackAddresses(db, user.id) }
    },
  })

  app.route({
    ...routeOf(captchaSettingsApi.taskPingback),
    handler: async (request): Promise<TaskPingback> => {
      const user = requireCustomer(request)
      const { id } = request.params
      const { rows } = await db.query<Pick<TaskPingback, "url" | "state">>(
        `SELECT coalesce(d.url, t.pingback_url) AS url, d.state FROM captcha_tasks t
           LEFT JOIN pingback_deliveries d ON d.task_id = t.id
          WHERE t.id = $1 AND t.customer_id = $2`,
        [id, user.id],
      )
      if (!rows[0]) throw new HttpError(404, "TASK_NOT_FOUND", "You have no task with this id.")
      return { taskId: id, ...rows[0], attempts: await pingbackAttempts(db, user.id, id) }
    },
  })
}

import type { FastifyInstance, FastifyRequest } from "fastify"
import { proxyApi, type Gateway } from "@manyhands/contract/proxy"
import type { Config } from "../../config"
import type { Database } from "../../db/database"
import { HttpError, answerWith } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { requireCustomer } from "../captcha/access"
import { ApiRefusal, type CaptchaEngine } from "../captcha/engine"
import {
  ProxyError,
  allow,
  buyTraffic,
  changeSubuser,
  connectionStrings,
  createSubuser,
  deleteSubuser,
  disallow,
  listSubusers,
  proxyAccount,
  proxyPrices,
  purchases,
  usage,
} from "./proxy"

declare module "fastify" {
  interface FastifyInstance {
    /** Where clients reach the proxy gateway (main.ts sets the ports it listens on). */
    proxyGateway: GatewayAddress
  }
}

/*
 * The proxy cabinet's API and the proxy API (contract/src/proxy.ts): the cabinet's session, or the customer's API
 * key in x-api-key (or Authorization: Bearer) for programs. Prices are public.
 */

const answer = answerWith(ProxyError, (error) => {
  switch (error.code) {
    case "SUBUSER_NOT_FOUND":
    case "ENTRY_NOT_FOUND":
      return 404
    case "SUBUSER_NAME_TAKEN":
    case "ADDRESS_TAKEN":
    case "IDEMPOTENCY_KEY_REUSED":
      return 409
    case "INSUFFICIENT_FUNDS":
      return 402
    default:
      return 400
  }
})

/** Where clients reach the gateway; the ports are the ones it listens on once it has started. */
export interface GatewayAddress {
  current: Gateway
}

export function gatewayAddress(config: Config): GatewayAddress {
  return {
    current: {
      host: config.proxy.publicHost ?? new URL(config.origins.international).hostname,
      httpPort: config.proxy.httpPort,
      socksPort: config.proxy.socksPort,
    },
  }
}

const apiKeyOf = (request: FastifyRequest) => {
  const header = request.headers["x-api-key"]
  if (typeof header === "string" && header.trim()) return header.trim()
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? "")?.[1]
}

export async function proxyRoutes(
  fastify: FastifyInstance,
  { db, engine, gateway }: { db: Database; engine: CaptchaEngine; gateway: GatewayAddress },
) {
  /** The customer: by the API key when one is sent, else the signed-in session. */
  async function customerOf(request: FastifyRequest): Promise<string> {
    const key = apiKeyOf(request)
    if (key !== undefined) {
      try {
        return (await engine.authenticate(key, request.ip)).userId
      } catch (error) {
        if (error instanceof ApiRefusal) throw new HttpError(401, "API_KEY_INVALID", error.message)
        throw error
      }
    }
    return requireCustomer(request).id
  }

  const app = api(fastify)
  app.route({
    ...routeOf(proxyApi.prices),
    handler: async (request, reply) => {
      reply.header("cache-control", "public, max-age=60")
      return proxyPrices(db, request.query.currency ?? "USD")
    },
  })
  app.route({
    ...routeOf(proxyApi.account),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store")
      return proxyAccount(db, await customerOf(request), gateway.current)
    },
  })
  app.route({
    ...routeOf(proxyApi.buy),
    handler: async (request) => {
      const userId = await customerOf(request)
      return answer(() => buyTraffic(db, userId, request.body, gateway.current))
    },
  })
  app.route({
    ...routeOf(proxyApi.purchases),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store")
      return { purchases: await purchases(db, await customerOf(request)) }
    },
  })
  app.route({
    ...routeOf(proxyApi.subusers),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store")
      return { subusers: await listSubusers(db, await customerOf(request)) }
    },
  })
  app.route({
    ...routeOf(proxyApi.createSubuser),
    handler: async (request) => {
      const userId = await customerOf(request)
      return answer(() => createSubuser(db, userId, request.body))
    },
  })
  app.route({
    ...routeOf(proxyApi.changeSubuser),
    handler: async (request) => {
      const userId = await customerOf(request)
      return answer(() => changeSubuser(db, userId, request.params.id, request.body))
    },
  })
  app.route({
    ...routeOf(proxyApi.deleteSubuser),
    handler: async (request, reply) => {
      const userId = await customerOf(request)
      await answer(() => deleteSubuser(db, userId, request.params.id))
      return reply.code(204).send()
    },
  })
  app.route({
    ...routeOf(proxyApi.allow),
    handler: async (request) => {
      const userId = await customerOf(request)
      return answer(() => allow(db, userId, request.params.id, request.body))
    },
  })
  app.route({
    ...routeOf(proxyApi.disallow),
    handler: async (request) => {
      const userId = await customerOf(request)
      return answer(() => disallow(db, userId, request.params.id, request.params.entry))
    },
  })
  app.route({
    ...routeOf(proxyApi.usage),
    handler: async (request, reply) => {
      const userId = await customerOf(request)
      reply.header("cache-control", "no-store")
      return answer(() => usage(db, userId, request.query))
    },
  })
  app.route({
    ...routeOf(proxyApi.connections),
    handler: async (request) => {
      const userId = await customerOf(request)
      return { lines: await answer(() => connectionStrings(db, userId, request.body, gateway.current)) }
    },
  })
}

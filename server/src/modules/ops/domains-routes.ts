/*
 * Manual domains' endpoints (contract/src/ops-domains.ts): administrators and moderators; each change is audited
 * and makes this process's engine read the rules again at once (the others within DOMAIN_RULES_TTL_MS).
 */
import type { FastifyInstance } from "fastify"
import { opsDomainsApi } from "@manyhands/contract/ops-domains"
import type { Database } from "../../db/database"
import { answerWith } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import type { CaptchaEngine } from "../captcha/engine"
import { requireStaff } from "../session/sessions"
import { staffActor } from "./audit"
import {
  createDomainRule,
  deleteDomainRule,
  DOMAIN_RULE_STATUS,
  DomainRuleError,
  dryRunDomainRule,
  listDomainRules,
  updateDomainRule,
} from "./domains"

const answer = answerWith(DomainRuleError, (error) => DOMAIN_RULE_STATUS[error.code])

export async function domainRuleRoutes(
  fastify: FastifyInstance,
  { db, engine }: { db: Database; engine: CaptchaEngine },
) {
  const app = api(fastify)
  app.route({
    ...routeOf(opsDomainsApi.list),
    handler: async (request, reply) => {
      requireStaff(request)
      void reply.header("cache-control", "no-store")
      return { rules: await listDomainRules(db, request.query) }
    },
  })
  app.route({
    ...routeOf(opsDomainsApi.create),
    handler: async (request, reply) => {
      const user = requireStaff(request)
      const rule = await answer(() => createDomainRule(db, staffActor(request, user), request.body))
      engine.domainRules.forget()
      return reply.code(201).send(rule)
    },
  })
  app.route({
    ...routeOf(opsDomainsApi.update),
    handler: async (request) => {
      const user = requireStaff(request)
      const rule = await answer(() =>
        updateDomainRule(db, staffActor(request, user), request.params.id, request.body),
      )
      engine.domainRules.forget()
      return rule
    },
  })
  app.route({
    ...routeOf(opsDomainsApi.remove),
    handler: async (request) => {
      const user = requireStaff(request)
      await answer(() => deleteDomainRule(db, staffActor(request, user), request.params.id))
      engine.domainRules.forget()
      return { id: request.params.id }
    },
  })
  app.route({
    ...routeOf(opsDomainsApi.dryRun),
    handler: async (request) => {
      requireStaff(request)
      return answer(() => dryRunDomainRule(db, request.body))
    },
  })
}

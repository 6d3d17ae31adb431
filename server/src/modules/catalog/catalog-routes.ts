/*
 * The software catalogue's endpoints (contract/src/catalog.ts). Reading is public; a review needs a signed-in
 * account (and the CSRF header, as every signed-in POST). The seeded catalogue (server/content/software) is loaded
 * when the plugin starts.
 */
import { SOFTWARE_PICTURES_PER_HOUR, catalogApi, catalogLanguage } from "@manyhands/contract/catalog"
import { siteForHost } from "@manyhands/app/sites"
import type { FastifyInstance, FastifyRequest } from "fastify"
import type { Config } from "../../config"
import type { Database } from "../../db/database"
import { answerWith, HttpError } from "../../http/errors"
import { api, routeOf } from "../../http/routes"
import { userPictureUploads } from "../content/attachment-routes"
import { requireEditor } from "../content/routes"
import { requireUser } from "../session/sessions"
import { readCatalogContent } from "./catalog-content"
import { CatalogError, SoftwareCatalog, type CatalogErrorCode } from "./catalog"
import { SoftwareAuthoring } from "./catalog-authoring"

const STATUS: Record<CatalogErrorCode, number> = {
  SEARCH_TOO_SHORT: 400,
  UNKNOWN_CATEGORY: 400,
  SOFTWARE_NOT_FOUND: 404,
  REVIEW_EXISTS: 409,
  OWN_SOFTWARE: 403,
  BAD_DATES: 400,
  REVIEW_NOT_FOUND: 404,
  NOT_THE_AUTHOR: 403,
  ALREADY_ANSWERED: 409,
  ALREADY_REPORTED: 409,
  REASON_REQUIRED: 400,
  VALIDATION_FAILED: 400,
  SLUG_TAKEN: 409,
  PICTURE_NOT_FOUND: 400,
  NOTHING_CHANGED: 409,
  REVISION_NOT_FOUND: 404,
  RATE_LIMITED: 429,
}

/** Reviews (and reports) one account may send per hour (a second one per program is refused anyway). */
const REVIEWS_PER_HOUR = 20

/** The route's limit: REVIEWS_PER_HOUR per signed-in account (per address before the session is known). */
const hourlyPerAccount = (name: string, max = REVIEWS_PER_HOUR, timeWindow = 60 * 60 * 1000) => ({
  rateLimit: {
    max,
    timeWindow,
    hook: "preHandler" as const,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.visitor.user?.id ?? request.ip}`,
  },
})

export async function catalogRoutes(
  fastify: FastifyInstance,
  { db, config, catalog }: { db: Database; config: Config; catalog?: SoftwareCatalog },
) {
  const service = catalog ?? new SoftwareCatalog(db)
  const authoring = new SoftwareAuthoring(db)
  // The files are read now (a broken one stops the start: it ships with the code); the database is filled when
  // the app is ready, and a database that does not answer then is the health check's to report, not a crash.
  const content = readCatalogContent()
  fastify.addHook("onReady", async () => {
    try {
      const added = await service.seed(content)
      if (added > 0) fastify.log.info({ added }, "software catalogue loaded")
    } catch (error) {
      fastify.log.warn({ err: error }, "software catalogue not loaded")
    }
  })

  const app = api(fastify)
  /** The asked language, else the site's (ru on the Russian site), in the catalogue's two. */
  const languageOf = (request: FastifyRequest, asked: string | undefined) =>
    catalogLanguage(asked ?? siteForHost(request.host, config.origins).defaultLanguage)
  const answer = answerWith(CatalogError, (error) => STATUS[error.code])

  app.route({
    ...routeOf(catalogApi.categories),
    handler: async (request) => ({
      categories: await service.categories(languageOf(request, request.query.language)),
    }),
  })
  app.route({
    ...routeOf(catalogApi.list),
    handler: (request) =>
      answer(() => service.list({ ...request.query, language: languageOf(request, request.query.language) })),
  })
  app.route({
    ...routeOf(catalogApi.item),
    handler: async (request, reply) => {
      // The reader's own review is in it: not for shared caches.
      void reply.header("cache-control", "private, no-cache")
      return answer(() =>
        service.item(
          request.params.slug,
          languageOf(request, request.query.language),
          request.visitor.user?.id ?? null,
        ),
      )
    },
  })
  app.route({
    ...routeOf(catalogApi.reviews),
    handler: (request) => answer(() => service.reviews(request.params.slug, request.query.page ?? 0)),
  })
  app.route({
    ...routeOf(catalogApi.review),
    config: hourlyPerAccount("software-review"),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const { softwareId } = request.params
      if (request.body.softwareId !== softwareId)
        throw new HttpError(400, "VALIDATION_FAILED", "softwareId must be the program of the address.", [
          { field: "softwareId", message: "is not the program of the address" },
        ])
      const review = await answer(() => service.review(user.id, softwareId, request.body, request.ip))
      return reply.code(201).send(review)
    },
  })
  app.route({
    ...routeOf(catalogApi.reply),
    handler: (request) => {
      const user = requireUser(request)
      const { softwareId, id } = request.params
      return answer(() => service.reply(user.id, softwareId, id, request.body.body))
    },
  })
  app.route({
    ...routeOf(catalogApi.report),
    config: hourlyPerAccount("software-report"),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const { softwareId, id } = request.params
      await answer(() => service.report(user.id, softwareId, id, request.body.reason))
      return reply.code(204).send()
    },
  })
  app.route({
    ...routeOf(catalogApi.moderationReviews),
    handler: (request, reply) => {
      requireEditor(request)
      void reply.header("cache-control", "no-store")
      return answer(() => service.moderationQueue(request.query.page ?? 0))
    },
  })
  app.route({
    ...routeOf(catalogApi.decideReview),
    handler: (request) => {
      const moderator = requireEditor(request)
      return answer(() =>
        service.decide(moderator.id, request.params.id, request.body.decision, request.body.reason),
      )
    },
  })
  app.route({
    ...routeOf(catalogApi.create),
    config: hourlyPerAccount("software-add"),
    handler: async (request, reply) => {
      const user = requireUser(request)
      const created = await answer(() => authoring.create(user.id, request.body))
      request.log.info({ userId: user.id, softwareId: created.id, event: "software_added" })
      return reply.code(201).send(created)
    },
  })
  app.route({
    ...routeOf(catalogApi.mine),
    handler: (request, reply) => {
      const user = requireUser(request)
      void reply.header("cache-control", "no-store")
      return authoring.mine(user.id)
    },
  })
  app.route({
    ...routeOf(catalogApi.draft),
    handler: (request, reply) => {
      const user = requireUser(request)
      void reply.header("cache-control", "no-store")
      const editor = Boolean(user.permissions.admin || user.permissions.moderator)
      return answer(() => authoring.draft({ id: user.id, editor }, request.params.slug))
    },
  })
  app.route({
    ...routeOf(catalogApi.edit),
    handler: (request) => {
      const user = requireUser(request)
      return answer(() => authoring.edit(user.id, request.params.softwareId, request.body))
    },
  })
  app.route({
    ...routeOf(catalogApi.reportProgram),
    config: hourlyPerAccount("software-report"),
    handler: async (request, reply) => {
      const user = requireUser(request)
      await answer(() => authoring.report(user.id, request.params.softwareId, request.body.reason))
      return reply.code(204).send()
    },
  })
  app.route({
    ...routeOf(catalogApi.moderationItems),
    handler: (request, reply) => {
      requireEditor(request)
      void reply.header("cache-control", "no-store")
      return authoring.queue(request.query.page ?? 0)
    },
  })
  app.route({
    ...routeOf(catalogApi.decideItem),
    handler: (request) => {
      const moderator = requireEditor(request)
      const { decision, reason } = request.body
      return answer(() => authoring.decideItem(moderator.id, request.params.id, decision, reason))
    },
  })
  app.route({
    ...routeOf(catalogApi.decideRevision),
    handler: (request) => {
      const moderator = requireEditor(request)
      const { decision, reason } = request.body
      return answer(() => authoring.decideRevision(moderator.id, request.params.id, decision, reason))
    },
  })
  // Authors' pictures: any signed-in account, stored as the editors' are.
  await userPictureUploads(fastify, {
    db,
    endpoint: catalogApi.uploadPicture,
    name: "software_picture",
    perHour: SOFTWARE_PICTURES_PER_HOUR,
  })
  app.route({
    ...routeOf(catalogApi.statistics),
    handler: (request) => answer(() => service.statistics(request.params.slug, request.query)),
  })
}

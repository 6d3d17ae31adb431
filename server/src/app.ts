import compress from "@fastify/compress"
import middie from "@fastify/middie"
import rateLimit from "@fastify/rate-limit"
import Fastify, { type FastifyInstance } from "fastify"
import { createRequire } from "node:module"
import { dirname } from "node:path"
import type { Config } from "./config"
import type { Database } from "./db/database"
import { HttpError, installErrorHandler } from "./http/errors"
import { loggerOptions } from "./http/logging"
import { affiliateRoutes } from "./modules/affiliate/routes"
import { cryptoRoutes } from "./modules/crypto/routes"
import { codeRoutes } from "./modules/codes/routes"
import type { AbuseLimits } from "./modules/captcha/abuse"
import { customerApiRoutes } from "./modules/captcha/customer-routes"
import { customerAreaRoutes } from "./modules/captcha/customer-area-routes"
import { customerSettingsRoutes } from "./modules/captcha/customer-settings-routes"
import { CaptchaEngine } from "./modules/captcha/engine"
import { installFiniteNumbers } from "./http/finite-numbers"
import { installJsonDepthLimit } from "./http/json-depth"
import { installSafeText } from "./http/safe-text"
import { installSecurityHeaders } from "./http/security-headers"
import { LimitStore } from "./modules/limits/store"
import { pruneDevices } from "./modules/auth/sign-in-throttle"
import { pruneReferralVisits } from "./modules/visitors/referral-visits"
import { Statistics } from "./modules/statistics/service"
import { statisticsRoutes } from "./modules/statistics/statistics-routes"
import { pingbackRoutes } from "./modules/captcha/pingback-routes"
import { priceRoutes } from "./modules/captcha/price-routes"
import { domainRuleRoutes } from "./modules/ops/domains-routes"
import { priceAdminRoutes } from "./modules/ops/prices-routes"
import { problemRoutes } from "./modules/captcha/problem-routes"
import { sampleRoutes } from "./modules/captcha/sample-routes"
import { taskListRoutes } from "./modules/captcha/task-list-routes"
import { taskReportRoutes } from "./modules/captcha/task-report-routes"
import { workerSettingsRoutes } from "./modules/captcha/worker-settings-routes"
import { captchaTypeRoutes } from "./modules/captcha-types/routes"
import { goldTaskRoutes } from "./modules/dispatch/gold-routes"
import { messagesRoutes } from "./modules/ops/messages-routes"
import { moderationRoutes } from "./modules/ops/moderation-routes"
import { workerApiRoutes } from "./modules/dispatch/worker-routes"
import { devRoutes, mailboxRoutes } from "./modules/dev/routes"
import { discountRoutes } from "./modules/discounts/routes"
import { contentRoutes } from "./modules/content/routes"
import { contentAttachmentRoutes } from "./modules/content/attachment-routes"
import { authRoutes } from "./modules/auth/routes"
import { healthRoutes } from "./modules/health/routes"
import { openApiRoutes, registerOpenApi } from "./modules/docs/openapi"
import { apiDocsRoutes } from "./modules/docs/api-docs-routes"
import { catalogRoutes } from "./modules/catalog/catalog-routes"
import { demoRoutes } from "./modules/demos/demo-routes"
import { Jobs } from "./modules/jobs/jobs"
import { createMailer, type Mailer } from "./modules/mail/mailer"
import { feedbackRoutes } from "./modules/feedback/routes"
import { enterpriseRoutes } from "./modules/enterprise/routes"
import { opsAuditRoutes } from "./modules/ops/audit-routes"
import { opsUserRoutes } from "./modules/ops/users-routes"
import { helpRoutes } from "./modules/support/help-routes"
import { supportRoutes } from "./modules/support/routes"
import { PushNotifications } from "./modules/push/push"
import { pushRoutes } from "./modules/push/routes"
import { scheduleReconciliation } from "./modules/payments/payments"
import { paymentAdapters } from "./modules/payments/providers"
import { paymentRoutes } from "./modules/payments/routes"
import { payoutRoutes } from "./modules/payouts/routes"
import { profileRoutes } from "./modules/profile/routes"
import { transferRoutes } from "./modules/transfers/routes"
import { playRoutes } from "./modules/play/routes"
import { gatewayAddress, proxyRoutes } from "./modules/proxy/routes"
import { installSessions } from "./modules/session/sessions"
import { userRoutes } from "./modules/user/routes"
import { visitorRoutes } from "./modules/visitors/routes"
import { createBuiltRenderer, createViteRenderer, type PageRenderer } from "./ssr/renderer"
import { PageCache } from "./ssr/page-cache"
import { pageRoutes } from "./ssr/routes"
import { loadTranslations } from "./ssr/translations"

export interface AppOptions {
  config: Config
  db: Database
  /** "built": the production bundle of the app; "vite": development with hot reload; "none": API only. */
  pages: "built" | "vite" | "none"
  /** Where logs go (tests capture them); stdout by default. */
  logStream?: NodeJS.WritableStream
  /** Sends the account mails; by default SMTP (SMTP_URL) or the database outbox. */
  mailer?: Mailer
  /** Where every limit counts; by default Redis (REDIS_URL) or this process's memory. */
  limits?: LimitStore
  /** The customer API's timing rules (captcha/abuse.ts) where they differ from the defaults. */
  abuseLimits?: Partial<AbuseLimits>
}

declare module "fastify" {
  interface FastifyInstance {
    /** The background jobs of this process (the database's pg-boss queue). */
    jobs: Jobs
    /** Browser push notifications: subscriptions, ticket answers and low-balance alerts (modules/push). */
    push: PushNotifications
  }
}

/** The hourly pruning of sign-in browsers and referral visits. */
export const ACCOUNTS_PRUNE_JOB = "accounts-prune"

const require = createRequire(import.meta.url)
const APP_VERSION = (require("../package.json") as { version: string }).version
export const localesDir = dirname(require.resolve("@manyhands/locales/package.json"))

export async function buildApp({
  config,
  db,
  pages,
  logStream,
  mailer: givenMailer,
  limits: givenLimits,
  abuseLimits,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Unknown fields are refused with a clear error instead of silently dropped.
    ajv: { customOptions: { removeAdditional: false } },
    // On close: stop accepting, end idle keep-alive sockets, let running requests finish.
    forceCloseConnections: "idle",
    return503OnClosing: true,
    // A new database's first start loads the product's articles inside the content plugin: some 70 of them, each
    // rendered and stored, took 8 to 12 s on a two-core machine (on either database), past Fastify's 10 s default,
    // and the server gave up starting on a fresh PostgreSQL database.
    pluginTimeout: 120_000,
  })
  installErrorHandler(app)
  // JSON nested deeper than any API reads, NUL and unpaired surrogates, and numbers that are not finite are
  // refused in every request, before any route sees them.
  installJsonDepthLimit(app)
  installSafeText(app)
  installFiniteNumbers(app)

  const development = pages === "vite"
  // Vite's dev client injects inline scripts; the production policy applies to built pages only.
  installSecurityHeaders(app, { policy: !development })
  await app.register(compress, { threshold: 1024 })

  // Every limit counts in one store (LIMITS.md): Redis when REDIS_URL is set, shared by all processes.
  const limits =
    givenLimits ??
    (await LimitStore.open({
      redisUrl: config.redisUrl,
      prefix: config.redisPrefix,
      onError: (error) =>
        app.log.warn({ err: error }, "Redis (limits) failed; counting per process meanwhile"),
    }))
  if (!givenLimits) app.addHook("onClose", () => limits.close())
  app.decorate("limits", limits)
  // Per-route limits (config.rateLimit) on the same Redis connection, or in memory.
  await app.register(rateLimit, {
    global: false,
    ...(limits.redis ? { redis: limits.redis, nameSpace: `${config.redisPrefix}route-` } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, "RATE_LIMITED", `Too many requests; try again in ${context.after}.`),
  })
  // Background work runs on one job queue in the database, shared by every process (modules/jobs/jobs.ts). It
  // stops before anything else closes: no job runs against a closing engine or database.
  const jobs = new Jobs({ db, log: app.log, ...config.jobs })
  await jobs.start()
  app.decorate("jobs", jobs)
  app.addHook("preClose", () => jobs.stop())
  // Long-unseen sign-in browsers and expired referral visits go hourly.
  await jobs.every(ACCOUNTS_PRUNE_JOB, { seconds: 60 * 60, retryDelaySeconds: 60 }, async () => {
    await pruneDevices(db)
    await pruneReferralVisits(db)
  })
  installSessions(app, { db, config })
  // Before the routes: it collects each route's contract schemas into /api/openapi.json.
  await registerOpenApi(app, { version: APP_VERSION })
  await app.register(openApiRoutes)
  const translations = loadTranslations(localesDir)
  const mailer = givenMailer ?? createMailer(config, db, translations, app.log)
  app.addHook("onClose", async () => mailer.close())
  await app.register(healthRoutes, { db })
  await app.register(captchaTypeRoutes, { db })
  await app.register(userRoutes, { db, config, mailer, limits })
  await app.register(authRoutes, { db, config, mailer, limits })
  await app.register(profileRoutes, { db, config, mailer, limits })
  await app.register(visitorRoutes, { db, config })
  const engine = new CaptchaEngine({ db, config, log: app.log, jobs })
  await engine.start()
  app.addHook("onClose", () => engine.close())
  app.decorate("captchaEngine", engine)
  await app.register(customerApiRoutes, {
    engine,
    db,
    config,
    limits,
    abuseLimits: { pollBase: config.pollBase, ...abuseLimits },
  })
  await app.register(workerApiRoutes, { engine, db })
  await app.register(playRoutes, { db, jobs })
  const proxyGateway = gatewayAddress(config)
  app.decorate("proxyGateway", proxyGateway)
  await app.register(proxyRoutes, { db, engine, gateway: proxyGateway })
  await app.register(customerSettingsRoutes, { db })
  await app.register(pingbackRoutes, { db, config })
  await app.register(taskListRoutes, { db })
  await app.register(problemRoutes, { db })
  await app.register(priceRoutes, { engine, db })
  // The operations console's manual domain rules and versioned prices (both applied by the engine).
  await app.register(domainRuleRoutes, { db, engine })
  await app.register(priceAdminRoutes, { db, engine })
  const statistics = new Statistics({
    db,
    catalogue: engine.catalogue,
    log: app.log,
    jobs,
    intervalSeconds: config.statsIntervalSeconds,
    cacheMs: config.statsCacheSeconds * 1000,
  })
  app.decorate("statistics", statistics)
  app.addHook("onClose", () => statistics.close())
  await app.register(statisticsRoutes, { statistics, catalogue: engine.catalogue, config })
  // The developer docs and captcha pages: generated from the task catalogue, with the live price list.
  await app.register(apiDocsRoutes, { config, prices: statistics })
  // The captcha demos: our own widgets, their challenges and tokens, and the verifier.
  await app.register(demoRoutes, { db })
  // The software catalogue: programs, reviews and their soft_id's public usage; the seeded programs load here.
  await app.register(catalogRoutes, { db, config })
  await app.register(workerSettingsRoutes, { db })
  await app.register(customerAreaRoutes, { engine, db, config })
  await app.register(taskReportRoutes, { engine, db })
  await app.register(sampleRoutes)
  await app.register(goldTaskRoutes, { db })
  await app.register(moderationRoutes, { db })
  await app.register(messagesRoutes, { db })
  const adapters = paymentAdapters(config, db)
  if (adapters.sandbox && config.env === "production")
    app.log.warn("The sandbox payment provider is on: anyone can top up without paying (PAYMENT_SANDBOX)")
  await app.register(paymentRoutes, { db, config, adapters })
  // Crypto invoices' pages' API; their chain watcher (a job) looks at the addresses every CRYPTO_WATCH_SECONDS.
  await app.register(cryptoRoutes, { config, adapters, jobs })
  // Payments left pending (a webhook lost) are asked about every 5 minutes (a job).
  await scheduleReconciliation(jobs, { db, adapters: adapters.byShortname, log: app.log })
  await app.register(payoutRoutes, { db })
  await app.register(affiliateRoutes, { db, config })
  await app.register(transferRoutes, { db, config, mailer, limits })
  await app.register(codeRoutes, { db, limits })
  await app.register(discountRoutes, { db })
  // The blog, the software blog and tutorials; scheduled articles are stored as published every minute (a job).
  await app.register(contentRoutes, { db, config, jobs, limits, translations })
  // The editors' pictures: their API, and their copies at /media/ (public, cached for good).
  await app.register(contentAttachmentRoutes, { db })
  // Browser push notifications (Web Push, VAPID): subscriptions, and the low-balance alerts' job.
  const push = new PushNotifications({ db, config: config.push, translations, log: app.log })
  await push.start()
  app.decorate("push", push)
  app.addHook("preClose", () => push.idle())
  await app.register(pushRoutes, { push, jobs, lowBalanceSeconds: config.push.lowBalanceSeconds })
  // Support tickets: the customers' threads and staff's queue; mails and pushes on answers.
  await app.register(supportRoutes, { db, mailer, push })
  await app.register(feedbackRoutes, { db, config })
  // The support bot (answers from the FAQ, tutorials and API guides; its index is a job) and FAQ votes.
  await app.register(helpRoutes, { db, jobs, buildAtStart: config.productContent })
  // Enterprise plans; waits past an enterprise ticket's target are credited every minute (a job).
  await app.register(enterpriseRoutes, { db, config, jobs })
  await app.register(opsUserRoutes, { db })
  await app.register(opsAuditRoutes, { db })
  if (config.mailOutboxViewer) await app.register(mailboxRoutes, { db, config, mailer, limits })
  if (config.env !== "production") await app.register(devRoutes, { db, config, mailer, limits })
  // Any other /api/ address is a JSON 404, never an HTML page.
  app.all("/api/*", async (request) => {
    throw new HttpError(404, "NOT_FOUND", `No API endpoint ${request.method} ${request.url.split("?")[0]}`)
  })
  app.setNotFoundHandler((request) => {
    throw new HttpError(404, "NOT_FOUND", `Nothing at ${request.method} ${request.url.split("?")[0]}`)
  })

  if (pages !== "none") {
    let renderer: PageRenderer
    if (development) {
      renderer = await createViteRenderer(app.server)
      await app.register(middie)
      app.use(renderer.middlewares!)
    } else {
      renderer = await createBuiltRenderer()
    }
    app.addHook("onClose", () => renderer.close())
    const pageCache =
      config.pageCache.seconds > 0 && renderer.variant
        ? new PageCache({
            ttlMs: config.pageCache.seconds * 1000,
            maxBytes: config.pageCache.megabytes * 1048576,
          })
        : undefined
    if (pageCache && db.listen) {
      // Every process drops its pages when what they show changes (migration 0039's triggers).
      const stop = await db.listen("page_cache", () => pageCache.clear(), { ownCommits: true })
      app.addHook("onClose", () => stop())
    }
    await app.register(pageRoutes, { renderer, translations, config, db, pageCache })
  }
  return app
}

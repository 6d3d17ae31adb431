import compress from "@fastify/compress"
import helmet from "@fastify/helmet"
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
import { customerApiRoutes } from "./modules/captcha/customer-routes"
import { customerAreaRoutes } from "./modules/captcha/customer-area-routes"
import { customerSettingsRoutes } from "./modules/captcha/customer-settings-routes"
import { CaptchaEngine } from "./modules/captcha/engine"
import { installSafeText } from "./http/safe-text"
import { Statistics } from "./modules/statistics/service"
import { statisticsRoutes } from "./modules/statistics/statistics-routes"
import { pingbackRoutes } from "./modules/captcha/pingback-routes"
import { priceRoutes } from "./modules/captcha/price-routes"
import { problemRoutes } from "./modules/captcha/problem-routes"
import { sampleRoutes } from "./modules/captcha/sample-routes"
import { taskListRoutes } from "./modules/captcha/task-list-routes"
import { workerSettingsRoutes } from "./modules/captcha/worker-settings-routes"
import { captchaTypeRoutes } from "./modules/captcha-types/routes"
import { goldTaskRoutes } from "./modules/dispatch/gold-routes"
import { workerApiRoutes } from "./modules/dispatch/worker-routes"
import { devRoutes } from "./modules/dev/routes"
import { discountRoutes } from "./modules/discounts/routes"
import { authRoutes } from "./modules/auth/routes"
import { healthRoutes } from "./modules/health/routes"
import { openApiRoutes, registerOpenApi } from "./modules/docs/openapi"
import { createMailer, type Mailer } from "./modules/mail/mailer"
import { startReconciliation } from "./modules/payments/payments"
import { paymentAdapters } from "./modules/payments/providers"
import { paymentRoutes } from "./modules/payments/routes"
import { payoutRoutes } from "./modules/payouts/routes"
import { profileRoutes } from "./modules/profile/routes"
import { transferRoutes } from "./modules/transfers/routes"
import { installSessions } from "./modules/session/sessions"
import { userRoutes } from "./modules/user/routes"
import { visitorRoutes } from "./modules/visitors/routes"
import { createBuiltRenderer, createViteRenderer, type PageRenderer } from "./ssr/renderer"
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
}

const require = createRequire(import.meta.url)
const APP_VERSION = (require("../package.json") as { version: string }).version
export const localesDir = dirname(require.resolve("@manyhands/locales/package.json"))

export async function buildApp({
  config,
  db,
  pages,
  logStream,
  mailer: givenMailer,
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
  })
  installErrorHandler(app)
  // NUL and unpaired surrogates are refused in every request, before any route sees them.
  installSafeText(app)

  const development = pages === "vite"
  await app.register(helmet, {
    enableCSPNonces: !development,
    // Vite's dev client injects inline scripts; the production policy applies to built pages only.
    contentSecurityPolicy: development
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'"],
            styleSrcAttr: ["'unsafe-inline'"],
            imgSrc: ["'self'", "data:"],
            fontSrc: ["'self'", "data:"],
            connectSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'self'"],
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            upgradeInsecureRequests: null,
          },
        },
  })
  await app.register(compress, { threshold: 1024 })

  // Limits are set per route (config.rateLimit); in memory, so per server process.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, "RATE_LIMITED", `Too many requests; try again in ${context.after}.`),
  })
  installSessions(app, { db, config })
  // Before the routes: it collects each route's contract schemas into /api/openapi.json.
  await registerOpenApi(app, { version: APP_VERSION })
  await app.register(openApiRoutes)
  const translations = loadTranslations(localesDir)
  const mailer = givenMailer ?? createMailer(config, db, translations)
  app.addHook("onClose", async () => mailer.close())
  await app.register(healthRoutes, { db })
  await app.register(captchaTypeRoutes, { db })
  await app.register(userRoutes, { db, config, mailer })
  await app.register(authRoutes, { db, config, mailer })
  await app.register(profileRoutes, { db, config, mailer })
  await app.register(visitorRoutes, { db })
  const engine = new CaptchaEngine({ db, config, log: app.log })
  await engine.start()
  app.addHook("onClose", () => engine.close())
  app.decorate("captchaEngine", engine)
  await app.register(customerApiRoutes, { engine, db, config })
  await app.register(workerApiRoutes, { engine, db })
  await app.register(customerSettingsRoutes, { db })
  await app.register(pingbackRoutes, { db, config })
  await app.register(taskListRoutes, { db })
  await app.register(problemRoutes, { db })
  await app.register(priceRoutes, { engine, db })
  const statistics = new Statistics({
    db,
    catalogue: engine.catalogue,
    log: app.log,
    intervalMs: config.statsIntervalSeconds * 1000,
    cacheMs: config.statsCacheSeconds * 1000,
  })
  app.decorate("statistics", statistics)
  app.addHook("onClose", () => statistics.close())
  await app.register(statisticsRoutes, { statistics, catalogue: engine.catalogue, config })
  await app.register(workerSettingsRoutes, { db })
  await app.register(customerAreaRoutes, { engine, db, config })
  await app.register(sampleRoutes)
  await app.register(goldTaskRoutes, { db })
  const adapters = paymentAdapters(config, db)
  if (adapters.sandbox && config.env === "production")
    app.log.warn("The sandbox payment provider is on: anyone can top up without paying (PAYMENT_SANDBOX)")
  await app.register(paymentRoutes, { db, config, adapters })
  // Crypto invoices' pages' API; their chain watcher looks at the addresses every CRYPTO_WATCH_SECONDS.
  await app.register(cryptoRoutes, { config, adapters })
  // Payments left pending (a webhook lost) are asked about every 5 minutes.
  const reconciliation = startReconciliation({ db, adapters: adapters.byShortname, log: app.log })
  app.addHook("onClose", () => reconciliation.stop())
  await app.register(payoutRoutes, { db })
  await app.register(affiliateRoutes, { db, config })
  await app.register(transferRoutes, { db, config, mailer })
  await app.register(codeRoutes, { db })
  await app.register(discountRoutes, { db })
  if (config.env !== "production") await app.register(devRoutes, { db, config, mailer })
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
    await app.register(pageRoutes, { renderer, translations, config })
  }
  return app
}

import { isAbsolute, join, resolve } from "node:path"
import { type CryptoConfig, readCryptoConfig } from "./modules/crypto/crypto-config"
import { type PushConfig, readPushConfig } from "./modules/push/push-config"
import { repoRoot } from "./paths"

export interface Config {
  env: "development" | "production" | "test"
  /** Vite middleware and hot reload instead of the built client. */
  dev: boolean
  host: string
  port: number
  /** postgres:// address of a real server; unset means the embedded PGlite in `dataDir`. */
  databaseUrl: string | undefined
  dataDir: string
  databasePoolSize: number
  /**
   * redis:// address: every limit (LIMITS.md) counts there, shared by all server processes and kept across
   * restarts; unset: in the process's memory (enough for the single-process embedded default).
   */
  redisUrl: string | undefined
  /** Prefix of this deployment's keys in Redis (several deployments or test runs may share one server). */
  redisPrefix: string
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent"
  /** Trust X-Forwarded-* headers (only behind a reverse proxy you run). */
  trustProxy: boolean
  /** Origins of the international, Russian-language and Chinese sites (spec §2). */
  origins: { international: string; russian: string; chinese: string }
  /** Cookies get the Secure flag when the international site is served over HTTPS. */
  secureCookies: boolean
  /** smtp:// or smtps:// address of the mail server; unset keeps mail in the database outbox (/dev/mail). */
  smtpUrl: string | undefined
  /** The From of every mail. */
  mailFrom: string
  /**
   * /dev/mail shows the outbox, and the log says where to read each kept mail: outside production, and in the embedded
   * demo without SMTP (`npm start`), so a newcomer can confirm a new account. Never on a production server with
   * DATABASE_URL (the outbox holds real users' links); in production only requests from this machine see it.
   */
  mailOutboxViewer: boolean
  /** Pingbacks may go to loopback and private addresses (tests and development only; never in production). */
  pingbackAllowPrivate: boolean
  /** A customer's tasks still waiting for a worker; more are refused with ERROR_NO_SLOT_AVAILABLE. */
  maxWaitingTasks: number
  /** ERROR: 1005: polls a key may make in 5 minutes besides 20 per task it submitted (captcha-api §1.7). */
  pollBase: number
  /** Public statistics (STATISTICS.md): how often the rollup runs, and how long public answers are cached. */
  statsIntervalSeconds: number
  statsCacheSeconds: number
  /**
   * Anonymous public pages kept rendered per process (ssr/page-cache.ts): for how long at most (0 = not kept) and
   * in how many megabytes of HTML.
   */
  pageCache: { seconds: number; megabytes: number }
  /**
   * Background jobs on the database's job queue (pg-boss; ARCHITECTURE.md): how often each process looks for due
   * jobs besides the ones it asked for itself, and how often one process fails the jobs of a process that died
   * mid-run (to retry them) and archives finished ones.
   */
  jobs: { pollSeconds: number; maintenanceSeconds: number }
  /**
   * Days of demo history the embedded demo database gets on its first start (customers and workers simulated
   * through the real engine, in the background); 0 for none. Never on a PostgreSQL server.
   */
  demoHistoryDays: number
  /**
   * The proxy gateway (modules/proxy/gateway.ts): started beside the web server unless PROXY_GATEWAY=false (or run
   * alone with `node server/dist/gateway.js` on a PostgreSQL server); its ports, and the host name connection
   * strings name (PROXY_PUBLIC_HOST, default the site's host).
   */
  proxy: { enabled: boolean; httpPort: number; socksPort: number; publicHost: string | null }
  /** Load server/content/ (the product's blog, software blog and tutorials) at start. */
  productContent: boolean
  /**
   * The built-in sandbox payment provider (MONEY.md). It credits balance for free, so by default it is on only
   * outside production, or in the embedded demo (production mode on PGlite, `npm start`) without a real
   * provider; a production server with a real database needs PAYMENT_SANDBOX_FREE_MONEY_IN_PRODUCTION=true too.
   */
  paymentSandbox: boolean
  /** The sandbox's webhook signing secret; unset: a random one per process start (its webhooks never leave it). */
  paymentSandboxSecret: string | undefined
  /** Stripe (the "card" provider) is enabled when both are set. */
  stripeSecretKey: string | undefined
  stripeWebhookSecret: string | undefined
  /**
   * The affiliate programme (AFFILIATE.md): a referrer's per cent of a referred customer's captcha spend and of a
   * referred worker's earnings, paid out of the platform's revenue of each task. Whole numbers 0–50.
   */
  affiliateShares: { customerPercent: number; workerPercent: number }
  /** Crypto invoices (CRYPTO.md): a coin is on when its extended public key is set. */
  crypto: CryptoConfig
  /** Browser push notifications (README, "Configuration"): VAPID keys and subject, the low-balance job. */
  push: PushConfig
}

export class ConfigError extends Error {
  override name = "ConfigError"
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const
const ENVS = ["development", "production", "test"] as const

/** Reads the configuration from the environment; any bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv, options: { dev?: boolean } = {}): Config {
  const problems: string[] = []
  const value = (name: string) => {
    const raw = env[name]?.trim()
    return raw === "" ? undefined : raw
  }
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = value(name)
    if (raw === undefined) return fallback
    if ((allowed as readonly string[]).includes(raw)) return raw as T
    problems.push(`${name} must be one of ${allowed.join(", ")} (got "${raw}")`)
    return fallback
  }
  const integer = (name: string, fallback: number, min: number, max: number) => {
    const raw = value(name)
    if (raw === undefined) return fallback
    const number = Number(raw)
    if (Number.isInteger(number) && number >= min && number <= max && /^\d+$/.test(raw)) return number
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`)
    return fallback
  }
  const boolean = (name: string, fallback: boolean) => {
    const raw = value(name)?.toLowerCase()
    if (raw === undefined) return fallback
    if (["1", "true", "yes"].includes(raw)) return true
    if (["0", "false", "no"].includes(raw)) return false
    problems.push(`${name} must be true or false (got "${raw}")`)
    return fallback
  }

  const envName = oneOf("NODE_ENV", ENVS, options.dev ? "development" : "production")
  const databaseUrl = value("DATABASE_URL")
  if (databaseUrl !== undefined) {
    let protocol = ""
    try {
      protocol = new URL(databaseUrl).protocol
    } catch {
      // reported below
    }
    // Never echo the address: it may hold a password.
    if (protocol !== "postgres:" && protocol !== "postgresql:") {
      problems.push("DATABASE_URL must be a postgres:// or postgresql:// address")
    }
  }
  const redisUrl = value("REDIS_URL")
  if (redisUrl !== undefined) {
    let protocol = ""
    try {
      protocol = new URL(redisUrl).protocol
    } catch {
      // reported below
    }
    // Never echo the address: it may hold a password.
    if (protocol !== "redis:" && protocol !== "rediss:")
      problems.push("REDIS_URL must be a redis:// or rediss:// address")
  }
  const redisPrefix = value("REDIS_PREFIX") ?? "manyhands:"
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(redisPrefix))
    problems.push("REDIS_PREFIX must be 1–64 letters, digits or : _ . -")
  const port = integer("PORT", 3000, 0, 65535)
  const origin = (name: string, fallback: string) => {
    const raw = value(name)
    if (raw === undefined) return fallback
    try {
      const url = new URL(raw)
      if ((url.protocol === "http:" || url.protocol === "https:") && url.pathname === "/" && !url.search)
        return url.origin
    } catch {
      // reported below
    }
    problems.push(`${name} must be an origin such as https://manyhands.dev (got "${raw}")`)
    return fallback
  }
  // Development defaults: *.localhost names resolve to this machine in browsers and curl.
  const origins = {
    international: origin("SITE_ORIGIN", `http://localhost:${port}`),
    russian: origin("SITE_ORIGIN_RU", `http://ru.localhost:${port}`),
    chinese: origin("SITE_ORIGIN_ZH", `http://zh.localhost:${port}`),
  }
  const smtpUrl = value("SMTP_URL")
  if (smtpUrl !== undefined) {
    let protocol = ""
    try {
      protocol = new URL(smtpUrl).protocol
    } catch {
      // reported below
    }
    // Never echo the address: it may hold a password.
    if (protocol !== "smtp:" && protocol !== "smtps:")
      problems.push("SMTP_URL must be an smtp:// or smtps:// address")
  }
  const paymentSandboxSecret = value("PAYMENT_SANDBOX_SECRET")
  if (paymentSandboxSecret !== undefined && paymentSandboxSecret.length < 16)
    problems.push("PAYMENT_SANDBOX_SECRET must be at least 16 characters")
  const stripeSecretKey = value("STRIPE_SECRET_KEY")
  const stripeWebhookSecret = value("STRIPE_WEBHOOK_SECRET")
  // Never echo the keys. One without the other would take payments that are never credited, or none at all.
  if ((stripeSecretKey === undefined) !== (stripeWebhookSecret === undefined))
    problems.push("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together")
  const crypto = readCryptoConfig({ value, integer, boolean }, problems, envName)
  // The sandbox credits balance without money. It is on in development and tests, and in the embedded demo
  // (`npm start`: production mode on PGlite) while no real provider is configured; never by default on a
  // production server with a real database, where PAYMENT_SANDBOX=true must be confirmed by a second, loud
  // variable. (MONEY.md, "The sandbox provider".)
  const embedded = databaseUrl === undefined
  const realProvider = stripeSecretKey !== undefined || Object.keys(crypto.keys).length > 0
  const paymentSandbox = boolean("PAYMENT_SANDBOX", envName !== "production" || (embedded && !realProvider))
  if (
    paymentSandbox &&
    envName === "production" &&
    !embedded &&
    !boolean("PAYMENT_SANDBOX_FREE_MONEY_IN_PRODUCTION", false)
  )
    problems.push(
      "PAYMENT_SANDBOX lets anyone top up without paying; on a production server with DATABASE_URL it also " +
        "needs PAYMENT_SANDBOX_FREE_MONEY_IN_PRODUCTION=true",
    )
  const mailOutboxViewer = boolean(
    "MAIL_OUTBOX_VIEWER",
    envName !== "production" || (embedded && smtpUrl === undefined),
  )
  if (mailOutboxViewer && envName === "production" && !embedded)
    problems.push("MAIL_OUTBOX_VIEWER would show real users' mail links; it is for the embedded demo only")
  const mailFrom = value("MAIL_FROM") ?? `Manyhands <no-reply@${new URL(origins.international).hostname}>`
  const push = readPushConfig({ value, integer, boolean }, problems, { env: envName, embedded, mailFrom })
  const dataDirRaw = value("DATA_DIR")
  const config: Config = {
    env: envName,
    dev: options.dev ?? false,
    host: value("HOST") ?? "localhost",
    port,
    databaseUrl,
    dataDir: dataDirRaw
      ? isAbsolute(dataDirRaw)
        ? dataDirRaw
        : resolve(dataDirRaw)
      : join(repoRoot, ".data"),
    // At least 2: a starting server holds one connection in a lock while pg-boss installs on another (jobs.ts).
    databasePoolSize: integer("DATABASE_POOL_SIZE", 10, 2, 200),
    redisUrl,
    redisPrefix,
    logLevel: oneOf("LOG_LEVEL", LOG_LEVELS, envName === "test" ? "silent" : "info"),
    trustProxy: boolean("TRUST_PROXY", false),
    origins,
    secureCookies: origins.international.startsWith("https:"),
    smtpUrl,
    mailFrom,
    mailOutboxViewer,
    pingbackAllowPrivate: boolean("PINGBACK_ALLOW_PRIVATE", envName !== "production"),
    maxWaitingTasks: integer("CAPTCHA_MAX_WAITING_TASKS", 100, 1, 1_000_000),
    pollBase: integer("CAPTCHA_POLL_BASE", 1200, 1, 1_000_000_000),
    statsIntervalSeconds: integer("STATS_ROLLUP_SECONDS", 60, 1, 3600),
    statsCacheSeconds: integer("STATS_CACHE_SECONDS", 30, 1, 600),
    pageCache: {
      seconds: integer("PAGE_CACHE_SECONDS", 30, 0, 3600),
      megabytes: integer("PAGE_CACHE_MB", 64, 1, 4096),
    },
    jobs: {
      pollSeconds: integer("JOBS_POLL_SECONDS", 2, 1, 60),
      maintenanceSeconds: integer("JOBS_MAINTENANCE_SECONDS", 60, 1, 3600),
    },
    demoHistoryDays: integer("DEMO_HISTORY_DAYS", 30, 0, 90),
    productContent: boolean("PRODUCT_CONTENT", envName !== "test"),
    proxy: {
      enabled: boolean("PROXY_GATEWAY", true),
      httpPort: integer("PROXY_HTTP_PORT", 8001, 0, 65535),
      socksPort: integer("PROXY_SOCKS_PORT", 1080, 0, 65535),
      publicHost: env.PROXY_PUBLIC_HOST?.trim() || null,
    },
    paymentSandbox,
    paymentSandboxSecret,
    stripeSecretKey,
    stripeWebhookSecret,
    affiliateShares: {
      customerPercent: integer("AFFILIATE_CUSTOMER_SHARE_PERCENT", 10, 0, 50),
      workerPercent: integer("AFFILIATE_WORKER_SHARE_PERCENT", 5, 0, 50),
    },
    crypto,
    push,
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`)
  return config
}

import type { FastifyInstance } from "fastify"
import { buildApp } from "./app"
import { ConfigError, loadConfig, type Config } from "./config"
import type { Database } from "./db/database"
import { DataDirLockedError } from "./db/lock"
import { migrate, MigrationChangedError } from "./db/migrate"
import { openDatabase } from "./db/open"
import { seed } from "./db/seed"
import { startGateway, type ProxyGateway } from "./modules/proxy/gateway"
import { seedDemoHistory } from "./modules/statistics/demo-history"

/** How long requests in flight may take to finish at shutdown, and how long the whole shutdown may take. */
const DRAIN_MS = 5_000
const SHUTDOWN_TIMEOUT_MS = 15_000

/** Errors a person can act on get one line; anything else keeps its stack. */
function fail(error: unknown): never {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof MigrationChangedError
  )
    console.error(`manyhands: ${error.message}`)
  else if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
    console.error(`manyhands: port in use: ${(error as Error).message}; set PORT to a free port.`)
  } else console.error(error)
  process.exit(1)
}

async function start() {
  let config: Config
  try {
    config = loadConfig(process.env, { dev: process.argv.includes("--dev") })
  } catch (error) {
    fail(error)
  }
  let db: Database
  try {
    db = await openDatabase(config)
  } catch (error) {
    fail(error)
  }
  let app: FastifyInstance | undefined
  // The demo history simulation in the background, and how a shutdown stops it between two tasks.
  const stopHistory = new AbortController()
  let historyRun: Promise<unknown> = Promise.resolve()
  let gateway: ProxyGateway | undefined
  try {
    const applied = await migrate(db)
    const seeded = await seed(db)
    app = await buildApp({ config, db, pages: config.dev ? "vite" : "built" })
    app.log.info(
      { engine: db.engine, migrationsApplied: applied, demoDataSeeded: seeded },
      db.engine === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL server",
    )
    await app.listen({ host: config.host, port: config.port })
    // The proxy gateway beside the web server, on the same database (the only way on the embedded one). A busy
    // port leaves the site running without it, and says so.
    if (config.proxy.enabled) {
      try {
        gateway = await startGateway({
          db,
          host: config.host,
          httpPort: config.proxy.httpPort,
          socksPort: config.proxy.socksPort,
          log: app.log,
        })
        app.proxyGateway.current = {
          ...app.proxyGateway.current,
          httpPort: gateway.httpPort,
          socksPort: gateway.socksPort,
        }
        app.log.info({ httpPort: gateway.httpPort, socksPort: gateway.socksPort }, "proxy gateway listening")
      } catch (error) {
        app.log.warn(
          { err: error },
          "proxy gateway not started: set PROXY_HTTP_PORT and PROXY_SOCKS_PORT to free ports, or PROXY_GATEWAY=false",
        )
      }
    }
    // Public statistics: the rollup job every STATS_ROLLUP_SECONDS; the embedded demo first simulates its history
    // in the background (the site serves meanwhile, and the graphs fill day by day).
    const started = app
    const history = (historyRun =
      db.engine === "pglite" && config.demoHistoryDays > 0
        ? seedDemoHistory(
            { db, engine: started.captchaEngine, statistics: started.statistics, log: started.log },
            config.demoHistoryDays,
            { signal: stopHistory.signal },
          ).then(
            (tasks) =>
              !stopHistory.signal.aborted && tasks > 0 && started.log.info({ tasks }, "demo history ready"),
            (error: unknown) =>
              started.log.warn({ err: error }, "demo history stopped; the next start resumes it"),
          )
        : Promise.resolve())
    void history.finally(() => {
      if (!stopHistory.signal.aborted) void started.statistics.start()
    })
  } catch (error) {
    await app?.close().catch(() => {})
    await db.close().catch(() => {})
    fail(error)
  }

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) {
      console.error("manyhands: second signal, exiting now")
      process.exit(1)
    }
    stopping = true
    app.log.info({ signal }, "shutting down: draining connections")
    stopHistory.abort()
    await historyRun
    let stage = "the server to close"
    setTimeout(() => {
      console.error(`manyhands: shutdown took too long (waiting for ${stage}), exiting`)
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS).unref()
    // Requests in flight get DRAIN_MS to finish; a client that never reads its answer (or never ends its
    // request) must not hold the shutdown, so what is still open then is closed.
    const drained = setTimeout(() => {
      app.server.getConnections((_, open) => {
        if (open > 0) app.log.warn({ open }, `closing the connections still open after ${DRAIN_MS / 1000} s`)
        app.server.closeAllConnections()
      })
    }, DRAIN_MS)
    drained.unref()
    await gateway?.close()
    await app.close()
    clearTimeout(drained)
    stage = "the database to close"
    await db.close()
    app.log.info("stopped")
    process.exit(0)
  }
  process.on("SIGINT", () => void stop("SIGINT"))
  process.on("SIGTERM", () => void stop("SIGTERM"))
}

void start()

import { ConfigError, loadConfig } from "./config"
import { openDatabase } from "./db/open"
import { startGateway } from "./modules/proxy/gateway"

/*
 * The proxy gateway alone, for scale-out (`node server/dist/gateway.js`): more gateway processes beside the web
 * servers, on the same PostgreSQL server (DATABASE_URL), which the web server has migrated. Each reads the sub-users,
 * allow-lists and traffic from the database and writes its meter there, so any number can run at once.
 */
async function main() {
  const config = loadConfig(process.env)
  if (!config.databaseUrl)
    throw new ConfigError("The gateway alone needs DATABASE_URL (a PostgreSQL server).")
  const db = await openDatabase(config)
  const gateway = await startGateway({
    db,
    host: config.host,
    httpPort: config.proxy.httpPort,
    socksPort: config.proxy.socksPort,
    log: { warn: (object, message) => console.warn(message, object) },
  })
  console.log(`manyhands proxy gateway: HTTP ${gateway.httpPort}, SOCKS5 ${gateway.socksPort}`)
  const stop = async () => {
    await gateway.close()
    await db.close()
    process.exit(0)
  }
  process.on("SIGINT", () => void stop())
  process.on("SIGTERM", () => void stop())
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `manyhands: ${error.message}` : error)
  process.exit(1)
})

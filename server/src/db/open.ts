import type { Config } from "../config"
import type { Database } from "./database"
import { openPglite } from "./pglite"
import { openPostgres } from "./postgres"

export function openDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir" | "databasePoolSize">,
): Promise<Database> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, config.databasePoolSize)
    : openPglite(config.dataDir)
}

// pnpm migrate: applies pending migrations to the configured database (DATABASE_URL or the embedded one).
import { loadConfig } from "../config"
import { migrate } from "../db/migrate"
import { openDatabase } from "../db/open"
import { runCli } from "./run-cli"

await runCli(async () => {
  const db = await openDatabase(loadConfig(process.env))
  try {
    const applied = await migrate(db)
    console.log(applied.length ? `Applied ${applied.join(", ")}` : "The database is up to date.")
  } finally {
    await db.close()
  }
})

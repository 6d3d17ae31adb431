// pnpm seed: migrates, then seeds demo data if this database has never been seeded.
import { loadConfig } from "../config"
import { migrate } from "../db/migrate"
import { openDatabase } from "../db/open"
import { seed } from "../db/seed"
import { runCli } from "./run-cli"

await runCli(async () => {
  const db = await openDatabase(loadConfig(process.env))
  try {
    await migrate(db)
    console.log((await seed(db)) ? "Demo data seeded." : "Demo data was seeded before; nothing to do.")
  } finally {
    await db.close()
  }
})

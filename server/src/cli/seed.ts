// pnpm seed: migrates, then seeds demo data if this database has never been seeded. `--demo-accounts` also puts
// the demo accounts (known passwords, README) into a PostgreSQL database, for a staging server or the end-to-end
// tests; the embedded database always has them, and a production server must never.
import { loadConfig } from "../config"
import { migrate } from "../db/migrate"
import { openDatabase } from "../db/open"
import { seed } from "../db/seed"
import { runCli } from "./run-cli"

await runCli(async () => {
  const db = await openDatabase(loadConfig(process.env))
  try {
    await migrate(db)
    const demoAccounts = process.argv.includes("--demo-accounts") || undefined
    console.log(
      (await seed(db, { demoAccounts }))
        ? "Demo data seeded."
        : "Demo data was seeded before; nothing to do.",
    )
  } finally {
    await db.close()
  }
})

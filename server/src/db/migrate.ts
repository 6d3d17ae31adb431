import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { migrationsDir } from "../paths"
import type { Database } from "./database"

/**
 * Applies the SQL files of server/migrations in name order, each once, all in one transaction.
 * An advisory lock keeps two servers starting together from applying the same file twice.
 * Returns the names applied now.
 */
export async function migrate(db: Database, dir = migrationsDir): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('manyhands:migrations'))")
    await tx.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    )
    const { rows } = await tx.query<{ name: string }>("SELECT name FROM schema_migrations")
    const done = new Set(rows.map((row) => row.name))
    const applied: string[] = []
    for (const name of files) {
      if (done.has(name)) continue
      await tx.exec(readFileSync(join(dir, name), "utf8"))
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [name])
      applied.push(name)
    }
    return applied
  })
}

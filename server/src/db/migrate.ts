import { createHash } from "node:crypto"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { migrationsDir } from "../paths"
import type { Database } from "./database"

/** An applied migration's file is no longer what was applied: the database and the code disagree. */
export class MigrationChangedError extends Error {
  override name = "MigrationChangedError"
}

/** sha256 of a migration's text, line endings made LF (a Windows checkout is not an edit). */
export function migrationChecksum(sql: string): string {
  return createHash("sha256").update(sql.replace(/\r\n/g, "\n")).digest("hex")
}

/**
 * Applies the SQL files of server/migrations in name order, each once, all in one transaction, and records each
 * file's sha256. An applied file whose text changed since stops it with MigrationChangedError (nothing applied);
 * rows from before checksums were kept get theirs on the first run. An advisory lock keeps two servers starting
 * together from applying the same file twice. Returns the names applied now.
 */
export async function migrate(db: Database, dir = migrationsDir): Promise<string[]> {
  const files = readdirSync(dir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name), "utf8")
      return { name, sql, checksum: migrationChecksum(sql) }
    })
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('manyhands:migrations'))")
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
       ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text`,
    )
    const { rows } = await tx.query<{ name: string; checksum: string | null }>(
      "SELECT name, checksum FROM schema_migrations",
    )
    const done = new Map(rows.map((row) => [row.name, row.checksum]))
    const edited = files.filter((file) => {
      const recorded = done.get(file.name)
      return recorded !== undefined && recorded !== null && recorded !== file.checksum
    })
    if (edited.length > 0) {
      const one = edited.length === 1
      throw new MigrationChangedError(
        `The migration${one ? "" : "s"} ${edited.map((file) => file.name).join(", ")} ${one ? "was" : "were"} ` +
          `edited after ${one ? "it was" : "they were"} applied to this database (the sha256 is not the one ` +
          `recorded); restore the applied text and put the change in a new migration.`,
      )
    }
    const applied: string[] = []
    for (const file of files) {
      if (done.has(file.name)) {
        // Applied before checksums were recorded: the file as it is now is taken as the applied text.
        if (done.get(file.name) === null)
          await tx.query("UPDATE schema_migrations SET checksum = $2 WHERE name = $1", [
            file.name,
            file.checksum,
          ])
        continue
      }
      await tx.exec(file.sql)
      await tx.query("INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)", [
        file.name,
        file.checksum,
      ])
      applied.push(file.name)
    }
    return applied
  })
}

import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import pg from "pg"
import type { Database } from "../src/db/database"
import { migrate } from "../src/db/migrate"
import { PGLITE_EXTENSIONS, openPglite } from "../src/db/pglite"
import { openPostgres } from "../src/db/postgres"
import { seed } from "../src/db/seed"
import { TEMPLATES, type Template } from "./databases"

/** What each template holds beyond the blank database. */
const prepare: Record<
  Exclude<Template, "blank">,
  { from: Template; fill: (db: Database) => Promise<unknown> }
> = {
  migrated: { from: "blank", fill: (db) => migrate(db) },
  demo: { from: "migrated", fill: (db) => seed(db, { demoAccounts: true, checkTasks: false }) },
  "demo-checks": { from: "migrated", fill: (db) => seed(db, { demoAccounts: true, checkTasks: true }) },
}
const filled = TEMPLATES.filter((name): name is Exclude<Template, "blank"> => name !== "blank")

/**
 * Vitest global setup of the server projects: the databases tests start from, made once per run instead of once per
 * test (a test database took 5 to 10 s to migrate and seed on a busy two-core machine):
 * - PGlite: a blank database made by initdb, and the same migrated, and migrated and seeded with the demo accounts
 *   (with or without the check tasks), each dumped to a file that server/test/databases.ts opens;
 * - PostgreSQL, when DATABASE_URL is set: the same three as template databases that CREATE DATABASE … TEMPLATE
 *   copies, dropped again after the run.
 * The server's own code migrates and seeds them, so they are what a test that migrated and seeded itself would have.
 */
export default async function setup() {
  const folder = mkdtempSync(join(tmpdir(), "manyhands-pglite-"))
  const dumps = new Map<Template, Blob>()
  const pgliteTemplates = (async () => {
    const blank = await PGlite.create({ extensions: PGLITE_EXTENSIONS })
    dumps.set("blank", await blank.dumpDataDir("none"))
    await blank.close()
    for (const name of filled) {
      const db = await openPglite(undefined, { from: dumps.get(prepare[name].from)! })
      await prepare[name].fill(db)
      dumps.set(name, await db.dumpDataDir())
      await db.close()
    }
    for (const [name, dump] of dumps) {
      const file = join(folder, `${name}.tar`)
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
      process.env[`PGLITE_TEMPLATE_${name.toUpperCase().replace("-", "_")}`] = file
    }
  })()

  const url = process.env.DATABASE_URL
  const prefix = `manyhands_template_${process.pid}_`
  const databaseName = (name: Template) => `${prefix}${name.replace("-", "_")}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  const postgresTemplates = (async () => {
    if (!url) return
    await admin(`CREATE DATABASE ${databaseName("migrated")}`)
    for (const name of filled) {
      if (prepare[name].from !== "blank")
        await admin(`CREATE DATABASE ${databaseName(name)} TEMPLATE ${databaseName(prepare[name].from)}`)
      const target = new URL(url)
      target.pathname = `/${databaseName(name)}`
      const db = await openPostgres(target.toString(), 1)
      try {
        await prepare[name].fill(db)
      } finally {
        await db.close()
      }
    }
    process.env.POSTGRES_TEMPLATE_PREFIX = prefix
  })()

  await Promise.all([pgliteTemplates, postgresTemplates])
  return async () => {
    rmSync(folder, { recursive: true, force: true })
    if (url)
      for (const name of filled) await admin(`DROP DATABASE IF EXISTS ${databaseName(name)} WITH (FORCE)`)
  }
}

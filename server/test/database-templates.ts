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

/**
 * What a test database starts as: blank (initdb only), migrated, or migrated and seeded with the demo accounts and
 * without or with the check tasks (training and gold tasks), as `seed(db, { demoAccounts: true, checkTasks })`
 * leaves it. Made once per run by the global setup below; server/test/databases.ts opens them.
 */
export const TEMPLATES = ["blank", "migrated", "demo", "demo-checks"] as const
export type Template = (typeof TEMPLATES)[number]

/** Each template beyond the blank database: the one it is made from, and what is done to that. */
const steps: Record<
  Exclude<Template, "blank">,
  { from: Template; fill: (db: Database) => Promise<unknown> }
> = {
  migrated: { from: "blank", fill: (db) => migrate(db) },
  demo: { from: "migrated", fill: (db) => seed(db, { demoAccounts: true, checkTasks: false }) },
  "demo-checks": { from: "migrated", fill: (db) => seed(db, { demoAccounts: true, checkTasks: true }) },
}
const filled = TEMPLATES.filter((name): name is Exclude<Template, "blank"> => name !== "blank")

/**
 * The one recipe of the templates: turns `db`, which holds template `from` (blank unless told), into `template` by
 * the steps in between — migrate, then seed. The global setup makes each template from the one before it;
 * server/test/databases.ts makes one from blank when a test file runs without the global setup.
 */
export async function makeTemplate(
  db: Database,
  template: Template,
  from: Template = "blank",
): Promise<void> {
  if (template === from) return
  if (template === "blank") throw new Error(`The blank database cannot be made from "${from}"`)
  await makeTemplate(db, steps[template].from, from)
  await steps[template].fill(db)
}

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
    // WAL segments of 1 MB, not 16: every test database loads the template's whole data folder, and the one WAL
    // segment was 16 of its 40 MB (13 % of opening one, measured). Nothing the tests check depends on the size.
    const blank = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      initDbStartParams: ["--wal-segsize=1"],
    })
    dumps.set("blank", await blank.dumpDataDir("none"))
    await blank.close()
    for (const name of filled) {
      const from = steps[name].from
      const db = await openPglite(undefined, { from: dumps.get(from)! })
      await makeTemplate(db, name, from)
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
      const from = steps[name].from
      if (from !== "blank")
        await admin(`CREATE DATABASE ${databaseName(name)} TEMPLATE ${databaseName(from)}`)
      const target = new URL(url)
      target.pathname = `/${databaseName(name)}`
      const db = await openPostgres(target.toString(), 1)
      try {
        await makeTemplate(db, name, from)
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

import { randomBytes } from "node:crypto"
import { readFile } from "node:fs/promises"
import pg from "pg"
import type { Database } from "../src/db/database"
import { openPglite } from "../src/db/pglite"
import { openPostgres } from "../src/db/postgres"
import { makeTemplate, type Template } from "./database-templates"

export { TEMPLATES, type Template } from "./database-templates"

export interface TestEngine {
  name: "pglite" | "postgres"
  /** A fresh database, blank unless told (see `Template`); `drop` removes it again. */
  create(template?: Template): Promise<{ db: Database; drop(): Promise<void> }>
}

/** A PGlite data folder the global setup dumped, read once per worker; undefined without the global setup. */
const dumps = new Map<Template, Promise<Blob | undefined>>()
const dumpOf = (template: Template) => {
  if (!dumps.has(template)) {
    const file = process.env[`PGLITE_TEMPLATE_${template.toUpperCase().replace("-", "_")}`]
    dumps.set(template, file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined))
  }
  return dumps.get(template)!
}

const pglite: TestEngine = {
  name: "pglite",
  create: async (template = "blank") => {
    const from = await dumpOf(template)
    const db = from ? await openPglite(undefined, { from }) : await openPglite(undefined)
    // Without the global setup's dumps (a test file run on its own outside the project), the template is made here.
    if (!from) await makeTemplate(db, template)
    return { db, drop: () => db.close() }
  },
}

/** A throw-away database on the server DATABASE_URL points at (CI sets it to the local PostgreSQL). */
function postgres(url: string): TestEngine {
  return {
    name: "postgres",
    create: async (template = "blank") => {
      const name = `manyhands_test_${randomBytes(6).toString("hex")}`
      const prefix = process.env.POSTGRES_TEMPLATE_PREFIX
      const copied = template !== "blank" && prefix !== undefined
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      await admin.query(
        `CREATE DATABASE ${name}${copied ? ` TEMPLATE ${prefix}${template.replace("-", "_")}` : ""}`,
      )
      await admin.end()
      const target = new URL(url)
      target.pathname = `/${name}`
      const db = await openPostgres(target.toString(), 4)
      // Without the global setup's template databases, the template is made here.
      if (!copied) await makeTemplate(db, template)
      return {
        db,
        drop: async () => {
          await db.close()
          const cleanup = new pg.Client({ connectionString: url })
          await cleanup.connect()
          await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
          await cleanup.end()
        },
      }
    },
  }
}

/** PGlite always; PostgreSQL as well when DATABASE_URL is set. */
export const engines: TestEngine[] = process.env.DATABASE_URL
  ? [pglite, postgres(process.env.DATABASE_URL)]
  : [pglite]

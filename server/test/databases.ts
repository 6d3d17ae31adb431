import { randomBytes } from "node:crypto"
import { readFile } from "node:fs/promises"
import pg from "pg"
import type { Database } from "../src/db/database"
import { openPglite } from "../src/db/pglite"
import { openPostgres } from "../src/db/postgres"

export interface TestEngine {
  name: "pglite" | "postgres"
  /** A fresh, empty database; `drop` removes it again. */
  create(): Promise<{ db: Database; drop(): Promise<void> }>
}

/**
 * A blank PGlite data folder, dumped once per test run by the unit project's global setup
 * (server/test/pglite-template.ts): opening a database from it skips initdb, which takes seconds each time.
 */
let template: Promise<Blob | undefined> | undefined
const blankDataDir = () =>
  (template ??= process.env.PGLITE_TEMPLATE
    ? readFile(process.env.PGLITE_TEMPLATE).then((bytes) => new Blob([bytes]))
    : Promise.resolve(undefined))

const pglite: TestEngine = {
  name: "pglite",
  create: async () => {
    const from = await blankDataDir()
    const db = await openPglite(undefined, from ? { from } : {})
    return { db, drop: () => db.close() }
  },
}

/** A throw-away database on the server DATABASE_URL points at (CI sets it to the local PostgreSQL). */
function postgres(url: string): TestEngine {
  return {
    name: "postgres",
    create: async () => {
      const name = `manyhands_test_${randomBytes(6).toString("hex")}`
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      await admin.query(`CREATE DATABASE ${name}`)
      await admin.end()
      const target = new URL(url)
      target.pathname = `/${name}`
      const db = await openPostgres(target.toString(), 4)
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

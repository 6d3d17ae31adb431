import { PGlite, type Transaction } from "@electric-sql/pglite"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import type { Database, Queryable } from "./database"
import { lockDataDir } from "./lock"

function wrap(target: PGlite | Transaction): Queryable {
  return {
    query: async <Row>(sql: string, params?: unknown[]) => {
      const result = await target.query<Row>(sql, params)
      return { rows: result.rows }
    },
    exec: async (sql) => {
      await target.exec(sql)
    },
  }
}

/** Extensions every embedded database loads; pg_trgm: trigram search of content in languages without a stemmer (0022). */
export const PGLITE_EXTENSIONS = { pg_trgm }

/**
 * The embedded database: real PostgreSQL compiled to WebAssembly, in-process. `dataDir` undefined = in memory,
 * made by initdb, or from `from`: a data folder PGlite dumped (tests start each database from one blank dump).
 */
export async function openPglite(
  dataDir: string | undefined,
  { from }: { from?: Blob } = {},
): Promise<Database & { dumpDataDir(): Promise<Blob> }> {
  const release = dataDir ? lockDataDir(dataDir) : () => {}
  let pg: PGlite
  try {
    const extensions = PGLITE_EXTENSIONS
    pg = await PGlite.create(
      dataDir
        ? { dataDir: `${dataDir}/pgdata`, extensions }
        : { extensions, ...(from ? { loadDataDir: from } : {}) },
    )
  } catch (error) {
    release()
    throw error
  }
  return {
    engine: "pglite",
    ...wrap(pg),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    execute: async (sql, params) => {
      if (params && params.length > 0)
        return { rows: (await pg.query<Record<string, unknown>>(sql, params)).rows }
      const results = await pg.exec(sql)
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] }
    },
    /** The data folder as a tar (the tests' templates: server/test/database-templates.ts). */
    dumpDataDir: () => pg.dumpDataDir("none"),
    close: async () => {
      try {
        await pg.close()
      } finally {
        release()
      }
    },
  }
}

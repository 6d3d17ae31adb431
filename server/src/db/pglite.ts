import { PGlite, type Transaction } from "@electric-sql/pglite"
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

/** The embedded database: real PostgreSQL compiled to WebAssembly, in-process. `dataDir` undefined = in memory. */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  const release = dataDir ? lockDataDir(dataDir) : () => {}
  let pg: PGlite
  try {
    pg = await PGlite.create(dataDir ? { dataDir: `${dataDir}/pgdata` } : {})
  } catch (error) {
    release()
    throw error
  }
  return {
    engine: "pglite",
    ...wrap(pg),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx))),
    close: async () => {
      try {
        await pg.close()
      } finally {
        release()
      }
    },
  }
}

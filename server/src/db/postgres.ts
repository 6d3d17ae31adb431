import pg from "pg"
import type { Database, Queryable } from "./database"

// bigint columns (money in minor units) arrive as strings by default; keep them exact as strings,
// and let the code that reads them convert with BigInt. int4 and numeric stay as pg parses them.

function wrap(client: pg.Pool | pg.PoolClient): Queryable {
  return {
    query: async <Row>(sql: string, params?: unknown[]) => {
      const result = await client.query(sql, params)
      return { rows: result.rows as Row[] }
    },
    exec: async (sql) => {
      await client.query(sql)
    },
  }
}

export async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5_000 })
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {})
  await pool.query("SELECT 1") // fail at start, not on the first request
  return {
    engine: "postgres",
    ...wrap(pool),
    transaction: async (work) => {
      const client = await pool.connect()
      try {
        await client.query("BEGIN")
        const result = await work(wrap(client))
        await client.query("COMMIT")
        return result
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    // Without values pg uses the simple protocol, which runs a script of several statements.
    execute: async (sql, params) => ({
      rows: (await pool.query(sql, params)).rows as Record<string, unknown>[],
    }),
    listen: async (channel, onMessage) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new RangeError(`Bad channel name ${channel}`)
      // LISTEN needs its own session: a pooled client would hand the subscription to other queries.
      const client = new pg.Client({ connectionString: url })
      client.on("error", () => {})
      client.on("notification", (message) => onMessage(message.payload ?? ""))
      await client.connect()
      await client.query(`LISTEN ${channel}`)
      return () => client.end()
    },
    close: () => pool.end(),
  }
}

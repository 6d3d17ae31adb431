import { createHash } from "node:crypto"
import pg from "pg"
import type { Database, Queryable } from "./database"

// bigint columns (money in minor units) arrive as strings by default; keep them exact as strings,
// and let the code that reads them convert with BigInt. int4 and numeric stay as pg parses them.

/**
 * Statements with parameters run as named prepared statements: each connection parses and plans one text once,
 * not on every call (issue 27: 25–40 % less database CPU per captcha lifecycle). Names are kept for a bounded
 * number of texts, so SQL built with a varying number of placeholders cannot fill the server's memory; texts
 * past that run unnamed, as before.
 */
const MAX_NAMED_STATEMENTS = 2000
const statementNames = new Map<string, string>()
function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql)
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `mh_${createHash("sha1").update(sql).digest("base64url")}`
    statementNames.set(sql, name)
  }
  return name
}

function wrap(client: pg.PoolClient, kept: Map<string, string>): Queryable {
  return {
    kept,
    query: async <Row>(sql: string, params?: unknown[]) => {
      const name = params && params.length > 0 ? statementName(sql) : undefined
      const result = await (name
        ? client.query({ name, text: sql, values: params })
        : client.query(sql, params))
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

  // Channels heard on every pooled connection as well (listen's `ownCommits`): the connection that commits a
  // NOTIFY hears it before the commit returns, so this process acts on its own writes before it answers.
  const ownCommitChannels = new Map<string, Set<(payload: string) => void>>()
  const heardOn = new WeakMap<pg.PoolClient, Set<string>>()
  /** A pooled connection, listening on the `ownCommits` channels before it is used. */
  const connection = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect()
    if (ownCommitChannels.size === 0) return client
    let heard = heardOn.get(client)
    if (!heard) {
      heardOn.set(client, (heard = new Set()))
      client.on("notification", (message) => {
        for (const onMessage of ownCommitChannels.get(message.channel) ?? []) onMessage(message.payload ?? "")
      })
    }
    try {
      for (const channel of ownCommitChannels.keys())
        if (!heard.has(channel)) {
          await client.query(`LISTEN ${channel}`)
          heard.add(channel)
        }
    } catch (error) {
      client.release(error as Error)
      throw error
    }
    return client
  }
  /** Runs `work` on a pooled connection (`connection`), then gives it back. */
  const withConnection = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await connection()
    try {
      return await work(client)
    } finally {
      client.release()
    }
  }
  const kept = new Map<string, string>()
  return {
    engine: "postgres",
    kept,
    query: (sql, params) => withConnection((client) => wrap(client, kept).query(sql, params)),
    exec: (sql) => withConnection((client) => wrap(client, kept).exec(sql)),
    transaction: async (work) => {
      const client = await connection()
      try {
        await client.query("BEGIN")
        const result = await work(wrap(client, kept))
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
    listen: async (channel, onMessage, { ownCommits = false } = {}) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new RangeError(`Bad channel name ${channel}`)
      if (ownCommits) {
        const handlers = ownCommitChannels.get(channel) ?? new Set()
        handlers.add(onMessage)
        ownCommitChannels.set(channel, handlers)
      }
      // LISTEN needs its own session: a pooled client would hand the subscription to other queries. When that
      // session is lost, another one listens after a second, and an empty message says some may have been missed.
      let stopped = false
      let client: pg.Client
      let retry: NodeJS.Timeout | null = null
      const later = () => {
        if (!stopped && !retry) retry = setTimeout(reconnect, 1000).unref()
      }
      const connect = async () => {
        const next = new pg.Client({ connectionString: url })
        next.on("error", () => {})
        next.on("notification", (message) => onMessage(message.payload ?? ""))
        try {
          await next.connect()
          await next.query(`LISTEN ${channel}`)
        } catch (error) {
          await next.end().catch(() => {})
          throw error
        }
        next.once("end", later)
        client = next
      }
      const reconnect = () => {
        retry = null
        if (!stopped) connect().then(() => onMessage(""), later)
      }
      await connect()
      return async () => {
        stopped = true
        if (retry) clearTimeout(retry)
        ownCommitChannels.get(channel)?.delete(onMessage)
        await client.end()
      }
    },
    close: () => pool.end(),
  }
}

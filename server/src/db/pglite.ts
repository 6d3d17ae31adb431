import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { pathToFileURL } from "node:url"
import { PGlite, type Transaction } from "@electric-sql/pglite"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import type { Database, Queryable } from "./database"
import { lockDataDir } from "./lock"

function wrap(target: PGlite | Transaction, kept: Map<string, string>): Queryable {
  return {
    kept,
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

/** Node's WebAssembly global (the server's types declare only its type names). */
const wasmRuntime = (
  globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }
).WebAssembly

/**
 * PostgreSQL's WebAssembly compiled once per process, and its file bundle read once: each in-memory database (the
 * tests open hundreds, each from a template) otherwise compiled and read them again, a tenth of its start.
 */
let runtime: Promise<{ pgliteWasmModule: WebAssembly.Module; fsBundle: Blob }> | undefined
const sharedRuntime = () =>
  (runtime ??= (async () => {
    const at = (name: string) =>
      new URL(name, pathToFileURL(createRequire(import.meta.url).resolve("@electric-sql/pglite")))
    const [wasm, bundle] = await Promise.all([readFile(at("./pglite.wasm")), readFile(at("./pglite.data"))])
    return { pgliteWasmModule: await wasmRuntime.compile(wasm), fsBundle: new Blob([bundle]) }
  })())

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
        : { extensions, ...(await sharedRuntime()), ...(from ? { loadDataDir: from } : {}) },
    )
  } catch (error) {
    release()
    throw error
  }
  const kept = new Map<string, string>()
  return {
    engine: "pglite",
    ...wrap(pg, kept),
    transaction: (work) => pg.transaction((tx) => work(wrap(tx, kept))),
    execute: async (sql, params) => {
      if (params && params.length > 0)
        return { rows: (await pg.query<Record<string, unknown>>(sql, params)).rows }
      const results = await pg.exec(sql)
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] }
    },
    listen: async (channel, onMessage) => {
      if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new RangeError(`Bad channel name ${channel}`)
      const stop = await pg.listen(channel, onMessage)
      // A closed database has no listeners left to remove.
      return async () => {
        if (!pg.closed) await stop()
      }
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

// The machine's own yardstick: pgbench (PostgreSQL's TPC-B-like write transactions) on the same server, in a
// database of its own that is dropped afterwards. A captcha lifecycle needs three write transactions (submit
// with its hold, claim, answer with its post), so a third of its rate is what this database could carry.
import { execFile } from "node:child_process"
import { randomBytes } from "node:crypto"
import { promisify } from "node:util"
import pg from "pg"

const run = promisify(execFile)

export interface PgbenchResult {
  clients: number
  tps: number
}

export async function timePgbench(
  databaseUrl: string,
  clients = 8,
  seconds = 10,
): Promise<PgbenchResult | null> {
  const name = `bench_pgbench_${randomBytes(4).toString("hex")}`
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(databaseUrl)
    url.pathname = `/${name}`
    try {
      await run("pgbench", ["-i", "-s", String(clients), "-q", url.toString()])
      const { stdout } = await run("pgbench", [
        "-c",
        String(clients),
        "-j",
        "2",
        "-T",
        String(seconds),
        url.toString(),
      ])
      const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN)
      return { clients, tps }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null // no pgbench on this machine
      throw error
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    }
  } finally {
    await admin.end()
  }
}

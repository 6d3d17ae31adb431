import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"

const repoRoot = join(import.meta.dirname, "../..")

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

interface Started {
  url: string
  stop: () => Promise<void>
}

/**
 * Starts the built server on a free port with a fresh embedded database (its folder deleted after the suite), and
 * waits until it answers /healthz. `env` gives the whole environment but for the address, the folder and the keys.
 * Only the log lines of a warning or worse are passed on: production mode logs every request.
 */
async function startServer(name: string, env: (port: number) => NodeJS.ProcessEnv): Promise<Started> {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), `manyhands-e2e-${name}-`))
  const base = env(port)
  const server: ChildProcess = spawn(process.execPath, [join(repoRoot, "server/dist/main.js")], {
    env: {
      ...base,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      // With REDIS_URL, this fresh database's limits get keys of their own.
      ...(base.REDIS_URL
        ? { REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? "manyhands:"}e2e-${name}-${port}:` }
        : {}),
    },
    stdio: ["ignore", "pipe", "inherit"],
  })
  createInterface({ input: server.stdout! }).on("line", (line) => {
    let level = 100
    try {
      level = (JSON.parse(line) as { level?: number }).level ?? 100
    } catch {
      // not a log line: always shown
    }
    if (level >= 40) console.log(`[${name} server] ${line}`)
  })
  const url = `http://localhost:${port}`
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((done) => server.once("exit", done))
      server.kill("SIGTERM")
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  // Both servers start at once: on a busy machine each may take a minute (migrations, demo data, password hashes).
  const deadline = Date.now() + 120_000
  for (;;) {
    if (server.exitCode !== null) {
      await stop()
      throw new Error(`The ${name} server exited with code ${server.exitCode}`)
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`The ${name} server did not answer /healthz within 120 s`)
    }
    await new Promise((done) => setTimeout(done, 200))
  }
  return { url, stop }
}

interface PgClient {
  connect(): Promise<void>
  query(sql: string): Promise<unknown>
  end(): Promise<void>
}

/**
 * With E2E_DATABASE_URL (a PostgreSQL server), the test server runs on a database of its own on that server:
 * made empty here, migrated and seeded with the demo accounts by the server's own `pnpm seed --demo-accounts`, and
 * dropped after the suite. The server then answers from PostgreSQL's processes, as a production server does, while
 * the npm-start server keeps the embedded database. Answers the database's address and how to drop it.
 */
async function postgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { Client } = createRequire(join(repoRoot, "server/package.json"))("pg") as {
    Client: new (options: { connectionString: string }) => PgClient
  }
  const name = `manyhands_e2e_${process.pid}_${Date.now()}`
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const drop = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  const seeded = spawnSync(
    process.execPath,
    [
      join(repoRoot, "node_modules/tsx/dist/cli.mjs"),
      join(repoRoot, "server/src/cli/seed.ts"),
      "--demo-accounts",
    ],
    { env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_URL: url.href }, encoding: "utf8" },
  )
  if (seeded.status !== 0) {
    await drop()
    throw new Error(`Seeding the end-to-end database failed: ${seeded.stderr || seeded.stdout}`)
  }
  return { url: url.href, drop }
}

/**
 * Starts two built servers side by side for all tests, and stops them after:
 * - E2E_BASE_URL, the test server (NODE_ENV=test): the /dev helpers most specs use (sign in as a demo user, the
 *   ledger), the three sites, statistics rolled up every second;
 * - E2E_START_URL, the server as `npm start` runs it: production mode and the embedded demo with every default (the
 *   sites of its port, the outbox viewer, sandbox payments, no /dev/session), from an environment of only PATH,
 *   HOME and REDIS_URL besides the address, the folder and DEMO_HISTORY_DAYS=0. The README's own switch turns the
 *   demo history off: simulating 30 days would keep a core busy for minutes (some 8 s a day on a busy two-core machine), and its
 *   simulated tasks could reach the tests' waiting worker.
 */
export default async function globalSetup() {
  const began = Date.now()
  // Opt-in: on the two-core machine the whole suite took 1,107 s on PostgreSQL against 701 s embedded (the database
  // server's processes took the core the other suites and the browsers use), and a registration missed its 5 s.
  const database = process.env.E2E_DATABASE_URL ? await postgresDatabase(process.env.E2E_DATABASE_URL) : null
  const started = await Promise.allSettled([
    startServer("test", (port) => ({
      ...process.env,
      DATABASE_URL: database?.url ?? "",
      LOG_LEVEL: "warn",
      // "test" mounts the /dev helpers (sign in as a demo user); the three sites as in development.
      NODE_ENV: "test",
      // Each test sends an address of its own in X-Forwarded-For (fixtures.ts).
      TRUST_PROXY: "true",
      SITE_ORIGIN: `http://localhost:${port}`,
      SITE_ORIGIN_RU: `http://ru.localhost:${port}`,
      SITE_ORIGIN_ZH: `http://zh.localhost:${port}`,
      // Public statistics: rolled up every second and cached a second, so a test sees its tasks in the figures;
      // no simulated demo history (the server tests cover it), so the figures are the tests' own tasks.
      STATS_ROLLUP_SECONDS: "1",
      STATS_CACHE_SECONDS: "1",
      DEMO_HISTORY_DAYS: "0",
      // The product's articles, as every server but the unit tests' loads them (articles.spec.ts reads them).
      PRODUCT_CONTENT: "true",
      // The proxy gateway on free ports (the cabinet names them): two servers, and maybe a developer's, run at once.
      PROXY_HTTP_PORT: "0",
      PROXY_SOCKS_PORT: "0",
    })),
    startServer("npm-start", () => ({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      DEMO_HISTORY_DAYS: "0",
      PROXY_HTTP_PORT: "0",
      PROXY_SOCKS_PORT: "0",
    })),
  ])
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []))
  const failed = started.find((result) => result.status === "rejected")
  if (failed) {
    await Promise.all(servers.map((server) => server.stop()))
    await database?.drop()
    throw failed.reason
  }
  const [test, start] = servers as [Started, Started]
  console.log(
    `The test server (${database ? "PostgreSQL" : "embedded database"}) and the npm-start server answer after ${Math.round((Date.now() - began) / 1000)} s`,
  )
  process.env.E2E_BASE_URL = test.url
  process.env.E2E_START_URL = start.url
  return async () => {
    // After the whole suite, every movement the tests made still balances (checkLedger: Σ debits = Σ credits per
    // currency, posted and pending, and every account equals its transfers). The npm-start server has no ledger
    // helper (production mode); its tests read what the screens show.
    let ledger: { balanced: boolean; problems: string[] }
    try {
      ledger = (await (
        await fetch(`${test.url}/dev/ledger.json?email=admin%40demo.manyhands.dev`)
      ).json()) as typeof ledger
    } finally {
      await Promise.all([test.stop(), start.stop()])
      await database?.drop()
    }
    console.log(
      `Ledger after the end-to-end suite: ${ledger.balanced ? "balanced" : ledger.problems.join("; ")}`,
    )
    if (!ledger.balanced) throw new Error(`The ledger does not balance: ${ledger.problems.join("; ")}`)
  }
}

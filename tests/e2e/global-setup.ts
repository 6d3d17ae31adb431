import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"

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

/** Starts the built server on a free port with a fresh embedded database, for all tests; stops it after. */
export default async function globalSetup() {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), "manyhands-e2e-"))
  const server = spawn(process.execPath, [join(repoRoot, "server/dist/main.js")], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      // "test" mounts the /dev helpers (sign in as a demo user); the three sites as in development.
      NODE_ENV: "test",
      SITE_ORIGIN: `http://localhost:${port}`,
      SITE_ORIGIN_RU: `http://ru.localhost:${port}`,
      SITE_ORIGIN_ZH: `http://zh.localhost:${port}`,
      // Public statistics: rolled up every second and cached a second, so a test sees its tasks in the figures;
      // no simulated demo history (the server tests cover it), so the figures are the tests' own tasks.
      STATS_ROLLUP_SECONDS: "1",
      STATS_CACHE_SECONDS: "1",
      DEMO_HISTORY_DAYS: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  })
  const baseURL = `http://localhost:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`)
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("The server did not answer /healthz within 60 s")
    await new Promise((done) => setTimeout(done, 200))
  }
  process.env.E2E_BASE_URL = baseURL
  return async () => {
    // After the whole suite, every movement the tests made still balances (checkLedger: Σ debits = Σ credits per
    // currency, posted and pending, and every account equals its transfers).
    const ledger = (await (
      await fetch(`${baseURL}/dev/ledger.json?email=admin%40demo.manyhands.dev`)
    ).json()) as { balanced: boolean; problems: string[] }
    console.log(
      `Ledger after the end-to-end suite: ${ledger.balanced ? "balanced" : ledger.problems.join("; ")}`,
    )
    const exited = new Promise((done) => server.once("exit", done))
    server.kill("SIGTERM")
    await exited
    rmSync(dataDir, { recursive: true, force: true })
    if (!ledger.balanced) throw new Error(`The ledger does not balance: ${ledger.problems.join("; ")}`)
  }
}

import { spawn, type ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { serverRoot } from "../src/paths"

// These tests run the built server (dist/main.js) as a person would, as its own process.
const main = join(serverRoot, "dist/main.js")

interface Run {
  child: ChildProcess
  stdout: string
  stderr: string
  exit: Promise<number | null>
}

function run(env: Record<string, string>): Run {
  const child = spawn(process.execPath, [main], { env: { ...process.env, ...env }, stdio: "pipe" })
  const result: Run = {
    child,
    stdout: "",
    stderr: "",
    exit: new Promise((done) => child.on("exit", (code) => done(code))),
  }
  child.stdout?.on("data", (chunk) => (result.stdout += chunk))
  child.stderr?.on("data", (chunk) => (result.stderr += chunk))
  return result
}

async function listeningAddress(server: Run): Promise<string> {
  for (let i = 0; i < 300; i++) {
    const address = server.stdout.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1]
    if (address) return address
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.stderr}`)
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error("server did not start within 30 s")
}

describe("the server process", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "manyhands-process-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  const env = { DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info", DATABASE_URL: "" }

  it("stops at start with one line naming a bad variable", async () => {
    const server = run({ ...env, PORT: "eighty" })
    expect(await server.exit).toBe(1)
    expect(server.stderr.trim()).toBe(
      'manyhands: Invalid configuration: PORT must be a whole number from 0 to 65535 (got "eighty")',
    )
  })

  it("serves, refuses a second process on the same folder, and shuts down cleanly on SIGINT", async () => {
    const first = run(env)
    const address = await listeningAddress(first)
    const health = await fetch(`${address}/healthz`)
    expect(await health.json()).toEqual({ status: "ok", database: "up", engine: "pglite" })
    expect(first.stdout).toContain('"demoDataSeeded":true')
    // The demo history is simulated in the background: the server answers meanwhile, not after it.
    expect(first.stdout).not.toContain("demo history ready")

    const second = run(env)
    expect(await second.exit).toBe(1)
    expect(second.stderr.trim()).toMatch(
      new RegExp(
        `^manyhands: Another Manyhands process \\(pid ${first.child.pid}\\) is using the database in .+; stop it or set DATA_DIR to another folder\\.$`,
      ),
    )

    first.child.kill("SIGINT")
    expect(await first.exit).toBe(0)
    expect(first.stdout).toContain("shutting down: draining connections")
    expect(existsSync(join(dataDir, "manyhands.lock"))).toBe(false)

    // The data survived: a restart finds it seeded already.
    const again = run(env)
    await listeningAddress(again)
    expect(again.stdout).toContain('"demoDataSeeded":false')
    again.child.kill("SIGTERM")
    expect(await again.exit).toBe(0)
  }, 90_000)
})

import { spawn, type ChildProcess } from "node:child_process"
import { once } from "node:events"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { connect } from "node:net"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { openPglite } from "../src/db/pglite"
import { serverRoot } from "../src/paths"
import { appDir } from "../src/ssr/renderer"

// These tests run the built server (dist/main.js) as a person would, as its own process.
const main = join(serverRoot, "dist/main.js")

interface Run {
  child: ChildProcess
  stdout: string
  stderr: string
  exit: Promise<number | null>
  stopped: () => Promise<number | null>
}

function run(env: Record<string, string>): Run {
  const child = spawn(process.execPath, [main], { env: { ...process.env, ...env }, stdio: "pipe" })
  const result: Run = {
    child,
    stdout: "",
    stderr: "",
    exit: new Promise((done) => child.on("exit", (code) => done(code))),
    stopped: async () => {
      const code = await result.exit
      // A bad exit names what the process printed last, so a failure here says why.
      if (code !== 0)
        throw new Error(
          `server exited with ${code}: ${result.stderr.slice(-2000) || result.stdout.slice(-2000)}`,
        )
      return code
    },
  }
  child.stdout?.on("data", (chunk) => (result.stdout += chunk))
  child.stderr?.on("data", (chunk) => (result.stderr += chunk))
  return result
}

async function listeningAddress(server: Run): Promise<string> {
  // A first start migrates and seeds a new database: over 30 s once with the static checks beside the unit tests.
  for (let i = 0; i < 1200; i++) {
    const address = server.stdout.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1]
    if (address) return address
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.stderr}`)
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error("server did not start within 120 s")
}

describe("the server process", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "manyhands-process-"))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
  // With REDIS_URL, this database's limits get keys of their own.
  const env = {
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "info",
    DATABASE_URL: "",
    // The product's articles are not what these starts are about (product-content.test.ts and the e2e start as
    // `npm start` does load them); loading them would add half a minute to every start here.
    PRODUCT_CONTENT: "false",
    REDIS_PREFIX: `${process.env.REDIS_PREFIX ?? "manyhands:"}process-${process.pid}:`,
  }

  it("renders pages with React's production build, whatever NODE_ENV it runs with", () => {
    // React picks its build from process.env.NODE_ENV as its modules load: the server bundle fixes it at build time.
    // With both builds in it, a server started without NODE_ENV (npm start) rendered with the development checks,
    // at twice the time a page.
    const dir = join(appDir, "dist/server")
    const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) =>
      file.endsWith(".js"),
    )
    const bundled = files.flatMap((file) =>
      [
        ...readFileSync(join(dir, file), "utf8").matchAll(/react[\w-]*\.node\.(development|production)\.js/g),
      ].map((match) => match[1]),
    )
    expect(bundled).toContain("production")
    expect(bundled).not.toContain("development")
  })

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
    expect(await first.stopped()).toBe(0)
    expect(first.stdout).toContain("shutting down: draining connections")
    expect(existsSync(join(dataDir, "manyhands.lock"))).toBe(false)

    // The data survived: a restart finds it seeded already.
    const again = run(env)
    const port = Number(new URL(await listeningAddress(again)).port)
    expect(again.stdout).toContain('"demoDataSeeded":false')
    // A client that sent half a request and went quiet does not hold the shutdown: it is cut after the drain time.
    const quiet = connect({ host: "127.0.0.1", port })
    await once(quiet, "connect")
    quiet.on("error", () => {})
    quiet.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    const cut = once(quiet, "close")
    again.child.kill("SIGTERM")
    expect(await again.stopped()).toBe(0)
    await cut
    expect(again.stdout).toMatch(/"open":1,.*closing the connections still open after 5 s/)
  }, 180_000)

  // The README's path under `npm start` (production mode, the embedded database, no SMTP_URL): register, read the
  // mail at /dev/mail, follow its link, sign in.
  it("lets a newcomer register, read the confirmation mail at /dev/mail, confirm and sign in", async () => {
    const server = run({ ...env, NODE_ENV: "production", DEMO_HISTORY_DAYS: "0" })
    const address = await listeningAddress(server)
    const csrf = "process-test-csrf-token-0123456789"
    const cookies = new Map([["mh_csrf", csrf]])
    const post = async (path: string, body: object) => {
      const response = await fetch(`${address}${path}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-csrf-token": csrf,
          cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        },
        body: JSON.stringify(body),
      })
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";")
        const at = pair!.indexOf("=")
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1))
      }
      return response
    }
    try {
      const email = "newcomer-readme@example.com"
      const password = "a long and unusual passphrase"
      const registered = await post("/api/v2/auth/register", { email, password, acceptTerms: true })
      expect(registered.status).toBe(202)
      const refused = await post("/api/v2/auth/login", { email, password })
      expect((await refused.json()) as object).toMatchObject({ error: { code: "EMAIL_NOT_CONFIRMED" } })

      // The outbox page lists the mail with its link; the log says where to read it (never the link's token).
      const page = await (await fetch(`${address}/dev/mail`)).text()
      expect(page).toContain(`To ${email}`)
      const { mails } = (await (await fetch(`${address}/dev/mail.json?to=${email}`)).json()) as {
        mails: { subject: string; text: string }[]
      }
      expect(mails).toHaveLength(1)
      const confirmUrl = /https?:\/\/\S+/.exec(mails[0]!.text)![0]
      expect(page).toContain(`href="${confirmUrl}"`)
      expect(server.stdout).toContain("/dev/mail")
      expect(server.stdout).toContain(email)
      expect(server.stdout).not.toContain(confirmUrl)

      // The link's page (/auth/check_key/{hash}/{userId}) posts both to the API.
      const [hash, userId] = new URL(confirmUrl).pathname.split("/").slice(-2)
      const confirmPage = await fetch(confirmUrl.replace(/^https?:\/\/[^/]+/, address))
      expect(confirmPage.status).toBe(200)
      await confirmPage.text()
      const confirmed = await post("/api/v2/auth/confirm-email", { hash, userId })
      expect(confirmed.status).toBe(200)
      cookies.clear()
      cookies.set("mh_csrf", csrf)
      const signedIn = await post("/api/v2/auth/login", { email, password })
      expect((await signedIn.json()) as object).toMatchObject({ status: "signed-in", user: { email } })
      // The demo's other development helpers stay off in production mode.
      const devSession = await post("/dev/session", { email })
      expect(devSession.status).toBe(404)
      await devSession.text()
    } finally {
      server.child.kill("SIGTERM")
      expect(await server.stopped()).toBe(0)
    }
  }, 90_000)

  it("stops at start with one line when an applied migration was edited", async () => {
    // The folder the test above migrated: its record of 0002 no longer matches the file, as after an edit.
    const db = await openPglite(dataDir)
    await db.query(
      "UPDATE schema_migrations SET checksum = repeat('0', 64) WHERE name = '0002_visitors_and_sessions.sql'",
    )
    await db.close()
    const server = run(env)
    expect(await server.exit).toBe(1)
    expect(server.stderr.trim()).toBe(
      "manyhands: The migration 0002_visitors_and_sessions.sql was edited after it was applied to this database " +
        "(the sha256 is not the one recorded); restore the applied text and put the change in a new migration.",
    )
    expect(existsSync(join(dataDir, "manyhands.lock"))).toBe(false)
  }, 60_000)
})

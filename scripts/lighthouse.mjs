#!/usr/bin/env node
// Lighthouse (through @lhci/cli) on the built server with a fresh embedded database: mobile preset, Debian
// Chromium. Prints performance, the Core Web Vitals and the initial JavaScript transferred (gzip).
// Usage: pnpm build && pnpm lighthouse [path ...]   (default: / /about /for-customer /proxy/residential)
import { spawn, spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const paths =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : ["/", "/about", "/for-customer", "/proxy/residential"]
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium"
const serverEntry = join(root, "server/dist/main.js")
if (!existsSync(serverEntry)) {
  console.error('lighthouse: the server is not built; run "pnpm build" first.')
  process.exit(1)
}

const port = await new Promise((resolve, reject) => {
  const probe = createServer()
  probe.once("error", reject)
  probe.listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address()
    probe.close(() => resolve(free))
  })
})
const dataDir = mkdtempSync(join(tmpdir(), "manyhands-lighthouse-"))
const origin = `http://localhost:${port}`
const server = spawn(process.execPath, [serverEntry], {
  env: {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    SITE_ORIGIN: origin,
  },
  stdio: ["ignore", "inherit", "inherit"],
})
const stop = () => {
  server.kill("SIGTERM")
  rmSync(dataDir, { recursive: true, force: true })
}
try {
  for (let started = Date.now(); ;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 60_000) throw new Error("the server did not answer /healthz within 60 s")
    await new Promise((done) => setTimeout(done, 200))
  }

  const rows = []
  for (const path of paths) {
    const outDir = mkdtempSync(join(tmpdir(), "manyhands-lhci-"))
    const run = spawnSync(
      join(root, "node_modules/.bin/lhci"),
      [
        "collect",
        `--url=${origin}${path}`,
        "--numberOfRuns=1",
        "--settings.chromeFlags=--headless=new --no-sandbox --disable-gpu --host-resolver-rules=MAP localhost 127.0.0.1",
      ],
      { cwd: outDir, env: { ...process.env, CHROME_PATH: chrome }, encoding: "utf8" },
    )
    if (run.status !== 0) throw new Error(`lhci collect failed for ${path}:\n${run.stdout}\n${run.stderr}`)
    const reportDir = join(outDir, ".lighthouseci")
    const file = readdirSync(reportDir).find((name) => name.startsWith("lhr-") && name.endsWith(".json"))
    const lhr = JSON.parse(readFileSync(join(reportDir, file), "utf8"))
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN
    const scripts = lhr.audits["resource-summary"]?.details?.items?.find(
      (item) => item.resourceType === "script",
    )
    rows.push({
      path,
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      fcp: `${(audit("first-contentful-paint") / 1000).toFixed(2)} s`,
      lcp: `${(audit("largest-contentful-paint") / 1000).toFixed(2)} s`,
      tbt: `${Math.round(audit("total-blocking-time"))} ms`,
      cls: audit("cumulative-layout-shift").toFixed(3),
      js: `${((scripts?.transferSize ?? 0) / 1024).toFixed(1)} KB`,
    })
    rmSync(outDir, { recursive: true, force: true })
  }
  console.log(
    `Lighthouse ${"12"} (mobile preset, simulated throttling), ${chrome}; aim: performance ≥ 95, initial JS ≤ 120 KB gzip`,
  )
  console.table(rows)
} finally {
  stop()
}

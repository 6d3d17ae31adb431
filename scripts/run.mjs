#!/usr/bin/env node
// `npm start` and `npm test` on a machine with only Node and npm: fetches the pinned pnpm through npx,
// installs, builds, then serves the site or runs every test suite. Plain JavaScript, no dependencies.
import { execFileSync, spawn, spawnSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { serverNodeArgs } from "../server/node-args.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const [major, minor] = process.versions.node.split(".").map(Number)
if (major < 20 || (major === 20 && minor < 19) || major === 21 || (major === 22 && minor < 12)) {
  console.error(`manyhands: Node ${process.versions.node} is too old; install Node 20.19+ or 22.12+.`)
  process.exit(1)
}

const pinned = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager // "pnpm@10.34.9"
const pnpm = (() => {
  try {
    const version = execFileSync("pnpm", ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim()
    if (`pnpm@${version}` === pinned) return ["pnpm"]
  } catch {
    // not installed: npx fetches it
  }
  return ["npx", "--yes", pinned]
})()

// No package may download a browser: tests use Debian's Chromium.
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1", npm_config_update_notifier: "false" }

function step(title, args, options = {}) {
  const started = Date.now()
  console.log(`\n▶ ${title}`)
  const result = spawnSync(pnpm[0], [...pnpm.slice(1), ...args], {
    cwd: root,
    env,
    stdio: "inherit",
    ...options,
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const ok = result.status === 0
  console.log(`${ok ? "✔" : "✘"} ${title} (${seconds} s)`)
  return { title, ok, seconds }
}

// Lines of a suite's output that name a failure: vitest's FAIL and ×, Playwright's ✘, errors and assertions.
const FAILURE_LINE = /(\bFAIL\b|[×✘]|Error:|AssertionError|Expected|Received|failed)/
// A server's own log lines below error level ("preload failed" warnings, say) are not the suite's failures: sixty of
// them once filled the summary and hid the assertion that broke.
const SERVER_LOG_BELOW_ERROR = /"level":(10|20|30|40)\b/
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g")
const MAX_FAILURE_LINES = 60

/**
 * One test suite: its output streams through (or, `held`, is printed whole when it ends, for a suite that runs
 * beside another) and its failure lines are kept for the summary.
 */
function suite(title, args, { held = false } = {}) {
  const started = Date.now()
  const heldOutput = []
  const write = (stream, chunk) => (held ? heldOutput.push([stream, chunk]) : stream.write(chunk))
  console.log(`\n▶ ${title}${held ? " (beside the next suite; its output follows when it ends)" : ""}`)
  return new Promise((resolve) => {
    const child = spawn(pnpm[0], [...pnpm.slice(1), ...args], {
      cwd: root,
      env,
      stdio: ["inherit", "pipe", "pipe"],
    })
    const failures = []
    let partial = ""
    const keep = (text) => {
      const lines = (partial + text).split("\n")
      partial = lines.pop() ?? ""
      for (const line of lines) {
        const plain = line.replace(ANSI, "").trim()
        if (
          plain &&
          FAILURE_LINE.test(plain) &&
          !SERVER_LOG_BELOW_ERROR.test(plain) &&
          failures.length < MAX_FAILURE_LINES &&
          !failures.includes(plain)
        )
          failures.push(plain.slice(0, 300))
      }
    }
    child.stdout.on("data", (chunk) => {
      write(process.stdout, chunk)
      keep(chunk.toString())
    })
    child.stderr.on("data", (chunk) => {
      write(process.stderr, chunk)
      keep(chunk.toString())
    })
    child.on("close", (code) => {
      keep("\n")
      const seconds = ((Date.now() - started) / 1000).toFixed(1)
      const ok = code === 0
      if (held) console.log(`\n▶ ${title}: its output`)
      for (const [stream, chunk] of heldOutput) stream.write(chunk)
      console.log(`${ok ? "✔" : "✘"} ${title} (${seconds} s)`)
      resolve({ title, ok, seconds, failures })
    })
  })
}

function mustPass(result) {
  if (!result.ok) {
    console.error(`manyhands: "${result.title}" failed; see the output above.`)
    process.exit(1)
  }
}

const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"
// Screenshots of Chinese, Japanese, Korean and Thai stories need Debian's CJK and Thai fonts.
const systemPackages = [
  { name: "chromium", present: () => existsSync(chromiumPath) },
  { name: "fonts-liberation", present: () => existsSync("/usr/share/fonts/truetype/liberation") },
  {
    name: "fonts-noto-cjk",
    present: () => existsSync("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
  },
  { name: "fonts-thai-tlwg", present: () => existsSync("/usr/share/fonts/truetype/tlwg") },
  // The API docs' code samples run in the languages Debian has (server/test/docs-samples.test.ts).
  { name: "jq", present: () => existsSync("/usr/bin/jq") },
  { name: "php-cli", present: () => existsSync("/usr/bin/php") },
  { name: "ruby", present: () => existsSync("/usr/bin/ruby") },
  { name: "golang-go", present: () => existsSync("/usr/bin/go") },
  { name: "default-jdk-headless", present: () => existsSync("/usr/bin/javac") },
]

function ensureBrowserAndFonts() {
  const missing = systemPackages.filter((pkg) => !pkg.present()).map((pkg) => pkg.name)
  if (missing.length === 0) return
  if (process.getuid?.() !== 0) {
    console.error(
      `manyhands: the browser tests and the docs' samples need Debian packages: run \`sudo apt-get install -y ${missing.join(" ")}\` (or set CHROMIUM_PATH), then npm test again.`,
    )
    process.exit(1)
  }
  console.log(`\n▶ installing ${missing.join(", ")} with apt-get (once)`)
  const install = () =>
    spawnSync("apt-get", ["install", "-y", "--no-install-recommends", ...missing], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    }).status === 0
  if (!install()) {
    spawnSync("apt-get", ["update"], { stdio: "inherit" })
    if (!install()) {
      console.error(
        `manyhands: could not install ${missing.join(" ")} with apt-get; install them by hand and run npm test again.`,
      )
      process.exit(1)
    }
  }
}

/** Story shards run at once (each a browser and a Vite server). */
const STORY_SHARDS = 2

const command = process.argv[2]
if (command === "start") {
  mustPass(step("install dependencies", ["install", "--frozen-lockfile"]))
  mustPass(step("build", ["build"]))
  // The server migrates, seeds on first run and serves. It runs in its own process group so that one
  // Ctrl-C reaches it once (from here), not twice (terminal and npm both signal this process).
  let nodeArgs
  try {
    nodeArgs = serverNodeArgs(env)
  } catch (error) {
    console.error(`manyhands: ${error.message}`)
    process.exit(1)
  }
  const server = spawn(process.execPath, [...nodeArgs, join(root, "server/dist/main.js")], {
    cwd: root,
    env,
    stdio: "inherit",
    detached: true,
  })
  let lastSignalAt = 0
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      if (Date.now() - lastSignalAt < 500) return // the same Ctrl-C, delivered twice
      lastSignalAt = Date.now()
      server.kill(signal)
    })
  }
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
} else if (command === "test") {
  const started = Date.now()
  // With REDIS_URL the servers' limits count in Redis: this run's keys get their own prefix.
  if (env.REDIS_URL && !env.REDIS_PREFIX) env.REDIS_PREFIX = `test-${process.pid}-${Date.now()}:`
  mustPass(step("install dependencies", ["install", "--frozen-lockfile"]))
  ensureBrowserAndFonts()
  mustPass(step("build", ["build"]))
  // Every suite runs even when an earlier one fails, so one run shows everything that is wrong. Suites that leave
  // a core idle share the machine (measured on the two-core machine):
  // - the unit and server tests leave part of a core idle (their files wait on databases and servers), so the static
  //   checks (about one core, mostly the TypeScript compiler) run beside them: beside the end-to-end suite they took
  //   590 s and held up the code samples behind them;
  // - the stories run as two shards at once, each with its own browser and Vite server (four shards took as long:
  //   the stories keep both cores busy);
  // - the end-to-end suite waits on its test server, so the API docs' code samples (programs that mostly wait for
  //   their server) and the design-system package's fresh-app test run one after the other beside it.
  const [unit, check] = await Promise.all([
    suite("unit and server tests", ["test:unit"]),
    suite("check: types, lint, formatting", ["check"], { held: true }),
  ])
  const stories = await Promise.all(
    Array.from({ length: STORY_SHARDS }, (_, index) =>
      suite(
        `stories ${index + 1}/${STORY_SHARDS}: render, interaction, axe, screenshots`,
        ["test:stories", `--shard=${index + 1}/${STORY_SHARDS}`],
        { held: index > 0 },
      ),
    ),
  )
  const [e2e, [samples, consumer]] = await Promise.all([
    suite("end-to-end in Chromium", ["test:e2e"]),
    (async () => [
      await suite("API docs' code samples, run", ["test:samples"], { held: true }),
      await suite("design-system package in a fresh app", ["test:consumer"], { held: true }),
    ])(),
  ])
  const results = [check, unit, samples, ...stories, e2e, consumer]
  console.log(`\nSummary (${((Date.now() - started) / 1000).toFixed(0)} s in all):`)
  for (const result of results)
    console.log(`  ${result.ok ? "✔" : "✘"} ${result.title} (${result.seconds} s)`)
  // The failures again, last: whoever reads only the end of a long log still sees what broke.
  for (const result of results.filter((each) => !each.ok)) {
    console.log(`\nWhat failed in "${result.title}" (lines from its output above):`)
    for (const line of result.failures) console.log(`  ${line}`)
  }
  process.exit(results.every((result) => result.ok) ? 0 : 1)
} else {
  console.error("usage: node scripts/run.mjs start|test")
  process.exit(2)
}

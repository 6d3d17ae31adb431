#!/usr/bin/env node
// pnpm bench <name> [options]: runs one of the benchmarks of server/bench with tsx. They print figures and
// assert nothing about time. Plain JavaScript, no dependencies.
import { spawn } from "node:child_process"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const benchmarks = {
  dispatch: {
    file: "bench/dispatch.ts",
    about: "captcha lifecycle over HTTP on PGlite and PostgreSQL, and bare pg-boss for comparison",
  },
  stats: {
    file: "bench/stats.ts",
    about: "public statistics: rollup at 1 M tasks, graph reads, cached endpoints' and /pricing's requests/s",
  },
  crash: {
    file: "bench/crash.ts",
    about:
      "SIGKILL the built server under load on PostgreSQL, restart it, check tasks and ledger (needs pnpm build)",
  },
  proxy: {
    file: "bench/proxy.ts",
    about: "requests/s and MB/s on loopback: direct, bare proxy-chain, and the proxy gateway with its meter",
  },
  web: {
    file: "bench/web.ts",
    about:
      "requests/s of one process: res.php polls, cached and uncached public pages, a signed-in page, memory",
  },
  issue27: {
    file: "bench/issue27.ts",
    about:
      "every aim of issue 27 in one run: dispatch (beside pg-boss, pgbench), web in this process, memory soak (needs pnpm build)",
  },
  "worker-loop": {
    file: "bench/worker-loop.ts",
    about: "the worker cabinet in Chromium: Enter on one task → the next task painted (needs pnpm build)",
  },
}

// pnpm may pass a "--" separator through; the benchmark does not need it.
const [name, ...args] = process.argv.slice(2).filter((arg) => arg !== "--")
const benchmark = Object.hasOwn(benchmarks, name ?? "") ? benchmarks[name] : undefined
if (!benchmark) {
  if (name && name !== "--help" && name !== "-h") console.error(`manyhands: no benchmark named "${name}".`)
  console.error(
    "Usage: pnpm bench <name> [options]   (pnpm bench <name> --help for its options)\n\nBenchmarks:",
  )
  for (const [key, { about }] of Object.entries(benchmarks)) console.error(`  ${key.padEnd(10)} ${about}`)
  process.exit(name && name !== "--help" && name !== "-h" ? 2 : 0)
}

// tsx is a dependency of the workspace root; run its CLI with this Node, in the server package.
const tsx = createRequire(join(root, "package.json")).resolve("tsx/cli")
const child = spawn(process.execPath, [tsx, benchmark.file, ...args], {
  cwd: join(root, "server"),
  stdio: "inherit",
})
// Ctrl-C reaches the benchmark too (same process group); it drops its temporary databases, then exits.
process.on("SIGINT", () => {})
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)))

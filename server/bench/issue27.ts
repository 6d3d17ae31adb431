// pnpm bench issue27: every figure issue 27 sets an aim for, in one run — the captcha lifecycle on PGlite and
// PostgreSQL beside bare pg-boss and pgbench (bench/dispatch.ts), polls and pages per process (bench/web.ts, in
// this process) and the memory of built server processes under minutes of mixed load (bench/web.ts --soak) — one
// after the other on this machine, each printing its own table, then one table of every aim. Nothing is asserted.
import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseArgs } from "node:util"
import type { AimFigure } from "./support"

const HELP = `pnpm bench issue27 [options]

  --tasks <n>       captcha lifecycles per database in the dispatch benchmark (default: its own)
  --poll <ms-ms>    how often the dispatch benchmark's customers poll res.php (default 50-100, as the figures in
                    bench/README.md since 2026-12-02)
  --seconds <n>     seconds of load per page and poll target (default 10)
  --soak <minutes>  minutes of mixed load for the memory figure (default 10; 0 leaves it out)
  --processes <n>   built server processes behind HAProxy for the memory figure (default 2)
`

const { values } = parseArgs({
  options: {
    tasks: { type: "string" },
    poll: { type: "string", default: "50-100" },
    seconds: { type: "string", default: "10" },
    soak: { type: "string", default: "10" },
    processes: { type: "string", default: "2" },
    help: { type: "boolean", default: false },
  },
})
if (values.help) {
  console.log(HELP)
  process.exit(0)
}

const dir = mkdtempSync(join(tmpdir(), "manyhands-issue27-"))
const summary = join(dir, "aims.jsonl")
writeFileSync(summary, "")

/** Runs one benchmark file with tsx, its output on this terminal, its aims added to the summary. */
function run(file: string, args: string[]): Promise<number> {
  console.log(`\n━━ ${file} ${args.join(" ")}`)
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, file, ...args], {
      stdio: "inherit",
      env: { ...process.env, BENCH_SUMMARY: summary },
    })
    child.on("exit", (code) => resolve(code ?? 1))
  })
}

const started = Date.now()
const failed: string[] = []
try {
  const steps: [string, string[]][] = [
    ["bench/dispatch.ts", ["--poll", values.poll, ...(values.tasks ? ["--tasks", values.tasks] : [])]],
    ["bench/web.ts", ["--seconds", values.seconds]],
  ]
  if (Number(values.soak) > 0)
    steps.push([
      "bench/web.ts",
      ["--processes", values.processes, "--seconds", "1", "--only", "poll", "--soak", values.soak],
    ])
  for (const [file, args] of steps)
    if ((await run(file, args)) !== 0) failed.push(`${file} ${args.join(" ")}`)

  const figures = readFileSync(summary, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AimFigure)
  console.log(`\n━━ Issue 27's aims, this run (${Math.round((Date.now() - started) / 60_000)} min)\n`)
  console.log("| | figure | measured | aim |\n|---|---|--:|---|")
  for (const row of figures) {
    const mark = row.met === undefined ? "" : row.met ? "✔" : "✘"
    console.log(`| ${mark} | ${row.figure} | ${row.value} | ${row.aim} |`)
  }
  const judged = figures.filter((row) => row.met !== undefined)
  console.log(
    `\n${judged.filter((row) => row.met).length} of ${judged.length} aims met; nothing is asserted.`,
  )
  if (failed.length > 0) {
    console.log(`These did not finish: ${failed.join("; ")}`)
    process.exitCode = 1
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}

// pnpm fuzz: the fuzzer's long run (issue 17). Cases from generator.ts against a fresh app on PGlite (or the
// PostgreSQL server at DATABASE_URL with --db postgres); prints cases tried, 2xx/4xx/5xx counts and every 5xx
// case, and exits 1 on any 5xx or unanswered request. The bounded run is server/test/fuzz.test.ts.
import { parseArgs } from "node:util"
import { engines } from "../test/databases"
import { describeCase, fuzzCase } from "./generator"
import { describeFailure, runFuzz, startFuzzTarget } from "./harness"

const HELP = `pnpm fuzz [options]

  --cases N        cases to run (default 5000)
  --seed S         the seed (default: a random one, printed)
  --case I         run only case I of the seed (a replay), printing the request
  --from I         start at case I (default 0)
  --concurrency C  requests at once (default 4)
  --db pglite|postgres  the database (postgres: DATABASE_URL; default pglite)
  --by-operation   print the answers' statuses per operation
`

const { values } = parseArgs({
  options: {
    cases: { type: "string", default: "5000" },
    seed: { type: "string" },
    case: { type: "string" },
    from: { type: "string", default: "0" },
    concurrency: { type: "string", default: "4" },
    db: { type: "string", default: "pglite" },
    "by-operation": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
  // pnpm may pass a "--" separator through.
  args: process.argv.slice(2).filter((arg) => arg !== "--"),
})
if (values.help) {
  console.log(HELP)
  process.exit(0)
}

const whole = (name: string, text: string | undefined, min = 0) => {
  const number = Number(text)
  if (!Number.isSafeInteger(number) || number < min) {
    console.error(`--${name} must be a whole number ≥ ${min} (got ${text})\n\n${HELP}`)
    process.exit(2)
  }
  return number
}

const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : whole("seed", values.seed)
const single = values.case === undefined ? undefined : whole("case", values.case)
const count = single === undefined ? whole("cases", values.cases, 1) : 1
const from = single ?? whole("from", values.from)
const concurrency = whole("concurrency", values.concurrency, 1)
const engine = engines.find((candidate) => candidate.name === values.db)
if (!engine) {
  console.error(
    values.db === "postgres"
      ? "--db postgres needs DATABASE_URL (postgres://postgres@127.0.0.1:5432/test)"
      : `--db must be pglite or postgres (got ${values.db})`,
  )
  process.exit(2)
}

console.log(`fuzz: seed ${seed}, ${count} case(s) from #${from}, ${engine.name}, concurrency ${concurrency}`)
const target = await startFuzzTarget(engine)
console.log(`fuzz: ${target.surface.length} operations`)
if (single !== undefined) console.log(describeCase(fuzzCase(target.surface, seed, single)))

let lastReport = performance.now()
const summary = await runFuzz(target, {
  seed,
  count,
  from,
  concurrency,
  onOutcome: (outcome, done) => {
    if (outcome.status === "timeout" || outcome.status >= 500) console.log(describeFailure(outcome))
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now()
      console.log(`fuzz: ${done}/${count} cases`)
    }
  },
})
await target.stop()

if (values["by-operation"])
  for (const [operation, statuses] of Object.entries(summary.byOperation).sort())
    console.log(
      `${operation.padEnd(60)} ${Object.entries(statuses)
        .map(([status, n]) => `${status}×${n}`)
        .join(" ")}`,
    )

const timeouts = summary.failures.filter((failure) => failure.status === "timeout").length
console.log(
  `\nfuzz: seed ${seed} on ${engine.name}: ${summary.tried} cases in ${summary.seconds.toFixed(1)} s — ` +
    `2xx ${summary.byClass["2xx"]}, 3xx ${summary.byClass["3xx"]}, 4xx ${summary.byClass["4xx"]}, ` +
    `5xx ${summary.byClass["5xx"]}, unanswered ${timeouts}`,
)
if (summary.failures.length > 0) {
  console.log(`\n${summary.failures.length} failing case(s):`)
  for (const failure of summary.failures) console.log(describeFailure(failure))
  process.exit(1)
}
// PGlite and pools may keep timers alive; the run is over.
process.exit(0)

import { spawnSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import {
  DOCS_LANGUAGES,
  SAMPLE_LANGUAGES,
  type DocPage,
  type SampleLanguage,
} from "@manyhands/contract/api-docs"
import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { TASK_TYPES } from "../src/modules/captcha/task-types"
import { DOC_SLUGS, exampleWorkerAnswer } from "../src/modules/docs/api-docs"
import { readDocsTexts, sampleOf } from "../src/modules/docs/docs-content"
import { generateSample, type SampleSpec } from "../src/modules/docs/samples"
import { giveApiKey, giveCredit, newUser, pngImage } from "./captcha-fixtures"
import { engines } from "./databases"
import { limiter, programEnv, runProgram, type Outcome } from "./programs"
import { startTestApp } from "./test-app"

/*
 * Every code sample the docs show runs against a listening server: the samples of every docs page (methods and
 * task types in both versions; the landing pages show the same programs) and those the guides (/lang/{lang}, …)
 * place with {{sample …}}. Each is saved as a reader saves it, beside the pictures it reads, with the reader's two
 * edits — the API key in place of YOUR_API_KEY and, to keep the suite quick, a poll interval of 0.1 s instead of
 * 5 — and run by the language's own tool while scripted workers answer its tasks. Go programs are built together
 * (one `go build` of a module holding each as a package) and so are Java's (one `javac` of them all, each given a
 * `package` line of its own so that their classes do not clash; `java Solve.java` compiles the same way) and run
 * one after the other in one JVM. C# has
 * no runtime in Debian: its samples are only shown. The last test prints how many ran per language.
 */

const POLL = "0.1"
const RUN_TIMEOUT_MS = 60_000
/** Programs at once: most of a run is waiting for the server and the workers. */
const CONCURRENCY = 5

interface Planned {
  language: SampleLanguage
  spec: SampleSpec
  file: string
  code: string
  /** Where it is shown, for the failure message. */
  where: string
}

/** The runtimes: the command for a saved program, or null when this machine lacks the language. */
const has = (command: string, args: string[] = ["--version"]) =>
  spawnSync(command, args, { stdio: "ignore" }).status === 0
const RUNTIMES: Record<
  SampleLanguage,
  { available: boolean; command: (file: string) => [string, string[]] }
> = {
  curl: { available: has("bash") && has("curl") && has("jq"), command: (file) => ["bash", [file]] },
  python: { available: has("python3"), command: (file) => ["python3", [file]] },
  javascript: { available: true, command: (file) => [process.execPath, [file]] },
  php: { available: has("php"), command: (file) => ["php", [file]] },
  ruby: { available: has("ruby"), command: (file) => ["ruby", [file]] },
  go: { available: has("go", ["version"]), command: () => ["./program", []] },
  // Run together in one JVM (runJava).
  java: { available: has("javac", ["-version"]), command: () => ["java", []] },
  csharp: { available: false, command: () => ["dotnet", ["run"]] },
}

/** What a run must print, by what the program does. */
function expectation(spec: SampleSpec): RegExp[] {
  if (spec.scenario === "solve") return [/^Task \S+ sent$/m, /^Solved: \S/m]
  switch (spec.call) {
    case "get-balance":
      return [/^Balance: \d+(\.\d+)?$/m]
    case "get-task-result":
      return [/ready|w7mk4/]
    case "get-pingback":
      return [/\[|^""$|^\{/m]
    default:
      return [/^Reported$/m]
  }
}

const needsSolvedTask = (spec: SampleSpec) =>
  spec.scenario === "call" && spec.call !== "get-balance" && spec.call !== "get-pingback"

describe("the docs' code samples run against a listening server", () => {
  let app: FastifyInstance
  let db: Database
  let stop: (() => Promise<void>) | undefined
  let base = ""
  let key = ""
  let root = ""
  const planned: Planned[] = []
  const workersStop = new AbortController()
  let workers: Promise<void>[] = []
  const slot = limiter(CONCURRENCY)
  const ran = new Map<SampleLanguage, number>()
  const seconds = new Map<SampleLanguage, number>()

  async function work(workerId: string) {
    const { workers } = app.captchaEngine
    while (!workersStop.signal.aborted) {
      try {
        const offer = await workers.claim(workerId, {
          waitMs: 1000,
          types: Object.keys(TASK_TYPES),
          abort: workersStop.signal,
        })
        if (offer) await workers.answer(workerId, offer.assignmentId, exampleWorkerAnswer(offer.type))
      } catch (error) {
        if (workersStop.signal.aborted) return
        console.error("the scripted worker failed:", error)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }
  }

  /** A task of the customer solved through the API version: its id (for the result and report samples). */
  async function solvedTask(version: 1 | 2): Promise<string> {
    const body = pngImage(120, 40).toString("base64")
    const post = async (path: string, json: unknown, tries = 3): Promise<Record<string, unknown>> => {
      try {
        const response = await fetch(`${base}/${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(json),
        })
        return (await response.json()) as Record<string, unknown>
      } catch (error) {
        // Dozens of these run at once beside the samples on a busy machine: a pooled keep-alive connection can be
        // reset under a request (seen once in CI). The client libraries the samples stand for retry then; so
        // does this helper, which only prepares the samples' tasks and is not under test.
        const code = (error as { cause?: { code?: string } }).cause?.code
        if (tries <= 1 || !["ECONNRESET", "EPIPE", "UND_ERR_SOCKET"].includes(code ?? "")) throw error
        return post(path, json, tries - 1)
      }
    }
    const id =
      version === 1
        ? String((await post("in.php", { key, method: "base64", body, json: 1 })).request)
        : String(
            (await post("createTask", { clientKey: key, task: { type: "ImageToTextTask", body } })).taskId,
          )
    for (let tries = 0; tries < 200; tries++) {
      const result =
        version === 1
          ? await post("res.php", { key, action: "get", id, json: 1 })
          : await post("getTaskResult", { clientKey: key, taskId: Number(id) })
      if (result.status === 1 || result.status === "ready") return id
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`task ${id} was not solved`)
  }

  beforeAll(async () => {
    // PGlite, as in every run: on a PostgreSQL server two workers answering one customer's tasks at once can
    // deadlock in the ledger (WorkerQueue.settle; see the stop's note), which this suite would trip over.
    // Every language's samples submit at once with one key: far more in.php calls in 3 s than MAX_USER_TURN lets
    // one customer make (its own tests are in classic-api.test.ts); here the samples are what is tested.
    ;({ app, db, stop } = await startTestApp(engines[0]!, { abuseLimits: { turnSubmissions: 100_000 } }))
    await app.listen({ host: "127.0.0.1", port: 0 })
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    const email = `docs-${randomBytes(4).toString("hex")}@example.com`
    const customer = await newUser(db, email, "customer")
    await giveCredit(db, customer, 100_000_000)
    key = await giveApiKey(db, email)
    // As many scripted workers as programs run at once: no program waits (and polls) for a worker to be free.
    const workerIds = await Promise.all(
      Array.from({ length: CONCURRENCY }, (_, index) =>
        newUser(db, `docs-worker-${index + 1}-${randomBytes(4).toString("hex")}@example.com`, "worker"),
      ),
    )
    workers = workerIds.map((id) => work(id))

    // The samples as the pages show them (fetched over HTTP, so with the page's own address), then the guides'.
    const seen = new Set<string>()
    const plan = (language: SampleLanguage, spec: SampleSpec, file: string, code: string, where: string) => {
      const id = `${language}\n${code}`
      if (seen.has(id)) return
      seen.add(id)
      planned.push({ language, spec, file, code, where })
    }
    for (const slug of DOC_SLUGS) {
      const response = await fetch(`${base}/api/v1/api-docs/${slug}?language=en`)
      expect(response.status, slug).toBe(200)
      const page = (await response.json()) as DocPage
      for (const version of page.versions)
        for (const sample of version.samples) {
          const spec = specOf(sample.code, version.version)
          plan(sample.language, spec, sample.file, sample.code, `/api-docs/${slug} v${version.version}`)
        }
    }
    const texts = readDocsTexts()
    for (const [slug, byLanguage] of texts.guides)
      for (const language of DOCS_LANGUAGES) {
        const doc = byLanguage.get(language)
        if (!doc) continue
        for (const match of doc.markdown.matchAll(/^\{\{sample (\S+) (solve|call) (\S+) v([12])\}\}$/gm)) {
          const directive = sampleOf(match[1]!, match[2]!, match[3]!, Number(match[4]) as 1 | 2, doc.file)
          const sample = generateSample(directive.language, directive.spec, base)
          plan(directive.language, directive.spec, sample.file, sample.code, `guide ${slug} (${language})`)
        }
      }

    // Each program in a folder of its own with the files a reader has; Go's as packages of one module.
    root = mkdtempSync(join(tmpdir(), "manyhands-docs-samples-"))
    mkdirSync(join(root, "go"))
    writeFileSync(join(root, "go", "go.mod"), "module samples\n\ngo 1.19\n")
    planned.forEach((sample, index) => {
      const dir = sample.language === "go" ? join(root, "go", `p${index}`) : join(root, `p${index}`)
      mkdirSync(dir)
      for (const [name, data] of Object.entries(readerFiles())) writeFileSync(join(dir, name), data)
      const code = sample.code
        .replaceAll("YOUR_API_KEY", key)
        .replace(/\b(POLL_SECONDS|pollSeconds|PollSeconds)( *= *)5\b/, `$1$2${POLL}`)
      writeFileSync(join(dir, sample.file), code)
    })
    const javaSources = planned.flatMap((sample, index) => {
      if (sample.language !== "java") return []
      const source = join(root, "java", `p${index}`, sample.file)
      mkdirSync(join(root, "java", `p${index}`), { recursive: true })
      writeFileSync(
        source,
        `package p${index}; ${readFileSync(join(root, `p${index}`, sample.file), "utf8")}`,
      )
      return [source]
    })
    if (RUNTIMES.java.available && javaSources.length > 0) {
      writeFileSync(join(root, "java", "RunSamples.java"), JAVA_HARNESS)
      javaSources.push(join(root, "java", "RunSamples.java"))
      const build = spawnSync("javac", ["-nowarn", "-d", join(root, "java-classes"), ...javaSources], {
        encoding: "utf8",
      })
      expect(build.status, `javac of the Java samples:\n${build.stderr}`).toBe(0)
    }
    if (RUNTIMES.go.available && planned.some((sample) => sample.language === "go")) {
      const build = spawnSync("go", ["build", "-o", join(root, "go-bin") + "/", "./..."], {
        cwd: join(root, "go"),
        env: programEnv({
          GOFLAGS: "-mod=mod",
          GOTOOLCHAIN: "local",
          GOCACHE: join(tmpdir(), "manyhands-go-cache"),
        }),
        encoding: "utf8",
      })
      expect(build.status, `go build of the Go samples:\n${build.stderr}`).toBe(0)
    }
  }, 600_000)

  afterAll(async () => {
    workersStop.abort()
    await Promise.allSettled(workers)
    await stop?.()
    if (root) rmSync(root, { recursive: true, force: true })
  })

  async function run(index: number): Promise<Outcome & { sample: Planned }> {
    const sample = planned[index]!
    const [command, commandArgs] =
      sample.language === "go"
        ? [join(root, "go-bin", `p${index}`), []]
        : RUNTIMES[sample.language].command(sample.file)
    const outcome = await slot(async () => {
      // The solved task a result or report sample reads is made in the program's turn: made for all ~300 at
      // once, each polled every 0.1 s while two workers worked through the queue, they cost more than the programs.
      const args = needsSolvedTask(sample.spec) ? [await solvedTask(sample.spec.version)] : []
      const started = Date.now()
      const finished = await runProgram(
        command,
        [...commandArgs, ...args],
        sample.language === "go" ? join(root, "go", `p${index}`) : join(root, `p${index}`),
        programEnv({}),
        RUN_TIMEOUT_MS,
      )
      seconds.set(sample.language, (seconds.get(sample.language) ?? 0) + (Date.now() - started) / 1000)
      return finished
    })
    return { ...outcome, sample }
  }

  /**
   * The Java samples in one JVM (RunSamples below), one after the other, each with its output in a file of its
   * own: a JVM start per sample would cost more than all the other languages' runs together. A sample that fails
   * ends the JVM (System.exit), so the ones after it report that they did not run.
   */
  async function runJava(indexes: number[]): Promise<(Outcome & { sample: Planned })[]> {
    const dir = join(root, "java-run")
    mkdirSync(dir)
    for (const [name, data] of Object.entries(readerFiles())) writeFileSync(join(dir, name), data)
    const lines: string[] = []
    for (const index of indexes) {
      const sample = planned[index]!
      const arg = needsSolvedTask(sample.spec) ? await solvedTask(sample.spec.version) : ""
      lines.push([javaClass(index), join(dir, `p${index}.out`), arg].join("\t"))
    }
    writeFileSync(join(dir, "samples.tsv"), lines.join("\n") + "\n")
    const started = Date.now()
    const harness = await slot(() =>
      runProgram(
        "java",
        [
          "-XX:TieredStopAtLevel=1",
          "-XX:+UseSerialGC",
          "-cp",
          join(root, "java-classes"),
          "RunSamples",
          "samples.tsv",
        ],
        dir,
        programEnv({}),
        RUN_TIMEOUT_MS * 5,
      ),
    )
    seconds.set("java", (Date.now() - started) / 1000)
    const done = new Set(harness.output.match(/^done \S+$/gm)?.map((line) => line.slice(5)) ?? [])
    return indexes.map((index) => {
      const file = join(dir, `p${index}.out`)
      const output = existsSync(file) ? readFileSync(file, "utf8") : ""
      return {
        sample: planned[index]!,
        exitCode: done.has(javaClass(index)) ? 0 : output ? (harness.exitCode ?? 1) : null,
        output: output || `not run: an earlier Java sample ended the JVM\n${harness.output.slice(-1500)}`,
      }
    })
  }

  /** A Java sample's class: its file's, in the package of its own it was compiled in. */
  const javaClass = (index: number) => `p${index}.${planned[index]!.file.replace(/\.java$/, "")}`

  it("shows a sample in every language on every page that has one", () => {
    expect(planned.length).toBeGreaterThan(100)
    for (const language of SAMPLE_LANGUAGES)
      expect(planned.filter((sample) => sample.language === language).length, language).toBeGreaterThan(10)
  })

  it("runs every sample: the submissions first, then the result and report calls", async () => {
    const runnable = planned
      .map((sample, index) => ({ sample, index }))
      .filter(({ sample }) => RUNTIMES[sample.language].available)
    const failures: string[] = []
    const java = runnable.filter(({ sample }) => sample.language === "java")
    const javaRun = java.length > 0 ? runJava(java.map(({ index }) => index)) : Promise.resolve([])
    for (const phase of [false, true]) {
      const outcomes = await Promise.all(
        runnable
          .filter(({ sample }) => sample.language !== "java" && needsSolvedTask(sample.spec) === phase)
          .map(({ index }) => run(index)),
      )
      if (phase) outcomes.push(...(await javaRun))
      for (const { sample, exitCode, output } of outcomes) {
        ran.set(sample.language, (ran.get(sample.language) ?? 0) + 1)
        const missing = expectation(sample.spec).filter((pattern) => !pattern.test(output))
        if (exitCode !== 0 || missing.length > 0)
          failures.push(
            `${sample.language} ${sample.file} (${sample.where}): exit ${exitCode}\n${output.slice(0, 1500)}`,
          )
      }
    }
    expect(failures, failures.join("\n\n")).toEqual([])
  }, 900_000)

  it("says how many samples ran per language", () => {
    const counts = SAMPLE_LANGUAGES.map(
      (language) =>
        `${language} ${ran.get(language) ?? 0}/${planned.filter((sample) => sample.language === language).length}` +
        ` (${(seconds.get(language) ?? 0).toFixed(0)} s)`,
    )
    console.log(`docs samples run per language (run/shown): ${counts.join(", ")}`)
    for (const language of SAMPLE_LANGUAGES) {
      // npm test installs every runtime Debian has (scripts/run.mjs): in CI none may be missing.
      if (process.env.CI && language !== "csharp")
        expect(RUNTIMES[language].available, `${language} runtime`).toBe(true)
      if (RUNTIMES[language].available) expect(ran.get(language), language).toBeGreaterThan(0)
    }
  })
})

/** The files a reader keeps beside the programs: the pictures and recording the samples read. */
function readerFiles(): Record<string, Buffer> {
  return {
    "captcha.png": pngImage(120, 40),
    "instructions.png": pngImage(100, 30),
    "background.png": pngImage(300, 200),
    "piece.png": pngImage(40, 40),
    "part.png": pngImage(60, 60),
    "recording.mp3": Buffer.concat([Buffer.from("ID3\x04\x00\x00"), randomBytes(400)]),
  }
}

/**
 * Runs Java samples one after the other in this JVM: samples.tsv names each one's class, output file and argument
 * (a task id, or nothing). Prints "done <class>" after each that returned; one that fails exits the JVM.
 */
const JAVA_HARNESS = `import java.io.*;
import java.nio.file.*;

public class RunSamples {
    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        PrintStream err = System.err;
        for (String line : Files.readAllLines(Path.of(args[0]))) {
            if (line.isEmpty()) continue;
            String[] fields = line.split("\\t", -1);
            PrintStream capture = new PrintStream(new FileOutputStream(fields[1]), true, "UTF-8");
            System.setOut(capture);
            System.setErr(capture);
            String[] sampleArgs = fields[2].isEmpty() ? new String[0] : new String[] { fields[2] };
            Class.forName(fields[0]).getMethod("main", String[].class).invoke(null, (Object) sampleArgs);
            capture.close();
            System.setOut(out);
            System.setErr(err);
            out.println("done " + fields[0]);
        }
    }
}
`

/** Which program a shown sample is: read back from its title line (what a docs page's sample does). */
function specOf(code: string, version: 1 | 2): SampleSpec {
  if (/Solves /.test(code.split("\n").slice(0, 3).join("\n")))
    return { scenario: "solve", version, what: "", fields: {}, timeoutSeconds: 0 }
  const calls = [
    ["Prints your balance", "get-balance"],
    ["Prints the result", "get-task-result"],
    ["as correct", "report-correct"],
    ["as wrong", "report-incorrect"],
    ["pingback addresses", "get-pingback"],
  ] as const
  const head = code.split("\n").slice(0, 3).join("\n")
  const call = calls.find(([text]) => head.includes(text))?.[1]
  if (!call)
    throw new Error(`a sample whose first lines say neither what it solves nor what it calls:\n${head}`)
  return { scenario: "call", version, call }
}

import { randomBytes } from "node:crypto"
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import remarkParse from "remark-parse"
import { unified } from "unified"
import { visit } from "unist-util-visit"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { FastifyInstance } from "fastify"
import type { Offer } from "@manyhands/contract/worker"
import type { Database } from "../src/db/database"
import { captchaSamples } from "../src/modules/captcha/samples"
import { productContentDir } from "../src/modules/content/product-content"
import { renderMarkdown } from "../src/modules/content/render"
import { giveApiKey, giveCredit, newUser, pngImage } from "./captcha-fixtures"
import { engines } from "./databases"
import { limiter, programEnv, runProgram, type Running } from "./programs"
import { startTestApp } from "./test-app"

/*
 * The tutorials' code runs (server/content/tutorials/<key>/<en|ru>.md). A code block fenced as ```js runnable or
 * ```python runnable is a complete program: its first line is a comment naming its file (`// recaptcha.mjs — …`,
 * `# solve_image.py — …`), and it reads the server's address, the API key and the polling interval from
 * MANYHANDS_URL, MANYHANDS_KEY and MANYHANDS_POLL_MS, with the values a reader uses as fallbacks. Here each one is
 * written to a folder of its tutorial (with a captcha.png and a recording.mp3 beside it, as a reader has) and run
 * with `node` / `python3` against a listening server, while scripted workers answer its tasks; the runs below say
 * with which key and arguments, and what the program must print. A block marked runnable without runs here (or
 * runs here without a block) fails the test, so a tutorial's code cannot quietly stop being checked.
 */

/** Fast polling for the programs (the readers' default is 5000 ms). */
const POLL_MS = 100
/** One program run must end within this long. */
const RUN_TIMEOUT_MS = 25_000
/** Programs running at once (a 2-core machine also runs the server and the workers). */
const CONCURRENCY = 3

// --- the runnable blocks --------------------------------------------------------------------------------

type Runtime = "node" | "python"
const RUNTIMES: Record<string, Runtime> = { js: "node", javascript: "node", python: "python" }
const EXTENSIONS: Record<Runtime, string> = { node: ".mjs", python: ".py" }

interface Block {
  runtime: Runtime
  /** The file name the first line's comment gives (`// recaptcha.mjs — …`). */
  file: string
  code: string
}

/** The fenced blocks whose info string has the word `runnable` after the language. */
function runnableBlocks(markdown: string): { lang: string | null; code: string; line: number }[] {
  const blocks: { lang: string | null; code: string; line: number }[] = []
  visit(unified().use(remarkParse).parse(markdown), "code", (node) => {
    if ((node.meta ?? "").split(/\s+/).includes("runnable"))
      blocks.push({ lang: node.lang ?? null, code: node.value, line: node.position?.start.line ?? 0 })
  })
  return blocks
}

const tutorialsDir = join(productContentDir, "tutorials")
const TUTORIALS = readdirSync(tutorialsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

const markdownOf = (tutorial: string, language: "en" | "ru") =>
  readFileSync(join(tutorialsDir, tutorial, `${language}.md`), "utf8")

/** Every runnable block of a tutorial's translation, checked for a known language and a file name. */
function programsOf(tutorial: string, language: "en" | "ru"): Block[] {
  return runnableBlocks(markdownOf(tutorial, language)).map(({ lang, code, line }) => {
    const where = `${tutorial}/${language}.md:${line}`
    const runtime = RUNTIMES[lang ?? ""]
    if (!runtime) throw new Error(`${where}: "runnable" is for js and python blocks, not ${lang}`)
    const named = /^(?:\/\/|#) ([\w-]+\.(?:mjs|py))\b/.exec(code)
    if (!named || !named[1]!.endsWith(EXTENSIONS[runtime]))
      throw new Error(
        `${where}: a runnable block starts with a comment naming its ${EXTENSIONS[runtime]} file, such as ` +
          `"${runtime === "node" ? "// solve.mjs" : "# solve.py"} — …"`,
      )
    return { runtime, file: named[1]!, code }
  })
}

// --- what the workers answer ----------------------------------------------------------------------------

const TEXT_ANSWER = "w7mk4"
const DIGITS_ANSWER = "70425"
const QUESTION_ANSWER = "21"
const TRANSCRIPT = "seven three nine"
const COORDINATES = [
  { x: 148, y: 53 },
  { x: 53, y: 150 },
]
const TOKEN = `03AFcWeA${randomBytes(24).toString("hex")}`
const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"
const WORKER_TYPES = [
  "ImageToTextTask",
  "TextCaptchaTask",
  "AudioTask",
  "GridTask",
  "CoordinatesTask",
  "RecaptchaV2Task",
  "RecaptchaV3Task",
  "TurnstileTask",
  "YandexSmartCaptchaTask",
]

/** The public samples' answers by picture (base64) or question: a sample is answered right. */
const sampleAnswers = () =>
  new Map(
    captchaSamples().map(({ sample, png }) => [
      png ? png.toString("base64") : String(sample.fields.textcaptcha),
      sample.answer,
    ]),
  )

/** A right-looking answer of the task's type, within its rules. */
function answerFor(offer: Offer, samples: Map<string, string>): unknown {
  const picture = offer.files.find((file) => file.name === "body")?.data
  const sample = samples.get(picture ?? String(offer.params.comment))
  switch (offer.type) {
    case "ImageToTextTask":
      return { text: sample ?? (offer.params.numeric === 1 ? DIGITS_ANSWER : TEXT_ANSWER) }
    case "TextCaptchaTask":
      return { text: sample ?? QUESTION_ANSWER }
    case "AudioTask":
      return { text: TRANSCRIPT }
    case "GridTask":
      return { click: sample ? sample.replace("click:", "").split("/").map(Number) : [1] }
    case "CoordinatesTask":
      return { coordinates: COORDINATES }
    case "RecaptchaV2Task":
    case "RecaptchaV3Task":
      return { gRecaptchaResponse: TOKEN }
    case "TurnstileTask":
      return { token: TOKEN, userAgent: USER_AGENT }
    default:
      return { token: TOKEN }
  }
}

// --- the runs -------------------------------------------------------------------------------------------

/** Whose key a run gets: "funded" has money, "broke" none, "recognition" 100 % recognition on; "unknown" is no account's. */
type KeyName = "funded" | "broke" | "recognition" | "unknown"

interface Context {
  base: string
  keys: Record<KeyName, string>
  /** A task of the funded customer, submitted through in.php or createTask and solved by a worker: its id. */
  solvedTask(api: "classic" | "v2"): Promise<string>
}

interface Run {
  name: string
  /** The API key the program gets; "funded" unless given. */
  key?: KeyName
  args?: (context: Context) => Promise<string[]>
  env?: Record<string, string>
  /** What its output (stdout and stderr together) must show, each pattern somewhere. */
  prints: RegExp[]
  /** Its exit code; 0 unless given. */
  exitCode?: number
  /** For a program that does not end: what the test does while it runs; the program is stopped afterwards. */
  drive?: (context: Context, program: Running) => Promise<void>
}

interface Program {
  tutorial: string
  file: string
  runs: Run[]
}

const PROGRAMS: Program[] = [
  {
    tutorial: "image-captcha-python-requests",
    file: "solve_image.py",
    runs: [
      {
        name: "solves captcha.png",
        prints: [/^Task id: \d+$/m, new RegExp(`^Answer: ${TEXT_ANSWER}$`, "m")],
      },
      {
        name: "stops at once on a key no account has",
        key: "unknown",
        prints: [/^No answer: ERROR_KEY_DOES_NOT_EXIST/m],
        exitCode: 1,
      },
    ],
  },
  {
    tutorial: "image-captcha-python-requests",
    file: "solve_digits.py",
    runs: [{ name: "passes the answer's rules", prints: [new RegExp(`^Answer: ${DIGITS_ANSWER}$`, "m")] }],
  },
  {
    tutorial: "image-captcha-python-requests",
    file: "report_bad.py",
    runs: [
      {
        name: "reports a solved task",
        args: async (context) => [await context.solvedTask("classic")],
        prints: [/^OK_REPORT_RECORDED$/m],
      },
      {
        name: "stops on a second report of the same task",
        args: async ({ base, keys, solvedTask }) => {
          const id = await solvedTask("classic")
          const query = new URLSearchParams({ key: keys.funded, action: "reportbad", id })
          expect(await (await fetch(`${base}/res.php?${query}`)).text()).toBe("OK_REPORT_RECORDED")
          return [id]
        },
        prints: [/^Not reported: ERROR_DUPLICATE_REPORT/m],
        exitCode: 1,
      },
    ],
  },
  {
    tutorial: "handling-api-errors-and-retries",
    file: "check-key.mjs",
    runs: [
      { name: "a funded key", prints: [/^The key works; balance: \d+(\.\d+)?$/m] },
      {
        name: "a key no account has",
        key: "unknown",
        prints: [/ERROR_KEY_DOES_NOT_EXIST/],
        exitCode: 1,
      },
      { name: "a key without money", key: "broke", prints: [/the balance is 0/], exitCode: 1 },
    ],
  },
  {
    tutorial: "handling-api-errors-and-retries",
    file: "robust.py",
    runs: [{ name: "solves captcha.png", prints: [new RegExp(`^Task \\d+ answer: ${TEXT_ANSWER}$`, "m")] }],
  },
  {
    tutorial: "handling-api-errors-and-retries",
    file: "robust.mjs",
    runs: [{ name: "solves captcha.png", prints: [new RegExp(`^Task \\d+ answer: ${TEXT_ANSWER}$`, "m")] }],
  },
  {
    tutorial: "recaptcha-v2-javascript-api-v2",
    file: "recaptcha.mjs",
    runs: [
      { name: "gets a token", prints: [/^Task id: \d+$/m, new RegExp(`^Token: ${TOKEN}$`, "m")] },
      {
        name: "stops on ERROR_ZERO_BALANCE",
        key: "broke",
        prints: [/ERROR_ZERO_BALANCE/],
        exitCode: 1,
      },
    ],
  },
  {
    tutorial: "recaptcha-v2-javascript-api-v2",
    file: "report-token.mjs",
    runs: [
      {
        name: "reports a solved task",
        args: async (context) => [await context.solvedTask("v2")],
        prints: [/^Reported: success$/m],
      },
      {
        name: "stops on an id that is not the customer's task",
        args: async () => ["79999999999"],
        prints: [/^Not reported: ERROR_NO_SUCH_CAPCHA_ID/m],
        exitCode: 1,
      },
    ],
  },
  {
    tutorial: "recaptcha-v3-score-and-action",
    file: "recaptcha-v3.mjs",
    runs: [
      {
        name: "gets a token with its cost",
        prints: [/^task \d+ cost \d+\.\d+$/m, new RegExp(`^token ${TOKEN}$`, "m")],
      },
    ],
  },
  {
    tutorial: "text-questions-and-audio-captchas",
    file: "text-tasks.mjs",
    runs: [
      { name: "asks a text question", prints: [new RegExp(`^Answer: ${QUESTION_ANSWER}$`, "m")] },
      {
        name: "transcribes recording.mp3",
        args: async () => ["recording.mp3", "en"],
        prints: [new RegExp(`^Transcript: ${TRANSCRIPT}$`, "m")],
      },
    ],
  },
  {
    tutorial: "cloudflare-turnstile-python",
    file: "turnstile.py",
    runs: [
      {
        name: "gets a token and its user agent",
        prints: [new RegExp(`^token: ${TOKEN}$`, "m"), /^user agent: Mozilla\/5\.0 \(X11; Linux/m],
      },
    ],
  },
  {
    tutorial: "grid-and-coordinates-captchas-python",
    file: "grid.py",
    runs: [
      {
        name: "solves the sample grid both ways",
        prints: [/^Cells to click: \[2, 4, 9\]$/m, /^Points to click: \[\(148, 53\), \(53, 150\)\]$/m],
      },
    ],
  },
  {
    tutorial: "hundred-percent-recognition",
    file: "recognition.py",
    runs: [
      {
        name: "two workers agree on the sample",
        key: "recognition",
        prints: [/^answer: w7mk4$/m, /^answers collected: 2 charged: \d+\.\d+$/m],
      },
    ],
  },
  {
    tutorial: "own-proxy-for-token-captchas",
    file: "proxy_task.py",
    runs: [{ name: "gets a token through the proxy", prints: [new RegExp(`^token: ${TOKEN}$`, "m")] }],
  },
  {
    tutorial: "pingbacks-instead-of-polling",
    file: "pingback_server.py",
    runs: [
      {
        name: "receives a real pingback and refuses a request without the secret",
        env: { PORT: "0" },
        prints: [/^Listening on port \d+$/m],
        drive: async ({ base, keys }, program) => {
          const port = Number((await program.waitFor(/^Listening on port (\d+)$/m))[1])
          const hooks = `http://127.0.0.1:${port}/`
          const secret = "replace-with-a-long-random-string"
          // Anyone else's request is refused.
          const stranger = await fetch(`${hooks}captcha?secret=guess`, {
            method: "POST",
            body: "id=1&code=x",
          })
          expect(stranger.status).toBe(403)
          // Step 1: register the address; step 3: a task with the pingback (the tutorial's curl commands).
          const form = (params: Record<string, string>) => ({
            method: "POST",
            body: new URLSearchParams(params),
          })
          const added = await fetch(
            `${base}/res.php`,
            form({ key: keys.funded, action: "add_pingback", addr: hooks }),
          )
          expect(await added.text()).toBe("OK")
          const sent = await fetch(
            `${base}/in.php`,
            form({
              key: keys.funded,
              method: "base64",
              body: pngImage(120, 40).toString("base64"),
              pingback: `${hooks}captcha?secret=${secret}`,
            }),
          )
          const id = /^OK\|(\d+)$/.exec(await sent.text())?.[1]
          expect(id).toBeDefined()
          await program.waitFor(new RegExp(`^Task ${id} solved: ${TEXT_ANSWER}$`, "m"))
        },
      },
    ],
  },
  {
    tutorial: "yandex-smartcaptcha-python-api-v2",
    file: "smartcaptcha.py",
    runs: [{ name: "gets a token", prints: [/^Task id: \d+$/m, new RegExp(`^Token: ${TOKEN}$`, "m")] }],
  },
]

// --- the tests ------------------------------------------------------------------------------------------

describe("the tutorials' runnable code", () => {
  const english = TUTORIALS.flatMap((tutorial) =>
    programsOf(tutorial, "en").map((block) => ({ tutorial, ...block })),
  )

  it("marks at least 6 JavaScript and 4 Python programs, the same in English and Russian", () => {
    expect(english.filter((block) => block.runtime === "node").length).toBeGreaterThanOrEqual(6)
    expect(english.filter((block) => block.runtime === "python").length).toBeGreaterThanOrEqual(4)
    for (const tutorial of TUTORIALS) {
      const code = (language: "en" | "ru") =>
        programsOf(tutorial, language).map(({ runtime, file, code }) => ({ runtime, file, code }))
      expect(code("ru"), `${tutorial}: ru.md's runnable blocks`).toEqual(code("en"))
    }
  })

  it("has runs for every runnable program, and a program for every run", () => {
    const marked = english.map(({ tutorial, file }) => `${tutorial}/${file}`).sort()
    const planned = PROGRAMS.map(({ tutorial, file }) => `${tutorial}/${file}`).sort()
    expect(planned).toEqual(marked)
    expect(new Set(marked).size).toBe(marked.length)
  })

  it("highlights runnable blocks as their language and never shows the word", async () => {
    for (const tutorial of TUTORIALS)
      for (const language of ["en", "ru"] as const) {
        const blocks = programsOf(tutorial, language)
        if (blocks.length === 0) continue
        const { html, plainText } = await renderMarkdown(markdownOf(tutorial, language))
        for (const runtime of ["node", "python"] as const) {
          const highlighted = html.split(
            `data-language="${runtime === "node" ? "javascript" : "python"}"`,
          ).length
          expect(highlighted - 1).toBeGreaterThanOrEqual(blocks.filter((b) => b.runtime === runtime).length)
        }
        expect(html).not.toMatch(/runnable/)
        expect(plainText).not.toMatch(/runnable/)
      }
  })

  describe("run against a listening server", () => {
    let app: FastifyInstance
    let db: Database
    let stop: (() => Promise<void>) | undefined
    let root: string
    const context = {} as Context
    const workersStop = new AbortController()
    let workers: Promise<void>[] = []
    const slot = limiter(CONCURRENCY)

    /**
     * A scripted worker: claims every type of task the programs send and answers it at once. A failure is
     * logged and the worker goes on, so that one bad answer shows as one failing program, not as all of them.
     */
    async function work(workerId: string, samples: Map<string, string>) {
      const { workers } = app.captchaEngine
      while (!workersStop.signal.aborted) {
        try {
          const offer = await workers.claim(workerId, {
            waitMs: 1000,
            types: WORKER_TYPES,
            abort: workersStop.signal,
          })
          if (offer) await workers.answer(workerId, offer.assignmentId, answerFor(offer, samples))
        } catch (error) {
          if (workersStop.signal.aborted) return
          console.error("the scripted worker failed:", error)
          await new Promise((resolve) => setTimeout(resolve, 200))
        }
      }
    }

    async function customer(credit: number): Promise<{ id: string; key: string }> {
      const email = `tutorial-${randomBytes(4).toString("hex")}@example.com`
      const id = await newUser(db, email, "customer")
      if (credit > 0) await giveCredit(db, id, credit)
      return { id, key: await giveApiKey(db, email) }
    }

    beforeAll(async () => {
      ;({ app, db, stop } = await startTestApp(engines[0]!))
      await app.listen({ host: "127.0.0.1", port: 0 })
      context.base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
      const funded = await customer(10_000_000)
      const recognition = await customer(10_000_000)
      await db.query("UPDATE users SET recognition_agree = 2, recognition_max_answers = 3 WHERE id = $1", [
        recognition.id,
      ])
      context.keys = {
        funded: funded.key,
        broke: (await customer(0)).key,
        recognition: recognition.key,
        // Well-formed, no account's: five requests with such keys would ban 127.0.0.1 (ERROR: 1004).
        unknown: "0123456789abcdef0123456789abcdef",
      }
      context.solvedTask = async (api) => {
        const body = pngImage(120, 40).toString("base64")
        const { base, keys } = context
        const post = (path: string, json: unknown) =>
          fetch(`${base}/${path}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(json),
          }).then((response) => response.json() as Promise<Record<string, unknown>>)
        const id =
          api === "classic"
            ? String((await post("in.php", { key: keys.funded, method: "base64", body, json: 1 })).request)
            : String(
                (
                  await post("createTask", {
                    clientKey: keys.funded,
                    task: { type: "ImageToTextTask", body },
                  })
                ).taskId,
              )
        for (let tries = 0; tries < 100; tries++) {
          const result =
            api === "classic"
              ? await post("res.php", { key: keys.funded, action: "get", id, json: 1 })
              : await post("getTaskResult", { clientKey: keys.funded, taskId: Number(id) })
          if (result.status === 1 || result.status === "ready") return id
          await new Promise((resolve) => setTimeout(resolve, POLL_MS))
        }
        throw new Error(`task ${id} was not solved`)
      }

      const samples = sampleAnswers()
      const workerIds = [
        await newUser(db, `tutorial-worker-1-${randomBytes(4).toString("hex")}@example.com`, "worker"),
        await newUser(db, `tutorial-worker-2-${randomBytes(4).toString("hex")}@example.com`, "worker"),
      ]
      workers = workerIds.map((id) => work(id, samples))

      // Each tutorial's programs in a folder of their own, with what a reader has beside them.
      root = mkdtempSync(join(tmpdir(), "manyhands-tutorials-"))
      for (const tutorial of TUTORIALS) {
        const dir = join(root, tutorial)
        mkdirSync(dir)
        writeFileSync(join(dir, "captcha.png"), pngImage(120, 40))
        // An MP3 as in.php checks it: an ID3 tag at the start.
        writeFileSync(
          join(dir, "recording.mp3"),
          Buffer.concat([Buffer.from("ID3\x04\x00\x00"), randomBytes(400)]),
        )
        for (const block of programsOf(tutorial, "en")) writeFileSync(join(dir, block.file), block.code)
      }
    })

    afterAll(async () => {
      workersStop.abort()
      await Promise.allSettled(workers)
      await stop?.()
      if (root) rmSync(root, { recursive: true, force: true })
    })

    const runs = PROGRAMS.flatMap((program) => program.runs.map((run) => ({ ...program, run })))

    it.concurrent.each(runs)(
      "$tutorial/$file: $run.name",
      async ({ tutorial, file, run }) => {
        const block = programsOf(tutorial, "en").find((candidate) => candidate.file === file)
        expect(block, `a runnable block ${file} in ${tutorial}/en.md`).toBeDefined()
        const outcome = await slot(async () =>
          runProgram(
            block!.runtime === "node" ? process.execPath : "python3",
            [file, ...((await run.args?.(context)) ?? [])],
            join(root, tutorial),
            programEnv({
              MANYHANDS_URL: context.base,
              MANYHANDS_KEY: context.keys[run.key ?? "funded"],
              MANYHANDS_POLL_MS: String(POLL_MS),
              ...run.env,
            }),
            RUN_TIMEOUT_MS,
            run.drive && ((program) => run.drive!(context, program)),
          ),
        )
        for (const pattern of run.prints) expect(outcome.output).toMatch(pattern)
        if (!run.drive) expect(outcome.exitCode, outcome.output).toBe(run.exitCode ?? 0)
      },
      RUN_TIMEOUT_MS + 5_000,
    )
  })
})

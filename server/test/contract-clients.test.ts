import { randomBytes } from "node:crypto"
import type { AddressInfo } from "node:net"
import { APIError as SolverApiError, Solver as OfficialSolver } from "@2captcha/captcha-solver"
import { APIError as TsApiError, Solver as TsSolver } from "2captcha-ts"
import type { FastifyInstance } from "fastify"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { Database } from "../src/db/database"
import type { Offer } from "@manyhands/contract/worker"
import { giveApiKey, newUser, pngImage, userId } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * Contract tests of the customer API against what real clients put on the wire: the official npm clients
 * (classic in.php / res.php, captcha-api §3.2, §3.3) and plain HTTP for API v2 (§2), on a listening server,
 * with a scripted worker answering through the engine's queue.
 */

/** The clients sleep this long before every poll (5 s by default; the constructor takes it in ms). */
const POLL_MS = 50
const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"
const CUSTOMER = "customer@demo.manyhands.dev"
const WORKER = "worker@demo.manyhands.dev"
/**
 * Well-formed but unknown. Five requests with such a key ban the IP (ERROR: 1004, §1.6), and every request here
 * comes from 127.0.0.1: the file uses it three times; malformed keys (not counted) test the rest.
 */
const UNKNOWN_KEY = "0123456789abcdef0123456789abcdef"
const UNKNOWN_ID = "79999999999"

// --- images ---------------------------------------------------------------------------------------------

/** Real greyscale PNGs of noise: over the 100-byte minimum, far under every size limit. */
const CAPTCHA_IMAGE = pngImage(120, 40).toString("base64")
const GRID_IMAGE = pngImage(300, 300).toString("base64")
/** Long enough to pass the size check, but no image format at all. */
const NOT_AN_IMAGE = Buffer.from("This is a plain text file, not a picture. ".repeat(8)).toString("base64")
/** Fewer than 100 bytes. */
const TINY_IMAGE = Buffer.from("GIF89a").toString("base64")

// --- accounts -------------------------------------------------------------------------------------------

/** A customer with an API key and no money. */
async function brokeCustomer(db: Database): Promise<string> {
  const email = `broke-${randomBytes(4).toString("hex")}@example.com`
  await newUser(db, email, "customer")
  return giveApiKey(db, email)
}

// --- the scripted worker --------------------------------------------------------------------------------

/** Claims the next task of one type through the engine's queue and answers it with `solution`. */
async function solveNext(
  app: FastifyInstance,
  workerId: string,
  type: string,
  solution: unknown,
): Promise<Offer> {
  const until = Date.now() + 10_000
  while (Date.now() < until) {
    const offer = await app.captchaEngine.workers.claim(workerId, { waitMs: 2000, types: [type] })
    if (offer) {
      await app.captchaEngine.workers.answer(workerId, offer.assignmentId, solution)
      return offer
    }
  }
  throw new Error(`No ${type} task was offered to the worker`)
}

// --- the official clients -------------------------------------------------------------------------------

/** What the tests need of a client; a result keeps every key the library hands back. */
interface Answer {
  data: unknown
  id: string
}

interface LegacyClient {
  normal(body: string): Promise<Answer>
  grid(body: string, instructions: string): Promise<Answer>
  coordinates(body: string, instructions: string): Promise<Answer>
  turnstile(pageurl: string, sitekey: string): Promise<Answer>
  balance(): Promise<number>
  /** The library's own poll loop (`pollResponse`, private in its typings but what every solve method calls). */
  poll(id: string): Promise<Answer>
  goodReport(id: string): Promise<unknown>
  badReport(id: string): Promise<unknown>
}

interface ClientLibrary {
  name: string
  softId: number
  /** Whether extra result keys such as Turnstile's `useragent` reach the caller (§3.3: 2captcha-ts drops them). */
  keepsExtraKeys: boolean
  isApiError(error: unknown): error is { err: string; code: number }
  connect(key: string, base: string): LegacyClient
}

/**
 * Neither library has a host option (§3.5): the instance's `in` / `res` getters are shadowed by own properties
 * pointing at the test server, approach (b), so nothing global changes.
 */
function redirect<T extends object>(solver: T, base: string): T {
  Object.defineProperty(solver, "in", { value: `${base}/in.php` })
  Object.defineProperty(solver, "res", { value: `${base}/res.php` })
  return solver
}

const pollOf = (solver: object) =>
  (solver as { pollResponse(id: string): Promise<Answer> }).pollResponse.bind(solver)

const officialJs: ClientLibrary = {
  name: "@2captcha/captcha-solver 1.3.9",
  softId: 4587,
  keepsExtraKeys: true,
  isApiError: (error): error is SolverApiError => error instanceof SolverApiError,
  connect(key, base) {
    const solver = redirect(new OfficialSolver(key, POLL_MS), base)
    return {
      normal: (body) => solver.imageCaptcha({ body }),
      grid: (body, textinstructions) =>
        solver.grid({ body, recaptcha: 1, rows: 3, cols: 3, textinstructions }),
      coordinates: (body, textinstructions) => solver.coordinates({ body, textinstructions }),
      turnstile: (pageurl, sitekey) => solver.cloudflareTurnstile({ pageurl, sitekey }),
      balance: () => solver.balance(),
      poll: pollOf(solver),
      goodReport: (id) => solver.goodReport(id),
      badReport: (id) => solver.badReport(id),
    }
  },
}

const twoCaptchaTs: ClientLibrary = {
  name: "2captcha-ts 2.4.1",
  softId: 3898,
  keepsExtraKeys: false,
  isApiError: (error): error is TsApiError => error instanceof TsApiError,
  connect(key, base) {
    const solver = redirect(new TsSolver(key, POLL_MS), base)
    return {
      normal: (body) => solver.imageCaptcha({ body }),
      grid: (body, textinstructions) => {
        // 2captcha-ts has no grid method; its imageCaptcha forwards extra fields, which is how its users send one.
        const params = { body, recaptcha: 1, recaptcharows: 3, recaptchacols: 3, textinstructions }
        return solver.imageCaptcha(params)
      },
      coordinates: (body, textinstructions) => solver.coordinates({ body, textinstructions }),
      turnstile: (pageurl, sitekey) => solver.cloudflareTurnstile({ pageurl, sitekey }),
      balance: () => solver.balance(),
      poll: pollOf(solver),
      goodReport: (id) => solver.goodReport(id),
      badReport: (id) => solver.badReport(id),
    }
  },
}

/** The library's APIError for a call that must fail. */
async function apiError(
  library: ClientLibrary,
  work: Promise<unknown>,
): Promise<{ err: string; code: number }> {
  try {
    await work
  } catch (error) {
    if (library.isApiError(error)) return { err: error.err, code: error.code }
    throw error
  }
  throw new Error("expected the client to throw its APIError")
}

const waitFor = async (condition: () => boolean | Promise<boolean>, timeoutMs = 5000) => {
  const until = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > until) throw new Error("condition not met in time")
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** One answer of the classic API as the server sent it. */
interface WireAnswer {
  path: "/in.php" | "/res.php"
  action: string | null
  body: string
}

describe.each(engines)("captcha API contract on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let base: string
  let customerKey: string
  let brokeKey: string
  let workerId: string
  const wire: WireAnswer[] = []

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    // Records what the classic endpoints answered, to see the CAPCHA_NOT_READY the clients poll through.
    app.addHook("onSend", async (request, _reply, payload) => {
      const url = new URL(request.url, "http://server")
      if (url.pathname === "/in.php" || url.pathname === "/res.php")
        wire.push({
          path: url.pathname,
          action: url.searchParams.get("action"),
          body: typeof payload === "string" ? payload : String(payload),
        })
      return payload
    })
    await app.listen({ host: "127.0.0.1", port: 0 })
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    customerKey = await giveApiKey(db, CUSTOMER)
    brokeKey = await brokeCustomer(db)
    workerId = await userId(db, WORKER)
  })

  afterAll(async () => {
    await stop?.()
  })

  // A failed test may leave a task open that a client still polls for: end it, so no later test's worker
  // takes it and that client's loop stops.
  afterEach(async () => {
    await db.query("UPDATE captcha_tasks SET deadline_at = now() WHERE state = 'open'")
    await app.captchaEngine.sweep()
  })

  /** The customer's spendable balance in currency units, as the engine computes it. */
  async function ledgerBalance(key: string): Promise<number> {
    const client = await app.captchaEngine.authenticate(key, "127.0.0.1")
    return (await app.captchaEngine.balance(client)).amount / 1e6
  }

  async function taskRow(id: string) {
    const { rows } = await db.query<{ soft_id: number | null; api: string; type: string; state: string }>(
      "SELECT soft_id, api, type, state FROM captcha_tasks WHERE id = $1",
      [id],
    )
    return rows[0]
  }

  describe.each([officialJs, twoCaptchaTs])("official client $name", (library) => {
    const customer = () => library.connect(customerKey, base)

    it("solves a normal image captcha and takes a good report (a repeated one changes nothing)", async () => {
      const client = customer()
      const [answer, offer] = await Promise.all([
        client.normal(CAPTCHA_IMAGE),
        solveNext(app, workerId, "ImageToTextTask", { text: "w7k2p" }),
      ])
      expect(answer).toMatchObject({ data: "w7k2p", id: expect.stringMatching(/^\d+$/) })
      expect(offer.files).toContainEqual(expect.objectContaining({ name: "body", data: CAPTCHA_IMAGE }))
      expect(await taskRow(answer.id)).toMatchObject({
        soft_id: library.softId,
        api: "classic",
        type: "ImageToTextTask",
        state: "solved",
      })

      expect(await client.goodReport(answer.id)).toBe("OK_REPORT_RECORDED")
      // §1.4 keeps ERROR_DUPLICATE_REPORT for a repeated reportbad: goodReport accepts only OK_REPORT_RECORDED.
      expect(await client.goodReport(answer.id)).toBe("OK_REPORT_RECORDED")
      // A report is not turned round: the client's badReport throws, rather than take it as done.
      expect(await apiError(library, client.badReport(answer.id))).toEqual({
        err: "ERROR_REPORT_NOT_RECORDED",
        code: expect.any(Number),
      })
    })

    it("solves a grid and takes a bad report (a repeated one is still fine for the client)", async () => {
      const client = customer()
      const [answer, offer] = await Promise.all([
        client.grid(GRID_IMAGE, "Select all squares with cars"),
        solveNext(app, workerId, "GridTask", { click: [1, 3] }),
      ])
      expect(answer).toMatchObject({ data: "click:1/3", id: expect.stringMatching(/^\d+$/) })
      expect(offer.params).toMatchObject({ comment: "Select all squares with cars", rows: 3, columns: 3 })
      expect(offer.files).toContainEqual(expect.objectContaining({ name: "body", data: GRID_IMAGE }))

      expect(await client.badReport(answer.id)).toBe("OK_REPORT_RECORDED")
      expect(await client.badReport(answer.id)).toBe("ERROR_DUPLICATE_REPORT")
    })

    it("solves a coordinates captcha", async () => {
      const client = customer()
      const [answer, offer] = await Promise.all([
        client.coordinates(GRID_IMAGE, "Click the red circle"),
        solveNext(app, workerId, "CoordinatesTask", { coordinates: [{ x: 10, y: 20 }] }),
      ])
      // json=1 carries the points as an array of objects with string values (§1.5).
      expect(answer).toMatchObject({ data: [{ x: "10", y: "20" }], id: expect.stringMatching(/^\d+$/) })
      expect(offer).toMatchObject({ type: "CoordinatesTask", params: { comment: "Click the red circle" } })
    })

    it("solves Turnstile through a token worker, with the user agent for the JS client", async () => {
      const client = customer()
      const token = `0.${randomBytes(24).toString("hex")}`
      const [answer, offer] = await Promise.all([
        client.turnstile("https://shop.example.com/login", "0x4AAAAAAAC3DHQFLr1GavRN"),
        solveNext(app, workerId, "TurnstileTask", { token, userAgent: USER_AGENT }),
      ])
      expect(offer).toMatchObject({
        type: "TurnstileTask",
        kind: "token",
        params: { websiteURL: "https://shop.example.com/login", websiteKey: "0x4AAAAAAAC3DHQFLr1GavRN" },
      })
      if (library.keepsExtraKeys)
        expect(answer).toMatchObject({ data: token, id: answer.id, useragent: USER_AGENT })
      else expect(answer).toEqual({ data: token, id: answer.id })
    })

    it("keeps polling through CAPCHA_NOT_READY until a worker answers", async () => {
      const client = customer()
      const submittedBefore = wire.filter((entry) => entry.path === "/in.php").length
      const solving = client.normal(CAPTCHA_IMAGE)
      void solving.catch(() => undefined) // awaited below; not an unhandled rejection if a wait fails first
      await waitFor(() => wire.filter((entry) => entry.path === "/in.php").length > submittedBefore)
      const id = (
        JSON.parse(wire.filter((entry) => entry.path === "/in.php").at(-1)!.body) as { request: string }
      ).request
      const notReady = () =>
        wire.filter((entry) => entry.action === "get" && entry.body.includes("CAPCHA_NOT_READY"))
      const seenBefore = notReady().length
      await waitFor(() => notReady().length >= seenBefore + 2)

      // The same poll, sent the way the client builds it (utils.objectToURI of its defaultPayload + action, id).
      const query = new URLSearchParams({
        key: customerKey,
        json: "1",
        header_acao: "1",
        soft_id: String(library.softId),
        action: "get",
        id,
      })
      const response = await fetch(`${base}/res.php?${query}`)
      expect(response.status).toBe(200)
      expect(response.headers.get("access-control-allow-origin")).toBe("*")
      expect(await response.json()).toMatchObject({ status: 0, request: "CAPCHA_NOT_READY" })

      await solveNext(app, workerId, "ImageToTextTask", { text: "late" })
      expect(await solving).toMatchObject({ data: "late", id })
    })

    it("gets ERROR_CAPTCHA_UNSOLVABLE when the task's deadline passes instead of polling forever", async () => {
      const client = customer()
      const submittedBefore = wire.filter((entry) => entry.path === "/in.php").length
      const solving = apiError(library, client.normal(CAPTCHA_IMAGE))
      void solving.catch(() => undefined)
      await waitFor(() => wire.filter((entry) => entry.path === "/in.php").length > submittedBefore)
      const id = (
        JSON.parse(wire.filter((entry) => entry.path === "/in.php").at(-1)!.body) as { request: string }
      ).request
      await db.query("UPDATE captcha_tasks SET deadline_at = now() WHERE id = $1", [id])
      expect(await solving).toEqual({ err: "ERROR_CAPTCHA_UNSOLVABLE", code: 1 })
    })

    it("reads the balance", async () => {
      expect(await customer().balance()).toBeCloseTo(await ledgerBalance(customerKey), 6)
      expect(await library.connect(brokeKey, base).balance()).toBe(0)
    })

    it("refuses a bad key", async () => {
      expect(await apiError(library, library.connect(UNKNOWN_KEY, base).normal(CAPTCHA_IMAGE))).toEqual({
        err: "ERROR_KEY_DOES_NOT_EXIST",
        code: 3,
      })
      expect(await apiError(library, library.connect("not-a-key", base).normal(CAPTCHA_IMAGE))).toEqual({
        err: "ERROR_WRONG_USER_KEY",
        code: 2,
      })
      // balance() wraps its own APIError in another one whose text is the whole JSON answer (§3.2 quirk); the
      // library logs such unknown codes to the console.
      const log = vi.spyOn(console, "log").mockImplementation(() => undefined)
      const balance = await apiError(library, library.connect("not-a-key", base).balance()).finally(() =>
        log.mockRestore(),
      )
      expect(JSON.parse(balance.err)).toMatchObject({ status: 0, request: "ERROR_WRONG_USER_KEY" })
    })

    it("refuses a task the customer cannot pay for", async () => {
      const broke = library.connect(brokeKey, base)
      expect(await apiError(library, broke.normal(CAPTCHA_IMAGE))).toEqual({
        err: "ERROR_ZERO_BALANCE",
        code: 9,
      })
      expect(
        await apiError(library, broke.turnstile("https://a.example.com/", "0x4AAAAAAAC3DHQFLr1GavRN")),
      ).toEqual({
        err: "ERROR_ZERO_BALANCE",
        code: 9,
      })
    })

    it("refuses a body that is not an image, and one that is too small", async () => {
      const client = customer()
      expect(await apiError(library, client.normal(NOT_AN_IMAGE))).toEqual({
        err: "ERROR_IMAGE_TYPE_NOT_SUPPORTED",
        code: 7,
      })
      expect(await apiError(library, client.normal(TINY_IMAGE))).toEqual({
        err: "ERROR_ZERO_CAPTCHA_FILESIZE",
        code: 8,
      })
    })

    it("answers an unknown or malformed id with the documented codes", async () => {
      const client = customer()
      expect((await apiError(library, client.poll(UNKNOWN_ID))).err).toBe("ERROR_WRONG_CAPTCHA_ID")
      expect((await apiError(library, client.goodReport(UNKNOWN_ID))).err).toBe("ERROR_WRONG_CAPTCHA_ID")
      expect((await apiError(library, client.badReport(UNKNOWN_ID))).err).toBe("ERROR_WRONG_CAPTCHA_ID")
      expect((await apiError(library, client.poll("abc"))).err).toBe("ERROR_WRONG_ID_FORMAT")
    })
  })

  describe("API v2 over plain HTTP", () => {
    async function v2(method: string, body: unknown): Promise<Record<string, unknown>> {
      const response = await fetch(`${base}/${method}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })
      expect(response.status).toBe(200)
      return (await response.json()) as Record<string, unknown>
    }

    const balanceOf = async (clientKey: string) => {
      const answer = await v2("getBalance", { clientKey })
      expect(answer).toEqual({ errorId: 0, balance: expect.any(Number) })
      return answer.balance as number
    }

    async function price(type: string): Promise<number> {
      const { rows } = await db.query<{ price: string }>(
        "SELECT price_per_task::text AS price FROM captcha_prices WHERE type = $1 AND currency = 'USD'",
        [type],
      )
      return Number(rows[0]!.price) / 1e6
    }

    it("creates a task, reports processing, then the worker's solution with cost and times", async () => {
      const before = await balanceOf(customerKey)
      const startedAt = Math.floor(Date.now() / 1000)
      const created = await v2("createTask", {
        clientKey: customerKey,
        task: { type: "ImageToTextTask", body: CAPTCHA_IMAGE, case: true, minLength: 4, maxLength: 6 },
        softId: 1234,
      })
      expect(created).toEqual({ errorId: 0, taskId: expect.any(Number) })
      const taskId = created.taskId as number
      expect(await v2("getTaskResult", { clientKey: customerKey, taskId })).toEqual({
        errorId: 0,
        status: "processing",
      })

      const offer = await solveNext(app, workerId, "ImageToTextTask", { text: "Qx7Zp" })
      expect(offer.params).toMatchObject({ case: true, minLength: 4, maxLength: 6 })
      const result = await v2("getTaskResult", { clientKey: customerKey, taskId })
      expect(result).toEqual({
        errorId: 0,
        status: "ready",
        solution: { text: "Qx7Zp" },
        cost: expect.any(String),
        ip: "127.0.0.1",
        createTime: expect.any(Number),
        endTime: expect.any(Number),
        solveCount: 1,
      })
      const cost = await price("ImageToTextTask")
      expect(Number(result.cost)).toBeCloseTo(cost, 9)
      const finishedAt = Math.floor(Date.now() / 1000)
      expect(result.createTime).toBeGreaterThanOrEqual(startedAt)
      expect(result.endTime).toBeGreaterThanOrEqual(result.createTime as number)
      expect(result.endTime).toBeLessThanOrEqual(finishedAt)
      expect(await taskRow(String(taskId))).toMatchObject({ soft_id: 1234, api: "v2" })

      expect(await balanceOf(customerKey)).toBeCloseTo(before - cost, 9)
      expect(await v2("reportIncorrect", { clientKey: customerKey, taskId })).toEqual({
        errorId: 0,
        status: "success",
      })
      expect(await balanceOf(customerKey)).toBeCloseTo(before, 9)
      // A second report answers success again (§2.5 has no code for it) and refunds nothing more.
      expect(await v2("reportIncorrect", { clientKey: customerKey, taskId })).toEqual({
        errorId: 0,
        status: "success",
      })
      expect(await balanceOf(customerKey)).toBeCloseTo(before, 9)
    })

    it("solves a Turnstile task and takes a correct report", async () => {
      const created = await v2("createTask", {
        clientKey: customerKey,
        task: {
          type: "TurnstileTaskProxyless",
          websiteURL: "https://shop.example.com/login",
          websiteKey: "0x4AAAAAAAC3DHQFLr1GavRN",
        },
      })
      expect(created).toEqual({ errorId: 0, taskId: expect.any(Number) })
      const taskId = created.taskId as number
      await solveNext(app, workerId, "TurnstileTask", { token: "0.turnstile-token", userAgent: USER_AGENT })
      const result = await v2("getTaskResult", { clientKey: customerKey, taskId })
      expect(result).toMatchObject({
        errorId: 0,
        status: "ready",
        solution: { token: "0.turnstile-token", userAgent: USER_AGENT },
      })
      expect(Number(result.cost)).toBeCloseTo(await price("TurnstileTask"), 9)
      expect(await v2("reportCorrect", { clientKey: customerKey, taskId })).toEqual({
        errorId: 0,
        status: "success",
      })
    })

    it("answers a task whose deadline passed with ERROR_CAPTCHA_UNSOLVABLE", async () => {
      const created = await v2("createTask", {
        clientKey: customerKey,
        task: { type: "ImageToTextTask", body: CAPTCHA_IMAGE },
      })
      const taskId = created.taskId as number
      await db.query("UPDATE captcha_tasks SET deadline_at = now() WHERE id = $1", [taskId])
      expect(await v2("getTaskResult", { clientKey: customerKey, taskId })).toEqual({
        errorId: 12,
        errorCode: "ERROR_CAPTCHA_UNSOLVABLE",
        errorDescription: expect.any(String),
      })
    })

    const errorCases: {
      name: string
      method: string
      body: () => Record<string, unknown>
      errorId: number
      errorCode: string
    }[] = [
      {
        name: "unknown key (createTask)",
        method: "createTask",
        body: () => ({ clientKey: UNKNOWN_KEY, task: { type: "ImageToTextTask", body: CAPTCHA_IMAGE } }),
        errorId: 1,
        errorCode: "ERROR_KEY_DOES_NOT_EXIST",
      },
      {
        name: "malformed key (getBalance)",
        method: "getBalance",
        body: () => ({ clientKey: "not-a-key" }),
        errorId: 1,
        errorCode: "ERROR_KEY_DOES_NOT_EXIST",
      },
      {
        name: "zero balance",
        method: "createTask",
        body: () => ({ clientKey: brokeKey, task: { type: "ImageToTextTask", body: CAPTCHA_IMAGE } }),
        errorId: 10,
        errorCode: "ERROR_ZERO_BALANCE",
      },
      {
        name: "image under 100 bytes",
        method: "createTask",
        body: () => ({ clientKey: customerKey, task: { type: "ImageToTextTask", body: TINY_IMAGE } }),
        errorId: 3,
        errorCode: "ERROR_ZERO_CAPTCHA_FILESIZE",
      },
      {
        name: "body that is not an image",
        method: "createTask",
        body: () => ({ clientKey: customerKey, task: { type: "ImageToTextTask", body: NOT_AN_IMAGE } }),
        errorId: 15,
        errorCode: "ERROR_IMAGE_TYPE_NOT_SUPPORTED",
      },
      {
        name: "Turnstile without websiteURL",
        method: "createTask",
        body: () => ({
          clientKey: customerKey,
          task: { type: "TurnstileTaskProxyless", websiteKey: "0x4AAAAAAAC3" },
        }),
        errorId: 5,
        errorCode: "ERROR_PAGEURL",
      },
      {
        name: "no task",
        method: "createTask",
        body: () => ({ clientKey: customerKey }),
        errorId: 22,
        errorCode: "ERROR_TASK_ABSENT",
      },
      {
        name: "unknown task type",
        method: "createTask",
        body: () => ({ clientKey: customerKey, task: { type: "NoSuchCaptchaTask" } }),
        errorId: 23,
        errorCode: "ERROR_TASK_NOT_SUPPORTED",
      },
      {
        name: "unknown task id (getTaskResult)",
        method: "getTaskResult",
        body: () => ({ clientKey: customerKey, taskId: Number(UNKNOWN_ID) }),
        errorId: 16,
        errorCode: "ERROR_NO_SUCH_CAPCHA_ID",
      },
      {
        name: "unknown task id (reportIncorrect)",
        method: "reportIncorrect",
        body: () => ({ clientKey: customerKey, taskId: Number(UNKNOWN_ID) }),
        errorId: 16,
        errorCode: "ERROR_NO_SUCH_CAPCHA_ID",
      },
      {
        name: "unknown method",
        method: "solveEverything",
        body: () => ({ clientKey: customerKey }),
        errorId: 14,
        errorCode: "ERROR_NO_SUCH_METHOD",
      },
    ]

    it.each(errorCases)(
      "refuses $name with errorId $errorId $errorCode",
      async ({ method, body, errorId, errorCode }) => {
        expect(await v2(method, body())).toEqual({ errorId, errorCode, errorDescription: expect.any(String) })
      },
    )

    it("keeps the balance unchanged by refused tasks", async () => {
      expect(await balanceOf(brokeKey)).toBe(0)
    })
  })
})

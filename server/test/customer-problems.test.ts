import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { deliverDuePingbacks } from "../src/modules/captcha/pingback"
import { purgeReceivingErrors } from "../src/modules/captcha/receiving-errors"
import { testBrowser, type TestBrowser } from "./browser"
import { giveApiKey, giveCredit, newUser, pngImage, takeOffer } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const LISTS = [
  "/api/v2/captcha/impossible",
  "/api/v2/captcha/errors",
  "/api/v2/captcha/complaints",
  "/api/v2/captcha/not-captcha",
  "/api/v2/captcha/pingback-log",
]

interface Page<T = Record<string, unknown>> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; details?: { field: string }[] } }>().error

const waitFor = async (condition: () => Promise<boolean>, timeoutMs = 10_000) => {
  const until = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > until) throw new Error("condition not met in time")
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe.each(engines)("the customer's problem lists on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let accounts = 0
  const workers: string[] = []

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    // Real work only: no check tasks mixed in.
    await db.query("UPDATE gold_tasks SET enabled = false")
    app.captchaEngine.workers.goldShare = 0
    for (let n = 1; n <= 3; n++) {
      const id = await newUser(db, `problems-worker${n}@example.com`, "worker")
      await db.query(
        `INSERT INTO worker_skills (worker_id, type, status) VALUES ($1, 'ImageToTextTask', 'active')
         ON CONFLICT (worker_id, type) DO NOTHING`,
        [id],
      )
      workers.push(id)
    }
  })
  afterAll(() => stop())

  /** A customer with $1.00 of credit and an API key, signed in on their own browser. */
  async function newCustomer() {
    const email = `problems${++accounts}@example.com`
    const id = await newUser(db, email, "customer")
    const key = await giveApiKey(db, email)
    await giveCredit(db, id, 1_000_000)
    const browser = testBrowser(app)
    expect((await browser.signIn(email)).statusCode).toBe(200)
    return { id, key, browser }
  }

  const list = async <T = Record<string, unknown>>(browser: TestBrowser, url: string): Promise<Page<T>> => {
    const response = await browser.get(url)
    expect(response.statusCode, url).toBe(200)
    return response.json<Page<T>>()
  }

  /** in.php with a new image (POSTed as a form); returns the task id and the image. */
  async function submit(key: string, extra: Record<string, string> = {}) {
    const image = pngImage()
    const response = await app.inject({
      method: "POST",
      url: "/in.php",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        key,
        method: "base64",
        body: image.toString("base64"),
        ...extra,
      }).toString(),
    })
    expect(response.body).toMatch(/^OK\|\d+$/)
    return { id: response.body.slice(3), image }
  }

  const offerOf = (workerId: string, image: Buffer) =>
    takeOffer(app.captchaEngine, workerId, (offer) => offer.files[0]?.data === image.toString("base64"))

  const res = async (key: string, params: Record<string, string>, remoteAddress = "127.0.0.1") =>
    (
      await app.inject({
        method: "GET",
        url: `/res.php?${new URLSearchParams({ key, ...params })}`,
        remoteAddress,
      })
    ).body

  const v2 = async (method: string, body: Record<string, unknown>) =>
    (await app.inject({ method: "POST", url: `/${method}`, payload: body })).json<Record<string, unknown>>()

  it("serves customers only, page by page, and refuses bad paging", async () => {
    const stranger = testBrowser(app)
    const worker = testBrowser(app)
    const workerEmail = "problems-worker1@example.com"
    expect((await worker.signIn(workerEmail)).statusCode).toBe(200)
    const { browser } = await newCustomer()
    for (const url of LISTS) {
      expect((await stranger.get(url)).statusCode, url).toBe(401)
      const refused = await worker.get(url)
      expect(refused.statusCode, url).toBe(403)
      expect(errorOf(refused).code).toBe("CUSTOMER_ACCOUNT_REQUIRED")
      expect(await list(browser, url)).toEqual({ items: [], total: 0, page: 1, pageSize: 20 })
      expect(await list(browser, `${url}?page=3&pageSize=100`)).toEqual({
        items: [],
        total: 0,
        page: 3,
        pageSize: 100,
      })
      for (const [query, field] of [
        ["page=0", "page"],
        ["page=-1", "page"],
        ["page=two", "page"],
        ["pageSize=0", "pageSize"],
        ["pageSize=101", "pageSize"],
        ["limit=5", "limit"],
      ]) {
        const bad = await browser.get(`${url}?${query}`)
        expect(bad.statusCode, `${url}?${query}`).toBe(400)
        expect(errorOf(bad).code).toBe("VALIDATION_FAILED")
        expect(errorOf(bad).details?.[0]?.field).toBe(field)
      }
    }
  })

  it("lists impossible tasks with the reason, and the tasks workers marked not a captcha", async () => {
    const { key, browser } = await newCustomer()
    const [w1, w2, w3] = workers as [string, string, string]

    // 1. Skipped by one worker, then nobody answered before the deadline.
    const late = await submit(key)
    await app.captchaEngine.workers.skip(w1, (await offerOf(w1, late.image)).assignmentId, "skip")
    await db.query("UPDATE captcha_tasks SET deadline_at = now() - interval '1 second' WHERE id = $1", [
      late.id,
    ])
    await app.captchaEngine.expire(late.id)

    // 2. Two workers said it is not a captcha.
    const junk = await submit(key)
    for (const worker of [w1, w2])
      await app.captchaEngine.workers.skip(
        worker,
        (await offerOf(worker, junk.image)).assignmentId,
        "not_a_captcha",
      )

    // 3. 100 % recognition: two answers, both allowed, that differ.
    await browser.send("PUT", "/api/v2/captcha/settings", { recognition: { agree: 2, maxAnswers: 2 } })
    const disputed = await submit(key)
    await app.captchaEngine.workers.answer(w1, (await offerOf(w1, disputed.image)).assignmentId, {
      text: "abc",
    })
    await app.captchaEngine.workers.answer(w2, (await offerOf(w2, disputed.image)).assignmentId, {
      text: "xyz",
    })
    await browser.send("PUT", "/api/v2/captcha/settings", { recognition: null })

    // Solved and open tasks are not impossible; the open one has one "not a captcha" mark.
    const solved = await submit(key)
    await app.captchaEngine.workers.answer(w3, (await offerOf(w3, solved.image)).assignmentId, { text: "ok" })
    const doubted = await submit(key)
    await app.captchaEngine.workers.skip(w3, (await offerOf(w3, doubted.image)).assignmentId, "not_a_captcha")

    expect(await res(key, { action: "get", id: junk.id })).toBe("ERROR_CAPTCHA_UNSOLVABLE")
    expect(await res(key, { action: "get", id: disputed.id })).toBe("ERROR_BAD_DUPLICATES")

    const impossible = await list(browser, "/api/v2/captcha/impossible")
    expect(impossible.total).toBe(3)
    expect(impossible.items).toEqual([
      {
        id: disputed.id,
        type: "ImageToTextTask",
        errorCode: "ERROR_BAD_DUPLICATES",
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        endedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        reason: "no_agreement",
        offered: 2,
        skipped: 0,
        notACaptcha: 0,
        hasImage: true,
      },
      expect.objectContaining({
        id: junk.id,
        errorCode: "ERROR_CAPTCHA_UNSOLVABLE",
        reason: "not_a_captcha",
        offered: 2,
        skipped: 0,
        notACaptcha: 2,
      }),
      expect.objectContaining({
        id: late.id,
        errorCode: "ERROR_CAPTCHA_UNSOLVABLE",
        reason: "deadline",
        offered: 1,
        skipped: 1,
        notACaptcha: 0,
      }),
    ])
    const second = await list(browser, "/api/v2/captcha/impossible?page=2&pageSize=2")
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [{ id: late.id }] })

    const notCaptcha = await list(browser, "/api/v2/captcha/not-captcha")
    expect(notCaptcha).toEqual({
      total: 2,
      page: 1,
      pageSize: 20,
      items: [
        {
          id: doubted.id,
          type: "ImageToTextTask",
          createdAt: expect.stringMatching(/^\d{4}-/),
          state: "open",
          marks: 1,
          hasImage: true,
        },
        expect.objectContaining({ id: junk.id, state: "unsolvable", marks: 2 }),
      ],
    })
    expect(await list(browser, "/api/v2/captcha/not-captcha?pageSize=1&page=2")).toMatchObject({
      total: 2,
      items: [{ id: junk.id }],
    })

    // Another customer sees none of it.
    const other = await newCustomer()
    expect((await list(other.browser, "/api/v2/captcha/impossible")).total).toBe(0)
    expect((await list(other.browser, "/api/v2/captcha/not-captcha")).total).toBe(0)
  })

  it("lists the customer's reports: good ones recorded, bad ones refunded", async () => {
    const { key, browser } = await newCustomer()
    const w3 = workers[2]!
    const tasks = []
    for (const answer of ["first", "second", "third"]) {
      const task = await submit(key)
      await app.captchaEngine.workers.answer(w3, (await offerOf(w3, task.image)).assignmentId, {
        text: answer,
      })
      tasks.push(task)
    }
    const [good, bad, incorrect] = tasks as [(typeof tasks)[0], (typeof tasks)[0], (typeof tasks)[0]]
    const balanceBefore = Number(await res(key, { action: "getbalance" }))
    expect(await res(key, { action: "reportgood", id: good.id })).toBe("OK_REPORT_RECORDED")
    expect(await res(key, { action: "reportbad", id: bad.id })).toBe("OK_REPORT_RECORDED")
    expect(await v2("reportIncorrect", { clientKey: key, taskId: Number(incorrect.id) })).toEqual({
      errorId: 0,
      status: "success",
    })
    // Two refunds of 0.0005.
    expect(Number(await res(key, { action: "getbalance" }))).toBeCloseTo(balanceBefore + 0.001, 6)

    const complaints = await list(browser, "/api/v2/captcha/complaints")
    expect(complaints).toEqual({
      total: 3,
      page: 1,
      pageSize: 20,
      items: [
        {
          taskId: incorrect.id,
          type: "ImageToTextTask",
          verdict: "bad",
          reportedAt: expect.stringMatching(/^\d{4}-/),
          answer: "third",
          outcome: "refunded",
          refund: 500,
          currency: "USD",
        },
        expect.objectContaining({
          taskId: bad.id,
          verdict: "bad",
          answer: "second",
          outcome: "refunded",
          refund: 500,
        }),
        expect.objectContaining({
          taskId: good.id,
          verdict: "good",
          answer: "first",
          outcome: "recorded",
          refund: 0,
        }),
      ],
    })
    expect((await list(browser, "/api/v2/captcha/complaints?pageSize=2&page=2")).items).toEqual([
      expect.objectContaining({ taskId: good.id }),
    ])
  })

  it("records the errors the API answered to the key, not its successes nor unknown keys", async () => {
    const { id: customerId, key, browser } = await newCustomer()
    const count = async () =>
      (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM captcha_receiving_errors")).rows[0]!.n
    const before = await count()

    // Successes, "not ready yet" and keys nobody has leave no trace.
    const open = await submit(key)
    expect(await res(key, { action: "get", id: open.id })).toBe("CAPCHA_NOT_READY")
    expect(await v2("getTaskResult", { clientKey: key, taskId: Number(open.id) })).toEqual({
      errorId: 0,
      status: "processing",
    })
    expect(await res(key, { action: "getbalance" })).toMatch(/^\d/)
    expect(await res("0".repeat(32), { action: "getbalance" }, "192.0.2.99")).toBe("ERROR_KEY_DOES_NOT_EXIST")
    expect(await res("short", { action: "getbalance" }, "192.0.2.99")).toBe("ERROR_WRONG_USER_KEY")
    expect(await count()).toBe(before)

    // Errors, one row each.
    expect(await res(key, { action: "get", id: "abc" })).toBe("ERROR_WRONG_ID_FORMAT")
    expect(await res(key, { action: "get", id: "1" })).toBe("ERROR_WRONG_CAPTCHA_ID")
    const empty = await app.inject({ method: "GET", url: `/in.php?key=${key}&method=base64` })
    expect(empty.body).toMatch(/^ERROR_/)
    expect(await v2("getTaskResult", { clientKey: key, taskId: 1 })).toMatchObject({
      errorId: 16,
      errorCode: "ERROR_NO_SUCH_CAPCHA_ID",
    })
    expect(await v2("createTask", { clientKey: key })).toMatchObject({
      errorId: 22,
      errorCode: "ERROR_TASK_ABSENT",
    })
    // A key used from outside its allow-list: the key is right, so its owner sees the refusal.
    await browser.send("PUT", "/api/v2/captcha/settings", { allowedIps: ["203.0.113.0/24"] })
    expect(await res(key, { action: "getbalance" }, "203.0.113.5")).toMatch(/^\d/)
    expect(await res(key, { action: "getbalance" }, "::ffff:198.51.100.7")).toBe("ERROR_IP_NOT_ALLOWED")
    await browser.send("PUT", "/api/v2/captcha/settings", { allowedIps: [] })
    expect(await count()).toBe(before + 6)

    const errors = await list(browser, "/api/v2/captcha/errors")
    expect(errors.total).toBe(6)
    expect(errors.items.map((item) => [item.endpoint, item.code])).toEqual([
      ["res.php", "ERROR_IP_NOT_ALLOWED"],
      ["createTask", "ERROR_TASK_ABSENT"],
      ["getTaskResult", "ERROR_NO_SUCH_CAPCHA_ID"],
      ["in.php", empty.body],
      ["res.php", "ERROR_WRONG_CAPTCHA_ID"],
      ["res.php", "ERROR_WRONG_ID_FORMAT"],
    ])
    expect(errors.items[0]).toEqual({
      id: expect.stringMatching(/^\d+$/),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      endpoint: "res.php",
      code: "ERROR_IP_NOT_ALLOWED",
      description: expect.stringMatching(/list of IP addresses/),
      ip: "198.51.100.7",
    })
    expect(errors.items[4]).toMatchObject({
      description: "No task with this id: it is unknown, not yours or expired.",
      ip: "127.0.0.1",
    })
    expect(
      errors.items.every((item) => typeof item.description === "string" && item.description.length > 10),
    ).toBe(true)
    const page2 = await list(browser, "/api/v2/captcha/errors?page=2&pageSize=4")
    expect(page2.items.map((item) => item.code)).toEqual(["ERROR_WRONG_CAPTCHA_ID", "ERROR_WRONG_ID_FORMAT"])

    // Kept 30 days: older rows are not shown, and the sweep deletes them.
    await db.query(
      `INSERT INTO captcha_receiving_errors (user_id, at, endpoint, code, ip)
       VALUES ($1, now() - interval '31 days', 'in.php', 'ERROR_ZERO_BALANCE', '192.0.2.1')`,
      [customerId],
    )
    expect((await list(browser, "/api/v2/captcha/errors")).total).toBe(6)
    expect(await purgeReceivingErrors(db)).toBe(1)
    expect(await count()).toBe(before + 6)

    const other = await newCustomer()
    expect((await list(other.browser, "/api/v2/captcha/errors")).total).toBe(0)
  })

  it("lists every pingback delivery attempt, newest first", async () => {
    const { key, browser } = await newCustomer()
    const w3 = workers[2]!
    let flakyCalls = 0
    const server: Server = createServer((request, response) => {
      request.resume()
      request.on("end", () => {
        if (request.url?.startsWith("/flaky") && ++flakyCalls === 1) response.statusCode = 500
        response.end("ok")
      })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
    const closedPort = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    const nowhere = `http://127.0.0.1:${closedPort}`
    try {
      for (const url of [`${base}/`, `${nowhere}/`])
        expect((await browser.post("/api/v2/captcha/pingbacks", { url })).statusCode).toBe(200)
      const attempts = async () => (await list(browser, "/api/v2/captcha/pingback-log")).total
      const solveWithPingback = async (url: string) => {
        const task = await submit(key, { pingback: url })
        await app.captchaEngine.workers.answer(w3, (await offerOf(w3, task.image)).assignmentId, {
          text: "pong",
        })
        return task.id
      }

      // Delivered at once; then a 500 first, delivered on the retry; then an address nobody answers at.
      const first = await solveWithPingback(`${base}/done?n=1`)
      await waitFor(async () => (await attempts()) === 1)
      const flaky = await solveWithPingback(`${base}/flaky`)
      await waitFor(async () => (await attempts()) === 2)
      expect(await deliverDuePingbacks(db, { allowPrivate: true, now: new Date(Date.now() + 11_000) })).toBe(
        1,
      )
      const refused = await solveWithPingback(`${nowhere}/cb`)
      await waitFor(async () => (await attempts()) === 4)

      const log = await list(browser, "/api/v2/captcha/pingback-log")
      expect(log).toEqual({
        total: 4,
        page: 1,
        pageSize: 20,
        items: [
          {
            taskId: flaky,
            url: `${base}/flaky`,
            at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
            status: 200,
            durationMs: expect.any(Number),
            error: null,
            delivery: "delivered",
          },
          expect.objectContaining({
            taskId: refused,
            url: `${nowhere}/cb`,
            status: null,
            error: expect.stringMatching(/ECONNREFUSED/),
            delivery: "pending",
          }),
          expect.objectContaining({ taskId: flaky, status: 500, error: null, delivery: "delivered" }),
          expect.objectContaining({
            taskId: first,
            url: `${base}/done?n=1`,
            status: 200,
            delivery: "delivered",
          }),
        ],
      })
      expect((await list(browser, "/api/v2/captcha/pingback-log?page=2&pageSize=3")).items).toEqual([
        expect.objectContaining({ taskId: first }),
      ])
      const other = await newCustomer()
      expect((await list(other.browser, "/api/v2/captcha/pingback-log")).total).toBe(0)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})

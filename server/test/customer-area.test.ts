import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { Page } from "@manyhands/contract"
import type {
  DashboardData,
  GraphData,
  TestSubmission,
  TestTaskProgress,
  UploadItem,
} from "@manyhands/contract/captcha"
import type { Database } from "../src/db/database"
import type { ApiClient } from "../src/modules/captcha/engine"
import { forgetServiceLoad } from "../src/modules/captcha/customer-area-routes"
import { parseClassicSubmission } from "../src/modules/captcha/parse-classic"
import type { NewTask } from "../src/modules/captcha/task-types"
import { testBrowser, type TestBrowser } from "./browser"
import { giveApiKey, giveCredit, imageTask, newUser, pngImage, takeOffer } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{
    error: { code: string; message: string; details?: { field: string; message: string }[] }
  }>().error

const CUSTOMER_IP = "203.0.113.20"
const HOUR_MS = 3_600_000

/** A token task: it needs no picture, and workers' default claims never take it. */
const recaptcha: NewTask = {
  type: "RecaptchaV2Task",
  params: {
    websiteURL: "https://shop.example/login",
    websiteKey: "6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-",
  },
  files: [],
  language: null,
}

/** The day of an instant in a time zone, as YYYY-MM-DD. */
const dayIn = (timeZone: string, at: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(at),
  )

describe.each(engines)("customer area on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let accounts = 0

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    await db.query("UPDATE gold_tasks SET enabled = false")
    app.captchaEngine.workers.goldShare = 0
  })
  afterAll(() => stop())
  // What a test leaves open ends, so that the next test's workers are offered that test's tasks first.
  afterEach(async () => {
    await db.query("UPDATE captcha_tasks SET deadline_at = now() - interval '1 second' WHERE state = 'open'")
    await app.captchaEngine.sweep()
  })

  interface Account {
    id: string
    email: string
    key: string
    browser: TestBrowser
    client: ApiClient
  }

  /** A signed-in customer with an API key and, unless `credit` is 0, that much on their balance. */
  async function newCustomer({ timezone = "UTC", credit = 1_000_000 } = {}): Promise<Account> {
    const email = `area${++accounts}@example.com`
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, user_type, timezone, email_confirmed_at)
       VALUES ($1, 'unused', 'customer', $2, now()) RETURNING id::text AS id`,
      [email, timezone],
    )
    const id = rows[0]!.id
    const key = await giveApiKey(db, email)
    if (credit > 0) await giveCredit(db, id, credit)
    const browser = testBrowser(app)
    expect((await browser.signIn(email)).statusCode).toBe(200)
    return { id, email, key, browser, client: await app.captchaEngine.authenticate(key, CUSTOMER_IP) }
  }

  const newWorker = () => newUser(db, `area-worker${++accounts}@example.com`, "worker")

  const submit = async (account: Account, task: NewTask = imageTask({ files: [picture()] })) =>
    (await app.captchaEngine.submit(account.client, task, { api: "classic", ip: CUSTOMER_IP })).id

  const picture = (data = pngImage()) => ({ name: "body", mime: "image/png", data })

  /** A fresh image task and its picture. */
  const submitImage = async (account: Account) => {
    const image = pngImage()
    const id = await submit(account, imageTask({ files: [picture(image)] }))
    return { id, image }
  }

  /** The worker claims the task with this picture (skipping none: each test's worker sees its own tasks). */
  const claim = (workerId: string, image: Buffer) =>
    takeOffer(app.captchaEngine, workerId, (offer) => offer.files[0]?.data === image.toString("base64"))

  const solve = async (workerId: string, image: Buffer, text: string) => {
    const offer = await claim(workerId, image)
    await app.captchaEngine.workers.answer(workerId, offer.assignmentId, { text })
    return offer
  }

  const expire = async (id: string) => {
    await db.query("UPDATE captcha_tasks SET deadline_at = now() - interval '1 second' WHERE id = $1", [id])
    await app.captchaEngine.expire(id)
  }

  /** Moves a task in time: submitted at `at`, ended `seconds` later if it has ended. */
  const moveTask = (id: string, at: number, seconds = 5) =>
    db.query(
      `UPDATE captcha_tasks SET created_at = $2,
              ended_at = CASE WHEN ended_at IS NULL THEN NULL ELSE $2::timestamptz + make_interval(secs => $3) END
        WHERE id = $1`,
      [id, new Date(at).toISOString(), seconds],
    )

  /** The classic API itself, with the customer's key and json=1. */
  const classic = async (path: "/in.php" | "/res.php", key: string, fields: Record<string, string>) => {
    const response = await app.inject({
      method: "POST",
      url: path,
      payload: new URLSearchParams({ key, ...fields, json: "1" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      remoteAddress: CUSTOMER_IP,
    })
    expect(response.statusCode).toBe(200)
    return response.body
  }

  it("serves signed-in customer and developer accounts only", async () => {
    const stranger = testBrowser(app)
    const urls = [
      "/api/v2/dashboard",
      "/api/v2/statistics/uploads",
      "/api/v2/statistics/graph",
      "/api/v2/captcha/tasks/70000000001/image",
      "/api/v2/captcha/test/70000000001",
    ]
    for (const url of urls) {
      const response = await stranger.get(url)
      expect(response.statusCode, url).toBe(401)
      expect(errorOf(response).code).toBe("NOT_SIGNED_IN")
    }
    expect((await stranger.post("/api/v2/captcha/test", { fields: {} })).statusCode).toBe(401)

    const worker = testBrowser(app)
    await worker.signIn("worker@demo.manyhands.dev")
    for (const url of urls) {
      const response = await worker.get(url)
      expect(response.statusCode, url).toBe(403)
      expect(errorOf(response).code).toBe("CUSTOMER_ACCOUNT_REQUIRED")
    }
    const developer = testBrowser(app)
    await developer.signIn("developer@demo.manyhands.dev")
    expect((await developer.get("/api/v2/dashboard")).statusCode).toBe(200)

    // The test submission is a state-changing call: it needs the page's CSRF token.
    const customer = await newCustomer()
    const forged = await customer.browser.send("POST", "/api/v2/captcha/test", { fields: {} }, null)
    expect(forged.statusCode).toBe(403)
    expect(errorOf(forged).code).toBe("CSRF_TOKEN_INVALID")

    // A time zone the database does not know falls back to UTC instead of failing.
    await db.query("UPDATE users SET timezone = 'Mars/Olympus_Mons' WHERE id = $1", [customer.id])
    expect((await customer.browser.get("/api/v2/dashboard")).statusCode).toBe(200)
    expect((await customer.browser.get("/api/v2/statistics/graph")).json<GraphData>().dateTo).toBe(
      dayIn("UTC", Date.now()),
    )
  })

  it("shows the service load: waiting tasks, workers online, median solve time of the last hour", async () => {
    const customer = await newCustomer()
    const [busy, idle, away] = [await newWorker(), await newWorker(), await newWorker()]
    // An image task solved more than an hour ago does not count (ids grow with time: it comes first).
    const stale = await submitImage(customer)
    await solve(busy, stale.image, "stale")
    await db.query(
      `UPDATE captcha_tasks SET created_at = now() - interval '70 minutes', ended_at = now() - interval '61 minutes'
        WHERE id = $1`,
      [stale.id],
    )

    const solved = [await submitImage(customer), await submitImage(customer), await submitImage(customer)]
    const held = await submitImage(customer)
    await submitImage(customer)
    await submit(customer, recaptcha)
    for (const [index, { id, image }] of solved.entries()) {
      await solve(busy, image, `word${index}`)
      // Solved 4, 10 and 30 seconds after submission: the median is 10.
      await db.query(
        "UPDATE captcha_tasks SET created_at = ended_at - make_interval(secs => $2) WHERE id = $1",
        [id, [4, 10, 30][index]],
      )
    }
    await claim(idle, held.image) // claimed and not answered yet: online all the same
    // A worker whose last claim was 3 minutes ago is not online any more.
    const old = await submitImage(customer)
    await claim(away, old.image)
    await db.query(
      "UPDATE task_assignments SET created_at = now() - interval '3 minutes' WHERE worker_id = $1",
      [away],
    )
    forgetServiceLoad(db)
    const { load } = (await customer.browser.get("/api/v2/dashboard")).json<DashboardData>()
    const waiting = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM captcha_tasks WHERE state = 'open' AND wanted > 0",
    )
    expect(load.waiting).toBe(waiting.rows[0]!.n)
    expect(load.waiting).toBeGreaterThanOrEqual(2) // the unclaimed image and the token task
    expect(load.workersOnline).toBe(2)
    expect(load.medianSolveSeconds).toBeGreaterThanOrEqual(10)
    expect(load.medianSolveSeconds).toBeLessThan(11)

    // It is computed for all customers at once, at most every few seconds.
    await submitImage(customer)
    expect((await customer.browser.get("/api/v2/dashboard")).json<DashboardData>().load).toEqual(load)
    forgetServiceLoad(db)
    const fresh = (await customer.browser.get("/api/v2/dashboard")).json<DashboardData>().load
    expect(fresh.waiting).toBe(load.waiting + 1)
  })

  it("shows the balance, today's and this month's tasks in the customer's time zone, and the recent tasks", async () => {
    // Tokyo has no summer time: its midnight is 15:00 UTC the day before.
    const customer = await newCustomer({ timezone: "Asia/Tokyo" })
    const worker = await newWorker()
    const localToday = dayIn("Asia/Tokyo", Date.now())
    const midnight = Date.parse(`${localToday}T00:00:00+09:00`)

    const yesterday = await submitImage(customer)
    await solve(worker, yesterday.image, "early")
    await moveTask(yesterday.id, midnight - 60_000)
    const solved = await submitImage(customer)
    await solve(worker, solved.image, "w0rd")
    const refunded = await submitImage(customer)
    await solve(worker, refunded.image, "wrong")
    await app.captchaEngine.report(customer.client, refunded.id, "bad")
    const expired = await submitImage(customer)
    await expire(expired.id)
    const open = await submitImage(customer)
    const token = await submit(customer, recaptcha)

    const response = await customer.browser.get("/api/v2/dashboard")
    expect(response.statusCode).toBe(200)
    expect(response.headers["cache-control"]).toBe("no-store")
    const data = response.json<DashboardData>()

    // $1.00 less three solved images (one refunded) and the holds of the open image and the token task.
    const available = 1_000_000 - 500 - 500 - 500 - 2990
    expect(data.balance).toEqual({ amount: available, currency: "USD" })
    expect(await app.captchaEngine.balance(customer.client)).toEqual(data.balance)
    expect(data.today).toEqual({ tasks: 5, solved: 2, spent: 500 })
    const sameMonth = dayIn("Asia/Tokyo", midnight - 60_000).slice(0, 7) === localToday.slice(0, 7)
    expect(data.month).toEqual(sameMonth ? { tasks: 6, solved: 3, spent: 1000 } : data.today)

    expect(data.recent.map((task) => task.id)).toEqual([
      token,
      open.id,
      expired.id,
      refunded.id,
      solved.id,
      yesterday.id,
    ])
    const [tokenTask, openTask, expiredTask, refundedTask, solvedTask, yesterdayTask] = data.recent
    expect(solvedTask).toMatchObject({
      type: "ImageToTextTask",
      state: "solved",
      cost: 500,
      currency: "USD",
      answer: "w0rd",
      errorCode: null,
      report: null,
      refunded: false,
      hasImage: true,
    })
    expect(solvedTask!.solveSeconds).toBeGreaterThanOrEqual(0)
    expect(solvedTask!.endedAt).not.toBeNull()
    expect(refundedTask).toMatchObject({
      state: "solved",
      cost: 0,
      answer: "wrong",
      report: "bad",
      refunded: true,
    })
    expect(expiredTask).toMatchObject({
      state: "unsolvable",
      cost: 0,
      answer: null,
      errorCode: "ERROR_CAPTCHA_UNSOLVABLE",
    })
    expect(openTask).toMatchObject({
      state: "open",
      cost: 0,
      endedAt: null,
      solveSeconds: null,
      hasImage: true,
    })
    expect(tokenTask).toMatchObject({ type: "RecaptchaV2Task", state: "open", hasImage: false })
    expect(yesterdayTask).toMatchObject({
      createdAt: new Date(midnight - 60_000).toISOString(),
      solveSeconds: 5,
      answer: "early",
    })

    expect(data.apiKey).toMatchObject({ exists: true, hint: customer.key.slice(-4) })
    expect(Date.parse(data.apiKey.createdAt!)).toBeGreaterThan(Date.now() - HOUR_MS)
    expect(data.prices[0]).toEqual({ type: "ImageToTextTask", kind: "image", perThousand: "0.50" })
    expect(data.prices).toContainEqual({ type: "RecaptchaV2Task", kind: "token", perThousand: "2.99" })

    // Only the 10 newest tasks.
    for (let i = 0; i < 6; i++) await submit(customer, recaptcha)
    const newest = (await customer.browser.get("/api/v2/dashboard")).json<DashboardData>().recent
    expect(newest).toHaveLength(10)
    expect(newest.at(-1)!.id).toBe(refunded.id)
  })

  it("counts in the customer's currency and shows an account without key or tasks", async () => {
    const customer = await newCustomer({ credit: 0 })
    await db.query(
      "UPDATE users SET currency = 'RUB', api_key_hash = NULL, api_key_hint = NULL, api_key_created_at = NULL WHERE id = $1",
      [customer.id],
    )
    const data = (await customer.browser.get("/api/v2/dashboard")).json<DashboardData>()
    expect(data.balance).toEqual({ amount: 0, currency: "RUB" })
    expect(data.today).toEqual({ tasks: 0, solved: 0, spent: 0 })
    expect(data.month).toEqual({ tasks: 0, solved: 0, spent: 0 })
    expect(data.recent).toEqual([])
    expect(data.apiKey).toEqual({ exists: false, hint: null, createdAt: null })
    expect(data.prices[0]).toEqual({ type: "ImageToTextTask", kind: "image", perThousand: "45.00" })
  })

  it("lists uploads page by page, newest first, with the worker's time of the accepted answer", async () => {
    const customer = await newCustomer()
    const worker = await newWorker()
    const ids: string[] = []
    for (let i = 0; i < 22; i++) ids.push(await submit(customer))
    const solved = await submitImage(customer)
    await solve(worker, solved.image, "answer")
    // The worker took 7 seconds from the offer to the answer.
    await db.query(
      `UPDATE task_assignments SET created_at = answered_at - interval '7 seconds'
        WHERE task_id = $1 AND worker_id = $2`,
      [solved.id, worker],
    )
    ids.push(solved.id)
    const newestFirst = [...ids].reverse()

    const first = await customer.browser.get("/api/v2/statistics/uploads")
    expect(first.statusCode).toBe(200)
    const page1 = first.json<Page<UploadItem>>()
    expect(page1).toMatchObject({ total: 23, page: 1, pageSize: 20 })
    expect(page1.items.map((item) => item.id)).toEqual(newestFirst.slice(0, 20))
    expect(page1.items[0]).toMatchObject({
      id: solved.id,
      state: "solved",
      answer: "answer",
      workerSeconds: 7,
    })
    expect(page1.items[1]).toMatchObject({ state: "open", workerSeconds: null, hasImage: true })

    const pages: string[][] = []
    for (const page of [1, 2, 3]) {
      const data = (await customer.browser.get(`/api/v2/statistics/uploads?page=${page}&pageSize=10`)).json<
        Page<UploadItem>
      >()
      expect(data).toMatchObject({ total: 23, page, pageSize: 10 })
      pages.push(data.items.map((item) => item.id))
    }
    expect(pages.map((page) => page.length)).toEqual([10, 10, 3])
    expect(pages.flat()).toEqual(newestFirst)
    const beyond = (await customer.browser.get("/api/v2/statistics/uploads?page=4&pageSize=10")).json<
      Page<UploadItem>
    >()
    expect(beyond).toEqual({ items: [], total: 23, page: 4, pageSize: 10 })

    // Filters by state and type.
    await expire(ids[0]!)
    const text = await submit(customer, parseClassicSubmission({ textcaptcha: "What is 2 + 2?" }, {}))
    const bySolved = (await customer.browser.get("/api/v2/statistics/uploads?state=solved")).json<
      Page<UploadItem>
    >()
    expect(bySolved.items.map((item) => item.id)).toEqual([solved.id])
    const byUnsolvable = (await customer.browser.get("/api/v2/statistics/uploads?state=unsolvable")).json<
      Page<UploadItem>
    >()
    expect(byUnsolvable).toMatchObject({
      total: 1,
      items: [{ id: ids[0], errorCode: "ERROR_CAPTCHA_UNSOLVABLE" }],
    })
    const byType = (await customer.browser.get("/api/v2/statistics/uploads?type=TextCaptchaTask")).json<
      Page<UploadItem>
    >()
    expect(byType).toMatchObject({ total: 1, items: [{ id: text, hasImage: false, state: "open" }] })
    const both = await customer.browser.get(
      "/api/v2/statistics/uploads?type=ImageToTextTask&state=open&pageSize=5",
    )
    expect(both.json<Page<UploadItem>>()).toMatchObject({ total: 21, pageSize: 5 })

    // Someone else's tasks never show.
    const other = await newCustomer()
    expect((await other.browser.get("/api/v2/statistics/uploads")).json<Page<UploadItem>>()).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
    })
  })

  describe("days in a time zone with summer time", () => {
    // New York moved to summer time on 2026-03-08 at 02:00: that day runs from 05:00 UTC to 04:00 UTC the next.
    let customer: Account
    const tasks: Record<string, string> = {}

    beforeAll(async () => {
      customer = await newCustomer({ timezone: "America/New_York" })
      const worker = await newWorker()
      const place = async (name: string, at: string, end: "solve" | "expire" | "open", seconds = 5) => {
        const { id, image } = await submitImage(customer)
        if (end === "solve") await solve(worker, image, name)
        if (end === "expire") await expire(id)
        await moveTask(id, Date.parse(at), seconds)
        tasks[name] = id
      }
      await place("lateOnThe7th", "2026-03-08T04:59:59Z", "solve", 4)
      await place("midnightOfThe8th", "2026-03-08T05:00:00Z", "solve", 6)
      await place("lateOnThe8th", "2026-03-09T03:59:59Z", "expire")
      await place("midnightOfThe9th", "2026-03-09T04:00:00Z", "solve", 9)
      const text = await submit(customer, parseClassicSubmission({ textcaptcha: "What is 2 + 2?" }, {}))
      await expire(text)
      await moveTask(text, Date.parse("2026-03-09T12:00:00Z"))
      tasks.textOnThe9th = text
    })

    const uploads = async (query: string) => {
      const response = await customer.browser.get(`/api/v2/statistics/uploads?${query}`)
      expect(response.statusCode, query).toBe(200)
      return response.json<Page<UploadItem>>().items.map((item) => item.id)
    }

    it("filters uploads by days of the customer's calendar, both ends included", async () => {
      expect(await uploads("dateFrom=2026-03-08&dateTo=2026-03-08")).toEqual([
        tasks.lateOnThe8th,
        tasks.midnightOfThe8th,
      ])
      expect(await uploads("dateTo=2026-03-07")).toEqual([tasks.lateOnThe7th])
      expect(await uploads("dateFrom=2026-03-09&dateTo=2026-03-09")).toEqual([
        tasks.textOnThe9th,
        tasks.midnightOfThe9th,
      ])
      expect(await uploads("dateFrom=2026-03-09&dateTo=2026-03-31&type=ImageToTextTask")).toEqual([
        tasks.midnightOfThe9th,
      ])
      expect(await uploads("dateFrom=2026-03-01&dateTo=2026-03-31&state=unsolvable")).toEqual([
        tasks.textOnThe9th,
        tasks.lateOnThe8th,
      ])
    })

    it("draws the graph per day and type", async () => {
      const response = await customer.browser.get(
        "/api/v2/statistics/graph?dateFrom=2026-03-07&dateTo=2026-03-09",
      )
      expect(response.statusCode).toBe(200)
      expect(response.json<GraphData>()).toEqual({
        dateFrom: "2026-03-07",
        dateTo: "2026-03-09",
        currency: "USD",
        rows: [
          {
            date: "2026-03-07",
            type: "ImageToTextTask",
            tasks: 1,
            solved: 1,
            spent: 500,
            averageSolveSeconds: 4,
          },
          {
            date: "2026-03-08",
            type: "ImageToTextTask",
            tasks: 2,
            solved: 1,
            spent: 500,
            averageSolveSeconds: 6,
          },
          {
            date: "2026-03-09",
            type: "ImageToTextTask",
            tasks: 1,
            solved: 1,
            spent: 500,
            averageSolveSeconds: 9,
          },
          {
            date: "2026-03-09",
            type: "TextCaptchaTask",
            tasks: 1,
            solved: 0,
            spent: 0,
            averageSolveSeconds: null,
          },
        ],
      })
      const one = (
        await customer.browser.get("/api/v2/statistics/graph?dateFrom=2026-03-08&dateTo=2026-03-08")
      ).json<GraphData>()
      expect(one.rows).toEqual([
        {
          date: "2026-03-08",
          type: "ImageToTextTask",
          tasks: 2,
          solved: 1,
          spent: 500,
          averageSolveSeconds: 6,
        },
      ])
    })

    it("shows the last 7 days by default, today included", async () => {
      const today = dayIn("America/New_York", Date.now())
      const recent = await submitImage(customer)
      const data = (await customer.browser.get("/api/v2/statistics/graph")).json<GraphData>()
      const weekAgo = new Date(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10)
      expect(data).toMatchObject({ dateFrom: weekAgo, dateTo: today, currency: "USD" })
      expect(data.rows).toEqual([
        { date: today, type: "ImageToTextTask", tasks: 1, solved: 0, spent: 0, averageSolveSeconds: null },
      ])
      const onlyTo = (
        await customer.browser.get("/api/v2/statistics/graph?dateTo=2026-03-09")
      ).json<GraphData>()
      expect(onlyTo).toMatchObject({ dateFrom: "2026-03-03", dateTo: "2026-03-09" })
      expect(onlyTo.rows).toHaveLength(4)
      await expire(recent.id)
    })

    it("refuses wrong dates and ranges with a message for the field", async () => {
      const cases: [string, string, string][] = [
        ["uploads?dateFrom=2026-02-30", "DATE_INVALID", "dateFrom"],
        ["uploads?dateTo=2026-13-01", "DATE_INVALID", "dateTo"],
        ["uploads?dateFrom=2026-3-1", "VALIDATION_FAILED", "dateFrom"],
        ["uploads?dateFrom=2026-03-09&dateTo=2026-03-08", "DATE_RANGE_INVALID", "dateFrom"],
        ["uploads?page=0", "VALIDATION_FAILED", "page"],
        ["uploads?pageSize=101", "VALIDATION_FAILED", "pageSize"],
        ["uploads?state=done", "VALIDATION_FAILED", "state"],
        ["uploads?colour=blue", "VALIDATION_FAILED", "colour"],
        ["graph?dateFrom=2026-01-01&dateTo=2026-04-03", "DATE_RANGE_TOO_LONG", "dateFrom"],
        ["graph?dateFrom=2026-03-09&dateTo=2026-03-01", "DATE_RANGE_INVALID", "dateFrom"],
        ["graph?dateFrom=2999-01-01", "DATE_RANGE_INVALID", "dateFrom"],
        ["graph?dateTo=2026-02-29", "DATE_INVALID", "dateTo"],
      ]
      for (const [url, code, field] of cases) {
        const response = await customer.browser.get(`/api/v2/statistics/${url}`)
        expect(response.statusCode, url).toBe(400)
        expect(errorOf(response).code, url).toBe(code)
        expect(errorOf(response).details?.[0]?.field, url).toBe(field)
        expect(errorOf(response).message, url).not.toBe("")
      }
      expect(
        errorOf(await customer.browser.get("/api/v2/statistics/uploads?dateFrom=2026-02-30")).message,
      ).toBe('"2026-02-30" is not a date; give it as YYYY-MM-DD, like 2026-03-01.')
      // 92 days is the most.
      const longest = await customer.browser.get(
        "/api/v2/statistics/graph?dateFrom=2026-01-01&dateTo=2026-04-03",
      )
      expect(errorOf(longest).message).toContain("at most 92 days")
      const allowed = await customer.browser.get(
        "/api/v2/statistics/graph?dateFrom=2026-01-01&dateTo=2026-04-02",
      )
      expect(allowed.statusCode).toBe(200)
    })
  })

  it("gives a task's picture to its owner only", async () => {
    const customer = await newCustomer()
    const { id, image } = await submitImage(customer)
    const response = await customer.browser.get(`/api/v2/captcha/tasks/${id}/image`)
    expect(response.statusCode).toBe(200)
    expect(response.headers["content-type"]).toBe("image/png")
    expect(response.headers["cache-control"]).toMatch(/^private/)
    expect(response.rawPayload.equals(image)).toBe(true)

    // The captcha before its instruction picture.
    const grid = pngImage(90, 90)
    const gridId = await submit(
      customer,
      parseClassicSubmission(
        {
          method: "base64",
          recaptcha: "1",
          body: grid.toString("base64"),
          imginstructions: pngImage(40, 20).toString("base64"),
        },
        {},
      ),
    )
    expect(
      (await customer.browser.get(`/api/v2/captcha/tasks/${gridId}/image`)).rawPayload.equals(grid),
    ).toBe(true)

    const other = await newCustomer()
    const token = await submit(customer, recaptcha)
    for (const [browser, url] of [
      [other.browser, `/api/v2/captcha/tasks/${id}/image`],
      [customer.browser, `/api/v2/captcha/tasks/${token}/image`],
      [customer.browser, "/api/v2/captcha/tasks/99999999999/image"],
    ] as const) {
      const refused = await browser.get(url)
      expect(refused.statusCode, url).toBe(404)
      expect(errorOf(refused).code).toBe("TASK_IMAGE_NOT_FOUND")
    }
    const badId = await customer.browser.get("/api/v2/captcha/tasks/abc/image")
    expect(badId.statusCode).toBe(400)
    expect(errorOf(badId).code).toBe("VALIDATION_FAILED")
  })

  it("refuses a test submission as in.php would, with HTTP 200", async () => {
    const customer = await newCustomer()
    const notAnImage = Buffer.from("This is no picture at all, only text. ".repeat(10)).toString("base64")
    const fields = { method: "base64", body: notAnImage }
    const response = await customer.browser.post("/api/v2/captcha/test", { fields })
    expect(response.statusCode).toBe(200)
    const submission = response.json<TestSubmission>()
    expect(submission.taskId).toBeNull()
    expect(submission.exchange.response).toBe(await classic("/in.php", customer.key, fields))
    expect(JSON.parse(submission.exchange.response)).toMatchObject({
      status: 0,
      request: "ERROR_IMAGE_TYPE_NOT_SUPPORTED",
    })
    const lines = submission.exchange.request.split("\n")
    expect(lines[0]).toMatch(/^POST https?:\/\/[^/\s]+\/in\.php$/)
    expect(lines.slice(1)).toEqual([
      "Content-Type: application/x-www-form-urlencoded",
      "",
      `key=YOUR_API_KEY&method=base64&body=<${notAnImage.length.toLocaleString("en-US")} bytes of base64>&json=1`,
    ])
    expect(submission.exchange.request).not.toContain(customer.key)

    // Other refusals: a missing method, and an empty balance.
    const noMethod = (
      await customer.browser.post("/api/v2/captcha/test", { fields: { textinstructions: "x" } })
    ).json<TestSubmission>()
    expect(JSON.parse(noMethod.exchange.response)).toMatchObject({
      status: 0,
      request: "ERROR_METHOD_CALL",
    })
    const broke = await newCustomer({ credit: 0 })
    const image = { method: "base64", body: pngImage().toString("base64") }
    const zero = (await broke.browser.post("/api/v2/captcha/test", { fields: image })).json<TestSubmission>()
    expect(zero.taskId).toBeNull()
    expect(zero.exchange.response).toBe(
      JSON.stringify({
        status: 0,
        request: "ERROR_ZERO_BALANCE",
        error_text: "The balance is too low for this task",
      }),
    )
    expect(zero.exchange.response).toBe(await classic("/in.php", broke.key, image))

    for (const body of [{}, { fields: { body: { data: 1 } } }, { fields: {}, extra: true }]) {
      const invalid = await customer.browser.post("/api/v2/captcha/test", body)
      expect(invalid.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorOf(invalid).code).toBe("VALIDATION_FAILED")
    }
  })

  it("takes a test task as in.php does and follows it to solved, as res.php reports it", async () => {
    const customer = await newCustomer()
    const worker = await newWorker()
    const image = pngImage()
    const response = await customer.browser.post("/api/v2/captcha/test", {
      // Names are case-insensitive, as in.php takes them; a key given along is not used.
      fields: {
        Method: "base64",
        BODY: image.toString("base64"),
        textinstructions: "Type the letters",
        key: "x",
      },
    })
    expect(response.statusCode).toBe(200)
    const submission = response.json<TestSubmission>()
    const id = submission.taskId!
    expect(id).toMatch(/^\d{11}$/)
    expect(submission.exchange.response).toBe(JSON.stringify({ status: 1, request: id }))
    expect(submission.exchange.request.split("\n")[3]).toBe(
      `key=YOUR_API_KEY&method=base64&body=<${image.toString("base64").length.toLocaleString("en-US")} bytes of base64>` +
        "&textinstructions=Type%20the%20letters&json=1",
    )
    const stored = await db.query<{ api: string; price: string; comment: string }>(
      "SELECT api, price_per_answer::text AS price, params->>'comment' AS comment FROM captcha_tasks WHERE id = $1",
      [id],
    )
    expect(stored.rows[0]).toEqual({ api: "classic", price: "500", comment: "Type the letters" })
    expect((await app.captchaEngine.balance(customer.client)).amount).toBe(1_000_000 - 500)

    const progress = async () => {
      const answer = await customer.browser.get(`/api/v2/captcha/test/${id}`)
      expect(answer.statusCode).toBe(200)
      const data = answer.json<TestTaskProgress>()
      // Exactly what res.php answers now.
      expect(data.exchange.response).toBe(await classic("/res.php", customer.key, { action: "get", id }))
      expect(data.exchange.request).toMatch(
        new RegExp(`^GET https?://[^/\\s]+/res\\.php\\?key=YOUR_API_KEY&action=get&id=${id}&json=1$`),
      )
      return data
    }

    expect(await progress()).toMatchObject({
      id,
      stage: "queued",
      answer: null,
      errorCode: null,
      cost: 0,
      currency: "USD",
      solveSeconds: null,
    })
    expect(JSON.parse((await progress()).exchange.response)).toMatchObject({
      status: 0,
      request: "CAPCHA_NOT_READY",
    })

    const offer = await claim(worker, image)
    expect((await progress()).stage).toBe("working")
    await app.captchaEngine.workers.answer(worker, offer.assignmentId, { text: "x7kq" })
    const done = await progress()
    expect(done).toMatchObject({ stage: "solved", answer: "x7kq", errorCode: null, cost: 500 })
    expect(done.solveSeconds).toBeGreaterThanOrEqual(0)
    expect(done.exchange.response).toBe(JSON.stringify({ status: 1, request: "x7kq" }))

    // Owner only.
    const other = await newCustomer()
    const foreign = await other.browser.get(`/api/v2/captcha/test/${id}`)
    expect(foreign.statusCode).toBe(404)
    expect(errorOf(foreign).code).toBe("TASK_NOT_FOUND")
  })

  it("ends an overdue test task when asked, as res.php does", async () => {
    const customer = await newCustomer()
    const fields = { method: "base64", body: pngImage().toString("base64") }
    const { taskId } = (
      await customer.browser.post("/api/v2/captcha/test", { fields })
    ).json<TestSubmission>()
    await db.query("UPDATE captcha_tasks SET deadline_at = now() - interval '1 second' WHERE id = $1", [
      taskId,
    ])
    const data = (await customer.browser.get(`/api/v2/captcha/test/${taskId}`)).json<TestTaskProgress>()
    expect(data).toMatchObject({
      stage: "unsolvable",
      errorCode: "ERROR_CAPTCHA_UNSOLVABLE",
      cost: 0,
      answer: null,
    })
    expect(data.solveSeconds).toBeGreaterThanOrEqual(0)
    expect(data.exchange.response).toBe(
      await classic("/res.php", customer.key, { action: "get", id: taskId! }),
    )
    expect(JSON.parse(data.exchange.response)).toMatchObject({
      status: 0,
      request: "ERROR_CAPTCHA_UNSOLVABLE",
    })
    expect((await app.captchaEngine.balance(customer.client)).amount).toBe(1_000_000)
  })

  it("limits test submissions per customer", async () => {
    const customer = await newCustomer({ credit: 0 })
    const fields = { method: "base64", body: "AAAA" }
    for (let i = 0; i < 30; i++)
      expect((await customer.browser.post("/api/v2/captcha/test", { fields })).statusCode).toBe(200)
    const limited = await customer.browser.post("/api/v2/captcha/test", { fields })
    expect(limited.statusCode).toBe(429)
    expect(errorOf(limited).code).toBe("RATE_LIMITED")
    // Another customer is not held back.
    const other = await newCustomer({ credit: 0 })
    expect((await other.browser.post("/api/v2/captcha/test", { fields })).statusCode).toBe(200)
  })
})

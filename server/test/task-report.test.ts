import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { Page } from "@manyhands/contract"
import type {
  DashboardData,
  TaskList,
  TaskReport,
  TestTaskProgress,
  UploadItem,
} from "@manyhands/contract/captcha"
import type { Database } from "../src/db/database"
import type { ApiClient } from "../src/modules/captcha/engine"
import { checkLedger } from "../src/modules/ledger/ledger"
import { testBrowser, type TestBrowser } from "./browser"
import { giveApiKey, giveCredit, imageTask, newUser, pngImage, solveImage } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * POST /api/v2/captcha/tasks/:id/report: "Report as wrong" / "Confirm correct" of the customer area, with the
 * rules and refunds of reportbad / reportgood, and the report window the task lists show.
 */

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; message: string } }>().error

const CUSTOMER_IP = "203.0.113.30"
const WINDOW_MS = 15 * 60 * 1000

describe.each(engines)("reports from the customer area on $name", (engine) => {
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
  // What a test leaves open ends, so that the next test's worker is offered that test's tasks first.
  afterEach(async () => {
    await db.query("UPDATE captcha_tasks SET deadline_at = now() - interval '1 second' WHERE state = 'open'")
    await app.captchaEngine.sweep()
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })

  interface Account {
    id: string
    key: string
    browser: TestBrowser
    client: ApiClient
    /** Solves this customer's tasks (reports change a worker's standing: each customer has their own). */
    worker: string
  }

  async function newCustomer(): Promise<Account> {
    const email = `report${++accounts}@example.com`
    const id = await newUser(db, email, "customer")
    const key = await giveApiKey(db, email)
    await giveCredit(db, id, 1_000_000)
    const browser = testBrowser(app)
    expect((await browser.signIn(email)).statusCode).toBe(200)
    return {
      id,
      key,
      browser,
      client: await app.captchaEngine.authenticate(key, CUSTOMER_IP),
      worker: await newUser(db, `report-worker${accounts}@example.com`, "worker"),
    }
  }

  const submit = async (account: Account) => {
    const image = pngImage()
    const { id } = await app.captchaEngine.submit(
      account.client,
      imageTask({ files: [{ name: "body", mime: "image/png", data: image }] }),
      { api: "classic", ip: CUSTOMER_IP },
    )
    return { id, image }
  }

  /** A task of the customer's that a worker solved; answers its id and what it charged. */
  const solvedTask = async (account: Account) => {
    const { id, image } = await submit(account)
    await solveImage(app.captchaEngine, account.worker, image, "w0rd")
    const { rows } = await db.query<{ charged: string }>(
      "SELECT charged::text FROM captcha_tasks WHERE id = $1",
      [id],
    )
    const charged = Number(rows[0]!.charged)
    expect(charged).toBeGreaterThan(0)
    return { id, charged }
  }

  const balance = async (account: Account) => (await app.captchaEngine.balance(account.client)).amount

  const report = (account: Account, id: string, verdict: string, csrf?: string | null) =>
    account.browser.send("POST", `/api/v2/captcha/tasks/${id}/report`, { verdict }, csrf)

  /** The task as each list of the customer area shows it. */
  async function listed(account: Account, id: string) {
    const uploads = (await account.browser.get("/api/v2/statistics/uploads")).json<Page<UploadItem>>()
    const dashboard = (await account.browser.get("/api/v2/dashboard")).json<DashboardData>()
    const tasks = (await account.browser.get("/api/v2/captcha/tasks")).json<TaskList>()
    const test = (await account.browser.get(`/api/v2/captcha/test/${id}`)).json<TestTaskProgress>()
    const pick = <T extends { report: unknown; refunded: boolean; reportableUntil: string | null }>(
      task: T | undefined,
    ) => task && { report: task.report, refunded: task.refunded, reportableUntil: task.reportableUntil }
    const views = [
      pick(uploads.items.find((item) => item.id === id)),
      pick(dashboard.recent.find((item) => item.id === id)),
      pick(tasks.tasks.find((item) => item.id === id)),
      pick(test),
    ]
    for (const view of views.slice(1)) expect(view).toEqual(views[0])
    return views[0]!
  }

  const createdAt = async (id: string) => {
    const { rows } = await db.query<{ created_at: Date | string }>(
      "SELECT created_at FROM captcha_tasks WHERE id = $1",
      [id],
    )
    return new Date(rows[0]!.created_at).getTime()
  }

  it("refunds a wrong answer through a reversing ledger transfer, and the lists say it was reported", async () => {
    const customer = await newCustomer()
    const { id, charged } = await solvedTask(customer)
    // Before: reportable until 15 minutes after submission, in every list.
    expect(await listed(customer, id)).toEqual({
      report: null,
      refunded: false,
      reportableUntil: new Date((await createdAt(id)) + WINDOW_MS).toISOString(),
    })
    const before = await balance(customer)

    const response = await report(customer, id, "bad")
    expect(response.statusCode).toBe(200)
    expect(response.headers["cache-control"]).toBe("no-store")
    expect(response.json<TaskReport>()).toEqual({
      id,
      report: "bad",
      refunded: true,
      refund: charged,
      cost: 0,
      currency: "USD",
      balance: { amount: before + charged, currency: "USD" },
    })
    expect(await balance(customer)).toBe(before + charged)
    // The refund is one reversing transfer, from the platform's revenue to the customer's balance.
    const { rows } = await db.query<{ amount: string; credit: string; debit: string }>(
      `SELECT t.amount::text, c.purpose AS credit, d.purpose AS debit FROM ledger_transfers t
         JOIN ledger_accounts c ON c.id = t.credit_account_id JOIN ledger_accounts d ON d.id = t.debit_account_id
        WHERE t.idempotency_key = $1`,
      [`task:${id}:refund`],
    )
    expect(rows).toEqual([{ amount: String(charged), credit: "customer_balance", debit: "platform_revenue" }])
    expect(await listed(customer, id)).toEqual({ report: "bad", refunded: true, reportableUntil: null })
    // The API sees the same report: a second one is refused there too.
    const classic = await app.inject({
      method: "POST",
      url: "/res.php",
      payload: new URLSearchParams({ key: customer.key, action: "reportbad", id, json: "1" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      remoteAddress: CUSTOMER_IP,
    })
    expect(classic.json()).toMatchObject({ status: 0, request: "ERROR_DUPLICATE_REPORT" })
  })

  it("confirms a correct answer without a refund", async () => {
    const customer = await newCustomer()
    const { id, charged } = await solvedTask(customer)
    const before = await balance(customer)
    const response = await report(customer, id, "good")
    expect(response.statusCode).toBe(200)
    expect(response.json<TaskReport>()).toEqual({
      id,
      report: "good",
      refunded: false,
      refund: 0,
      cost: charged,
      currency: "USD",
      balance: { amount: before, currency: "USD" },
    })
    expect(await balance(customer)).toBe(before)
    expect(await listed(customer, id)).toEqual({ report: "good", refunded: false, reportableUntil: null })
  })

  it("takes one report per task, from the cabinet or the API", async () => {
    const customer = await newCustomer()
    const first = await solvedTask(customer)
    expect((await report(customer, first.id, "bad")).statusCode).toBe(200)
    const refunded = await balance(customer)
    for (const verdict of ["bad", "good"]) {
      const again = await report(customer, first.id, verdict)
      expect(again.statusCode).toBe(409)
      expect(errorOf(again).code).toBe("TASK_ALREADY_REPORTED")
    }
    expect(await balance(customer)).toBe(refunded)

    // Reported through the API first: the cabinet refuses the second report alike.
    const second = await solvedTask(customer)
    await app.captchaEngine.report(customer.client, second.id, "good")
    const confirmed = await balance(customer)
    const after = await report(customer, second.id, "bad")
    expect(after.statusCode).toBe(409)
    expect(errorOf(after).code).toBe("TASK_ALREADY_REPORTED")
    expect(await balance(customer)).toBe(confirmed)
  })

  it("refuses tasks that are not solved, too old, or agreed by several workers", async () => {
    const customer = await newCustomer()
    const open = await submit(customer)
    const unsolvable = await submit(customer)
    await db.query("UPDATE captcha_tasks SET deadline_at = now() - interval '1 second' WHERE id = $1", [
      unsolvable.id,
    ])
    await app.captchaEngine.expire(unsolvable.id)
    for (const id of [open.id, unsolvable.id]) {
      expect((await listed(customer, id)).reportableUntil).toBeNull()
      const response = await report(customer, id, "bad")
      expect(response.statusCode, id).toBe(409)
      expect(errorOf(response).code).toBe("TASK_NOT_SOLVED")
    }

    const old = await solvedTask(customer)
    await db.query("UPDATE captcha_tasks SET created_at = now() - interval '16 minutes' WHERE id = $1", [
      old.id,
    ])
    expect((await listed(customer, old.id)).reportableUntil).toBeNull()
    const late = await report(customer, old.id, "bad")
    expect(late.statusCode).toBe(409)
    expect(errorOf(late).code).toBe("REPORT_WINDOW_CLOSED")
    expect(errorOf(late).message).toMatch(/15 minutes/)

    const agreed = await solvedTask(customer)
    await db.query("UPDATE captcha_tasks SET agree_needed = 2 WHERE id = $1", [agreed.id])
    expect((await listed(customer, agreed.id)).reportableUntil).toBeNull()
    const consensus = await report(customer, agreed.id, "good")
    expect(consensus.statusCode).toBe(409)
    expect(errorOf(consensus).code).toBe("AGREED_ANSWER_NOT_REPORTABLE")

    const { rows } = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM captcha_tasks WHERE customer_id = $1 AND report IS NOT NULL",
      [customer.id],
    )
    expect(rows[0]!.n).toBe(0)
  })

  it("does not believe a customer who reports more than 40 % of their recent tasks as wrong", async () => {
    const customer = await newCustomer()
    const tasks = []
    for (let i = 0; i < 10; i++) tasks.push(await solvedTask(customer))
    // 4 of 10 is 40 %: still believed.
    for (const task of tasks.slice(0, 4))
      expect((await report(customer, task.id, "bad")).statusCode).toBe(200)
    const before = await balance(customer)
    const fifth = await report(customer, tasks[4]!.id, "bad")
    expect(fifth.statusCode).toBe(409)
    expect(errorOf(fifth).code).toBe("TOO_MANY_REPORTS")
    expect(await balance(customer)).toBe(before)
    expect((await listed(customer, tasks[4]!.id)).report).toBeNull()
    // Confirming an answer is still taken.
    expect((await report(customer, tasks[4]!.id, "good")).statusCode).toBe(200)
  })

  it("answers 404 for another customer's task or an unknown one, and needs the CSRF token", async () => {
    const owner = await newCustomer()
    const other = await newCustomer()
    const { id } = await solvedTask(owner)
    for (const [account, taskId] of [
      [other, id],
      [owner, "999999999999"],
    ] as const) {
      const response = await report(account, taskId, "bad")
      expect(response.statusCode).toBe(404)
      expect(errorOf(response).code).toBe("TASK_NOT_FOUND")
    }
    const malformed = await report(owner, "12ab", "bad")
    expect(malformed.statusCode).toBe(400)
    expect(errorOf(malformed).code).toBe("VALIDATION_FAILED")
    const verdict = await report(owner, id, "maybe")
    expect(verdict.statusCode).toBe(400)
    expect(errorOf(verdict).code).toBe("VALIDATION_FAILED")

    for (const csrf of [null, "forged-token-0123456789"]) {
      const forged = await report(owner, id, "bad", csrf)
      expect(forged.statusCode).toBe(403)
      expect(errorOf(forged).code).toBe("CSRF_TOKEN_INVALID")
    }
    const stranger = testBrowser(app)
    const anonymous = await stranger.send("POST", `/api/v2/captcha/tasks/${id}/report`, { verdict: "bad" })
    expect(anonymous.statusCode).toBe(401)
    const workerBrowser = testBrowser(app)
    await workerBrowser.signIn("worker@demo.manyhands.dev")
    const asWorker = await workerBrowser.send("POST", `/api/v2/captcha/tasks/${id}/report`, {
      verdict: "bad",
    })
    expect(asWorker.statusCode).toBe(403)
    expect(errorOf(asWorker).code).toBe("CUSTOMER_ACCOUNT_REQUIRED")
    expect(await listed(owner, id)).toMatchObject({ report: null, refunded: false })
  })
})

import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import type { ApiClient, CaptchaEngine } from "../src/modules/captcha/engine"
import { WorkerRefusal } from "../src/modules/dispatch/queue"
import { workerStats } from "../src/modules/dispatch/worker-figures"
import { checkLedger } from "../src/modules/ledger/ledger"
import { testBrowser } from "./browser"
import { giveApiKey, imageTask, newUser, PNG } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const v2Image = { type: "ImageToTextTask", body: PNG.toString("base64") }

describe.each(engines)("quality control on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let captcha: CaptchaEngine
  let customer: ApiClient
  let workers = 0

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    captcha = app.captchaEngine
    customer = await captcha.authenticate(await giveApiKey(db, "customer@demo.manyhands.dev"), "127.0.0.1")
  })
  afterAll(() => stop())

  const newWorker = () => newUser(db, `quality-worker${++workers}@example.com`, "worker", { trained: false })
  const admin = async () => {
    const browser = testBrowser(app)
    expect((await browser.signIn("admin@demo.manyhands.dev")).statusCode).toBe(200)
    return browser
  }
  const claim = (workerId: string) => captcha.workers.claim(workerId, { waitMs: 0 })
  const status = async (workerId: string, type = "ImageToTextTask") =>
    (
      await db.query<{ status: string; reason: string | null; rating: number }>(
        "SELECT status, reason, rating FROM worker_skills WHERE worker_id = $1 AND type = $2",
        [workerId, type],
      )
    ).rows[0]

  it("lets moderators and administrators add check tasks, validated like customers' tasks", async () => {
    const browser = await admin()
    const refused = await browser.post("/api/v2/admin/gold-tasks", {
      task: { type: "ImageToTextTask", body: "bm90IGFuIGltYWdl" },
      answers: [{ text: "x" }],
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error.code).toBe("GOLD_TASK_INVALID")
    const tokens = await browser.post("/api/v2/admin/gold-tasks", {
      task: { type: "TurnstileTaskProxyless", websiteURL: "https://example.com", websiteKey: "0x4AAAAAAA" },
      answers: [{ token: "t" }],
    })
    expect(tokens.statusCode).toBe(400)
    const worker = testBrowser(app)
    await worker.signIn("worker@demo.manyhands.dev")
    expect((await worker.get("/api/v2/admin/gold-tasks")).statusCode).toBe(403)
  })

  it("gives a new worker the training tasks first, and real work once they are passed", async () => {
    const browser = await admin()
    for (let i = 0; i < 5; i++) {
      const created = await browser.post("/api/v2/admin/gold-tasks", {
        task: { ...v2Image, comment: `training ${i}` },
        answers: [{ text: `word${i}` }],
        training: true,
      })
      expect(created.statusCode).toBe(201)
    }
    const real = await captcha.submit(customer, imageTask({ params: { comment: "real" } }), {
      api: "v2",
      ip: "127.0.0.1",
    })
    const worker = await newWorker()
    captcha.workers.goldShare = 0

    // A wrong training answer is told as such; the task comes back until it is answered right.
    const first = (await claim(worker))!
    expect(first.params.comment).toMatch(/^training/)
    const wrong = await captcha.workers.answer(worker, first.assignmentId, { text: "nope" })
    expect(wrong).toMatchObject({ earned: 0, training: { correct: false } })
    expect(await status(worker)).toBeUndefined()

    const seen = new Set<string>()
    for (let i = 0; i < 6; i++) {
      const offer = (await claim(worker))!
      expect(offer.params.comment).toMatch(/^training/)
      const n = String(offer.params.comment).split(" ")[1]
      seen.add(n!)
      const right = await captcha.workers.answer(worker, offer.assignmentId, { text: `WORD${n}` })
      expect(right.training).toEqual({ correct: true, expected: { text: `word${n}` } })
      if ((await status(worker))?.status === "active") break
    }
    // 6 answers, 5 right: passed.
    expect(await status(worker)).toMatchObject({ status: "active", reason: null })
    const work = (await claim(worker))!
    expect(work.params.comment).toBe("real")
    await captcha.workers.answer(worker, work.assignmentId, { text: "real answer" })
    expect(await captcha.result(customer, real.id)).toMatchObject({
      state: "ready",
      solution: { text: "real answer" },
    })
    // The wrong training answer is the worker's one mistake, shown through the worker API.
    const { rows } = await db.query<{ email: string }>("SELECT email FROM users WHERE id = $1", [worker])
    const key = await giveApiKey(db, rows[0]!.email)
    const mistakes = await app.inject({
      url: "/api/v1/worker/mistakes",
      headers: { authorization: `Bearer ${key}` },
    })
    expect(mistakes.json().items).toEqual([
      expect.objectContaining({
        type: "ImageToTextTask",
        source: "gold",
        given: { text: "nope" },
        expected: { text: expect.stringMatching(/^word\d$/) },
      }),
    ])
  })

  it("mixes gold tasks into real work and suspends a worker whose accuracy falls below 70 %", async () => {
    const browser = await admin()
    const golds: string[] = []
    for (let i = 0; i < 12; i++) {
      const created = await browser.post("/api/v2/admin/gold-tasks", {
        task: { ...v2Image, comment: `gold ${i}` },
        answers: [{ text: `gold${i}` }],
      })
      golds.push(created.json().id)
    }
    const worker = await newWorker()
    await db.query(
      "INSERT INTO worker_skills (worker_id, type, status) VALUES ($1, 'ImageToTextTask', 'active')",
      [worker],
    )
    captcha.workers.goldShare = 1
    // 4 right, then wrong answers until the 10-answer mark shows 4/10 = 40 %.
    for (let i = 0; i < 10; i++) {
      const offer = (await claim(worker))!
      expect(offer.params.comment).toMatch(/^gold/)
      const n = String(offer.params.comment).split(" ")[1]
      await captcha.workers.answer(worker, offer.assignmentId, { text: i < 4 ? `gold${n}` : "wrong" })
    }
    expect(await status(worker)).toMatchObject({
      status: "suspended",
      reason: "Accuracy on check tasks is 40 %, below the 70 % needed.",
    })
    captcha.workers.goldShare = 0
    await captcha.submit(customer, imageTask(), { api: "v2", ip: "127.0.0.1" })
    expect(await claim(worker)).toBeNull()
    const stats = await workerStats(db, worker)
    expect(stats.types.find((row) => row.type === "ImageToTextTask")).toMatchObject({
      status: "suspended",
      goldAccuracy: 0.4,
    })
    const listed = (await browser.get("/api/v2/admin/gold-tasks")).json().items as {
      id: string
      given: number
    }[]
    expect(listed.filter((item) => golds.includes(item.id)).reduce((sum, item) => sum + item.given, 0)).toBe(
      10,
    )
    // Clean up the queue for the next test: a fresh worker takes the task.
    const other = await newWorker()
    await db.query(
      "INSERT INTO worker_skills (worker_id, type, status) VALUES ($1, 'ImageToTextTask', 'active')",
      [other],
    )
    const left = (await claim(other))!
    await captcha.workers.answer(other, left.assignmentId, { text: "done" })
  })

  it("refunds a bad report, records the worker's mistake and lowers the rating; a good one raises it", async () => {
    const worker = await newWorker()
    await db.query(
      "INSERT INTO worker_skills (worker_id, type, status) VALUES ($1, 'ImageToTextTask', 'active')",
      [worker],
    )
    captcha.workers.goldShare = 0
    const solve = async (text: string) => {
      const { id } = await captcha.submit(customer, imageTask(), { api: "v2", ip: "127.0.0.1" })
      const offer = (await claim(worker))!
      await captcha.workers.answer(worker, offer.assignmentId, { text })
      return id
    }
    const before = await captcha.balance(customer)
    const bad = await solve("wrong")
    const charged = before.amount - (await captcha.balance(customer)).amount
    expect(charged).toBe(500)
    await captcha.report(customer, bad, "bad")
    expect((await captcha.balance(customer)).amount).toBe(before.amount)
    expect(await status(worker)).toMatchObject({ rating: 90 })
    await expect(captcha.report(customer, bad, "bad")).rejects.toMatchObject({
      code: "ERROR_DUPLICATE_REPORT",
    })
    const good = await solve("right")
    await captcha.report(customer, good, "good")
    expect(await status(worker)).toMatchObject({ rating: 91 })
    const mistakes = await db.query("SELECT source, given FROM worker_mistakes WHERE worker_id = $1", [
      worker,
    ])
    expect(mistakes.rows).toEqual([{ source: "report", given: { text: "wrong" } }])
    // A report after 15 minutes is not taken.
    const late = await solve("late")
    await db.query("UPDATE captcha_tasks SET created_at = now() - interval '16 minutes' WHERE id = $1", [
      late,
    ])
    await expect(captcha.report(customer, late, "bad")).rejects.toMatchObject({
      code: "ERROR_REPORT_NOT_RECORDED",
    })
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })

  it("with 100 % recognition, sends a text task to workers until two answers agree and charges every answer", async () => {
    await db.query("UPDATE users SET recognition_agree = 2, recognition_max_answers = 4 WHERE id = $1", [
      customer.userId,
    ])
    const strict = await captcha.authenticate(
      await giveApiKey(db, "customer@demo.manyhands.dev"),
      "127.0.0.1",
    )
    expect(strict.recognition).toEqual({ agree: 2, maxAnswers: 4 })
    captcha.workers.goldShare = 0
    const team = await Promise.all([newWorker(), newWorker(), newWorker()])
    for (const worker of team)
      await db.query(
        "INSERT INTO worker_skills (worker_id, type, status) VALUES ($1, 'ImageToTextTask', 'active')",
        [worker],
      )
    const before = (await captcha.balance(strict)).amount
    const { id } = await captcha.submit(strict, imageTask(), { api: "v2", ip: "127.0.0.1" })
    // Four answers' worth is held.
    expect(before - (await captcha.balance(strict)).amount).toBe(2000)
    const [a, b, c] = team as [string, string, string]
    const offerA = (await claim(a))!
    const offerB = (await claim(b))!
    expect(await claim(c)).toBeNull() // two at a time: as many as agreeing answers are still missing
    await captcha.workers.answer(a, offerA.assignmentId, { text: "abc" })
    await captcha.workers.answer(b, offerB.assignmentId, { text: "xyz" })
    expect(await captcha.result(strict, id)).toEqual({ state: "processing" })
    const offerC = (await claim(c))!
    const outcome = await captcha.workers.answer(c, offerC.assignmentId, { text: "ABC" })
    expect(outcome.earned).toBe(300)
    expect(await captcha.result(strict, id)).toMatchObject({
      state: "ready",
      solution: { text: "abc" },
      cost: 1500,
      solveCount: 3,
    })
    expect(before - (await captcha.balance(strict)).amount).toBe(1500)
    await expect(captcha.report(strict, id, "bad")).rejects.toMatchObject({
      code: "ERROR_REPORT_NOT_RECORDED",
    })
    await expect(captcha.workers.answer(a, offerA.assignmentId, { text: "abc" })).rejects.toBeInstanceOf(
      WorkerRefusal,
    )
    await db.query("UPDATE users SET recognition_agree = NULL WHERE id = $1", [customer.userId])
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })
})

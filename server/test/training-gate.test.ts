import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CABINET_TYPES, type Offer, type TrainingData, type WorkerStats } from "@manyhands/contract/worker"
import type { Database } from "../src/db/database"
import type { ApiClient } from "../src/modules/captcha/engine"
import { parseV2Task } from "../src/modules/captcha/parse-v2"
import { captchaSamples } from "../src/modules/captcha/samples"
import type { NewTask } from "../src/modules/captcha/task-types"
import { testBrowser } from "./browser"
import { giveApiKey, newUser } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * Training before real work (issue 16): every type a person solves in the cabinet has training tasks in the
 * seed, a worker gets real tasks of a type only once they passed its training, and a worker suspended from a
 * type gets it back by retraining (or a moderator's decision).
 */
describe.each(engines)("training before real work on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let customer: ApiClient
  let workers = 0

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine, { checkTasks: true }))
    customer = await app.captchaEngine.authenticate(
      await giveApiKey(db, "customer@demo.manyhands.dev"),
      "127.0.0.1",
    )
    app.captchaEngine.workers.goldShare = 0
  })
  afterAll(() => stop())

  const newWorker = async () => {
    const email = `gate-worker${++workers}@example.com`
    const id = await newUser(db, email, "worker", { trained: false })
    return { id, key: await giveApiKey(db, email) }
  }
  const asWorker = (key: string, method: "GET" | "POST", url: string, payload?: object) =>
    app.inject({
      method,
      url: `/api/v1/worker${url}`,
      headers: { authorization: `Bearer ${key}` },
      ...(payload === undefined ? {} : { payload }),
    })
  const claim = async (key: string, types: string[]): Promise<Offer | null> => {
    const response = await asWorker(key, "POST", "/claim", { types })
    expect([200, 204]).toContain(response.statusCode)
    return response.statusCode === 204 ? null : response.json<Offer>()
  }
  const trainingOf = async (key: string) => {
    const response = await asWorker(key, "GET", "/training")
    expect(response.statusCode).toBe(200)
    const data = response.json<TrainingData>()
    return Object.fromEntries(data.types.map((item) => [item.type, item]))
  }
  /** The check task behind an assignment (null for a customer's task). */
  const goldOf = async (offer: Offer) => {
    const { rows } = await db.query<{ answers: unknown[] | null; training: boolean | null }>(
      `SELECT g.answers, g.training FROM task_assignments a LEFT JOIN gold_tasks g ON g.id = a.gold_task_id
        WHERE a.id = $1`,
      [offer.assignmentId],
    )
    return rows[0]!.answers ? { answers: rows[0]!.answers, training: rows[0]!.training! } : null
  }
  const answer = (key: string, offer: Offer, solution: unknown) =>
    asWorker(key, "POST", `/assignments/${offer.assignmentId}/answer`, { solution })
  /** Takes a training task of the type and answers it, right or wrong. */
  const train = async (key: string, type: string, right: boolean) => {
    const claimed = await asWorker(key, "POST", "/training/claim", { type })
    expect(claimed.statusCode, `a ${type} training task`).toBe(200)
    const offer = claimed.json<Offer>()
    const gold = (await goldOf(offer))!
    expect(gold.training).toBe(true)
    const wrong =
      type === "GridTask"
        ? {
            click: [1, 2, 3, 4, 5, 6, 7, 8, 9]
              .filter((cell) => !(gold.answers[0] as { click: number[] }).click.includes(cell))
              .slice(0, 1),
          }
        : { text: "zzzz" }
    const answered = await answer(key, offer, right ? gold.answers[0] : wrong)
    expect(answered.statusCode, answered.body).toBe(200)
    expect(answered.json().training.correct).toBe(right)
  }
  /** A customer's task made from one of the seed's training tasks of the type, and its right answer. */
  const realTask = async (type: string) => {
    const { rows } = await db.query<{
      params: Record<string, unknown>
      files: { name: string; mime: string; data: string }[]
      language: string | null
      answers: unknown[]
    }>(
      "SELECT params, files, language, answers FROM gold_tasks WHERE training AND type = $1 ORDER BY id LIMIT 1",
      [type],
    )
    const gold = rows[0]!
    const task: NewTask = {
      type,
      params: gold.params,
      files: gold.files.map((file) => ({ ...file, data: Buffer.from(file.data, "base64") })),
      language: gold.language,
    }
    const { id } = await app.captchaEngine.submit(customer, task, { api: "v2", ip: "127.0.0.1" })
    return { id, solution: gold.answers[0] }
  }

  it("seeds training for every cabinet type, and a new worker starts in training in each", async () => {
    const worker = await newWorker()
    const training = await trainingOf(worker.key)
    for (const type of CABINET_TYPES) {
      expect(training[type], type).toMatchObject({ status: "training", answered: 0, suspension: null })
      expect(training[type]!.remaining, type).toBeGreaterThanOrEqual(5)
    }
    // The cabinet lists no type as open before any training.
    const stats = (await asWorker(worker.key, "GET", "/stats")).json<WorkerStats>()
    for (const type of CABINET_TYPES)
      expect(
        stats.types.find((row) => row.type === type),
        type,
      ).toMatchObject({ status: "training" })
  })

  it.each(CABINET_TYPES)(
    "offers an untrained worker no real %s task, and does once they passed its training",
    async (type) => {
      const worker = await newWorker()
      const real = await realTask(type)
      // However often the worker asks, only training tasks come (skipped here, so they come again).
      for (let n = 0; n < 6; n++) {
        const offer = await claim(worker.key, [type])
        expect(offer, `claim ${n + 1}`).not.toBeNull()
        expect(await goldOf(offer!), `claim ${n + 1} is a training task`).toMatchObject({ training: true })
        await asWorker(worker.key, "POST", `/assignments/${offer!.assignmentId}/skip`)
      }
      for (let n = 0; n < 5; n++) await train(worker.key, type, true)
      expect((await trainingOf(worker.key))[type]).toMatchObject({
        status: "active",
        answered: 5,
        correct: 5,
      })
      const offer = await claim(worker.key, [type])
      expect(offer).not.toBeNull()
      expect(await goldOf(offer!)).toBeNull()
      const answered = await answer(worker.key, offer!, real.solution)
      expect(answered.statusCode, answered.body).toBe(200)
      expect(await app.captchaEngine.result(customer, real.id)).toMatchObject({ state: "ready" })
    },
  )

  it("keeps a cabinet type closed to an untrained worker even while it has no training tasks", async () => {
    const sample = captchaSamples().find((file) => file.sample.type === "GridTask")!
    const task = parseV2Task(
      {
        type: "GridTask",
        body: sample.png!.toString("base64"),
        comment: "Select all images with a circle",
      },
      {},
    )
    const { id } = await app.captchaEngine.submit(customer, task, { api: "v2", ip: "127.0.0.1" })
    const worker = await newWorker()
    await db.query("UPDATE gold_tasks SET enabled = false WHERE training AND type = 'GridTask'")
    try {
      expect(await claim(worker.key, ["GridTask"])).toBeNull()
      expect((await trainingOf(worker.key)).GridTask).toMatchObject({ status: "training", remaining: 0 })
    } finally {
      await db.query("UPDATE gold_tasks SET enabled = true WHERE training AND type = 'GridTask'")
    }
    // A worker who passed the training takes it.
    const trained = await newWorker()
    await db.query("INSERT INTO worker_skills (worker_id, type, status) VALUES ($1, 'GridTask', 'active')", [
      trained.id,
    ])
    const offer = (await claim(trained.key, ["GridTask"]))!
    expect((await answer(trained.key, offer, { click: [2, 4] })).statusCode).toBe(200)
    expect(await app.captchaEngine.result(customer, id)).toMatchObject({ state: "ready" })
  })

  /** Passes the ImageToTextTask training, then falls below the bar on check tasks: suspended. */
  const suspendedWorker = async () => {
    const worker = await newWorker()
    for (let n = 0; n < 5; n++) await train(worker.key, "ImageToTextTask", true)
    // Three of nine check tasks right on record; one more wrong makes 3 of 10 (30 %).
    await db.query(
      `INSERT INTO worker_accuracy (worker_id, type, language, gold_correct, gold_wrong)
       VALUES ($1, 'ImageToTextTask', '', 3, 6)`,
      [worker.id],
    )
    app.captchaEngine.workers.goldShare = 1
    try {
      const gold = (await claim(worker.key, ["ImageToTextTask"]))!
      expect(await goldOf(gold)).toMatchObject({ training: false })
      await answer(worker.key, gold, { text: "wrong" })
    } finally {
      app.captchaEngine.workers.goldShare = 0
    }
    return worker
  }

  it("suspends below the bar; retraining on the type's training (answers since the suspension) lifts it", async () => {
    const worker = await suspendedWorker()
    const before = (await trainingOf(worker.key)).ImageToTextTask!
    expect(before).toMatchObject({
      status: "suspended",
      // Retraining: the answers before the suspension do not count, and every task can come again.
      answered: 0,
      correct: 0,
      remaining: 8,
      suspension: { cause: "goldAccuracy", percent: 30, limit: 70 },
    })
    const stats = (await asWorker(worker.key, "GET", "/stats")).json<WorkerStats>()
    expect(stats.types.find((row) => row.type === "ImageToTextTask")).toMatchObject({
      status: "suspended",
      suspension: { cause: "goldAccuracy", percent: 30, limit: 70 },
    })
    const real = await realTask("ImageToTextTask")
    // Suspended: no real work, and no training tasks in the stream either (retraining is taken on purpose).
    expect(await claim(worker.key, ["ImageToTextTask"])).toBeNull()

    // A failed retraining: 3 of 5 right keeps the suspension.
    for (const right of [false, false, true, true, true]) await train(worker.key, "ImageToTextTask", right)
    expect((await trainingOf(worker.key)).ImageToTextTask).toMatchObject({
      status: "suspended",
      answered: 5,
      correct: 3,
    })
    expect(await claim(worker.key, ["ImageToTextTask"])).toBeNull()

    // One more right: 4 of the last 5, the type is open again.
    await train(worker.key, "ImageToTextTask", true)
    expect((await trainingOf(worker.key)).ImageToTextTask).toMatchObject({
      status: "active",
      suspension: null,
    })
    const offer = (await claim(worker.key, ["ImageToTextTask"]))!
    expect(await goldOf(offer)).toBeNull()
    await answer(worker.key, offer, real.solution)
    expect(await app.captchaEngine.result(customer, real.id)).toMatchObject({ state: "ready" })

    // The record that suspended them is behind them: one wrong check task now does not suspend again.
    app.captchaEngine.workers.goldShare = 1
    try {
      const gold = (await claim(worker.key, ["ImageToTextTask"]))!
      expect(await goldOf(gold)).toMatchObject({ training: false })
      await answer(worker.key, gold, { text: "wrong again" })
    } finally {
      app.captchaEngine.workers.goldShare = 0
    }
    expect((await trainingOf(worker.key)).ImageToTextTask).toMatchObject({ status: "active" })
  })

  it("lets a moderator lift a suspension, and refuses what cannot be lifted", async () => {
    const worker = await suspendedWorker()
    const url = (id: string, type: string) => `/api/v2/admin/workers/${id}/types/${type}/reinstate`
    const other = testBrowser(app)
    expect((await other.signIn("worker@demo.manyhands.dev")).statusCode).toBe(200)
    expect((await other.post(url(worker.id, "ImageToTextTask"))).statusCode).toBe(403)

    const admin = testBrowser(app)
    expect((await admin.signIn("admin@demo.manyhands.dev")).statusCode).toBe(200)
    const lifted = await admin.post(url(worker.id, "ImageToTextTask"))
    expect(lifted.statusCode, lifted.body).toBe(200)
    expect(lifted.json()).toEqual({ workerId: worker.id, type: "ImageToTextTask", status: "active" })
    expect((await trainingOf(worker.key)).ImageToTextTask).toMatchObject({ status: "active" })

    const again = await admin.post(url(worker.id, "ImageToTextTask"))
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe("NOT_SUSPENDED")
    const unknownType = await admin.post(url(worker.id, "NoSuchTask"))
    expect(unknownType.statusCode).toBe(400)
    expect(unknownType.json().error.code).toBe("UNKNOWN_TYPE")
    const nobody = await admin.post(url("999999999", "ImageToTextTask"))
    expect(nobody.statusCode).toBe(404)
    expect(nobody.json().error.code).toBe("WORKER_NOT_FOUND")
  })
})

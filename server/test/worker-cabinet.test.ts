import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { migrate } from "../src/db/migrate"
import { seed } from "../src/db/seed"
import { inspectImage, LIMITS } from "../src/modules/captcha/images"
import { captchaSamples } from "../src/modules/captcha/samples"
import { CABINET_TYPES, type Offer } from "@manyhands/contract/worker"
import { giveApiKey, imageTask, newUser, userId } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

interface Sample {
  id: string
  type: string
  fields: Record<string, string>
  imageUrl: string | null
  answer: string
}

interface TrainingType {
  type: string
  status: string
  answered: number
  correct: number
  remaining: number
  suspension: unknown
}

/**
 * The seed's check tasks: 8 training pictures and 8 training questions, 3 gold pictures and 2 gold questions;
 * and 6 training tasks of each other cabinet type (grid, coordinates, rotation, boxes, outlines, audio).
 */
const CHECK_TASKS = 21 + 6 * 6

/** The v2 solution a worker sends for a sample's answer as res.php gives it. */
const solutionOf = (sample: Sample) =>
  sample.answer.startsWith("click:")
    ? { click: sample.answer.slice(6).split("/").map(Number) }
    : { text: sample.answer }

const dayIn = (moment: Date, timeZone: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  )
  return `${parts.year}-${parts.month}-${parts.day}`
}

describe.each(engines)("the worker cabinet's server side on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let customerKey: string
  let workers = 0

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine, { checkTasks: true }))
    customerKey = await giveApiKey(db, "customer@demo.manyhands.dev")
    app.captchaEngine.workers.goldShare = 0
  })
  afterAll(() => stop())

  /** A new worker account with an API key. */
  const newWorker = async () => {
    const email = `cabinet-worker${++workers}@example.com`
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
  const classic = async (path: "/in.php" | "/res.php", params: Record<string, string>) => {
    const response = await app.inject({
      method: "POST",
      url: path,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(params).toString(),
    })
    expect(response.statusCode).toBe(200)
    return response.body
  }
  const training = async (key: string): Promise<Record<string, TrainingType>> => {
    const response = await asWorker(key, "GET", "/training")
    expect(response.statusCode).toBe(200)
    const body = response.json<{ required: number; passShare: number; types: TrainingType[] }>()
    expect(body).toMatchObject({ required: 5, passShare: 0.8 })
    return Object.fromEntries(body.types.map((row) => [row.type, row]))
  }
  const claimTraining = (key: string, type: string) => asWorker(key, "POST", "/training/claim", { type })
  const answer = (key: string, offer: Offer, solution: unknown) =>
    asWorker(key, "POST", `/assignments/${offer.assignmentId}/answer`, { solution })
  /** The accepted answers of the check task behind an assignment. */
  const knownAnswer = async (offer: Offer) => {
    const { rows } = await db.query<{ answers: { text: string }[] }>(
      `SELECT g.answers FROM task_assignments a JOIN gold_tasks g ON g.id = a.gold_task_id WHERE a.id = $1`,
      [offer.assignmentId],
    )
    return rows[0]!.answers[0]!
  }

  it("lists the sample captchas with their answers and serves their pictures for good", async () => {
    const listed = await app.inject({ url: "/api/v2/captcha/samples" })
    expect(listed.statusCode).toBe(200)
    expect(listed.headers["cache-control"]).toMatch(/^public, max-age=\d+$/)
    const { samples } = listed.json<{ samples: Sample[] }>()
    const count = (type: string) => samples.filter((sample) => sample.type === type).length
    expect(count("ImageToTextTask")).toBeGreaterThanOrEqual(4)
    expect(count("ImageToTextTask")).toBeLessThanOrEqual(6)
    expect(count("TextCaptchaTask")).toBe(1)
    expect(count("GridTask")).toBe(1)
    expect(new Set(samples.map((sample) => sample.id)).size).toBe(samples.length)
    // The same content every time: ids are stable (they are drawn again here, as a new process would).
    expect(samples.map((sample) => sample.id)).toEqual(captchaSamples().map((file) => file.sample.id))
    const again = await app.inject({ url: "/api/v2/captcha/samples" })
    expect(again.json()).toEqual({ samples })

    for (const sample of samples) {
      expect(sample.answer).toBeTruthy()
      if (sample.type === "TextCaptchaTask") {
        expect(sample.imageUrl).toBeNull()
        expect(sample.fields.textcaptcha).toMatch(/\?$/)
        continue
      }
      expect(sample.imageUrl).toBe(`/api/v2/captcha/samples/${sample.id}`)
      const picture = await app.inject({ url: sample.imageUrl! })
      expect(picture.statusCode).toBe(200)
      expect(picture.headers["content-type"]).toBe("image/png")
      expect(picture.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
      const size = inspectImage(picture.rawPayload, LIMITS[sample.type === "GridTask" ? "large" : "normal"])
      expect(size.mime).toBe("image/png")
      if (sample.type === "GridTask") {
        expect(size).toMatchObject({ width: 300, height: 300 })
        expect(sample.fields).toMatchObject({ recaptcha: "1", recaptcharows: "3", recaptchacols: "3" })
        expect(sample.fields.textinstructions).toBeTruthy()
        expect(sample.answer).toMatch(/^click:\d(\/\d)*$/)
      } else {
        expect(sample.answer).toMatch(/^[A-Za-z0-9]{4,8}$/)
        expect(size.width).toBeLessThanOrEqual(300)
      }
    }
    const missing = await app.inject({ url: "/api/v2/captcha/samples/text-0000000000" })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.code).toBe("SAMPLE_NOT_FOUND")
  })

  it("takes every sample through in.php, and a worker solves it with the sample's answer", async () => {
    const { samples } = (await app.inject({ url: "/api/v2/captcha/samples" })).json<{ samples: Sample[] }>()
    const worker = await newWorker()
    // Past training in the types that have it.
    await db.query(
      `INSERT INTO worker_skills (worker_id, type, status)
       SELECT DISTINCT $1::bigint, type, 'active' FROM gold_tasks WHERE training`,
      [worker.id],
    )
    for (const sample of samples) {
      const body = sample.imageUrl
        ? (await app.inject({ url: sample.imageUrl })).rawPayload.toString("base64")
        : undefined
      const submitted = await classic("/in.php", {
        key: customerKey,
        method: "base64",
        ...(body ? { body } : {}),
        ...sample.fields,
      })
      expect(submitted, sample.id).toMatch(/^OK\|\d+$/)
      const id = submitted.slice(3)
      const claimed = await asWorker(worker.key, "POST", "/claim", {})
      expect(claimed.statusCode, sample.id).toBe(200)
      const offer = claimed.json<Offer>()
      expect(offer.type).toBe(sample.type)
      if (body) expect(offer.files[0]).toMatchObject({ name: "body", data: body })
      else expect(offer.params.comment).toBe(sample.fields.textcaptcha)
      const answered = await answer(worker.key, offer, solutionOf(sample))
      expect(answered.statusCode, `${sample.id}: ${answered.body}`).toBe(200)
      expect(await classic("/res.php", { key: customerKey, action: "get", id })).toBe(`OK|${sample.answer}`)
    }
  })

  it("trains a new worker through the API: wrong answers show the right one, passing opens real work", async () => {
    const worker = await newWorker()
    const before = await training(worker.key)
    expect(Object.keys(before)).toEqual([...CABINET_TYPES])
    expect(before.ImageToTextTask).toEqual({
      type: "ImageToTextTask",
      status: "training",
      answered: 0,
      correct: 0,
      remaining: 8,
      suspension: null,
    })
    expect(before.TextCaptchaTask).toMatchObject({ status: "training", remaining: 8 })

    // Real work waits, but a new worker gets training first.
    const { id: realId } = await app.captchaEngine.submit(
      await app.captchaEngine.authenticate(customerKey, "127.0.0.1"),
      imageTask({ params: { comment: "real work" } }),
      { api: "v2", ip: "127.0.0.1" },
    )
    const first = await asWorker(worker.key, "POST", "/claim", {})
    expect(first.statusCode).toBe(200)
    expect(first.json<Offer>().params.comment).not.toBe("real work")
    expect(
      (await asWorker(worker.key, "POST", `/assignments/${first.json<Offer>().assignmentId}/skip`))
        .statusCode,
    ).toBe(204)

    const claimed = await claimTraining(worker.key, "ImageToTextTask")
    expect(claimed.statusCode).toBe(200)
    expect(claimed.headers["cache-control"]).toBe("no-store")
    const offer = claimed.json<Offer>()
    expect(offer).toMatchObject({ type: "ImageToTextTask", kind: "image" })
    expect(offer.files[0]).toMatchObject({ name: "body", mime: "image/png" })
    const expected = await knownAnswer(offer)
    const wrong = await answer(worker.key, offer, { text: "zzzzz" })
    expect(wrong.statusCode).toBe(200)
    expect(wrong.json()).toEqual({
      accepted: true,
      earned: 0,
      currency: "USD",
      training: { correct: false, expected },
      // Play-and-earn: a wrong training answer earns no XP.
      xp: { xp: 0, worth: 0, capped: false, total: 0, level: 1, levelUp: false, hour: 0, bonus: 0 },
    })
    expect(await training(worker.key)).toMatchObject({
      ImageToTextTask: { status: "training", answered: 1, correct: 0, remaining: 8 },
    })

    // Four right answers after the wrong one: 4 of the last 5 is 80 %, training passed.
    for (let n = 0; n < 4; n++) {
      const next = await claimTraining(worker.key, "ImageToTextTask")
      expect(next.statusCode).toBe(200)
      const right = await answer(worker.key, next.json<Offer>(), await knownAnswer(next.json<Offer>()))
      expect(right.json().training).toEqual({
        correct: true,
        expected: await knownAnswer(next.json<Offer>()),
      })
    }
    const after = await training(worker.key)
    expect(after.ImageToTextTask).toEqual({
      type: "ImageToTextTask",
      status: "active",
      answered: 5,
      correct: 4,
      remaining: 4,
      suspension: null,
    })
    expect(after.TextCaptchaTask).toMatchObject({ status: "training", answered: 0 })
    expect((await claimTraining(worker.key, "ImageToTextTask")).statusCode).toBe(204)

    // Still in training for questions: the claim offers those first, real pictures when asked for.
    const question = await asWorker(worker.key, "POST", "/claim", {
      types: ["ImageToTextTask", "TextCaptchaTask"],
    })
    expect(question.json<Offer>().type).toBe("TextCaptchaTask")
    await asWorker(worker.key, "POST", `/assignments/${question.json<Offer>().assignmentId}/skip`)
    const real = await asWorker(worker.key, "POST", "/claim", { types: ["ImageToTextTask"] })
    expect(real.json<Offer>().params.comment).toBe("real work")
    const paid = await answer(worker.key, real.json<Offer>(), { text: "done" })
    // And XP: four right training answers and this one, 5 each (ImageToTextTask's 10 at a newcomer's quality 0.5).
    expect(paid.json()).toEqual({
      accepted: true,
      earned: 300,
      currency: "USD",
      xp: { xp: 5, worth: 5, capped: false, total: 25, level: 1, levelUp: false, hour: 25, bonus: 0 },
    })
    const { rows } = await db.query<{ state: string }>("SELECT state FROM captcha_tasks WHERE id = $1", [
      realId,
    ])
    expect(rows[0]!.state).toBe("solved")
  })

  it("answers 204 to a training claim with nothing to train, and refuses unknown types", async () => {
    const worker = await newWorker()
    // A type without training tasks (not one of the cabinet's), and token types.
    expect((await claimTraining(worker.key, "DragAndDropTask")).statusCode).toBe(204)
    expect((await claimTraining(worker.key, "RecaptchaV2Task")).statusCode).toBe(204)
    const unknown = await claimTraining(worker.key, "NoSuchTask")
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.code).toBe("UNKNOWN_TYPE")
    const malformed = await asWorker(worker.key, "POST", "/training/claim", {})
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.code).toBe("VALIDATION_FAILED")
    expect((await app.inject({ method: "GET", url: "/api/v1/worker/training" })).statusCode).toBe(401)

    // Suspended from a type: its training again (retraining).
    await db.query(
      `INSERT INTO worker_skills (worker_id, type, status, reason, suspended_at, suspension_cause)
       VALUES ($1, 'ImageToTextTask', 'suspended', 'test', now(), 'moderator')`,
      [worker.id],
    )
    const retraining = await claimTraining(worker.key, "ImageToTextTask")
    expect(retraining.statusCode).toBe(200)
    await asWorker(worker.key, "POST", `/assignments/${retraining.json<Offer>().assignmentId}/skip`)
    expect((await training(worker.key)).ImageToTextTask).toMatchObject({
      status: "suspended",
      suspension: { cause: "moderator", percent: null, limit: null },
    })
    // Already open: nothing to train.
    await db.query("INSERT INTO worker_skills (worker_id, type, status) VALUES ($1, 'GridTask', 'active')", [
      worker.id,
    ])
    expect((await claimTraining(worker.key, "GridTask")).statusCode).toBe(204)

    // Every training task left answered right, though not yet passed: none is left.
    const offer = (await claimTraining(worker.key, "TextCaptchaTask")).json<Offer>()
    await answer(worker.key, offer, await knownAnswer(offer))
    const { rows } = await db.query<{ id: string }>(
      "SELECT gold_task_id::text AS id FROM task_assignments WHERE id = $1",
      [offer.assignmentId],
    )
    await db.query(
      "UPDATE gold_tasks SET enabled = false WHERE training AND type = 'TextCaptchaTask' AND id <> $1",
      [rows[0]!.id],
    )
    try {
      expect((await claimTraining(worker.key, "TextCaptchaTask")).statusCode).toBe(204)
      expect((await training(worker.key)).TextCaptchaTask).toEqual({
        type: "TextCaptchaTask",
        status: "training",
        answered: 1,
        correct: 1,
        remaining: 0,
        suspension: null,
      })
    } finally {
      await db.query("UPDATE gold_tasks SET enabled = true WHERE training")
    }
  })

  it("lists mistakes with the task's picture and question, and accuracy per type and day", async () => {
    const worker = await newWorker()
    // Far east: "today" is often another date than in UTC.
    await db.query("UPDATE users SET timezone = 'Pacific/Kiritimati' WHERE id = $1", [worker.id])
    const picture = (await claimTraining(worker.key, "ImageToTextTask")).json<Offer>()
    await answer(worker.key, picture, { text: "wrong" })
    const question = (await claimTraining(worker.key, "TextCaptchaTask")).json<Offer>()
    await answer(worker.key, question, { text: "wrong" })
    const rightQuestion = (await claimTraining(worker.key, "TextCaptchaTask")).json<Offer>()
    await answer(worker.key, rightQuestion, await knownAnswer(rightQuestion))

    // A customer's task the worker solves and the customer reports wrong.
    await db.query(
      "INSERT INTO worker_skills (worker_id, type, status) VALUES ($1, 'ImageToTextTask', 'active') ON CONFLICT (worker_id, type) DO UPDATE SET status = 'active'",
      [worker.id],
    )
    const customer = await app.captchaEngine.authenticate(customerKey, "127.0.0.1")
    const task = imageTask({ params: { comment: "Type the red letters" } })
    const { id } = await app.captchaEngine.submit(customer, task, { api: "v2", ip: "127.0.0.1" })
    const real = (await asWorker(worker.key, "POST", "/claim", { types: ["ImageToTextTask"] })).json<Offer>()
    await answer(worker.key, real, { text: "misread" })
    await app.captchaEngine.report(customer, id, "bad")
    // One check three days ago, and one too old to count.
    await db.query("UPDATE task_assignments SET answered_at = now() - interval '3 days' WHERE id = $1", [
      rightQuestion.assignmentId,
    ])
    const old = (await claimTraining(worker.key, "TextCaptchaTask")).json<Offer>()
    await answer(worker.key, old, await knownAnswer(old))
    await db.query("UPDATE task_assignments SET answered_at = now() - interval '40 days' WHERE id = $1", [
      old.assignmentId,
    ])

    const response = await asWorker(worker.key, "GET", "/mistakes")
    expect(response.statusCode).toBe(200)
    expect(response.headers["cache-control"]).toBe("no-store")
    const { items, accuracy } = response.json<{
      items: {
        type: string
        source: string
        given: unknown
        expected: unknown
        image: string | null
        comment: string | null
      }[]
      accuracy: { type: string; date: string; checked: number; correct: number }[]
    }>()
    expect(items).toEqual([
      expect.objectContaining({
        type: "ImageToTextTask",
        source: "report",
        given: { text: "misread" },
        expected: null,
        image: `data:image/png;base64,${task.files[0]!.data.toString("base64")}`,
        comment: "Type the red letters",
      }),
      expect.objectContaining({
        type: "TextCaptchaTask",
        source: "gold",
        given: { text: "wrong" },
        expected: { text: expect.any(String) },
        image: null,
        comment: question.params.comment,
      }),
      expect.objectContaining({
        type: "ImageToTextTask",
        source: "gold",
        expected: { text: expect.any(String) },
        image: `data:image/png;base64,${picture.files[0]!.data}`,
        comment: null,
      }),
    ])
    const today = dayIn(new Date(), "Pacific/Kiritimati")
    const threeDaysAgo = dayIn(new Date(Date.now() - 3 * 86_400_000), "Pacific/Kiritimati")
    expect(accuracy).toEqual([
      { type: "TextCaptchaTask", date: threeDaysAgo, checked: 1, correct: 1 },
      { type: "ImageToTextTask", date: today, checked: 2, correct: 0 },
      { type: "TextCaptchaTask", date: today, checked: 1, correct: 0 },
    ])
  })

  it("seeds the check tasks once, with or without demo accounts, and the demo workers' two states", async () => {
    const count = async (database: Database, sql: string) =>
      (await database.query<{ n: number }>(sql)).rows[0]!.n
    expect(await count(db, "SELECT count(*)::int AS n FROM gold_tasks")).toBe(CHECK_TASKS)
    expect(await seed(db)).toBe(false)
    expect(await count(db, "SELECT count(*)::int AS n FROM gold_tasks")).toBe(CHECK_TASKS)

    const demo = await giveApiKey(db, "worker@demo.manyhands.dev")
    expect(await training(demo)).toMatchObject({
      ImageToTextTask: { status: "active", answered: 5, correct: 5, remaining: 3 },
      TextCaptchaTask: { status: "active", answered: 5, correct: 5, remaining: 3 },
      GridTask: { status: "active", answered: 5, correct: 5, remaining: 1 },
      AudioTask: { status: "active", answered: 5, correct: 5, remaining: 1 },
    })
    const history = (await asWorker(demo, "GET", "/mistakes")).json<{
      items: { source: string; image: string | null; comment: string | null }[]
      accuracy: { checked: number }[]
    }>()
    expect(history.items).toHaveLength(2)
    expect(history.items.map((item) => item.source)).toEqual(["gold", "gold"])
    expect(history.items.some((item) => item.image?.startsWith("data:image/png;base64,"))).toBe(true)
    expect(history.items.some((item) => item.comment)).toBe(true)
    // Five training answers in each of the eight types, and five check tasks.
    expect(history.accuracy.reduce((sum, day) => sum + day.checked, 0)).toBe(45)
    const stats = (await asWorker(demo, "GET", "/stats")).json<{
      types: { type: string; status: string }[]
    }>()
    expect(stats.types.filter((row) => row.status === "active").map((row) => row.type)).toEqual(
      expect.arrayContaining([...CABINET_TYPES]),
    )
    const moderator = await giveApiKey(db, "moderator@demo.manyhands.dev")
    expect(await training(moderator)).toMatchObject({
      ImageToTextTask: { status: "training", answered: 0, remaining: 8 },
      TextCaptchaTask: { status: "training", answered: 0, remaining: 8 },
      RotateTask: { status: "training", answered: 0, remaining: 6 },
    })
    expect(await userId(db, "moderator@demo.manyhands.dev")).toBeTruthy()

    // Without demo accounts (a real server): the check tasks all the same, once.
    const fresh = await engine.create()
    try {
      await migrate(fresh.db)
      expect(await seed(fresh.db, { demoAccounts: false })).toBe(true)
      expect(await count(fresh.db, "SELECT count(*)::int AS n FROM users")).toBe(0)
      expect(await count(fresh.db, "SELECT count(*)::int AS n FROM gold_tasks WHERE training")).toBe(16 + 36)
      expect(await count(fresh.db, "SELECT count(*)::int AS n FROM gold_tasks")).toBe(CHECK_TASKS)
      expect(await seed(fresh.db, { demoAccounts: false })).toBe(false)
      expect(await count(fresh.db, "SELECT count(*)::int AS n FROM gold_tasks")).toBe(CHECK_TASKS)
      // A database seeded before the other cabinet types had training gets it on its next start.
      await fresh.db.query("DELETE FROM gold_tasks WHERE type NOT IN ('ImageToTextTask', 'TextCaptchaTask')")
      await fresh.db.query("DELETE FROM app_settings WHERE key = 'cabinet_training_seeded_at'")
      expect(await seed(fresh.db, { demoAccounts: false })).toBe(true)
      expect(await count(fresh.db, "SELECT count(*)::int AS n FROM gold_tasks")).toBe(CHECK_TASKS)
    } finally {
      await fresh.drop()
    }
  })
})

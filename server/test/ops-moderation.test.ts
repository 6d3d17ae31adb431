import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type {
  ModerationGoldTask,
  ModerationOverview,
  WorkerDetail,
  WorkerTypeStanding,
} from "@manyhands/contract/ops-moderation"
import type { Page } from "@manyhands/contract"
import type { Offer } from "@manyhands/contract/worker"
import type { Database } from "../src/db/database"
import type { ApiClient } from "../src/modules/captcha/engine"
import { giveApiKey, imageTask, newUser, PNG } from "./captcha-fixtures"
import { ok, testBrowser, type TestBrowser } from "./browser"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * The moderation console (issue 24): workers' standing per type with the moderators' actions — lift a
 * suspension, suspend, send back to training — and check tasks, each change with its staff_audit row.
 */
describe.each(engines)("moderation console on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let customer: ApiClient
  let moderator: TestBrowser
  let admin: TestBrowser
  let workerBrowser: TestBrowser
  let workers = 0

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine, { checkTasks: true }))
    app.captchaEngine.workers.goldShare = 0
    customer = await app.captchaEngine.authenticate(
      await giveApiKey(db, "customer@demo.manyhands.dev"),
      "127.0.0.1",
    )
    moderator = testBrowser(app)
    expect((await moderator.signIn("moderator@demo.manyhands.dev")).statusCode).toBe(200)
    admin = testBrowser(app)
    expect((await admin.signIn("admin@demo.manyhands.dev")).statusCode).toBe(200)
    workerBrowser = testBrowser(app)
    expect((await workerBrowser.signIn("worker@demo.manyhands.dev")).statusCode).toBe(200)
  })
  afterAll(() => stop())

  const newWorker = (trained = true) =>
    newUser(db, `mod-worker${++workers}@example.com`, "worker", { trained })
  const standingUrl = (id: string, type: string, action: string) =>
    `/api/v2/moderation/workers/${id}/types/${type}/${action}`
  const auditRows = async (action: string, targetId: string) =>
    (
      await db.query<{ actor_role: string; reason: string | null; details: Record<string, unknown> }>(
        "SELECT actor_role, reason, details FROM staff_audit WHERE action = $1 AND target_id = $2 ORDER BY id",
        [action, targetId],
      )
    ).rows
  /** What the worker is offered when asking for `type` (null: nothing). */
  const claim = (workerId: string, type: string) =>
    app.captchaEngine.workers.claim(workerId, { waitMs: 0, types: [type] })
  const isTraining = async (offer: Offer) => {
    const { rows } = await db.query<{ training: boolean | null }>(
      "SELECT g.training FROM task_assignments a LEFT JOIN gold_tasks g ON g.id = a.gold_task_id WHERE a.id = $1",
      [offer.assignmentId],
    )
    return rows[0]!.training
  }
  /** Takes a training task of the type and answers it right. */
  const trainRight = async (workerId: string, type: string) => {
    const offer = await app.captchaEngine.workers.trainingClaim(workerId, type)
    expect(offer, "a training task").not.toBeNull()
    const { rows } = await db.query<{ answers: unknown[] }>(
      "SELECT g.answers FROM task_assignments a JOIN gold_tasks g ON g.id = a.gold_task_id WHERE a.id = $1",
      [offer!.assignmentId],
    )
    await app.captchaEngine.workers.answer(workerId, offer!.assignmentId, rows[0]!.answers[0])
  }
  const statusOf = async (workerId: string, type: string) =>
    (await ok<WorkerDetail>(moderator.get(`/api/v2/moderation/workers/${workerId}`))).types.find(
      (row) => row.type === type,
    )?.status

  it("refuses the signed-out (401) and the wrong role (403)", async () => {
    const id = await newWorker()
    const signedOut = testBrowser(app)
    const reads = [
      "/api/v2/moderation/overview",
      "/api/v2/moderation/workers",
      `/api/v2/moderation/workers/${id}`,
      "/api/v2/moderation/gold-tasks",
    ]
    const writes: [string, string, object][] = [
      ["POST", standingUrl(id, "ImageToTextTask", "reinstate"), { reason: "x" }],
      ["POST", standingUrl(id, "ImageToTextTask", "suspend"), { reason: "x" }],
      ["POST", standingUrl(id, "ImageToTextTask", "retrain"), { reason: "x" }],
      ["POST", "/api/v2/moderation/gold-tasks", { task: {}, answers: [{}], training: false }],
      ["PUT", "/api/v2/moderation/gold-tasks/1", { enabled: false }],
    ]
    for (const url of reads) {
      expect((await signedOut.get(url)).statusCode, url).toBe(401)
      expect((await workerBrowser.get(url)).statusCode, url).toBe(403)
    }
    for (const [method, url, body] of writes) {
      expect((await signedOut.send(method as "POST", url, body)).statusCode, url).toBe(401)
      expect((await workerBrowser.send(method as "POST", url, body)).statusCode, url).toBe(403)
    }
    // The moderation home is moderators' only (spec §6); standing and check tasks are open to administrators.
    expect((await admin.get("/api/v2/moderation/overview")).statusCode).toBe(403)
    expect((await admin.get("/api/v2/moderation/workers")).statusCode).toBe(200)
    expect((await admin.get("/api/v2/moderation/gold-tasks")).statusCode).toBe(200)
    expect(await auditRows("worker_skill.suspend", `${id}:ImageToTextTask`)).toEqual([])
  })

  it("suspends with a reason, lists the suspension, and a lifted suspension lets the worker claim at once", async () => {
    const id = await newWorker()
    const before = await ok<ModerationOverview>(moderator.get("/api/v2/moderation/overview"))

    const suspended = await ok<WorkerTypeStanding>(
      moderator.post(standingUrl(id, "ImageToTextTask", "suspend"), { reason: "Copies answers from a bot" }),
    )
    expect(suspended).toMatchObject({
      workerId: id,
      type: "ImageToTextTask",
      status: "suspended",
      suspension: { cause: "moderator", reason: "Copies answers from a bot" },
    })
    expect(await auditRows("worker_skill.suspend", `${id}:ImageToTextTask`)).toEqual([
      {
        actor_role: "moderator",
        reason: "Copies answers from a bot",
        details: { type: "ImageToTextTask", from: "active", to: "suspended" },
      },
    ])
    const again = await moderator.post(standingUrl(id, "ImageToTextTask", "suspend"), { reason: "twice" })
    expect(again.statusCode).toBe(409)
    expect(again.json().error.code).toBe("ALREADY_SUSPENDED")

    const after = await ok<ModerationOverview>(moderator.get("/api/v2/moderation/overview"))
    expect(after.suspendedWorkers).toBe(before.suspendedWorkers + 1)
    expect(after.manualDomains === null || typeof after.manualDomains === "number").toBe(true)

    // Listed among the suspended of the type, and found by e-mail.
    const list = await ok<Page<WorkerTypeStanding>>(
      moderator.get(
        `/api/v2/moderation/workers?status=suspended&type=ImageToTextTask&q=mod-worker${workers}@`,
      ),
    )
    expect(list.items.map((row) => [row.workerId, row.status])).toEqual([[id, "suspended"]])

    // A customer's task waits; the suspended worker is not offered it.
    const { id: taskId } = await app.captchaEngine.submit(customer, imageTask(), {
      api: "v2",
      ip: "127.0.0.1",
    })
    expect(await claim(id, "ImageToTextTask")).toBeNull()

    const lifted = await ok<WorkerTypeStanding>(
      moderator.post(standingUrl(id, "ImageToTextTask", "reinstate"), { reason: "Appeal accepted" }),
    )
    expect(lifted).toMatchObject({ status: "active", suspension: null })
    expect(lifted.reinstatedAt).not.toBeNull()
    const offer = await claim(id, "ImageToTextTask")
    expect(offer).not.toBeNull()
    expect(await isTraining(offer!)).toBeNull()
    await app.captchaEngine.workers.answer(id, offer!.assignmentId, { text: "abc" })
    expect(await app.captchaEngine.result(customer, taskId)).toMatchObject({ state: "ready" })
    expect(await auditRows("worker_skill.reinstate", `${id}:ImageToTextTask`)).toMatchObject([
      { actor_role: "moderator", reason: "Appeal accepted", details: { from: "suspended", to: "active" } },
    ])
    const notSuspended = await moderator.post(standingUrl(id, "ImageToTextTask", "reinstate"), {
      reason: "x",
    })
    expect(notSuspended.statusCode).toBe(409)
    expect(notSuspended.json().error.code).toBe("NOT_SUSPENDED")

    // The worker's page lists both decisions, newest first.
    const detail = await ok<WorkerDetail>(moderator.get(`/api/v2/moderation/workers/${id}`))
    expect(detail.history.map((event) => [event.action, event.reason])).toEqual([
      ["worker_skill.reinstate", "Appeal accepted"],
      ["worker_skill.suspend", "Copies answers from a bot"],
    ])
  })

  it("sends a trained worker back to training: only answers from then on count", async () => {
    const id = await newWorker(false)
    for (let n = 0; n < 5; n++) await trainRight(id, "ImageToTextTask")
    expect(await statusOf(id, "ImageToTextTask")).toBe("active")

    const sent = await ok<WorkerTypeStanding>(
      moderator.post(standingUrl(id, "ImageToTextTask", "retrain"), { reason: "Many wrong answers lately" }),
    )
    expect(sent).toMatchObject({ status: "training", note: "Many wrong answers lately" })
    expect(await auditRows("worker_skill.retrain", `${id}:ImageToTextTask`)).toMatchObject([
      { reason: "Many wrong answers lately", details: { from: "active", to: "training" } },
    ])
    // Real work of the type is closed; the stream offers training tasks again, also those answered right before.
    await app.captchaEngine.submit(customer, imageTask(), { api: "v2", ip: "127.0.0.1" })
    const offered = await claim(id, "ImageToTextTask")
    expect(offered).not.toBeNull()
    expect(await isTraining(offered!)).toBe(true)
    await app.captchaEngine.workers.skip(id, offered!.assignmentId, "skip")

    // The five right answers before do not count: one more right answer leaves the type in training.
    await trainRight(id, "ImageToTextTask")
    expect(await statusOf(id, "ImageToTextTask")).toBe("training")
    for (let n = 0; n < 4; n++) await trainRight(id, "ImageToTextTask")
    expect(await statusOf(id, "ImageToTextTask")).toBe("active")

    const twice = await moderator.post(standingUrl(id, "GridTask", "retrain"), { reason: "a" })
    expect(twice.statusCode).toBe(409)
    expect(twice.json().error.code).toBe("ALREADY_TRAINING")
    const unknown = await moderator.post(standingUrl(id, "NoSuchTask", "retrain"), { reason: "a" })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().error.code).toBe("UNKNOWN_TYPE")
    const nobody = await moderator.post(standingUrl("999999999", "ImageToTextTask", "suspend"), {
      reason: "a",
    })
    expect(nobody.statusCode).toBe(404)
    expect(nobody.json().error.code).toBe("WORKER_NOT_FOUND")
    const noReason = await moderator.post(standingUrl(id, "ImageToTextTask", "suspend"), { reason: "  " })
    expect(noReason.statusCode).toBe(400)
  })

  it("filters standings below the bar", async () => {
    const id = await newWorker()
    await db.query(
      `INSERT INTO worker_accuracy (worker_id, type, language, answered, gold_correct, gold_wrong)
       VALUES ($1, 'GridTask', '', 20, 2, 3)`,
      [id],
    )
    const low = await ok<Page<WorkerTypeStanding>>(
      admin.get(`/api/v2/moderation/workers?lowAccuracy=true&type=GridTask&q=${id}`),
    )
    expect(low.items).toHaveLength(1)
    expect(low.items[0]).toMatchObject({
      workerId: id,
      lowAccuracy: true,
      goldAccuracy: 0.4,
      current: { answered: 20, goldCorrect: 2, goldWrong: 3 },
    })
    const fine = await ok<Page<WorkerTypeStanding>>(
      admin.get(`/api/v2/moderation/workers?lowAccuracy=true&type=ImageToTextTask&q=${id}`),
    )
    expect(fine.items).toEqual([])
  })

  it("creates a gold task with the check tasks' validation, disables it and makes it a training task", async () => {
    const invalid = await moderator.post("/api/v2/moderation/gold-tasks", {
      task: { type: "ImageToTextTask" },
      answers: [{ text: "x" }],
      training: false,
    })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().error.code).toBe("GOLD_TASK_INVALID")

    const created = await ok<ModerationGoldTask>(
      moderator.post("/api/v2/moderation/gold-tasks", {
        task: { type: "ImageToTextTask", body: PNG.toString("base64"), comment: "Type the letters" },
        answers: [{ text: "k4pz" }],
        training: false,
        reason: "More checks for text",
      }),
      201,
    )
    expect(created).toMatchObject({
      type: "ImageToTextTask",
      training: false,
      enabled: true,
      given: 0,
      correct: 0,
      comment: "Type the letters",
    })
    expect(created.picture).toMatch(/^data:image\/png;base64,/)
    expect(await auditRows("gold_task.create", created.id)).toMatchObject([
      { actor_role: "moderator", reason: "More checks for text", details: { type: "ImageToTextTask" } },
    ])

    const listed = await ok<Page<ModerationGoldTask> & { types: { type: string; gold: number }[] }>(
      moderator.get("/api/v2/moderation/gold-tasks?type=ImageToTextTask&kind=gold"),
    )
    expect(listed.items[0]!.id).toBe(created.id)
    expect(listed.items.every((task) => !task.training && task.type === "ImageToTextTask")).toBe(true)
    const before = listed.types.find((row) => row.type === "ImageToTextTask")!.gold

    const disabled = await ok<ModerationGoldTask>(
      moderator.send("PUT", `/api/v2/moderation/gold-tasks/${created.id}`, { enabled: false }),
    )
    expect(disabled).toMatchObject({ enabled: false, training: false })
    const after = await ok<{ types: { type: string; gold: number }[] }>(
      moderator.get("/api/v2/moderation/gold-tasks"),
    )
    expect(after.types.find((row) => row.type === "ImageToTextTask")!.gold).toBe(before - 1)
    const training = await ok<ModerationGoldTask>(
      admin.send("PUT", `/api/v2/moderation/gold-tasks/${created.id}`, { training: true, enabled: true }),
    )
    expect(training).toMatchObject({ enabled: true, training: true })
    expect(await auditRows("gold_task.disable", created.id)).toHaveLength(1)
    expect(await auditRows("gold_task.update", created.id)).toMatchObject([
      {
        actor_role: "admin",
        details: { before: { enabled: false, training: false }, after: { enabled: true, training: true } },
      },
    ])
    const missing = await moderator.send("PUT", "/api/v2/moderation/gold-tasks/999999999", {
      enabled: false,
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().error.code).toBe("GOLD_TASK_NOT_FOUND")
  })

  it("audits the older check-task and reinstate endpoints too", async () => {
    const id = await newWorker()
    await moderator.post(standingUrl(id, "GridTask", "suspend"), { reason: "test" })
    const lifted = await admin.post(`/api/v2/admin/workers/${id}/types/GridTask/reinstate`)
    expect(lifted.statusCode, lifted.body).toBe(200)
    expect(await auditRows("worker_skill.reinstate", `${id}:GridTask`)).toMatchObject([
      { actor_role: "admin" },
    ])
  })
})

import { randomBytes } from "node:crypto"
import Fastify, { type FastifyInstance } from "fastify"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { loadConfig } from "../src/config"
import type { Database } from "../src/db/database"
import { installErrorHandler } from "../src/http/errors"
import { LimitStore } from "../src/modules/limits/store"
import { customerApiRoutes } from "../src/modules/captcha/customer-routes"
import type { Offer } from "@manyhands/contract/worker"
import {
  giveApiKey,
  pngImage,
  userId,
  takeOffer as takeOfferFrom,
  solveImage as solveImageAs,
} from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const newKey = () => randomBytes(16).toString("hex")
type Answer = Record<string, unknown> & { errorId: number }

describe.each(engines)("API v2 on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let logs: string[]
  let stop: () => Promise<void>
  let workerId: string
  let customerId: string
  const customerKey = newKey()
  const otherKey = newKey()
  const brokeKey = newKey()

  /** A v2 call: POST with a JSON body; every processed call is HTTP 200. */
  async function call(
    method: string,
    body: Record<string, unknown>,
    options: { remoteAddress?: string; server?: FastifyInstance; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const response = await (options.server ?? app).inject({
      method: "POST",
      url: `/${method}`,
      payload: body,
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers["content-type"]).toMatch(/^application\/json/)
    return response.json<Answer>()
  }
  const error = (errorId: number, errorCode: string) => ({
    errorId,
    errorCode,
    errorDescription: expect.any(String),
  })

  const imageTask = (image = pngImage()) => ({ type: "ImageToTextTask", body: image.toString("base64") })
  const createImage = async (key = customerKey, image = pngImage(), extra: Record<string, unknown> = {}) => {
    const answer = await call("createTask", { clientKey: key, task: imageTask(image), ...extra })
    expect(answer).toEqual({ errorId: 0, taskId: expect.any(Number) })
    return { taskId: answer.taskId as number, image }
  }

  const takeOffer = (match: (offer: Offer) => boolean, types?: string[]) =>
    takeOfferFrom(app.captchaEngine, workerId, match, types)
  const solveImage = (image: Buffer, answer: string) =>
    solveImageAs(app.captchaEngine, workerId, image, answer)
  const balance = async (key = customerKey) =>
    (await call("getBalance", { clientKey: key })).balance as number
  const micro = (amount: number) => Math.round(amount * 1e6)
  const rating = async (type = "ImageToTextTask") =>
    (
      await db.query<{ rating: number }>(
        "SELECT rating FROM worker_skills WHERE worker_id = $1 AND type = $2",
        [workerId, type],
      )
    ).rows[0]?.rating

  beforeAll(async () => {
    ;({ app, db, logs, stop } = await startTestApp(engine))
    await db.query("UPDATE gold_tasks SET enabled = false")
    workerId = await userId(db, "worker@demo.manyhands.dev")
    customerId = await userId(db, "customer@demo.manyhands.dev")
    await giveApiKey(db, "customer@demo.manyhands.dev", customerKey)
    await giveApiKey(db, "developer@demo.manyhands.dev", otherKey)
    await giveApiKey(db, "admin@demo.manyhands.dev", brokeKey)
  })
  afterAll(() => stop())

  it("creates a task, says processing until a worker answers, then gives the solution, cost and times", async () => {
    const before = await balance()
    const started = Math.floor(Date.now() / 1000)
    const { taskId, image } = await createImage()
    expect(micro(before - (await balance()))).toBe(500)
    expect(await call("getTaskResult", { clientKey: customerKey, taskId })).toEqual({
      errorId: 0,
      status: "processing",
    })
    await solveImage(image, "v2word")
    const result = await call("getTaskResult", { clientKey: customerKey, taskId: String(taskId) })
    expect(result).toEqual({
      errorId: 0,
      status: "ready",
      solution: { text: "v2word" },
      cost: "0.00050",
      ip: "127.0.0.1",
      createTime: expect.any(Number),
      endTime: expect.any(Number),
      solveCount: 1,
    })
    expect(result.createTime).toBeGreaterThanOrEqual(started)
    expect(result.endTime).toBeGreaterThanOrEqual(result.createTime as number)
    expect(micro(before - (await balance()))).toBe(500)
  })

  it("takes Anti-Captcha's ImageToCoordinatesTask: points as coordinates, rectangles as bounding boxes (§2.7)", async () => {
    const create = async (task: Record<string, unknown>) =>
      call("createTask", { clientKey: customerKey, task: { type: "ImageToCoordinatesTask", ...task } })
    const solve = async (taskId: unknown, type: string, solution: unknown) => {
      const offer = await takeOffer((candidate) => candidate.type === type, [type])
      await app.captchaEngine.workers.answer(workerId, offer.assignmentId, solution)
      const result = await call("getTaskResult", { clientKey: customerKey, taskId })
      expect(result).toMatchObject({ errorId: 0, status: "ready" })
      return { offer, solution: result.solution }
    }

    // mode "points" (the default): a coordinates task of at most 6 points, answered as [x, y] pairs.
    const image = pngImage(120, 40).toString("base64")
    const points = await create({ body: image, comment: "Click the cats", websiteURL: "https://example.com" })
    expect(points).toEqual({ errorId: 0, taskId: expect.any(Number) })
    const pointed = await solve(points.taskId, "CoordinatesTask", {
      coordinates: [
        { x: 17, y: 48 },
        { x: 76, y: 93 },
      ],
    })
    expect(pointed.offer.params).toMatchObject({ comment: "Click the cats", maxClicks: 6, mode: "points" })
    expect(pointed.offer.files).toContainEqual(expect.objectContaining({ name: "body", data: image }))
    expect(pointed.solution).toEqual({
      coordinates: [
        [17, 48],
        [76, 93],
      ],
    })

    // mode "rectangles": a bounding-box task, answered as [x1, y1, x2, y2] from top left to bottom right.
    const rectangles = await create({ body: image, comment: "Box the cats", mode: "rectangles" })
    expect(rectangles).toEqual({ errorId: 0, taskId: expect.any(Number) })
    const boxed = await solve(rectangles.taskId, "BoundingBoxTask", {
      bounding_boxes: [{ xMin: 17, xMax: 54, yMin: 48, yMax: 83 }],
    })
    expect(boxed.offer.params).toMatchObject({ comment: "Box the cats", mode: "rectangles" })
    expect(boxed.solution).toEqual({ coordinates: [[17, 48, 54, 83]] })

    // What the type itself requires, and an unknown mode.
    expect(await create({ comment: "no picture" })).toEqual(error(3, "ERROR_ZERO_CAPTCHA_FILESIZE"))
    const unknownMode = await create({ body: image, mode: "circles" })
    expect(unknownMode).toEqual(error(110, "ERROR_BAD_PARAMETERS"))
    expect(unknownMode.errorDescription).toMatch(/mode must be "points" or "rectangles"/)
    expect((await create({ body: image, mode: "rectangles" })).errorDescription).toMatch(/comment/)
  })

  it("solves a token task with its v2 solution", async () => {
    const websiteURL = `https://example.com/${randomBytes(4).toString("hex")}`
    const created = await call("createTask", {
      clientKey: customerKey,
      task: {
        type: "RecaptchaV2TaskProxyless",
        websiteURL,
        websiteKey: "6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-",
      },
    })
    expect(created.errorId).toBe(0)
    const offer = await takeOffer(
      (candidate) => candidate.params.websiteURL === websiteURL,
      ["RecaptchaV2Task"],
    )
    await app.captchaEngine.workers.answer(workerId, offer.assignmentId, { gRecaptchaResponse: "03AGdBq2" })
    const result = await call("getTaskResult", { clientKey: customerKey, taskId: created.taskId })
    expect(result).toMatchObject({
      status: "ready",
      solution: { gRecaptchaResponse: "03AGdBq2" },
      cost: "0.00299",
    })
  })

  it("stores softId, languagePool and a registered callbackUrl, and refuses an unregistered one", async () => {
    const callbackUrl = "http://127.0.0.1:9/v2-done"
    const unregistered = await call("createTask", {
      clientKey: customerKey,
      task: imageTask(),
      callbackUrl,
    })
    expect(unregistered).toEqual(error(110, "ERROR_BAD_PARAMETERS"))
    expect(unregistered.errorDescription).toMatch(/pingback address is not registered/)
    const registered = await app.inject({
      method: "GET",
      url: `/res.php?key=${customerKey}&action=add_pingback&addr=${encodeURIComponent(callbackUrl)}`,
    })
    expect(registered.body).toBe("OK")
    const { taskId } = await createImage(customerKey, pngImage(), {
      callbackUrl,
      softId: 3898,
      languagePool: "ru",
    })
    const { rows } = await db.query<{ soft_id: number; language: string; pingback_url: string; api: string }>(
      "SELECT soft_id, language, pingback_url, api FROM captcha_tasks WHERE id = $1",
      [taskId],
    )
    expect(rows[0]).toEqual({ soft_id: 3898, language: "ru", pingback_url: callbackUrl, api: "v2" })
    await app.inject({ method: "GET", url: `/res.php?key=${customerKey}&action=del_pingback&addr=all` })
  })

  it("answers the documented error ids for keys, money and tasks", async () => {
    expect(await call("getBalance", {})).toEqual(error(1, "ERROR_KEY_DOES_NOT_EXIST"))
    expect(await call("getBalance", { clientKey: newKey() }, { remoteAddress: "10.0.0.8" })).toEqual(
      error(1, "ERROR_KEY_DOES_NOT_EXIST"),
    )
    expect(await call("createTask", { clientKey: brokeKey, task: imageTask() })).toEqual(
      error(10, "ERROR_ZERO_BALANCE"),
    )
    expect(await call("createTask", { clientKey: customerKey })).toEqual(error(22, "ERROR_TASK_ABSENT"))
    expect(await call("createTask", { clientKey: customerKey, task: { type: "FlyingTask" } })).toEqual(
      error(23, "ERROR_TASK_NOT_SUPPORTED"),
    )
    expect(
      await call("createTask", {
        clientKey: customerKey,
        task: { type: "RecaptchaV2TaskProxyless", websiteKey: "6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-" },
      }),
    ).toEqual(error(5, "ERROR_PAGEURL"))
    expect(
      await call("createTask", { clientKey: customerKey, task: { type: "ImageToTextTask", body: "AAAA" } }),
    ).toEqual(error(3, "ERROR_ZERO_CAPTCHA_FILESIZE"))
    await db.query("UPDATE users SET api_allowed_ips = '{10.1.2.3}' WHERE id = $1", [customerId])
    try {
      expect(await call("getBalance", { clientKey: customerKey })).toEqual(error(11, "ERROR_IP_NOT_ALLOWED"))
      expect(
        (await call("getBalance", { clientKey: customerKey }, { remoteAddress: "10.1.2.3" })).errorId,
      ).toBe(0)
    } finally {
      await db.query("UPDATE users SET api_allowed_ips = '{}' WHERE id = $1", [customerId])
    }
  })

  it("answers unknown, malformed and foreign task ids with ERROR_NO_SUCH_CAPCHA_ID", async () => {
    const foreign = await createImage(otherKey)
    for (const taskId of [999999999, "12ab", undefined, foreign.taskId])
      expect(await call("getTaskResult", { clientKey: customerKey, taskId })).toEqual(
        error(16, "ERROR_NO_SUCH_CAPCHA_ID"),
      )
    expect((await call("getTaskResult", { clientKey: otherKey, taskId: foreign.taskId })).status).toBe(
      "processing",
    )
  })

  it("ends a task past its deadline with ERROR_CAPTCHA_UNSOLVABLE and gives the hold back", async () => {
    const before = await balance()
    const { taskId } = await createImage()
    await db.query("UPDATE captcha_tasks SET deadline_at = now() - interval '1 second' WHERE id = $1", [
      taskId,
    ])
    expect(await call("getTaskResult", { clientKey: customerKey, taskId })).toEqual(
      error(12, "ERROR_CAPTCHA_UNSOLVABLE"),
    )
    expect(await balance()).toBe(before)
  })

  it("takes reports once and within 15 minutes, under every alias", async () => {
    const good = await createImage()
    await solveImage(good.image, "good")
    expect(await call("reportCorrect", { clientKey: customerKey, taskId: good.taskId })).toEqual({
      errorId: 0,
      status: "success",
    })
    // A repeated report of the same verdict: success again (§2.5 has no duplicate code), nothing more done.
    const rated = [await rating(), await balance()]
    for (const method of ["reportCorrectRecaptcha", "reportCorrect"])
      expect(await call(method, { clientKey: customerKey, taskId: good.taskId })).toEqual({
        errorId: 0,
        status: "success",
      })
    expect([await rating(), await balance()]).toEqual(rated)
    // The other verdict is refused with a description that says why, and changes nothing.
    const turned = await call("reportIncorrect", { clientKey: customerKey, taskId: good.taskId })
    expect(turned).toEqual(error(110, "ERROR_BAD_PARAMETERS"))
    expect(turned.errorDescription).toBe(
      "This task was already reported as correct; a report cannot be changed (ERROR_REPORT_NOT_RECORDED).",
    )
    expect([await rating(), await balance()]).toEqual(rated)

    for (const method of ["reportIncorrect", "reportIncorrectImageCaptcha", "reportIncorrectRecaptcha"]) {
      const bad = await createImage()
      await solveImage(bad.image, "bad")
      const charged = await balance()
      expect(await call(method, { clientKey: customerKey, taskId: bad.taskId })).toEqual({
        errorId: 0,
        status: "success",
      })
      expect(micro((await balance()) - charged)).toBe(500)
      const refunded = [await rating(), await balance()]
      for (const again of ["reportIncorrect", "reportIncorrectImageCaptcha", "reportIncorrectRecaptcha"])
        expect(await call(again, { clientKey: customerKey, taskId: bad.taskId })).toEqual({
          errorId: 0,
          status: "success",
        })
      const turnedBack = await call("reportCorrect", { clientKey: customerKey, taskId: bad.taskId })
      expect(turnedBack).toEqual(error(110, "ERROR_BAD_PARAMETERS"))
      expect(turnedBack.errorDescription).toMatch(/already reported as wrong/)
      expect(turnedBack.errorDescription).not.toMatch(/field/)
      // No second refund, no second change of the worker's rating.
      expect([await rating(), await balance()]).toEqual(refunded)
    }

    const late = await createImage()
    await solveImage(late.image, "late")
    await db.query("UPDATE captcha_tasks SET created_at = now() - interval '16 minutes' WHERE id = $1", [
      late.taskId,
    ])
    const refused = await call("reportIncorrect", { clientKey: customerKey, taskId: late.taskId })
    expect(refused.errorId).toBe(110)
    expect(refused.errorDescription).toMatch(/15 minutes/)
    expect(refused.errorDescription).not.toMatch(/field/)
  })

  it("answers unknown methods with ERROR_NO_SUCH_METHOD without taking page addresses", async () => {
    expect(await call("createTaskk", { clientKey: customerKey })).toEqual(error(14, "ERROR_NO_SUCH_METHOD"))
    const notMethod = await app.inject({ method: "POST", url: "/no.such.thing", payload: {} })
    expect(notMethod.statusCode).toBe(404)
    const page = await app.inject({ method: "GET", url: "/createTask" })
    expect(page.statusCode).toBe(404)
    expect(page.json()).toMatchObject({ error: { code: "NOT_FOUND" } })
    const site = await app.inject({ method: "POST", url: "/api/v1/no-such-endpoint", payload: {} })
    expect(site.statusCode).toBe(404)
  })

  it("reads bodies without a JSON content type, refuses malformed ones with HTTP 200, and echoes in test", async () => {
    const plain = await app.inject({
      method: "POST",
      url: "/getBalance",
      headers: { "content-type": "text/plain" },
      payload: JSON.stringify({ clientKey: customerKey }),
    })
    expect(plain.json()).toMatchObject({ errorId: 0, balance: expect.any(Number) })
    const malformed = await app.inject({
      method: "POST",
      url: "/createTask",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    })
    expect([malformed.statusCode, malformed.json().errorId]).toEqual([200, 110])
    const echo = await call("test", { clientKey: customerKey, task: { type: "ImageToTextTask" }, softId: 1 })
    expect(echo).toMatchObject({
      errorId: 0,
      parsed: { clientKey: "[redacted]", task: { type: "ImageToTextTask" }, softId: 1 },
    })
  })

  it("takes the key from an Authorization header, and never writes it to the log", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/getBalance",
      headers: { authorization: `Bearer ${customerKey}` },
      payload: {},
    })
    expect(response.json()).toMatchObject({ errorId: 0 })
    expect(logs.join("")).toContain("/getBalance")
    expect(logs.join("")).not.toContain(customerKey)
  })

  describe("idempotency keys (our addition to the protocol)", () => {
    const idemKey = () => `v2-${randomBytes(6).toString("hex")}`
    const tasksOf = async (user: string) =>
      (
        await db.query<{ n: number }>("SELECT count(*)::int AS n FROM captcha_tasks WHERE customer_id = $1", [
          user,
        ])
      ).rows[0]!.n

    it("answers a retry with the first taskId: one task, the price held once (header or idempotencyKey)", async () => {
      const task = imageTask()
      const key = idemKey()
      const [tasksBefore, balanceBefore] = [await tasksOf(customerId), await balance()]
      const first = await call(
        "createTask",
        { clientKey: customerKey, task },
        { headers: { "idempotency-key": key } },
      )
      expect(first).toEqual({ errorId: 0, taskId: expect.any(Number) })
      expect(await call("createTask", { clientKey: customerKey, task, idempotencyKey: key })).toEqual(first)
      const concurrent = await Promise.all(
        Array.from({ length: 6 }, () =>
          call("createTask", { clientKey: customerKey, task, idempotencyKey: key }),
        ),
      )
      expect(concurrent).toEqual(Array.from({ length: 6 }, () => first))
      expect(await tasksOf(customerId)).toBe(tasksBefore + 1)
      expect(micro(balanceBefore - (await balance()))).toBe(500)
    })

    it("answers concurrent first submissions with one task", async () => {
      const task = imageTask()
      const key = idemKey()
      const tasksBefore = await tasksOf(customerId)
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          call("createTask", { clientKey: customerKey, task, idempotencyKey: key }),
        ),
      )
      expect(answers[0]).toEqual({ errorId: 0, taskId: expect.any(Number) })
      expect(answers).toEqual(Array.from({ length: 8 }, () => answers[0]))
      expect(await tasksOf(customerId)).toBe(tasksBefore + 1)
    })

    it("keeps the keys of different customers apart", async () => {
      const key = idemKey()
      const task = imageTask()
      const mine = await call("createTask", { clientKey: customerKey, task, idempotencyKey: key })
      const theirs = await call("createTask", { clientKey: otherKey, task, idempotencyKey: key })
      expect([mine.errorId, theirs.errorId]).toEqual([0, 0])
      expect(theirs.taskId).not.toBe(mine.taskId)
    })

    it("refuses the same key with another task, and malformed keys, with errorId 110 ERROR_BAD_PARAMETERS", async () => {
      const key = idemKey()
      expect(
        (await call("createTask", { clientKey: customerKey, task: imageTask(), idempotencyKey: key }))
          .errorId,
      ).toBe(0)
      const tasksBefore = await tasksOf(customerId)
      const reused = await call("createTask", {
        clientKey: customerKey,
        task: imageTask(),
        idempotencyKey: key,
      })
      expect(reused).toEqual(error(110, "ERROR_BAD_PARAMETERS"))
      expect(reused.errorDescription).toMatch(/already used for a task with other parameters/)
      for (const bad of [42, { key }, ["a"], true, "", "x".repeat(256), "with space", "ünï"]) {
        const answer = await call("createTask", {
          clientKey: customerKey,
          task: imageTask(),
          idempotencyKey: bad,
        })
        // An empty string is no key at all.
        if (bad === "") expect(answer.errorId).toBe(0)
        else expect(answer).toEqual(error(110, "ERROR_BAD_PARAMETERS"))
      }
      const differ = await call(
        "createTask",
        { clientKey: customerKey, task: imageTask(), idempotencyKey: idemKey() },
        { headers: { "idempotency-key": idemKey() } },
      )
      expect(differ).toEqual(error(110, "ERROR_BAD_PARAMETERS"))
      expect(await tasksOf(customerId)).toBe(tasksBefore + 1)
      // Other unknown fields are still ignored, as before.
      expect(
        (await call("createTask", { clientKey: customerKey, task: imageTask(), idempotency: 1 })).errorId,
      ).toBe(0)
    })
  })

  describe("timing rules (small thresholds, a fresh server on the same engine for every test)", () => {
    let limited: FastifyInstance

    beforeEach(async () => {
      limited = Fastify()
      installErrorHandler(limited)
      await limited.register(customerApiRoutes, {
        engine: app.captchaEngine,
        db,
        config: loadConfig({ NODE_ENV: "test" }),
        limits: await LimitStore.open({}),
        abuseLimits: { turnSubmissions: 2, refusals: 2, badKeys: 2, pollBase: 3, pollPerTask: 1 },
      })
    })
    afterEach(() => limited.close())

    it("blocks a key that submits too fast, and one that polls too much", async () => {
      const task = { type: "ImageToTextTask", body: "@@@@" }
      const submissions = []
      for (let i = 0; i < 3; i++)
        submissions.push(
          (await call("createTask", { clientKey: customerKey, task }, { server: limited })).errorId,
        )
      expect(submissions).toEqual([15, 15, 55])
      const polls: Answer[] = []
      for (let i = 0; i < 5; i++)
        polls.push(await call("getBalance", { clientKey: customerKey }, { server: limited }))
      expect(polls.map((answer) => answer.errorId)).toEqual([0, 0, 0, 55, 55])
      // The block is on the account (ERROR: 1005), not on the caller's IP address, and it ends.
      expect(polls[3]).toEqual(error(55, "ERROR_ACCOUNT_SUSPENDED"))
      expect(polls[3]!.errorDescription).toMatch(
        /^This account \(API key\) is suspended for a while\. \(Too many result requests .*: polling is suspended until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z, in \d+ s; ERROR: 1005\)$/,
      )
      expect(polls[3]!.errorDescription).not.toMatch(/IP/)
    })

    it("suspends the account, not the IP address, after repeated ERROR_ZERO_BALANCE (ERROR: 1002)", async () => {
      const task = () => ({ type: "ImageToTextTask", body: pngImage().toString("base64") })
      for (let i = 0; i < 2; i++)
        expect(
          (await call("createTask", { clientKey: brokeKey, task: task() }, { server: limited })).errorId,
        ).toBe(10)
      const suspended = await call("createTask", { clientKey: brokeKey, task: task() }, { server: limited })
      expect(suspended).toEqual(error(55, "ERROR_ACCOUNT_SUSPENDED"))
      expect(suspended.errorDescription).toMatch(
        /^This account \(API key\) is suspended for a while\. \(Too many ERROR_ZERO_BALANCE answers: submissions are suspended until \d{4}-.*Z, in \d+ s; ERROR: 1002\)$/,
      )
    })

    it("bans an IP that tries non-existent keys", async () => {
      const ip = "10.40.50.60"
      for (let i = 0; i < 2; i++)
        expect(
          (await call("getBalance", { clientKey: newKey() }, { server: limited, remoteAddress: ip })).errorId,
        ).toBe(1)
      expect(
        await call("getBalance", { clientKey: customerKey }, { server: limited, remoteAddress: ip }),
      ).toEqual(error(21, "ERROR_IP_BLOCKED"))
      expect(
        (await call("getBalance", { clientKey: customerKey }, { server: limited, remoteAddress: ip }))
          .errorDescription,
      ).toMatch(/your IP address: it is blocked until \d{4}-.*Z, in \d+ s; ERROR: 1004\)$/)
    })
  })
})

import Ajv2020 from "ajv/dist/2020.js"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { Database } from "../src/db/database"
import type { ApiClient } from "../src/modules/captcha/engine"
import { demoBySlug, demoOfTask } from "@manyhands/contract/captcha-demo"
import { CABINET_TYPES } from "@manyhands/contract/worker"
import type { NewTask } from "../src/modules/captcha/task-types"
import { testBrowser } from "./browser"
import { giveApiKey, imageTask, newUser, PNG } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const tokenTask: NewTask = {
  type: "RecaptchaV2Task",
  params: { websiteURL: "https://example.com/login", websiteKey: "6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-" },
  files: [],
  language: null,
}

const BASE = "/api/v1/worker"
const key = (n: number) => n.toString(16).padStart(32, "0")
const CUSTOMER_KEY = key(0xc0ffee)
const WORKER_KEYS = [key(0xa1), key(0xa2), key(0xa3)]
const UNKNOWN_KEY = key(0xdead)

const errorOf = (response: LightMyRequestResponse) =>
  (response.json() as { error: { code: string; message: string } }).error

describe.each(engines)("the worker API on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let customer: ApiClient
  let closed = false

  /** A worker's request with their API key (no cookies, so no CSRF token needed). */
  const asWorker = (apiKey: string, method: "GET" | "POST", url: string, payload?: object) =>
    app.inject({
      method,
      url: `${BASE}${url}`,
      headers: { authorization: `Bearer ${apiKey}` },
      ...(payload === undefined ? {} : { payload }),
    })
  const claim = (
    apiKey: string,
    body: { types?: string[]; demoWidgets?: boolean; waitSeconds?: number } = {},
  ) => asWorker(apiKey, "POST", "/claim", body)
  const submit = async (task: NewTask = imageTask()) =>
    (await app.captchaEngine.submit(customer, task, { api: "v2", ip: "127.0.0.1" })).id

  /** Runs the lease and deadline sweep once after this point (a background round may be under way). */
  const sweep = async () => {
    await app.captchaEngine.sweep()
    await app.captchaEngine.sweep()
  }

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    await giveApiKey(db, "customer@demo.manyhands.dev", CUSTOMER_KEY)
    await giveApiKey(db, "worker@demo.manyhands.dev", WORKER_KEYS[0]!)
    for (const [n, workerKey] of WORKER_KEYS.slice(1).entries()) {
      await newUser(db, `worker${n + 2}@example.com`, "worker")
      await giveApiKey(db, `worker${n + 2}@example.com`, workerKey)
    }
    customer = await app.captchaEngine.authenticate(CUSTOMER_KEY, "127.0.0.1")
  })
  afterAll(async () => {
    await stop?.()
  })
  // Each test leaves an empty queue: whatever it left open ends as if its deadline had passed.
  afterEach(async () => {
    if (closed) return
    await db.query("UPDATE captcha_tasks SET deadline_at = now() - interval '1 second' WHERE state = 'open'")
    await sweep()
  })

  it("offers a customer's task to a worker whose answer makes the customer's result ready", async () => {
    const id = await submit()
    const offered = await claim(WORKER_KEYS[0]!)
    expect(offered.statusCode).toBe(200)
    expect(offered.headers["cache-control"]).toBe("no-store")
    expect(offered.headers["x-ratelimit-limit"]).toBe("1200")
    const offer = offered.json()
    expect(offer).toMatchObject({ type: "ImageToTextTask", kind: "image", language: null, params: {} })
    expect(offer.files).toEqual([{ name: "body", mime: "image/png", data: PNG.toString("base64") }])
    expect(new Date(offer.leaseUntil).getTime()).toBeGreaterThan(Date.now())
    expect(await app.captchaEngine.result(customer, id)).toEqual({ state: "processing" })

    const answered = await asWorker(WORKER_KEYS[0]!, "POST", `/assignments/${offer.assignmentId}/answer`, {
      solution: { text: "w9h5k" },
    })
    expect(answered.statusCode).toBe(200)
    // ImageToTextTask costs 500 micro-USD; the worker's share is 60 %.
    expect(answered.json()).toEqual({
      accepted: true,
      earned: 300,
      currency: "USD",
      xp: expect.objectContaining({ capped: false, bonus: 0 }),
    })
    expect(await app.captchaEngine.result(customer, id)).toMatchObject({
      state: "ready",
      solution: { text: "w9h5k" },
      cost: 500,
    })

    const again = await asWorker(WORKER_KEYS[0]!, "POST", `/assignments/${offer.assignmentId}/answer`, {
      solution: "w9h5k",
    })
    expect(again.statusCode).toBe(409)
    expect(errorOf(again).code).toBe("ASSIGNMENT_CLOSED")
  })

  it("settles an answer asking once about the people it pays: referrers, booster and XP counts (issue 27)", async () => {
    await submit()
    const offer = (await claim(WORKER_KEYS[0]!)).json()
    const statements: string[] = []
    const transaction = db.transaction.bind(db)
    const spy = vi.spyOn(db, "transaction").mockImplementation((work) =>
      transaction((tx) =>
        work({
          kept: tx.kept,
          exec: (sql) => tx.exec(sql),
          query: (sql, params) => (statements.push(sql), tx.query(sql, params)),
        }),
      ),
    )
    let answered: LightMyRequestResponse
    try {
      answered = await asWorker(WORKER_KEYS[0]!, "POST", `/assignments/${offer.assignmentId}/answer`, {
        solution: { text: "k4m2p" },
      })
    } finally {
      spy.mockRestore()
    }
    expect(answered.statusCode).toBe(200)
    expect(answered.json()).toMatchObject({ accepted: true, earned: 300 })
    // The statement that locks the assignment and its task reads them; no later one asks again.
    const asking = statements.filter((sql) => /referrer_id|play_boosters|sum\(gold_correct\)/.test(sql))
    expect(asking).toHaveLength(1)
    expect(asking[0]).toMatch(/FROM task_assignments WHERE id = \$1 AND worker_id = \$2 FOR UPDATE/)
  })

  it("refuses answers that do not fit the task and assignments that are not the worker's", async () => {
    await submit(imageTask({ params: { numeric: 1 } }))
    const offer = (await claim(WORKER_KEYS[0]!)).json()
    const letters = await asWorker(WORKER_KEYS[0]!, "POST", `/assignments/${offer.assignmentId}/answer`, {
      solution: { text: "abc" },
    })
    expect(letters.statusCode).toBe(400)
    expect(errorOf(letters)).toEqual({ code: "BAD_ANSWER", message: "the answer must contain digits only" })
    const noSolution = await asWorker(
      WORKER_KEYS[0]!,
      "POST",
      `/assignments/${offer.assignmentId}/answer`,
      {},
    )
    expect(noSolution.statusCode).toBe(400)
    expect(errorOf(noSolution).code).toBe("VALIDATION_FAILED")
    const someoneElse = await asWorker(WORKER_KEYS[1]!, "POST", `/assignments/${offer.assignmentId}/answer`, {
      solution: "123",
    })
    expect(someoneElse.statusCode).toBe(404)
    expect(errorOf(someoneElse).code).toBe("ASSIGNMENT_NOT_FOUND")
    const badId = await asWorker(WORKER_KEYS[0]!, "POST", "/assignments/abc/skip")
    expect(badId.statusCode).toBe(400)
    // The owner's right answer still counts.
    const right = await asWorker(WORKER_KEYS[0]!, "POST", `/assignments/${offer.assignmentId}/answer`, {
      solution: "123",
    })
    expect(right.statusCode).toBe(200)
  })

  it("wakes a waiting long poll as soon as a task is submitted", async () => {
    const waitSeconds = 10
    const started = Date.now()
    const waiting = claim(WORKER_KEYS[0]!, { waitSeconds })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const submittedAt = performance.now()
    const id = await submit()
    const committedAt = performance.now()
    const offered = await waiting
    const deliveredAt = performance.now()
    expect(offered.statusCode).toBe(200)
    const latency = deliveredAt - submittedAt
    console.log(
      `[${engine.name}] long poll: submit→offer ${latency.toFixed(1)} ms (commit→offer ${(deliveredAt - committedAt).toFixed(1)} ms)`,
    )
    // Well before the wait ends, and before the 5 s backstop poll: the signal woke it.
    expect(Date.now() - started).toBeLessThan(2_000)
    const { rows } = await db.query<{ task_id: string }>(
      "SELECT task_id::text FROM task_assignments WHERE id = $1",
      [offered.json().assignmentId],
    )
    expect(rows[0]!.task_id).toBe(id)
  })

  it("answers 204 when nothing came in time, and refuses waits beyond 30 s", async () => {
    const started = Date.now()
    const empty = await claim(WORKER_KEYS[0]!, { waitSeconds: 0.4 })
    expect(empty.statusCode).toBe(204)
    expect(empty.body).toBe("")
    expect(Date.now() - started).toBeGreaterThanOrEqual(380)
    const noBody = await asWorker(WORKER_KEYS[0]!, "POST", "/claim")
    expect(noBody.statusCode).toBe(204)
    const tooLong = await claim(WORKER_KEYS[0]!, { waitSeconds: 31 })
    expect(tooLong.statusCode).toBe(400)
    expect(errorOf(tooLong).code).toBe("VALIDATION_FAILED")
    const unknownType = await claim(WORKER_KEYS[0]!, { types: ["NoSuchTask"] })
    expect(unknownType.statusCode).toBe(400)
    expect(errorOf(unknownType).code).toBe("UNKNOWN_TYPE")
  })

  it("returns a skipped task to the queue, never to the same worker", async () => {
    const id = await submit()
    const first = (await claim(WORKER_KEYS[0]!)).json()
    const skipped = await asWorker(WORKER_KEYS[0]!, "POST", `/assignments/${first.assignmentId}/skip`)
    expect(skipped.statusCode).toBe(204)
    expect((await claim(WORKER_KEYS[0]!)).statusCode).toBe(204)

    const second = await claim(WORKER_KEYS[1]!)
    expect(second.statusCode).toBe(200)
    const { rows } = await db.query<{ worker_id: string; state: string }>(
      "SELECT worker_id::text, state FROM task_assignments WHERE task_id = $1 ORDER BY id",
      [id],
    )
    expect(rows.map((row) => row.state)).toEqual(["skipped", "active"])
    expect(rows[0]!.worker_id).not.toBe(rows[1]!.worker_id)
    const answered = await asWorker(
      WORKER_KEYS[1]!,
      "POST",
      `/assignments/${second.json().assignmentId}/answer`,
      {
        solution: { text: "abc" },
      },
    )
    expect(answered.statusCode).toBe(200)
    expect(await app.captchaEngine.result(customer, id)).toMatchObject({
      state: "ready",
      solution: { text: "abc" },
    })
  })

  it("ends a task two workers call not a captcha", async () => {
    const id = await submit()
    for (const workerKey of WORKER_KEYS.slice(0, 2)) {
      const offer = (await claim(workerKey)).json()
      const reported = await asWorker(workerKey, "POST", `/assignments/${offer.assignmentId}/not-a-captcha`)
      expect(reported.statusCode).toBe(204)
    }
    expect(await app.captchaEngine.result(customer, id)).toEqual({
      state: "failed",
      code: "ERROR_CAPTCHA_UNSOLVABLE",
    })
    expect((await claim(WORKER_KEYS[2]!)).statusCode).toBe(204)
  })

  it("returns a task whose lease ran out to the queue, and renews a lease on heartbeat", async () => {
    const id = await submit()
    const offer = (await claim(WORKER_KEYS[0]!)).json()
    const beat = await asWorker(WORKER_KEYS[0]!, "POST", "/heartbeat", { assignmentId: offer.assignmentId })
    expect(beat.statusCode).toBe(200)
    expect(new Date(beat.json().leaseUntil).getTime()).toBeGreaterThanOrEqual(
      new Date(offer.leaseUntil).getTime(),
    )
    expect((await asWorker(WORKER_KEYS[0]!, "POST", "/heartbeat", {})).json()).toEqual({ leaseUntil: null })

    await db.query("UPDATE task_assignments SET lease_until = now() - interval '1 second' WHERE id = $1", [
      offer.assignmentId,
    ])
    await sweep()
    const late = await asWorker(WORKER_KEYS[0]!, "POST", `/assignments/${offer.assignmentId}/answer`, {
      solution: "late",
    })
    expect(late.statusCode).toBe(409)
    const lateBeat = await asWorker(WORKER_KEYS[0]!, "POST", "/heartbeat", {
      assignmentId: offer.assignmentId,
    })
    expect(lateBeat.statusCode).toBe(409)

    expect((await claim(WORKER_KEYS[0]!)).statusCode).toBe(204)
    const next = await claim(WORKER_KEYS[2]!)
    expect(next.statusCode).toBe(200)
    await asWorker(WORKER_KEYS[2]!, "POST", `/assignments/${next.json().assignmentId}/answer`, {
      solution: "xyz",
    })
    expect(await app.captchaEngine.result(customer, id)).toMatchObject({
      state: "ready",
      solution: { text: "xyz" },
    })
  })

  it("offers the cabinet (demoWidgets) token tasks for our demo widgets' site keys, never other sites'", async () => {
    const demo = demoBySlug("cloudflare-turnstile")!
    const other = await submit({
      type: "TurnstileTask",
      params: { websiteURL: "https://example.com/signup", websiteKey: "0x4AAAAAAAsomeoneelse" },
      files: [],
      language: null,
    })
    const forDemo = await submit({
      type: "TurnstileTask",
      params: { websiteURL: `http://localhost/demo/${demo.slug}`, websiteKey: demo.siteKey! },
      files: [],
      language: null,
    })
    const cabinet = { types: [...CABINET_TYPES], demoWidgets: true }
    const offered = await claim(WORKER_KEYS[1]!, cabinet)
    expect(offered.statusCode).toBe(200)
    expect(offered.json()).toMatchObject({ type: "TurnstileTask", kind: "token" })
    expect(demoOfTask(offered.json().type, offered.json().params)?.slug).toBe(demo.slug)
    // The other site's task stays for worker software that lists the type.
    expect((await claim(WORKER_KEYS[1]!, cabinet)).statusCode).toBe(204)
    expect((await claim(WORKER_KEYS[1]!, { types: ["ImageToTextTask"] })).statusCode).toBe(204)
    const listed = await claim(WORKER_KEYS[2]!, { types: ["TurnstileTask"] })
    expect(listed.json()).toMatchObject({
      type: "TurnstileTask",
      params: { websiteKey: "0x4AAAAAAAsomeoneelse" },
    })
    for (const [workerKey, offer] of [
      [WORKER_KEYS[1]!, offered.json()],
      [WORKER_KEYS[2]!, listed.json()],
    ] as const)
      expect(
        (
          await asWorker(workerKey, "POST", `/assignments/${offer.assignmentId}/answer`, {
            solution: { token: "0.abc", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0" },
          })
        ).statusCode,
      ).toBe(200)
    for (const id of [other, forDemo])
      expect(await app.captchaEngine.result(customer, id)).toMatchObject({ state: "ready" })
  })

  it("offers token tasks only to workers who list their type", async () => {
    const id = await submit(tokenTask)
    expect((await claim(WORKER_KEYS[0]!)).statusCode).toBe(204)
    expect((await claim(WORKER_KEYS[0]!, { types: ["ImageToTextTask", "GridTask"] })).statusCode).toBe(204)
    const offered = await claim(WORKER_KEYS[0]!, { types: ["RecaptchaV2Task"] })
    expect(offered.statusCode).toBe(200)
    const offer = offered.json()
    expect(offer).toMatchObject({
      type: "RecaptchaV2Task",
      kind: "token",
      params: tokenTask.params,
      files: [],
    })
    const answered = await asWorker(WORKER_KEYS[0]!, "POST", `/assignments/${offer.assignmentId}/answer`, {
      solution: { gRecaptchaResponse: "03AGdBq24PBCbwiDRaS_MJ7Z" },
    })
    expect(answered.statusCode).toBe(200)
    expect(await app.captchaEngine.result(customer, id)).toMatchObject({
      state: "ready",
      solution: { gRecaptchaResponse: "03AGdBq24PBCbwiDRaS_MJ7Z" },
    })
  })

  it("serves workers only, and says how to authenticate", async () => {
    const none = await app.inject({ method: "GET", url: `${BASE}/stats` })
    expect(none.statusCode).toBe(401)
    expect(errorOf(none).code).toBe("NOT_AUTHENTICATED")
    expect(none.headers["www-authenticate"]).toBe('Bearer realm="manyhands-worker"')

    for (const authorization of [`Bearer ${UNKNOWN_KEY}`, "Bearer not-a-key", `Bearer ${CUSTOMER_KEY}x`]) {
      const bad = await app.inject({
        method: "POST",
        url: `${BASE}/claim`,
        headers: { authorization },
        payload: {},
      })
      expect(bad.statusCode).toBe(401)
      expect(errorOf(bad).code).toBe("INVALID_API_KEY")
      expect(bad.headers["www-authenticate"]).toBe('Bearer realm="manyhands-worker", error="invalid_token"')
    }
    const basic = await app.inject({
      method: "GET",
      url: `${BASE}/stats`,
      headers: { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` },
    })
    expect(basic.statusCode).toBe(401)

    const customerKey = await claim(CUSTOMER_KEY)
    expect(customerKey.statusCode).toBe(403)
    expect(errorOf(customerKey).code).toBe("NOT_A_WORKER")
    const customerBrowser = testBrowser(app)
    await customerBrowser.signIn("customer@demo.manyhands.dev")
    const customerSession = await customerBrowser.post(`${BASE}/claim`, {})
    expect(customerSession.statusCode).toBe(403)
    expect(errorOf(customerSession).code).toBe("NOT_A_WORKER")

    // The key's IP allow-list holds for the worker API too.
    await db.query("UPDATE users SET api_allowed_ips = '{10.1.2.3}' WHERE email = 'worker3@example.com'")
    const elsewhere = await asWorker(WORKER_KEYS[2]!, "GET", "/stats")
    expect(elsewhere.statusCode).toBe(403)
    expect(errorOf(elsewhere).code).toBe("IP_NOT_ALLOWED")
    const allowed = await app.inject({
      method: "GET",
      url: `${BASE}/stats`,
      remoteAddress: "10.1.2.3",
      headers: { authorization: `Bearer ${WORKER_KEYS[2]}` },
    })
    expect(allowed.statusCode).toBe(200)
    await db.query("UPDATE users SET api_allowed_ips = '{}' WHERE email = 'worker3@example.com'")
  })

  it("needs the CSRF token from a signed-in browser, not from a key alone", async () => {
    const browser = testBrowser(app)
    await browser.signIn("worker@demo.manyhands.dev")
    const forged = await browser.post(`${BASE}/claim`, {}, { csrf: null })
    expect(forged.statusCode).toBe(403)
    expect(errorOf(forged).code).toBe("CSRF_TOKEN_INVALID")
    expect((await browser.post(`${BASE}/claim`, {})).statusCode).toBe(204)
    expect((await browser.get(`${BASE}/stats`)).statusCode).toBe(200)

    // A key and no cookie: nothing for another site to ride on, so no token needed.
    expect((await claim(WORKER_KEYS[0]!)).statusCode).toBe(204)
    // A key alongside the session cookie: the token is still required.
    const withCookie = await app.inject({
      method: "POST",
      url: `${BASE}/claim`,
      payload: {},
      headers: {
        authorization: `Bearer ${WORKER_KEYS[0]}`,
        cookie: [...browser.jar].map(([name, value]) => `${name}=${value}`).join("; "),
      },
    })
    expect(withCookie.statusCode).toBe(403)
    expect(errorOf(withCookie).code).toBe("CSRF_TOKEN_INVALID")
    // The exemption opens nothing else: a key is no session.
    const elsewhere = await app.inject({
      method: "POST",
      url: "/api/v2/profile/api-key",
      headers: { authorization: `Bearer ${WORKER_KEYS[0]}` },
    })
    expect(elsewhere.statusCode).toBe(401)
    expect(errorOf(elsewhere).code).toBe("NOT_SIGNED_IN")
  })

  it("limits how many long polls one worker holds open at once", async () => {
    const polls = Array.from({ length: 4 }, () => claim(WORKER_KEYS[1]!, { waitSeconds: 0.6 }))
    await new Promise((resolve) => setTimeout(resolve, 200))
    const extra = await claim(WORKER_KEYS[1]!, { waitSeconds: 0.6 })
    expect(extra.statusCode).toBe(429)
    expect(errorOf(extra).code).toBe("RATE_LIMITED")
    expect(extra.headers["retry-after"]).toBe("1")
    // Another worker is not affected.
    expect((await claim(WORKER_KEYS[2]!)).statusCode).toBe(204)
    expect((await Promise.all(polls)).map((poll) => poll.statusCode)).toEqual([204, 204, 204, 204])
  })

  it("reports the worker's own statistics", async () => {
    // Another worker's standing in the type must not hide this worker's figures.
    await db.query(
      `INSERT INTO worker_skills (worker_id, type, status)
       SELECT id, 'ImageToTextTask', 'active' FROM users WHERE email = 'worker@demo.manyhands.dev'
       ON CONFLICT (worker_id, type) DO NOTHING`,
    )
    const before = (await asWorker(WORKER_KEYS[2]!, "GET", "/stats")).json()
    for (const text of ["one", "two"]) {
      await submit()
      const offer = (await claim(WORKER_KEYS[2]!)).json()
      await asWorker(WORKER_KEYS[2]!, "POST", `/assignments/${offer.assignmentId}/answer`, { solution: text })
    }
    const stats = await asWorker(WORKER_KEYS[2]!, "GET", "/stats")
    expect(stats.statusCode).toBe(200)
    expect(stats.headers["cache-control"]).toBe("no-store")
    const after = stats.json()
    expect(after.today.answered - before.today.answered).toBe(2)
    expect(after.today.earned - before.today.earned).toBe(600)
    expect(after.balance).toEqual({ amount: before.balance.amount + 600, currency: "USD" })
    const imageStats = after.types.find((row: { type: string }) => row.type === "ImageToTextTask")
    const answeredBefore =
      before.types.find((row: { type: string }) => row.type === "ImageToTextTask")?.answered ?? 0
    // No training tasks exist here: the test's worker counts as trained (captcha-fixtures, newUser).
    expect(imageStats).toMatchObject({ status: "active", reason: null, rating: 100, goldAccuracy: null })
    expect(imageStats.answered - answeredBefore).toBe(2)
  })

  it("describes every route in an OpenAPI 3.1 document and on a page", async () => {
    const response = await app.inject({ method: "GET", url: `${BASE}/openapi.json` })
    expect(response.statusCode).toBe(200)
    expect(response.headers["content-type"]).toMatch(/^application\/json/)
    const document = JSON.parse(response.body)
    expect(document.openapi).toBe("3.1.0")
    expect(document.servers).toEqual([{ url: BASE }])
    expect(document.security).toEqual([{ workerKey: [] }, { session: [] }])
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(["session", "workerKey"])
    expect(document.components.securitySchemes.workerKey).toMatchObject({ type: "http", scheme: "bearer" })
    expect(document.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie" })

    // It is the worker-tagged part of the one generated document, with paths relative to its server.
    const whole = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>
      components: { securitySchemes: Record<string, unknown> }
    }
    const workerPart = Object.entries(whole.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.tags?.includes("worker") && path.startsWith(`${BASE}/`))
        .map(([method, operation]) => [`${method} ${path.slice(BASE.length)}`, operation] as const),
    )
    expect(
      Object.fromEntries(
        Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, operation]) => [`${method} ${path}`, operation]),
        ),
      ),
    ).toEqual(Object.fromEntries(workerPart))
    expect(document.components.securitySchemes.workerKey).toEqual(whole.components.securitySchemes.workerKey)

    const expected = [
      "post /claim",
      "post /assignments/{id}/answer",
      "post /assignments/{id}/skip",
      "post /assignments/{id}/not-a-captcha",
      "post /heartbeat",
      "get /stats",
      "get /mistakes",
      "get /training",
      "post /training/claim",
      "get /openapi.json",
      "get /docs",
    ]
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`),
    )
    expect(documented.sort()).toEqual([...expected].sort())

    const ajv = new Ajv2020({ strict: false, validateFormats: false })
    for (const [path, methods] of Object.entries(
      document.paths as Record<string, Record<string, Operation>>,
    )) {
      for (const [method, operation] of Object.entries(methods)) {
        // Each documented operation is a real route of the app.
        expect(
          app.hasRoute({ method: method.toUpperCase(), url: BASE + path.replace(/\{(\w+)\}/g, ":$1") }),
        ).toBe(true)
        expect(operation.summary).toBeTruthy()
        const isPublic = ["/openapi.json", "/docs"].includes(path)
        expect(operation.tags).toEqual(["worker"])
        if (isPublic) expect(operation.security).toEqual([])
        else {
          expect(Object.keys(operation.responses)).toEqual(
            expect.arrayContaining(["401", "403", "429", "4XX"]),
          )
          expect(operation.security).toEqual([{ workerKey: [] }, { session: [] }])
          expect(operation.responses["401"]!.content!["application/json"]!.schema).toMatchObject({
            required: ["error"],
          })
        }
        if (path.includes("{id}")) expect(operation.parameters).toMatchObject([{ name: "id", in: "path" }])
        // Every schema in it is a valid JSON Schema (2020-12, as OpenAPI 3.1 uses).
        const schemas = [
          operation.requestBody?.content["application/json"]?.schema,
          ...(operation.parameters ?? []).map((parameter) => parameter.schema),
          ...Object.values(operation.responses).map((answer) => answer.content?.["application/json"]?.schema),
        ].filter((schema) => schema !== undefined)
        for (const schema of schemas) expect(() => ajv.compile(schema as object)).not.toThrow()
      }
    }
    expect(
      document.paths["/claim"].post.requestBody.content["application/json"].schema.properties,
    ).toHaveProperty("waitSeconds")
    expect(Object.keys(document.paths["/claim"].post.responses)).toEqual(
      expect.arrayContaining(["200", "204", "400"]),
    )

    expect(document.paths["/docs"].get.responses["200"].content).toHaveProperty("text/html")

    const page = await app.inject({ method: "GET", url: `${BASE}/docs` })
    expect(page.statusCode).toBe(200)
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8")
    expect(page.body).not.toMatch(/<script|https?:\/\//)
    for (const path of ["/claim", "/assignments/{id}/answer", "/heartbeat", "/stats"])
      expect(page.body).toContain(`${BASE}${path}`)
    const nonce = /<style nonce="([^"]+)">/.exec(page.body)?.[1]
    expect(nonce).toBeTruthy()
    expect(String(page.headers["content-security-policy"])).toContain(`'nonce-${nonce}'`)
  })

  // Last: it closes the app.
  it("answers a waiting long poll at once when the server closes", async () => {
    const waiting = claim(WORKER_KEYS[0]!, { waitSeconds: 20 })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const closing = performance.now()
    closed = true
    await app.close()
    expect((await waiting).statusCode).toBe(204)
    expect(performance.now() - closing).toBeLessThan(2_000)
  })
})

interface Operation {
  summary: string
  tags?: string[]
  security?: unknown
  parameters?: { name: string; in: string; schema: unknown }[]
  requestBody?: { content: Record<string, { schema: unknown }> }
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>
}

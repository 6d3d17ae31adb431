import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { unsafeTextAt } from "../src/http/safe-text"
import { testBrowser } from "./browser"
import { giveApiKey } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/** Text PostgreSQL cannot store: each used to end in a 500 on the routes below (issue 17). */
const BAD = { nul: "abc\u0000def", high: "abc\ud800def", low: "\udc00abc" } as const

describe("unsafe text", () => {
  it("is found in any string or key, however nested, and paired surrogates are fine", () => {
    expect(unsafeTextAt({ a: [{ b: "ok 😀" }] }, "body")).toBeNull()
    expect(unsafeTextAt({ a: [{ b: BAD.nul }] }, "body")).toBe("body.a.0.b")
    expect(unsafeTextAt({ a: BAD.high }, "query")).toBe("query.a")
    expect(unsafeTextAt({ [BAD.low]: 1 }, "body")).toBe("body")
    expect(unsafeTextAt("\ud83d\ude00", "x")).toBeNull()
  })
})

describe.each(engines)("NUL and unpaired surrogates on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let customerKey: string
  let workerKey: string

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    customerKey = await giveApiKey(db, "customer@demo.manyhands.dev")
    workerKey = await giveApiKey(db, "worker@demo.manyhands.dev")
  }, 60_000)
  afterAll(async () => stop?.())

  const code = (body: string) => (JSON.parse(body) as { error?: { code: string } }).error?.code

  it.each(Object.entries(BAD))(
    "are refused by the JSON APIs with 400 VALIDATION_FAILED (%s)",
    async (_, text) => {
      const visitor = testBrowser(app)
      const customer = testBrowser(app)
      const admin = testBrowser(app)
      await customer.signIn("customer@demo.manyhands.dev")
      await admin.signIn("admin@demo.manyhands.dev")
      const calls = [
        () => visitor.post("/api/v2/auth/login", { email: `a${text}@example.com`, password: text }),
        () =>
          visitor.post("/api/v2/auth/register", { email: "new@example.com", password: `pass${text}word1` }),
        () => visitor.post("/api/v2/auth/remind", { email: `x${text}@example.com` }),
        () => visitor.post("/api/v1/event-tracker", { event: "visit", source: text }),
        () => customer.send("PUT", "/api/v2/user", { name: text }),
        () =>
          customer.post("/api/v2/transfers", {
            email: "developer@demo.manyhands.dev",
            amount: 1,
            comment: text,
          }),
        () => customer.send("DELETE", "/api/v2/captcha/pingbacks", { url: `https://example.com/${text}` }),
        () => customer.post("/api/v2/captcha/test", { type: "ImageToTextTask", comment: text }),
        () => admin.post("/api/v2/admin/system-messages", { userId: "1", message: { en: text } }),
        () => admin.send("PUT", "/api/v2/admin/captcha-prices", { type: text, enabled: true }),
        () =>
          app.inject({
            method: "POST",
            url: "/api/v1/worker/assignments/1/answer",
            headers: { authorization: `Bearer ${workerKey}` },
            payload: { solution: { text } },
          }),
      ]
      for (const [n, call] of calls.entries()) {
        const response = await call()
        expect([n, response.statusCode, code(response.body)]).toEqual([n, 400, "VALIDATION_FAILED"])
      }
    },
  )

  it.each(Object.entries(BAD))(
    "are refused by the captcha protocol with ERROR_BAD_PARAMETERS (%s)",
    async (_, text) => {
      // A form can carry a NUL (%00); a lone surrogate has no UTF-8 form to percent-encode, so only JSON carries it.
      if (text === BAD.nul) {
        const inForm = await app.inject({
          method: "POST",
          url: "/in.php",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: `key=${customerKey}&textcaptcha=a%00b&json=1`,
        })
        expect(JSON.parse(inForm.body)).toMatchObject({ status: 0, request: "ERROR_BAD_PARAMETERS" })
      }
      const inJson = await app.inject({
        method: "POST",
        url: "/in.php",
        payload: { key: customerKey, textcaptcha: text },
      })
      expect(inJson.body).toBe("ERROR_BAD_PARAMETERS")
      const created = await app.inject({
        method: "POST",
        url: "/createTask",
        payload: { clientKey: customerKey, task: { type: "TextCaptchaTask", comment: text } },
      })
      expect(JSON.parse(created.body)).toMatchObject({
        errorId: expect.any(Number),
        errorCode: "ERROR_BAD_PARAMETERS",
      })
    },
  )

  it("are refused in addresses too: a NUL in a query or a path (a surrogate cannot be percent-encoded)", async () => {
    const inQuery = await app.inject({ url: `/in.php?key=${customerKey}&method=post&textcaptcha=a%00b` })
    expect([inQuery.statusCode, inQuery.body]).toEqual([200, "ERROR_BAD_PARAMETERS"])
    const result = await app.inject({ url: `/res.php?key=${customerKey}&action=get&id=7%00` })
    expect(result.body).toBe("ERROR_BAD_PARAMETERS")
    const v2 = await app.inject({
      method: "POST",
      url: "/getBalance?x=%00",
      payload: { clientKey: customerKey },
    })
    expect(JSON.parse(v2.body)).toMatchObject({ errorCode: "ERROR_BAD_PARAMETERS" })
    const customer = testBrowser(app)
    await customer.signIn("customer@demo.manyhands.dev")
    const cancel = await customer.post("/api/v2/transfers/1%00/cancel")
    expect([cancel.statusCode, code(cancel.body)]).toEqual([400, "VALIDATION_FAILED"])
    const list = await customer.get("/api/v2/transfers?page=%00")
    expect([list.statusCode, code(list.body)]).toEqual([400, "VALIDATION_FAILED"])
    // Invalid UTF-8 in an address is read as U+FFFD, which is storable: never a 5xx.
    const replaced = await app.inject({ url: `/res.php?key=${customerKey}&action=get&id=%ED%A0%80` })
    expect(replaced.statusCode).toBeLessThan(500)
  })
})

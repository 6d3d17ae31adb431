import type { FastifyInstance } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { deepJson } from "../fuzz/generator"
import { jsonNestingExceeds, MAX_JSON_DEPTH } from "../src/http/json-depth"
import { testBrowser, type TestBrowser } from "./browser"
import { giveApiKey, giveCredit, userId } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * Inputs the fuzzer (server/fuzz, issue 17) found answered with a 500, each refused at the boundary now with
 * the endpoint's documented error: numbers that are not finite (Ajv turns the query text "1e309" into
 * Infinity and lets it through `maximum`), days outside what the database and the date arithmetic take, and
 * JSON nested deeper than anything the API reads.
 */

const KEY = "00112233445566778899aabbccddeeff"

describe("the JSON nesting scan", () => {
  it("measures depth without recursion, ignoring brackets inside strings", () => {
    expect(jsonNestingExceeds('{"a":[1,{"b":2}]}', 3)).toBe(false)
    expect(jsonNestingExceeds('{"a":[1,{"b":2}]}', 2)).toBe(true)
    expect(jsonNestingExceeds(`{"a":"${"[".repeat(500)}"}`, 1)).toBe(false)
    expect(jsonNestingExceeds(`{"a":"\\"${"{".repeat(500)}"}`, 1)).toBe(false)
    expect(jsonNestingExceeds(deepJson(200_000, "array"), MAX_JSON_DEPTH)).toBe(true)
    expect(jsonNestingExceeds(deepJson(MAX_JSON_DEPTH, "object"), MAX_JSON_DEPTH)).toBe(false)
  })
})

describe.each(engines)("refusals at the boundary on $name", (engine) => {
  let app: FastifyInstance
  let stop: () => Promise<void>
  let customer: TestBrowser

  beforeAll(async () => {
    const context = await startTestApp(engine)
    ;({ app, stop } = context)
    await giveApiKey(context.db, "customer@demo.manyhands.dev", KEY)
    await giveCredit(context.db, await userId(context.db, "customer@demo.manyhands.dev"), 10_000_000)
    customer = testBrowser(app)
    expect((await customer.signIn("customer@demo.manyhands.dev")).statusCode).toBe(200)
  })
  afterAll(() => stop())

  const refusal = async (url: string) => {
    const response = await customer.get(url)
    const body = response.json<{ error?: { code: string; details?: { field: string }[] } }>()
    return [response.statusCode, body.error?.code, body.error?.details?.[0]?.field]
  }

  it("refuses numbers that are not finite in a query (they passed `maximum` and reached SQL)", async () => {
    expect(await refusal("/api/v2/statistics/uploads?page=1e309")).toEqual([400, "VALIDATION_FAILED", "page"])
    expect(await refusal("/api/v2/captcha/errors?pageSize=-Infinity")).toEqual([
      400,
      "VALIDATION_FAILED",
      "pageSize",
    ])
    expect(await refusal("/api/v2/captcha/tasks?limit=1e400")).toEqual([400, "VALIDATION_FAILED", "limit"])
    expect(await refusal(`/api/v2/transfers?page=${"9".repeat(400)}`)).toEqual([
      400,
      "VALIDATION_FAILED",
      "page",
    ])
    expect(await refusal("/api/v2/discount-campaigns/applicable?amount=1e400&currency=USD")).toEqual([
      400,
      "VALIDATION_FAILED",
      "amount",
    ])
    // Finite values still pass.
    expect((await customer.get("/api/v2/statistics/uploads?page=1e3")).statusCode).toBe(200)
  })

  it("refuses days before 1900 and after 2999 (year 0 is no PostgreSQL date; 9999-12-31 + 1 day is no ISO day)", async () => {
    expect(await refusal("/api/v2/statistics/uploads?dateFrom=0000-01-01")).toEqual([
      400,
      "VALIDATION_FAILED",
      "dateFrom",
    ])
    expect(await refusal("/api/v2/statistics/graph?dateFrom=0000-01-01&dateTo=0000-01-05")).toEqual([
      400,
      "VALIDATION_FAILED",
      "dateFrom",
    ])
    expect(await refusal("/api/v2/partner/summary?to=9999-12-31")).toEqual([400, "VALIDATION_FAILED", "to"])
    expect(
      (await customer.get("/api/v2/statistics/uploads?dateFrom=1900-01-01&dateTo=2999-12-31")).statusCode,
    ).toBe(200)
  })

  it('refuses a number that is not finite in a body\'s string (Ajv coerced "1e400" to Infinity)', async () => {
    const response = await customer.post("/api/v2/payouts", { amount: "1e400", source: "earnings" })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      error: { code: "VALIDATION_FAILED", details: [{ field: "amount" }] },
    })
  })

  it("refuses moments before 1900 and after 2999 in admin forms (year 0 and year 10000 ended in a 500)", async () => {
    const admin = testBrowser(app)
    expect((await admin.signIn("admin@demo.manyhands.dev")).statusCode).toBe(200)
    const refused = async (url: string, body: object) => {
      const response = await admin.post(url, body)
      const error = response.json<{ error?: { code: string; details?: { field: string }[] } }>().error
      return [response.statusCode, error?.code, error?.details?.[0]?.field]
    }
    const promo = { amount: 1_000_000, currency: "USD" }
    expect(
      await refused("/api/v2/admin/promo-codes", {
        ...promo,
        code: "YEAR-ZERO",
        startsAt: "0000-01-01T00:00:00Z",
      }),
    ).toEqual([400, "VALIDATION_FAILED", "startsAt"])
    expect(
      await refused("/api/v2/admin/promo-codes", {
        ...promo,
        code: "YEAR-TENK",
        expiresAt: "9999-12-31T23:59:59-23:59",
      }),
    ).toEqual([400, "VALIDATION_FAILED", "expiresAt"])
    const campaign = { name: { en: "Spring" }, percent: 5, currency: "USD", minAmount: 0 }
    expect(
      await refused("/api/v2/admin/discount-campaigns", {
        ...campaign,
        startsAt: "2026-01-01T00:00:00Z",
        endsAt: "9999-12-31T23:59:59-23:59",
      }),
    ).toEqual([400, "VALIDATION_FAILED", "endsAt"])
    const future = new Date(Date.now() + 86_400_000).toISOString()
    const accepted = await admin.post("/api/v2/admin/discount-campaigns", {
      ...campaign,
      startsAt: "2026-01-01T00:00:00Z",
      endsAt: future,
    })
    expect(accepted.statusCode).toBe(201)
  })

  it("answers in.php with ERROR_BAD_PARAMETERS for a JSON body nested 200,000 deep (it overflowed the stack)", async () => {
    for (const nested of [deepJson(200_000, "object"), deepJson(200_000, "array")]) {
      const response = await app.inject({
        method: "POST",
        // json=1 in the query: the flags of a body that cannot be read are not known.
        url: "/in.php?json=1",
        headers: { "content-type": "application/json" },
        payload: `{"key":"${KEY}","method":"base64","body":${nested}}`,
      })
      expect(response.statusCode).toBe(200)
      expect(response.json()).toMatchObject({ status: 0, request: "ERROR_BAD_PARAMETERS" })
    }
    const whole = await app.inject({
      method: "POST",
      url: "/res.php?json=1",
      headers: { "content-type": "application/json" },
      payload: deepJson(200_000, "object"),
    })
    expect(whole.json()).toMatchObject({ status: 0, request: "ERROR_BAD_PARAMETERS" })
  })

  it("answers createTask with ERROR_BAD_PARAMETERS for a task nested deeper than the API reads", async () => {
    // A NUL below the depth the text check walks reached the jsonb column.
    let payload: unknown = { s: "\u0000" }
    for (let level = 0; level < MAX_JSON_DEPTH + 5; level++) payload = { a: payload }
    const response = await app.inject({
      method: "POST",
      url: "/createTask",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({
        clientKey: KEY,
        task: {
          type: "RecaptchaV2EnterpriseTaskProxyless",
          websiteURL: "https://example.com/login",
          websiteKey: "6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-",
          enterprisePayload: payload,
        },
      }),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ errorId: expect.any(Number), errorCode: "ERROR_BAD_PARAMETERS" })
  })

  it("refuses a JSON body nested deeper than the API reads on the JSON APIs (400 VALIDATION_FAILED)", async () => {
    const deep = await app.inject({
      method: "PUT",
      url: "/api/v2/captcha/settings",
      headers: {
        "content-type": "application/json",
        cookie: [...customer.jar].map(([name, value]) => `${name}=${value}`).join("; "),
        "x-csrf-token": "test-csrf-token-0123456789",
      },
      payload: `{"allowedIps":${deepJson(200_000, "array")}}`,
    })
    expect(deep.statusCode).toBe(400)
    expect(deep.json()).toMatchObject({ error: { code: "VALIDATION_FAILED", details: [{ field: "body" }] } })
  })
})

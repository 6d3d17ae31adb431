import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import { ApiRefusal, type ApiClient } from "../src/modules/captcha/engine"
import { isIpAllowed, parseAllowedEntry } from "../src/modules/captcha/ip-allow-list"
import { perThousand, pricePerTaskOf } from "../src/modules/captcha/prices"
import { LANGUAGES, type NewTask } from "../src/modules/captcha/task-types"
import { testBrowser, type TestBrowser } from "./browser"
import { giveApiKey, giveCredit, pngImage } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{
    error: { code: string; message: string; details?: { field: string; message: string }[] }
  }>().error

/** A token task: it needs no image and waits in the queue until its deadline (300 s), longer than a test. */
const recaptcha: NewTask = {
  type: "RecaptchaV2Task",
  params: {
    websiteURL: "https://shop.example/login",
    websiteKey: "6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-",
  },
  files: [],
  language: null,
}
const CUSTOMER_IP = "203.0.113.10"
const NO_DEFAULTS = { language: null, softId: null, maxBid: null }
/** A public address literal: adding it needs no DNS and passes the pingback rules in any configuration. */
const PINGBACK_URL = "https://93.184.216.34/captcha-done"

const refusalCode = async (work: Promise<unknown>) => {
  try {
    await work
  } catch (error) {
    if (error instanceof ApiRefusal) return error.code
    throw error
  }
  return "accepted"
}

describe("price conversions", () => {
  it("turns micro-units per task into a price per 1,000 and back", () => {
    expect([500, 2990, 45000, 1, 1450, 1_000_000].map(perThousand)).toEqual([
      "0.50",
      "2.99",
      "45.00",
      "0.001",
      "1.45",
      "1000.00",
    ])
    expect(["0.50", "0.5", "3.125", "1000", "0.001"].map(pricePerTaskOf)).toEqual([
      500, 500, 3125, 1_000_000, 1,
    ])
    for (const wrong of ["0", "0.000", "1000.001", "1.2345", "-1", "1e3", "abc", "", ".5"])
      expect(pricePerTaskOf(wrong)).toBeNull()
  })
})

describe("IP allow-list entries", () => {
  it("normalises addresses and ranges", () => {
    const cases: [string, string][] = [
      [" 203.0.113.7 ", "203.0.113.7"],
      ["203.0.113.7/24", "203.0.113.0/24"],
      ["10.0.0.0/8", "10.0.0.0/8"],
      ["192.0.2.1/32", "192.0.2.1"],
      ["0.0.0.0/0", "0.0.0.0/0"],
      ["2001:DB8:0:0:0:0:0:1", "2001:db8::1"],
      ["2001:DB8:0:FFFF::7/48", "2001:db8::/48"],
      ["2001:db8::1/128", "2001:db8::1"],
      ["::ffff:198.51.100.9", "198.51.100.9"],
      ["::ffff:198.51.100.77/120", "198.51.100.0/24"],
    ]
    for (const [given, stored] of cases) expect(parseAllowedEntry(given), given).toEqual({ value: stored })
  })

  it("says why an entry is neither an address nor a range", () => {
    const cases: [string, RegExp][] = [
      ["203.0.113.0/33", /prefix \/33 .* too long: an IPv4 range has at most \/32/],
      ["2001:db8::/129", /prefix \/129 .* too long: an IPv6 range has at most \/128/],
      ["::ffff:198.51.100.0/90", /too short/],
      ["203.0.113.0/abc", /must be a number of bits/],
      ["203.0.113.0/", /must be a number of bits/],
      ["203.0.113.0/24/8", /more than one "\/"/],
      ["example.com", /"example.com" is not an IPv4 or IPv6 address/],
      ["example.com/24", /is not a range: "example.com" before the "\/" is not an IPv4 or IPv6 address/],
      ["203.0.113.256", /not an IPv4 or IPv6 address/],
      ["fe80::1%eth0", /not an IPv4 or IPv6 address/],
      ["  ", /empty/],
    ]
    for (const [given, message] of cases) expect(parseAllowedEntry(given).error, given).toMatch(message)
  })

  it("matches client addresses against addresses and ranges", () => {
    const list = ["198.51.100.9", "203.0.113.0/24", "2001:db8::/48"]
    for (const ip of ["198.51.100.9", "203.0.113.0", "203.0.113.255", "2001:db8::1", "2001:db8:0:ffff::9"])
      expect(isIpAllowed(list, ip), ip).toBe(true)
    for (const ip of ["198.51.100.8", "203.0.114.1", "2001:db9::1", "2001:db8:1::1", "::1"])
      expect(isIpAllowed(list, ip), ip).toBe(false)
    expect(isIpAllowed([], "192.0.2.1")).toBe(true)
    expect(isIpAllowed(["2001:db8::1"], "2001:0db8:0000::1")).toBe(true)
  })
})

describe.each(engines)("captcha settings and prices on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let accounts = 0

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
  })
  afterAll(() => stop())

  /** A fresh account of a type, signed in on its own browser; customers get $1.00 of credit and an API key. */
  async function newAccount(userType: "customer" | "developer" | "worker" | null, roles: string[] = []) {
    const email = `settings${++accounts}@example.com`
    // Its own INSERT: newUser takes neither these types nor roles.
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, user_type, roles) VALUES ($1, 'unused', $2, $3)
       RETURNING id::text AS id`,
      [email, userType, roles],
    )
    const id = rows[0]!.id
    const key = await giveApiKey(db, email)
    if (userType === "customer" || userType === "developer") await giveCredit(db, id, 1_000_000)
    const browser = testBrowser(app)
    expect((await browser.signIn(email)).statusCode).toBe(200)
    return { id, key, browser }
  }

  const submit = (client: ApiClient, task: NewTask = recaptcha, pingbackUrl?: string) =>
    app.captchaEngine.submit(client, task, { api: "v2", ip: CUSTOMER_IP, pingbackUrl })

  const priceOfTask = async (id: string) =>
    Number(
      (
        await db.query<{ price: string }>(
          "SELECT price_per_answer::text AS price FROM captcha_tasks WHERE id = $1",
          [id],
        )
      ).rows[0]!.price,
    )

  const signedIn = async (email: string): Promise<TestBrowser> => {
    const browser = testBrowser(app)
    expect((await browser.signIn(email)).statusCode).toBe(200)
    return browser
  }

  it("lets only the right signed-in accounts in, with the CSRF header", async () => {
    const stranger = testBrowser(app)
    for (const url of [
      "/api/v2/captcha/settings",
      "/api/v2/captcha/pingbacks",
      "/api/v2/captcha/tasks",
      "/api/v2/captcha/tasks/70000000001/pingback",
      "/api/v2/worker/settings",
      "/api/v2/admin/captcha-prices",
    ]) {
      const response = await stranger.get(url)
      expect(response.statusCode, url).toBe(401)
      expect(errorOf(response).code).toBe("NOT_SIGNED_IN")
    }

    const worker = await newAccount("worker")
    const newcomer = await newAccount(null)
    for (const browser of [worker.browser, newcomer.browser]) {
      for (const url of ["/api/v2/captcha/settings", "/api/v2/captcha/pingbacks", "/api/v2/captcha/tasks"]) {
        const refused = await browser.get(url)
        expect(refused.statusCode, url).toBe(403)
        expect(errorOf(refused).code).toBe("CUSTOMER_ACCOUNT_REQUIRED")
      }
    }
    const developer = await newAccount("developer")
    expect((await developer.browser.get("/api/v2/captcha/settings")).statusCode).toBe(200)
    const notWorker = await developer.browser.get("/api/v2/worker/settings")
    expect(notWorker.statusCode).toBe(403)
    expect(errorOf(notWorker).code).toBe("WORKER_ACCOUNT_REQUIRED")

    for (const browser of [
      developer.browser,
      worker.browser,
      await signedIn("customer@demo.manyhands.dev"),
    ]) {
      const list = await browser.get("/api/v2/admin/captcha-prices")
      expect(list.statusCode).toBe(403)
      expect(errorOf(list).code).toBe("FORBIDDEN")
      const change = await browser.send("PUT", "/api/v2/admin/captcha-prices", {
        type: "GridTask",
        enabled: false,
      })
      expect(change.statusCode).toBe(403)
    }

    const forged = await developer.browser.send("PUT", "/api/v2/captcha/settings", { currency: "RUB" }, null)
    expect(forged.statusCode).toBe(403)
    expect(errorOf(forged).code).toBe("CSRF_TOKEN_INVALID")
    const forgedWorker = await worker.browser.send(
      "PUT",
      "/api/v2/worker/settings",
      { languages: ["ru"] },
      "forged",
    )
    expect(errorOf(forgedWorker).code).toBe("CSRF_TOKEN_INVALID")
  })

  it("stores the customer's settings and refuses invalid ones with clear errors", async () => {
    const { id, key, browser } = await newAccount("customer")
    const initial = await browser.get("/api/v2/captcha/settings")
    expect(initial.json()).toEqual({
      allowedIps: [],
      recognition: null,
      currency: "USD",
      defaults: NO_DEFAULTS,
      languageOptions: LANGUAGES,
    })

    const changed = await browser.send("PUT", "/api/v2/captcha/settings", {
      allowedIps: [" 203.0.113.7 ", "2001:DB8:0:0:0:0:0:1", "::ffff:198.51.100.9", "203.0.113.7"],
      recognition: { agree: 2, maxAnswers: 3 },
    })
    expect(changed.statusCode).toBe(200)
    const expected = {
      allowedIps: ["203.0.113.7", "2001:db8::1", "198.51.100.9"],
      recognition: { agree: 2, maxAnswers: 3 },
      currency: "USD",
      defaults: NO_DEFAULTS,
      languageOptions: LANGUAGES,
    }
    expect(changed.json()).toEqual(expected)
    expect((await browser.get("/api/v2/captcha/settings")).json()).toEqual(expected)
    const client = await app.captchaEngine.authenticate(key, "203.0.113.7")
    expect(client).toEqual({
      userId: id,
      currency: "USD",
      recognition: { agree: 2, maxAnswers: 3 },
      defaults: { language: null, softId: null, maxBid: null },
    })

    const refusals: [unknown, number, string, string][] = [
      [{ allowedIps: ["203.0.113.7", "203.0.113.256"] }, 400, "IP_ADDRESS_INVALID", "allowedIps.1"],
      [{ allowedIps: ["example.com"] }, 400, "IP_ADDRESS_INVALID", "allowedIps.0"],
      [{ allowedIps: ["fe80::1%eth0"] }, 400, "IP_ADDRESS_INVALID", "allowedIps.0"],
      [{ allowedIps: ["10.0.0.0/33"] }, 400, "IP_ADDRESS_INVALID", "allowedIps.0"],
      [
        { allowedIps: Array.from({ length: 51 }, (_, n) => `192.0.2.${n}`) },
        400,
        "VALIDATION_FAILED",
        "allowedIps",
      ],
      [{ recognition: { agree: 4, maxAnswers: 3 } }, 400, "RECOGNITION_INVALID", "recognition.maxAnswers"],
      [{ recognition: { agree: 6, maxAnswers: 5 } }, 400, "VALIDATION_FAILED", "recognition.agree"],
      [{ recognition: { agree: 1, maxAnswers: 5 } }, 400, "VALIDATION_FAILED", "recognition.agree"],
      [{ recognition: { agree: 2 } }, 400, "VALIDATION_FAILED", "recognition.maxAnswers"],
      [{ currency: "EUR" }, 400, "VALIDATION_FAILED", "currency"],
    ]
    for (const [body, status, code, fieldName] of refusals) {
      const response = await browser.send("PUT", "/api/v2/captcha/settings", body)
      expect(response.statusCode, JSON.stringify(body)).toBe(status)
      expect(errorOf(response).code).toBe(code)
      expect(errorOf(response).details?.[0]?.field).toBe(fieldName)
    }
    for (const body of [{}, { allowedIps: [], colour: "blue" }]) {
      const response = await browser.send("PUT", "/api/v2/captcha/settings", body)
      expect(response.statusCode).toBe(400)
      expect(errorOf(response).code).toBe("VALIDATION_FAILED")
    }
    // Nothing of a refused change was stored.
    expect((await browser.get("/api/v2/captcha/settings")).json()).toEqual(expected)

    const off = await browser.send("PUT", "/api/v2/captcha/settings", { recognition: null, allowedIps: [] })
    expect(off.json()).toMatchObject({ allowedIps: [], recognition: null, currency: "USD" })
    expect((await app.captchaEngine.authenticate(key, "192.0.2.55")).recognition).toBeNull()
  })

  it("makes the API key refuse addresses outside the allow-list", async () => {
    const { key, browser } = await newAccount("customer")
    const set = await browser.send("PUT", "/api/v2/captcha/settings", {
      allowedIps: ["203.0.113.7", "2001:db8:0::1", "::FFFF:198.51.100.9"],
    })
    expect(set.statusCode).toBe(200)
    for (const other of ["192.0.2.1", "203.0.113.8", "2001:db8::2", "::ffff:192.0.2.1"])
      expect(await refusalCode(app.captchaEngine.authenticate(key, other)), other).toBe(
        "ERROR_IP_NOT_ALLOWED",
      )
    // Node prints an IPv4 client on a dual-stack socket as ::ffff:a.b.c.d.
    for (const allowed of ["203.0.113.7", "::ffff:203.0.113.7", "2001:db8::1", "198.51.100.9"])
      expect(await refusalCode(app.captchaEngine.authenticate(key, allowed)), allowed).toBe("accepted")

    await browser.send("PUT", "/api/v2/captcha/settings", { allowedIps: [] })
    expect(await refusalCode(app.captchaEngine.authenticate(key, "192.0.2.1"))).toBe("accepted")
  })

  it("stores CIDR ranges and lets the key in from them only", async () => {
    const { key, browser } = await newAccount("customer")
    const set = await browser.send("PUT", "/api/v2/captcha/settings", {
      allowedIps: ["203.0.113.77/24", "2001:DB8:0:1::/64", "198.51.100.9", "203.0.113.0/24"],
    })
    expect(set.statusCode).toBe(200)
    expect(set.json().allowedIps).toEqual(["203.0.113.0/24", "2001:db8:0:1::/64", "198.51.100.9"])
    for (const allowed of ["203.0.113.1", "::ffff:203.0.113.254", "2001:db8:0:1::abcd", "198.51.100.9"])
      expect(await refusalCode(app.captchaEngine.authenticate(key, allowed)), allowed).toBe("accepted")
    for (const other of ["203.0.114.1", "2001:db8:0:2::1", "198.51.100.10", "::1"])
      expect(await refusalCode(app.captchaEngine.authenticate(key, other)), other).toBe(
        "ERROR_IP_NOT_ALLOWED",
      )

    // Through the API: an address outside the ranges is refused, one inside answers.
    const inPhp = (ip: string) =>
      app.inject({ method: "GET", url: `/res.php?key=${key}&action=getbalance`, remoteAddress: ip })
    expect((await inPhp("203.0.113.200")).body).toMatch(/^\d+\.\d+$/)
    expect((await inPhp("192.0.2.200")).body).toBe("ERROR_IP_NOT_ALLOWED")

    const refused = await browser.send("PUT", "/api/v2/captcha/settings", {
      allowedIps: ["203.0.113.0/24", "203.0.113.0/33", "host.example", "2001:db8::/129"],
    })
    expect(refused.statusCode).toBe(400)
    const error = errorOf(refused)
    expect(error.code).toBe("IP_ADDRESS_INVALID")
    expect(error.details).toEqual([
      { field: "allowedIps.1", message: expect.stringMatching(/\/33 .* too long/) },
      { field: "allowedIps.2", message: expect.stringMatching(/not an IPv4 or IPv6 address/) },
      { field: "allowedIps.3", message: expect.stringMatching(/\/129 .* too long/) },
    ])
    // Nothing was stored.
    expect((await browser.get("/api/v2/captcha/settings")).json().allowedIps).toHaveLength(3)
  })

  it("stores task defaults and refuses invalid ones field by field", async () => {
    const { key, browser } = await newAccount("customer")
    const changed = await browser.send("PUT", "/api/v2/captcha/settings", {
      defaults: { language: " RU ", softId: 4242, maxBid: "1.2" },
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({
      defaults: { language: "ru", softId: 4242, maxBid: "1.20" },
      languageOptions: LANGUAGES,
    })
    expect((await app.captchaEngine.authenticate(key, CUSTOMER_IP)).defaults).toEqual({
      language: "ru",
      softId: 4242,
      maxBid: 1200,
    })
    // A part of the defaults changes only that part; empty values clear; GET's languageOptions is ignored.
    const partial = await browser.send("PUT", "/api/v2/captcha/settings", {
      defaults: { softId: "77", maxBid: "" },
      languageOptions: ["en"],
    })
    expect(partial.json()).toMatchObject({
      defaults: { language: "ru", softId: 77, maxBid: null },
      languageOptions: LANGUAGES,
    })
    await browser.send("PUT", "/api/v2/captcha/settings", { defaults: { maxBid: 0.35 } })

    const refusals: [unknown, string, string][] = [
      [{ defaults: { language: "xx" } }, "LANGUAGE_UNKNOWN", "defaults.language"],
      [{ defaults: { softId: 0 } }, "SOFT_ID_INVALID", "defaults.softId"],
      [{ defaults: { softId: -3 } }, "SOFT_ID_INVALID", "defaults.softId"],
      [{ defaults: { softId: 1.5 } }, "SOFT_ID_INVALID", "defaults.softId"],
      [{ defaults: { softId: "12ab" } }, "SOFT_ID_INVALID", "defaults.softId"],
      [{ defaults: { softId: 2_147_483_648 } }, "SOFT_ID_INVALID", "defaults.softId"],
      [{ defaults: { maxBid: "0" } }, "MAX_BID_INVALID", "defaults.maxBid"],
      [{ defaults: { maxBid: "1.2345" } }, "MAX_BID_INVALID", "defaults.maxBid"],
      [{ defaults: { maxBid: "1000.5" } }, "MAX_BID_INVALID", "defaults.maxBid"],
      [{ defaults: { maxBid: "cheap" } }, "MAX_BID_INVALID", "defaults.maxBid"],
      [{ defaults: { colour: "red" } }, "VALIDATION_FAILED", "defaults.colour"],
      [{ defaults: { softId: [1] } }, "SOFT_ID_INVALID", "defaults.softId"],
      [{ defaults: { maxBid: { usd: 1 } } }, "MAX_BID_INVALID", "defaults.maxBid"],
      [{ defaults: { language: 5 } }, "LANGUAGE_UNKNOWN", "defaults.language"],
    ]
    for (const [body, code, fieldName] of refusals) {
      const response = await browser.send("PUT", "/api/v2/captcha/settings", body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorOf(response).code, JSON.stringify(body)).toBe(code)
      expect(errorOf(response).details?.[0]?.field).toBe(fieldName)
      if (code !== "VALIDATION_FAILED") expect(errorOf(response).message.length).toBeGreaterThan(30)
    }
    // Several problems: one detail each, with its own message.
    const several = await browser.send("PUT", "/api/v2/captcha/settings", {
      allowedIps: ["nowhere"],
      defaults: { language: "xx", softId: 0, maxBid: "-1" },
    })
    expect(several.statusCode).toBe(400)
    expect(errorOf(several).code).toBe("SETTINGS_INVALID")
    expect(errorOf(several).details?.map((detail) => detail.field)).toEqual([
      "allowedIps.0",
      "defaults.language",
      "defaults.softId",
      "defaults.maxBid",
    ])
    expect((await browser.get("/api/v2/captcha/settings")).json().defaults).toEqual({
      language: "ru",
      softId: 77,
      maxBid: "0.35",
    })

    // The maximum bid is an amount of the currency: changing the currency drops it.
    const rub = await browser.send("PUT", "/api/v2/captcha/settings", { currency: "RUB" })
    expect(rub.json().defaults).toEqual({ language: "ru", softId: 77, maxBid: null })
    const both = await browser.send("PUT", "/api/v2/captcha/settings", {
      currency: "USD",
      defaults: { maxBid: "0.60" },
    })
    expect(both.json()).toMatchObject({ currency: "USD", defaults: { maxBid: "0.60" } })
  })

  it("applies the defaults to tasks without their own, through /in.php and createTask", async () => {
    const { key, browser } = await newAccount("customer")
    await browser.send("PUT", "/api/v2/captcha/settings", { defaults: { language: "ru", softId: 4242 } })
    const stored = async (id: string) =>
      (
        await db.query<{ language: string | null; soft_id: number | null }>(
          "SELECT language, soft_id FROM captcha_tasks WHERE id = $1",
          [id],
        )
      ).rows[0]
    const inPhp = async (extra: Record<string, string> = {}) => {
      const query = new URLSearchParams({
        key,
        method: "base64",
        body: pngImage().toString("base64"),
        ...extra,
      })
      const answer = (await app.inject({ method: "GET", url: `/in.php?${query}` })).body
      expect(answer).toMatch(/^OK\|\d+$/)
      return answer.slice(3)
    }
    const createTask = async (task: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
      const answer = (
        await app.inject({ method: "POST", url: "/createTask", payload: { clientKey: key, task, ...extra } })
      ).json<{ errorId: number; taskId: number }>()
      expect(answer.errorId).toBe(0)
      return String(answer.taskId)
    }
    const image = () => ({ type: "ImageToTextTask", body: pngImage().toString("base64") })
    const token = {
      type: "RecaptchaV2TaskProxyless",
      websiteURL: recaptcha.params.websiteURL,
      websiteKey: recaptcha.params.websiteKey,
    }

    expect(await stored(await inPhp())).toEqual({ language: "ru", soft_id: 4242 })
    expect(await stored(await inPhp({ lang: "es", soft_id: "9" }))).toEqual({ language: "es", soft_id: 9 })
    expect(await stored(await createTask(image()))).toEqual({ language: "ru", soft_id: 4242 })
    expect(await stored(await createTask(image(), { languagePool: "en", softId: 5 }))).toEqual({
      language: "en",
      soft_id: 5,
    })
    // Token tasks have no language pool; the soft_id still applies.
    expect(await stored(await createTask(token))).toEqual({ language: null, soft_id: 4242 })

    await browser.send("PUT", "/api/v2/captcha/settings", { defaults: { language: null, softId: null } })
    expect(await stored(await inPhp())).toEqual({ language: null, soft_id: null })
  })

  it("refuses image tasks priced above the maximum bid with ERROR_NO_SLOT_AVAILABLE", async () => {
    const { key, browser } = await newAccount("customer")
    // ImageToTextTask costs 0.50 USD per 1,000 (500 micro-units per task).
    await browser.send("PUT", "/api/v2/captcha/settings", { defaults: { maxBid: "0.40" } })
    const client = await app.captchaEngine.authenticate(key, CUSTOMER_IP)
    const balance = (await app.captchaEngine.balance(client)).amount
    const body = pngImage().toString("base64")

    const classic = await app.inject({
      method: "GET",
      url: `/in.php?key=${key}&method=base64&body=${encodeURIComponent(body)}`,
    })
    expect(classic.body).toBe("ERROR_NO_SLOT_AVAILABLE")
    const classicJson = await app.inject({
      method: "GET",
      url: `/in.php?key=${key}&method=base64&json=1&body=${encodeURIComponent(body)}`,
    })
    expect(classicJson.json()).toEqual({
      status: 0,
      request: "ERROR_NO_SLOT_AVAILABLE",
      error_text: "ImageToTextTask costs 0.50 USD per 1,000, above your maximum bid of 0.40 USD",
    })
    const v2 = await app.inject({
      method: "POST",
      url: "/createTask",
      payload: { clientKey: key, task: { type: "ImageToTextTask", body } },
    })
    expect(v2.json()).toMatchObject({ errorId: 2, errorCode: "ERROR_NO_SLOT_AVAILABLE" })
    expect(v2.json().errorDescription).toMatch(/maximum bid of 0.40 USD/)
    expect((await app.captchaEngine.balance(client)).amount).toBe(balance)

    // Token tasks are not bid for; at exactly the bid an image task is taken.
    expect(await refusalCode(submit(client))).toBe("accepted")
    await browser.send("PUT", "/api/v2/captcha/settings", { defaults: { maxBid: "0.5" } })
    const atBid = await app.inject({
      method: "GET",
      url: `/in.php?key=${key}&method=base64&body=${encodeURIComponent(body)}`,
    })
    expect(atBid.body).toMatch(/^OK\|\d+$/)
  })

  it("changes the currency only while no task is open", async () => {
    const { key, browser } = await newAccount("customer")
    const client = await app.captchaEngine.authenticate(key, CUSTOMER_IP)
    const { id } = await submit(client)

    const blocked = await browser.send("PUT", "/api/v2/captcha/settings", { currency: "RUB", allowedIps: [] })
    expect(blocked.statusCode).toBe(409)
    expect(errorOf(blocked)).toMatchObject({
      code: "CURRENCY_CHANGE_BLOCKED",
      details: [{ field: "currency" }],
    })
    expect((await browser.get("/api/v2/captcha/settings")).json()).toMatchObject({ currency: "USD" })
    // Keeping the currency is not a change.
    expect((await browser.send("PUT", "/api/v2/captcha/settings", { currency: "USD" })).statusCode).toBe(200)

    // Once the task has ended (its deadline passed), the currency may change.
    await db.query("UPDATE captcha_tasks SET deadline_at = now() - interval '1 second' WHERE id = $1", [id])
    await app.captchaEngine.expire(id)
    const changed = await browser.send("PUT", "/api/v2/captcha/settings", { currency: "RUB" })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ currency: "RUB" })
    const now = await app.captchaEngine.authenticate(key, CUSTOMER_IP)
    expect(now.currency).toBe("RUB")
    // The credit is in dollars: in roubles this customer has nothing to spend yet.
    expect(await refusalCode(submit(now))).toBe("ERROR_ZERO_BALANCE")
  })

  it("lists the customer's recent tasks newest first, page by page", async () => {
    const { key, browser } = await newAccount("customer")
    const other = await newAccount("customer")
    const client = await app.captchaEngine.authenticate(key, CUSTOMER_IP)
    const ids: string[] = []
    for (let n = 0; n < 3; n++) ids.push((await submit(client)).id)
    await submit(await app.captchaEngine.authenticate(other.key, CUSTOMER_IP))

    const first = await browser.get("/api/v2/captcha/tasks?limit=2")
    expect(first.statusCode).toBe(200)
    const page = first.json<{ tasks: Record<string, unknown>[]; next: string | null }>()
    expect(page.tasks.map((task) => task.id)).toEqual([ids[2], ids[1]])
    expect(page.next).toBe(ids[1])
    expect(page.tasks[0]).toEqual({
      id: ids[2],
      type: "RecaptchaV2Task",
      state: "open",
      cost: 0,
      currency: "USD",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      endedAt: null,
      report: null,
      refunded: false,
      reportableUntil: null,
    })
    const rest = await browser.get(`/api/v2/captcha/tasks?limit=2&before=${page.next}`)
    expect(rest.json()).toMatchObject({ tasks: [{ id: ids[0] }], next: null })
    expect((await browser.get("/api/v2/captcha/tasks")).json().tasks).toHaveLength(3)

    for (const query of ["limit=0", "limit=101", "limit=ten", "before=abc", "page=2"]) {
      const refused = await browser.get(`/api/v2/captcha/tasks?${query}`)
      expect(refused.statusCode, query).toBe(400)
      expect(errorOf(refused).code).toBe("VALIDATION_FAILED")
    }
  })

  it("registers, lists and removes pingback addresses", async () => {
    const { id, browser } = await newAccount("developer")
    expect((await browser.get("/api/v2/captcha/pingbacks")).json()).toEqual({ addresses: [] })

    const added = await browser.post("/api/v2/captcha/pingbacks", { url: PINGBACK_URL })
    expect(added.statusCode).toBe(200)
    expect(added.json()).toEqual({ addresses: [PINGBACK_URL] })
    // A repeated address is kept once.
    await browser.post("/api/v2/captcha/pingbacks", { url: PINGBACK_URL })
    expect((await browser.get("/api/v2/captcha/pingbacks")).json()).toEqual({ addresses: [PINGBACK_URL] })

    for (const url of ["ftp://93.184.216.34/x", "not a url", "https://user:secret@93.184.216.34/"]) {
      const refused = await browser.post("/api/v2/captcha/pingbacks", { url })
      expect(refused.statusCode, url).toBe(400)
      expect(errorOf(refused)).toMatchObject({ code: "PINGBACK_URL_REFUSED", details: [{ field: "url" }] })
      expect(errorOf(refused).message).toMatch(/^Pingback URL refused: /)
    }
    for (const body of [{}, { url: PINGBACK_URL, method: "POST" }, { url: "" }]) {
      const refused = await browser.post("/api/v2/captcha/pingbacks", body)
      expect(refused.statusCode).toBe(400)
      expect(errorOf(refused).code).toBe("VALIDATION_FAILED")
    }

    const removed = await browser.send(
      "DELETE",
      `/api/v2/captcha/pingbacks?url=${encodeURIComponent(PINGBACK_URL)}`,
    )
    expect(removed.statusCode).toBe(200)
    expect(removed.json()).toEqual({ removed: 1, addresses: [] })
    const again = await browser.send(
      "DELETE",
      `/api/v2/captcha/pingbacks?url=${encodeURIComponent(PINGBACK_URL)}`,
    )
    expect(again.statusCode).toBe(404)
    expect(errorOf(again).code).toBe("PINGBACK_ADDRESS_NOT_FOUND")
    expect((await browser.send("DELETE", "/api/v2/captcha/pingbacks")).statusCode).toBe(400)

    // At most 50 addresses; "all" removes every one.
    for (let n = 0; n < 50; n++)
      await db.query("INSERT INTO pingback_addresses (user_id, url) VALUES ($1, $2)", [
        id,
        `https://cb${n}.example/`,
      ])
    const full = await browser.post("/api/v2/captcha/pingbacks", { url: PINGBACK_URL })
    expect(full.statusCode).toBe(409)
    expect(errorOf(full).code).toBe("TOO_MANY_PINGBACK_ADDRESSES")
    const all = await browser.send("DELETE", "/api/v2/captcha/pingbacks?url=all")
    expect(all.json()).toEqual({ removed: 50, addresses: [] })
  })

  it("shows the pingback delivery log of the customer's own task", async () => {
    const { key, browser } = await newAccount("customer")
    const stranger = await newAccount("customer")
    await browser.post("/api/v2/captcha/pingbacks", { url: PINGBACK_URL })
    const client = await app.captchaEngine.authenticate(key, CUSTOMER_IP)
    const { id } = await submit(client, recaptcha, `${PINGBACK_URL}?order=7`)

    const waiting = await browser.get(`/api/v2/captcha/tasks/${id}/pingback`)
    expect(waiting.statusCode).toBe(200)
    expect(waiting.json()).toEqual({ taskId: id, url: `${PINGBACK_URL}?order=7`, state: null, attempts: [] })

    // The log as the delivery worker writes it (a delivered row is not sent again).
    const attempts = [
      { at: "2025-01-01T00:00:00.000Z", error: "connect ECONNREFUSED", durationMs: 12 },
      { at: "2025-01-01T00:00:10.000Z", status: 200, durationMs: 40 },
    ]
    await db.query(
      `INSERT INTO pingback_deliveries (task_id, url, code, attempts, state, log)
       VALUES ($1, $2, 'answer', 2, 'delivered', $3)`,
      [id, `${PINGBACK_URL}?order=7`, JSON.stringify(attempts)],
    )
    const delivered = await browser.get(`/api/v2/captcha/tasks/${id}/pingback`)
    expect(delivered.json()).toEqual({
      taskId: id,
      url: `${PINGBACK_URL}?order=7`,
      state: "delivered",
      attempts,
    })

    const notTheirs = await stranger.browser.get(`/api/v2/captcha/tasks/${id}/pingback`)
    expect(notTheirs.statusCode).toBe(404)
    expect(errorOf(notTheirs).code).toBe("TASK_NOT_FOUND")
    expect((await browser.get("/api/v2/captcha/tasks/12ab/pingback")).statusCode).toBe(400)
  })

  it("publishes the prices per 1,000 tasks", async () => {
    const response = await app.inject({ method: "GET", url: "/api/v1/captcha/prices" })
    expect(response.statusCode).toBe(200)
    const { prices } = response.json<{ prices: Record<string, unknown>[] }>()
    expect(prices).toContainEqual({
      type: "ImageToTextTask",
      kind: "image",
      currency: "USD",
      perThousand: "0.50",
      deadlineSeconds: 90,
    })
    expect(prices).toContainEqual({
      type: "ImageToTextTask",
      kind: "image",
      currency: "RUB",
      perThousand: "45.00",
      deadlineSeconds: 90,
    })
    expect(prices).toContainEqual({
      type: "RecaptchaV2Task",
      kind: "token",
      currency: "USD",
      perThousand: "2.99",
      deadlineSeconds: 300,
    })
    // Euros are a list currency beside the two that accounts pay in: USD 0.50 is EUR 0.46.
    expect(prices).toContainEqual({
      type: "ImageToTextTask",
      kind: "image",
      currency: "EUR",
      perThousand: "0.46",
      deadlineSeconds: 90,
    })
    const types = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM captcha_types WHERE enabled")
    expect(prices).toHaveLength(types.rows[0]!.n * 3)
  })

  it("lets administrators change prices, shares and types, charged from the next submission", async () => {
    const admin = await signedIn("admin@demo.manyhands.dev")
    const { key } = await newAccount("customer")
    const turnstile: NewTask = {
      type: "TurnstileTask",
      params: { websiteURL: "https://shop.example/", websiteKey: "0x4AAAAAAAC3DHQFLr1GavRN" },
      files: [],
      language: null,
    }
    const list = await admin.get("/api/v2/admin/captcha-prices")
    expect(list.statusCode).toBe(200)
    const types = list.json<{ types: { type: string }[] }>().types
    expect(types.find((type) => type.type === "TurnstileTask")).toEqual({
      type: "TurnstileTask",
      kind: "token",
      enabled: true,
      workerSharePercent: 60,
      deadlineSeconds: 300,
      prices: { USD: "1.45", RUB: "130.50", EUR: "1.334" },
    })

    const client = await app.captchaEngine.authenticate(key, CUSTOMER_IP)
    const before = await submit(client, turnstile)
    expect(await priceOfTask(before.id)).toBe(1450)
    const transfers = async () =>
      (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transfers")).rows[0]!.n
    const transfersBefore = await transfers()

    const changed = await admin.send("PUT", "/api/v2/admin/captcha-prices", {
      type: "TurnstileTask",
      currency: "USD",
      perThousand: "3.125",
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toMatchObject({ type: "TurnstileTask", prices: { USD: "3.125", RUB: "130.50" } })
    expect(await transfers()).toBe(transfersBefore)

    const balanceBefore = (await app.captchaEngine.balance(client)).amount
    const after = await submit(client, turnstile)
    expect(await priceOfTask(after.id)).toBe(3125)
    expect((await app.captchaEngine.balance(client)).amount).toBe(balanceBefore - 3125)
    const published = (await app.inject({ method: "GET", url: "/api/v1/captcha/prices" })).json<{
      prices: { type: string; currency: string; perThousand: string }[]
    }>().prices
    expect(published).toContainEqual(
      expect.objectContaining({ type: "TurnstileTask", currency: "USD", perThousand: "3.125" }),
    )

    const share = await admin.send("PUT", "/api/v2/admin/captcha-prices", {
      type: "TurnstileTask",
      workerSharePercent: 75,
    })
    expect(share.json()).toMatchObject({ workerSharePercent: 75 })
    expect((await app.captchaEngine.catalogue.get("TurnstileTask"))?.workerSharePercent).toBe(75)

    const off = await admin.send("PUT", "/api/v2/admin/captcha-prices", {
      type: "TurnstileTask",
      enabled: false,
    })
    expect(off.json()).toMatchObject({ enabled: false })
    expect(await refusalCode(submit(client, turnstile))).toBe("ERROR_METHOD_CALL")
    const withoutTurnstile = (await app.inject({ method: "GET", url: "/api/v1/captcha/prices" })).json<{
      prices: { type: string }[]
    }>().prices
    expect(withoutTurnstile.some((price) => price.type === "TurnstileTask")).toBe(false)
    await admin.send("PUT", "/api/v2/admin/captcha-prices", { type: "TurnstileTask", enabled: true })
    expect(await refusalCode(submit(client, turnstile))).toBe("accepted")

    const refusals: [unknown, number, string][] = [
      [{ type: "TurnstileTask", currency: "USD", perThousand: "0" }, 400, "PRICE_INVALID"],
      [{ type: "TurnstileTask", currency: "USD", perThousand: "1000.001" }, 400, "PRICE_INVALID"],
      [{ type: "TurnstileTask", currency: "RUB", perThousand: "1.2345" }, 400, "PRICE_INVALID"],
      [{ type: "TurnstileTask", currency: "RUB", perThousand: "cheap" }, 400, "PRICE_INVALID"],
      [{ type: "TurnstileTask", currency: "GBP", perThousand: "1.00" }, 400, "VALIDATION_FAILED"],
      [{ type: "TurnstileTask", currency: "USD" }, 400, "VALIDATION_FAILED"],
      [{ type: "TurnstileTask", perThousand: "1.00" }, 400, "VALIDATION_FAILED"],
      [{ type: "TurnstileTask" }, 400, "VALIDATION_FAILED"],
      [{ type: "TurnstileTask", workerSharePercent: 101 }, 400, "VALIDATION_FAILED"],
      [{ type: "TurnstileTask", workerSharePercent: -1 }, 400, "VALIDATION_FAILED"],
      [{ type: "TurnstileTask", enabled: true, colour: "red" }, 400, "VALIDATION_FAILED"],
      [{ type: "NoSuchTask", enabled: false }, 404, "CAPTCHA_TYPE_NOT_FOUND"],
    ]
    for (const [body, status, code] of refusals) {
      const response = await admin.send("PUT", "/api/v2/admin/captcha-prices", body)
      expect(response.statusCode, JSON.stringify(body)).toBe(status)
      expect(errorOf(response).code).toBe(code)
      if (code === "PRICE_INVALID")
        expect(errorOf(response).details).toMatchObject([{ field: "perThousand" }])
    }
    // The most allowed price, then the original again.
    const top = await admin.send("PUT", "/api/v2/admin/captcha-prices", {
      type: "TurnstileTask",
      currency: "RUB",
      perThousand: "1000",
    })
    expect(top.json()).toMatchObject({ prices: { RUB: "1000.00" } })
    await admin.send("PUT", "/api/v2/admin/captcha-prices", {
      type: "TurnstileTask",
      currency: "RUB",
      perThousand: "130.5",
    })
    await admin.send("PUT", "/api/v2/admin/captcha-prices", {
      type: "TurnstileTask",
      currency: "USD",
      perThousand: "1.45",
    })
    expect(await transfers()).toBeGreaterThan(transfersBefore) // only the submissions moved money
  })

  it("stores a worker's languages", async () => {
    const { id, browser } = await newAccount("worker")
    expect((await browser.get("/api/v2/worker/settings")).json()).toEqual({
      languages: ["en"],
      available: LANGUAGES,
    })
    // The list of languages is GET only: sent back, it is ignored.
    const changed = await browser.send("PUT", "/api/v2/worker/settings", {
      languages: ["ru", "en", "fil"],
      available: ["en"],
    })
    expect(changed.statusCode).toBe(200)
    expect(changed.json()).toEqual({ languages: ["ru", "en", "fil"], available: LANGUAGES })
    const stored = await db.query<{ languages: string[] }>(
      "SELECT worker_languages AS languages FROM users WHERE id = $1",
      [id],
    )
    expect(stored.rows[0]!.languages).toEqual(["ru", "en", "fil"])

    const unknown = await browser.send("PUT", "/api/v2/worker/settings", { languages: ["en", "xx"] })
    expect(unknown.statusCode).toBe(400)
    expect(errorOf(unknown)).toMatchObject({ code: "LANGUAGE_UNKNOWN", details: [{ field: "languages.1" }] })
    const codes = ["en", "ru", "es", "pt", "uk", "vi", "fr", "id", "ar", "ja", "tr"]
    for (const body of [
      { languages: [] },
      { languages: codes },
      { languages: ["en", "en"] },
      {},
      { languages: ["en"], x: 1 },
    ]) {
      const refused = await browser.send("PUT", "/api/v2/worker/settings", body)
      expect(refused.statusCode, JSON.stringify(body)).toBe(400)
      expect(errorOf(refused).code).toBe("VALIDATION_FAILED")
    }
    expect((await browser.get("/api/v2/worker/settings")).json()).toMatchObject({
      languages: ["ru", "en", "fil"],
    })
  })
})

import { randomBytes } from "node:crypto"
import Fastify, { type FastifyInstance } from "fastify"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest"
import { loadConfig } from "../src/config"
import type { Database } from "../src/db/database"
import { installErrorHandler } from "../src/http/errors"
import type { AbuseLimits } from "../src/modules/captcha/abuse"
import { LimitStore } from "../src/modules/limits/store"
import { customerApiRoutes, decimal } from "../src/modules/captcha/customer-routes"
import { pruneIdempotencyKeys } from "../src/modules/captcha/idempotency"
import type { Offer } from "@manyhands/contract/worker"
import {
  giveApiKey,
  giveCredit,
  pngImage,
  userId,
  takeOffer as takeOfferFrom,
  solveImage as solveImageAs,
} from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

const newKey = () => randomBytes(16).toString("hex")

function multipart(
  fields: Record<string, string>,
  files: { field: string; filename: string; data: Buffer }[],
) {
  const boundary = `----test${randomBytes(8).toString("hex")}`
  const pieces: Buffer[] = []
  for (const [name, value] of Object.entries(fields))
    pieces.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  for (const file of files) {
    pieces.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          "Content-Type: image/png\r\n\r\n",
      ),
      file.data,
      Buffer.from("\r\n"),
    )
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(pieces), contentType: `multipart/form-data; boundary=${boundary}` }
}

describe("money in answers", () => {
  it("formats money with the decimals the API shows", () => {
    expect(decimal(500, 5)).toBe("0.00050")
    expect(decimal(2990, 5)).toBe("0.00299")
    expect(decimal(1234, 5)).toBe("0.001234")
    expect(decimal(24_999_500, 2)).toBe("24.9995")
    expect(decimal(25_000_000, 2)).toBe("25.00")
  })
})

describe.each(engines)("classic API (in.php, res.php) on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let logs: string[]
  let stop: () => Promise<void>
  let workerId: string
  let customerId: string
  const customerKey = newKey()
  const otherKey = newKey()
  const brokeKey = newKey()

  /** GET or POST (urlencoded) to in.php / res.php; every API answer is HTTP 200. */
  async function call(
    path: "/in.php" | "/res.php",
    params: Record<string, string>,
    options: { method?: "GET" | "POST"; remoteAddress?: string; headers?: Record<string, string> } = {},
  ) {
    const method = options.method ?? "GET"
    const query = new URLSearchParams(params).toString()
    const response = await app.inject({
      method,
      url: method === "GET" ? `${path}?${query}` : path,
      ...(method === "POST"
        ? {
            payload: query,
            headers: { "content-type": "application/x-www-form-urlencoded", ...options.headers },
          }
        : { headers: options.headers ?? {} }),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    })
    expect(response.statusCode).toBe(200)
    return response
  }
  const text = async (path: "/in.php" | "/res.php", params: Record<string, string>, remoteAddress?: string) =>
    (await call(path, params, remoteAddress ? { remoteAddress } : {})).body
  const json = async (path: "/in.php" | "/res.php", params: Record<string, string>) =>
    (await call(path, { ...params, json: "1" })).json<Record<string, unknown>>()

  const submitImage = async (key = customerKey, image = pngImage()) => {
    const answer = await text("/in.php", { key, method: "base64", body: image.toString("base64") })
    expect(answer).toMatch(/^OK\|\d+$/)
    return { id: answer.slice(3), image }
  }

  const takeOffer = (match: (offer: Offer) => boolean, types?: string[]) =>
    takeOfferFrom(app.captchaEngine, workerId, match, types)
  const solveImage = (image: Buffer, answer: string) =>
    solveImageAs(app.captchaEngine, workerId, image, answer)
  const balance = async (key = customerKey) => text("/res.php", { key, action: "getbalance" })

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

  it("takes a task by GET, answers CAPCHA_NOT_READY until a worker solves it, then the answer", async () => {
    const { id, image } = await submitImage()
    expect(await text("/res.php", { key: customerKey, action: "get", id })).toBe("CAPCHA_NOT_READY")
    expect(await json("/res.php", { key: customerKey, action: "get", id })).toMatchObject({
      status: 0,
      request: "CAPCHA_NOT_READY",
    })
    await solveImage(image, "w0rd")
    expect(await text("/res.php", { key: customerKey, action: "get", id })).toBe("OK|w0rd")
    expect(await json("/res.php", { key: customerKey, action: "get", id })).toEqual({
      status: 1,
      request: "w0rd",
    })
    expect(await text("/res.php", { key: customerKey, action: "get2", id })).toBe("OK|w0rd|0.00050")
    expect(await json("/res.php", { key: customerKey, action: "get2", id })).toEqual({
      status: 1,
      request: "w0rd",
      price: "0.00050",
    })
  })

  it("merges urlencoded bodies with the query, names in any case", async () => {
    const image = pngImage()
    const response = await app.inject({
      method: "POST",
      url: "/in.php?JSON=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        KEY: customerKey,
        Method: "base64",
        BODY: image.toString("base64"),
      }).toString(),
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers["content-type"]).toMatch(/^application\/json/)
    const body = response.json<{ status: number; request: string }>()
    expect(body).toEqual({ status: 1, request: expect.stringMatching(/^\d+$/) })
    await solveImage(image, "form")
    expect(await text("/res.php", { key: customerKey, action: "get", id: body.request })).toBe("OK|form")
  })

  it("takes multipart uploads, checks the file name, and refuses malformed bodies", async () => {
    const image = pngImage()
    const upload = multipart({ key: customerKey, method: "post", regsense: "1" }, [
      { field: "file", filename: "captcha.png", data: image },
    ])
    const response = await app.inject({
      method: "POST",
      url: "/in.php",
      headers: { "content-type": upload.contentType },
      payload: upload.payload,
    })
    expect(response.body).toMatch(/^OK\|\d+$/)
    const id = response.body.slice(3)
    const offer = await takeOffer((candidate) => candidate.files[0]?.data === image.toString("base64"))
    expect(offer.params).toMatchObject({ case: true })
    await app.captchaEngine.workers.answer(workerId, offer.assignmentId, { text: "AbC" })
    expect(await text("/res.php", { key: customerKey, action: "get", id })).toBe("OK|AbC")

    const wrongName = multipart({ key: customerKey, method: "post" }, [
      { field: "file", filename: "captcha.exe", data: pngImage() },
    ])
    const refused = await app.inject({
      method: "POST",
      url: "/in.php",
      headers: { "content-type": wrongName.contentType },
      payload: wrongName.payload,
    })
    expect([refused.statusCode, refused.body]).toEqual([200, "ERROR_WRONG_FILE_EXTENSION"])

    const broken = await app.inject({
      method: "POST",
      url: "/in.php?json=1",
      headers: { "content-type": upload.contentType },
      payload: upload.payload.subarray(0, upload.payload.length - 40),
    })
    expect(broken.statusCode).toBe(200)
    expect(broken.json()).toMatchObject({ status: 0, request: "ERROR_UPLOAD" })

    // Parameter names in any case; the refusals of malformed and oversized bodies.
    const send = (payload: Buffer | string, contentType: string) =>
      app.inject({ method: "POST", url: "/in.php", headers: { "content-type": contentType }, payload })
    const mixed = multipart({ KEY: customerKey, Method: "post" }, [
      { field: "File", filename: "c.png", data: pngImage() },
    ])
    expect((await send(mixed.payload, mixed.contentType)).body).toMatch(/^OK\|\d+$/)
    expect((await send(upload.payload, "multipart/form-data")).body).toBe("ERROR_UPLOAD")
    const many = multipart(Object.fromEntries(Array.from({ length: 120 }, (_, n) => [`f${n}`, "x"])), [])
    expect((await send(many.payload, many.contentType)).body).toBe("ERROR_UPLOAD")
    const huge = multipart({ key: customerKey, method: "post" }, [
      { field: "file", filename: "big.png", data: Buffer.alloc(2 * 1024 * 1024 + 1, 1) },
    ])
    expect((await send(huge.payload, huge.contentType)).body).toBe("ERROR_TOO_BIG_CAPTCHA_FILESIZE")
    const halves = multipart({ key: customerKey, method: "post" }, [
      { field: "file", filename: "a.png", data: Buffer.alloc(1024 * 1024 + 1, 1) },
      { field: "file2", filename: "b.png", data: Buffer.alloc(1024 * 1024 + 1, 1) },
    ])
    expect((await send(halves.payload, halves.contentType)).body).toBe("ERROR_TOO_BIG_CAPTCHA_FILESIZE")
  })

  it("takes JSON bodies with numbers and booleans, and adds CORS on header_acao", async () => {
    const image = pngImage()
    const response = await app.inject({
      method: "POST",
      url: "/in.php",
      payload: {
        key: customerKey,
        method: "base64",
        body: image.toString("base64"),
        json: 1,
        header_acao: true,
        soft_id: 4587,
        numeric: 1,
      },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers["access-control-allow-origin"]).toBe("*")
    const { request: id } = response.json<{ request: string }>()
    const stored = await db.query<{ soft_id: number; params: Record<string, unknown> }>(
      "SELECT soft_id, params FROM captcha_tasks WHERE id = $1",
      [id],
    )
    expect(stored.rows[0]).toMatchObject({ soft_id: 4587, params: { numeric: 1 } })
    await solveImage(image, "123")

    const plain = await call("/res.php", { key: customerKey, action: "get", id })
    expect(plain.headers["access-control-allow-origin"]).toBeUndefined()
    const cors = await call("/res.php", { key: customerKey, action: "get", id, header_acao: "1" })
    expect([cors.body, cors.headers["access-control-allow-origin"]]).toEqual(["OK|123", "*"])
    const preflight = await app.inject({
      method: "OPTIONS",
      url: "/in.php",
      headers: { origin: "https://example.com", "access-control-request-method": "POST" },
    })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers["access-control-allow-origin"]).toBe("*")
  })

  it("solves a token task given by GET for a worker client that declares the type", async () => {
    const pageurl = `https://example.com/${randomBytes(4).toString("hex")}`
    const answer = await text("/in.php", {
      key: customerKey,
      method: "userrecaptcha",
      googlekey: "6Le-wvkSAAAAAPBMRTvw0Q4Muexq9bi0DJwx_mJ-",
      pageurl,
    })
    expect(answer).toMatch(/^OK\|\d+$/)
    const offer = await takeOffer((candidate) => candidate.params.websiteURL === pageurl, ["RecaptchaV2Task"])
    await app.captchaEngine.workers.answer(workerId, offer.assignmentId, { gRecaptchaResponse: "03AGdBq2" })
    expect(await text("/res.php", { key: customerKey, action: "get", id: answer.slice(3) })).toBe(
      "OK|03AGdBq2",
    )
  })

  it("answers several ids at once, each slot on its own", async () => {
    const solved = await submitImage()
    await solveImage(solved.image, "one")
    const waiting = await submitImage()
    const ids = [solved.id, waiting.id, "123456789", "abc"].join(",")
    expect(await text("/res.php", { key: customerKey, action: "get", ids })).toBe(
      "one|CAPCHA_NOT_READY|ERROR_WRONG_CAPTCHA_ID|ERROR_WRONG_ID_FORMAT",
    )
    expect(
      await json("/res.php", { key: customerKey, action: "get", ids: `${solved.id},${waiting.id}` }),
    ).toEqual({
      status: 1,
      request: "one|CAPCHA_NOT_READY",
    })
  })

  it("holds the price from the balance at once, and refuses a customer without money", async () => {
    const before = await balance()
    expect(before).toMatch(/^\d+\.\d{2,6}$/)
    await submitImage()
    const after = await balance()
    expect(Math.round((Number(before) - Number(after)) * 1e6)).toBe(500)
    expect(await json("/res.php", { key: customerKey, action: "getbalance" })).toEqual({
      status: 1,
      request: after,
    })
    expect(await balance(brokeKey)).toBe("0.00")
    expect(
      await text("/in.php", { key: brokeKey, method: "base64", body: pngImage().toString("base64") }),
    ).toBe("ERROR_ZERO_BALANCE")
    // A transfer from the promotional credit is what makes the same submission pass.
    await giveCredit(db, await userId(db, "admin@demo.manyhands.dev"), 400)
    expect(
      await text("/in.php", { key: brokeKey, method: "base64", body: pngImage().toString("base64") }),
    ).toBe("ERROR_ZERO_BALANCE")
    expect(await balance(brokeKey)).toBe("0.0004")
  })

  it("stores a task, its image and its hold in one statement without a transaction around it (issue 27)", async () => {
    // The customer's and the platform's ledger accounts are kept by the process once read committed: the first
    // submission may make the platform's account, the second reads it.
    await submitImage()
    await submitImage()
    const statements: string[] = []
    const query = db.query.bind(db)
    const transaction = db.transaction.bind(db)
    const spies = [
      vi.spyOn(db, "query").mockImplementation((sql, params) => (statements.push(sql), query(sql, params))),
      vi.spyOn(db, "transaction").mockImplementation((work) => (statements.push("BEGIN"), transaction(work))),
    ]
    let id: string
    try {
      ;({ id } = await submitImage())
    } finally {
      for (const spy of spies) spy.mockRestore()
    }
    expect(statements).toHaveLength(1)
    expect(statements[0]).toMatch(/INSERT INTO captcha_tasks/)
    const { rows } = await db.query<{ files: number; held: string }>(
      `SELECT (SELECT count(*)::int FROM captcha_task_files WHERE task_id = t.id) AS files,
              (SELECT amount::text FROM ledger_transfers WHERE idempotency_key = t.hold_key AND kind = 'pending') AS held
         FROM captcha_tasks t WHERE t.id = $1`,
      [id],
    )
    expect(rows).toEqual([{ files: 1, held: "500" }])
  })

  it("refuses bad, unknown and misplaced keys", async () => {
    expect(await text("/in.php", { key: "short", method: "base64" })).toBe("ERROR_WRONG_USER_KEY")
    expect(await text("/res.php", { action: "getbalance" })).toBe("ERROR_WRONG_USER_KEY")
    expect(await text("/res.php", { key: newKey(), action: "getbalance" }, "10.0.0.7")).toBe(
      "ERROR_KEY_DOES_NOT_EXIST",
    )
    expect(await json("/res.php", { key: "x", action: "getbalance" })).toMatchObject({
      status: 0,
      request: "ERROR_WRONG_USER_KEY",
      error_text: expect.any(String),
    })
    await db.query("UPDATE users SET api_allowed_ips = '{10.1.2.3}' WHERE id = $1", [customerId])
    try {
      expect(await balance()).toBe("ERROR_IP_NOT_ALLOWED")
      expect(await text("/res.php", { key: customerKey, action: "getbalance" }, "10.1.2.3")).toMatch(
        /^\d+\.\d+$/,
      )
    } finally {
      await db.query("UPDATE users SET api_allowed_ips = '{}' WHERE id = $1", [customerId])
    }
  })

  it("takes the key from a header too, and never writes it to the log", async () => {
    const byHeader = await call(
      "/res.php",
      { action: "getbalance" },
      { headers: { "x-api-key": customerKey } },
    )
    expect(byHeader.body).toMatch(/^\d+\.\d+$/)
    const bearer = await call(
      "/res.php",
      { action: "getbalance" },
      { headers: { authorization: `Bearer ${customerKey}` } },
    )
    expect(bearer.body).toMatch(/^\d+\.\d+$/)
    await call("/res.php", { key: customerKey, action: "getbalance" }, { method: "POST" })
    await call("/res.php", { key: customerKey, action: "getbalance" })
    expect(logs.join("")).toContain("/res.php")
    expect(logs.join("")).not.toContain(customerKey)
  })

  it("refuses malformed, unknown and foreign ids", async () => {
    expect(await text("/res.php", { key: customerKey, action: "get", id: "12ab" })).toBe(
      "ERROR_WRONG_ID_FORMAT",
    )
    expect(await text("/res.php", { key: customerKey, action: "get" })).toBe("ERROR_WRONG_ID_FORMAT")
    expect(await text("/res.php", { key: customerKey, action: "get", id: "999999999" })).toBe(
      "ERROR_WRONG_CAPTCHA_ID",
    )
    const foreign = await submitImage(otherKey)
    expect(await text("/res.php", { key: customerKey, action: "get", id: foreign.id })).toBe(
      "ERROR_WRONG_CAPTCHA_ID",
    )
    expect(await text("/res.php", { key: customerKey, action: "reportbad", id: foreign.id })).toBe(
      "ERROR_WRONG_CAPTCHA_ID",
    )
    expect(await text("/res.php", { key: otherKey, action: "get", id: foreign.id })).toBe("CAPCHA_NOT_READY")
  })

  it("ends a task past its deadline with ERROR_CAPTCHA_UNSOLVABLE and gives the hold back", async () => {
    const before = await balance()
    const { id } = await submitImage()
    await db.query("UPDATE captcha_tasks SET deadline_at = now() - interval '1 second' WHERE id = $1", [id])
    expect(await text("/res.php", { key: customerKey, action: "get", id })).toBe("ERROR_CAPTCHA_UNSOLVABLE")
    expect(await json("/res.php", { key: customerKey, action: "get", id })).toMatchObject({
      status: 0,
      request: "ERROR_CAPTCHA_UNSOLVABLE",
    })
    expect(await balance()).toBe(before)
  })

  it("records reports once, refunds a bad one, and refuses late ones", async () => {
    const rating = async () =>
      (
        await db.query<{ rating: number }>(
          "SELECT rating FROM worker_skills WHERE worker_id = $1 AND type = 'ImageToTextTask'",
          [workerId],
        )
      ).rows[0]?.rating
    const good = await submitImage()
    await solveImage(good.image, "good")
    const ratingBefore = await rating()
    expect(await text("/res.php", { key: customerKey, action: "reportgood", id: good.id })).toBe(
      "OK_REPORT_RECORDED",
    )
    const ratingAfter = await rating()
    expect(ratingAfter).toBe((ratingBefore ?? 100) + 1)
    // §1.4 defines ERROR_DUPLICATE_REPORT for a repeated reportbad only: a repeated reportgood is answered
    // as recorded, and changes nothing more.
    const balanceBefore = await balance()
    expect(await text("/res.php", { key: customerKey, action: "reportgood", id: good.id })).toBe(
      "OK_REPORT_RECORDED",
    )
    expect(await json("/res.php", { key: customerKey, action: "reportgood", id: good.id })).toEqual({
      status: 1,
      request: "OK_REPORT_RECORDED",
    })
    expect([await rating(), await balance()]).toEqual([ratingAfter, balanceBefore])
    // A report cannot be turned round: the answer is not recorded, nothing refunded.
    expect(await json("/res.php", { key: customerKey, action: "reportbad", id: good.id })).toEqual({
      status: 0,
      request: "ERROR_REPORT_NOT_RECORDED",
      error_text: "This task was already reported as correct; a report cannot be changed",
    })
    expect([await rating(), await balance()]).toEqual([ratingAfter, balanceBefore])

    const bad = await submitImage()
    await solveImage(bad.image, "bad")
    const charged = await balance()
    expect(await json("/res.php", { key: customerKey, action: "reportbad", id: bad.id })).toEqual({
      status: 1,
      request: "OK_REPORT_RECORDED",
    })
    expect(Math.round((Number(await balance()) - Number(charged)) * 1e6)).toBe(500)
    const refunded = [await rating(), await balance()]
    expect(await text("/res.php", { key: customerKey, action: "reportbad", id: bad.id })).toBe(
      "ERROR_DUPLICATE_REPORT",
    )
    expect(await text("/res.php", { key: customerKey, action: "reportgood", id: bad.id })).toBe(
      "ERROR_REPORT_NOT_RECORDED",
    )
    // No second refund, no second change of the worker's rating.
    expect([await rating(), await balance()]).toEqual(refunded)

    const late = await submitImage()
    await solveImage(late.image, "late")
    await db.query("UPDATE captcha_tasks SET created_at = now() - interval '16 minutes' WHERE id = $1", [
      late.id,
    ])
    expect(await text("/res.php", { key: customerKey, action: "reportbad", id: late.id })).toBe(
      "ERROR_REPORT_NOT_RECORDED",
    )
    const open = await submitImage()
    expect(await text("/res.php", { key: customerKey, action: "reportgood", id: open.id })).toBe(
      "ERROR_REPORT_NOT_RECORDED",
    )
  })

  it("dumps the parameters it received before the answer with debug_dump=1, the key masked (§1.1)", async () => {
    const masked = `${"*".repeat(28)}${customerKey.slice(-4)}`
    const image = pngImage().toString("base64")
    const submitted = await text("/in.php", {
      key: customerKey,
      method: "base64",
      body: image,
      proxy: "login:secret@1.2.3.4:3128",
      debug_dump: "1",
    })
    expect(submitted).not.toContain(customerKey)
    expect(submitted).not.toContain("secret")
    const lines = submitted.split("\n")
    expect(lines.at(-1)).toMatch(/^OK\|\d+$/)
    expect(lines.slice(0, -1).join("\n")).toBe(
      [
        "array(5) {",
        '  ["key"]=>',
        `  string(32) "${masked}"`,
        '  ["method"]=>',
        '  string(6) "base64"',
        '  ["body"]=>',
        `  string(${image.length}) "${image.slice(0, 100)}…"`,
        '  ["proxy"]=>',
        '  string(22) "login:***@1.2.3.4:3128"',
        '  ["debug_dump"]=>',
        '  string(1) "1"',
        "}",
      ].join("\n"),
    )

    // res.php too, and refusals: the dump comes first whatever the answer.
    const balanceDump = await text("/res.php", { key: customerKey, action: "getbalance", debug_dump: "1" })
    expect(balanceDump.split("\n").at(-1)).toMatch(/^\d+\.\d+$/)
    expect(balanceDump).toContain(`  ["action"]=>\n  string(10) "getbalance"\n`)
    expect(balanceDump).not.toContain(customerKey)
    const refused = await text("/res.php", { key: "short", action: "get", id: "1", debug_dump: "true" })
    expect(refused).toBe(
      [
        "array(4) {",
        '  ["key"]=>',
        '  string(5) "*****"',
        '  ["action"]=>',
        '  string(3) "get"',
        '  ["id"]=>',
        '  string(1) "1"',
        '  ["debug_dump"]=>',
        '  string(4) "true"',
        "}",
        "ERROR_WRONG_USER_KEY",
      ].join("\n"),
    )
    // Without debug_dump (or with 0) the answer is the line alone.
    expect(await text("/res.php", { key: customerKey, action: "getbalance", debug_dump: "0" })).toMatch(
      /^\d+\.\d+$/,
    )

    // json=1: the answer stays one JSON object, the parameters under debug_dump.
    const answer = await json("/res.php", { key: customerKey, action: "getbalance", debug_dump: "1" })
    expect(answer).toEqual({
      status: 1,
      request: expect.stringMatching(/^\d+\.\d+$/),
      debug_dump: { key: masked, action: "getbalance", debug_dump: "1", json: "1" },
    })

    // Files of a multipart call are listed by name, type and size.
    const png = pngImage()
    const { payload, contentType } = multipart({ key: customerKey, method: "post", debug_dump: "1" }, [
      { field: "file", filename: "captcha.png", data: png },
    ])
    const uploaded = await app.inject({
      method: "POST",
      url: "/in.php",
      payload,
      headers: { "content-type": contentType },
    })
    expect(uploaded.body).toContain(
      [
        '  ["file"]=>',
        "  array(3) {",
        '    ["name"]=>',
        '    string(11) "captcha.png"',
        '    ["type"]=>',
        '    string(9) "image/png"',
        '    ["size"]=>',
        `    int(${png.length})`,
        "  }",
      ].join("\n"),
    )
    expect(uploaded.body.split("\n").at(-1)).toMatch(/^OK\|\d+$/)
    expect(uploaded.headers["x-content-type-options"]).toBe("nosniff")
  })

  it("registers, lists and removes pingback addresses, and submits only to registered ones", async () => {
    const addr = "http://127.0.0.1:9/captcha-done"
    expect(await text("/res.php", { key: customerKey, action: "add_pingback" })).toBe("ERROR_BAD_PARAMETERS")
    expect(await text("/res.php", { key: customerKey, action: "add_pingback", addr: "ftp://x" })).toBe(
      "ERROR_BAD_PARAMETERS",
    )
    const unregistered = {
      key: customerKey,
      method: "base64",
      body: pngImage().toString("base64"),
      pingback: addr,
    }
    expect(await text("/in.php", unregistered)).toBe("ERROR_BAD_PARAMETERS")
    expect(await text("/res.php", { key: customerKey, action: "add_pingback", addr })).toBe("OK")
    expect(await text("/res.php", { key: customerKey, action: "get_pingback" })).toBe(`OK|${addr}`)
    expect(await json("/res.php", { key: customerKey, action: "get_pingback" })).toEqual({
      status: 1,
      request: [addr],
    })
    const accepted = await text("/in.php", { ...unregistered, body: pngImage().toString("base64") })
    expect(accepted).toMatch(/^OK\|\d+$/)
    const stored = await db.query<{ pingback_url: string }>(
      "SELECT pingback_url FROM captcha_tasks WHERE id = $1",
      [accepted.slice(3)],
    )
    expect(stored.rows[0]!.pingback_url).toBe(addr)
    expect(await text("/res.php", { key: customerKey, action: "del_pingback", addr: "all" })).toBe("OK")
    expect(await text("/res.php", { key: customerKey, action: "get_pingback" })).toBe("OK")
  })

  it("answers a missing or unknown action and a missing method", async () => {
    expect(await text("/res.php", { key: customerKey })).toBe("ERROR_EMPTY_ACTION")
    expect(await text("/res.php", { key: customerKey, action: "fly" })).toBe("ERROR_BAD_PARAMETERS")
    // Names of Object.prototype are not actions either (they answered 500 and an empty 200).
    for (const action of ["__proto__", "constructor", "toString", "hasOwnProperty"])
      expect(await text("/res.php", { key: customerKey, action })).toBe("ERROR_BAD_PARAMETERS")
    for (const method of ["__proto__", "constructor", "valueOf"])
      expect(await text("/in.php", { key: customerKey, method })).toBe("ERROR_METHOD_CALL")
    expect(await text("/in.php", { key: customerKey })).toBe("ERROR_METHOD_CALL")
    expect(
      await text("/in.php", { key: customerKey, method: "userrecaptcha", googlekey: "k".repeat(40) }),
    ).toBe("ERROR_PAGEURL")
  })

  it("answers an oversized body with ERROR_TOO_BIG_CAPTCHA_FILESIZE, still HTTP 200", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/in.php",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `key=${customerKey}&method=base64&body=${"A".repeat(3 * 1024 * 1024)}`,
    })
    expect([response.statusCode, response.body]).toEqual([200, "ERROR_TOO_BIG_CAPTCHA_FILESIZE"])
  })

  describe("idempotency keys (our addition to the protocol)", () => {
    const idemKey = () => `retry-${randomBytes(6).toString("hex")}`
    const tasksOf = async (user: string) =>
      (
        await db.query<{ n: number }>("SELECT count(*)::int AS n FROM captcha_tasks WHERE customer_id = $1", [
          user,
        ])
      ).rows[0]!.n
    const micro = (amount: string) => Math.round(Number(amount) * 1e6)
    const imageFields = (image: Buffer, key = customerKey) => ({
      key,
      method: "base64",
      body: image.toString("base64"),
    })

    it("answers a retry with the first task's id: one task, the price held once (header or parameter)", async () => {
      const image = pngImage()
      const key = idemKey()
      const [tasksBefore, balanceBefore] = [await tasksOf(customerId), await balance()]
      const first = await call("/in.php", imageFields(image), { headers: { "idempotency-key": key } })
      expect(first.body).toMatch(/^OK\|\d+$/)
      // The same submission again, the key as a parameter and as both (equal), by GET and POST.
      const again = await text("/in.php", { ...imageFields(image), idempotency_key: key })
      const both = await call(
        "/in.php",
        { ...imageFields(image), idempotency_key: key },
        { method: "POST", headers: { "idempotency-key": key } },
      )
      expect([again, both.body]).toEqual([first.body, first.body])
      expect(await json("/in.php", { ...imageFields(image), idempotency_key: key })).toEqual({
        status: 1,
        request: first.body.slice(3),
      })
      expect(await tasksOf(customerId)).toBe(tasksBefore + 1)
      expect(micro(balanceBefore) - micro(await balance())).toBe(500)
      // The task is an ordinary one: solved once, answered under its id.
      await solveImage(image, "once")
      expect(await text("/res.php", { key: customerKey, action: "get", id: first.body.slice(3) })).toBe(
        "OK|once",
      )
    })

    it("answers concurrent duplicates with one task", async () => {
      const image = pngImage()
      const key = idemKey()
      const [tasksBefore, balanceBefore] = [await tasksOf(customerId), await balance()]
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => text("/in.php", { ...imageFields(image), idempotency_key: key })),
      )
      expect(answers[0]).toMatch(/^OK\|\d+$/)
      expect(new Set(answers)).toEqual(new Set([answers[0]]))
      expect(await tasksOf(customerId)).toBe(tasksBefore + 1)
      expect(micro(balanceBefore) - micro(await balance())).toBe(500)
    })

    it.runIf(engine.name === "postgres")(
      "makes a duplicate that arrives while the first is still in its transaction wait for it, then answers its task",
      async () => {
        const image = pngImage()
        const key = idemKey()
        const tasksBefore = await tasksOf(customerId)
        const waiting = async (n: number) => {
          for (;;) {
            const { rows } = await db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
            if (rows[0]!.n >= n) return
            await new Promise((resolve) => setImmediate(resolve))
          }
        }
        let release!: () => void
        const released = new Promise<void>((resolve) => (release = resolve))
        let locked!: () => void
        const holding = new Promise<void>((resolve) => (locked = resolve))
        // Holds up the first submission after it took the key (its image is stored after the key).
        const blocker = db.transaction(async (tx) => {
          await tx.query("LOCK TABLE captcha_task_files IN EXCLUSIVE MODE")
          locked()
          await released
        })
        const submission = { ...imageFields(image), idempotency_key: key }
        let first: Promise<string>, second: Promise<string>
        try {
          // Sent once the table is locked: sent before, it could store its image first and never wait (it did
          // under a loaded run, and the wait below then never ended).
          await holding
          first = text("/in.php", submission)
          await waiting(1)
          second = text("/in.php", submission)
          await waiting(2)
        } finally {
          // Whatever happened above, the lock goes: the next tests store images too.
          release()
          await blocker
        }
        const [a, b] = await Promise.all([first, second])
        expect(a).toMatch(/^OK\|\d+$/)
        expect(b).toBe(a)
        expect(await tasksOf(customerId)).toBe(tasksBefore + 1)
      },
    )

    it("keeps the keys of different customers apart", async () => {
      const key = idemKey()
      const developerId = await userId(db, "developer@demo.manyhands.dev")
      const [mineBefore, theirsBefore] = [await tasksOf(customerId), await tasksOf(developerId)]
      const image = pngImage()
      const mine = await text("/in.php", { ...imageFields(image), idempotency_key: key })
      const theirs = await text("/in.php", { ...imageFields(image, otherKey), idempotency_key: key })
      expect(mine).toMatch(/^OK\|\d+$/)
      expect(theirs).toMatch(/^OK\|\d+$/)
      expect(theirs).not.toBe(mine)
      expect([await tasksOf(customerId), await tasksOf(developerId)]).toEqual([
        mineBefore + 1,
        theirsBefore + 1,
      ])
    })

    it("refuses the same key with other parameters, and malformed keys, with ERROR_BAD_PARAMETERS", async () => {
      const key = idemKey()
      expect(await text("/in.php", { ...imageFields(pngImage()), idempotency_key: key })).toMatch(/^OK\|/)
      const tasksBefore = await tasksOf(customerId)
      expect(await json("/in.php", { ...imageFields(pngImage()), idempotency_key: key })).toEqual({
        status: 0,
        request: "ERROR_BAD_PARAMETERS",
        error_text: expect.stringMatching(/already used for a task with other parameters/),
      })
      const image = imageFields(pngImage())
      for (const bad of ["x".repeat(256), "two words", "tab\there", "caf\u00e9", "bell\u0007", "nul\u0000"])
        expect(await text("/in.php", { ...image, idempotency_key: bad })).toBe("ERROR_BAD_PARAMETERS")
      const differ = await call(
        "/in.php",
        { ...image, idempotency_key: idemKey() },
        { headers: { "idempotency-key": idemKey() } },
      )
      expect(differ.body).toBe("ERROR_BAD_PARAMETERS")
      const long = await call("/in.php", image, { headers: { "idempotency-key": "y".repeat(256) } })
      expect(long.body).toBe("ERROR_BAD_PARAMETERS")
      expect(await tasksOf(customerId)).toBe(tasksBefore)
      // The longest key is taken; an empty one is no key.
      expect(await text("/in.php", { ...image, idempotency_key: "~".repeat(255) })).toMatch(/^OK\|/)
      expect(await text("/in.php", { ...imageFields(pngImage()), idempotency_key: "" })).toMatch(/^OK\|/)
    })

    it("takes a key again only when its first submission was refused, or after 24 hours", async () => {
      const key = idemKey()
      const submission = { ...imageFields(pngImage(), brokeKey), idempotency_key: key }
      expect(await text("/in.php", submission)).toBe("ERROR_ZERO_BALANCE")
      const stored = await db.query("SELECT 1 FROM captcha_idempotency_keys WHERE key = $1", [key])
      expect(stored.rows).toEqual([])

      const image = pngImage()
      const first = await text("/in.php", { ...imageFields(image), idempotency_key: key })
      await db.query(
        "UPDATE captcha_idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1",
        [key],
      )
      const later = await text("/in.php", { ...imageFields(image), idempotency_key: key })
      expect(later).toMatch(/^OK\|\d+$/)
      expect(later).not.toBe(first)
      expect(await text("/in.php", { ...imageFields(image), idempotency_key: key })).toBe(later)

      await db.query(
        "UPDATE captcha_idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = $1",
        [key],
      )
      expect(await pruneIdempotencyKeys(db)).toBeGreaterThanOrEqual(1)
      const left = await db.query("SELECT 1 FROM captcha_idempotency_keys WHERE key = $1", [key])
      expect(left.rows).toEqual([])
    })
  })

  describe("timing rules (small thresholds, a second server on the same engine)", () => {
    let limited: FastifyInstance
    const limits: Partial<AbuseLimits> = {
      turnSubmissions: 3,
      turnBlockMs: 400,
      refusals: 3,
      badKeys: 3,
      pollBase: 4,
      pollPerTask: 2,
    }

    // A fresh server (so fresh counters) for every test.
    beforeEach(async () => {
      limited = Fastify()
      installErrorHandler(limited)
      await limited.register(customerApiRoutes, {
        engine: app.captchaEngine,
        db,
        config: loadConfig({ NODE_ENV: "test" }),
        limits: await LimitStore.open({}),
        abuseLimits: limits,
      })
    })
    afterEach(() => limited.close())

    const limitedText = async (path: string, params: Record<string, string>, remoteAddress = "127.0.0.1") => {
      const response = await limited.inject({
        method: "GET",
        url: `${path}?${new URLSearchParams(params).toString()}`,
        remoteAddress,
      })
      expect(response.statusCode).toBe(200)
      return response.body
    }

    it("answers MAX_USER_TURN to more than the allowed submissions in the window, then lets the key go on", async () => {
      const submission = { key: customerKey, method: "base64", body: "@@@@" }
      const answers = []
      for (let i = 0; i < 5; i++) answers.push(await limitedText("/in.php", submission))
      expect(answers).toEqual([
        "ERROR_UPLOAD",
        "ERROR_UPLOAD",
        "ERROR_UPLOAD",
        "MAX_USER_TURN",
        "MAX_USER_TURN",
      ])
      // Polling is not submitting.
      expect(await limitedText("/res.php", { key: customerKey, action: "get", id: "1" })).toBe(
        "ERROR_WRONG_CAPTCHA_ID",
      )
      await new Promise((resolve) => setTimeout(resolve, 450))
      expect(await limitedText("/in.php", submission)).toBe("ERROR_UPLOAD")
    })

    it("suspends submissions after repeated ERROR_ZERO_BALANCE (ERROR: 1002)", async () => {
      const submission = () => ({ key: brokeKey, method: "base64", body: pngImage().toString("base64") })
      for (let i = 0; i < 3; i++)
        expect(await limitedText("/in.php", submission())).toBe("ERROR_ZERO_BALANCE")
      expect(await limitedText("/in.php", submission())).toBe("ERROR: 1002")
      expect(await limitedText("/res.php", { key: brokeKey, action: "getbalance" })).toMatch(/^\d/)
    })

    it("bans an IP that tries non-existent keys (ERROR: 1004), whatever key it sends next", async () => {
      const ip = "10.20.30.40"
      for (let i = 0; i < 3; i++)
        expect(await limitedText("/res.php", { key: newKey(), action: "getbalance" }, ip)).toBe(
          "ERROR_KEY_DOES_NOT_EXIST",
        )
      expect(await limitedText("/res.php", { key: customerKey, action: "getbalance" }, ip)).toBe(
        "ERROR: 1004",
      )
      expect(await limitedText("/in.php", { key: customerKey, method: "base64" }, ip)).toBe("ERROR: 1004")
      // Other addresses are not affected.
      expect(
        await limitedText("/res.php", { key: customerKey, action: "getbalance" }, "10.20.30.41"),
      ).toMatch(/^\d/)
    })

    it("suspends polling beyond base + 20 per submitted task in the period (ERROR: 1005)", async () => {
      const poll = () => limitedText("/res.php", { key: otherKey, action: "getbalance" })
      const answers = []
      for (let i = 0; i < 6; i++) answers.push(await poll())
      expect(answers.slice(0, 4).every((answer) => /^\d/.test(answer))).toBe(true)
      expect(answers.slice(4)).toEqual(["ERROR: 1005", "ERROR: 1005"])
      // Submissions are not blocked by a polling suspension.
      expect(
        await limitedText("/in.php", {
          key: otherKey,
          method: "base64",
          body: pngImage().toString("base64"),
        }),
      ).toMatch(/^OK\|/)
    })

    it("allows more polls to a key that submits tasks", async () => {
      const image = pngImage()
      expect(
        await limitedText("/in.php", { key: customerKey, method: "base64", body: image.toString("base64") }),
      ).toMatch(/^OK\|/)
      const answers = []
      for (let i = 0; i < 7; i++)
        answers.push(await limitedText("/res.php", { key: customerKey, action: "getbalance" }))
      // 4 + 2 × 1 task = 6 polls; the 7th is one too many.
      expect(answers.slice(0, 6).every((answer) => /^\d/.test(answer))).toBe(true)
      expect(answers.slice(6)).toEqual(["ERROR: 1005"])
    })
  })
})

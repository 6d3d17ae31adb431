import { randomUUID } from "node:crypto"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { Database } from "../src/db/database"
import {
  addPingbackAddress,
  blockedAddressReason,
  checkCallbackUrl,
  deliverDuePingbacks,
  guardedLookup,
  isRegisteredPingback,
  listPingbackAddresses,
  MAX_ADDRESSES_PER_USER,
  PingbackRefused,
  pingbackAttempts,
  queuePingback,
  redirectTarget,
  removePingbackAddress,
  PINGBACK_JOB,
  schedulePingbacks,
  sendHop,
} from "../src/modules/captcha/pingback"
import { Jobs } from "../src/modules/jobs/jobs"
import { engines } from "./databases"

const open = { allowPrivate: true }
const guarded = { allowPrivate: false }

interface Received {
  method: string
  url: string
  contentType: string | undefined
  body: string
}

type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void
const ok: Handler = (_request, response) => response.end("ok")

const refusal = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work
  } catch (error) {
    if (error instanceof PingbackRefused) return error.message
    throw error
  }
  throw new Error("expected a PingbackRefused")
}

// Generous: on PGlite with the other test files running beside it, a round asked for took over 5 s once.
const waitFor = async (condition: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
  const until = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > until) throw new Error("condition not met in time")
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const later = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000)

describe("addresses a pingback must not reach", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "100.64.0.1",
    "169.254.169.254",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fd00:ec2::254",
    "fc00::1",
    "fe80::1%eth0",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:a9fe:a9fe",
    "::ffff:10.0.0.1",
    "64:ff9b::7f00:1",
    "2002:c0a8:101::1",
  ])("refuses %s", (address) => {
    expect(blockedAddressReason(address)).not.toBeNull()
  })

  // The IANA special-purpose registries (RFC 6890), IPv4 and IPv6: the first and the last address of each range.
  it.each([
    ["0.0.0.0/8", "0.0.0.0", "0.255.255.255"],
    ["10.0.0.0/8", "10.0.0.0", "10.255.255.255"],
    ["100.64.0.0/10", "100.64.0.0", "100.127.255.255"],
    ["127.0.0.0/8", "127.0.0.0", "127.255.255.255"],
    ["169.254.0.0/16", "169.254.0.0", "169.254.255.255"],
    ["172.16.0.0/12", "172.16.0.0", "172.31.255.255"],
    ["192.0.0.0/24", "192.0.0.0", "192.0.0.255"],
    ["192.0.2.0/24", "192.0.2.0", "192.0.2.255"],
    ["192.31.196.0/24", "192.31.196.0", "192.31.196.255"],
    ["192.52.193.0/24", "192.52.193.0", "192.52.193.255"],
    ["192.88.99.0/24", "192.88.99.0", "192.88.99.255"],
    ["192.168.0.0/16", "192.168.0.0", "192.168.255.255"],
    ["192.175.48.0/24", "192.175.48.0", "192.175.48.255"],
    ["198.18.0.0/15", "198.18.0.0", "198.19.255.255"],
    ["198.51.100.0/24", "198.51.100.0", "198.51.100.255"],
    ["203.0.113.0/24", "203.0.113.0", "203.0.113.255"],
    ["224.0.0.0/4", "224.0.0.0", "239.255.255.255"],
    ["240.0.0.0/4", "240.0.0.0", "255.255.255.254"],
    ["255.255.255.255/32", "255.255.255.255", "255.255.255.255"],
    ["::/128", "::", "::"],
    ["::1/128", "::1", "::1"],
    ["::ffff:0:0/96 (with a special IPv4 inside)", "::ffff:192.0.2.1", "::ffff:cb00:71ff"],
    ["64:ff9b::/96", "64:ff9b::", "64:ff9b::ffff:ffff"],
    ["64:ff9b::/96 (with a public IPv4 inside)", "64:ff9b::8.8.8.8", "64:ff9b::5db8:d822"],
    ["64:ff9b:1::/48", "64:ff9b:1::", "64:ff9b:1:ffff:ffff:ffff:ffff:ffff"],
    ["100::/64", "100::", "100::ffff:ffff:ffff:ffff"],
    ["100:0:0:1::/64", "100:0:0:1::", "100::1:ffff:ffff:ffff:ffff"],
    ["2001::/23", "2001::", "2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff"],
    ["2001::/32 (Teredo)", "2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001:0:ffff::1"],
    ["2001:db8::/32", "2001:db8::", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"],
    ["2002::/16", "2002::", "2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
    ["2002::/16 (with a public IPv4 inside)", "2002:808:808::1", "2002:5db8:d822::1"],
    ["2620:4f:8000::/48", "2620:4f:8000::", "2620:4f:8000:ffff:ffff:ffff:ffff:ffff"],
    ["3fff::/20", "3fff::", "3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff"],
    ["5f00::/16", "5f00::", "5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
    ["fc00::/7", "fc00::", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
    ["fe80::/10", "fe80::", "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
    ["ff00::/8", "ff00::", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
    ["outside 2000::/3 (IPv4-compatible, reserved)", "::8.8.8.8", "1000::1"],
  ])("refuses the special-purpose range %s: %s and %s", (_range, first, last) => {
    expect(blockedAddressReason(first)).not.toBeNull()
    expect(blockedAddressReason(last)).not.toBeNull()
  })

  // Just outside the special-purpose ranges above: ordinary public addresses.
  it.each([
    "192.0.1.255",
    "192.0.3.0",
    "192.88.98.255",
    "192.88.100.0",
    "198.51.99.255",
    "198.51.101.0",
    "203.0.112.255",
    "203.0.114.0",
    "198.20.0.0",
    "223.255.255.255",
    "::ffff:203.0.114.1",
    "2001:200::1",
    "2001:db9::1",
    "2003::1",
    "2620:4f:8001::1",
    "3fff:1000::1",
  ])("allows the public neighbour %s", (address) => {
    expect(blockedAddressReason(address)).toBeNull()
  })

  it("still lets tests reach special-purpose addresses when private ones are allowed", async () => {
    expect((await checkCallbackUrl("http://192.0.2.10/hook", open)).hostname).toBe("192.0.2.10")
    expect(await refusal(checkCallbackUrl("http://192.0.2.10/hook", guarded))).toContain("TEST-NET-1")
    expect(await refusal(checkCallbackUrl("http://[::ffff:198.51.100.7]/", guarded))).toContain("TEST-NET-2")
  })

  it.each(["8.8.8.8", "93.184.216.34", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])(
    "allows %s",
    (address) => {
      expect(blockedAddressReason(address)).toBeNull()
    },
  )

  it.each([
    ["http://127.0.0.1/hook", "127.0.0.1 is a loopback address"],
    ["http://2130706433/hook", "127.0.0.1 is a loopback address"],
    ["http://10.0.0.5:8080/", "private network"],
    ["http://192.168.0.10/", "private network"],
    ["http://100.100.100.200/", "carrier-grade NAT"],
    ["http://169.254.169.254/latest/meta-data/", "cloud metadata"],
    ["http://0.0.0.0/", "unspecified"],
    ["http://[::1]/", "loopback"],
    ["http://[fd12::1]/", "unique local"],
    ["http://[fe80::1]/", "link-local"],
    ["http://[::ffff:127.0.0.1]/", "loopback"],
    ["http://[::ffff:169.254.169.254]/", "cloud metadata"],
    ["http://localhost/hook", "localhost resolves to"],
    ["ftp://example.com/hook", "only http:// and https://"],
    ["http://user:secret@example.com/", "user name or password"],
    ["example.com/hook", "not a valid URL"],
    [`https://example.com/${"a".repeat(2000)}`, "longer than 2000"],
  ])("refuses the callback URL %s", async (url, reason) => {
    expect(await refusal(checkCallbackUrl(url, guarded))).toContain(reason)
  })

  it("accepts public addresses, and private ones when allowed", async () => {
    expect((await checkCallbackUrl("http://93.184.216.34/hook?a=1", guarded)).href).toBe(
      "http://93.184.216.34/hook?a=1",
    )
    expect((await checkCallbackUrl("https://[2606:4700::1111]:8443/", guarded)).port).toBe("8443")
    expect((await checkCallbackUrl("http://127.0.0.1:9/hook", open)).hostname).toBe("127.0.0.1")
  })

  it("checks every redirect target the same way", async () => {
    const first = new URL("http://93.184.216.34/start")
    expect((await redirectTarget(first, "/next?x=1", guarded)).href).toBe("http://93.184.216.34/next?x=1")
    expect(await refusal(redirectTarget(first, "http://127.0.0.1/admin", guarded))).toContain("loopback")
    expect(await refusal(redirectTarget(first, "http://169.254.169.254/", guarded))).toContain("metadata")
    expect(await refusal(redirectTarget(first, "http://localhost:1/", guarded))).toContain("localhost")
    expect(await refusal(redirectTarget(first, "file:///etc/passwd", guarded))).toContain("only http")
    expect((await redirectTarget(first, "http://127.0.0.1/admin", open)).href).toBe("http://127.0.0.1/admin")
  })

  it("checks the addresses at connection time too (no DNS rebinding)", async () => {
    const lookup = (policy: { allowPrivate: boolean }, all: boolean) =>
      new Promise<unknown>((resolve, reject) => {
        guardedLookup(policy)("localhost", { all }, (error, address) =>
          error ? reject(error) : resolve(address),
        )
      })
    await expect(lookup(guarded, true)).rejects.toBeInstanceOf(PingbackRefused)
    await expect(lookup(guarded, false)).rejects.toThrow(/localhost resolves to .*loopback/)
    expect(await lookup(open, false)).toBe("127.0.0.1")
    expect(await lookup(open, true)).toContainEqual({ address: "127.0.0.1", family: 4 })
  })
})

describe.each(engines)("pingbacks on $name", (engine) => {
  let db: Database
  let drop: () => Promise<void>
  let customer: string
  let stranger: string
  let server: Server
  let base: string
  let received: Received[] = []
  let handler: Handler = ok

  const user = async (email: string) =>
    (
      await db.query<{ id: string }>(
        "INSERT INTO users (email, password_hash) VALUES ($1, 'x') RETURNING id::text AS id",
        [email],
      )
    ).rows[0]!.id

  const newTask = async () =>
    (
      await db.query<{ id: string }>(
        `INSERT INTO captcha_tasks (customer_id, type, kind, params, api, currency, price_per_answer, hold_key,
                                    deadline_at)
         VALUES ($1, 'ImageToTextTask', 'image', '{}', 'classic', 'USD', 500, $2, now() + interval '90 s')
         RETURNING id::text AS id`,
        [customer, randomUUID()],
      )
    ).rows[0]!.id

  /** A task whose pingback is queued, as the engine does when the task ends. */
  const queued = async (url: string, code = "answer") => {
    const id = await newTask()
    await db.transaction((tx) => queuePingback(tx, id, url, code))
    return id
  }

  const delivery = async (taskId: string) =>
    (
      await db.query<{ state: string; attempts: number; next_attempt_at: Date }>(
        "SELECT state, attempts, next_attempt_at FROM pingback_deliveries WHERE task_id = $1",
        [taskId],
      )
    ).rows[0]!

  beforeAll(async () => {
    ;({ db, drop } = await engine.create("migrated"))
    customer = await user("customer@example.com")
    stranger = await user("stranger@example.com")
    server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on("data", (chunk: Buffer) => chunks.push(chunk))
      request.on("end", () => {
        const body = Buffer.concat(chunks).toString()
        received.push({
          method: request.method!,
          url: request.url!,
          contentType: request.headers["content-type"],
          body,
        })
        handler(request, response, body)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
    await drop()
  })

  beforeEach(async () => {
    received = []
    handler = ok
    await db.query("DELETE FROM pingback_deliveries")
  })

  it("POSTs id and code as a form to the URL, keeping its query parameters", async () => {
    const id = await queued(`${base}/hook?token=s3cret&site=7`, "a b&c=d ü")
    expect(await deliverDuePingbacks(db, open)).toBe(1)

    expect(received).toHaveLength(1)
    const [request] = received
    expect(request!.method).toBe("POST")
    expect(request!.url).toBe("/hook?token=s3cret&site=7")
    expect(request!.contentType).toBe("application/x-www-form-urlencoded")
    expect(Object.fromEntries(new URLSearchParams(request!.body))).toEqual({ id, code: "a b&c=d ü" })

    expect(await delivery(id)).toMatchObject({ state: "delivered", attempts: 1 })
    const attempts = await pingbackAttempts(db, customer, id)
    expect(attempts).toHaveLength(1)
    expect(attempts[0]).toMatchObject({ status: 200 })
    expect(attempts[0]!.durationMs).toBeGreaterThanOrEqual(0)
    expect(Date.parse(attempts[0]!.at)).not.toBeNaN()
    // Only the task's customer sees the log.
    expect(await pingbackAttempts(db, stranger, id)).toEqual([])
    expect(await pingbackAttempts(db, customer, "not-a-number")).toEqual([])
    // Delivered once: later rounds do not send it again.
    expect(await deliverDuePingbacks(db, { ...open, now: later(new Date(), 3600) })).toBe(0)
  })

  it("retries after errors with the backoff, logging each attempt, until delivered", async () => {
    let calls = 0
    handler = (_request, response) => {
      calls += 1
      response.statusCode = calls <= 2 ? 500 : 204
      response.end()
    }
    const id = await queued(`${base}/flaky`)
    const start = later(new Date(), 1)

    expect(await deliverDuePingbacks(db, { ...open, now: start })).toBe(1)
    expect(await delivery(id)).toMatchObject({
      state: "pending",
      attempts: 1,
      next_attempt_at: later(start, 10),
    })
    expect(await deliverDuePingbacks(db, { ...open, now: later(start, 9) })).toBe(0)
    expect(await deliverDuePingbacks(db, { ...open, now: later(start, 10) })).toBe(1)
    expect(await delivery(id)).toMatchObject({
      state: "pending",
      attempts: 2,
      next_attempt_at: later(start, 70),
    })
    expect(await deliverDuePingbacks(db, { ...open, now: later(start, 69) })).toBe(0)
    expect(await deliverDuePingbacks(db, { ...open, now: later(start, 70) })).toBe(1)
    expect(await delivery(id)).toMatchObject({ state: "delivered", attempts: 3 })

    expect(received).toHaveLength(3)
    const attempts = await pingbackAttempts(db, customer, id)
    expect(attempts.map((attempt) => attempt.status)).toEqual([500, 500, 204])
    expect(attempts.map((attempt) => attempt.at)).toEqual(
      [0, 10, 70].map((seconds) => later(start, seconds).toISOString()),
    )
  })

  it("gives up after five attempts (0 s, 10 s, 60 s, 5 min, 30 min) and marks the delivery failed", async () => {
    // A port nobody listens on: every attempt is refused.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))

    const id = await queued(`http://127.0.0.1:${port}/gone`)
    let now = later(new Date(), 1)
    for (const delay of [0, 10, 60, 300, 1800]) {
      now = later(now, delay)
      if (delay > 0) expect(await deliverDuePingbacks(db, { ...open, now: later(now, -1) })).toBe(0)
      expect(await deliverDuePingbacks(db, { ...open, now })).toBe(1)
    }
    expect(await delivery(id)).toMatchObject({ state: "failed", attempts: 5 })
    expect(await deliverDuePingbacks(db, { ...open, now: later(now, 86_400) })).toBe(0)

    const attempts = await pingbackAttempts(db, customer, id)
    expect(attempts).toHaveLength(5)
    for (const attempt of attempts) {
      expect(attempt.status).toBeUndefined()
      expect(attempt.error).toMatch(/ECONNREFUSED/)
    }
  })

  it("refuses to deliver to loopback addresses unless allowed, by IP and by name", async () => {
    const port = new URL(base).port
    const byIp = await queued(`${base}/hook`)
    const byName = await queued(`http://localhost:${port}/hook`)
    expect(await deliverDuePingbacks(db, guarded)).toBe(2)
    expect(received).toEqual([])
    expect((await pingbackAttempts(db, customer, byIp))[0]!.error).toMatch(
      /127\.0\.0\.1 is a loopback address/,
    )
    expect((await pingbackAttempts(db, customer, byName))[0]!.error).toMatch(
      /localhost resolves to .*loopback/,
    )

    // The same deliveries go through when private targets are allowed (tests, development).
    expect(await deliverDuePingbacks(db, { ...open, now: later(new Date(), 11) })).toBe(2)
    expect(received).toHaveLength(2)
    expect(await delivery(byName)).toMatchObject({ state: "delivered", attempts: 2 })
  })

  it("refuses a blocked address at connection time, after the URL check (DNS rebinding)", async () => {
    const target = new URL(`http://localhost:${new URL(base).port}/rebound`)
    const deadline = Date.now() + 2000
    await expect(sendHop(target, "id=1&code=x", guarded, deadline)).rejects.toThrow(/localhost resolves to/)
    expect(received).toEqual([])
    expect(await sendHop(target, "id=1&code=x", open, deadline)).toEqual({ status: 200, location: null })
    expect(received.map((request) => request.url)).toEqual(["/rebound"])
  })

  it("follows up to three redirects, keeping the POST except after 303", async () => {
    const port = new URL(base).port
    handler = (request, response) => {
      const redirect = (status: number, location: string) => {
        response.writeHead(status, { location })
        response.end()
      }
      if (request.url === "/r1") redirect(301, "/r2")
      else if (request.url === "/r2") redirect(307, `http://localhost:${port}/r3?kept=1`)
      else if (request.url === "/r3?kept=1") redirect(303, "/final")
      else if (request.url === "/loop") redirect(302, "/loop")
      else response.end("ok")
    }
    const id = await queued(`${base}/r1`, "42")
    expect(await deliverDuePingbacks(db, open)).toBe(1)
    expect(received.map((request) => [request.method, request.url])).toEqual([
      ["POST", "/r1"],
      ["POST", "/r2"],
      ["POST", "/r3?kept=1"],
      ["GET", "/final"],
    ])
    expect(received[2]!.body).toBe(`id=${id}&code=42`)
    expect(await delivery(id)).toMatchObject({ state: "delivered" })

    received = []
    const looping = await queued(`${base}/loop`)
    expect(await deliverDuePingbacks(db, open)).toBe(1)
    expect(received).toHaveLength(4)
    expect(await pingbackAttempts(db, customer, looping)).toEqual([
      expect.objectContaining({ status: 302, error: "more than 3 redirects" }),
    ])
    expect(await delivery(looping)).toMatchObject({ state: "pending" })
  })

  it("gives up on a silent server at the timeout and ignores long answers", async () => {
    handler = (request, response) => {
      if (request.url === "/silent") return // never answers
      // An endless body: the status is enough, at most a few KB are read.
      response.writeHead(200)
      const chunk = "x".repeat(1024)
      const timer = setInterval(() => response.write(chunk), 5)
      response.on("close", () => clearInterval(timer))
    }
    const silent = await queued(`${base}/silent`)
    const chatty = await queued(`${base}/chatty`)
    const started = Date.now()
    expect(await deliverDuePingbacks(db, { ...open, fetchTimeoutMs: 300 })).toBe(2)
    expect(Date.now() - started).toBeLessThan(3000)
    expect((await pingbackAttempts(db, customer, silent))[0]!.error).toMatch(/no answer within 0\.3 s/)
    expect(await delivery(silent)).toMatchObject({ state: "pending" })
    expect(await delivery(chatty)).toMatchObject({ state: "delivered" })
  })

  it("delivers a pingback once when several rounds run at the same time", async () => {
    handler = (_request, response) => setTimeout(() => response.end("ok"), 50)
    const ids = await Promise.all(Array.from({ length: 8 }, () => queued(`${base}/hook`)))
    const counts = await Promise.all([1, 2, 3].map(() => deliverDuePingbacks(db, open)))
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(8)
    const delivered = received.map((request) => new URLSearchParams(request.body).get("id"))
    expect(delivered.sort()).toEqual([...ids].sort())
    for (const id of ids) expect(await delivery(id)).toMatchObject({ state: "delivered", attempts: 1 })
  })

  it("registers callback addresses per host (scheme, host and port)", async () => {
    await removePingbackAddress(db, customer, "all")
    await addPingbackAddress(db, customer, "https://example.com/callback", open)
    await addPingbackAddress(db, customer, "http://93.184.216.34:8080/x", guarded)
    await addPingbackAddress(db, customer, "https://example.com/callback", open) // again: kept once
    expect(await listPingbackAddresses(db, customer)).toEqual([
      "https://example.com/callback",
      "http://93.184.216.34:8080/x",
    ])

    expect(await isRegisteredPingback(db, customer, "https://example.com/other/path?x=1")).toBe(true)
    expect(await isRegisteredPingback(db, customer, "https://EXAMPLE.com:443/z")).toBe(true)
    expect(await isRegisteredPingback(db, customer, "http://example.com/callback")).toBe(false)
    expect(await isRegisteredPingback(db, customer, "https://example.com:8443/callback")).toBe(false)
    expect(await isRegisteredPingback(db, customer, "https://sub.example.com/callback")).toBe(false)
    expect(await isRegisteredPingback(db, customer, "http://93.184.216.34:8080/y")).toBe(true)
    expect(await isRegisteredPingback(db, customer, "http://93.184.216.34/x")).toBe(false)
    expect(await isRegisteredPingback(db, customer, "nonsense")).toBe(false)
    expect(await isRegisteredPingback(db, stranger, "https://example.com/callback")).toBe(false)

    expect(await refusal(addPingbackAddress(db, customer, `${base}/hook`, guarded))).toContain("loopback")
    expect(await refusal(addPingbackAddress(db, customer, "http://localhost/", guarded))).toContain(
      "localhost",
    )

    expect(await removePingbackAddress(db, customer, "https://example.com/callback")).toBe(1)
    expect(await isRegisteredPingback(db, customer, "https://example.com/callback")).toBe(false)
    expect(await removePingbackAddress(db, customer, "all")).toBe(1)
    expect(await listPingbackAddresses(db, customer)).toEqual([])
  })

  it(`allows at most ${MAX_ADDRESSES_PER_USER} registered addresses per customer`, async () => {
    await removePingbackAddress(db, customer, "all")
    for (let n = 0; n < MAX_ADDRESSES_PER_USER; n++)
      await addPingbackAddress(db, customer, `https://host${n}.example.com/`, open)
    expect(await refusal(addPingbackAddress(db, customer, "https://one-more.example.com/", open))).toMatch(
      /already have 50 pingback addresses/,
    )
    await addPingbackAddress(db, customer, "https://host0.example.com/", open) // already there: fine
    expect(await listPingbackAddresses(db, customer)).toHaveLength(MAX_ADDRESSES_PER_USER)
    expect(await listPingbackAddresses(db, stranger)).toEqual([])
    await removePingbackAddress(db, customer, "all")
  })

  it("runs delivery rounds as a background job, at once when asked", async () => {
    const problems: unknown[] = []
    const log = {
      warn: (details: object) => problems.push(details),
      error: (details: object) => problems.push(details),
    }
    // An hour between periodic rounds and between polls: only runSoon can make the deliveries below happen.
    const jobs = new Jobs({ db, log, pollSeconds: 60, maintenanceSeconds: 3600 })
    await jobs.start()
    try {
      await schedulePingbacks(jobs, { db, allowPrivate: true, seconds: 3600 })
      const first = await queued(`${base}/first`)
      jobs.runSoon(PINGBACK_JOB)
      await waitFor(() => received.length === 1)
      const second = await queued(`${base}/second`)
      jobs.runSoon(PINGBACK_JOB)
      await waitFor(() => received.length === 2)
      for (const id of [first, second]) await waitFor(async () => (await delivery(id)).state === "delivered")
      expect(received.map((request) => request.url)).toEqual(["/first", "/second"])
      // Each round is a job of the queue in the database, completed with what it did.
      await waitFor(async () => {
        const { rows } = await db.query<{ state: string }>("SELECT state FROM pgboss.job WHERE name = $1", [
          PINGBACK_JOB,
        ])
        return rows.length === 2 && rows.every((row) => row.state === "completed")
      })
      const { rows } = await db.query<{ output: { attempts: number; pid: number } }>(
        "SELECT output FROM pgboss.job WHERE name = $1",
        [PINGBACK_JOB],
      )
      expect(rows.map((row) => row.output)).toEqual([
        { attempts: 1, pid: process.pid },
        { attempts: 1, pid: process.pid },
      ])
    } finally {
      await jobs.stop()
    }
    expect(problems).toEqual([])
  })
})

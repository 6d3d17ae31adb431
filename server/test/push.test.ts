import type { PushDevice, PushDevices, PushKey } from "@manyhands/contract/push"
import type { Ticket } from "@manyhands/contract/support"
import type { FastifyInstance, LightMyRequestResponse } from "fastify"
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from "node:crypto"
import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { localesDir } from "../src/app"
import { loadConfig } from "../src/config"
import type { Database } from "../src/db/database"
import { ledgerAccount, transfer } from "../src/modules/ledger/ledger"
import { PushNotifications, VAPID_SETTING } from "../src/modules/push/push"
import { ok, signedInBrowser, testBrowser, type TestBrowser } from "./browser"
import { giveCredit } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"
import { loadTranslations } from "../src/ssr/translations"

/*
 * Browser push notifications on each engine, against a push service of the test's own (node:http on 127.0.0.1,
 * recording what it gets): a browser subscribes with a real P-256 key pair and auth secret, staff answer its
 * ticket, and the push arrives encrypted (aes128gcm, decrypted here with the browser's keys) and signed (a VAPID
 * JWT checked with the server's public key); a 410 removes the subscription; bad subscriptions are refused; an
 * account cannot remove another's; a low balance is told once per dip.
 */

interface Received {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: Buffer
}

/** A push service stand-in: records every request and answers `status`. */
async function startPushService() {
  const received: Received[] = []
  const state = { status: 201 }
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      received.push({
        method: request.method!,
        path: request.url!,
        headers: request.headers,
        body: Buffer.concat(chunks),
      })
      response.writeHead(state.status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { received, state, origin, close: () => new Promise((resolve) => server.close(resolve)) }
}

/** A browser's push keys: its P-256 key pair and 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH("prime256v1")
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    json: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
  }
}

/** RFC 8291/8188: what the browser does with an aes128gcm push (one record). */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): string {
  const salt = body.subarray(0, 16)
  const idLength = body[20]!
  const serverKey = body.subarray(21, 21 + idLength)
  const cipherText = body.subarray(21 + idLength)
  const shared = keys.ecdh.computeSecret(serverKey)
  const info = Buffer.concat([Buffer.from("WebPush: info\0"), keys.ecdh.getPublicKey(), serverKey])
  const ikm = Buffer.from(hkdfSync("sha256", shared, keys.auth, info, 32))
  const key = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16))
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12))
  const decipher = createDecipheriv("aes-128-gcm", key, nonce)
  decipher.setAuthTag(cipherText.subarray(-16))
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, -16)), decipher.final()])
  // The last record ends with 0x02 and any zero padding after it.
  const end = padded.lastIndexOf(2)
  return padded.subarray(0, end).toString("utf8")
}

/** Checks `vapid t=<jwt>, k=<key>`: the key is ours, the JWT is ES256-signed by it, for the endpoint's origin. */
function checkVapid(authorization: string | undefined, publicKey: string, audience: string) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(authorization ?? "")
  expect(match, authorization).not.toBeNull()
  const [, header, payload, signature, k] = match!
  expect(k).toBe(publicKey)
  expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toEqual({ typ: "JWT", alg: "ES256" })
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<string, unknown>
  expect(claims.aud).toBe(audience)
  expect(claims.sub).toMatch(/^mailto:/)
  expect(claims.exp).toBeGreaterThan(Date.now() / 1000)
  const point = Buffer.from(publicKey, "base64url")
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  })
  const signed = verify(
    "sha256",
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature!, "base64url"),
  )
  expect(signed).toBe(true)
}

const errorOf = (response: LightMyRequestResponse) =>
  response.json<{ error: { code: string; details?: { field: string }[] } }>().error

describe.each(engines)("push notifications on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let service: Awaited<ReturnType<typeof startPushService>>
  let customer: TestBrowser
  let other: TestBrowser
  let moderator: TestBrowser
  let customerId: string
  let publicKey: string

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    service = await startPushService()
    customer = await signedInBrowser(app, db, "push-customer@example.com", "10.7.0.1")
    other = await signedInBrowser(app, db, "push-other@example.com", "10.7.0.2")
    moderator = await signedInBrowser(app, db, "moderator@demo.manyhands.dev", "10.7.0.3", false)
    customerId = (
      await db.query<{ id: string }>("SELECT id::text FROM users WHERE email = 'push-customer@example.com'")
    ).rows[0]!.id
  })
  afterAll(async () => {
    await stop?.()
    await service?.close()
  })

  const subscription = (keys: ReturnType<typeof browserKeys>, overrides: Record<string, unknown> = {}) => ({
    endpoint: `${service.origin}/push/${randomUUID()}`,
    keys: keys.json,
    topics: ["ticketReplies"],
    lowBalanceBelow: 1_000_000,
    ...overrides,
  })
  const devices = async (browser: TestBrowser) =>
    (await ok<PushDevices>(browser.get("/api/v1/push/subscriptions"))).records
  const pushesTo = (endpoint: string) => service.received.filter((each) => endpoint.endsWith(each.path))
  const openTicket = async () =>
    ok<Ticket>(
      customer.post("/api/v1/support/tickets", {
        audience: "customer",
        category: "payments",
        priority: "normal",
        subject: "Where did my top-up go?",
        body: "I paid 10 USD an hour ago and the balance still shows zero.",
        attachmentIds: [],
        include: [],
      }),
      201,
    )
  const answer = (ticketId: string, body: string, internal = false) =>
    ok<Ticket>(
      moderator.post(`/api/v1/support/tickets/${ticketId}/messages`, {
        body,
        attachmentIds: [],
        ...(internal ? { internal } : {}),
      }),
    )

  it("gives its VAPID public key, made once and kept in the database", async () => {
    const key = await ok<PushKey>(customer.get("/api/v1/push/key"))
    expect(key.enabled).toBe(true)
    expect(Buffer.from(key.publicKey!, "base64url")).toHaveLength(65)
    publicKey = key.publicKey!
    // Another process (or the next start) takes the stored pair instead of making its own.
    const again = new PushNotifications({
      db,
      config: loadConfig({ NODE_ENV: "test" }).push,
      translations: loadTranslations(localesDir),
      log: app.log,
    })
    await again.start()
    expect((await again.key()).publicKey).toBe(publicKey)
    const { rows } = await db.query<{ value: { publicKey: string } }>(
      "SELECT value FROM app_settings WHERE key = $1",
      [VAPID_SETTING],
    )
    expect(rows[0]!.value.publicKey).toBe(publicKey)
  })

  it("refuses subscriptions that are not a browser's: not https, bad keys, unknown topics; and strangers", async () => {
    const keys = browserKeys()
    const refused = async (body: unknown, field?: string) => {
      const response = await customer.send("PUT", "/api/v1/push/subscriptions", body)
      expect(response.statusCode, response.body).toBe(400)
      expect(errorOf(response).code).toBe("VALIDATION_FAILED")
      if (field) expect(errorOf(response).details?.map((each) => each.field)).toContain(field)
    }
    await refused(subscription(keys, { endpoint: "http://push.example.com/abc" }), "endpoint")
    await refused(subscription(keys, { endpoint: "ftp://127.0.0.1/abc" }), "endpoint")
    await refused(subscription(keys, { endpoint: "not an address" }), "endpoint")
    await refused(subscription(keys, { endpoint: "https://user:secret@push.example.com/abc" }), "endpoint")
    await refused(subscription(keys, { keys: { ...keys.json, p256dh: "AAAA" } }), "keys.p256dh")
    // 65 bytes, but not a point on the curve.
    const offCurve = Buffer.alloc(65, 7)
    offCurve[0] = 4
    await refused(
      subscription(keys, { keys: { ...keys.json, p256dh: offCurve.toString("base64url") } }),
      "keys.p256dh",
    )
    await refused(
      subscription(keys, { keys: { ...keys.json, auth: randomBytes(8).toString("base64url") } }),
      "keys.auth",
    )
    await refused(subscription(keys, { keys: { ...keys.json, auth: "not+base64/url" } }))
    await refused(subscription(keys, { topics: ["everything"] }))
    await refused(subscription(keys, { lowBalanceBelow: -1 }))
    expect(await devices(customer)).toEqual([])
    // Signed out: 401; without the CSRF header: refused.
    const anonymous = await testBrowser(app, { ip: "10.7.0.9" }).send(
      "PUT",
      "/api/v1/push/subscriptions",
      subscription(keys),
    )
    expect(anonymous.statusCode).toBe(401)
    const forged = await customer.send("PUT", "/api/v1/push/subscriptions", subscription(keys), null)
    expect(forged.statusCode).toBe(403)
  })

  it("pushes staff's answer to the customer's browser: encrypted, VAPID-signed, with a TTL", async () => {
    const keys = browserKeys()
    const body = subscription(keys)
    const device = await ok<PushDevice>(customer.send("PUT", "/api/v1/push/subscriptions", body))
    expect(device).toMatchObject({
      endpoint: body.endpoint,
      service: new URL(service.origin).host,
      userAgent: "manyhands-test",
      topics: ["ticketReplies"],
      lowBalanceBelow: 1_000_000,
      currency: "USD",
      lastSuccessAt: null,
      failures: 0,
    })
    // The same endpoint again updates the row instead of adding one.
    await ok<PushDevice>(customer.send("PUT", "/api/v1/push/subscriptions", body))
    expect((await devices(customer)).map((each) => each.id)).toEqual([device.id])

    const ticket = await openTicket()
    // The customer's own message and staff's internal note send nothing to the customer.
    await answer(ticket.id, "Checking with the payments team.", true)
    await app.push.idle()
    expect(pushesTo(body.endpoint)).toHaveLength(0)

    await answer(ticket.id, "The payment arrived late; your balance shows it now.")
    await app.push.idle()
    const pushes = pushesTo(body.endpoint)
    expect(pushes).toHaveLength(1)
    const [push] = pushes
    expect(push!.method).toBe("POST")
    expect(push!.headers["content-encoding"]).toBe("aes128gcm")
    expect(push!.headers["content-type"]).toBe("application/octet-stream")
    expect(push!.headers.ttl).toBe(String(24 * 60 * 60))
    expect(push!.headers.urgency).toBe("normal")
    expect(push!.headers.topic).toBe(`ticket-${ticket.id}`)
    expect(Number(push!.headers["content-length"])).toBe(push!.body.length)
    checkVapid(push!.headers.authorization, publicKey, service.origin)
    expect(JSON.parse(decrypt(push!.body, keys))).toEqual({
      title: `Support answered your ticket #${ticket.id}`,
      body: "Where did my top-up go?",
      url: `/support/tickets/${ticket.id}`,
      tag: `ticket-${ticket.id}`,
    })
    const [stored] = await devices(customer)
    expect(stored!.lastSuccessAt).not.toBeNull()

    // The push service says the subscription is gone (410): the next push removes it; the answer still succeeds.
    service.state.status = 410
    try {
      await answer(ticket.id, "One more thing: the receipt is in your payment history.")
      await app.push.idle()
    } finally {
      service.state.status = 201
    }
    expect(pushesTo(body.endpoint)).toHaveLength(2)
    expect(await devices(customer)).toEqual([])
  })

  it("answers a staff reply even when the push service is down, and counts the failure", async () => {
    const keys = browserKeys()
    const body = subscription(keys, { endpoint: "http://127.0.0.1:9/push/nobody-listens" })
    await ok<PushDevice>(customer.send("PUT", "/api/v1/push/subscriptions", body))
    const ticket = await openTicket()
    await answer(ticket.id, "Here is what happened to your payment.")
    await app.push.idle()
    const [device] = await devices(customer)
    expect(device).toMatchObject({ failures: 1, lastSuccessAt: null })
    expect((await customer.send("DELETE", `/api/v1/push/subscriptions/${device!.id}`)).statusCode).toBe(204)
  })

  it("lets only the owner remove a subscription", async () => {
    const device = await ok<PushDevice>(
      customer.send("PUT", "/api/v1/push/subscriptions", subscription(browserKeys())),
    )
    const refused = await other.send("DELETE", `/api/v1/push/subscriptions/${device.id}`)
    expect(refused.statusCode).toBe(404)
    expect(errorOf(refused).code).toBe("PUSH_SUBSCRIPTION_NOT_FOUND")
    expect(await devices(other)).toEqual([])
    expect((await devices(customer)).map((each) => each.id)).toEqual([device.id])
    const removed = await customer.send("DELETE", `/api/v1/push/subscriptions/${device.id}`)
    expect(removed.statusCode).toBe(204)
    expect(await devices(customer)).toEqual([])
    expect((await customer.send("DELETE", `/api/v1/push/subscriptions/${device.id}`)).statusCode).toBe(404)
  })

  it("tells a low balance once per dip, and again only after it was back up", async () => {
    const keys = browserKeys()
    const body = subscription(keys, { topics: ["lowBalance"], lowBalanceBelow: 5_000_000 })
    await ok<PushDevice>(customer.send("PUT", "/api/v1/push/subscriptions", body))
    const spend = (amount: number) =>
      db.transaction(async (tx) => {
        await transfer(tx, {
          key: `test-spend:${randomUUID()}`,
          debitAccountId: await ledgerAccount(tx, {
            userId: customerId,
            purpose: "customer_balance",
            currency: "USD",
          }),
          creditAccountId: await ledgerAccount(tx, {
            userId: null,
            purpose: "platform_revenue",
            currency: "USD",
          }),
          amount,
          currency: "USD",
        })
      })
    const look = async () => {
      const outcome = await app.push.checkLowBalances()
      await app.push.idle()
      return outcome
    }

    await giveCredit(db, customerId, 10_000_000)
    expect(await look()).toEqual({ alerted: 0, rearmed: 0 })
    expect(pushesTo(body.endpoint)).toHaveLength(0)

    await spend(6_000_000) // 4.00 left, below 5.00
    expect(await look()).toEqual({ alerted: 1, rearmed: 0 })
    const [alert] = pushesTo(body.endpoint)
    expect(alert!.headers.topic).toBe("low-balance")
    expect(alert!.headers.ttl).toBe(String(12 * 60 * 60))
    checkVapid(alert!.headers.authorization, publicKey, service.origin)
    expect(JSON.parse(decrypt(alert!.body, keys))).toEqual({
      title: "Your balance is low",
      body: "$4.00 left, below your alert at $5.00. Top up to keep your tasks running.",
      url: "/addbalance",
      tag: "low-balance",
    })

    // Still low, lower still: no second alert for the same dip.
    expect(await look()).toEqual({ alerted: 0, rearmed: 0 })
    await spend(1_000_000)
    expect(await look()).toEqual({ alerted: 0, rearmed: 0 })
    expect(pushesTo(body.endpoint)).toHaveLength(1)

    // Back up to the threshold: re-armed; the next dip is told again.
    await giveCredit(db, customerId, 2_000_000)
    expect(await look()).toEqual({ alerted: 0, rearmed: 1 })
    await spend(500_000)
    expect(await look()).toEqual({ alerted: 1, rearmed: 0 })
    expect(pushesTo(body.endpoint)).toHaveLength(2)
    // Staff's answers are not this browser's topic.
    const ticket = await openTicket()
    await answer(ticket.id, "Your balance is low, by the way.")
    await app.push.idle()
    expect(pushesTo(body.endpoint)).toHaveLength(2)
  })
})

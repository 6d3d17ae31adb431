import { randomBytes } from "node:crypto"
import http from "node:http"
import type { AddressInfo } from "node:net"
import net from "node:net"
import type { FastifyInstance } from "fastify"
import { Server as ProxyChainServer } from "proxy-chain"
import { SocksClient } from "socks"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { BYTES_PER_GB, type ProxyAccount, type ProxyUsage, type Subuser } from "@manyhands/contract/proxy"
import type { Database } from "../src/db/database"
import { checkLedger } from "../src/modules/ledger/ledger"
import { balanceHistory } from "../src/modules/payments/balance-history"
import { startGateway, type ProxyGateway } from "../src/modules/proxy/gateway"
import { giveApiKey, giveCredit, newUser } from "./captcha-fixtures"
import { engines } from "./databases"
import { startTestApp } from "./test-app"

/*
 * The proxy gateway on loopback (issue 25): a target server, upstream proxies standing in for exits in two countries,
 * and clients that speak HTTP, CONNECT and SOCKS5 to the gateway. Every loop is bounded; nothing waits on a clock but
 * the cut of an open tunnel, which must come within a second.
 */

/** The target: /bytes/N answers N bytes, /sink reads a body and answers its length, /stream never ends. */
async function startTarget() {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://target")
    if (url.pathname.startsWith("/bytes/")) {
      const size = Number(url.pathname.slice("/bytes/".length))
      response.writeHead(200, { "content-length": size })
      const chunk = Buffer.alloc(64 * 1024, 120)
      let left = size
      const write = () => {
        while (left > 0) {
          const part = chunk.subarray(0, Math.min(chunk.length, left))
          left -= part.length
          if (!response.write(part)) return void response.once("drain", write)
        }
        response.end()
      }
      write()
    } else if (url.pathname === "/sink") {
      let size = 0
      request.on("data", (part: Buffer) => (size += part.length))
      request.on("end", () => response.end(String(size)))
    } else if (url.pathname === "/stream") {
      response.writeHead(200)
      const chunk = Buffer.alloc(64 * 1024, 121)
      const write = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once("drain", write)
      }
      write()
    } else response.end("ok")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  return { server, port: (server.address() as AddressInfo).port }
}

/** An upstream proxy that counts what it carried (an exit). */
async function startUpstream() {
  const upstream = { hits: 0, server: null as unknown as ProxyChainServer }
  upstream.server = new ProxyChainServer({
    port: 0,
    host: "127.0.0.1",
    prepareRequestFunction: () => {
      upstream.hits += 1
      return {}
    },
  })
  await upstream.server.listen()
  return upstream
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`

interface Answer {
  status: number
  body: Buffer
  /** Bytes the client's socket sent and received. */
  sent: number
  received: number
}

/** A plain HTTP request through the gateway (the absolute URL form); `Connection: close`, one per socket. */
function viaHttp(
  port: number,
  url: string,
  options: { auth?: string; localAddress?: string; body?: Buffer } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      path: url,
      method: options.body ? "POST" : "GET",
      agent: false,
      localAddress: options.localAddress,
      headers: {
        host: new URL(url).host,
        connection: "close",
        ...(options.auth ? { "proxy-authorization": options.auth } : {}),
        ...(options.body ? { "content-length": options.body.length } : {}),
      },
    })
    request.on("error", reject)
    request.on("response", (response) => {
      const parts: Buffer[] = []
      response.on("data", (part: Buffer) => parts.push(part))
      response.on("end", () => {
        const socket = request.socket!
        const finish = () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(parts),
            sent: socket.bytesWritten,
            received: socket.bytesRead,
          })
        if (socket.closed) finish()
        else socket.once("close", finish)
      })
    })
    request.end(options.body)
  })
}

/** A CONNECT tunnel through the gateway: the socket once it answered 200, else the status it answered. */
function connectTunnel(port: number, target: string, auth?: string): Promise<net.Socket | number> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      method: "CONNECT",
      path: target,
      agent: false,
      headers: auth ? { "proxy-authorization": auth } : {},
    })
    request.on("error", reject)
    request.on("connect", (response, socket) => {
      if (response.statusCode === 200) resolve(socket)
      else {
        socket.destroy()
        resolve(response.statusCode ?? 0)
      }
    })
    request.on("response", (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.end()
  })
}

/** Sends a raw HTTP/1.1 request over a tunnel and reads until the target closes it; the client's byte counts. */
function overTunnel(socket: net.Socket, path: string, host: string, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    socket.on("data", (part: Buffer) => parts.push(part))
    socket.on("error", reject)
    socket.on("close", () => {
      const text = Buffer.concat(parts)
      const split = text.indexOf("\r\n\r\n")
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text.subarray(0, 20).toString())?.[1] ?? 0),
        body: split >= 0 ? text.subarray(split + 4) : Buffer.alloc(0),
        sent: socket.bytesWritten,
        received: socket.bytesRead,
      })
    })
    socket.write(
      `${body ? "POST" : "GET"} ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n` +
        (body ? `Content-Length: ${body.length}\r\n` : "") +
        "\r\n",
    )
    if (body) socket.write(body)
  })
}

describe.each(engines)("the proxy gateway on $name", (engine) => {
  let app: FastifyInstance
  let db: Database
  let stop: () => Promise<void>
  let gateway: ProxyGateway
  let target: Awaited<ReturnType<typeof startTarget>>
  const upstreams: Awaited<ReturnType<typeof startUpstream>>[] = []
  let key = ""
  let userId = ""
  let alice: Subuser
  const exits: Record<string, string> = {}

  const call = async <T>(method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) => {
    const response = await app.inject({
      method,
      url,
      headers: { "x-api-key": key },
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
    return { status: response.statusCode, body: (response.body ? response.json() : null) as T }
  }

  beforeAll(async () => {
    ;({ app, db, stop } = await startTestApp(engine))
    target = await startTarget()
    for (let index = 0; index < 3; index++) upstreams.push(await startUpstream())
    const email = `proxy-${randomBytes(4).toString("hex")}@example.com`
    userId = await newUser(db, email, "customer")
    await giveCredit(db, userId, 20_000_000)
    key = await giveApiKey(db, email)
    // Instead of the demo's exits: two residential exits in Germany, one in France; datacenter traffic leaves from
    // the gateway itself.
    await db.query("DELETE FROM proxy_exits")
    const exit = async (name: string, pool: string, country: string, upstream: string | null) => {
      const { rows } = await db.query<{ id: string }>(
        "INSERT INTO proxy_exits (pool, country, upstream_url) VALUES ($1, $2, $3) RETURNING id::text",
        [pool, country, upstream],
      )
      exits[name] = rows[0]!.id
    }
    await exit("de1", "residential", "de", `http://127.0.0.1:${upstreams[0]!.server.port}`)
    await exit("de2", "residential", "de", `http://127.0.0.1:${upstreams[1]!.server.port}`)
    await exit("fr", "residential", "fr", `http://127.0.0.1:${upstreams[2]!.server.port}`)
    await exit("direct", "datacenter", "us", null)
    gateway = await startGateway({ db, flushMs: 600_000, tickMs: 100, healthMs: 0 })
  })
  afterAll(async () => {
    await gateway?.close()
    for (const upstream of upstreams) await upstream.server.close(true)
    target?.server.close()
    await stop()
  })

  it("sells traffic from the balance through the ledger once per key, and manages sub-users and allow-lists", async () => {
    const prices = await app.inject({ method: "GET", url: "/api/v2/proxy/prices?currency=RUB" })
    expect(prices.statusCode).toBe(200)
    expect(
      prices.json().prices.find((price: { pool: string }) => price.pool === "residential"),
    ).toMatchObject({
      currency: "RUB",
      perGb: 360_000_000,
      countries: ["de", "fr"],
    })

    const order = { pool: "residential", gigabytes: 1, idempotencyKey: "order-0001" }
    const first = await call<{ purchase: { amount: number }; account: ProxyAccount }>(
      "POST",
      "/api/v2/proxy/traffic",
      order,
    )
    expect(first.status).toBe(200)
    expect(first.body.purchase.amount).toBe(4_000_000)
    expect(first.body.account.balance).toBe(16_000_000)
    expect(first.body.account.traffic.find((item) => item.pool === "residential")).toMatchObject({
      bought: BYTES_PER_GB,
      left: BYTES_PER_GB,
    })
    // The same key again: the same purchase, nothing moved; the key for another order is refused.
    const again = await call<{ account: ProxyAccount }>("POST", "/api/v2/proxy/traffic", order)
    expect(again.body.account.balance).toBe(16_000_000)
    expect((await call("POST", "/api/v2/proxy/traffic", { ...order, gigabytes: 2 })).status).toBe(409)
    // More than the balance covers.
    const tooMuch = await call<{ error: { code: string } }>("POST", "/api/v2/proxy/traffic", {
      pool: "mobile",
      gigabytes: 10,
      idempotencyKey: "order-0002",
    })
    expect([tooMuch.status, tooMuch.body.error.code]).toEqual([402, "INSUFFICIENT_FUNDS"])
    await call("POST", "/api/v2/proxy/traffic", {
      pool: "datacenter",
      gigabytes: 1,
      idempotencyKey: "order-0003",
    })
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
    // The balance history lists each purchase once, as proxy traffic (not as an adjustment).
    const history = await balanceHistory(db, userId, { page: 1, pageSize: 20 })
    expect(
      history.items.map(({ kind, amount, reference, note }) => ({ kind, amount, reference, note })),
    ).toEqual([
      { kind: "proxyTraffic", amount: -800_000, reference: "datacenter", note: "1" },
      { kind: "proxyTraffic", amount: -4_000_000, reference: "residential", note: "1" },
      { kind: "adjustment", amount: 20_000_000, reference: null, note: null },
    ])

    const created = await call<Subuser>("POST", "/api/v2/proxy/subusers", {
      name: "alice",
      pool: "residential",
    })
    expect(created.status).toBe(200)
    alice = created.body
    expect(alice.password).toMatch(/^[A-Za-z0-9]{16}$/)
    expect((await call("POST", "/api/v2/proxy/subusers", { name: "alice", pool: "mobile" })).status).toBe(409)
    expect((await call("POST", "/api/v2/proxy/subusers", { name: "Bad-Name", pool: "mobile" })).status).toBe(
      400,
    )
    // Without a key or a session, nothing.
    expect((await app.inject({ method: "GET", url: "/api/v2/proxy/subusers" })).statusCode).toBe(401)

    const allowUrl = `/api/v2/proxy/subusers/${alice.id}/allowlist`
    for (const [cidr, code] of [
      ["300.1.1.1", "ADDRESS_INVALID"],
      ["10.0.0.0/8", "RANGE_TOO_WIDE"],
    ] as const) {
      const refused = await call<{ error: { code: string } }>("POST", allowUrl, { cidr })
      expect([refused.status, refused.body.error.code]).toEqual([400, code])
    }
    const allowed = await call<Subuser>("POST", allowUrl, { cidr: "127.0.0.2", note: "the office" })
    expect(allowed.body.allowlist).toMatchObject([{ cidr: "127.0.0.2/32", note: "the office" }])
    const overlap = await call<{ error: { code: string } }>("POST", allowUrl, { cidr: "127.0.0.0/24" })
    expect([overlap.status, overlap.body.error.code]).toEqual([409, "ADDRESS_TAKEN"])

    const lines = await call<{ lines: string[] }>("POST", "/api/v2/proxy/connection-strings", {
      subuser: alice.id,
      country: "de",
      sticky: true,
      ttlMinutes: 30,
      count: 2,
    })
    expect(lines.body.lines).toHaveLength(2)
    expect(lines.body.lines[0]).toMatch(
      new RegExp(`^http://alice-country-de-session-[0-9a-f]{12}-ttl-30:${alice.password}@localhost:\\d+$`),
    )
    await gateway.sync()
  })

  it("signs clients in by password or allow-listed address, over HTTP, CONNECT and SOCKS5", async () => {
    const url = `http://127.0.0.1:${target.port}/bytes/10`
    const right = basic("alice", alice.password)
    expect((await viaHttp(gateway.httpPort, url, { auth: right })).status).toBe(200)
    const wrong = await viaHttp(gateway.httpPort, url, { auth: basic("alice", "nope") })
    expect(wrong.status).toBe(407)
    expect(wrong.body.toString()).toContain("Wrong user name or password")
    // No credentials: from the allow-listed 127.0.0.2 it passes, from 127.0.0.1 it is asked for them.
    expect((await viaHttp(gateway.httpPort, url, { localAddress: "127.0.0.2" })).status).toBe(200)
    expect((await viaHttp(gateway.httpPort, url)).status).toBe(407)

    const tunnel = await connectTunnel(gateway.httpPort, `127.0.0.1:${target.port}`, right)
    expect(tunnel).toBeInstanceOf(net.Socket)
    const overConnect = await overTunnel(tunnel as net.Socket, "/bytes/1000", `127.0.0.1:${target.port}`)
    expect([overConnect.status, overConnect.body.length]).toEqual([200, 1000])
    expect(await connectTunnel(gateway.httpPort, `127.0.0.1:${target.port}`, basic("alice", "nope"))).toBe(
      407,
    )

    const socks = await SocksClient.createConnection({
      proxy: {
        host: "127.0.0.1",
        port: gateway.socksPort,
        type: 5,
        userId: "alice",
        password: alice.password,
      },
      command: "connect",
      destination: { host: "127.0.0.1", port: target.port },
    })
    const overSocks = await overTunnel(socks.socket, "/bytes/2000", `127.0.0.1:${target.port}`)
    expect([overSocks.status, overSocks.body.length]).toEqual([200, 2000])
    await expect(
      SocksClient.createConnection({
        proxy: { host: "127.0.0.1", port: gateway.socksPort, type: 5, userId: "alice", password: "nope" },
        command: "connect",
        destination: { host: "127.0.0.1", port: target.port },
      }),
    ).rejects.toThrow()
  })

  it("routes by country, keeps a sticky session's exit, rotates without one, and leaves a dead exit", async () => {
    const url = `http://127.0.0.1:${target.port}/`
    const hits = () => upstreams.map((upstream) => upstream.hits)
    const through = async (user: string) => {
      const before = hits()
      expect((await viaHttp(gateway.httpPort, url, { auth: basic(user, alice.password) })).status).toBe(200)
      return hits().findIndex((count, index) => count > before[index]!)
    }
    // France has one exit; Germany two.
    expect(await through("alice-country-fr")).toBe(2)
    const sticky = await through("alice-country-de-session-s1")
    expect([0, 1]).toContain(sticky)
    for (let request = 0; request < 5; request++)
      expect(await through("alice-country-de-session-s1")).toBe(sticky)
    const seen = new Set<number>()
    for (let request = 0; request < 40 && seen.size < 2; request++)
      seen.add(await through("alice-country-de"))
    expect([...seen].sort()).toEqual([0, 1])
    // The session's exit dies: the health check finds it, and the session goes on through the other one.
    await upstreams[sticky]!.server.close(true)
    await gateway.checkHealth()
    const { rows } = await db.query<{ healthy: boolean }>("SELECT healthy FROM proxy_exits WHERE id = $1", [
      exits[sticky === 0 ? "de1" : "de2"],
    ])
    expect(rows[0]!.healthy).toBe(false)
    expect(await through("alice-country-de-session-s1")).toBe(1 - sticky)
    // A country without an exit, and a pool without traffic, are refused with the reason.
    const nowhere = await viaHttp(gateway.httpPort, url, { auth: basic("alice-country-jp", alice.password) })
    expect([nowhere.status, nowhere.body.toString()]).toEqual([
      503,
      expect.stringContaining("No residential exit"),
    ])
    const mobile = await viaHttp(gateway.httpPort, url, { auth: basic("alice-pool-mobile", alice.password) })
    expect([mobile.status, mobile.body.toString()]).toEqual([
      402,
      expect.stringContaining("No mobile traffic left"),
    ])
    // Blocked targets.
    await db.query("INSERT INTO proxy_blocked_domains (domain, reason) VALUES ('localhost', 'test')")
    await gateway.sync()
    const blocked = await viaHttp(gateway.httpPort, `http://localhost:${target.port}/`, {
      auth: basic("alice-pool-datacenter", alice.password),
    })
    expect(blocked.status).toBe(403)
    await db.query("DELETE FROM proxy_blocked_domains")
    // The operations console's domain rules: a site blocked for every captcha type is blocked here too, with the
    // customer's reason; one blocked for some types only is not.
    await db.query(
      `INSERT INTO manual_domain_rules (pattern_kind, pattern, captcha_types, action, staff_reason, customer_reason)
       VALUES ('domain', 'blocked.test', '{}', 'block', 'abuse', 'This site may not be reached through our proxies.'),
              ('host', 'localhost', '{ImageToTextTask}', 'block', 'abuse', NULL)`,
    )
    await gateway.sync()
    const ruled = await viaHttp(gateway.httpPort, "http://www.blocked.test/", {
      auth: basic("alice-pool-datacenter", alice.password),
    })
    expect([ruled.status, ruled.body.toString()]).toEqual([
      403,
      expect.stringContaining("may not be reached"),
    ])
    const partly = await viaHttp(gateway.httpPort, `http://localhost:${target.port}/`, {
      auth: basic("alice-pool-datacenter", alice.password),
    })
    expect(partly.status).toBe(200)
    await db.query("DELETE FROM manual_domain_rules WHERE pattern IN ('blocked.test', 'localhost')")
    await gateway.sync()
  })

  it("meters 100 MB moved (half each way) within 1 %, per sub-user and host, and takes it from the traffic", async () => {
    await gateway.sync()
    const before = await call<ProxyAccount>("GET", "/api/v2/proxy/account")
    const usageBefore = await call<ProxyUsage>("GET", "/api/v2/proxy/usage")
    const auth = basic("alice-pool-datacenter", alice.password)
    const host = `127.0.0.1:${target.port}`
    const body = Buffer.alloc(10_000_000, 97)
    let client = 0
    // Five downloads and five uploads of 10 MB over CONNECT and plain HTTP, two at a time.
    const jobs = Array.from({ length: 10 }, (_, index) => async () => {
      if (index % 2 === 0) {
        const tunnel = await connectTunnel(gateway.httpPort, host, auth)
        const answer = await overTunnel(tunnel as net.Socket, "/bytes/10000000", host)
        expect(answer.body.length).toBe(10_000_000)
        client += answer.sent + answer.received
      } else {
        const answer = await viaHttp(gateway.httpPort, `http://${host}/sink`, { auth, body })
        expect(answer.body.toString()).toBe("10000000")
        client += answer.sent + answer.received
      }
    })
    for (let index = 0; index < jobs.length; index += 2)
      await Promise.all([jobs[index]!(), jobs[index + 1]!()])
    await gateway.sync()
    const after = await call<ProxyUsage>("GET", "/api/v2/proxy/usage")
    const metered =
      after.body.total.up + after.body.total.down - (usageBefore.body.total.up + usageBefore.body.total.down)
    expect(client).toBeGreaterThan(100_000_000)
    expect(Math.abs(metered - client) / client).toBeLessThan(0.01)
    expect(after.body.subusers.find((row) => row.name === "alice")).toBeDefined()
    expect(after.body.hosts[0]).toMatchObject({ host: "127.0.0.1" })
    const account = await call<ProxyAccount>("GET", "/api/v2/proxy/account")
    const left = (view: ProxyAccount) => view.traffic.find((item) => item.pool === "datacenter")!.left
    expect(left(before.body) - left(account.body)).toBe(metered)
  })

  it("refuses new connections at a cap and cuts an open tunnel within a second; the ledger balances", async () => {
    const capped = await call<Subuser>("POST", "/api/v2/proxy/subusers", {
      name: "bob",
      pool: "datacenter",
      trafficCapGb: 0.001,
    })
    await gateway.sync()
    const auth = basic("bob", capped.body.password)
    const host = `127.0.0.1:${target.port}`
    const tunnel = (await connectTunnel(gateway.httpPort, host, auth)) as net.Socket
    let received = 0
    tunnel.on("data", (part: Buffer) => (received += part.length))
    const closed = new Promise<number>((resolve) => tunnel.once("close", () => resolve(Date.now())))
    let reached = 0
    tunnel.on("data", () => {
      if (!reached && received >= 1_000_000) reached = Date.now()
    })
    tunnel.write(`GET /stream HTTP/1.1\r\nHost: ${host}\r\n\r\n`)
    const cutAt = await closed
    expect(reached).toBeGreaterThan(0)
    expect(cutAt - reached).toBeLessThan(1_000)
    const refused = await viaHttp(gateway.httpPort, `http://${host}/`, { auth })
    expect([refused.status, refused.body.toString()]).toEqual([402, expect.stringContaining("traffic cap")])
    // A money cap: $0.001 of datacenter traffic ($0.80 per GB) is 1.25 MB; then refused, and what it cost is shown.
    const frugal = await call<Subuser>("POST", "/api/v2/proxy/subusers", {
      name: "carol",
      pool: "datacenter",
      moneyCap: 1_000,
    })
    await gateway.sync()
    const carol = basic("carol", frugal.body.password)
    const stream = (await connectTunnel(gateway.httpPort, host, carol)) as net.Socket
    let streamed = 0
    stream.on("data", (part: Buffer) => (streamed += part.length))
    const streamClosed = new Promise<void>((resolve) => stream.once("close", () => resolve()))
    stream.write(`GET /stream HTTP/1.1\r\nHost: ${host}\r\n\r\n`)
    await streamClosed
    expect(streamed).toBeGreaterThan(1_250_000 - 100_000)
    const poor = await viaHttp(gateway.httpPort, `http://${host}/`, { auth: carol })
    expect(poor.status).toBe(402)
    await gateway.sync()
    const listed = await call<{ subusers: Subuser[] }>("GET", "/api/v2/proxy/subusers")
    expect(listed.body.subusers.find((subuser) => subuser.name === "carol")).toMatchObject({
      moneyCap: 1_000,
      spent: expect.any(Number),
    })
    expect(listed.body.subusers.find((subuser) => subuser.name === "carol")!.spent).toBeGreaterThanOrEqual(
      1_000,
    )
    // Unpaused after a new cap: it passes again.
    await call("PATCH", `/api/v2/proxy/subusers/${capped.body.id}`, { trafficCapGb: 1 })
    await gateway.sync()
    expect((await viaHttp(gateway.httpPort, `http://${host}/`, { auth })).status).toBe(200)
    await gateway.sync()
    expect(await checkLedger(db)).toEqual({ balanced: true, problems: [] })
  })
})

import { randomInt } from "node:crypto"
import type { IncomingMessage } from "node:http"
import http from "node:http"
import net from "node:net"
import { Socks5Server } from "@pondwader/socks5-server"
import { RequestError, Server as ProxyChainServer } from "proxy-chain"
import { SocksClient } from "socks"
import { getDomain } from "tldts"
import {
  BYTES_PER_GB,
  DEFAULT_SESSION_MINUTES,
  parseProxyUser,
  type ProxyPool,
  type ProxyTarget,
} from "@manyhands/contract/proxy"
import type { Database } from "../../db/database"
import { clientAddress, inRange, parseRange, type Range } from "./addresses"
import { SPENT_SQL } from "./proxy"

/*
 * The proxy gateway (issue 25): HTTP proxying and HTTPS CONNECT through proxy-chain, SOCKS5 through
 * @pondwader/socks5-server, for the sub-users of proxy_subusers. A client signs in with `<subuser>[-options]` and the
 * sub-user's password, or (HTTP and CONNECT) with no credentials from an address on the sub-user's allow-list. Each
 * request or tunnel goes out through an exit of the sub-user's pool (or the one the user name asks for), in the
 * country asked for, chosen by weight among the healthy ones, or kept for a sticky session's lifetime.
 *
 * Metering happens on the client's side: the bytes the gateway reads from and writes to the client's socket, per
 * connection, read every tick (200 ms) and at the close, summed per sub-user, minute and pool with the target host,
 * and written to PostgreSQL every flush (5 s) in one transaction that also takes them from the account's traffic.
 * Between flushes the gateway counts what it has not written yet, so a sub-user at its cap or an account out of
 * traffic is refused new connections and its open ones are cut at the next tick.
 *
 * Everything the gateway needs is loaded from the database each flush (sub-users, allow-lists, traffic, exits,
 * blocked domains): the cabinet's changes reach it within one flush, from any process.
 */

export interface GatewayOptions {
  db: Database
  /** Where to listen (0: a free port). */
  host?: string
  httpPort?: number
  socksPort?: number
  /** How often metered bytes are written and the configuration read again (ms). */
  flushMs?: number
  /** How often open connections are read and checked against caps (ms). */
  tickMs?: number
  /** How often upstream exits are checked (ms; 0: only when asked). */
  healthMs?: number
  log?: { warn: (object: object, message: string) => void }
}

interface SubuserRow {
  id: string
  userId: string
  name: string
  password: string
  pool: ProxyPool
  cap: number | null
  /** What its traffic may cost (micro-units of the account's currency), and what it cost as written. */
  moneyCap: number | null
  spent: number
  currency: string
  used: number
  paused: boolean
}

interface Exit {
  id: string
  pool: ProxyPool
  country: string
  upstream: string | null
  weight: number
  healthy: boolean
}

interface Snapshot {
  byName: Map<string, SubuserRow>
  byId: Map<string, SubuserRow>
  allow: { range: Range; subuserId: string }[]
  /** `${userId}:${pool}` → bytes bought less used, as written. */
  left: Map<string, number>
  exits: Exit[]
  /** `${currency}:${pool}` → micro-units per GB. */
  prices: Map<string, number>
  blocked: Set<string>
  /** The operations console's domain rules that block a site for every captcha type block its traffic too. */
  rules: { kind: "host" | "suffix" | "domain"; pattern: string; reason: string | null }[]
}

interface Live {
  subuser: SubuserRow
  pool: ProxyPool
  host: string
  exitId: string | null
  counted: { up: number; down: number }
  read: () => { up: number; down: number }
  close: () => void
}

/** Bytes moved but not yet written, per sub-user and per account pool. */
interface Pending {
  usage: Map<
    string,
    {
      subuserId: string
      userId: string
      minute: string
      pool: ProxyPool
      up: number
      down: number
      connections: number
    }
  >
  hosts: Map<string, { subuserId: string; userId: string; minute: string; host: string; bytes: number }>
  bySubuser: Map<string, number>
  byPool: Map<string, number>
  /** Micro-units the bytes cost at their pool's price, per sub-user (fractions kept). */
  spent: Map<string, number>
}

/** Adds `amount` to a counter of the map. */
const add = (map: Map<string, number>, key: string, amount: number) =>
  map.set(key, (map.get(key) ?? 0) + amount)

const emptyPending = (): Pending => ({
  usage: new Map(),
  hosts: new Map(),
  bySubuser: new Map(),
  byPool: new Map(),
  spent: new Map(),
})

/** Why a connection is refused: the HTTP status the HTTP side answers and a reason the client can act on. */
export class GatewayRefusal extends Error {
  constructor(
    readonly status: 402 | 403 | 407 | 503,
    message: string,
  ) {
    super(message)
    this.name = "GatewayRefusal"
  }
}

const minuteOf = (at: number) => new Date(Math.floor(at / 60_000) * 60_000).toISOString()

export class ProxyGateway {
  private snapshot: Snapshot = {
    byName: new Map(),
    byId: new Map(),
    allow: [],
    left: new Map(),
    exits: [],
    prices: new Map(),
    blocked: new Set(),
    rules: [],
  }
  private pending = emptyPending()
  /** Written by a flush that has not been followed by a reload yet: still counted against caps. */
  private inFlight = emptyPending()
  private readonly live = new Map<string, Live>()
  private readonly sessions = new Map<string, { exitId: string; until: number }>()
  private readonly http: ProxyChainServer
  private readonly socks: Socks5Server
  private timers: NodeJS.Timeout[] = []
  private syncing: Promise<void> = Promise.resolve()
  private closed = false
  httpPort = 0
  socksPort = 0

  constructor(private readonly options: GatewayOptions) {
    this.http = new ProxyChainServer({
      port: options.httpPort ?? 0,
      host: options.host ?? "127.0.0.1",
      authRealm: "Manyhands proxy",
      prepareRequestFunction: ({ connectionId, request, username, password, hostname }) =>
        this.prepareHttp(connectionId, request, username, password, hostname),
    })
    this.http.on("connectionClosed", ({ connectionId }: { connectionId: number }) => {
      this.closeLive(`h${connectionId}`)
    })
    this.socks = new Socks5Server()
    this.socks.setAuthHandler(async (connection, accept, deny) => {
      try {
        connection.metadata = this.authenticate(connection.username, connection.password, undefined)
        accept()
      } catch {
        deny()
      }
    })
    this.socks.setRulesetValidator((connection, accept, deny) => {
      const target = connection.metadata as { subuser: SubuserRow; target: ProxyTarget } | undefined
      try {
        if (!target) throw new GatewayRefusal(407, "Sign in")
        this.admit(target.subuser, target.target.pool ?? target.subuser.pool, connection.destAddress)
        accept()
      } catch {
        deny()
      }
    })
    this.socks.setConnectionHandler((connection, sendStatus) => {
      void this.connectSocks(connection, sendStatus)
    })
  }

  async start() {
    await this.sync()
    await this.http.listen()
    this.httpPort = this.http.port
    await new Promise<void>((resolve, reject) => {
      this.socks.listen(this.options.socksPort ?? 0, this.options.host ?? "127.0.0.1", () => resolve())
      ;(this.socks as unknown as { server: net.Server }).server.once("error", reject)
    })
    this.socksPort = (
      (this.socks as unknown as { server: net.Server }).server.address() as net.AddressInfo
    ).port
    this.timers.push(setInterval(() => this.tick(), this.options.tickMs ?? 200))
    this.timers.push(
      setInterval(
        () => void this.sync().catch((error: unknown) => this.warn(error, "proxy sync failed")),
        this.options.flushMs ?? 5_000,
      ),
    )
    if ((this.options.healthMs ?? 30_000) > 0)
      this.timers.push(
        setInterval(
          () =>
            void this.checkHealth().catch((error: unknown) => this.warn(error, "proxy health check failed")),
          this.options.healthMs ?? 30_000,
        ),
      )
    for (const timer of this.timers) timer.unref()
    return this
  }

  private warn(error: unknown, message: string) {
    this.options.log?.warn({ err: error }, message)
  }

  /** Ends every connection, writes what was metered and stops listening. */
  async close() {
    if (this.closed) return
    this.closed = true
    for (const timer of this.timers) clearInterval(timer)
    this.tick()
    await this.http.close(true)
    await new Promise<void>((resolve) => this.socks.close(() => resolve()))
    for (const key of [...this.live.keys()]) this.closeLive(key, true)
    await this.sync()
  }

  // ——— authentication and admission ———

  /** The sub-user a client signs in as, with its target options; a GatewayRefusal (407) otherwise. */
  private authenticate(
    username: string | undefined,
    password: string | undefined,
    address: string | undefined,
  ): { subuser: SubuserRow; target: ProxyTarget } {
    if (username) {
      const target = parseProxyUser(username)
      const subuser = target ? this.snapshot.byName.get(target.subuser) : undefined
      if (!target || !subuser || subuser.password !== password)
        throw new GatewayRefusal(407, "Wrong user name or password for the proxy.")
      return { subuser, target }
    }
    const client = clientAddress(address)
    const entry = client ? this.snapshot.allow.find((item) => inRange(client, item.range)) : undefined
    const subuser = entry ? this.snapshot.byId.get(entry.subuserId) : undefined
    if (!subuser)
      throw new GatewayRefusal(
        407,
        "Sign in to the proxy with your sub-user's name and password, or allow-list this address in the cabinet.",
      )
    return { subuser, target: { subuser: subuser.name } }
  }

  private usedBySubuser(subuser: SubuserRow) {
    return (
      subuser.used +
      (this.pending.bySubuser.get(subuser.id) ?? 0) +
      (this.inFlight.bySubuser.get(subuser.id) ?? 0)
    )
  }

  private spentBySubuser(subuser: SubuserRow) {
    return (
      subuser.spent + (this.pending.spent.get(subuser.id) ?? 0) + (this.inFlight.spent.get(subuser.id) ?? 0)
    )
  }

  /** Whether the sub-user reached a cap: its traffic, or what its traffic cost. */
  private capped(subuser: SubuserRow) {
    return (
      (subuser.cap !== null && this.usedBySubuser(subuser) >= subuser.cap) ||
      (subuser.moneyCap !== null && this.spentBySubuser(subuser) >= subuser.moneyCap)
    )
  }

  private leftInPool(userId: string, pool: ProxyPool) {
    const key = `${userId}:${pool}`
    return (
      (this.snapshot.left.get(key) ?? 0) -
      (this.pending.byPool.get(key) ?? 0) -
      (this.inFlight.byPool.get(key) ?? 0)
    )
  }

  /** Whether the sub-user may open a connection to `host` in `pool` now; a GatewayRefusal otherwise. */
  private admit(subuser: SubuserRow, pool: ProxyPool, host: string) {
    if (subuser.paused)
      throw new GatewayRefusal(402, `Sub-user ${subuser.name} is paused in the proxy cabinet.`)
    if (this.capped(subuser))
      throw new GatewayRefusal(402, `Sub-user ${subuser.name} has used its traffic cap.`)
    if (this.leftInPool(subuser.userId, pool) <= 0)
      throw new GatewayRefusal(402, `No ${pool} traffic left on the account: buy more in the proxy cabinet.`)
    const blocked = this.blockedBecause(host)
    if (blocked !== null)
      throw new GatewayRefusal(403, blocked || `Traffic to ${host} is not allowed through this proxy.`)
  }

  /** Why traffic to `host` is refused ("" without a reason of its own), or null when it is allowed. */
  private blockedBecause(host: string): string | null {
    const { blocked, rules } = this.snapshot
    if (blocked.size === 0 && rules.length === 0) return null
    const name = host.toLowerCase().replace(/\.$/, "")
    const domain = getDomain(name) ?? name
    const parts = name.split(".")
    for (let index = 0; index < parts.length; index++)
      if (blocked.has(parts.slice(index).join("."))) return ""
    for (const rule of rules) {
      const hit =
        rule.kind === "host"
          ? name === rule.pattern
          : rule.kind === "suffix"
            ? name.endsWith(`.${rule.pattern}`)
            : domain === rule.pattern
      if (hit) return rule.reason ?? ""
    }
    return null
  }

  /** An exit of the pool (and the country), kept per sticky session; a GatewayRefusal (503) when none is healthy. */
  chooseExit(subuser: SubuserRow, pool: ProxyPool, target: ProxyTarget): Exit {
    const candidates = this.snapshot.exits.filter(
      (exit) => exit.healthy && exit.pool === pool && (!target.country || exit.country === target.country),
    )
    if (target.session) {
      const key = `${subuser.id}:${target.session}`
      const kept = this.sessions.get(key)
      const exit =
        kept && kept.until > Date.now() ? candidates.find((item) => item.id === kept.exitId) : undefined
      if (exit) return exit
      const chosen = this.pick(candidates, pool, target)
      this.sessions.set(key, {
        exitId: chosen.id,
        until: Date.now() + (target.ttlMinutes ?? DEFAULT_SESSION_MINUTES) * 60_000,
      })
      return chosen
    }
    return this.pick(candidates, pool, target)
  }

  private pick(candidates: Exit[], pool: ProxyPool, target: ProxyTarget): Exit {
    if (candidates.length === 0)
      throw new GatewayRefusal(
        503,
        `No ${pool} exit is available${target.country ? ` in ${target.country.toUpperCase()}` : ""} now.`,
      )
    let ticket = randomInt(candidates.reduce((sum, exit) => sum + exit.weight, 0))
    for (const exit of candidates) {
      ticket -= exit.weight
      if (ticket < 0) return exit
    }
    return candidates[candidates.length - 1]!
  }

  // ——— HTTP and CONNECT ———

  private async prepareHttp(
    connectionId: number,
    request: IncomingMessage,
    username: string,
    password: string,
    hostname: string,
  ) {
    let admitted: { subuser: SubuserRow; target: ProxyTarget }
    try {
      admitted = this.authenticate(username || undefined, password, request.socket.remoteAddress)
    } catch (error) {
      if (error instanceof GatewayRefusal) return { requestAuthentication: true, failMsg: error.message }
      throw error
    }
    const { subuser, target } = admitted
    const pool = target.pool ?? subuser.pool
    try {
      this.admit(subuser, pool, hostname)
      const exit = this.chooseExit(subuser, pool, target)
      const key = `h${connectionId}`
      const existing = this.live.get(key)
      if (existing) {
        // Another request on a kept-alive connection: what follows counts for its host.
        existing.host = hostname
        existing.exitId = exit.id
      } else {
        this.live.set(key, {
          subuser,
          pool,
          host: hostname,
          exitId: exit.id,
          counted: { up: 0, down: 0 },
          read: () => {
            const stats = this.http.getConnectionStats(connectionId)
            return stats ? { up: stats.srcRxBytes, down: stats.srcTxBytes } : { up: 0, down: 0 }
          },
          close: () => this.http.closeConnection(connectionId),
        })
        this.count(subuser, pool, hostname, 0, 0, 1)
      }
      return { upstreamProxyUrl: exit.upstream }
    } catch (error) {
      if (error instanceof GatewayRefusal) throw new RequestError(error.message, error.status)
      throw error
    }
  }

  // ——— SOCKS5 ———

  private async connectSocks(
    connection: Parameters<Socks5Server["connectionHandler"]>[0],
    sendStatus: Parameters<Socks5Server["connectionHandler"]>[1],
  ) {
    const { subuser, target } = connection.metadata as { subuser: SubuserRow; target: ProxyTarget }
    const pool = target.pool ?? subuser.pool
    const client = connection.socket as net.Socket
    let exit: Exit
    try {
      exit = this.chooseExit(subuser, pool, target)
    } catch {
      sendStatus("NETWORK_UNREACHABLE")
      return
    }
    let outbound: net.Socket
    try {
      outbound = await this.open(exit, connection.destAddress, connection.destPort)
    } catch {
      if (exit.upstream) this.markUnhealthy(exit)
      sendStatus("HOST_UNREACHABLE")
      return
    }
    const key = `s${randomInt(2 ** 47)}`
    const live: Live = {
      subuser,
      pool,
      host: connection.destAddress,
      exitId: exit.id,
      counted: { up: 0, down: 0 },
      read: () => ({ up: client.bytesRead, down: client.bytesWritten }),
      close: () => {
        client.destroy()
        outbound.destroy()
      },
    }
    this.live.set(key, live)
    this.count(subuser, pool, connection.destAddress, 0, 0, 1)
    sendStatus("REQUEST_GRANTED")
    // The reply's bytes are not the client's traffic: counting starts after them.
    live.counted = { up: client.bytesRead, down: client.bytesWritten }
    const done = () => {
      client.destroy()
      outbound.destroy()
      this.closeLive(key)
    }
    client.on("error", done).on("close", done)
    outbound.on("error", done).on("close", done)
    client.pipe(outbound)
    outbound.pipe(client)
  }

  /** A TCP stream to host:port through the exit: direct, an HTTP CONNECT of the upstream, or its SOCKS5. */
  private open(exit: Exit, host: string, port: number): Promise<net.Socket> {
    if (!exit.upstream)
      return new Promise((resolve, reject) => {
        const socket = net.connect({ host, port })
        socket.once("connect", () => resolve(socket)).once("error", reject)
      })
    const upstream = new URL(exit.upstream)
    if (upstream.protocol === "socks5:")
      return SocksClient.createConnection({
        proxy: {
          host: upstream.hostname,
          port: Number(upstream.port || 1080),
          type: 5,
          ...(upstream.username
            ? {
                userId: decodeURIComponent(upstream.username),
                password: decodeURIComponent(upstream.password),
              }
            : {}),
        },
        command: "connect",
        destination: { host, port },
        timeout: 10_000,
      }).then(({ socket }) => socket)
    return new Promise((resolve, reject) => {
      const authorization = upstream.username
        ? `Basic ${Buffer.from(`${decodeURIComponent(upstream.username)}:${decodeURIComponent(upstream.password)}`).toString("base64")}`
        : undefined
      const request = http.request({
        host: upstream.hostname,
        port: Number(upstream.port || 80),
        method: "CONNECT",
        path: `${host.includes(":") ? `[${host}]` : host}:${port}`,
        headers: authorization ? { "proxy-authorization": authorization } : {},
        timeout: 10_000,
      })
      request.once("connect", (response, socket) => {
        if (response.statusCode === 200) resolve(socket)
        else {
          socket.destroy()
          reject(new Error(`upstream answered ${response.statusCode}`))
        }
      })
      request.once("timeout", () => request.destroy(new Error("upstream timed out")))
      request.once("error", reject)
      request.end()
    })
  }

  // ——— metering ———

  private count(
    subuser: SubuserRow,
    pool: ProxyPool,
    host: string,
    up: number,
    down: number,
    connections: number,
  ) {
    const minute = minuteOf(Date.now())
    const usageKey = `${subuser.id}|${minute}|${pool}`
    const usage = this.pending.usage.get(usageKey) ?? {
      subuserId: subuser.id,
      userId: subuser.userId,
      minute,
      pool,
      up: 0,
      down: 0,
      connections: 0,
    }
    usage.up += up
    usage.down += down
    usage.connections += connections
    this.pending.usage.set(usageKey, usage)
    const bytes = up + down
    if (bytes === 0) return
    const hostKey = `${subuser.id}|${minute}|${host}`
    const hostRow = this.pending.hosts.get(hostKey) ?? {
      subuserId: subuser.id,
      userId: subuser.userId,
      minute,
      host,
      bytes: 0,
    }
    hostRow.bytes += bytes
    this.pending.hosts.set(hostKey, hostRow)
    this.pending.bySubuser.set(subuser.id, (this.pending.bySubuser.get(subuser.id) ?? 0) + bytes)
    const poolKey = `${subuser.userId}:${pool}`
    this.pending.byPool.set(poolKey, (this.pending.byPool.get(poolKey) ?? 0) + bytes)
    add(
      this.pending.spent,
      subuser.id,
      (bytes * (this.snapshot.prices.get(`${subuser.currency}:${pool}`) ?? 0)) / BYTES_PER_GB,
    )
  }

  /** Adds what a connection moved since it was last read. */
  private read(live: Live) {
    const now = live.read()
    const up = Math.max(0, now.up - live.counted.up)
    const down = Math.max(0, now.down - live.counted.down)
    live.counted = { up: Math.max(now.up, live.counted.up), down: Math.max(now.down, live.counted.down) }
    if (up + down > 0) this.count(live.subuser, live.pool, live.host, up, down, 0)
  }

  private closeLive(key: string, cut = false) {
    const live = this.live.get(key)
    if (!live) return
    this.read(live)
    this.live.delete(key)
    if (cut) live.close()
  }

  /** Reads every open connection and cuts those of a sub-user at its cap or an account out of the pool's traffic. */
  tick() {
    for (const live of this.live.values()) this.read(live)
    for (const [key, live] of [...this.live.entries()]) {
      const current = this.snapshot.byId.get(live.subuser.id)
      const over =
        !current ||
        current.paused ||
        this.capped(current) ||
        this.leftInPool(live.subuser.userId, live.pool) <= 0
      if (over) this.closeLive(key, true)
    }
  }

  /** Writes what was metered, then reads the configuration again; one at a time. */
  sync(): Promise<void> {
    const run = this.syncing.then(async () => {
      this.tick()
      await this.flush()
      await this.reload()
    })
    this.syncing = run.catch(() => undefined)
    return run
  }

  private async flush() {
    const taken = this.pending
    this.pending = emptyPending()
    // Counted against caps until the reload after this write.
    for (const [key, bytes] of taken.bySubuser)
      this.inFlight.bySubuser.set(key, (this.inFlight.bySubuser.get(key) ?? 0) + bytes)
    for (const [key, bytes] of taken.byPool)
      this.inFlight.byPool.set(key, (this.inFlight.byPool.get(key) ?? 0) + bytes)
    for (const [key, cost] of taken.spent) add(this.inFlight.spent, key, cost)
    if (taken.usage.size === 0) return
    const usage = [...taken.usage.values()]
    const hosts = [...taken.hosts.values()]
    const pools = new Map<string, { userId: string; pool: string; bytes: number }>()
    for (const row of usage) {
      const key = `${row.userId}:${row.pool}`
      const item = pools.get(key) ?? { userId: row.userId, pool: row.pool, bytes: 0 }
      item.bytes += row.up + row.down
      pools.set(key, item)
    }
    try {
      await this.options.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO proxy_usage (subuser_id, user_id, minute, pool, up, down, connections)
           SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[], $4::text[], $5::bigint[], $6::bigint[],
                                $7::integer[])
           ON CONFLICT (subuser_id, minute, pool) DO UPDATE SET up = proxy_usage.up + EXCLUDED.up,
             down = proxy_usage.down + EXCLUDED.down, connections = proxy_usage.connections + EXCLUDED.connections`,
          [
            usage.map((row) => row.subuserId),
            usage.map((row) => row.userId),
            usage.map((row) => row.minute),
            usage.map((row) => row.pool),
            usage.map((row) => row.up),
            usage.map((row) => row.down),
            usage.map((row) => row.connections),
          ],
        )
        if (hosts.length > 0)
          await tx.query(
            `INSERT INTO proxy_usage_hosts (subuser_id, user_id, minute, host, bytes)
             SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[], $4::text[], $5::bigint[])
             ON CONFLICT (subuser_id, minute, host) DO UPDATE SET bytes = proxy_usage_hosts.bytes + EXCLUDED.bytes`,
            [
              hosts.map((row) => row.subuserId),
              hosts.map((row) => row.userId),
              hosts.map((row) => row.minute),
              hosts.map((row) => row.host.slice(0, 255)),
              hosts.map((row) => row.bytes),
            ],
          )
        const subusers = [...taken.bySubuser.entries()]
        if (subusers.length > 0)
          await tx.query(
            `UPDATE proxy_subusers s SET used = s.used + u.bytes
               FROM unnest($1::bigint[], $2::bigint[]) AS u (id, bytes) WHERE s.id = u.id`,
            [subusers.map(([id]) => id), subusers.map(([, bytes]) => bytes)],
          )
        const poolRows = [...pools.values()].filter((row) => row.bytes > 0)
        if (poolRows.length > 0)
          await tx.query(
            `INSERT INTO proxy_traffic (user_id, pool, used)
             SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[])
             ON CONFLICT (user_id, pool) DO UPDATE SET used = proxy_traffic.used + EXCLUDED.used`,
            [
              poolRows.map((row) => row.userId),
              poolRows.map((row) => row.pool),
              poolRows.map((row) => row.bytes),
            ],
          )
      })
    } catch (error) {
      // Not written: counted again with the next flush.
      this.merge(taken)
      for (const [key, bytes] of taken.bySubuser)
        this.inFlight.bySubuser.set(key, (this.inFlight.bySubuser.get(key) ?? 0) - bytes)
      for (const [key, bytes] of taken.byPool)
        this.inFlight.byPool.set(key, (this.inFlight.byPool.get(key) ?? 0) - bytes)
      for (const [key, cost] of taken.spent) add(this.inFlight.spent, key, -cost)
      throw error
    }
  }

  private merge(taken: Pending) {
    for (const [key, row] of taken.usage) {
      const mine = this.pending.usage.get(key)
      if (mine) {
        mine.up += row.up
        mine.down += row.down
        mine.connections += row.connections
      } else this.pending.usage.set(key, row)
    }
    for (const [key, row] of taken.hosts) {
      const mine = this.pending.hosts.get(key)
      if (mine) mine.bytes += row.bytes
      else this.pending.hosts.set(key, row)
    }
    for (const [key, bytes] of taken.bySubuser)
      this.pending.bySubuser.set(key, (this.pending.bySubuser.get(key) ?? 0) + bytes)
    for (const [key, bytes] of taken.byPool)
      this.pending.byPool.set(key, (this.pending.byPool.get(key) ?? 0) + bytes)
    for (const [key, cost] of taken.spent) add(this.pending.spent, key, cost)
  }

  private async reload() {
    const { db } = this.options
    const [subusers, allow, traffic, exits, blocked, prices, rules] = await Promise.all([
      db.query<{
        id: string
        user_id: string
        name: string
        password: string
        pool: ProxyPool
        traffic_cap: string | null
        money_cap: string | null
        spent: string
        currency: string
        used: string
        paused: boolean
      }>(
        `SELECT s.id::text, s.user_id::text, s.name, s.password, s.pool, s.traffic_cap::text, s.used::text,
                s.money_cap::text, u.currency,
                CASE WHEN s.money_cap IS NULL THEN 0 ELSE (${SPENT_SQL("s.id", "s.user_id")}) END::text AS spent,
                s.paused OR u.banned_until IS NOT NULL AND u.banned_until > now() AS paused
           FROM proxy_subusers s JOIN users u ON u.id = s.user_id WHERE s.deleted_at IS NULL`,
      ),
      db.query<{ subuser_id: string; cidr: string }>(
        `SELECT a.subuser_id::text, a.cidr FROM proxy_allowlist a
           JOIN proxy_subusers s ON s.id = a.subuser_id WHERE s.deleted_at IS NULL`,
      ),
      db.query<{ user_id: string; pool: string; left: string }>(
        "SELECT user_id::text, pool, (bought - used)::text AS left FROM proxy_traffic",
      ),
      db.query<{
        id: string
        pool: ProxyPool
        country: string
        upstream_url: string | null
        weight: number
        healthy: boolean
      }>("SELECT id::text, pool, country, upstream_url, weight, healthy FROM proxy_exits WHERE enabled"),
      db.query<{ domain: string }>("SELECT domain FROM proxy_blocked_domains"),
      db.query<{ pool: string; currency: string; per_gb: string }>(
        "SELECT pool, currency, per_gb::text FROM proxy_prices",
      ),
      db.query<{
        pattern_kind: "host" | "suffix" | "domain"
        pattern: string
        customer_reason: string | null
      }>(
        `SELECT pattern_kind, pattern, customer_reason FROM manual_domain_rules
          WHERE action = 'block' AND cardinality(captcha_types) = 0 AND enabled
            AND (expires_at IS NULL OR expires_at > now())`,
      ),
    ])
    const rows = subusers.rows.map<SubuserRow>((row) => ({
      id: row.id,
      userId: row.user_id,
      name: row.name,
      password: row.password,
      pool: row.pool,
      cap: row.traffic_cap === null ? null : Number(row.traffic_cap),
      moneyCap: row.money_cap === null ? null : Number(row.money_cap),
      spent: Number(row.spent),
      currency: row.currency,
      used: Number(row.used),
      paused: row.paused,
    }))
    // Health seen here since the last reload is kept (an exit found down stays down until a check finds it up).
    const health = new Map(this.snapshot.exits.map((exit) => [exit.id, exit.healthy]))
    this.snapshot = {
      byName: new Map(rows.map((row) => [row.name, row])),
      byId: new Map(rows.map((row) => [row.id, row])),
      allow: allow.rows.map((row) => ({ range: parseRange(row.cidr), subuserId: row.subuser_id })),
      left: new Map(traffic.rows.map((row) => [`${row.user_id}:${row.pool}`, Number(row.left)])),
      exits: exits.rows.map((row) => ({
        id: row.id,
        pool: row.pool,
        country: row.country,
        upstream: row.upstream_url,
        weight: row.weight,
        healthy: row.upstream_url === null ? true : row.healthy && health.get(row.id) !== false,
      })),
      prices: new Map(prices.rows.map((row) => [`${row.currency}:${row.pool}`, Number(row.per_gb)])),
      blocked: new Set(blocked.rows.map((row) => row.domain)),
      rules: rules.rows.map((row) => ({
        kind: row.pattern_kind,
        pattern: row.pattern,
        reason: row.customer_reason,
      })),
    }
    this.inFlight = emptyPending()
    for (const live of this.live.values()) {
      const current = this.snapshot.byId.get(live.subuser.id)
      if (current) live.subuser = current
    }
  }

  // ——— health ———

  private markUnhealthy(exit: Exit) {
    exit.healthy = false
    void this.options.db
      .query("UPDATE proxy_exits SET healthy = false, checked_at = now() WHERE id = $1", [exit.id])
      .catch((error: unknown) => this.warn(error, "exit health not saved"))
  }

  /** Connects to every upstream exit (2 s each at most) and records which answer. */
  async checkHealth() {
    const upstreams = this.snapshot.exits.filter((exit) => exit.upstream !== null)
    await Promise.all(
      upstreams.map(async (exit) => {
        const url = new URL(exit.upstream!)
        const healthy = await new Promise<boolean>((resolve) => {
          const socket = net.connect({
            host: url.hostname,
            port: Number(url.port || (url.protocol === "socks5:" ? 1080 : 80)),
          })
          socket.setTimeout(2_000)
          socket.once("connect", () => {
            socket.destroy()
            resolve(true)
          })
          socket.once("timeout", () => {
            socket.destroy()
            resolve(false)
          })
          socket.once("error", () => resolve(false))
        })
        exit.healthy = healthy
        await this.options.db.query("UPDATE proxy_exits SET healthy = $2, checked_at = now() WHERE id = $1", [
          exit.id,
          healthy,
        ])
      }),
    )
  }

  /** Open connections (for tests and the bench). */
  get openConnections() {
    return this.live.size
  }
}

export async function startGateway(options: GatewayOptions): Promise<ProxyGateway> {
  return new ProxyGateway(options).start()
}

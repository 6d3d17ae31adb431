// pnpm bench proxy [--requests N] [--size BYTES] [--concurrency C] [--tunnel-mb MB]: requests per second and MB/s
// on loopback, straight to the target, through a bare proxy-chain server (no sign-in, no meter), and through the
// Manyhands gateway (sign-in, exit choice, metering flushed to PGlite), for plain HTTP and for a CONNECT tunnel.
// Prints figures; asserts nothing about time. Also checks the meter against the client's own byte count.
import http from "node:http"
import type { AddressInfo } from "node:net"
import net from "node:net"
import { parseArgs } from "node:util"
import { Server as ProxyChainServer } from "proxy-chain"
import { BYTES_PER_GB } from "@manyhands/contract/proxy"
import { migrate } from "../src/db/migrate"
import { startGateway } from "../src/modules/proxy/gateway"
import { freshDatabase } from "./support"

const { values } = parseArgs({
  options: {
    requests: { type: "string", default: "2000" },
    size: { type: "string", default: "102400" },
    concurrency: { type: "string", default: "20" },
    "tunnel-mb": { type: "string", default: "200" },
    help: { type: "boolean", default: false },
  },
})
if (values.help) {
  console.log(
    "pnpm bench proxy [--requests 2000] [--size 102400] [--concurrency 20] [--tunnel-mb 200]\n" +
      "  requests of --size bytes each, --concurrency at a time; then one CONNECT tunnel moving --tunnel-mb MB.",
  )
  process.exit(0)
}
const REQUESTS = Number(values.requests)
const SIZE = Number(values.size)
const CONCURRENCY = Number(values.concurrency)
const TUNNEL_BYTES = Number(values["tunnel-mb"]) * 1_000_000

const body = Buffer.alloc(SIZE, 120)
const target = http.createServer((request, response) => {
  if (request.url?.startsWith("/big/")) {
    const size = Number(request.url.slice(5))
    response.writeHead(200, { "content-length": size })
    const chunk = Buffer.alloc(256 * 1024, 121)
    let left = size
    const write = () => {
      while (left > 0) {
        const part = chunk.subarray(0, Math.min(chunk.length, left))
        left -= part.length
        if (!response.write(part)) return void response.once("drain", write)
      }
      response.end()
    }
    return write()
  }
  response.writeHead(200, { "content-length": body.length })
  response.end(body)
})
await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve))
const targetPort = (target.address() as AddressInfo).port

const bare = new ProxyChainServer({ port: 0, host: "127.0.0.1" })
await bare.listen()

const { db, label, drop } = await freshDatabase("pglite", { databaseUrl: "", pool: 1 })
await migrate(db)
const { rows } = await db.query<{ id: string }>(
  "INSERT INTO users (email, password_hash, user_type) VALUES ('bench@example.com', 'x', 'customer') RETURNING id::text",
)
const userId = rows[0]!.id
await db.query("INSERT INTO proxy_exits (pool, country, upstream_url) VALUES ('datacenter', 'us', NULL)")
await db.query("INSERT INTO proxy_traffic (user_id, pool, bought) VALUES ($1, 'datacenter', $2)", [
  userId,
  100 * BYTES_PER_GB,
])
await db.query(
  "INSERT INTO proxy_subusers (user_id, name, password, pool) VALUES ($1, 'bench', 'benchpassword', 'datacenter')",
  [userId],
)
const gateway = await startGateway({ db, flushMs: 5_000, healthMs: 0 })
const auth = `Basic ${Buffer.from("bench:benchpassword").toString("base64")}`

/** `count` GETs, `concurrency` at a time, on kept-alive connections; answers seconds and bytes received. */
async function run(proxyPort: number | null) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  let next = 0
  let bytes = 0
  const started = performance.now()
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1
      const size = await new Promise<number>((resolve, reject) => {
        const request = http.request(
          proxyPort === null
            ? { host: "127.0.0.1", port: targetPort, path: "/", agent }
            : {
                host: "127.0.0.1",
                port: proxyPort,
                path: `http://127.0.0.1:${targetPort}/`,
                agent,
                headers: { "proxy-authorization": auth },
              },
          (response) => {
            let size = 0
            response.on("data", (part: Buffer) => (size += part.length))
            response.on("end", () =>
              response.statusCode === 200 ? resolve(size) : reject(new Error(`${response.statusCode}`)),
            )
          },
        )
        request.on("error", reject)
        request.end()
      })
      // Added after the await: `bytes += await …` would add to the value read before it.
      bytes += size
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  agent.destroy()
  return { seconds: (performance.now() - started) / 1000, bytes }
}

/** One download of TUNNEL_BYTES: straight, or through a CONNECT tunnel of the proxy. */
async function tunnel(proxyPort: number | null) {
  const started = performance.now()
  const socket: net.Socket = await new Promise((resolve, reject) => {
    if (proxyPort === null) {
      const direct = net.connect({ host: "127.0.0.1", port: targetPort })
      direct.once("connect", () => resolve(direct)).once("error", reject)
      return
    }
    const request = http.request({
      host: "127.0.0.1",
      port: proxyPort,
      method: "CONNECT",
      path: `127.0.0.1:${targetPort}`,
      headers: { "proxy-authorization": auth },
    })
    request.once("connect", (response, opened) =>
      response.statusCode === 200 ? resolve(opened) : reject(new Error(`${response.statusCode}`)),
    )
    request.once("error", reject)
    request.end()
  })
  const received = await new Promise<number>((resolve, reject) => {
    let size = 0
    socket.on("data", (part: Buffer) => (size += part.length))
    socket.once("close", () => resolve(size))
    socket.once("error", reject)
    socket.write(`GET /big/${TUNNEL_BYTES} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
  })
  return { seconds: (performance.now() - started) / 1000, bytes: received, sent: socket.bytesWritten }
}

const row = (name: string, result: { seconds: number; bytes: number }, requests?: number) =>
  console.log(
    `  ${name.padEnd(44)} ${requests ? `${(requests / result.seconds).toFixed(0).padStart(7)} req/s` : "".padStart(13)}  ${(result.bytes / 1e6 / result.seconds).toFixed(1).padStart(7)} MB/s`,
  )

console.log(
  `Proxy on loopback: ${REQUESTS} GETs of ${(SIZE / 1024).toFixed(0)} KiB, ${CONCURRENCY} at a time; one ${TUNNEL_BYTES / 1e6} MB CONNECT download (${label} for the meter)`,
)
// A warm-up round of each, so no figure pays for the first connections and JIT.
await run(null)
await run(bare.port)
await run(gateway.httpPort)
row("direct to the target", await run(null), REQUESTS)
row("bare proxy-chain (no sign-in, no meter)", await run(bare.port), REQUESTS)
row("Manyhands gateway (sign-in, exit, meter)", await run(gateway.httpPort), REQUESTS)
row("CONNECT tunnel: direct", await tunnel(null))
row("CONNECT tunnel: bare proxy-chain", await tunnel(bare.port))
await gateway.sync()
const before = await db.query<{ used: string }>("SELECT used::text FROM proxy_subusers WHERE name = 'bench'")
const metered = await tunnel(gateway.httpPort)
row("CONNECT tunnel: Manyhands gateway", metered)
await gateway.sync()
const after = await db.query<{ used: string }>("SELECT used::text FROM proxy_subusers WHERE name = 'bench'")
const counted = Number(after.rows[0]!.used) - Number(before.rows[0]!.used)
// The client's side of the tunnel: its request and the CONNECT line, and what it received (the gateway's 200 line too).
const client = metered.bytes + metered.sent
console.log(
  `  meter: ${counted.toLocaleString("en")} bytes metered for the gateway tunnel, client counted about ${client.toLocaleString("en")} (${((100 * (counted - client)) / client).toFixed(2)} %)`,
)

await gateway.close()
await bare.close(true)
target.close()
await drop()

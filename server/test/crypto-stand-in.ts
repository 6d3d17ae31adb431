import { createHash, randomBytes } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { decodeCashAddress } from "@bitauth/libauth"
import { bech32, hex } from "@scure/base"

/**
 * A local stand-in for the block explorers the chain watcher reads, speaking their documented HTTP APIs:
 *   /esplora/btc, /esplora/bch  Esplora: GET /blocks/tip/height (text), GET /scripthash/:hash/txs (mempool first,
 *                               then confirmed, newest first; outputs as { scriptpubkey, value })
 *   /trongrid                   TronGrid: GET /v1/accounts/:address/transactions/trc20 (only_to, contract_address,
 *                               limit, min_timestamp), POST /wallet/getnowblock, POST /wallet/gettransactioninfobyid;
 *                               every request needs the TRON-PRO-API-KEY header when one is set
 * plus what the chains themselves would do: someone paying an address, and blocks being found.
 * Addresses are read here with @scure/base and libauth directly, not with the code under test.
 */

export type Chain = "btc" | "bch" | "tron"

interface UtxoTx {
  txid: string
  script: string
  value: number
  height: number | null
  blockTime: number | null
}

interface TronTx {
  txid: string
  to: string
  from: string
  contract: string
  value: string
  height: number
  timestamp: number
  result: "SUCCESS" | "REVERT"
}

export interface CryptoStandIn {
  url: string
  /** Base URLs for the configuration. */
  urls: { btc: string; bch: string; tron: string }
  /** "METHOD path" of every request, in order. */
  requests: string[]
  /**
   * Someone pays `amount` smallest units to `address`: BTC and BCH into the mempool (unconfirmed until mined),
   * TRON straight into a new block (its blocks come every 3 s). Answers the transaction id.
   */
  pay(
    chain: Chain,
    address: string,
    amount: number,
    options?: { contract?: string; result?: "SUCCESS" | "REVERT" },
  ): string
  /** Finds `blocks` blocks; the first takes the chain's mempool. */
  mine(chain: Chain, blocks?: number): void
  /** Every request answers 503 while true. */
  down: boolean
  close(): Promise<void>
}

/** The output script an address stands for. */
function scriptOf(chain: "btc" | "bch", address: string): string {
  if (chain === "btc") {
    const { words } = bech32.decode(address as `${string}1${string}`)
    return `0014${hex.encode(bech32.fromWords(words.slice(1)))}`
  }
  const decoded = decodeCashAddress(address)
  if (typeof decoded === "string") throw new Error(decoded)
  return `76a914${hex.encode(decoded.payload)}88ac`
}

const scriptHash = (script: string) =>
  hex.encode(new Uint8Array(createHash("sha256").update(hex.decode(script)).digest()).reverse())

const txid = () => randomBytes(32).toString("hex")
/** Someone else's output in the same transaction (change, another payee). */
const OTHER_SCRIPT = `0014${"ab".repeat(20)}`
const SENDER = "TJmmqjb1DK9TTZbQXzRQ2AuA94z4gKAPFh"

export async function startCryptoStandIn({
  tronApiKey,
  usdtContract,
}: {
  tronApiKey?: string
  usdtContract: string
}): Promise<CryptoStandIn> {
  const heights: Record<Chain, number> = { btc: 840_000, bch: 850_000, tron: 62_000_000 }
  const utxo: Record<"btc" | "bch", UtxoTx[]> = { btc: [], bch: [] }
  const tron: TronTx[] = []
  const requests: string[] = []

  const send = (response: ServerResponse, status: number, body: unknown) => {
    const text = typeof body === "string" ? body : JSON.stringify(body)
    response.writeHead(status, {
      "content-type": typeof body === "string" ? "text/plain" : "application/json",
    })
    response.end(text)
  }

  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString("utf8")
    return text ? (JSON.parse(text) as Record<string, unknown>) : {}
  }

  function esplora(chain: "btc" | "bch", path: string, response: ServerResponse) {
    if (path === "/blocks/tip/height") return send(response, 200, String(heights[chain]))
    const match = /^\/scripthash\/([0-9a-f]{64})\/txs$/.exec(path)
    if (!match) return send(response, 404, "Not Found")
    const txs = utxo[chain]
      .filter((tx) => scriptHash(tx.script) === match[1])
      // Mempool first, then confirmed newest first.
      .sort((a, b) => (b.height ?? Infinity) - (a.height ?? Infinity))
      .map((tx) => ({
        txid: tx.txid,
        version: 2,
        locktime: 0,
        vin: [{ txid: "00".repeat(32), vout: 0, is_coinbase: false, sequence: 4294967293 }],
        vout: [
          { scriptpubkey: OTHER_SCRIPT, scriptpubkey_type: "v0_p2wpkh", value: 123_456 },
          {
            scriptpubkey: tx.script,
            scriptpubkey_type: chain === "btc" ? "v0_p2wpkh" : "p2pkh",
            value: tx.value,
          },
        ],
        size: 222,
        weight: 561,
        fee: 1410,
        status:
          tx.height === null
            ? { confirmed: false }
            : {
                confirmed: true,
                block_height: tx.height,
                block_hash: "00".repeat(32),
                block_time: tx.blockTime,
              },
      }))
    return send(response, 200, txs)
  }

  async function tronGrid(
    method: string,
    path: string,
    query: URLSearchParams,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    if (tronApiKey && request.headers["tron-pro-api-key"] !== tronApiKey)
      return send(response, 401, { success: false, error: "ApiKey not exists" })
    const transfers = /^\/v1\/accounts\/(T[1-9A-HJ-NP-Za-km-z]{33})\/transactions\/trc20$/.exec(path)
    if (method === "GET" && transfers) {
      const address = transfers[1]
      const contract = query.get("contract_address")
      const minTimestamp = Number(query.get("min_timestamp") ?? 0)
      const limit = Number(query.get("limit") ?? 20)
      const data = tron
        .filter(
          (tx) =>
            (tx.to === address || (query.get("only_to") !== "true" && tx.from === address)) &&
            tx.result === "SUCCESS",
        )
        .filter((tx) => !contract || tx.contract === contract)
        .filter((tx) => tx.timestamp >= minTimestamp)
        .sort((a, b) => b.timestamp - a.timestamp)
        .slice(0, limit)
        .map((tx) => ({
          transaction_id: tx.txid,
          token_info:
            tx.contract === usdtContract
              ? { symbol: "USDT", address: tx.contract, decimals: 6, name: "Tether USD" }
              : { symbol: "USDT", address: tx.contract, decimals: 6, name: "Tether USD (not the real one)" },
          block_timestamp: tx.timestamp,
          from: tx.from,
          to: tx.to,
          type: "Transfer",
          value: tx.value,
        }))
      return send(response, 200, { data, success: true, meta: { at: Date.now(), page_size: data.length } })
    }
    if (method === "POST" && path === "/wallet/getnowblock") {
      await readBody(request)
      return send(response, 200, {
        blockID: "00".repeat(32),
        block_header: { raw_data: { number: heights.tron, timestamp: Date.now(), version: 30 } },
      })
    }
    if (method === "POST" && path === "/wallet/gettransactioninfobyid") {
      const body = await readBody(request)
      const tx = tron.find((candidate) => candidate.txid === body.value)
      if (!tx) return send(response, 200, {})
      return send(response, 200, {
        id: tx.txid,
        fee: 13_844_850,
        blockNumber: tx.height,
        blockTimeStamp: tx.timestamp,
        contractResult: [""],
        contract_address: "41a614f803b6fd780986a42c78ec9c7f77e6ded13c",
        receipt: { energy_usage_total: 130_285, net_usage: 345, result: tx.result },
      })
    }
    return send(response, 404, { success: false, error: `No ${method} ${path}` })
  }

  const standIn: CryptoStandIn = {
    url: "",
    urls: { btc: "", bch: "", tron: "" },
    requests,
    down: false,
    pay(chain, address, amount, { contract = usdtContract, result = "SUCCESS" } = {}) {
      const id = txid()
      if (chain === "tron") {
        heights.tron += 1
        tron.push({
          txid: id,
          to: address,
          from: SENDER,
          contract,
          value: String(amount),
          height: heights.tron,
          timestamp: Date.now(),
          result,
        })
      } else
        utxo[chain].push({
          txid: id,
          script: scriptOf(chain, address),
          value: amount,
          height: null,
          blockTime: null,
        })
      return id
    },
    mine(chain, blocks = 1) {
      for (let n = 0; n < blocks; n++) {
        heights[chain] += 1
        if (chain !== "tron" && n === 0)
          for (const tx of utxo[chain])
            if (tx.height === null) {
              tx.height = heights[chain]
              tx.blockTime = Math.floor(Date.now() / 1000)
            }
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in")
    const method = request.method ?? "GET"
    requests.push(`${method} ${url.pathname}${url.search}`)
    if (standIn.down) return send(response, 503, "Service Unavailable")
    const esploraPath = /^\/esplora\/(btc|bch)(\/.*)$/.exec(url.pathname)
    if (esploraPath && method === "GET")
      return esplora(esploraPath[1] as "btc" | "bch", esploraPath[2]!, response)
    if (url.pathname.startsWith("/trongrid/"))
      return void tronGrid(
        method,
        url.pathname.slice("/trongrid".length),
        url.searchParams,
        request,
        response,
      ).catch((error: unknown) => send(response, 500, { success: false, error: String(error) }))
    return send(response, 404, "Not Found")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  standIn.url = `http://127.0.0.1:${port}`
  standIn.urls = {
    btc: `${standIn.url}/esplora/btc`,
    bch: `${standIn.url}/esplora/bch`,
    tron: `${standIn.url}/trongrid`,
  }
  return standIn
}

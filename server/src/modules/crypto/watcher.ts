import type { Coin } from "./coins"

/*
 * What a chain shows about an invoice's address (CRYPTO.md, "The chain watcher"). An implementation speaks one
 * block explorer's API (./esplora.ts for BTC and BCH, ./trongrid.ts for USDT on TRON); the invoices module
 * decides what the payments mean.
 */

export interface WatchedInvoice {
  coin: Coin
  address: string
  createdAt: Date
}

/** One transaction paying the address. */
export interface ObservedPayment {
  txid: string
  /** What it pays to this address, in the coin's smallest unit. */
  amount: number
  /** 0 while unconfirmed; 1 in the newest block. */
  confirmations: number
  /** The block's time once mined. */
  blockTime: Date | null
}

export interface ChainWatcher {
  observe(invoice: WatchedInvoice): Promise<ObservedPayment[]>
}

/** An explorer that answered something we cannot read; the invoice is looked at again next round. */
export class ExplorerError extends Error {
  override name = "ExplorerError"
}

/** How long one explorer request may take. */
const TIMEOUT_MS = 15_000

/** One HTTP request to an explorer: its JSON answer (or text with `as: "text"`), an ExplorerError otherwise. */
export async function explorerRequest(
  url: string,
  {
    method = "GET",
    headers = {},
    body,
    as = "json",
  }: { method?: string; headers?: Record<string, string>; body?: unknown; as?: "json" | "text" } = {},
): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (error) {
    throw new ExplorerError(`${method} ${url} failed: ${(error as Error).message}`)
  }
  const text = await response.text()
  if (!response.ok)
    throw new ExplorerError(`${method} ${url} answered ${response.status}: ${text.slice(0, 200)}`)
  if (as === "text") return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw new ExplorerError(`${method} ${url} answered something that is not JSON: ${text.slice(0, 200)}`)
  }
}

/** A whole number of smallest units that a JavaScript number holds exactly (strings as TRC-20 values come). */
export function safeUnits(value: unknown, what: string): number {
  const number =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\d{1,16}$/.test(value)
        ? Number(value)
        : NaN
  if (!Number.isSafeInteger(number) || number < 0)
    throw new ExplorerError(`${what} is not a whole amount: ${String(value)}`)
  return number
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

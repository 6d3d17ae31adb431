import {
  type ChainWatcher,
  ExplorerError,
  explorerRequest,
  isRecord,
  type ObservedPayment,
  safeUnits,
  type WatchedInvoice,
} from "./watcher"

/*
 * The chain watcher for USDT on TRON over TronGrid's API:
 *   GET  /v1/accounts/:address/transactions/trc20?only_to=true&contract_address=…  TRC-20 transfers to it
 *   POST /wallet/gettransactioninfobyid { value: txid }  the block a transaction is in and whether it succeeded
 *   POST /wallet/getnowblock                              the newest block's number
 * Only transfers of the configured USDT contract count: a token calling itself "USDT" from another contract is
 * not USDT.
 */

/** USDT's TRC-20 contract on TRON's main network. */
export const USDT_TRC20_CONTRACT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"

/** Transfers asked for per address; an invoice's fresh address has a handful. */
const PAGE_SIZE = 200
/** Transfers older than the invoice by more than this are not asked for. */
const EARLIER_MS = 60 * 60 * 1000

export function tronGridWatcher({
  baseUrl,
  apiKey,
  contract = USDT_TRC20_CONTRACT,
}: {
  baseUrl: string
  apiKey?: string
  contract?: string
}): ChainWatcher {
  const base = baseUrl.replace(/\/+$/, "")
  const headers: Record<string, string> = apiKey ? { "TRON-PRO-API-KEY": apiKey } : {}

  return {
    async observe(invoice: WatchedInvoice): Promise<ObservedPayment[]> {
      const query = new URLSearchParams({
        only_to: "true",
        contract_address: contract,
        limit: String(PAGE_SIZE),
        min_timestamp: String(invoice.createdAt.getTime() - EARLIER_MS),
      })
      const answer = await explorerRequest(
        `${base}/v1/accounts/${encodeURIComponent(invoice.address)}/transactions/trc20?${query}`,
        { headers },
      )
      if (!isRecord(answer) || answer.success !== true || !Array.isArray(answer.data))
        throw new ExplorerError("The TRC-20 transfers are not { success: true, data: [...] }")
      const transfers = new Map<string, number>()
      for (const transfer of answer.data) {
        if (
          !isRecord(transfer) ||
          typeof transfer.transaction_id !== "string" ||
          !isRecord(transfer.token_info)
        )
          throw new ExplorerError("A TRC-20 transfer has no transaction_id or token_info")
        const txid = transfer.transaction_id.toLowerCase()
        if (!/^[0-9a-f]{64}$/.test(txid)) throw new ExplorerError(`"${txid}" is not a transaction id`)
        if (
          transfer.token_info.address !== contract ||
          transfer.to !== invoice.address ||
          transfer.type !== "Transfer"
        )
          continue
        transfers.set(txid, (transfers.get(txid) ?? 0) + safeUnits(transfer.value, `The value of ${txid}`))
      }
      if (transfers.size === 0) return []

      const now = await explorerRequest(`${base}/wallet/getnowblock`, { method: "POST", headers, body: {} })
      const newest =
        isRecord(now) && isRecord(now.block_header) && isRecord(now.block_header.raw_data)
          ? now.block_header.raw_data.number
          : undefined
      if (typeof newest !== "number" || !Number.isSafeInteger(newest))
        throw new ExplorerError("The newest block has no number")

      const payments: ObservedPayment[] = []
      for (const [txid, amount] of transfers) {
        const info = await explorerRequest(`${base}/wallet/gettransactioninfobyid`, {
          method: "POST",
          headers,
          body: { value: txid },
        })
        if (!isRecord(info)) throw new ExplorerError(`The information on ${txid} is not an object`)
        // {} while the transaction is in no block yet.
        if (info.blockNumber === undefined) {
          payments.push({ txid, amount, confirmations: 0, blockTime: null })
          continue
        }
        if (typeof info.blockNumber !== "number" || typeof info.blockTimeStamp !== "number")
          throw new ExplorerError(`The block of ${txid} has no number or time`)
        // A contract call that reverted moved no token, whatever was listed.
        const result = isRecord(info.receipt) ? info.receipt.result : undefined
        if (result !== undefined && result !== "SUCCESS") continue
        payments.push({
          txid,
          amount,
          confirmations: Math.max(1, newest - info.blockNumber + 1),
          blockTime: new Date(info.blockTimeStamp),
        })
      }
      return payments
    },
  }
}

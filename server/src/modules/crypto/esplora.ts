import { createHash } from "node:crypto"
import { hex } from "@scure/base"
import { addressScript } from "./derivation"
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
 * The chain watcher over Esplora's REST API (Blockstream's explorer; mempool.space speaks the same), for BTC
 * and any Esplora server of BCH:
 *   GET /scripthash/:hash/txs  the transactions touching an output script, mempool ones first
 *   GET /blocks/tip/height     the height of the newest block
 * Payments are found by output script (the "scripthash" is SHA-256 of the script, bytes reversed), so the
 * server's own address format does not matter.
 */

/** Electrum's script hash: SHA-256 of the output script, written with its bytes reversed. */
export const scriptHash = (script: Uint8Array) =>
  hex.encode(new Uint8Array(createHash("sha256").update(script).digest()).reverse())

export function esploraWatcher({ baseUrl }: { baseUrl: string }): ChainWatcher {
  const base = baseUrl.replace(/\/+$/, "")
  return {
    async observe(invoice: WatchedInvoice): Promise<ObservedPayment[]> {
      const script = addressScript(invoice.coin, invoice.address)
      if (!script) throw new Error(`Esplora watches BTC and BCH, not ${invoice.coin}`)
      const scriptHex = hex.encode(script)
      // The tip first: a block found in between makes confirmations one too few, never one too many.
      const tipText = await explorerRequest(`${base}/blocks/tip/height`, { as: "text" })
      const tip = Number(String(tipText).trim())
      if (!Number.isSafeInteger(tip) || tip < 0)
        throw new ExplorerError(`The tip height is not a number: ${String(tipText)}`)
      const txs = await explorerRequest(`${base}/scripthash/${scriptHash(script)}/txs`)
      if (!Array.isArray(txs)) throw new ExplorerError("The transactions are not a list")
      const payments: ObservedPayment[] = []
      for (const tx of txs) {
        if (
          !isRecord(tx) ||
          typeof tx.txid !== "string" ||
          !/^[0-9a-f]{64}$/.test(tx.txid) ||
          !isRecord(tx.status) ||
          !Array.isArray(tx.vout)
        )
          throw new ExplorerError("A transaction has no txid, status or outputs")
        let amount = 0
        for (const output of tx.vout) {
          if (!isRecord(output)) throw new ExplorerError(`Transaction ${tx.txid} has an unreadable output`)
          if (output.scriptpubkey === scriptHex) amount += safeUnits(output.value, `An output of ${tx.txid}`)
        }
        // A transaction spending from the address pays nothing to it.
        if (amount === 0) continue
        const { confirmed, block_height: height, block_time: time } = tx.status
        let confirmations = 0
        let blockTime: Date | null = null
        if (confirmed === true) {
          if (typeof height !== "number" || typeof time !== "number")
            throw new ExplorerError(`Confirmed transaction ${tx.txid} has no block height or time`)
          confirmations = Math.max(1, tip - height + 1)
          blockTime = new Date(time * 1000)
        }
        payments.push({ txid: tx.txid, amount, confirmations, blockTime })
      }
      return payments
    },
  }
}

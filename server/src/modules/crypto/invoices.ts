import type { FastifyBaseLogger } from "fastify"
import type {
  CryptoCurrency,
  CryptoInvoice,
  CryptoInvoiceState,
  CryptoReview,
  PaymentStatus,
} from "@manyhands/contract/money"
import QRCode from "qrcode"
import type { Database, Queryable } from "../../db/database"
import type { Jobs } from "../jobs/jobs"
import type { Currency } from "../ledger/ledger"
import { applyEvent, type EventResult, LIMITS } from "../payments/payments"
import {
  type PaymentEvent,
  type PaymentProviderAdapter,
  WebhookRefused,
} from "../payments/providers/provider"
import { COIN_INFO, COINS, type Coin } from "./coins"
import type { CryptoConfig } from "./crypto-config"
import { depositAddress } from "./derivation"
import { esploraWatcher } from "./esplora"
import { type AccountKey, parseAccountKey } from "./keys"
import { coinUnits, fixedRates, formatUnits, type RateSource } from "./rates"
import { tronGridWatcher } from "./trongrid"
import type { ChainWatcher } from "./watcher"

/*
 * Crypto invoices (CRYPTO.md): each coin is a payment provider whose create() quotes the USD amount in coin
 * at the configured rate and hands out a fresh deposit address; the chain watcher looks at the addresses and
 * settles the payment through the same applyEvent as every provider's webhook, so history, reconciliation and
 * crediting exactly once are the payments module's. The API's shapes (CryptoCurrency, CryptoInvoice) are those
 * of @manyhands/contract/money.
 */

/** A payment seen within this long after the quote ended still counts: it was on its way in time. */
export const ON_TIME_GRACE_MS = 5 * 60 * 1000
/** A transaction in a block this much older than the invoice is not for it (block times may lag two hours). */
export const EARLIER_THAN_INVOICE_MS = 2 * 60 * 60 * 1000
/** After the quote ends the address is still watched this long, so late money is recorded for a person. */
export const WATCH_AFTER_MS = 7 * 24 * 60 * 60 * 1000
/** Invoices looked at per round, least recently looked at first. */
const WATCH_BATCH = 200

// ---------------------------------------------------------------------------------------------------------
// What the chain's transactions mean for an invoice (pure, so every rule is tested on its own)

export interface SeenTransaction {
  txid: string
  amount: number
  confirmations: number
  blockTime: Date | null
  firstSeenAt: Date
}

export interface InvoiceTerms {
  amountUnits: number
  requiredConfirmations: number
  createdAt: Date
  expiresAt: Date
  paymentStatus: PaymentStatus
}

export interface Assessment {
  /** Transactions that count towards the invoice. */
  counted: string[]
  received: number
  /** Of `received`, what has the required confirmations. */
  confirmed: number
  /** The fewest confirmations among the counted transactions (0 when none). */
  confirmations: number
  outcome: "succeeded" | "expired" | "pending"
  review: CryptoReview[]
}

/**
 * A transaction counts when it was on its way within the quote (seen by us, or mined, before the quote ended
 * plus ON_TIME_GRACE_MS) and is not from a block well before the invoice. The invoice is paid once the counted
 * money with enough confirmations covers the amount; it expires when the quote ended with less than that seen.
 */
export function assess(terms: InvoiceTerms, txs: readonly SeenTransaction[], now: Date): Assessment {
  const deadline = terms.expiresAt.getTime() + ON_TIME_GRACE_MS
  const earliest = terms.createdAt.getTime() - EARLIER_THAN_INVOICE_MS
  const counts = (tx: SeenTransaction) => {
    const seen = Math.min(tx.firstSeenAt.getTime(), tx.blockTime?.getTime() ?? Infinity)
    return seen <= deadline && (tx.blockTime === null || tx.blockTime.getTime() >= earliest)
  }
  const counted = txs.filter(counts)
  const sum = (list: readonly SeenTransaction[]) => list.reduce((total, tx) => total + tx.amount, 0)
  const received = sum(counted)
  const confirmed = sum(counted.filter((tx) => tx.confirmations >= terms.requiredConfirmations))
  const outcome =
    confirmed >= terms.amountUnits
      ? "succeeded"
      : now.getTime() > deadline && received < terms.amountUnits
        ? "expired"
        : "pending"
  const review = new Set<CryptoReview>()
  if (counted.length < txs.length) review.add("late_payment")
  if (outcome === "succeeded" && received > terms.amountUnits) review.add("overpaid")
  if (outcome === "expired" && received > 0) review.add("underpaid")
  // The payment was settled one way and the chain now says another.
  if (terms.paymentStatus === "expired" && outcome !== "expired") review.add("late_payment")
  // The payer cancelled it: whatever comes is for a person.
  if (terms.paymentStatus === "cancelled" && received > 0) review.add("late_payment")
  if (terms.paymentStatus === "succeeded" && outcome !== "succeeded") review.add("reversed")
  return {
    counted: counted.map((tx) => tx.txid),
    received,
    confirmed,
    confirmations: counted.length === 0 ? 0 : Math.min(...counted.map((tx) => tx.confirmations)),
    outcome,
    review: [...review],
  }
}

// ---------------------------------------------------------------------------------------------------------
// The service

export interface CryptoInvoices {
  /** One payment provider per enabled coin, for the payments registry. */
  adapters: PaymentProviderAdapter[]
  enabled: readonly Coin[]
  /** 0: this process does not watch (CRYPTO_WATCH_SECONDS=0). */
  watchEveryMs: number
  currencies(): Promise<CryptoCurrency[]>
  findInvoice(userId: string, paymentId: string): Promise<CryptoInvoice | null>
  /** One look at the invoices due: what each chain shows, recorded, and a settled payment applied. */
  watchRound(options: { log: FastifyBaseLogger; minGapMs?: number }): Promise<WatchResult[]>
}

export interface WatchResult {
  paymentId: string
  outcome: Assessment["outcome"] | "error"
  /** What applyEvent did; null when there was nothing to apply. */
  result: EventResult | null
}

interface InvoiceRow {
  payment_id: string
  coin: Coin
  address: string
  rate: string
  amount_units: string
  required_confirmations: number
  created_at: Date | string
  expires_at: Date | string
  received_units: string
  confirmed_units: string
  confirmations: number
  review: CryptoReview[]
  status: PaymentStatus
  amount: string
  user_id: string | null
}

const INVOICE_SELECT = `SELECT i.payment_id::text, i.coin, i.address, i.rate, i.amount_units::text,
    i.required_confirmations, i.created_at, i.expires_at, i.received_units::text, i.confirmed_units::text,
    i.confirmations, i.review, p.status, p.amount::text, p.user_id::text
  FROM crypto_invoices i JOIN payments p ON p.id = i.payment_id`

const terms = (row: InvoiceRow): InvoiceTerms => ({
  amountUnits: Number(row.amount_units),
  requiredConfirmations: row.required_confirmations,
  createdAt: new Date(row.created_at),
  expiresAt: new Date(row.expires_at),
  paymentStatus: row.status,
})

/** The payment URI of an amount: BIP-21 for BTC, its CashAddr form for BCH (the address carries the scheme). */
export function paymentUri(coin: Coin, address: string, coinAmount: string): string {
  if (coin === "btc") return `bitcoin:${address}?amount=${coinAmount}`
  if (coin === "bch") return `${address}?amount=${coinAmount}`
  // No URI for a TRC-20 amount is understood by most wallets: the QR holds the address, the page the amount.
  return address
}

export interface CryptoDependencies {
  rates?: RateSource
  watchers?: Partial<Record<Coin, ChainWatcher>>
}

/** The enabled coins' invoices, or null when no coin has a key. */
export function createCryptoInvoices(
  config: CryptoConfig,
  db: Database,
  dependencies: CryptoDependencies = {},
): CryptoInvoices | null {
  const enabled = COINS.filter((coin) => config.keys[coin] !== undefined)
  if (enabled.length === 0) return null
  const accounts = new Map<Coin, AccountKey>(
    enabled.map((coin) => [coin, parseAccountKey(config.keys[coin]!, coin)]),
  )
  const rates = dependencies.rates ?? fixedRates(config.rates)
  const watchers: Partial<Record<Coin, ChainWatcher>> = {
    btc: esploraWatcher({ baseUrl: config.esploraUrls.btc }),
    ...(config.esploraUrls.bch ? { bch: esploraWatcher({ baseUrl: config.esploraUrls.bch }) } : {}),
    "usdt-tron": tronGridWatcher({
      baseUrl: config.tronGridUrl,
      apiKey: config.tronGridApiKey,
      contract: config.usdtContract,
    }),
    ...dependencies.watchers,
  }

  /** A fresh address (the key's next index, counted in the same transaction as the invoice) and the quote. */
  async function createInvoice(
    coin: Coin,
    paymentId: string,
    usdAmount: number,
  ): Promise<{ address: string; expiresAt: Date }> {
    const info = COIN_INFO[coin]
    const account = accounts.get(coin)!
    const rate = await rates.usdPerCoin(info.symbol)
    const units = coinUnits(usdAmount, rate, info.decimals)
    if (units > BigInt(Number.MAX_SAFE_INTEGER))
      throw new RangeError(`${units} ${info.symbol} units is beyond any invoice`)
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ index: string }>(
        `INSERT INTO crypto_address_counters (coin, key_id, next_index) VALUES ($1, $2, 1)
         ON CONFLICT (coin, key_id) DO UPDATE SET next_index = crypto_address_counters.next_index + 1
         RETURNING (next_index - 1)::text AS index`,
        [coin, account.keyId],
      )
      const index = Number(rows[0]!.index)
      const { address } = depositAddress(account, coin, index)
      const invoice = await tx.query<{ expires_at: Date | string }>(
        `INSERT INTO crypto_invoices
           (payment_id, coin, key_id, address_index, address, rate, amount_units, required_confirmations, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + $9 * interval '1 minute') RETURNING expires_at`,
        [
          paymentId,
          coin,
          account.keyId,
          index,
          address,
          rate,
          units.toString(),
          config.confirmations[coin],
          config.quoteMinutes,
        ],
      )
      return { address, expiresAt: new Date(invoice.rows[0]!.expires_at) }
    })
  }

  /** Asks the chain about one invoice, records what it shows, and says what that means. */
  async function check(row: InvoiceRow, now: Date, log: FastifyBaseLogger): Promise<Assessment> {
    const watcher = watchers[row.coin]
    if (!watcher) throw new Error(`No chain watcher for ${row.coin}`)
    const observed = await watcher.observe({
      coin: row.coin,
      address: row.address,
      createdAt: new Date(row.created_at),
    })
    const { assessment, added } = await db.transaction(async (tx) => {
      for (const payment of observed)
        await tx.query(
          `INSERT INTO crypto_invoice_transactions (payment_id, txid, amount_units, confirmations, block_time, counted)
           VALUES ($1, $2, $3, $4, $5, false)
           ON CONFLICT (payment_id, txid) DO UPDATE
             SET amount_units = EXCLUDED.amount_units, confirmations = EXCLUDED.confirmations,
                 block_time = EXCLUDED.block_time`,
          [row.payment_id, payment.txid, payment.amount, payment.confirmations, payment.blockTime],
        )
      // A transaction the chain no longer shows (replaced, or dropped from the mempool) counts no more.
      await tx.query(
        "DELETE FROM crypto_invoice_transactions WHERE payment_id = $1 AND NOT (txid = ANY($2::text[]))",
        [row.payment_id, observed.map((payment) => payment.txid)],
      )
      const seen = await seenTransactions(tx, row.payment_id)
      const assessment = assess(terms(row), seen, now)
      await tx.query(
        "UPDATE crypto_invoice_transactions SET counted = (txid = ANY($2::text[])) WHERE payment_id = $1",
        [row.payment_id, assessment.counted],
      )
      const added = assessment.review.filter((reason) => !row.review.includes(reason))
      await tx.query(
        `UPDATE crypto_invoices
            SET received_units = $2, confirmed_units = $3, confirmations = $4, checked_at = now(),
                review = ARRAY(SELECT DISTINCT reason FROM unnest(review || $5::text[]) AS reason ORDER BY 1)
          WHERE payment_id = $1`,
        [
          row.payment_id,
          assessment.received,
          assessment.confirmed,
          assessment.confirmations,
          assessment.review,
        ],
      )
      return { assessment, added }
    })
    if (added.length > 0)
      log.warn(
        {
          paymentId: row.payment_id,
          coin: row.coin,
          address: row.address,
          review: added,
          received: assessment.received,
        },
        "crypto invoice needs a person: money outside its terms is not credited (CRYPTO.md, Review)",
      )
    return assessment
  }

  async function invoiceByAddress(coin: Coin, address: string): Promise<InvoiceRow> {
    const { rows } = await db.query<InvoiceRow>(`${INVOICE_SELECT} WHERE i.address = $1 AND i.coin = $2`, [
      address,
      coin,
    ])
    if (!rows[0]) throw new Error(`No ${coin} invoice has the address ${address}`)
    return rows[0]
  }

  const event = (row: InvoiceRow, prefix: string, outcome: PaymentEvent["outcome"]): PaymentEvent => ({
    eventId: `${prefix}:${row.address}`,
    providerPaymentId: row.address,
    outcome,
    // The invoice's USD amount: an overpayment is noted on the invoice, not credited.
    amount: Number(row.amount),
    currency: "USD",
  })

  const adapters = enabled.map((coin): PaymentProviderAdapter => {
    const info = COIN_INFO[coin]
    return {
      shortname: info.shortname,
      currencies: ["USD"] as Currency[],
      async create({ paymentId, amount, currency }) {
        if (currency !== "USD") throw new Error(`Crypto invoices are in USD, not ${currency}`)
        const { address, expiresAt } = await createInvoice(coin, paymentId, amount)
        // The invoice page is the checkout: the payer can come back to it until the quote ends.
        return { providerPaymentId: address, redirectUrl: `${info.page}?payment=${paymentId}`, expiresAt }
      },
      async parseWebhook() {
        throw new WebhookRefused(`${info.shortname} has no webhooks: the chain watcher follows its invoices`)
      },
      // Reconciliation asks the chain as the watcher does; both are applied exactly once.
      async fetchStatus(address) {
        const row = await invoiceByAddress(coin, address)
        const assessment = await check(row, new Date(), silentLog)
        return event(row, "reconcile", assessment.outcome)
      },
      // The chain has no checkout to close: the payer may cancel while nothing has been sent (the address is still
      // watched, and money that comes later is kept for a person, as after a quote). Once coins are on their
      // way, the invoice runs its course.
      async cancel(address) {
        const row = await invoiceByAddress(coin, address)
        const assessment = await check(row, new Date(), silentLog)
        if (assessment.received === 0) return null
        return event(row, assessment.outcome === "pending" ? "cancel" : "chain", assessment.outcome)
      },
    }
  })

  return {
    adapters,
    enabled,
    watchEveryMs: config.watchSeconds * 1000,

    currencies: () => listCurrencies(config, enabled, rates),

    async findInvoice(userId, paymentId) {
      const { rows } = await db.query<InvoiceRow>(
        `${INVOICE_SELECT} WHERE i.payment_id = $1 AND p.user_id = $2`,
        [paymentId, userId],
      )
      const row = rows[0]
      if (!row) return null
      const transactions = await seenTransactions(db, row.payment_id)
      return invoiceView(row, transactions)
    },

    async watchRound({ log, minGapMs = 30_000 }) {
      const claimed = await db.query<{ payment_id: string }>(
        `UPDATE crypto_invoices SET checked_at = now()
          WHERE payment_id IN (
            SELECT i.payment_id FROM crypto_invoices i JOIN payments p ON p.id = i.payment_id
             WHERE i.coin = ANY($1::text[])
               AND (p.status = 'pending' OR i.expires_at > now() - $2 * interval '1 millisecond')
               AND (i.checked_at IS NULL OR i.checked_at <= now() - $3 * interval '1 millisecond')
             ORDER BY i.checked_at NULLS FIRST, i.payment_id LIMIT $4 FOR UPDATE OF i SKIP LOCKED)
          RETURNING payment_id::text`,
        [enabled, WATCH_AFTER_MS, minGapMs, WATCH_BATCH],
      )
      if (claimed.rows.length === 0) return []
      const { rows } = await db.query<InvoiceRow>(
        `${INVOICE_SELECT} WHERE i.payment_id = ANY($1::bigint[]) ORDER BY i.payment_id`,
        [claimed.rows.map((row) => row.payment_id)],
      )
      const results: WatchResult[] = []
      for (const row of rows) {
        try {
          const assessment = await check(row, new Date(), log)
          let result: EventResult | null = null
          // Only a pending payment can settle; late news about a settled one is left to the review above.
          if (row.status === "pending" && assessment.outcome !== "pending")
            result = await applyEvent(
              db,
              COIN_INFO[row.coin].shortname,
              event(row, "chain", assessment.outcome),
              log,
            )
          results.push({ paymentId: row.payment_id, outcome: assessment.outcome, result })
        } catch (error) {
          // One explorer's trouble must not stop the others; the invoice is looked at again next round.
          log.warn(
            { err: error, paymentId: row.payment_id, coin: row.coin },
            "crypto invoice could not be checked",
          )
          results.push({ paymentId: row.payment_id, outcome: "error", result: null })
        }
      }
      return results
    },
  }
}

/** Every coin, on or off, as the invoice page and the top-up page show it. */
export async function listCurrencies(
  config: CryptoConfig,
  enabled: readonly Coin[],
  rates: RateSource | null,
): Promise<CryptoCurrency[]> {
  return Promise.all(
    COINS.map(async (coin): Promise<CryptoCurrency> => {
      const info = COIN_INFO[coin]
      const on = enabled.includes(coin)
      return {
        coin,
        provider: info.shortname,
        symbol: info.symbol,
        network: info.network,
        decimals: info.decimals,
        enabled: on,
        confirmations: config.confirmations[coin],
        quoteMinutes: config.quoteMinutes,
        rate: on && rates ? await rates.usdPerCoin(info.symbol).catch(() => null) : null,
      }
    }),
  )
}

/** Reconciliation's answers go through applyEvent's own log lines; the check itself has nothing to add. */
const silentLog = {
  warn: () => {},
  info: () => {},
  error: () => {},
  debug: () => {},
} as unknown as FastifyBaseLogger

async function seenTransactions(db: Queryable, paymentId: string) {
  const { rows } = await db.query<{
    txid: string
    amount_units: string
    confirmations: number
    block_time: Date | string | null
    first_seen_at: Date | string
    counted: boolean
  }>(
    `SELECT txid, amount_units::text, confirmations, block_time, first_seen_at, counted
       FROM crypto_invoice_transactions WHERE payment_id = $1 ORDER BY first_seen_at, txid`,
    [paymentId],
  )
  return rows.map((row) => ({
    txid: row.txid,
    amount: Number(row.amount_units),
    confirmations: row.confirmations,
    blockTime: row.block_time === null ? null : new Date(row.block_time),
    firstSeenAt: new Date(row.first_seen_at),
    counted: row.counted,
  }))
}

async function invoiceView(
  row: InvoiceRow,
  transactions: Awaited<ReturnType<typeof seenTransactions>>,
): Promise<CryptoInvoice> {
  const info = COIN_INFO[row.coin]
  const units = (value: number) => formatUnits(value, info.decimals)
  const amountUnits = Number(row.amount_units)
  const received = Number(row.received_units)
  const coinAmount = units(amountUnits)
  const uri = paymentUri(row.coin, row.address, coinAmount)
  const state: CryptoInvoiceState =
    row.status === "succeeded"
      ? "paid"
      : row.status === "cancelled"
        ? "cancelled"
        : row.status !== "pending"
          ? "expired"
          : received === 0
            ? "waiting"
            : received < amountUnits
              ? "underpaid"
              : "seen"
  return {
    paymentId: row.payment_id,
    coin: row.coin,
    provider: info.shortname,
    symbol: info.symbol,
    network: info.network,
    usdAmount: Number(row.amount),
    address: row.address,
    coinAmount,
    rate: row.rate,
    uri,
    qrSvg: await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    serverTime: new Date().toISOString(),
    state,
    received: units(received),
    remaining: units(Math.max(0, amountUnits - received)),
    overpaid: row.status === "succeeded" && received > amountUnits ? units(received - amountUnits) : null,
    confirmations: row.confirmations,
    requiredConfirmations: row.required_confirmations,
    review: row.review,
    transactions: transactions.map((tx) => ({
      txid: tx.txid,
      amount: units(tx.amount),
      confirmations: tx.confirmations,
      counted: tx.counted,
    })),
  }
}

/** The USD limits of a crypto top-up: the payments module's. */
export const CRYPTO_LIMITS = LIMITS.USD

export const CHAIN_WATCH_JOB = "crypto-chain-watch"

/** Looks at the invoices every `watchEveryMs` as a background job (once per period among all processes). */
export async function scheduleChainWatcher(
  jobs: Jobs,
  crypto: CryptoInvoices,
  log: FastifyBaseLogger,
): Promise<void> {
  const seconds = Math.round(crypto.watchEveryMs / 1000)
  await jobs.every(
    CHAIN_WATCH_JOB,
    {
      seconds,
      retryLimit: 2,
      retryDelaySeconds: Math.max(1, Math.round(seconds / 2)),
      expireSeconds: 10 * 60,
    },
    async () => ({ checked: (await crypto.watchRound({ log, minGapMs: crypto.watchEveryMs / 2 })).length }),
  )
}

/**
 * The answers of the crypto invoices' API (server/CRYPTO.md) as the screens of /pay/cryptocurrency-btc-BTC,
 * /pay/cryptocurrency-bch-BCH and /pay/cryptocurrency-tron-USDT receive them. An invoice is a top-up: it is
 * created with POST /api/v2/payments (pages/src/money/money-data.ts) naming the coin's provider, in USD.
 *
 * USD amounts are ledger micro-units (25_000_000 is $25.00); coin amounts are decimal strings ("0.00038462").
 */

export type CryptoCoin = "btc" | "bch" | "usdt-tron"
export type CryptoSymbol = "BTC" | "BCH" | "USDT"

export const CRYPTO_URLS = {
  /** GET: every coin, on or off, with its rate, confirmations and quote time; the USD limits of a top-up. */
  currencies: "/api/v2/crypto/currencies",
  /** GET: one of the signed-in user's invoices (by its payment id), as its page follows it. */
  invoice: (paymentId: string) => `/api/v2/crypto/invoices/${paymentId}`,
} as const

export interface CryptoCurrency {
  coin: CryptoCoin
  /** The payment provider's shortname: crypto-btc, crypto-bch, crypto-usdt-tron. */
  provider: string
  symbol: CryptoSymbol
  /** "Bitcoin", "Bitcoin Cash", "TRON (TRC-20)". */
  network: string
  decimals: number
  /** False when the server has no key for it: the page says so. */
  enabled: boolean
  /** Confirmations before the invoice is paid. */
  confirmations: number
  /** How long a quote holds. */
  quoteMinutes: number
  /** USD per coin now; null when off. */
  rate: string | null
}

/** GET /api/v2/crypto/currencies */
export interface CryptoCurrenciesData {
  currencies: CryptoCurrency[]
  /** The smallest and largest top-up, USD micro-units. */
  limits: { min: number; max: number }
}

/**
 * waiting: nothing seen yet; seen: the whole amount is on its way, confirming; underpaid: less than the amount
 * has arrived; paid: credited; expired: the quote ended without the amount (anything that came is in review).
 */
export type CryptoInvoiceState = "waiting" | "seen" | "underpaid" | "paid" | "expired"
/** Why a person looks at it: money outside the quote, an expired partial payment, more than asked, a reversal. */
export type CryptoReview = "late_payment" | "underpaid" | "overpaid" | "reversed"

/** GET /api/v2/crypto/invoices/:paymentId */
export interface CryptoInvoice {
  paymentId: string
  coin: CryptoCoin
  provider: string
  symbol: CryptoSymbol
  network: string
  /** The top-up in USD micro-units. */
  usdAmount: number
  /** Where to send the coins (a fresh address for this invoice only). */
  address: string
  /** The exact amount to send. */
  coinAmount: string
  /** The quoted USD per coin. */
  rate: string
  /** What the QR code holds (a payment URI for BTC and BCH, the address for TRON). */
  uri: string
  /** The QR code as an SVG document drawn by the server. */
  qrSvg: string
  /** ISO 8601. */
  createdAt: string
  /** When the quote ends. */
  expiresAt: string
  /** The server's clock when it answered (the countdown corrects the browser's by it). */
  serverTime: string
  state: CryptoInvoiceState
  received: string
  remaining: string
  /** Coins beyond the amount on a paid invoice. */
  overpaid: string | null
  /** The fewest confirmations among the payments counted. */
  confirmations: number
  requiredConfirmations: number
  review: CryptoReview[]
  transactions: { txid: string; amount: string; confirmations: number; counted: boolean }[]
}

import { COIN_INFO, COINS, type Coin } from "./coins"
import { DEMO_ACCOUNT_KEYS, parseAccountKey } from "./keys"
import { parseRates, type RateSymbol } from "./rates"
import { USDT_TRC20_CONTRACT } from "./trongrid"

/** Crypto invoices' part of the configuration (CRYPTO.md, "Configuration"). */
export interface CryptoConfig {
  /** The enabled coins' account keys (extended public keys). A coin without one is off. */
  keys: Partial<Record<Coin, string>>
  /** The well-known test keys fill in unset ones (never in production). */
  demoKeys: boolean
  /** Confirmations before an invoice is paid. */
  confirmations: Record<Coin, number>
  /** How long a quote holds. */
  quoteMinutes: number
  /** USD per coin, for the fixed rate source. */
  rates: Partial<Record<RateSymbol, string>>
  /** Esplora API bases: BTC has a public default, BCH needs one set to be enabled. */
  esploraUrls: { btc: string; bch: string | undefined }
  tronGridUrl: string
  tronGridApiKey: string | undefined
  usdtContract: string
  /** How often the chain watcher looks; 0 leaves it to another process (or to tests). */
  watchSeconds: number
}

/** The configuration's own readers (config.ts), so crypto reads its variables as every other one is read. */
export interface ConfigReaders {
  value(name: string): string | undefined
  integer(name: string, fallback: number, min: number, max: number): number
  boolean(name: string, fallback: boolean): boolean
}

/** Rates the demo quotes at when CRYPTO_RATES is unset: round numbers, not the market. */
const DEMO_RATES = "BTC=65000,BCH=400,USDT=1"
const DEFAULT_CONFIRMATIONS: Record<Coin, number> = { btc: 2, bch: 6, "usdt-tron": 20 }
const CONFIRMATION_VARIABLES: Record<Coin, string> = {
  btc: "CRYPTO_CONFIRMATIONS_BTC",
  bch: "CRYPTO_CONFIRMATIONS_BCH",
  "usdt-tron": "CRYPTO_CONFIRMATIONS_TRON",
}

export function readCryptoConfig(
  { value, integer, boolean }: ConfigReaders,
  problems: string[],
  env: "development" | "production" | "test",
): CryptoConfig {
  const url = (name: string, fallback: string | undefined) => {
    const raw = value(name)
    if (raw === undefined) return fallback
    try {
      const parsed = new URL(raw)
      if (parsed.protocol === "http:" || parsed.protocol === "https:") return raw.replace(/\/+$/, "")
    } catch {
      // reported below
    }
    problems.push(`${name} must be an http:// or https:// address (got "${raw}")`)
    return fallback
  }
  const demoKeys = boolean("CRYPTO_DEMO_KEYS", false)
  if (demoKeys && env === "production")
    problems.push(
      "CRYPTO_DEMO_KEYS cannot be used in production: everybody can spend what its addresses receive",
    )
  const esploraUrls = {
    btc: url("CRYPTO_BTC_ESPLORA_URL", "https://blockstream.info/api")!,
    bch: url("CRYPTO_BCH_ESPLORA_URL", undefined),
  }

  const keys: Partial<Record<Coin, string>> = {}
  for (const coin of COINS) {
    const variable = COIN_INFO[coin].xpubVariable
    const given = value(variable)
    // BCH has no public Esplora to default to: its demo key only with an explorer to watch it.
    const key =
      given ?? (demoKeys && (coin !== "bch" || esploraUrls.bch) ? DEMO_ACCOUNT_KEYS[coin] : undefined)
    if (key === undefined) continue
    try {
      parseAccountKey(key, coin)
      keys[coin] = key
    } catch (error) {
      // The message never repeats the key: a private key pasted by mistake must not reach a log.
      problems.push(`${variable} ${(error as Error).message}`)
    }
  }
  if (keys.bch && !esploraUrls.bch)
    problems.push(
      "CRYPTO_BCH_ESPLORA_URL must be set with CRYPTO_BCH_XPUB: the address of an Esplora API for Bitcoin Cash",
    )

  let rates: Partial<Record<RateSymbol, string>> = {}
  const ratesText = value("CRYPTO_RATES") ?? (demoKeys ? DEMO_RATES : undefined)
  if (ratesText !== undefined) {
    try {
      rates = parseRates(ratesText)
    } catch (error) {
      problems.push(
        `CRYPTO_RATES: ${(error as Error).message} (e.g. "BTC=65000,BCH=400,USDT=1", USD per coin)`,
      )
    }
  }
  for (const coin of COINS) {
    const { symbol, xpubVariable } = COIN_INFO[coin]
    if (keys[coin] && rates[symbol] === undefined && ratesText !== undefined)
      problems.push(`CRYPTO_RATES has no rate for ${symbol}, which ${xpubVariable} enables`)
    else if (keys[coin] && ratesText === undefined)
      problems.push(
        `CRYPTO_RATES must give the rate of ${symbol} (USD per coin), which ${xpubVariable} enables`,
      )
  }

  const usdtContract = value("CRYPTO_USDT_CONTRACT") ?? USDT_TRC20_CONTRACT
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(usdtContract))
    problems.push(`CRYPTO_USDT_CONTRACT must be a TRON address (T…, 34 characters; got "${usdtContract}")`)
  const watchSeconds = integer("CRYPTO_WATCH_SECONDS", 60, 0, 600)
  if (watchSeconds > 0 && watchSeconds < 10)
    problems.push(`CRYPTO_WATCH_SECONDS must be 0 (off) or from 10 to 600 (got ${watchSeconds})`)
  return {
    keys,
    demoKeys,
    confirmations: {
      btc: integer(CONFIRMATION_VARIABLES.btc, DEFAULT_CONFIRMATIONS.btc, 1, 100),
      bch: integer(CONFIRMATION_VARIABLES.bch, DEFAULT_CONFIRMATIONS.bch, 1, 100),
      "usdt-tron": integer(CONFIRMATION_VARIABLES["usdt-tron"], DEFAULT_CONFIRMATIONS["usdt-tron"], 1, 1000),
    },
    quoteMinutes: integer("CRYPTO_QUOTE_MINUTES", 30, 5, 24 * 60),
    rates,
    esploraUrls,
    tronGridUrl: url("CRYPTO_TRONGRID_URL", "https://api.trongrid.io")!,
    tronGridApiKey: value("CRYPTO_TRONGRID_API_KEY"),
    usdtContract,
    watchSeconds,
  }
}

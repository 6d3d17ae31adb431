import type { CoinInfo } from "./coins"

/*
 * Exchange rates and coin amounts (CRYPTO.md, "Rates"). Rates are decimal strings of USD per coin and all
 * arithmetic is on integers (BigInt), so no amount ever passes through a float.
 */

export type RateSymbol = CoinInfo["symbol"]
export const RATE_SYMBOLS: readonly RateSymbol[] = ["BTC", "BCH", "USDT"]

/** Where quotes come from. One implementation here (fixed rates from the configuration); a market feed is another. */
export interface RateSource {
  /** USD per coin as a decimal string ("65000", "0.9998"); throws when it has none. */
  usdPerCoin(symbol: RateSymbol): Promise<string>
}

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,12}))?$/

/** "BTC=65000,BCH=400,USDT=1" → { BTC: "65000", … }; throws an Error saying what is wrong. */
export function parseRates(text: string): Partial<Record<RateSymbol, string>> {
  const rates: Partial<Record<RateSymbol, string>> = {}
  for (const part of text.split(",")) {
    const [name = "", value = "", ...rest] = part.split("=").map((piece) => piece.trim())
    const symbol = name.toUpperCase() as RateSymbol
    if (!RATE_SYMBOLS.includes(symbol) || rest.length > 0)
      throw new Error(
        `"${part.trim()}" is not SYMBOL=USD per coin with a symbol of ${RATE_SYMBOLS.join(", ")}`,
      )
    if (!DECIMAL.test(value) || /^[0.]+$/.test(value))
      throw new Error(
        `the rate of ${symbol} must be a positive decimal number of USD per coin (got "${value}")`,
      )
    if (rates[symbol] !== undefined) throw new Error(`${symbol} is given twice`)
    rates[symbol] = value
  }
  return rates
}

/** The rates of the configuration, the same for every quote. */
export function fixedRates(rates: Partial<Record<RateSymbol, string>>): RateSource {
  return {
    async usdPerCoin(symbol) {
      const rate = rates[symbol]
      if (rate === undefined) throw new Error(`No rate for ${symbol}`)
      return rate
    },
  }
}

/**
 * The coin amount, in the coin's smallest unit, worth `usdMicros` (millionths of a dollar) at `rate` USD per
 * coin, rounded up: the payer never sends less than the dollars asked.
 */
export function coinUnits(usdMicros: number, rate: string, decimals: number): bigint {
  const match = DECIMAL.exec(rate)
  if (!match || !Number.isSafeInteger(usdMicros) || usdMicros <= 0)
    throw new RangeError(`Cannot quote ${usdMicros} at ${rate}`)
  const fraction = match[2] ?? ""
  const rateScaled = BigInt(match[1]! + fraction) // rate × 10^fraction.length
  if (rateScaled === 0n) throw new RangeError("A rate of zero")
  // units = usd × 10^decimals / rate = usdMicros × 10^decimals × 10^fraction / (rateScaled × 10^6)
  const numerator = BigInt(usdMicros) * 10n ** BigInt(decimals + fraction.length)
  const denominator = rateScaled * 1_000_000n
  return (numerator + denominator - 1n) / denominator
}

/** Smallest units as a decimal number of coins, without trailing zeros: 38462n, 8 → "0.00038462". */
export function formatUnits(units: bigint | number, decimals: number): string {
  const value = BigInt(units)
  const sign = value < 0n ? "-" : ""
  const abs = value < 0n ? -value : value
  const scale = 10n ** BigInt(decimals)
  const fraction = (abs % scale).toString().padStart(decimals, "0").replace(/0+$/, "")
  return `${sign}${abs / scale}${fraction ? `.${fraction}` : ""}`
}

/**
 * Reading and writing amounts of money as typed by people, without floating point: "12,5" in USD is 1250
 * minor units, exactly. The integer minor units are what the API and the ledger store.
 */

export type MoneyParseResult =
  | { ok: true; minor: number | null }
  | { ok: false; reason: "syntax" | "precision" | "too-large" | "negative" }

export interface MoneyParseOptions {
  /** Minor-unit digits of the currency (2 for USD, 8 for BTC, 0 for JPY). */
  digits: number
  /** Accept a leading minus. @default false */
  allowNegative?: boolean
  /** Texts to ignore, like the currency's symbol or code in a pasted "$1,234.50". */
  ignore?: readonly string[]
}

/** Spaces and apostrophes people put between thousands ("1 234", "1'234", narrow no-break spaces). */
const groupingSpaces = /[\s\u00a0\u202f'’]/g

/**
 * Text → integer minor units. Accepts "." or "," as the decimal separator; when both appear, the last one is
 * the decimal separator and the other groups thousands ("1,234.50", "1.234,50"). Empty or unfinished text
 * ("", "-", ",") is `{ ok: true, minor: null }`. More fraction digits than the currency has is an error,
 * never a rounding.
 */
export function parseMoney(text: string, options: MoneyParseOptions): MoneyParseResult {
  const { digits, allowNegative = false, ignore = [] } = options
  let body = text
  for (const part of ignore) if (part) body = body.split(part).join("")
  body = body.replace(groupingSpaces, "")
  let negative = false
  if (body.startsWith("-") || body.startsWith("\u2212")) {
    if (!allowNegative) return { ok: false, reason: "negative" }
    negative = true
    body = body.slice(1)
  }
  if (!/^[\d.,]*$/.test(body)) return { ok: false, reason: "syntax" }

  const lastDot = body.lastIndexOf(".")
  const lastComma = body.lastIndexOf(",")
  let integer = body
  let fraction = ""
  if (lastDot !== -1 || lastComma !== -1) {
    const decimal = lastDot > lastComma ? "." : ","
    const grouping = decimal === "." ? "," : "."
    const [whole, frac, ...rest] = body.split(decimal)
    if (rest.length > 0) return { ok: false, reason: "syntax" }
    integer = (whole ?? "").split(grouping).join("")
    fraction = frac ?? ""
    if (fraction.includes(grouping)) return { ok: false, reason: "syntax" }
  }
  if (integer === "" && fraction === "") return { ok: true, minor: null }
  if (fraction.length > digits) return { ok: false, reason: "precision" }

  const minor = BigInt(integer || "0") * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, "0") || "0")
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, reason: "too-large" }
  const result = Number(minor)
  return { ok: true, minor: negative && result !== 0 ? -result : result }
}

/**
 * Minor units → the text an input shows, without grouping so it stays easy to edit: 1250 USD → "12.50",
 * 150000 BTC → "0.0015". At least two fraction digits (if the currency has them), more only when needed.
 */
export function formatMoneyForInput(minor: number, digits: number, decimalSeparator = "."): string {
  const negative = minor < 0
  const text = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, "0")
  const integer = digits > 0 ? text.slice(0, -digits) : text
  let fraction = digits > 0 ? text.slice(-digits) : ""
  const keep = Math.min(2, digits)
  while (fraction.length > keep && fraction.endsWith("0")) fraction = fraction.slice(0, -1)
  return `${negative ? "-" : ""}${integer}${fraction ? decimalSeparator + fraction : ""}`
}

/** Codes Intl does not know as currencies (or formats oddly): shown as a code after the amount. */
const cryptoCodes = new Set(["BTC", "BCH", "USDT", "ETH", "LTC", "TRX"])

export interface CurrencyAffix {
  /** What to show next to the amount: "$", "€", "₽", "BTC". */
  symbol: string
  /** Before the amount ("$12") or after it ("12 ₽", "0.5 BTC"), as the language writes it. */
  position: "prefix" | "suffix"
  /** The currency's name for screen readers: "US Dollar"; the code when Intl has no name. */
  name: string
  /** The language's decimal separator, used when the input reformats an amount. */
  decimalSeparator: string
}

export function currencyAffix(locale: string, currency: string): CurrencyAffix {
  const code = currency.toUpperCase()
  const decimalSeparator =
    new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? "."
  let name = code
  try {
    name = new Intl.DisplayNames(locale, { type: "currency" }).of(code) ?? code
  } catch {
    // Not an ISO 4217 code (USDT): the code is its name.
  }
  if (cryptoCodes.has(code)) return { symbol: code, position: "suffix", name, decimalSeparator }
  try {
    const parts = new Intl.NumberFormat(locale, { style: "currency", currency: code }).formatToParts(1)
    const symbolIndex = parts.findIndex((part) => part.type === "currency")
    const numberIndex = parts.findIndex((part) => part.type === "integer")
    const symbol = parts[symbolIndex]?.value ?? code
    return { symbol, position: symbolIndex < numberIndex ? "prefix" : "suffix", name, decimalSeparator }
  } catch {
    return { symbol: code, position: "suffix", name, decimalSeparator }
  }
}

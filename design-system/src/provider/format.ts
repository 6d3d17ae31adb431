import type { SiteLocale } from "./locales"

/** Locale-aware formatting of numbers, money, dates and durations (Intl underneath, cached per locale). */
export interface Formatter {
  number(value: number, options?: Intl.NumberFormatOptions): string
  /** Money in minor units (cents, kopecks): 12345 USD → "$123.45". Accepts bigint for ledger amounts. */
  money(minor: number | bigint, currency: string): string
  /** 0.125 → "12.5%". */
  percent(fraction: number, maximumFractionDigits?: number): string
  /** Date only, e.g. "21 Nov 2026". */
  date(value: Date | string | number, style?: "short" | "medium" | "long"): string
  dateTime(value: Date | string | number): string
  /** Seconds → "1 h 5 min", "42 s", "850 ms" for fractions. */
  duration(seconds: number): string
  /** Bytes → "1.5 MB". */
  bytes(value: number): string
}

/** How many minor units a currency has (2 for USD, 0 for JPY, 8 for BTC). */
export function currencyDigits(currency: string): number {
  const code = currency.toUpperCase()
  if (code === "BTC" || code === "BCH") return 8
  if (code === "USDT") return 6
  return (
    new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions()
      .maximumFractionDigits ?? 2
  )
}

const cache = new Map<string, Formatter>()

export function createFormatter(locale: SiteLocale): Formatter {
  const cached = cache.get(locale)
  if (cached) return cached
  const numbers = new Map<string, Intl.NumberFormat>()
  const nf = (options: Intl.NumberFormatOptions = {}) => {
    const key = JSON.stringify(options)
    let format = numbers.get(key)
    if (!format) numbers.set(key, (format = new Intl.NumberFormat(locale, options)))
    return format
  }
  const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value))
  const formatter: Formatter = {
    number: (value, options) => nf(options).format(value),
    money: (minor, currency) => {
      const code = currency.toUpperCase()
      const digits = currencyDigits(code)
      const amount = Number(minor) / 10 ** digits
      // Crypto codes are not ISO 4217: show the code after the number.
      if (code === "BTC" || code === "BCH" || code === "USDT") {
        return `${nf({ minimumFractionDigits: 2, maximumFractionDigits: digits }).format(amount)} ${code}`
      }
      return nf({
        style: "currency",
        currency: code,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(amount)
    },
    percent: (fraction, maximumFractionDigits = 1) =>
      nf({ style: "percent", maximumFractionDigits }).format(fraction),
    date: (value, style = "medium") =>
      new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: "UTC" }).format(toDate(value)),
    dateTime: (value) =>
      new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
        toDate(value),
      ),
    duration: (seconds) => {
      if (seconds < 1)
        return nf({ style: "unit", unit: "millisecond", unitDisplay: "short" }).format(
          Math.round(seconds * 1000),
        )
      if (seconds < 60) {
        return nf({ style: "unit", unit: "second", unitDisplay: "short", maximumFractionDigits: 1 }).format(
          seconds,
        )
      }
      const parts: string[] = []
      const hours = Math.floor(seconds / 3600)
      const minutes = Math.floor((seconds % 3600) / 60)
      const rest = Math.round(seconds % 60)
      if (hours) parts.push(nf({ style: "unit", unit: "hour", unitDisplay: "short" }).format(hours))
      if (minutes) parts.push(nf({ style: "unit", unit: "minute", unitDisplay: "short" }).format(minutes))
      if (rest && !hours) parts.push(nf({ style: "unit", unit: "second", unitDisplay: "short" }).format(rest))
      return parts.join(" ")
    },
    bytes: (value) => {
      const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const
      let size = value
      let unit = 0
      while (size >= 1000 && unit < units.length - 1) {
        size /= 1000
        unit++
      }
      return nf({ style: "unit", unit: units[unit], unitDisplay: "short", maximumFractionDigits: 1 }).format(
        size,
      )
    },
  }
  cache.set(locale, formatter)
  return formatter
}

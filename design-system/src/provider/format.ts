import type { SiteLocale } from "./locales"

/** Locale-aware formatting of numbers, money, dates and durations (Intl underneath, cached per locale). */
export interface Formatter {
  number(value: number, options?: Intl.NumberFormatOptions): string
  /** Money in minor units (cents, kopecks): 12345 USD → "$123.45". Accepts bigint for ledger amounts. */
  money(minor: number | bigint, currency: string): string
  /**
   * Money in ledger micro-units (millionths of the currency), by the one rule of the site: amounts under one
   * currency unit keep their significant digits (to the micro-unit), larger ones the currency's own decimals,
   * cut rather than rounded: 2_500 USD → "$0.0025", 19_420 → "$0.01942", 1_234_567 → "$1.23", 24_999_500 →
   * "$24.99". `signed` writes "+" as well as "-".
   */
  microMoney(micro: number | bigint, currency: string, options?: { signed?: boolean }): string
  /** 0.125 → "12.5%". */
  percent(fraction: number, maximumFractionDigits?: number): string
  /** Date only, e.g. "21 Nov 2026". */
  date(value: Date | string | number, style?: "short" | "medium" | "long"): string
  /** Date and time of day in UTC: "May 20, 2026, 2:05 PM" (en), "20.05.2026, 14:05" (de). */
  dateTime(value: Date | string | number): string
  /**
   * The time of day, the language's short form: "2:05 PM" (en), "14:05" (de, ja). `padded` writes the hour with
   * two digits wherever the language would not ("02:05 PM"), for times that line up in a list. UTC unless a
   * `timeZone` is given.
   */
  time(value: Date | string | number, options?: TimeOptions): string
  /** The name of the day of the week: "Wednesday" / "Wed" (en), "Mittwoch" / "Mi" (de), "水曜日" / "水" (ja). */
  weekday(value: Date | string | number, style?: "long" | "short", options?: ZoneOptions): string
  /**
   * Day and hour without the year, for points of an hourly chart: "May 20, 2 PM" (en), "20. Mai, 14 Uhr" (de),
   * "5月20日 14時" (ja).
   */
  dayHour(value: Date | string | number, options?: ZoneOptions): string
  /** Seconds → "1 h 5 min", "42 s", "850 ms" for fractions. */
  duration(seconds: number): string
  /** Bytes → "1.5 MB". */
  bytes(value: number): string
  /**
   * A language's name in the formatter's language ("de" → "German"; "Deutsch" under de), the code where the
   * runtime knows none; `capitalized` for a list item or a label ("español" → "Español").
   */
  languageName(code: string, options?: { capitalized?: boolean }): string
  /** A currency's name in the formatter's language ("USD" → "US Dollar"), the code where the runtime knows none. */
  currencyName(code: string): string
  /** Items joined as the language does: ["a", "b", "c"] → "a, b, and c" (`or` → "a, b, or c"). */
  list(items: readonly string[], type?: "and" | "or"): string
}

/**
 * Where a time is read: an IANA zone ("Europe/Berlin", a user's profile zone). Without one, or with one the runtime
 * does not know, UTC — what the server renders and the browser's first render repeats.
 */
export interface ZoneOptions {
  timeZone?: string
}

export interface TimeOptions extends ZoneOptions {
  /** Two-digit hours: "09:00", "02:05 PM". */
  padded?: boolean
}

/** One Intl.DisplayNames per locale and type, or null where the runtime has none (the codes are shown). */
function displayNames(locale: string, type: "language" | "currency"): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type, fallback: "code" })
  } catch {
    return null
  }
}

/** Minor-unit digits per currency code, as Intl knows them (a new Intl.NumberFormat per call: 7 % of a render). */
const digitsOf = new Map<string, number>()

/** How many minor units a currency has (2 for USD, 0 for JPY, 8 for BTC). */
export function currencyDigits(currency: string): number {
  const code = currency.toUpperCase()
  if (code === "BTC" || code === "BCH") return 8
  if (code === "USDT") return 6
  let digits = digitsOf.get(code)
  if (digits === undefined) {
    digits =
      new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2
    digitsOf.set(code, digits)
  }
  return digits
}

/** Ledger micro-units per currency unit. */
const MICRO = 1_000_000
/** Codes that are not ISO 4217 (crypto): the number is followed by the code. */
const NON_ISO = new Set(["BTC", "BCH", "USDT"])

/** The options `microMoney` formats an amount with: see there. */
function microMoneyOptions(
  micro: number,
  currency: string,
  signed = false,
): Intl.NumberFormatOptions & { minimumFractionDigits: number; maximumFractionDigits: number } {
  const code = currency.toUpperCase()
  const digits = NON_ISO.has(code) ? 2 : currencyDigits(code)
  const small = Math.abs(micro) < MICRO
  return {
    ...(NON_ISO.has(code) ? {} : { style: "currency", currency: code }),
    minimumFractionDigits: digits,
    maximumFractionDigits: small ? Math.max(digits, 6) : digits,
    // Cut, not rounded: a balance or a limit never reads as more than the ledger holds.
    roundingMode: "trunc",
    signDisplay: signed ? "exceptZero" : "auto",
  }
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
  const dates = new Map<string, Intl.DateTimeFormat>()
  const dtf = (options: Intl.DateTimeFormatOptions, timeZone = "UTC"): Intl.DateTimeFormat => {
    const key = `${timeZone} ${JSON.stringify(options)}`
    let format = dates.get(key)
    if (!format) {
      try {
        format = new Intl.DateTimeFormat(locale, { ...options, timeZone })
      } catch (error) {
        // A zone the runtime does not know (an old profile, a stale tz database): UTC rather than a broken page.
        if (!(error instanceof RangeError)) throw error
        format = dtf(options)
      }
      dates.set(key, format)
    }
    return format
  }
  const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value))
  let languages: Intl.DisplayNames | null | undefined
  let currencies: Intl.DisplayNames | null | undefined
  const name = (names: Intl.DisplayNames | null, code: string) => {
    try {
      return names?.of(code) ?? code
    } catch {
      // A code the runtime refuses as malformed ("x", "12"): shown as it is.
      return code
    }
  }
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
    microMoney: (micro, currency, { signed = false } = {}) => {
      const value = Number(micro)
      const text = nf(microMoneyOptions(value, currency, signed)).format(value / MICRO)
      const code = currency.toUpperCase()
      return NON_ISO.has(code) ? `${text} ${code}` : text
    },
    percent: (fraction, maximumFractionDigits = 1) =>
      nf({ style: "percent", maximumFractionDigits }).format(fraction),
    date: (value, style = "medium") => dtf({ dateStyle: style }).format(toDate(value)),
    dateTime: (value) => dtf({ dateStyle: "medium", timeStyle: "short" }).format(toDate(value)),
    time: (value, { timeZone, padded = false } = {}) =>
      dtf(padded ? { hour: "2-digit", minute: "2-digit" } : { timeStyle: "short" }, timeZone).format(
        toDate(value),
      ),
    weekday: (value, style = "long", { timeZone } = {}) =>
      dtf({ weekday: style }, timeZone).format(toDate(value)),
    dayHour: (value, { timeZone } = {}) =>
      dtf({ month: "short", day: "numeric", hour: "numeric" }, timeZone).format(toDate(value)),
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
    languageName: (code, { capitalized = false } = {}) => {
      if (languages === undefined) languages = displayNames(locale, "language")
      const text = name(languages, code)
      return capitalized ? text.charAt(0).toLocaleUpperCase(locale) + text.slice(1) : text
    },
    currencyName: (code) => {
      if (currencies === undefined) currencies = displayNames(locale, "currency")
      return name(currencies, code.toUpperCase())
    },
    list: (items, type = "and") => {
      try {
        return new Intl.ListFormat(locale, { type: type === "or" ? "disjunction" : "conjunction" }).format(
          items,
        )
      } catch {
        return items.join(", ")
      }
    },
  }
  cache.set(locale, formatter)
  return formatter
}

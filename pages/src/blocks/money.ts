import { useFormatter } from "@manyhands/design-system"

/** Ledger micro-units (millionths of the currency) per currency unit. */
export const MICRO = 1_000_000

/**
 * Formats ledger micro-units as money in the page's language: 25_000_000 USD → "$25.00", 1_450 → "$0.00145"
 * (at least the currency's own decimals, more only where a captcha's price needs them, at most 6). `signed`
 * writes the sign of a movement either way: "+$25.00", "−$4.00".
 */
export function useMicroMoney(): (micro: number, currency: string, options?: { signed?: boolean }) => string {
  const format = useFormatter()
  return (micro, currency, { signed = false } = {}) =>
    format.number(micro / MICRO, {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 6,
      signDisplay: signed ? "exceptZero" : "auto",
    })
}

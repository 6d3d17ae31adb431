import { useFormatter } from "@manyhands/design-system"

/** Ledger micro-units (millionths of the currency) per currency unit. */
export const MICRO = 1_000_000

/**
 * Formats ledger micro-units as money in the page's language: 25_000_000 USD → "$25.00", 1_450 → "$0.00145"
 * (at least the currency's own decimals, more only where a captcha's price needs them, at most 6).
 */
export function useMicroMoney(): (micro: number, currency: string) => string {
  const format = useFormatter()
  return (micro, currency) =>
    format.number(micro / MICRO, {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 6,
    })
}

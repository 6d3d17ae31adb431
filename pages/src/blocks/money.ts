import { useFormatter } from "@manyhands/design-system"

/** Ledger micro-units (millionths of the currency) per currency unit. */
export const MICRO = 1_000_000

/**
 * Formats ledger micro-units as money in the page's language, by the site's one rule (the design system's
 * `format.microMoney`): under one currency unit every significant digit, 2_500 USD → "$0.0025", 19_420 →
 * "$0.01942"; from one unit up the currency's decimals, 25_000_000 → "$25.00". `signed` writes the sign of a
 * movement either way: "+$25.00", "-$4.00".
 */
export function useMicroMoney(): (micro: number, currency: string, options?: { signed?: boolean }) => string {
  const format = useFormatter()
  return (micro, currency, options) => format.microMoney(micro, currency, options)
}

/*
 * Prices as people see them: per 1,000 tasks, a decimal in currency units ("0.50"), while the ledger and the
 * tasks keep micro-units per task (500). Used by the price list, the customer's maximum bid and the engine.
 */

/** Per 1,000 tasks, in currency units × 1,000: the most a price (or a maximum bid) may be. */
export const MAX_PER_THOUSAND_MILLIS = 1_000_000

/** Micro-units per task as the price per 1,000 tasks in currency units: 500 → "0.50", 1 → "0.001". */
export function perThousand(pricePerTask: number): string {
  const whole = Math.floor(pricePerTask / 1000)
  const decimals = String(pricePerTask % 1000)
    .padStart(3, "0")
    .replace(/0$/, "")
  return `${whole}.${decimals}`
}

/** "0.50" → 500 micro-units per task; null unless a decimal with ≤ 3 decimals, above 0 and at most 1000. */
export function pricePerTaskOf(text: string): number | null {
  const match = /^(\d{1,4})(?:\.(\d{1,3}))?$/.exec(text.trim())
  if (!match) return null
  const price = Number(match[1]) * 1000 + Number((match[2] ?? "").padEnd(3, "0"))
  return price > 0 && price <= MAX_PER_THOUSAND_MILLIS ? price : null
}

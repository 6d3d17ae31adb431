/** How full a progress indicator is, from 0 to 1; NaN, negative and over-the-top values are clamped. */
export function progressFraction(value: number, max = 100): number {
  if (!Number.isFinite(value) || !Number.isFinite(max) || max <= 0) return 0
  return Math.min(1, Math.max(0, value / max))
}

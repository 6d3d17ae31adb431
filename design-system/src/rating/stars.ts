/**
 * How much of star `index` (from 0) a rating fills, to the nearest half star: 3.74 → ★★★½☆,
 * 3.75 → ★★★★☆. Values outside 0…max are clamped.
 */
export function starFill(value: number, index: number): 0 | 0.5 | 1 {
  const halves = Number.isFinite(value) ? Math.round(Math.max(0, value) * 2) / 2 : 0
  const rest = halves - index
  return rest >= 1 ? 1 : rest >= 0.5 ? 0.5 : 0
}

import { DURATION_BUCKETS_MS } from "@manyhands/contract/statistics"

/*
 * Duration histograms of the rollups: counts per bucket, bucket i holding [BOUNDS[i-1], BOUNDS[i]) (bucket 0 from
 * 0, the last without an upper bound) — the numbering of PostgreSQL's width_bucket(ms, BOUNDS). Histograms of
 * any intervals and types merge by adding, so a percentile of a week is exact to one bucket, never an average of
 * averages.
 */

export const BOUNDS: readonly number[] = DURATION_BUCKETS_MS
export const BUCKETS = BOUNDS.length + 1

export const emptyHistogram = (): number[] => new Array<number>(BUCKETS).fill(0)

/** The bucket of a duration, as width_bucket(ms, BOUNDS) numbers it. */
export function bucketOf(ms: number): number {
  let index = 0
  while (index < BOUNDS.length && ms >= BOUNDS[index]!) index++
  return index
}

/** Adds `other` into `into` (same length), and returns `into`. */
export function addInto(into: number[], other: readonly number[]): number[] {
  for (let i = 0; i < BUCKETS; i++) into[i]! += other[i] ?? 0
  return into
}

/** Where a bucket starts and ends (end null for the last). */
export function bucketRange(index: number): { from: number; to: number | null } {
  return { from: index === 0 ? 0 : BOUNDS[index - 1]!, to: BOUNDS[index] ?? null }
}

/**
 * The q-quantile (0 < q ≤ 1) by nearest rank: the bucket holding the ⌈q·n⌉-th smallest duration, reported as that
 * bucket's upper bound ("at most"), or its lower bound for the last, open bucket. Null for an empty histogram.
 */
export function percentile(histogram: readonly number[], q: number): number | null {
  const total = histogram.reduce((sum, n) => sum + n, 0)
  if (total === 0) return null
  const rank = Math.max(1, Math.ceil(q * total))
  let seen = 0
  for (let i = 0; i < histogram.length; i++) {
    seen += histogram[i]!
    if (seen >= rank) return bucketRange(i).to ?? bucketRange(i).from
  }
  return bucketRange(histogram.length - 1).from
}

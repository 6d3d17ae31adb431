/** One entry of a pagination bar: a page number, or a gap standing for the pages left out. */
export type PageListItem = number | "start-ellipsis" | "end-ellipsis"

const range = (from: number, to: number): number[] =>
  to < from ? [] : Array.from({ length: to - from + 1 }, (_, index) => from + index)

/**
 * The pages a pagination bar shows: the first and last `boundaries` pages, `siblings` pages either side of
 * the current one, and an ellipsis for each run of hidden pages. The list keeps the same length on every
 * page (so the buttons do not jump around), and an ellipsis never hides a single page: that page is shown.
 *
 * getPageList(6, 12) → [1, "start-ellipsis", 5, 6, 7, "end-ellipsis", 12]
 */
export function getPageList(page: number, pageCount: number, siblings = 1, boundaries = 1): PageListItem[] {
  const count = Number.isFinite(pageCount) ? Math.max(0, Math.floor(pageCount)) : 0
  if (count === 0) return []
  const near = Math.max(0, Math.floor(siblings))
  const edge = Math.max(1, Math.floor(boundaries))
  const current = Math.min(Math.max(Number.isFinite(page) ? Math.round(page) : 1, 1), count)
  // Boundaries at both ends, the siblings, the current page and two ellipses.
  if (count <= edge * 2 + near * 2 + 3) return range(1, count)

  const windowStart = Math.max(Math.min(current - near, count - edge - near * 2 - 1), edge + 2)
  const windowEnd = Math.min(Math.max(current + near, edge + near * 2 + 2), count - edge - 1)
  return [
    ...range(1, edge),
    windowStart > edge + 2 ? "start-ellipsis" : edge + 1,
    ...range(windowStart, windowEnd),
    windowEnd < count - edge - 1 ? "end-ellipsis" : count - edge,
    ...range(count - edge + 1, count),
  ]
}

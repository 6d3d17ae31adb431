import { Fragment, type ReactNode } from "react"
import { EmptyState, ErrorState, Pagination, Skeleton, type EmptyStateProps } from "@manyhands/design-system"

export interface PagedCardGridProps<T> {
  /** The current page's items; undefined while the first answer loads. */
  items: readonly T[] | undefined
  card: (item: T) => ReactNode
  getKey: (item: T) => string
  /** Why the page could not be loaded (it takes the grid's place), with a way to ask again. */
  failure?: string | null | undefined
  onRetry: () => void
  empty: EmptyStateProps
  page: number
  pageCount: number
  onPageChange: (page: number) => void
  labels: { error: string; retry: string; loading: string; pagination: string }
  /** The grid's columns (the gap is the block's); a `list` has none. */
  columns?: string
  /** An ordered list, one item under another (a queue, reviews), instead of a grid of cards. */
  list?: boolean
  /** Said above the items when there are some ("12 reviews in the queue"). */
  summary?: ReactNode
  /** Placeholder cards while the first answer loads: how many, and their height. */
  placeholders: { count: number; className: string }
}

/**
 * A grid of cards (or a list) a page at a time, by the state of its answer: why it failed with a way to try again,
 * placeholders while the first page loads, the empty state, or the cards and their pages.
 */
export function PagedCardGrid<T>({
  items,
  card,
  getKey,
  failure,
  onRetry,
  empty,
  page,
  pageCount,
  onPageChange,
  labels,
  columns = "",
  list = false,
  summary,
  placeholders,
}: PagedCardGridProps<T>) {
  if (failure)
    return (
      <ErrorState title={labels.error} description={failure} onRetry={onRetry} retryLabel={labels.retry} />
    )
  if (!items)
    return (
      <div className={`grid gap-4 ${columns}`} aria-busy="true">
        <span className="sr-only">{labels.loading}</span>
        {Array.from({ length: placeholders.count }, (_, n) => (
          <Skeleton key={n} shape="rect" className={placeholders.className} />
        ))}
      </div>
    )
  if (items.length === 0) return <EmptyState variant="dashed" {...empty} />
  return (
    <>
      {summary}
      {list ? (
        <ol className="flex flex-col gap-4">
          {items.map((item) => (
            <li key={getKey(item)}>{card(item)}</li>
          ))}
        </ol>
      ) : (
        <div className={`grid gap-4 ${columns}`}>
          {items.map((item) => (
            <Fragment key={getKey(item)}>{card(item)}</Fragment>
          ))}
        </div>
      )}
      {pageCount > 1 ? (
        <Pagination page={page} pageCount={pageCount} onPageChange={onPageChange} label={labels.pagination} />
      ) : null}
    </>
  )
}

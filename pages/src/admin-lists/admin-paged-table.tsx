import { ErrorState, Table, type TableProps } from "@manyhands/design-system"
import type { Page } from "../customer/customer-data"
import type { QueryData } from "../customer/statistics/shared/use-query-data"

/** The words of a list that failed to load or runs to pages, in the screen's namespace. */
export interface ListLabels {
  error: string
  retry: string
  pagination: string
}

/**
 * One page of a list fetched by `useQueryData`, or why it failed with a way to try again. While the next page
 * loads, the page count and the number of placeholder rows stay those of the last answer.
 */
export function AdminPagedTable<T>({
  list,
  page,
  onPageChange,
  labels,
  rows = list.data?.items ?? [],
  caption,
  columns,
  empty,
}: {
  list: QueryData<Page<T>>
  page: number
  onPageChange: (page: number) => void
  labels: ListLabels
  /** The current page's items unless the screen leaves some out. */
  rows?: T[]
} & Pick<TableProps<T>, "caption" | "columns" | "empty">) {
  if (list.failure)
    return (
      <ErrorState
        size="section"
        titleAs="h3"
        title={labels.error}
        description={list.failure}
        onRetry={list.retry}
        retryLabel={labels.retry}
      />
    )
  const known = list.data ?? list.last
  const pageCount = known ? Math.ceil(known.total / Math.max(1, known.pageSize)) : 0
  return (
    <Table
      caption={caption}
      captionHidden
      columns={columns}
      rows={rows}
      loading={list.loading}
      loadingRows={Math.min(5, known?.items.length || 5)}
      empty={empty}
      pagination={
        pageCount > 1
          ? { page, pageCount, onPageChange, disabled: list.loading, label: labels.pagination }
          : undefined
      }
    />
  )
}

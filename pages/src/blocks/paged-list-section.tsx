import { useId, type ReactNode, type Ref } from "react"
import {
  Button,
  ErrorState,
  DataTable,
  cn,
  useFormatter,
  type EmptyStateProps,
  type DataTableProps,
} from "@manyhands/design-system"
import type { Page } from "@manyhands/contract"
import type { ApiData, PagedData } from "../api"
import { FormError } from "../forms"

/** The words of a list that failed to load or runs to pages, in the screen's namespace. */
export interface ListLabels {
  /** The title of a failed list that shows no page. */
  error: string
  retry: string
  /** Names the pages under the table. */
  pagination: string
}

/** The line that says which rows are shown. */
export interface ListStatus {
  /** "11–20 of 23", from the numbers as the page's language writes them. */
  range: (rows: { from: string; to: string; total: string }) => string
  /** While a page loads; nothing unless given. */
  loading?: string
  /** When a page with no rows is shown; nothing unless given. */
  none?: string
  /** Whether each change is announced (role="status"). */
  live: boolean
}

type ListSource<T> =
  | {
      /** A list by `usePaged`: it keeps its page on screen after a failure, with the failure above it. */
      list: PagedData<T>
      labels: Omit<ListLabels, "error">
    }
  | {
      /** A list by `useApi`, whose page the screen keeps; a failure takes the table's place. */
      list: ApiData<Page<T>>
      page: number
      onPageChange: (page: number) => void
      labels: ListLabels
    }

export type PagedListSectionProps<T> = ListSource<T> &
  Pick<DataTableProps<T>, "caption" | "columns" | "getRowId" | "size"> & {
    empty: EmptyStateProps
    /** The current page's items unless the screen leaves some out or shows some as changed. */
    rows?: T[]
    /**
     * The list's h2, with the status line beside it. Without one (a card's heading names the list), the status
     * line stands under the table.
     */
    title?: ReactNode
    /** Id of the h2 (one is made for a region). */
    headingId?: string
    /** To put the focus on the h2; given (even undefined), the h2 can take it. */
    headingRef?: Ref<HTMLHeadingElement>
    /** A named region, labelled by the h2. */
    region?: boolean
    status?: ListStatus
    /** The heading level of a failure's title. */
    errorHeading?: "h2" | "h3"
    /** Placeholder rows while a page loads: this many, always. */
    loadingRows?: number
    /** Otherwise as many as the last page had, up to this many (5 unless given). */
    maxLoadingRows?: number
    /** For the column the section's parts stand in (its gap, as the card around it spaces its own). */
    className?: string
  }

/**
 * One paged list: a status line (which rows are shown, or that they load), then the table with its placeholder
 * rows, empty state and pages, or why the page failed with a way to try again. While the next page loads, the page
 * count and the number of placeholder rows stay those of the last answer.
 */
export function PagedListSection<T>(props: PagedListSectionProps<T>) {
  const format = useFormatter()
  const madeId = useId()
  const { title, headingRef, region = false, status, labels, errorHeading = "h3", maxLoadingRows = 5 } = props
  const { data, known, loading, failure, retry, page, onPageChange, errorTitle } = viewOf(props)
  const rows = props.rows ?? data?.items ?? []
  const pageCount = known ? Math.ceil(known.total / Math.max(1, known.pageSize)) : 0
  const headingId = props.headingId ?? (region ? madeId : undefined)
  // A heading the focus is put on can take it, without a ring (it is no control).
  const focusable = "headingRef" in props

  const statusText = (): string => {
    if (!status) return ""
    if (!loading && data && rows.length > 0) {
      const before = (data.page - 1) * data.pageSize
      return status.range({
        from: format.number(before + 1),
        to: format.number(before + rows.length),
        // Rows the screen leaves out (done with here) are not counted.
        total: format.number(data.total - (data.items.length - rows.length)),
      })
    }
    if (loading) return status.loading ?? ""
    return failure ? "" : (status.none ?? "")
  }
  const text = statusText()
  const role = status?.live ? "status" : undefined

  const Box = region ? "section" : "div"
  return (
    <Box
      aria-labelledby={region ? headingId : undefined}
      className={cn("flex flex-col gap-3", props.className)}
    >
      {title != null ? (
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2
            ref={headingRef}
            id={headingId}
            tabIndex={focusable ? -1 : undefined}
            className={cn("text-lg font-semibold text-foreground", focusable && "outline-none")}
          >
            {title}
          </h2>
          {status ? (
            <p role={role} className="text-sm text-muted-foreground tabular-nums">
              {text}
            </p>
          ) : null}
        </div>
      ) : null}
      {errorTitle === undefined ? (
        <FormError
          message={failure}
          action={
            <Button variant="secondary" onClick={retry}>
              {labels.retry}
            </Button>
          }
        />
      ) : null}
      {failure && errorTitle !== undefined ? (
        <ErrorState
          size="section"
          titleAs={errorHeading}
          title={errorTitle}
          description={failure}
          onRetry={retry}
          retryLabel={labels.retry}
        />
      ) : (
        <DataTable
          caption={props.caption}
          captionHidden
          columns={props.columns}
          rows={rows}
          getRowId={props.getRowId}
          size={props.size}
          loading={loading}
          loadingRows={props.loadingRows ?? Math.min(maxLoadingRows, known?.items.length || maxLoadingRows)}
          empty={{ titleAs: "h3", ...props.empty }}
          pagination={
            known && pageCount > 1
              ? { page, pageCount, onPageChange, disabled: loading, label: labels.pagination }
              : undefined
          }
        />
      )}
      {title == null && status ? (
        <p role={role} className={text ? "text-sm text-muted-foreground" : "sr-only"}>
          {text}
        </p>
      ) : null}
    </Box>
  )
}

/**
 * Either kind of list as the section shows it. One by `useApi` has an error title: its failure takes the
 * table's place. One by `usePaged` has none: it keeps its page, and the failure stands above it.
 */
function viewOf<T>(source: ListSource<T>) {
  if (isPagedData(source)) {
    const { data, pending, failure, retry, goTo } = source.list
    return {
      data,
      known: data,
      loading: !data || pending !== null,
      failure,
      retry,
      page: pending ?? data?.page ?? 1,
      onPageChange: goTo,
      errorTitle: undefined,
    }
  }
  const { data, last, loading, failure, retry } = source.list
  return {
    data,
    known: data ?? last,
    loading,
    failure,
    retry,
    page: source.page,
    onPageChange: source.onPageChange,
    errorTitle: source.labels.error,
  }
}

function isPagedData<T>(source: ListSource<T>): source is Extract<ListSource<T>, { list: PagedData<T> }> {
  return "goTo" in source.list
}

import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Button, Table, useFormatter, type EmptyStateProps, type TableColumn } from "@manyhands/design-system"
import { FormError } from "../../../forms"
import type { PagedList } from "./use-paged-list"

/**
 * A table of one paged list: placeholder rows while a page loads, the empty state, the pages under it, which
 * rows are shown (announced after a move to another page), and a failed page with a way to try again.
 */
export function PagedTable<Row>({
  list,
  caption,
  columns,
  empty,
  getRowId,
  loadingRows = 5,
}: {
  list: PagedList<Row>
  /** What the table shows (read by screen readers; the card's heading says it on screen). */
  caption: string
  columns: TableColumn<Row>[]
  empty: EmptyStateProps
  getRowId?: (row: Row, index: number) => string
  loadingRows?: number
}) {
  const { t } = useTranslation("captcha-settings")
  const format = useFormatter()
  const { data, pending, pageCount } = list
  const loading = !data || pending !== null
  const summary: ReactNode =
    data && pending === null && data.items.length > 0
      ? t("shared.range", {
          from: format.number((data.page - 1) * data.pageSize + 1),
          to: format.number((data.page - 1) * data.pageSize + data.items.length),
          total: format.number(data.total),
        })
      : null
  return (
    <div className="flex flex-col gap-3">
      <FormError
        message={list.failure}
        action={
          <Button variant="secondary" onClick={list.retry}>
            {t("shared.retry")}
          </Button>
        }
      />
      <Table
        caption={caption}
        captionHidden
        columns={columns}
        rows={data?.items ?? []}
        getRowId={getRowId}
        loading={loading}
        loadingRows={Math.min(loadingRows, data?.items.length || loadingRows)}
        empty={{ titleAs: "h3", ...empty }}
        pagination={
          data && pageCount > 1
            ? {
                page: pending ?? data.page,
                pageCount,
                onPageChange: list.goTo,
                disabled: pending !== null,
                label: t("shared.pages", { list: caption }),
              }
            : undefined
        }
      />
      {/* Which rows are shown; announced only after the user moved to another page. */}
      <p
        role={list.paged ? "status" : undefined}
        className={summary ? "text-sm text-muted-foreground" : "sr-only"}
      >
        {summary}
      </p>
    </div>
  )
}

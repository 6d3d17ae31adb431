import { useTranslation } from "react-i18next"
import type { EmptyStateProps, TableColumn } from "@manyhands/design-system"
import { PagedListSection } from "../../../blocks"
import type { PagedData } from "../../../api"

/**
 * A table of one paged list of the settings pages, in their words: placeholder rows while a page loads, the empty
 * state, the pages under it, which rows are shown (announced after a move to another page), and a failed page
 * with a way to try again.
 */
export function PagedTable<Row>({
  list,
  caption,
  columns,
  empty,
  getRowId,
}: {
  list: PagedData<Row>
  /** What the table shows (read by screen readers; the card's heading says it on screen). */
  caption: string
  columns: TableColumn<Row>[]
  empty: EmptyStateProps
  getRowId?: (row: Row, index: number) => string
}) {
  const { t } = useTranslation("captcha-settings")
  return (
    <PagedListSection
      status={{ range: (shown) => t("shared.range", shown), live: list.paged }}
      list={list}
      labels={{ retry: t("shared.retry"), pagination: t("shared.pages", { list: caption }) }}
      caption={caption}
      columns={columns}
      getRowId={getRowId}
      empty={empty}
    />
  )
}

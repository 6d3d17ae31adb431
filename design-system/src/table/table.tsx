import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type CSSProperties,
  type MouseEvent,
  type ReactNode,
} from "react"
import { EmptyState, type EmptyStateProps } from "../empty-state"
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from "../icons"
import { cn } from "../lib/cn"
import { Pagination, type PaginationProps } from "../pagination"
import { useFormatter, useMessages } from "../provider/provider"
import type { SortDirection, SortValue, TableSort } from "./sort"
import {
  Table,
  TableBody,
  TableCaption,
  TableHead,
  TableHeader,
  TableRow,
  tableCellVariants,
  type TableAlign,
  type TableSize,
} from "./table-parts"

export interface TableColumn<Row> {
  /** Identifies the column (sort state, React keys); also the row field shown when there is no `cell`. */
  key: string
  /** The column's title. */
  header: ReactNode
  /** Plain-text name of the column when `header` is not a string; used in the sort announcements. */
  label?: string
  /** Renders the cell; defaults to `row[key]` when it is text or a number. */
  cell?: (row: Row, index: number) => ReactNode
  /** @default "start" */
  align?: TableAlign
  /** Column width on wide screens: a number of pixels or any CSS length ("12rem", "20%"). */
  width?: number | string
  /** Shows a sort button in the header; the table calls `onSortChange`, the caller sorts. @default false */
  sortable?: boolean
  /** Direction of the first click on this column (newest first for dates, say). @default "ascending" */
  firstSortDirection?: SortDirection
  /** The value `sortRows` sorts by; defaults to `row[key]`. */
  sortValue?: (row: Row) => SortValue
  /**
   * The cell that names the row (a task id): rendered as a row header, used to label the row's checkbox and
   * made the row's button when `onRowClick` is set. @default the first column
   */
  rowHeader?: boolean
  /** Extra classes for this column's body cells. */
  className?: string
}

export interface DataTableProps<Row> extends Omit<ComponentProps<"div">, "children"> {
  columns: TableColumn<Row>[]
  /** The rows of the current page, already sorted. */
  rows: readonly Row[]
  /** A stable id per row (selection state, React keys). @default `row.id`, else the index */
  getRowId?: (row: Row, index: number) => string
  /** What the table shows; every table needs one. Shown above the table unless `captionHidden`. */
  caption: ReactNode
  /** Keep the caption for screen readers only, when a heading above already says it. @default false */
  captionHidden?: boolean
  /** Row height and padding. @default "md" */
  size?: TableSize
  /** The current sort (controlled). */
  sort?: TableSort | null
  onSortChange?: (sort: TableSort) => void
  /** Ids of the selected rows (controlled); passing it adds a checkbox column. */
  selected?: readonly string[]
  onSelectedChange?: (selected: string[]) => void
  /** Buttons shown beside "3 selected" while rows are selected: "Report wrong answers". */
  selectionActions?: ReactNode
  /** Makes rows clickable; the row header cell becomes a button, so the keyboard reaches it too. */
  onRowClick?: (row: Row) => void
  /** Shows placeholder rows instead of `rows`. @default false */
  loading?: boolean
  /** How many placeholder rows. @default 5 */
  loadingRows?: number
  /** What to show when there are no rows: title (defaults to the provider's), description, icon, action. */
  empty?: EmptyStateProps
  /** A Pagination under the table. The table does not slice rows: pass the current page's. */
  pagination?: PaginationProps
  /** Keep the header row in view while the table scrolls; set `maxHeight` to make it scroll. @default false */
  stickyHeader?: boolean
  /** Height after which the table scrolls inside its frame: pixels or any CSS length. */
  maxHeight?: number | string
  /**
   * Below 40rem of available width, each row becomes a card of "header: value" lines and the sortable
   * headers become a row of sort buttons. @default true
   */
  stackOnMobile?: boolean
}

const skeletonWidths = ["w-3/4", "w-1/2", "w-2/3", "w-2/5", "w-5/6", "w-3/5"]

function defaultRowId(row: unknown, index: number): string {
  const id = (row as { id?: unknown } | null)?.id
  return typeof id === "string" || typeof id === "number" ? String(id) : String(index)
}

function defaultCell(row: unknown, key: string): ReactNode {
  const value = (row as Record<string, unknown> | null)?.[key]
  return typeof value === "string" || typeof value === "number" ? value : null
}

function columnName<Row>(column: TableColumn<Row>): string {
  return column.label ?? (typeof column.header === "string" ? column.header : column.key)
}

/** A native checkbox whose `indeterminate` state follows a prop. */
function Checkbox({
  indeterminate = false,
  className,
  ...props
}: ComponentProps<"input"> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate
  }, [indeterminate])
  return (
    <input
      ref={ref}
      type="checkbox"
      className={cn(
        "size-4 shrink-0 cursor-pointer rounded-sm accent-primary focus-ring disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    />
  )
}

/**
 * A data table, built on the Table parts: sortable columns, row selection, pagination, loading and empty states.
 * Below 40rem of width it stacks every row into a card; the stacked rows keep their table semantics for assistive
 * technology (explicit table, row, header and cell roles, since CSS display changes drop the implicit ones). It fills
 * its parent's width (a CSS size container).
 */
export function DataTable<Row>({
  columns,
  rows,
  getRowId = defaultRowId,
  caption,
  captionHidden = false,
  size = "md",
  sort,
  onSortChange,
  selected,
  onSelectedChange,
  selectionActions,
  onRowClick,
  loading = false,
  loadingRows = 5,
  empty,
  pagination,
  stickyHeader = false,
  maxHeight,
  stackOnMobile = true,
  className,
  ...props
}: DataTableProps<Row>) {
  const { messages, t } = useMessages()
  const format = useFormatter()
  const id = useId()
  const captionId = `${id}-caption`
  const selectRowLabelId = `${id}-select-row`
  const containerRef = useRef<HTMLDivElement>(null)
  const [scrollable, setScrollable] = useState(false)

  // A frame that scrolls must be reachable by keyboard; only then is it a focusable, named region.
  useEffect(() => {
    const container = containerRef.current
    if (!container || typeof ResizeObserver === "undefined") return
    const check = () =>
      setScrollable(
        container.scrollHeight > container.clientHeight + 1 ||
          container.scrollWidth > container.clientWidth + 1,
      )
    const observer = new ResizeObserver(check)
    observer.observe(container)
    if (container.firstElementChild) observer.observe(container.firstElementChild)
    return () => observer.disconnect()
  }, [])

  const selectable = selected !== undefined
  const selectedSet = new Set(selected ?? [])
  const rowIds = rows.map((row, index) => getRowId(row, index))
  const selectedOnPage = rowIds.filter((rowId) => selectedSet.has(rowId)).length
  const allSelected = !loading && rowIds.length > 0 && selectedOnPage === rowIds.length
  const someSelected = !loading && selectedOnPage > 0 && !allSelected
  const selectedCount = selected?.length ?? 0
  const rowHeaderIndex = Math.max(
    0,
    columns.findIndex((column) => column.rowHeader),
  )
  const columnCount = columns.length + (selectable ? 1 : 0)
  const stack = stackOnMobile
  /** An explicit role when the table may stack (CSS display changes take the implicit ones away in browsers). */
  const role = (name: "table" | "rowgroup" | "row" | "columnheader" | "rowheader" | "cell") =>
    stack ? name : undefined
  const sortedColumn = sort ? columns.find((column) => column.key === sort.column) : undefined

  const toggleAll = () => {
    if (!onSelectedChange) return
    const onPage = new Set(rowIds)
    onSelectedChange(
      allSelected
        ? (selected ?? []).filter((rowId) => !onPage.has(rowId))
        : [...(selected ?? []), ...rowIds.filter((rowId) => !selectedSet.has(rowId))],
    )
  }
  const toggleRow = (rowId: string, checked: boolean) => {
    if (!onSelectedChange) return
    onSelectedChange(
      checked ? [...(selected ?? []), rowId] : (selected ?? []).filter((candidate) => candidate !== rowId),
    )
  }
  const toggleSort = (column: TableColumn<Row>) => {
    const direction: SortDirection =
      sort?.column === column.key
        ? sort.direction === "ascending"
          ? "descending"
          : "ascending"
        : (column.firstSortDirection ?? "ascending")
    onSortChange?.({ column: column.key, direction })
  }
  const handleRowClick = (row: Row) => (event: MouseEvent<HTMLTableRowElement>) => {
    // Controls in the row handle their own clicks; selecting text is not a click on the row.
    const target = event.target as Element
    if (target.closest("a, button, input, select, textarea, label, summary, [role='button']")) return
    if (window.getSelection()?.toString()) return
    onRowClick?.(row)
  }

  const widthStyle = (column: TableColumn<Row>): CSSProperties | undefined =>
    column.width === undefined
      ? undefined
      : ({
          "--mh-column-width": typeof column.width === "number" ? `${column.width}px` : column.width,
        } as CSSProperties)

  // The stacked layout of body rows and cells is in the design system's CSS (theme.css, under `data-stack`): a long
  // table repeated the same container-query utilities on every row and cell of its HTML.
  const cellClasses = (align: TableAlign = "start") => tableCellVariants({ size, align })

  const stackedLabel = (column: TableColumn<Row>) =>
    stack ? (
      <span aria-hidden="true" data-slot="table-cell-label">
        {column.header}
      </span>
    ) : null

  const bodyRows = (): ReactNode => {
    if (loading) {
      return Array.from({ length: loadingRows }, (_, rowIndex) => (
        <TableRow key={`loading-${rowIndex}`} role={role("row")} data-state="loading">
          {selectable ? (
            <td role={role("cell")} data-slot="table-select" className={cn(cellClasses(), "w-12")}>
              <span
                aria-hidden="true"
                className="block size-4 rounded-sm bg-skeleton motion-safe:animate-pulse"
              />
            </td>
          ) : null}
          {columns.map((column, columnIndex) => (
            <td key={column.key} role={role("cell")} className={cellClasses(column.align)}>
              {columnIndex === rowHeaderIndex ? null : stackedLabel(column)}
              <span
                aria-hidden="true"
                className={cn(
                  "block h-4 rounded-sm bg-skeleton motion-safe:animate-pulse",
                  skeletonWidths[(rowIndex + columnIndex) % skeletonWidths.length],
                  (column.align === "end" || column.align === "numeric") && "ms-auto",
                  column.align === "center" && "mx-auto",
                  stack &&
                    (columnIndex === rowHeaderIndex
                      ? "@max-[40rem]:mx-0 @max-[40rem]:h-5 @max-[40rem]:w-40"
                      : "@max-[40rem]:ms-auto @max-[40rem]:w-24"),
                )}
              />
            </td>
          ))}
        </TableRow>
      ))
    }
    if (rows.length === 0) {
      return (
        <TableRow role={role("row")} data-state="empty" className={cn(stack && "@max-[40rem]:block")}>
          <td
            role={role("cell")}
            colSpan={columnCount}
            className={cn(
              "border-b border-border",
              stack &&
                "@max-[40rem]:block @max-[40rem]:rounded-lg @max-[40rem]:border @max-[40rem]:bg-surface",
            )}
          >
            <EmptyState size={size === "sm" ? "sm" : "md"} {...empty} />
          </td>
        </TableRow>
      )
    }
    return rows.map((row, rowIndex) => {
      const rowId = rowIds[rowIndex] ?? String(rowIndex)
      const isSelected = selectedSet.has(rowId)
      const rowHeaderId = `${id}-row-${rowIndex}`
      return (
        <TableRow
          key={rowId}
          role={role("row")}
          data-state={isSelected ? "selected" : undefined}
          onClick={onRowClick ? handleRowClick(row) : undefined}
          className={cn(
            "transition-colors duration-100 motion-reduce:transition-none",
            onRowClick && "cursor-pointer hover:bg-surface-muted",
            isSelected && "bg-primary-soft hover:bg-primary-soft",
          )}
        >
          {selectable ? (
            <td
              role={role("cell")}
              data-slot="table-select"
              className={cn(tableCellVariants({ size }), "w-12 pe-0")}
            >
              <label className="-m-2 flex cursor-pointer items-center p-2 @max-[40rem]:m-0">
                <Checkbox
                  checked={isSelected}
                  onChange={(event) => toggleRow(rowId, event.target.checked)}
                  aria-labelledby={`${selectRowLabelId} ${rowHeaderId}`}
                />
              </label>
            </td>
          ) : null}
          {columns.map((column, columnIndex) => {
            const content = column.cell ? column.cell(row, rowIndex) : defaultCell(row, column.key)
            if (columnIndex === rowHeaderIndex) {
              return (
                <th
                  key={column.key}
                  data-column={column.key}
                  id={rowHeaderId}
                  scope="row"
                  role={role("rowheader")}
                  className={cn(cellClasses(column.align), "font-medium text-foreground", column.className)}
                >
                  {onRowClick ? (
                    <button
                      type="button"
                      data-slot="table-row-button"
                      onClick={() => onRowClick(row)}
                      className="focus-ring rounded-sm text-start font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {content}
                    </button>
                  ) : (
                    content
                  )}
                </th>
              )
            }
            return (
              <td
                key={column.key}
                role={role("cell")}
                data-column={column.key}
                className={cn(cellClasses(column.align), column.className)}
              >
                {stackedLabel(column)}
                {stack ? <span>{content}</span> : content}
              </td>
            )
          })}
        </TableRow>
      )
    })
  }

  const sortAnnouncement =
    sort && sortedColumn
      ? `${columnName(sortedColumn)}: ${sort.direction === "ascending" ? messages.sortAscending : messages.sortDescending}`
      : ""

  return (
    <div
      data-slot="table"
      data-size={size}
      data-state={loading ? "loading" : rows.length === 0 ? "empty" : undefined}
      data-stack={stack ? "" : undefined}
      className={cn("@container flex w-full min-w-0 flex-col gap-3", className)}
      {...props}
    >
      {selectable ? (
        <div
          data-slot="table-selection"
          className={
            selectedCount > 0
              ? "flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-md border border-info-border bg-info-soft px-4 py-1.5"
              : "sr-only"
          }
        >
          <p role="status" className="text-sm font-medium text-info-text">
            {selectedCount > 0 ? t("selectedCount", { count: format.number(selectedCount) }) : ""}
          </p>
          {selectedCount > 0 && selectionActions ? (
            <div className="flex flex-wrap items-center gap-2">{selectionActions}</div>
          ) : null}
        </div>
      ) : null}
      <span role="status" className="sr-only">
        {loading ? messages.loading : sortAnnouncement}
      </span>
      {selectable ? (
        <span id={selectRowLabelId} hidden>
          {messages.selectRow}
        </span>
      ) : null}

      <Table
        containerRef={containerRef}
        containerProps={{
          role: scrollable ? "region" : undefined,
          "aria-labelledby": scrollable ? captionId : undefined,
          tabIndex: scrollable ? 0 : undefined,
          style: maxHeight === undefined ? undefined : { maxHeight },
          className: cn(
            stack && "@max-[40rem]:rounded-none @max-[40rem]:border-0 @max-[40rem]:bg-transparent",
          ),
        }}
        role={role("table")}
        aria-labelledby={stack ? captionId : undefined}
        aria-busy={loading || undefined}
        className={cn(stack && "@max-[40rem]:block")}
      >
        {captionHidden ? (
          <caption id={captionId} data-slot="table-caption" className="sr-only">
            {caption}
          </caption>
        ) : (
          <TableCaption
            id={captionId}
            className={cn(
              stack && "@max-[40rem]:block @max-[40rem]:border-0 @max-[40rem]:px-0 @max-[40rem]:pt-0",
            )}
          >
            {caption}
          </TableCaption>
        )}
        <TableHeader role={role("rowgroup")} className={cn(stack && "@max-[40rem]:block")}>
          <TableRow
            role={role("row")}
            className={cn(
              stack &&
                "@max-[40rem]:flex @max-[40rem]:flex-wrap @max-[40rem]:items-center @max-[40rem]:gap-2",
              stack && (selectable || columns.some((column) => column.sortable)) && "@max-[40rem]:pb-3",
            )}
          >
            {selectable ? (
              <TableHead
                role={role("columnheader")}
                size={size}
                sticky={stickyHeader}
                className={cn(
                  "w-12 pe-0",
                  stack &&
                    "@max-[40rem]:static @max-[40rem]:block @max-[40rem]:h-auto @max-[40rem]:w-auto @max-[40rem]:border-0 @max-[40rem]:bg-transparent @max-[40rem]:p-0",
                )}
              >
                <label
                  className={cn(
                    "flex items-center gap-2",
                    stack &&
                      "has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 @max-[40rem]:min-h-8 @max-[40rem]:cursor-pointer @max-[40rem]:rounded-full @max-[40rem]:border @max-[40rem]:border-border @max-[40rem]:bg-surface @max-[40rem]:px-3",
                  )}
                >
                  <Checkbox
                    checked={allSelected}
                    indeterminate={someSelected}
                    disabled={loading || rows.length === 0}
                    onChange={toggleAll}
                    aria-label={messages.selectAll}
                  />
                  {stack ? (
                    <span
                      aria-hidden="true"
                      className="hidden text-sm font-medium text-foreground @max-[40rem]:inline"
                    >
                      {messages.selectAll}
                    </span>
                  ) : null}
                </label>
              </TableHead>
            ) : null}
            {columns.map((column) => {
              const sorted = sort?.column === column.key ? sort.direction : undefined
              const align = column.align ?? "start"
              const descriptionId = `${id}-sort-${column.key}`
              const SortStateIcon =
                sorted === "ascending" ? ArrowUpIcon : sorted === "descending" ? ArrowDownIcon : SortIcon
              return (
                <TableHead
                  key={column.key}
                  role={role("columnheader")}
                  data-column={column.key}
                  aria-sort={column.sortable && sorted ? sorted : undefined}
                  style={widthStyle(column)}
                  size={size}
                  align={align}
                  sticky={stickyHeader}
                  className={cn(
                    column.width !== undefined && "w-(--mh-column-width)",
                    stack &&
                      (column.sortable
                        ? "@max-[40rem]:static @max-[40rem]:block @max-[40rem]:h-auto @max-[40rem]:w-auto @max-[40rem]:border-0 @max-[40rem]:bg-transparent @max-[40rem]:p-0"
                        : "@max-[40rem]:sr-only"),
                  )}
                >
                  {column.sortable ? (
                    <>
                      <button
                        type="button"
                        data-slot="table-sort"
                        data-state={sorted}
                        aria-describedby={descriptionId}
                        onClick={() => toggleSort(column)}
                        className={cn(
                          "focus-ring -mx-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1 font-semibold",
                          "hover:bg-surface hover:text-foreground",
                          sorted && "text-foreground",
                          (align === "end" || align === "numeric") && "flex-row-reverse",
                          stack &&
                            "@max-[40rem]:mx-0 @max-[40rem]:min-h-8 @max-[40rem]:flex-row @max-[40rem]:rounded-full @max-[40rem]:border @max-[40rem]:border-border @max-[40rem]:bg-surface @max-[40rem]:px-3 @max-[40rem]:text-sm @max-[40rem]:font-medium",
                          stack && sorted && "@max-[40rem]:border-primary @max-[40rem]:text-primary",
                        )}
                      >
                        {column.header}
                        <SortStateIcon
                          size={14}
                          className={cn(
                            "shrink-0",
                            sorted ? "text-primary" : "text-muted-foreground opacity-70",
                          )}
                        />
                      </button>
                      <span id={descriptionId} hidden>
                        {sorted === "ascending"
                          ? messages.sortAscending
                          : sorted === "descending"
                            ? messages.sortDescending
                            : t("sortBy", { column: columnName(column) })}
                      </span>
                    </>
                  ) : (
                    column.header
                  )}
                </TableHead>
              )
            })}
          </TableRow>
        </TableHeader>
        <TableBody
          role={role("rowgroup")}
          className={cn(stack && "@max-[40rem]:flex @max-[40rem]:flex-col @max-[40rem]:gap-3")}
        >
          {bodyRows()}
        </TableBody>
      </Table>

      {pagination ? <Pagination {...pagination} /> : null}
    </div>
  )
}

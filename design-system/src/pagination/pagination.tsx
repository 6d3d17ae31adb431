import { cva } from "class-variance-authority"
import { useId, type ComponentProps, type MouseEvent } from "react"
import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon } from "../icons"
import { cn } from "../lib/cn"
import { useFormatter, useMessages } from "../provider/provider"
import { getPageList } from "./page-list"

export const paginationItemVariants = /* @__PURE__ */ cva(
  [
    "inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm font-medium tabular-nums",
    "transition-colors duration-150 motion-reduce:transition-none select-none",
    "max-sm:h-8 max-sm:min-w-8 max-sm:px-1.5",
    "focus-ring",
  ],
  {
    variants: {
      current: {
        true: "bg-primary text-primary-foreground",
        false: "text-foreground hover:bg-surface-muted",
      },
    },
    defaultVariants: { current: false },
  },
)

const arrowClasses = cn(
  paginationItemVariants({ current: false }),
  "text-muted-foreground hover:text-foreground",
  "aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent",
)

export type PaginationVariant = "full" | "compact"

export interface PaginationProps extends Omit<ComponentProps<"nav">, "onChange"> {
  /** The current page, counted from 1. */
  page: number
  /** How many pages there are; 0 shows a single, disabled page. */
  pageCount: number
  /** Called with the page the person chose (previous, next or a number). */
  onPageChange: (page: number) => void
  /** `full`: page numbers with ellipses; `compact`: "Page 3 of 12" between the arrows. @default "full" */
  variant?: PaginationVariant
  /** Pages shown either side of the current one in the full variant. @default 1 */
  siblings?: number
  /** Rows on one page; with `pageSizeOptions` and `onPageSizeChange` a "Rows per page" select is shown. */
  pageSize?: number
  /** Choices of the rows-per-page select, e.g. `[25, 50, 100]`. */
  pageSizeOptions?: number[]
  onPageSizeChange?: (pageSize: number) => void
  /** Accessible name of the navigation landmark; defaults to the provider's "Pagination". */
  label?: string
  /** Turns every control off (while the next page loads, say). @default false */
  disabled?: boolean
}

/**
 * Moves through pages of a list. Previous and next stay focusable at either end (they are marked
 * `aria-disabled` instead of `disabled`), so keyboard focus is never lost when the last page is reached.
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  variant = "full",
  siblings = 1,
  pageSize,
  pageSizeOptions,
  onPageSizeChange,
  label,
  disabled = false,
  className,
  ...props
}: PaginationProps) {
  const { messages, t } = useMessages()
  const format = useFormatter()
  const selectId = useId()
  const total = Math.max(1, Math.floor(pageCount) || 0)
  const current = Math.min(Math.max(Math.round(page) || 1, 1), total)
  const hasPrevious = !disabled && current > 1
  const hasNext = !disabled && current < total
  const showPageSize = Boolean(pageSizeOptions?.length && onPageSizeChange)

  const go = (target: number) => (event: MouseEvent<HTMLButtonElement>) => {
    if (event.currentTarget.getAttribute("aria-disabled") === "true") return
    if (target !== current) onPageChange(target)
  }

  return (
    <nav
      data-slot="pagination"
      data-variant={variant}
      aria-label={label ?? messages.pagination}
      className={cn(
        "flex flex-wrap items-center gap-x-6 gap-y-3 text-sm",
        showPageSize ? "justify-between" : "justify-center",
        className,
      )}
      {...props}
    >
      {showPageSize ? (
        <div data-slot="pagination-page-size" className="flex items-center gap-2">
          <label htmlFor={selectId} className="whitespace-nowrap text-muted-foreground">
            {messages.rowsPerPage}
          </label>
          <div className="relative">
            <select
              id={selectId}
              value={pageSize}
              disabled={disabled}
              onChange={(event) => onPageSizeChange?.(Number(event.target.value))}
              className={cn(
                "h-9 appearance-none rounded-md border border-border-strong bg-surface ps-3 pe-8 text-sm text-foreground shadow-sm tabular-nums",
                "focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring",
                "disabled:cursor-not-allowed disabled:opacity-60",
              )}
            >
              {pageSizeOptions?.map((option) => (
                <option key={option} value={option}>
                  {format.number(option)}
                </option>
              ))}
            </select>
            <ChevronDownIcon
              size={16}
              className="pointer-events-none absolute end-2.5 top-1/2 -translate-y-1/2 text-muted-foreground"
            />
          </div>
        </div>
      ) : null}

      <ul className="flex items-center gap-1">
        <li>
          <button
            type="button"
            data-slot="pagination-previous"
            aria-label={messages.previousPage}
            aria-disabled={hasPrevious ? undefined : true}
            onClick={go(current - 1)}
            className={arrowClasses}
          >
            <ChevronLeftIcon size={18} className="rtl:rotate-180" />
          </button>
        </li>

        {variant === "compact" ? (
          <li
            data-slot="pagination-status"
            aria-live="polite"
            aria-atomic="true"
            className="whitespace-nowrap px-2 font-medium tabular-nums"
          >
            {t("pageOf", { page: format.number(current), total: format.number(total) })}
          </li>
        ) : (
          getPageList(current, total, siblings).map((item) =>
            typeof item === "number" ? (
              <li key={item}>
                <button
                  type="button"
                  data-slot="pagination-page"
                  aria-label={t("page", { page: format.number(item) })}
                  aria-current={item === current ? "page" : undefined}
                  aria-disabled={disabled ? true : undefined}
                  onClick={go(item)}
                  className={cn(
                    paginationItemVariants({ current: item === current }),
                    "aria-disabled:cursor-not-allowed aria-disabled:opacity-40",
                  )}
                >
                  {format.number(item)}
                </button>
              </li>
            ) : (
              <li
                key={item}
                aria-hidden="true"
                className="inline-flex h-9 min-w-6 items-center justify-center text-muted-foreground select-none max-sm:h-8 max-sm:min-w-5"
              >
                …
              </li>
            ),
          )
        )}

        <li>
          <button
            type="button"
            data-slot="pagination-next"
            aria-label={messages.nextPage}
            aria-disabled={hasNext ? undefined : true}
            onClick={go(current + 1)}
            className={arrowClasses}
          >
            <ChevronRightIcon size={18} className="rtl:rotate-180" />
          </button>
        </li>
      </ul>
    </nav>
  )
}

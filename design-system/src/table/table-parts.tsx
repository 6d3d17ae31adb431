import { cva, type VariantProps } from "class-variance-authority"
import type { ComponentProps, Ref } from "react"
import { cn } from "../lib/cn"

/*
 * Table primitives (as shadcn/ui's): plain table elements with the design system's look, for tables that are not
 * data tables — a price list, a comparison, a key table in a document. `DataTable` is built on them and adds
 * sorting, selection, loading and empty states, pagination and the stacked layout for narrow screens.
 *
 *   <Table>
 *     <TableCaption>Prices per 1,000</TableCaption>
 *     <TableHeader><TableRow><TableHead>Type</TableHead><TableHead align="numeric">Price</TableHead></TableRow></TableHeader>
 *     <TableBody><TableRow><TableHead scope="row">Image</TableHead><TableCell align="numeric">$0.50</TableCell></TableRow></TableBody>
 *   </Table>
 */

export const tableCellVariants = /* @__PURE__ */ cva("border-b border-border align-middle", {
  variants: {
    size: { sm: "px-3 py-2", md: "px-4 py-3" },
    align: {
      start: "text-start",
      center: "text-center",
      end: "text-end",
      numeric: "text-end tabular-nums",
    },
  },
  defaultVariants: { size: "md", align: "start" },
})

export const tableHeadVariants = /* @__PURE__ */ cva(
  "whitespace-nowrap border-b border-border bg-surface-muted text-xs font-semibold text-muted-foreground",
  {
    variants: {
      size: { sm: "h-9 px-3", md: "h-11 px-4" },
      align: { start: "text-start", center: "text-center", end: "text-end", numeric: "text-end" },
      sticky: { true: "sticky top-0 z-sticky", false: "" },
    },
    defaultVariants: { size: "md", align: "start", sticky: false },
  },
)

/** How a column's content lines up. `numeric`: at the end, with tabular figures so digits align. */
export type TableAlign = NonNullable<VariantProps<typeof tableCellVariants>["align"]>
export type TableSize = NonNullable<VariantProps<typeof tableCellVariants>["size"]>

export interface TableProps extends ComponentProps<"table"> {
  /** The frame around the table: it scrolls when the table is wider (or, with a max height, taller). */
  containerProps?: ComponentProps<"div">
  containerRef?: Ref<HTMLDivElement>
}

/** The framed, scrolling table. */
export function Table({ className, containerProps, containerRef, ...props }: TableProps) {
  return (
    <div
      ref={containerRef}
      data-slot="table-container"
      {...containerProps}
      className={cn(
        "focus-ring relative overflow-auto rounded-lg border border-border bg-surface",
        containerProps?.className,
      )}
    >
      <table
        data-slot="table-element"
        className={cn("w-full border-separate border-spacing-0 text-sm text-foreground", className)}
        {...props}
      />
    </div>
  )
}

export function TableCaption({ className, ...props }: ComponentProps<"caption">) {
  return (
    <caption
      data-slot="table-caption"
      className={cn(
        "caption-top border-b border-border px-4 py-3 text-start text-base font-semibold",
        className,
      )}
      {...props}
    />
  )
}

export function TableHeader(props: ComponentProps<"thead">) {
  return <thead data-slot="table-header" {...props} />
}

export function TableBody({ className, ...props }: ComponentProps<"tbody">) {
  return (
    <tbody data-slot="table-body" className={cn("[&>tr:last-child>*]:border-b-0", className)} {...props} />
  )
}

export function TableRow(props: ComponentProps<"tr">) {
  return <tr data-slot="table-row" {...props} />
}

export interface TableHeadProps extends Omit<ComponentProps<"th">, "align"> {
  size?: TableSize
  align?: TableAlign
  /** Keeps the header cell in view while its table's frame scrolls. @default false */
  sticky?: boolean
}

/**
 * A header cell: a column's title (`scope="col"`, the default) or, with `scope="row"`, the cell that names its row.
 * A row header takes the body cells' look.
 */
export function TableHead({
  size,
  align,
  sticky = false,
  scope = "col",
  className,
  ...props
}: TableHeadProps) {
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cn(
        scope === "row"
          ? cn(tableCellVariants({ size, align }), "font-medium text-foreground")
          : tableHeadVariants({ size, align, sticky }),
        className,
      )}
      {...props}
    />
  )
}

export interface TableCellProps extends Omit<ComponentProps<"td">, "align"> {
  size?: TableSize
  align?: TableAlign
}

export function TableCell({ size, align, className, ...props }: TableCellProps) {
  return (
    <td data-slot="table-cell" className={cn(tableCellVariants({ size, align }), className)} {...props} />
  )
}

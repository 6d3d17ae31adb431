import { cva } from "class-variance-authority"
import { createContext, useContext, type ComponentProps, type ReactNode } from "react"
import { cn } from "../lib/cn"

export type KeyValueLayout = "horizontal" | "stacked"

export const keyValueListVariants = /* @__PURE__ */ cva("text-sm", {
  variants: {
    layout: {
      // One column of labels (at most 40 % of the width) beside one of values; every row shares them.
      horizontal: "grid grid-cols-[fit-content(40%)_minmax(0,1fr)] gap-x-6",
      // Label above value, as many columns as fit.
      stacked: "grid grid-cols-[repeat(auto-fit,minmax(min(8.5rem,100%),1fr))] gap-x-6 gap-y-5",
    },
    divided: { true: "", false: "" },
  },
  compoundVariants: [{ layout: "horizontal", divided: false, className: "gap-y-3" }],
  defaultVariants: { layout: "horizontal", divided: false },
})

const KeyValueContext = createContext<{ layout: KeyValueLayout; divided: boolean }>({
  layout: "horizontal",
  divided: false,
})

export interface KeyValueListProps extends ComponentProps<"dl"> {
  /** `horizontal`: labels beside values; `stacked`: labels above values, in columns. @default "horizontal" */
  layout?: KeyValueLayout
  /** Rules between the rows of the horizontal layout. @default false */
  divided?: boolean
}

/** A description list of facts about one thing: a task's id, type, status, cost and answer. */
export function KeyValueList({
  layout = "horizontal",
  divided = false,
  className,
  ...props
}: KeyValueListProps) {
  return (
    <KeyValueContext.Provider value={{ layout, divided }}>
      <dl
        data-slot="key-value-list"
        data-layout={layout}
        className={cn(keyValueListVariants({ layout, divided }), className)}
        {...props}
      />
    </KeyValueContext.Provider>
  )
}

export interface KeyValueItemProps extends Omit<ComponentProps<"div">, "children"> {
  /** The name of the fact: "Task ID". */
  label: ReactNode
  /** The value; format numbers, money and dates with `useFormatter()` first. */
  children: ReactNode
  /** Monospace value, for ids, keys and captcha answers. @default false */
  mono?: boolean
  /** Tabular figures, so amounts in consecutive rows line up. @default false */
  numeric?: boolean
}

export function KeyValueItem({
  label,
  children,
  mono = false,
  numeric = false,
  className,
  ...props
}: KeyValueItemProps) {
  const { layout, divided } = useContext(KeyValueContext)
  return (
    <div
      data-slot="key-value-item"
      className={cn(
        layout === "horizontal"
          ? "col-span-2 grid grid-cols-subgrid items-baseline"
          : "flex min-w-0 flex-col gap-1",
        layout === "horizontal" &&
          divided &&
          "border-b border-border py-3 first:pt-0 last:border-b-0 last:pb-0",
        className,
      )}
      {...props}
    >
      <dt data-slot="key-value-label" className="text-muted-foreground">
        {label}
      </dt>
      <dd
        data-slot="key-value-value"
        className={cn(
          "min-w-0 break-words font-medium text-foreground",
          mono && "font-mono text-[0.8125rem] font-normal",
          numeric && "tabular-nums",
        )}
      >
        {children}
      </dd>
    </div>
  )
}

import { cva } from "class-variance-authority"
import { useId, type ComponentProps, type ReactNode } from "react"
import { ArrowDownIcon, ArrowUpIcon, MinusIcon } from "../icons"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"

export const statVariants = /* @__PURE__ */ cva("relative flex min-w-0 flex-col gap-1 text-foreground", {
  variants: {
    variant: {
      card: "rounded-lg border border-border bg-surface p-5",
      plain: "",
    },
  },
  defaultVariants: { variant: "card" },
})

export const statChangeVariants = /* @__PURE__ */ cva(
  "inline-flex items-center gap-0.5 whitespace-nowrap rounded-full px-1.5 py-0.5 text-xs font-semibold tabular-nums",
  {
    variants: {
      intent: {
        positive: "bg-success-soft text-success-text",
        negative: "bg-danger-soft text-danger-text",
        neutral: "bg-surface-muted text-muted-foreground",
      },
    },
    defaultVariants: { intent: "neutral" },
  },
)

export type StatDirection = "up" | "down" | "neutral"
export type StatIntent = "positive" | "negative" | "neutral"
export type StatVariant = "card" | "plain"

const defaultIntent: Record<StatDirection, StatIntent> = {
  up: "positive",
  down: "negative",
  neutral: "neutral",
}
const directionIcon = { up: ArrowUpIcon, down: ArrowDownIcon, neutral: MinusIcon }

export interface StatProps extends ComponentProps<"div"> {
  /** What is measured: "Captchas solved today". */
  label: ReactNode
  /** The figure, already formatted by the caller with `useFormatter()`: "48,213", "$1,204.50". */
  value: ReactNode
  /** The visible change, formatted: "+12%", "−0.8 s". */
  change?: ReactNode
  /** Which way the figure moved; draws the arrow. @default "neutral" */
  direction?: StatDirection
  /**
   * Whether the move is good or bad; sets the colour. Defaults from `direction` (up is good); say
   * `intent="positive"` with `direction="down"` for figures where less is better (solve time, error rate).
   */
  intent?: StatIntent
  /** Read by screen readers instead of the arrow and `change`: "Up 12% compared with last week". */
  changeLabel?: string
  /** Muted text after the change: "vs last week". */
  period?: ReactNode
  /** A small chart (decorative; the figures above carry the meaning), drawn at the bottom. */
  sparkline?: ReactNode
  /** A decorative icon in the top corner. */
  icon?: ReactNode
  /** Shows placeholders instead of the value and change while the figure loads. @default false */
  loading?: boolean
  /** @default "card" */
  variant?: StatVariant
}

/** A KPI tile: what is measured, the figure, and how it moved. */
export function Stat({
  label,
  value,
  change,
  direction = "neutral",
  intent,
  changeLabel,
  period,
  sparkline,
  icon,
  loading = false,
  variant = "card",
  className,
  ...props
}: StatProps) {
  const { messages } = useMessages()
  const labelId = useId()
  const resolvedIntent = intent ?? defaultIntent[direction]
  const Arrow = directionIcon[direction]
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-busy={loading || undefined}
      data-slot="stat"
      data-variant={variant}
      data-state={loading ? "loading" : undefined}
      className={cn(statVariants({ variant }), className)}
      {...props}
    >
      <div className="flex items-start justify-between gap-3">
        <p id={labelId} data-slot="stat-label" className="text-sm font-medium text-muted-foreground">
          {label}
        </p>
        {icon ? (
          <span aria-hidden="true" className="shrink-0 text-muted-foreground">
            {icon}
          </span>
        ) : null}
      </div>
      {loading ? (
        <>
          <span className="sr-only">{messages.loading}</span>
          <span
            aria-hidden="true"
            className="mt-1 block h-8 w-32 rounded-sm bg-skeleton motion-safe:animate-pulse"
          />
          {change !== undefined || period !== undefined ? (
            <span
              aria-hidden="true"
              className="mt-1 block h-5 w-40 rounded-sm bg-skeleton motion-safe:animate-pulse"
            />
          ) : null}
        </>
      ) : (
        <>
          <p data-slot="stat-value" className="text-3xl font-semibold tracking-tight tabular-nums">
            {value}
          </p>
          {change !== undefined || period !== undefined ? (
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
              {change !== undefined ? (
                <span
                  data-slot="stat-change"
                  data-direction={direction}
                  data-intent={resolvedIntent}
                  className={statChangeVariants({ intent: resolvedIntent })}
                >
                  <Arrow size={12} strokeWidth={2.5} />
                  {changeLabel ? (
                    <>
                      <span aria-hidden="true">{change}</span>
                      <span className="sr-only">{changeLabel}</span>
                    </>
                  ) : (
                    change
                  )}
                </span>
              ) : null}
              {period !== undefined ? (
                <span
                  data-slot="stat-period"
                  aria-hidden={changeLabel ? true : undefined}
                  className="text-muted-foreground"
                >
                  {period}
                </span>
              ) : null}
            </p>
          ) : null}
        </>
      )}
      {sparkline ? (
        <div data-slot="stat-sparkline" aria-hidden="true" className="mt-3 h-10 w-full text-chart-1">
          {sparkline}
        </div>
      ) : null}
    </div>
  )
}

export interface StatGroupProps extends ComponentProps<"div"> {
  /** Tiles per row on wide screens; fewer on narrow ones. @default 4 */
  columns?: 2 | 3 | 4
}

const groupColumns = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
}

/** Lays Stat tiles out in a responsive grid. */
export function StatGroup({ columns = 4, className, ...props }: StatGroupProps) {
  return (
    <div
      data-slot="stat-group"
      className={cn("grid grid-cols-1 gap-4", groupColumns[columns], className)}
      {...props}
    />
  )
}

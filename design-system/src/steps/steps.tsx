import { cva } from "class-variance-authority"
import type { ComponentProps, ReactNode } from "react"
import { CheckIcon } from "../icons"
import { cn } from "../lib/cn"
import { useFormatter, useMessages } from "../provider/provider"

export type StepState = "complete" | "current" | "upcoming"

export interface StepItem {
  title: ReactNode
  description?: ReactNode
  /** Overrides the state worked out from `current` (a step completed out of order, say). */
  state?: StepState
}

/** The state of the step at `index` when the step at `current` is the one in progress. */
export function stepState(index: number, current: number): StepState {
  if (index < current) return "complete"
  if (index === current) return "current"
  return "upcoming"
}

export const stepMarkerVariants = /* @__PURE__ */ cva(
  "relative z-[1] flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold tabular-nums",
  {
    variants: {
      state: {
        complete: "border-primary bg-primary text-primary-foreground",
        current: "border-primary bg-surface text-primary",
        upcoming: "border-border-strong bg-surface text-muted-foreground",
      },
    },
    defaultVariants: { state: "upcoming" },
  },
)

export interface StepsProps extends Omit<ComponentProps<"ol">, "children"> {
  steps: StepItem[]
  /** Index (from 0) of the step in progress; earlier steps are complete. Past the end: all complete. */
  current: number
  /** `horizontal` for wide wizards (it stacks on small screens), `vertical` for a side rail. @default "horizontal" */
  orientation?: "horizontal" | "vertical"
  /**
   * Said after a complete step's title to screen readers; the check mark shows it on screen. "" leaves it out.
   * @default the provider's "completed"
   */
  completeLabel?: string
  className?: string
}

/** The steps of a wizard (registration, first payment, connecting the API) and how far the user is. */
export function Steps({
  steps,
  current,
  orientation = "horizontal",
  completeLabel,
  className,
  ...props
}: StepsProps) {
  const { messages, t } = useMessages()
  const format = useFormatter()
  const doneLabel = completeLabel ?? messages.stepComplete
  const total = steps.length
  const horizontal = orientation === "horizontal"
  return (
    <ol
      data-slot="steps"
      data-orientation={orientation}
      className={cn("flex", horizontal ? "flex-col gap-4 md:flex-row md:gap-0" : "flex-col", className)}
      {...props}
    >
      {steps.map((step, index) => {
        const state = step.state ?? stepState(index, current)
        const isLast = index === total - 1
        const nextState = isLast ? undefined : (steps[index + 1]?.state ?? stepState(index + 1, current))
        const lineDone = state === "complete" && nextState !== undefined && nextState !== "upcoming"
        return (
          <li
            key={index}
            data-slot="step"
            data-state={state}
            aria-current={state === "current" ? "step" : undefined}
            className={cn(
              "relative flex gap-3",
              horizontal && "md:flex-1 md:flex-col md:gap-3",
              !horizontal && !isLast && "pb-8",
            )}
          >
            {isLast ? null : (
              <span
                aria-hidden="true"
                data-slot="step-connector"
                className={cn(
                  "absolute",
                  lineDone ? "bg-primary" : "bg-border",
                  // Vertical: from under this marker to the next one. Horizontal: the same below md,
                  // then from this marker to the next across the row.
                  "left-[0.9375rem] top-9 w-0.5",
                  horizontal
                    ? "-bottom-3 md:left-11 md:right-3 md:top-[0.9375rem] md:h-0.5 md:w-auto"
                    : "bottom-1",
                )}
              />
            )}
            <span className={stepMarkerVariants({ state })}>
              {state === "complete" ? (
                <CheckIcon size={16} strokeWidth={3} />
              ) : (
                <span aria-hidden="true">{format.number(index + 1)}</span>
              )}
            </span>
            <span className={cn("flex min-w-0 flex-col gap-0.5 pt-1", horizontal && "md:pr-4 md:pt-0")}>
              <span className="sr-only">{t("stepOf", { current: index + 1, total })}: </span>
              <span
                className={cn(
                  "text-sm font-semibold",
                  state === "upcoming" ? "text-muted-foreground" : "text-foreground",
                )}
              >
                {step.title}
              </span>
              {state === "complete" && doneLabel ? <span className="sr-only">({doneLabel})</span> : null}
              {step.description != null ? (
                <span className="text-sm text-muted-foreground">{step.description}</span>
              ) : null}
            </span>
          </li>
        )
      })}
    </ol>
  )
}

import { cva } from "class-variance-authority"
import { useId, type ComponentProps, type ReactNode } from "react"
import { CheckIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { useFormatter, useMessages } from "../provider/provider"
import { progressFraction } from "./fraction"

export type ProgressTone = "primary" | "success" | "warning" | "danger"
export type ProgressSize = "sm" | "md" | "lg"

const fillTones: Record<ProgressTone, string> = {
  primary: "bg-primary",
  success: "bg-success",
  warning: "bg-warning",
  danger: "bg-danger",
}
const strokeTones: Record<ProgressTone, string> = {
  primary: "text-primary",
  success: "text-success",
  warning: "text-warning",
  danger: "text-danger",
}

/**
 * The sliding segment of an indeterminate bar. theme.css has no keyframes for it, so the component ships
 * them; React 19 hoists this <style> into <head> once, however many bars are on the page.
 */
const indeterminateKeyframes =
  "@keyframes mh-progress-indeterminate{from{inset-inline-start:-40%}to{inset-inline-start:100%}}"

export const progressBarVariants = /* @__PURE__ */ cva(
  "relative w-full overflow-hidden rounded-full bg-border",
  {
    variants: { size: { sm: "h-1.5", md: "h-2.5", lg: "h-4" } },
    defaultVariants: { size: "md" },
  },
)

export interface ProgressBarProps extends Omit<ComponentProps<"div">, "children"> {
  /** Done so far, from 0 to `max`. Leave undefined (or null) while the amount is unknown: the bar slides. */
  value?: number | null
  /** @default 100 */
  max?: number
  /** What is progressing ("Batch upload", "Payout to your card"); names the progress bar. */
  label: ReactNode
  /** Keeps the label for screen readers only. @default false */
  hideLabel?: boolean
  /** The value in words, shown and announced ("3,200 of 5,000 captchas"). @default the percentage */
  valueText?: string
  /** Shows the value text at the end of the label row. @default true */
  showValue?: boolean
  /** @default "primary" */
  tone?: ProgressTone
  /** Thickness of the bar. @default "md" */
  size?: ProgressSize
}

/** A horizontal bar showing how much of a task is done. */
export function ProgressBar({
  value,
  max = 100,
  label,
  hideLabel = false,
  valueText,
  showValue = true,
  tone = "primary",
  size = "md",
  className,
  ...props
}: ProgressBarProps) {
  const format = useFormatter()
  const labelId = useId()
  const indeterminate = value === undefined || value === null
  const fraction = indeterminate ? 0 : progressFraction(value, max)
  const text = indeterminate ? valueText : (valueText ?? format.percent(fraction, 0))
  return (
    <div
      data-slot="progress"
      data-state={indeterminate ? "indeterminate" : fraction === 1 ? "complete" : "loading"}
      data-size={size}
      data-tone={tone}
      className={cn("flex w-full flex-col gap-1.5", className)}
      {...props}
    >
      <div
        className={cn(
          "flex items-baseline justify-between gap-3 text-sm",
          hideLabel && !(showValue && text) && "sr-only",
        )}
      >
        <span id={labelId} className={cn("font-medium", hideLabel && "sr-only")}>
          {label}
        </span>
        {showValue && text ? (
          // Announced through aria-valuetext; shown here for sighted users only.
          <span aria-hidden="true" className="ms-auto text-muted-foreground tabular-nums">
            {text}
          </span>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={indeterminate ? undefined : max}
        aria-valuenow={indeterminate ? undefined : Math.min(max, Math.max(0, value))}
        aria-valuetext={text}
        className={progressBarVariants({ size })}
      >
        {indeterminate ? (
          <>
            <style href="mh-progress-indeterminate" precedence="default">
              {indeterminateKeyframes}
            </style>
            <div
              data-slot="progress-indicator"
              className={cn(
                "absolute inset-y-0 start-[30%] w-2/5 rounded-full",
                "motion-safe:animate-[mh-progress-indeterminate_1.4s_ease-in-out_infinite]",
                "motion-reduce:start-0 motion-reduce:w-full motion-reduce:opacity-40",
                fillTones[tone],
              )}
            />
          </>
        ) : (
          <div
            data-slot="progress-indicator"
            className={cn(
              "h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none",
              fillTones[tone],
            )}
            style={{ width: `${fraction * 100}%` }}
          />
        )}
      </div>
    </div>
  )
}

const ringSizes: Record<ProgressSize, { box: string; stroke: number; text: string }> = {
  sm: { box: "size-10", stroke: 5, text: "text-[0.625rem]" },
  md: { box: "size-16", stroke: 4.5, text: "text-sm" },
  lg: { box: "size-24", stroke: 4, text: "text-lg" },
}

export interface ProgressRingProps extends Omit<ComponentProps<"div">, "children"> {
  /** Done so far, from 0 to `max`. Leave undefined (or null) while the amount is unknown: the arc spins. */
  value?: number | null
  /** @default 100 */
  max?: number
  /** What is progressing; the ring's accessible name ("Daily solving goal"). */
  label: string
  /** The value in words, announced ("42 of 60 tasks"). @default the percentage */
  valueText?: string
  /** Shows the percentage (or `children`) in the middle. @default true */
  showValue?: boolean
  /** Content for the middle instead of the percentage; decorative, the value text is what is announced. */
  children?: ReactNode
  /** @default "primary" */
  tone?: ProgressTone
  /** @default "md" */
  size?: ProgressSize
}

/** A circular progress indicator with its value in the middle: goals, quotas, a batch in a card. */
export function ProgressRing({
  value,
  max = 100,
  label,
  valueText,
  showValue = true,
  children,
  tone = "primary",
  size = "md",
  className,
  ...props
}: ProgressRingProps) {
  const format = useFormatter()
  const indeterminate = value === undefined || value === null
  const fraction = indeterminate ? 0 : progressFraction(value, max)
  const percent = format.percent(fraction, 0)
  const { box, stroke, text } = ringSizes[size]
  const radius = 24 - stroke / 2
  const middle = children ?? (indeterminate ? null : percent)
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={indeterminate ? undefined : max}
      aria-valuenow={indeterminate ? undefined : Math.min(max, Math.max(0, value))}
      aria-valuetext={indeterminate ? valueText : (valueText ?? percent)}
      data-slot="progress-ring"
      data-state={indeterminate ? "indeterminate" : fraction === 1 ? "complete" : "loading"}
      data-size={size}
      data-tone={tone}
      className={cn("relative inline-flex shrink-0 items-center justify-center", box, className)}
      {...props}
    >
      <svg
        viewBox="0 0 48 48"
        aria-hidden="true"
        className={cn(
          "absolute inset-0 size-full -rotate-90",
          indeterminate && "motion-safe:animate-spin",
          strokeTones[tone],
        )}
      >
        <circle cx="24" cy="24" r={radius} fill="none" strokeWidth={stroke} className="stroke-border" />
        <circle
          data-slot="progress-indicator"
          cx="24"
          cy="24"
          r={radius}
          fill="none"
          stroke="currentColor"
          strokeWidth={stroke}
          strokeLinecap="round"
          pathLength={100}
          strokeDasharray="100 100"
          strokeDashoffset={indeterminate ? 75 : 100 - fraction * 100}
          // A zero value draws no dot from the round cap.
          opacity={!indeterminate && fraction === 0 ? 0 : 1}
          className="transition-[stroke-dashoffset] duration-300 motion-reduce:transition-none"
        />
      </svg>
      {showValue && middle !== null ? (
        <span aria-hidden="true" className={cn("relative font-semibold tabular-nums", text)}>
          {middle}
        </span>
      ) : null}
    </div>
  )
}

export type ProgressStepsOrientation = "horizontal" | "vertical"

export interface ProgressStepsProps extends Omit<ComponentProps<"div">, "children"> {
  /** The steps' names in order, or just how many there are for a compact segmented bar. */
  steps: ReactNode[] | number
  /** Index (from 0) of the step in progress; earlier steps are complete. Pass the step count when all are done. */
  current: number
  /** Names the list of steps ("Worker sign-up"). */
  label?: string
  /**
   * Read after each finished step by screen readers; the check mark shows it on screen. "" leaves it out.
   * @default the provider's "completed"
   */
  completedLabel?: string
  /** Row of steps, or a column (narrow screens, side panels). Ignored by the compact form. @default "horizontal" */
  orientation?: ProgressStepsOrientation
}

/** Where the user is in a multi-step flow; screen readers hear the provider's "Step 2 of 4". */
export function ProgressSteps({
  steps,
  current,
  label,
  completedLabel,
  orientation = "horizontal",
  className,
  ...props
}: ProgressStepsProps) {
  const { messages, t } = useMessages()
  const doneLabel = completedLabel ?? messages.stepComplete
  const total = typeof steps === "number" ? steps : steps.length
  const active = Math.min(Math.max(0, Math.floor(current)), total)
  const stepOf = t("stepOf", { current: Math.min(active + 1, total), total })

  if (typeof steps === "number") {
    return (
      <div
        data-slot="progress-steps"
        data-variant="compact"
        data-state={active >= total ? "complete" : "loading"}
        role={label ? "group" : undefined}
        aria-label={label}
        className={cn("flex w-full flex-col gap-2", className)}
        {...props}
      >
        <p className="text-sm font-medium text-muted-foreground">{stepOf}</p>
        <div aria-hidden="true" className="flex gap-1.5">
          {Array.from({ length: total }, (_, index) => (
            <span
              key={index}
              data-state={index < active ? "complete" : index === active ? "current" : "upcoming"}
              className={cn("h-1.5 flex-1 rounded-full", index <= active ? "bg-primary" : "bg-border")}
            />
          ))}
        </div>
      </div>
    )
  }

  const vertical = orientation === "vertical"
  return (
    <div
      data-slot="progress-steps"
      data-variant="list"
      data-orientation={orientation}
      data-state={active >= total ? "complete" : "loading"}
      className={cn("w-full", className)}
      {...props}
    >
      {/* The padding leaves room for the current step's halo. */}
      <ol aria-label={label} className={cn("flex p-1", vertical ? "flex-col" : "items-start")}>
        {steps.map((step, index) => {
          const state = index < active ? "complete" : index === active ? "current" : "upcoming"
          return (
            <li
              key={index}
              data-state={state}
              aria-current={state === "current" ? "step" : undefined}
              className={cn(
                "relative flex",
                vertical
                  ? "gap-3 pb-8 last:pb-0"
                  : "min-w-0 flex-1 flex-col items-center gap-2 px-1 text-center",
              )}
            >
              {vertical && index < total - 1 ? (
                // The line down to the next step; coloured once that step is reached.
                <span
                  aria-hidden="true"
                  className={cn(
                    "absolute start-[15px] top-9 bottom-1 w-0.5 rounded-full",
                    index < active ? "bg-primary" : "bg-border",
                  )}
                />
              ) : null}
              {!vertical && index > 0 ? (
                // The line from the previous step's circle to this one, leaving a gap around both circles.
                <span
                  aria-hidden="true"
                  className={cn(
                    "absolute start-[calc(-50%+22px)] top-[15px] h-0.5 w-[calc(100%-44px)] rounded-full",
                    index <= active ? "bg-primary" : "bg-border",
                  )}
                />
              ) : null}
              <span
                aria-hidden="true"
                className={cn(
                  "relative flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold",
                  state === "complete" && "border-primary bg-primary text-primary-foreground",
                  state === "current" && "border-primary bg-surface text-primary ring-4 ring-primary-soft",
                  state === "upcoming" && "border-border-strong bg-surface text-muted-foreground",
                )}
              >
                {state === "complete" ? <CheckIcon /> : index + 1}
              </span>
              <span
                className={cn(
                  "text-sm",
                  vertical && "pt-1.5",
                  state === "current" ? "font-semibold text-foreground" : "",
                  state === "complete" ? "text-foreground" : "",
                  state === "upcoming" ? "text-muted-foreground" : "",
                )}
              >
                {state === "current" ? <span className="sr-only">{stepOf}: </span> : null}
                {step}
                {state === "complete" && doneLabel ? <span className="sr-only">, {doneLabel}</span> : null}
              </span>
            </li>
          )
        })}
      </ol>
    </div>
  )
}

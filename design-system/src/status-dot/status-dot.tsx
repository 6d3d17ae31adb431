import { cva } from "class-variance-authority"
import type { ComponentProps } from "react"
import { cn } from "../lib/cn"

/**
 * online: available (green) · busy: solving a task right now (blue) · away: idle for a while (amber) ·
 * offline: not connected (hollow grey ring) · error: needs attention (red).
 */
export type StatusDotStatus = "online" | "busy" | "away" | "offline" | "error"
export type StatusDotSize = "sm" | "md" | "lg"

export const statusDotStatuses: StatusDotStatus[] = ["online", "busy", "away", "offline", "error"]

export const statusDotVariants = /* @__PURE__ */ cva("relative inline-flex shrink-0 rounded-full", {
  variants: {
    status: {
      online: "bg-success",
      busy: "bg-primary",
      away: "bg-warning",
      // Hollow, so "offline" does not depend on colour alone.
      offline: "border-2 border-muted-foreground bg-transparent",
      error: "bg-danger",
    },
    size: { sm: "size-2", md: "size-2.5", lg: "size-3" },
  },
  defaultVariants: { status: "online", size: "md" },
})

export interface StatusDotProps extends Omit<ComponentProps<"span">, "children"> {
  /** Which state the dot shows. @default "online" */
  status?: StatusDotStatus
  /** The state in words ("Online", "Solving a task"); always read by screen readers. */
  label: string
  /** Keeps the label for screen readers only (in an avatar corner, a dense table). @default false */
  hideLabel?: boolean
  /** A ring that ripples out of the dot, for live states; only for users who allow motion. @default false */
  pulse?: boolean
  /** Size of the dot. @default "md" */
  size?: StatusDotSize
}

/** A coloured dot and the state it stands for. */
export function StatusDot({
  status = "online",
  label,
  hideLabel = false,
  pulse = false,
  size = "md",
  className,
  ...props
}: StatusDotProps) {
  return (
    <span
      data-slot="status-dot"
      data-status={status}
      data-size={size}
      className={cn("inline-flex items-center gap-2 text-sm", className)}
      {...props}
    >
      <span
        aria-hidden="true"
        data-slot="status-dot-indicator"
        className={statusDotVariants({ status, size })}
      >
        {pulse && status !== "offline" ? (
          <span
            data-slot="status-dot-pulse"
            className="absolute inset-0 rounded-full bg-inherit opacity-0 motion-safe:animate-ping motion-safe:opacity-75"
          />
        ) : null}
      </span>
      <span className={hideLabel ? "sr-only" : undefined}>{label}</span>
    </span>
  )
}

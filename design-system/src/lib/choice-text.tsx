import type { ReactNode } from "react"
import { cn } from "./cn"

/** The label and optional description beside a checkbox, switch or radio button. */
export function ChoiceText({
  controlId,
  label,
  description,
  descriptionId,
  disabled,
  size,
  className,
}: {
  controlId: string | undefined
  label?: ReactNode
  description?: ReactNode
  descriptionId?: string
  disabled?: boolean
  size: "md" | "lg"
  className?: string
}) {
  return (
    <div className={cn("flex min-w-0 flex-col gap-0.5", className)}>
      {label != null ? (
        <label
          htmlFor={controlId}
          className={cn(
            "cursor-pointer select-none font-medium text-foreground",
            disabled && "cursor-not-allowed opacity-60",
          )}
        >
          {label}
        </label>
      ) : null}
      {description != null ? (
        <p
          id={descriptionId}
          // Not dimmed when disabled: muted text has no contrast to spare.
          className={cn("text-muted-foreground", size === "lg" ? "text-sm" : "text-xs/5")}
        >
          {description}
        </p>
      ) : null}
    </div>
  )
}

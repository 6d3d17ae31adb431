import { cva } from "class-variance-authority"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"

export const spinnerVariants = /* @__PURE__ */ cva(
  "inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent",
  {
    variants: {
      size: { sm: "size-4 border-2", md: "size-6 border-[2.5px]", lg: "size-10 border-[3px]" },
    },
    defaultVariants: { size: "md" },
  },
)

export interface SpinnerProps {
  /** @default "md" */
  size?: "sm" | "md" | "lg"
  /** Announced to screen readers; defaults to the provider's "Loading…". Pass "" inside a labelled busy control. */
  label?: string
  className?: string
}

/** A turning ring in the current text colour. */
export function Spinner({ size = "md", label, className }: SpinnerProps) {
  const { messages } = useMessages()
  const text = label ?? messages.loading
  return (
    <span
      data-slot="spinner"
      data-size={size}
      role={text ? "status" : undefined}
      aria-label={text || undefined}
      aria-hidden={text ? undefined : true}
      className={cn(spinnerVariants({ size }), className)}
    />
  )
}

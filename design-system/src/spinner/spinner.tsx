import { cva } from "class-variance-authority"
import { clsx } from "clsx"
import { useMessages } from "../provider/provider"

/** The classes of a spinner's look (`.mh-spinner…` in the components layer of `theme.css`). */
export const spinnerVariants = /* @__PURE__ */ cva("mh-spinner", {
  variants: {
    size: { sm: "mh-spinner-sm", md: "mh-spinner-md", lg: "mh-spinner-lg" },
  },
  defaultVariants: { size: "md" },
})

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
      className={clsx(spinnerVariants({ size }), className)}
    />
  )
}

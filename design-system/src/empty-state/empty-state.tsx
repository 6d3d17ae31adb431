import { cva } from "class-variance-authority"
import type { ComponentProps, ReactNode } from "react"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"

export const emptyStateVariants = /* @__PURE__ */ cva("flex flex-col items-center text-center", {
  variants: {
    variant: {
      plain: "",
      dashed: "rounded-lg border border-dashed border-border-strong bg-surface",
    },
    size: {
      sm: "gap-2 px-4 py-8",
      md: "gap-3 px-6 py-12",
    },
  },
  defaultVariants: { variant: "plain", size: "md" },
})

export type EmptyStateVariant = "plain" | "dashed"
export type EmptyStateSize = "sm" | "md"

export interface EmptyStateProps extends Omit<ComponentProps<"div">, "title"> {
  /** A decorative icon from `src/icons`, shown in a soft circle above the title. */
  icon?: ReactNode
  /** What is empty. Defaults to the provider's "Nothing here yet". */
  title?: ReactNode
  /** Why it is empty or what to do about it. */
  description?: ReactNode
  /** One or two Buttons (or links) that fill the empty space: "Send the first captcha". */
  action?: ReactNode
  /** Heading level of the title, to fit the page's outline. @default "h3" */
  titleAs?: "h2" | "h3" | "h4" | "p"
  /** `dashed` draws a drop-zone-like frame; `plain` sits inside another surface. @default "plain" */
  variant?: EmptyStateVariant
  /** @default "md" */
  size?: EmptyStateSize
}

/** Fills a list, table or page that has nothing to show yet, and says what to do next. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  titleAs: Title = "h3",
  variant = "plain",
  size = "md",
  className,
  ...props
}: EmptyStateProps) {
  const { messages } = useMessages()
  return (
    <div
      data-slot="empty-state"
      data-variant={variant}
      data-size={size}
      className={cn(emptyStateVariants({ variant, size }), className)}
      {...props}
    >
      {icon ? (
        <div
          data-slot="empty-state-icon"
          aria-hidden="true"
          className={cn(
            "flex items-center justify-center rounded-full bg-primary-soft text-primary [&>svg]:shrink-0",
            size === "sm" ? "mb-1 size-10 [&>svg]:size-5" : "mb-2 size-12 [&>svg]:size-6",
          )}
        >
          {icon}
        </div>
      ) : null}
      <Title
        data-slot="empty-state-title"
        className={cn("font-semibold text-foreground", size === "sm" ? "text-base" : "text-lg")}
      >
        {title ?? messages.emptyTitle}
      </Title>
      {description ? (
        <p data-slot="empty-state-description" className="max-w-md text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      {action ? (
        <div
          data-slot="empty-state-action"
          className={cn("flex flex-wrap items-center justify-center gap-3", size === "sm" ? "mt-2" : "mt-3")}
        >
          {action}
        </div>
      ) : null}
    </div>
  )
}

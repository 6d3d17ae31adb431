import { cva } from "class-variance-authority"
import type { ComponentProps, ReactNode } from "react"
import { cn } from "../lib/cn"

export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger" | "promo"
export type BadgeVariant = "soft" | "solid"
export type BadgeSize = "sm" | "md" | "lg"

export const badgeTones: BadgeTone[] = ["neutral", "info", "success", "warning", "danger", "promo"]

/** Soft tones: the notice colours (tinted background, border and text that reads on it). */
const softTones: Record<BadgeTone, string> = {
  neutral: "border-border bg-surface-muted text-foreground",
  info: "border-info-border bg-info-soft text-info-text",
  success: "border-success-border bg-success-soft text-success-text",
  warning: "border-warning-border bg-warning-soft text-warning-text",
  danger: "border-danger-border bg-danger-soft text-danger-text",
  promo: "border-promo-border bg-promo-soft text-promo-text",
}

/** Solid tones: a filled background with its foreground; promo inverts its soft pair. */
const solidTones: Record<BadgeTone, string> = {
  neutral: "border-transparent bg-foreground text-background",
  info: "border-transparent bg-primary text-primary-foreground",
  success: "border-transparent bg-success text-success-foreground",
  warning: "border-transparent bg-warning text-warning-foreground",
  danger: "border-transparent bg-danger text-danger-foreground",
  promo: "border-transparent bg-promo-text text-promo-soft",
}

/** The dot of a soft badge takes the tone's strong colour; on a solid badge it follows the text. */
export const toneDotClasses: Record<BadgeTone, string> = {
  neutral: "bg-muted-foreground",
  info: "bg-primary",
  success: "bg-success",
  warning: "bg-warning",
  danger: "bg-danger",
  promo: "bg-promo-text",
}

export const badgeVariants = /* @__PURE__ */ cva(
  [
    "inline-flex max-w-full shrink-0 items-center whitespace-nowrap rounded-full border font-medium",
    "[&_svg]:shrink-0",
  ],
  {
    variants: {
      tone: { neutral: "", info: "", success: "", warning: "", danger: "", promo: "" },
      variant: { soft: "", solid: "" },
      size: {
        sm: "h-5 gap-1 px-1.5 text-xs [&_svg]:size-3",
        md: "h-6 gap-1.5 px-2 text-xs [&_svg]:size-3.5",
        lg: "h-7 gap-1.5 px-2.5 text-sm [&_svg]:size-4",
      },
    },
    compoundVariants: badgeTones.flatMap((tone) => [
      { tone, variant: "soft" as const, className: softTones[tone] },
      { tone, variant: "solid" as const, className: solidTones[tone] },
    ]),
    defaultVariants: { tone: "neutral", variant: "soft", size: "md" },
  },
)

/** A wrapping badge is at least as tall as its size's one line. */
const wrapHeights: Record<BadgeSize, string> = { sm: "min-h-5", md: "min-h-6", lg: "min-h-7" }

export interface BadgeProps extends ComponentProps<"span"> {
  /** Colour and meaning. @default "neutral" */
  tone?: BadgeTone
  /** Soft (tinted) or solid (filled) look. @default "soft" */
  variant?: BadgeVariant
  /** Height and text size. @default "md" */
  size?: BadgeSize
  /** Shows a small round dot before the text (a live status, say). @default false */
  dot?: boolean
  /** A decorative icon before the text, such as `<SuccessIcon />`; sized by the badge. */
  icon?: ReactNode
  /** A long label (a phrase in a list of labels) takes more lines instead of being cut short. @default false */
  wrap?: boolean
}

/** A short, non-interactive label: a task status, a plan, a count. The text carries the meaning. */
export function Badge({
  tone = "neutral",
  variant = "soft",
  size = "md",
  dot = false,
  icon,
  wrap = false,
  className,
  children,
  ...props
}: BadgeProps) {
  return (
    <span
      data-slot="badge"
      data-tone={tone}
      data-variant={variant}
      data-size={size}
      className={cn(
        badgeVariants({ tone, variant, size }),
        wrap && ["h-auto rounded-lg py-0.5 whitespace-normal", wrapHeights[size]],
        className,
      )}
      {...props}
    >
      {dot ? (
        <span
          data-slot="badge-dot"
          aria-hidden="true"
          className={cn(
            "shrink-0 rounded-full",
            size === "lg" ? "size-2" : "size-1.5",
            variant === "solid" ? "bg-current" : toneDotClasses[tone],
          )}
        />
      ) : null}
      {icon}
      <span className={wrap ? "min-w-0 break-words" : "truncate"}>{children}</span>
    </span>
  )
}

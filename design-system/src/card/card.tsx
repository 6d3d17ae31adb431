import { Slot } from "@radix-ui/react-slot"
import { cva } from "class-variance-authority"
import type { ComponentProps, ReactNode } from "react"
import { cn } from "../lib/cn"

export const cardVariants = /* @__PURE__ */ cva(
  [
    "relative flex flex-col gap-4 rounded-lg py-5 text-foreground",
    // A card with a CardLink is one big link: it lifts on hover and shows the focus ring around itself.
    "has-[[data-slot=card-link]]:transition-[box-shadow,border-color] has-[[data-slot=card-link]]:duration-150",
    "has-[[data-slot=card-link]:hover]:border-border-strong has-[[data-slot=card-link]:hover]:shadow-popover",
    "has-[[data-slot=card-link]:focus-visible]:outline-2 has-[[data-slot=card-link]:focus-visible]:outline-offset-2 has-[[data-slot=card-link]:focus-visible]:outline-ring",
  ],
  {
    variants: {
      variant: {
        plain: "bg-surface",
        outlined: "border border-border bg-surface",
        elevated: "border border-transparent bg-surface shadow-card dark:border-border",
      },
    },
    defaultVariants: { variant: "outlined" },
  },
)

export type CardVariant = "plain" | "outlined" | "elevated"

export interface CardProps extends ComponentProps<"div"> {
  /** `plain`: surface colour only; `outlined`: a border; `elevated`: a shadow. @default "outlined" */
  variant?: CardVariant
  /** Render the single child (an <article>, a <section>, a <li>) with the card's look. */
  asChild?: boolean
}

/**
 * A surface that groups one subject: a payment, a worker, a plan. Build it from CardHeader (CardTitle,
 * CardDescription), CardBody and CardFooter. Put a CardLink in the title to make the whole card a link.
 */
export function Card({ variant = "outlined", asChild = false, className, ...props }: CardProps) {
  const Comp = asChild ? Slot : "div"
  return (
    <Comp
      data-slot="card"
      data-variant={variant}
      className={cn(cardVariants({ variant }), className)}
      {...props}
    />
  )
}

export interface CardHeaderProps extends ComponentProps<"div"> {
  /** Shown at the end of the header: a Button, a menu, a status. */
  action?: ReactNode
}

export function CardHeader({ action, className, children, ...props }: CardHeaderProps) {
  return (
    <div data-slot="card-header" className={cn("flex items-start gap-4 px-5", className)} {...props}>
      <div className="flex min-w-0 flex-1 flex-col gap-1">{children}</div>
      {action ? (
        // Above a CardLink's overlay, so it stays clickable on its own.
        <div data-slot="card-action" className="relative z-10 shrink-0">
          {action}
        </div>
      ) : null}
    </div>
  )
}

export interface CardTitleProps extends ComponentProps<"h3"> {
  /** Heading level, to fit the page's outline. @default "h3" */
  as?: "h2" | "h3" | "h4" | "p"
}

export function CardTitle({ as: Comp = "h3", className, ...props }: CardTitleProps) {
  return (
    <Comp
      data-slot="card-title"
      className={cn("text-lg font-semibold leading-snug text-foreground", className)}
      {...props}
    />
  )
}

export function CardDescription({ className, ...props }: ComponentProps<"p">) {
  return (
    <p data-slot="card-description" className={cn("text-sm text-muted-foreground", className)} {...props} />
  )
}

export function CardBody({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="card-body" className={cn("flex-1 px-5 text-sm", className)} {...props} />
}

export interface CardFooterProps extends ComponentProps<"div"> {
  /** A rule above the footer, for actions under a long body. @default false */
  divided?: boolean
}

export function CardFooter({ divided = false, className, ...props }: CardFooterProps) {
  return (
    <div
      data-slot="card-footer"
      data-divided={divided || undefined}
      className={cn(
        "relative z-10 flex flex-wrap items-center gap-3 px-5",
        divided && "border-t border-border pt-4",
        className,
      )}
      {...props}
    />
  )
}

export interface CardLinkProps extends ComponentProps<"a"> {
  /** Render the single child (a router's Link) instead of an <a>. */
  asChild?: boolean
}

/**
 * Makes the whole card a link while only its text is the link's name: put it inside CardTitle. The
 * clickable area stretches over the card; buttons in CardHeader's `action` and CardFooter stay on top.
 */
export function CardLink({ asChild = false, className, ...props }: CardLinkProps) {
  const Comp = asChild ? Slot : "a"
  return (
    <Comp
      data-slot="card-link"
      className={cn(
        "text-foreground no-underline outline-none hover:text-primary",
        "after:absolute after:inset-0 after:rounded-lg after:content-['']",
        className,
      )}
      {...props}
    />
  )
}

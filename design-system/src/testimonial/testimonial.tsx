import { cva } from "class-variance-authority"
import type { ComponentProps, ReactNode } from "react"
import { cn } from "../lib/cn"

export const testimonialVariants = /* @__PURE__ */ cva("flex flex-col text-foreground", {
  variants: {
    variant: {
      card: "gap-5 rounded-lg border border-border bg-surface p-6 shadow-card",
      plain: "gap-6",
    },
    size: {
      md: "",
      lg: "",
    },
  },
  defaultVariants: { variant: "card", size: "md" },
})

export interface TestimonialProps extends Omit<ComponentProps<"figure">, "children" | "role"> {
  /** What the customer or worker said, without quotation marks. */
  quote: ReactNode
  author: ReactNode
  /** Who they are ("CTO, PriceWatch", "Worker since 2023"). */
  role?: ReactNode
  /** Slot for a photo or initials, about 40 px square; decorative (the name is beside it). */
  avatar?: ReactNode
  /** Slot for a star rating, shown above the quote. */
  rating?: ReactNode
  /** `card` in a box (grids of quotes), `plain` on the page. @default "card" */
  variant?: "card" | "plain"
  /** `lg` for a single large quote. @default "md" */
  size?: "md" | "lg"
  className?: string
}

/** A quote from a customer or a worker, with who said it. */
export function Testimonial({
  quote,
  author,
  role,
  avatar,
  rating,
  variant = "card",
  size = "md",
  className,
  ...props
}: TestimonialProps) {
  return (
    <figure
      data-slot="testimonial"
      data-variant={variant}
      data-size={size}
      className={cn(testimonialVariants({ variant, size }), className)}
      {...props}
    >
      {rating != null ? <div data-slot="testimonial-rating">{rating}</div> : null}
      <blockquote
        className={cn(
          "relative leading-relaxed text-pretty",
          size === "lg" ? "text-xl font-medium sm:text-2xl" : "text-base",
        )}
      >
        <p>
          <span aria-hidden="true" className="text-primary">
            “
          </span>
          {quote}
          <span aria-hidden="true" className="text-primary">
            ”
          </span>
        </p>
      </blockquote>
      <figcaption className="mt-auto flex items-center gap-3">
        {avatar != null ? (
          <span
            aria-hidden="true"
            data-slot="testimonial-avatar"
            className="flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary-soft text-sm font-semibold text-primary [&_img]:size-full [&_img]:object-cover"
          >
            {avatar}
          </span>
        ) : null}
        <span className="flex min-w-0 flex-col">
          <span className="text-sm font-semibold">{author}</span>
          {role != null ? <span className="text-sm text-muted-foreground">{role}</span> : null}
        </span>
      </figcaption>
    </figure>
  )
}

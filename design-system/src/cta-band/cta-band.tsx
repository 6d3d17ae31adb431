import { cva } from "class-variance-authority"
import type { ComponentProps, ReactNode } from "react"
import { cn } from "../lib/cn"

export const ctaBandVariants = /* @__PURE__ */ cva(
  "flex flex-col gap-6 rounded-lg px-6 py-8 sm:px-10 sm:py-10 md:flex-row md:items-center md:justify-between",
  {
    variants: {
      tone: {
        primary: "bg-primary text-primary-foreground",
        soft: "border border-info-border bg-primary-soft text-foreground",
        muted: "border border-border bg-surface-muted text-foreground",
        promo: "border border-promo-border bg-promo-soft text-foreground",
      },
    },
    defaultVariants: { tone: "primary" },
  },
)

const textTone = {
  primary: "text-primary-foreground/85",
  soft: "text-muted-foreground",
  muted: "text-muted-foreground",
  promo: "text-promo-text",
} as const

export type CtaBandTone = "primary" | "soft" | "muted" | "promo"

export interface CtaBandProps extends Omit<ComponentProps<"section">, "title"> {
  title: ReactNode
  text?: ReactNode
  /** Buttons or links. On `primary`, use the `secondary-white` or `primary-light` Button variants. */
  actions?: ReactNode
  /** Background and text colours. @default "primary" */
  tone?: CtaBandTone
  /** Level of the title in the page outline. @default 2 */
  headingLevel?: 2 | 3 | 4
}

/** A band that ends a page or a section with one clear next step ("Get an API key"). */
export function CtaBand({
  title,
  text,
  actions,
  tone = "primary",
  headingLevel = 2,
  className,
  ...props
}: CtaBandProps) {
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4"
  return (
    <section
      data-slot="cta-band"
      data-tone={tone}
      className={cn(ctaBandVariants({ tone }), className)}
      {...props}
    >
      <div className="flex max-w-2xl flex-col gap-2">
        <Heading className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</Heading>
        {text != null ? <p className={cn("text-base leading-relaxed", textTone[tone])}>{text}</p> : null}
      </div>
      {actions != null ? (
        <div data-slot="cta-band-actions" className="flex shrink-0 flex-col gap-3 sm:flex-row sm:flex-wrap">
          {actions}
        </div>
      ) : null}
    </section>
  )
}

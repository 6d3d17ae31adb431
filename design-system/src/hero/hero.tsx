import { cva } from "class-variance-authority"
import type { ComponentProps, ReactNode } from "react"
import { Container } from "../container"
import { cn } from "../lib/cn"

export const heroVariants = /* @__PURE__ */ cva("w-full text-foreground", {
  variants: {
    tone: {
      plain: "bg-background",
      surface: "bg-surface",
      tinted: "bg-linear-to-b from-primary-soft to-background",
    },
  },
  defaultVariants: { tone: "plain" },
})

export type HeroLayout = "centered" | "split"
export type HeroTone = "plain" | "surface" | "tinted"

export interface HeroProps extends Omit<ComponentProps<"section">, "title"> {
  /** A short line above the title ("2captcha-compatible API"). */
  eyebrow?: ReactNode
  title: ReactNode
  /** One or two sentences under the title. */
  lead?: ReactNode
  /** Buttons or links, usually a primary and a secondary one. */
  actions?: ReactNode
  /** An image, a code sample or a product screenshot; beside the text in `split`, below it in `centered`. */
  media?: ReactNode
  /** `centered` for a single message; `split` for text beside media (stacked on small screens). @default "centered" */
  layout?: HeroLayout
  /** Background. @default "plain" */
  tone?: HeroTone
  /** The title's element: `h1` at the top of a page, `h2` further down. @default "h1" */
  titleAs?: "h1" | "h2"
  /** Small print under the actions ("No subscription. Pay only for solved captchas."). */
  children?: ReactNode
}

/** The opening block of a landing page: what Manyhands offers and what to do next. */
export function Hero({
  eyebrow,
  title,
  lead,
  actions,
  media,
  layout = "centered",
  tone = "plain",
  titleAs: Title = "h1",
  className,
  children,
  ...props
}: HeroProps) {
  const split = layout === "split"
  return (
    <section
      data-slot="hero"
      data-layout={layout}
      data-tone={tone}
      className={cn(heroVariants({ tone }), className)}
      {...props}
    >
      <Container
        size="xl"
        className={cn(
          "grid gap-10 py-16 md:py-24",
          split ? "items-center lg:grid-cols-2 lg:gap-16" : "justify-items-center text-center",
        )}
      >
        <div className={cn("flex flex-col gap-6", split ? "items-start" : "max-w-3xl items-center")}>
          {eyebrow != null ? (
            <p
              data-slot="hero-eyebrow"
              className="inline-flex items-center gap-2 rounded-full border border-info-border bg-info-soft px-3 py-1 text-sm font-medium text-info-text"
            >
              {eyebrow}
            </p>
          ) : null}
          <Title className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</Title>
          {lead != null ? (
            <p className="max-w-2xl text-lg leading-relaxed text-pretty text-muted-foreground">{lead}</p>
          ) : null}
          {actions != null ? (
            <div
              data-slot="hero-actions"
              className={cn(
                "flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:flex-wrap",
                !split && "sm:justify-center",
              )}
            >
              {actions}
            </div>
          ) : null}
          {children != null ? <div className="text-sm text-muted-foreground">{children}</div> : null}
        </div>
        {media != null ? (
          <div data-slot="hero-media" className={cn("w-full min-w-0", !split && "max-w-4xl")}>
            {media}
          </div>
        ) : null}
      </Container>
    </section>
  )
}

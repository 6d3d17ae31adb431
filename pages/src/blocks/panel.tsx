import type { ReactNode } from "react"
import { cn } from "@manyhands/design-system"

const toneClasses = {
  plain: { box: "border-border bg-surface", title: "text-foreground" },
  success: { box: "border-success-border bg-success-soft", title: "text-success-text" },
  danger: { box: "border-danger-border bg-danger-soft", title: "text-danger-text" },
} as const

/**
 * A bordered box with a heading and free content, for a group inside a band (the rules of one side, a
 * summary beside the hero). On a `surface` band give it `bg-background` so it stands out. `success` and
 * `danger` colour it for what is allowed and what is not.
 */
export function Panel({
  title,
  titleId,
  headingLevel = 3,
  tone = "plain",
  children,
  className,
}: {
  title: ReactNode
  /** For a box something else is labelled by or links to. */
  titleId?: string
  headingLevel?: 2 | 3
  /** @default "plain" */
  tone?: keyof typeof toneClasses
  children: ReactNode
  className?: string
}) {
  const Heading = `h${headingLevel}` as "h2" | "h3"
  return (
    <div
      className={cn("flex min-w-0 flex-col gap-3 rounded-lg border p-6", toneClasses[tone].box, className)}
    >
      <Heading id={titleId} className={cn("text-lg font-semibold", toneClasses[tone].title)}>
        {title}
      </Heading>
      {children}
    </div>
  )
}

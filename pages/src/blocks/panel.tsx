import type { ReactNode } from "react"
import { cn } from "@manyhands/design-system"

/**
 * A bordered box with a heading and free content, for a group inside a band (the rules of one side, a
 * summary beside the hero). On a `surface` band give it `bg-background` so it stands out.
 */
export function Panel({
  title,
  titleId,
  headingLevel = 3,
  children,
  className,
}: {
  title: ReactNode
  /** For a box something else is labelled by or links to. */
  titleId?: string
  headingLevel?: 2 | 3
  children: ReactNode
  className?: string
}) {
  const Heading = `h${headingLevel}` as "h2" | "h3"
  return (
    <div className={cn("flex flex-col gap-3 rounded-lg border border-border bg-surface p-6", className)}>
      <Heading id={titleId} className="text-lg font-semibold text-foreground">
        {title}
      </Heading>
      {children}
    </div>
  )
}

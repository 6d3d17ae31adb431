import type { ReactNode } from "react"
import { cn } from "@manyhands/design-system"

export interface Step {
  id: string
  title: ReactNode
  text: ReactNode
}

const columnClasses = {
  1: "",
  2: "md:grid-cols-2",
  3: "md:grid-cols-3",
  4: "md:grid-cols-2 lg:grid-cols-4",
} as const

/**
 * Steps of a process as an ordered list: a number (decorative; the list already counts), a title and a
 * sentence each. The same look wherever a page explains "how it works".
 */
export function NumberedSteps({
  items,
  titleAs: Title = "h3",
  columns = 1,
  className,
}: {
  items: Step[]
  /** The title's element: a heading in a band, `p` where steps are no part of the outline (a dialog). @default "h3" */
  titleAs?: "h3" | "h4" | "p"
  /** Steps side by side on wide screens. @default 1 */
  columns?: 1 | 2 | 3 | 4
  className?: string
}) {
  return (
    <ol className={cn("grid gap-6", columnClasses[columns], className)}>
      {items.map((item, index) => (
        <li key={item.id} className="flex gap-4">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary"
          >
            {index + 1}
          </span>
          <div className="flex flex-col gap-1">
            <Title className="font-semibold text-foreground">{item.title}</Title>
            <p className="text-sm leading-relaxed text-muted-foreground">{item.text}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}

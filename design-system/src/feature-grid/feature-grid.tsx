import type { ComponentProps, ReactNode } from "react"
import { cn } from "../lib/cn"

export interface FeatureItem {
  /** A decorative icon from `src/icons`. */
  icon?: ReactNode
  title: ReactNode
  text: ReactNode
}

const columnClasses = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const

export interface FeatureGridProps extends Omit<ComponentProps<"ul">, "children"> {
  items: FeatureItem[]
  /** Columns on wide screens; one column on phones. @default 3 */
  columns?: 2 | 3 | 4
  /** Level of each feature's title. @default 3 */
  headingLevel?: 2 | 3 | 4
  /** `plain` text on the page, or each feature in a `card`. @default "plain" */
  variant?: "plain" | "card"
  className?: string
}

/** Reasons to choose Manyhands, or what a worker gets: an icon, a title and a sentence each. */
export function FeatureGrid({
  items,
  columns = 3,
  headingLevel = 3,
  variant = "plain",
  className,
  ...props
}: FeatureGridProps) {
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4"
  return (
    <ul
      data-slot="feature-grid"
      data-variant={variant}
      className={cn(
        "grid grid-cols-1 gap-x-8 gap-y-10",
        columnClasses[columns],
        variant === "card" && "gap-6",
        className,
      )}
      {...props}
    >
      {items.map((item, index) => (
        <li
          key={index}
          data-slot="feature"
          className={cn(
            "flex flex-col gap-3",
            variant === "card" && "rounded-lg border border-border bg-surface p-6 shadow-card",
          )}
        >
          {item.icon != null ? (
            <span
              aria-hidden="true"
              className="flex size-11 items-center justify-center rounded-md bg-primary-soft text-primary [&_svg]:size-5"
            >
              {item.icon}
            </span>
          ) : null}
          <Heading className="text-base font-semibold text-foreground">{item.title}</Heading>
          <p className="text-sm leading-relaxed text-muted-foreground">{item.text}</p>
        </li>
      ))}
    </ul>
  )
}

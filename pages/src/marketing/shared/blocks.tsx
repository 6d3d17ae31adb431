import type { ReactNode } from "react"
import { CheckIcon, cn } from "@manyhands/design-system"

/** The h2 of a page band, with an optional lead paragraph under it. */
export function SectionHeading({
  id,
  title,
  lead,
  className,
}: {
  id: string
  title: ReactNode
  lead?: ReactNode
  className?: string
}) {
  return (
    <div className={cn("flex max-w-3xl flex-col gap-3", className)}>
      <h2 id={id} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {title}
      </h2>
      {lead != null ? <p className="text-lg text-muted-foreground text-pretty">{lead}</p> : null}
    </div>
  )
}

export interface NumberedItem {
  id: string
  title: ReactNode
  text: ReactNode
}

/** Steps of a process: a numbered, ordered list with a title and a sentence per step. */
export function NumberedList({
  items,
  headingLevel = 3,
  columns = 1,
  className,
}: {
  items: NumberedItem[]
  headingLevel?: 3 | 4
  /** Steps side by side on wide screens. @default 1 */
  columns?: 1 | 2 | 3 | 4
  className?: string
}) {
  const Heading = `h${headingLevel}` as "h3" | "h4"
  return (
    <ol
      className={cn(
        "grid gap-6",
        columns === 2 && "md:grid-cols-2",
        columns === 3 && "md:grid-cols-3",
        columns === 4 && "md:grid-cols-2 lg:grid-cols-4",
        className,
      )}
    >
      {items.map((item, index) => (
        <li key={item.id} className="flex gap-4">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft font-semibold text-primary"
          >
            {index + 1}
          </span>
          <div className="flex flex-col gap-1">
            <Heading className="font-semibold text-foreground">{item.title}</Heading>
            <p className="text-sm leading-relaxed text-muted-foreground">{item.text}</p>
          </div>
        </li>
      ))}
    </ol>
  )
}

/** A list of short statements, each with a check mark. */
export function CheckList({
  items,
  className,
}: {
  items: { id: string; text: ReactNode }[]
  className?: string
}) {
  return (
    <ul className={cn("flex flex-col gap-3", className)}>
      {items.map((item) => (
        <li key={item.id} className="flex gap-3">
          <CheckIcon size={20} className="mt-0.5 shrink-0 text-primary" />
          <span className="text-foreground">{item.text}</span>
        </li>
      ))}
    </ul>
  )
}

/** A bordered panel with a heading and free content. */
export function Panel({
  title,
  titleId,
  headingLevel = 3,
  children,
  className,
}: {
  title: ReactNode
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

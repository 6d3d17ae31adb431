import type { ReactNode } from "react"
import { cn } from "@manyhands/design-system"
import { Section } from "../layout/section"
import { SectionHeading } from "./section-heading"

const layoutClasses = {
  halves: "lg:grid-cols-2",
  "wide-narrow": "lg:grid-cols-[3fr_2fr]",
} as const

/**
 * A band of two columns from `lg` up: the band's own h2 and content, and beside it something of its own (a
 * SideSection, a box of links, cards). On narrower screens the aside follows the content.
 */
export function SplitSection({
  id,
  title,
  lead,
  tone,
  layout = "halves",
  gridClassName,
  aside,
  children,
}: {
  /** Id of the h2 that opens the first column; the band is labelled by it. */
  id: string
  title: ReactNode
  lead?: ReactNode
  tone?: "plain" | "surface"
  /** `wide-narrow`: the first column takes three fifths, for an aside that is a box. @default "halves" */
  layout?: keyof typeof layoutClasses
  /** On the grid of the two columns (a narrower gap). */
  gridClassName?: string
  aside: ReactNode
  children: ReactNode
}) {
  return (
    <Section labelledBy={id} tone={tone}>
      <div className={cn("grid gap-12", layoutClasses[layout], gridClassName)}>
        <div>
          <SectionHeading id={id} title={title} lead={lead} className="mb-8" />
          {children}
        </div>
        {aside}
      </div>
    </Section>
  )
}

/** The second titled group of a SplitSection: a section of its own, labelled by its h2, spaced as the first. */
export function SideSection({
  id,
  title,
  lead,
  children,
}: {
  /** Id of the h2; the section is labelled by it. */
  id: string
  title: ReactNode
  lead?: ReactNode
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id}>
      <SectionHeading id={id} title={title} lead={lead} className="mb-8" />
      {children}
    </section>
  )
}

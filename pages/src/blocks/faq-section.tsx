import type { ReactNode } from "react"
import { Faq, type FaqItem } from "@manyhands/design-system"
import { TitledSection } from "./titled-section"

/** A page's frequently asked questions as a band of their own: an h2, then the design system's Faq (h3 questions). */
export function FaqSection({
  id,
  title,
  items,
  tone,
  children,
}: {
  /** Id of the h2; the band is labelled by it. */
  id: string
  title: ReactNode
  items: FaqItem[]
  tone?: "plain" | "surface"
  /** Under the questions: where to ask more. */
  children?: ReactNode
}) {
  return (
    <TitledSection id={id} title={title} tone={tone}>
      <Faq headingLevel={3} items={items} />
      {children}
    </TitledSection>
  )
}

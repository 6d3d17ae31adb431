import type { ReactNode } from "react"
import { Section } from "../layout/section"
import { SectionHeading } from "./section-heading"

/**
 * Most bands of a page: a Section that opens with its SectionHeading and is labelled by it. It keeps the
 * space between the heading and the content, the same in every band.
 */
export function TitledSection({
  id,
  anchor,
  title,
  lead,
  tone,
  children,
}: {
  /** Id of the h2. */
  id: string
  /** Id of the band itself, for links from other pages (/#order-captchas). */
  anchor?: string
  title: ReactNode
  lead?: ReactNode
  tone?: "plain" | "surface"
  children?: ReactNode
}) {
  return (
    <Section id={anchor} labelledBy={id} tone={tone}>
      <SectionHeading id={id} title={title} lead={lead} className="mb-8" />
      {children}
    </Section>
  )
}

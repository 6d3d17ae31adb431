import { EmptyState } from "@manyhands/design-system"
import { LinkButton } from "../blocks"
import { Section } from "./section"

/**
 * A routed item that does not exist (a demo, a captcha page, a docs page): the page's heading, what is missing,
 * and the way back to the list it belongs to. The server answers such an address with 404.
 */
export function MissingItem({
  title,
  lead,
  text,
  back,
}: {
  title: string
  lead: string
  text?: string
  back: { to: string; label: string }
}) {
  return (
    <Section>
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-foreground">{title}</h1>
      <EmptyState
        variant="dashed"
        titleAs="p"
        title={lead}
        {...(text ? { description: text } : {})}
        action={<LinkButton to={back.to}>{back.label}</LinkButton>}
      />
    </Section>
  )
}

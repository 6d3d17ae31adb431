import { useId, type ReactNode } from "react"
import { Card } from "@manyhands/design-system"
import { Section } from "../../layout/section"

/**
 * The frame of every sign-in, sign-up and mail-link page: one centred card holding the page's only h1, its
 * content, and a footer for the way to the neighbouring page ("New to Manyhands? Create an account").
 */
export function AuthCard({
  title,
  lead,
  children,
  footer,
}: {
  title: ReactNode
  lead?: ReactNode
  children?: ReactNode
  footer?: ReactNode
}) {
  const titleId = useId()
  return (
    <Section labelledBy={titleId} className="min-h-[70vh]">
      <Card variant="elevated" className="mx-auto w-full max-w-md gap-6 px-6 py-8 sm:px-8">
        <div className="flex flex-col gap-2">
          <h1 id={titleId} className="text-2xl font-bold tracking-tight">
            {title}
          </h1>
          {lead ? <p className="text-muted-foreground">{lead}</p> : null}
        </div>
        {children}
        {footer ? (
          <div className="border-t border-border pt-5 text-sm text-muted-foreground">{footer}</div>
        ) : null}
      </Card>
    </Section>
  )
}

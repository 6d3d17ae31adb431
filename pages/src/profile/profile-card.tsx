import type { ReactNode } from "react"
import { Card, CardBody, CardDescription, CardHeader, CardTitle, cn } from "@manyhands/design-system"

/**
 * One subject of a profile page (a form, a list, a setting) as an outlined card: an h2 that names the region,
 * a short description, the content.
 */
export function ProfileCard({
  id,
  title,
  description,
  action,
  children,
  className,
}: {
  /** Id of the h2; the card is labelled by it. */
  id: string
  title: ReactNode
  description?: ReactNode
  /** Shown at the end of the title row: a status badge. */
  action?: ReactNode
  children?: ReactNode
  className?: string
}) {
  return (
    <Card asChild className={cn("gap-5", className)}>
      <section aria-labelledby={id}>
        <CardHeader action={action}>
          <CardTitle as="h2" id={id}>
            {title}
          </CardTitle>
          {description != null ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        {children != null ? <CardBody className="flex flex-col gap-5">{children}</CardBody> : null}
      </section>
    </Card>
  )
}

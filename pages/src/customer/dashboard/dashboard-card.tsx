import type { ReactNode } from "react"
import { Card, CardBody, CardDescription, CardHeader, CardTitle, cn } from "@manyhands/design-system"

/** One subject of the dashboard as an outlined card labelled by its h2, with an optional action beside it. */
export function DashboardCard({
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
  /** At the end of the title row: a link to the full list. */
  action?: ReactNode
  children: ReactNode
  className?: string
}) {
  return (
    <Card asChild className={cn("min-w-0 gap-5", className)}>
      <section aria-labelledby={id}>
        <CardHeader action={action}>
          <CardTitle as="h2" id={id}>
            {title}
          </CardTitle>
          {description != null ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardBody className="flex flex-col gap-4">{children}</CardBody>
      </section>
    </Card>
  )
}

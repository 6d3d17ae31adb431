import type { ReactNode } from "react"
import { Card, CardBody, CardDescription, CardHeader, CardTitle, cn } from "@manyhands/design-system"

/**
 * One subject of a cabinet page as an outlined card with an h2: a named region, except a card that holds a table
 * (`region={false}`) — a table too wide for a phone scrolls as a region named by its caption, and two landmarks of
 * one name confuse the outline.
 */
export function ProxyCard({
  id,
  title,
  description,
  action,
  region = true,
  focusableTitle = false,
  children,
  className,
}: {
  /** Id of the h2; the region is labelled by it. */
  id: string
  title: ReactNode
  description?: ReactNode
  /** At the end of the title row: a badge. */
  action?: ReactNode
  region?: boolean
  /** The h2 can take the focus (tabIndex -1), for when what had it is gone. */
  focusableTitle?: boolean
  children: ReactNode
  className?: string
}) {
  const Box = region ? "section" : "div"
  return (
    <Card asChild className={cn("min-w-0 gap-5", className)}>
      <Box aria-labelledby={region ? id : undefined}>
        <CardHeader action={action}>
          <CardTitle as="h2" id={id} tabIndex={focusableTitle ? -1 : undefined} className="outline-none">
            {title}
          </CardTitle>
          {description != null ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardBody className="flex flex-col gap-4">{children}</CardBody>
      </Box>
    </Card>
  )
}

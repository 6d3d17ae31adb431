import type { ReactNode } from "react"
import { Card, CardBody, CardDescription, CardHeader, CardTitle, cn } from "@manyhands/design-system"

/**
 * One subject of a settings page (a form, a list, an explanation) as an outlined card: an h2 that names the
 * region, a short description, the content.
 */
export function SettingsCard({
  id,
  title,
  description,
  action,
  children,
  className,
  bodyClassName,
  region = true,
  focusableTitle = false,
}: {
  /** Id of the h2; the card is labelled by it. */
  id: string
  title: ReactNode
  description?: ReactNode
  /** Shown at the end of the title row: a status badge or a link. */
  action?: ReactNode
  children?: ReactNode
  className?: string
  bodyClassName?: string
  /**
   * A named region (a landmark). A card that holds a list's table is not one: a table that scrolls on a narrow
   * screen becomes a region named by its caption, and two landmarks with one name confuse the outline.
   */
  region?: boolean
  /** The h2 can take the focus (tabIndex -1), for when what had it is gone. */
  focusableTitle?: boolean
}) {
  const Box = region ? "section" : "div"
  return (
    <Card asChild className={cn("gap-5", className)}>
      <Box aria-labelledby={region ? id : undefined}>
        <CardHeader action={action}>
          <CardTitle as="h2" id={id} tabIndex={focusableTitle ? -1 : undefined} className="outline-none">
            {title}
          </CardTitle>
          {description != null ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        {children != null ? (
          <CardBody className={cn("flex flex-col gap-5", bodyClassName)}>{children}</CardBody>
        ) : null}
      </Box>
    </Card>
  )
}

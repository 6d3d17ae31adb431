import type { ReactNode } from "react"
import { Link } from "react-router"
import { Card, CardDescription, CardHeader, CardLink, CardTitle, cn } from "@manyhands/design-system"

export interface LinkCardItem {
  id: string
  /** The route the card leads to. */
  to: string
  /** The card's h3 and the link's name. */
  title: ReactNode
  text?: ReactNode
  /** A decorative picture above the title (screen readers skip it). */
  media?: ReactNode
}

const columnClasses = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const

/**
 * Cards that each lead to another page (the other proxy types, the services): the whole card is the link,
 * its title is the link's name. The design system's outlined card, as FeatureGrid's cards on any band.
 */
export function LinkCardGrid({
  items,
  columns = 3,
  className,
}: {
  items: LinkCardItem[]
  /** Columns on wide screens; one on phones. @default 3 */
  columns?: 2 | 3 | 4
  className?: string
}) {
  return (
    <ul className={cn("grid gap-6", columnClasses[columns], className)}>
      {items.map((item) => (
        <Card key={item.id} asChild variant="outlined">
          <li>
            {item.media != null ? (
              <div aria-hidden="true" className="px-5">
                {item.media}
              </div>
            ) : null}
            <CardHeader>
              <CardTitle>
                <CardLink asChild>
                  <Link to={item.to}>{item.title}</Link>
                </CardLink>
              </CardTitle>
              {item.text != null ? <CardDescription>{item.text}</CardDescription> : null}
            </CardHeader>
          </li>
        </Card>
      ))}
    </ul>
  )
}

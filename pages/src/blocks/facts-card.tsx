import type { ReactNode } from "react"
import {
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  KeyValueItem,
  KeyValueList,
  cn,
} from "@manyhands/design-system"

export interface FactItem {
  id: string
  label: ReactNode
  value: ReactNode
  /** A value from code (a parameter, a key). */
  mono?: boolean
}

/**
 * The facts of a product at a glance (price, platform, how it is billed), as a card beside a hero. Its title
 * is no heading: the card repeats what the page says in full further down.
 */
export function FactsCard({
  title,
  icon,
  badge,
  facts,
  className,
}: {
  title?: ReactNode
  /** A decorative icon before the title. */
  icon?: ReactNode
  /** A status at the end of the title row. */
  badge?: ReactNode
  facts: FactItem[]
  className?: string
}) {
  return (
    <Card variant="elevated" className={cn("text-left", className)}>
      {title != null ? (
        <CardHeader action={badge}>
          <CardTitle as="p" className="flex items-center gap-2">
            {icon != null ? (
              <span aria-hidden="true" className="text-primary [&_svg]:size-5">
                {icon}
              </span>
            ) : null}
            {title}
          </CardTitle>
        </CardHeader>
      ) : null}
      <CardBody>
        <KeyValueList divided>
          {facts.map((fact) => (
            <KeyValueItem key={fact.id} label={fact.label} mono={fact.mono}>
              {fact.value}
            </KeyValueItem>
          ))}
        </KeyValueList>
      </CardBody>
    </Card>
  )
}

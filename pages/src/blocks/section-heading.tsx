import type { ReactNode } from "react"
import { cn } from "@manyhands/design-system"

/**
 * The h2 that opens a page band, with an optional lead paragraph under it. Its id names the band
 * (`aria-labelledby`) and may be a link target (#countries), so a jump to it leaves some room above.
 */
export function SectionHeading({
  id,
  title,
  lead,
  className,
}: {
  id: string
  title: ReactNode
  lead?: ReactNode
  className?: string
}) {
  return (
    <div className={cn("flex max-w-3xl flex-col gap-3", className)}>
      <h2 id={id} className="scroll-mt-24 text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        {title}
      </h2>
      {lead != null ? <p className="text-lg text-pretty text-muted-foreground">{lead}</p> : null}
    </div>
  )
}

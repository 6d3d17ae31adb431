import type { ReactNode } from "react"
import { cn } from "@manyhands/design-system"

/** A page band with the site's content width; `tone` separates neighbouring bands. */
export function Section({
  children,
  tone = "plain",
  id,
  labelledBy,
  className,
}: {
  children: ReactNode
  tone?: "plain" | "surface"
  /** For a band other pages link to (/#order-captchas); a jump to it leaves some room above. */
  id?: string
  labelledBy?: string
  className?: string
}) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      className={cn(id && "scroll-mt-20", tone === "surface" && "bg-surface", className)}
    >
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">{children}</div>
    </section>
  )
}

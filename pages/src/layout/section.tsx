import type { ReactNode } from "react"
import { cn } from "@manyhands/design-system"

/** A page band with the site's content width; `tone` separates neighbouring bands. */
export function Section({
  children,
  tone = "plain",
  labelledBy,
  className,
}: {
  children: ReactNode
  tone?: "plain" | "surface"
  labelledBy?: string
  className?: string
}) {
  return (
    <section aria-labelledby={labelledBy} className={cn(tone === "surface" && "bg-surface", className)}>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">{children}</div>
    </section>
  )
}

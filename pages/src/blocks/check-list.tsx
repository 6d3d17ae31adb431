import type { ReactNode } from "react"
import { CheckIcon, CloseIcon, cn } from "@manyhands/design-system"

/**
 * Short statements with a mark instead of a bullet: checks for what holds (what you get, what is allowed),
 * crosses for what does not (what is never sent, what is forbidden).
 */
export function CheckList({
  items,
  mark = "check",
  className,
}: {
  items: { id: string; text: ReactNode }[]
  /** @default "check" */
  mark?: "check" | "cross"
  className?: string
}) {
  const Icon = mark === "check" ? CheckIcon : CloseIcon
  return (
    <ul className={cn("flex flex-col gap-3", className)}>
      {items.map((item) => (
        <li key={item.id} className="flex gap-3">
          <Icon
            size={20}
            className={cn("mt-0.5 shrink-0", mark === "check" ? "text-primary" : "text-muted-foreground")}
          />
          <span className="text-foreground">{item.text}</span>
        </li>
      ))}
    </ul>
  )
}

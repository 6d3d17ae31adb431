import type { ComponentProps } from "react"
import { cn } from "@manyhands/design-system"
import { SettingsCard } from "../../customer/settings/shared/settings-card"

/**
 * One subject of a proxy cabinet page: the customer area's card (an h2 naming a region, or not a region when it
 * holds a table), a little tighter, and never wider than its column.
 */
export function ProxyCard({ className, ...props }: ComponentProps<typeof SettingsCard>) {
  return <SettingsCard {...props} className={cn("min-w-0", className)} bodyClassName="gap-4" />
}

import type { ReactNode } from "react"
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@manyhands/design-system"
import type { StatusFilters } from "./use-status-filters"

/** A list's tabs by status, kept in the address by `useStatusFilters`; each panel is `children(status)`. */
export function StatusTabs<S extends string>({
  filters,
  label,
  tabLabel,
  count,
  children,
}: {
  filters: StatusFilters<S>
  /** Names the row of tabs. */
  label: string
  tabLabel: (status: S) => string
  /** A number shown on a tab (how many wait there), or undefined for none. */
  count?: (status: S) => number | undefined
  children: (status: S) => ReactNode
}) {
  return (
    <Tabs value={filters.status} onValueChange={(status) => filters.setStatus(status as S)}>
      <TabsList aria-label={label}>
        {filters.statuses.map((status) => (
          <TabsTrigger key={status} value={status} count={count?.(status)}>
            {tabLabel(status)}
          </TabsTrigger>
        ))}
      </TabsList>
      {filters.statuses.map((status) => (
        <TabsContent key={status} value={status} className="mt-4">
          {children(status)}
        </TabsContent>
      ))}
    </Tabs>
  )
}

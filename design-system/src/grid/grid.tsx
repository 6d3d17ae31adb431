import { Slot } from "@radix-ui/react-slot"
import type { ComponentProps } from "react"
import { cn } from "../lib/cn"
import {
  baseValue,
  gapClasses,
  responsiveClasses,
  type ResponsiveClassMap,
  type ResponsiveValue,
  type SpaceScale,
} from "../stack/responsive"

export type GridColumns = 1 | 2 | 3 | 4 | 5 | 6 | 12

const columnClasses: ResponsiveClassMap<GridColumns> = {
  base: {
    1: "grid-cols-1",
    2: "grid-cols-2",
    3: "grid-cols-3",
    4: "grid-cols-4",
    5: "grid-cols-5",
    6: "grid-cols-6",
    12: "grid-cols-12",
  },
  sm: {
    1: "sm:grid-cols-1",
    2: "sm:grid-cols-2",
    3: "sm:grid-cols-3",
    4: "sm:grid-cols-4",
    5: "sm:grid-cols-5",
    6: "sm:grid-cols-6",
    12: "sm:grid-cols-12",
  },
  md: {
    1: "md:grid-cols-1",
    2: "md:grid-cols-2",
    3: "md:grid-cols-3",
    4: "md:grid-cols-4",
    5: "md:grid-cols-5",
    6: "md:grid-cols-6",
    12: "md:grid-cols-12",
  },
  lg: {
    1: "lg:grid-cols-1",
    2: "lg:grid-cols-2",
    3: "lg:grid-cols-3",
    4: "lg:grid-cols-4",
    5: "lg:grid-cols-5",
    6: "lg:grid-cols-6",
    12: "lg:grid-cols-12",
  },
  xl: {
    1: "xl:grid-cols-1",
    2: "xl:grid-cols-2",
    3: "xl:grid-cols-3",
    4: "xl:grid-cols-4",
    5: "xl:grid-cols-5",
    6: "xl:grid-cols-6",
    12: "xl:grid-cols-12",
  },
}

export interface GridProps extends ComponentProps<"div"> {
  /** Number of equal columns; one value or one per breakpoint (`{ base: 1, md: 2, lg: 3 }`). @default 1 */
  columns?: ResponsiveValue<GridColumns>
  /** Space between cells, a step of the spacing scale (6 = 1.5rem); may be responsive. @default 6 */
  gap?: ResponsiveValue<SpaceScale>
  /** Render the single child (a `<ul>`, say) with the grid's layout instead of a `<div>`. */
  asChild?: boolean
}

/** Equal-width columns that change with the screen width. */
export function Grid({ columns = 1, gap = 6, asChild = false, className, ...props }: GridProps) {
  const Comp = asChild ? Slot : "div"
  return (
    <Comp
      data-slot="grid"
      data-columns={baseValue(columns)}
      className={cn(
        "grid",
        responsiveClasses(columns, columnClasses),
        responsiveClasses(gap, gapClasses),
        className,
      )}
      {...props}
    />
  )
}

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
} from "./responsive"

export type StackDirection = "row" | "column"
export type StackAlign = "start" | "center" | "end" | "stretch" | "baseline"
export type StackJustify = "start" | "center" | "end" | "between" | "around" | "evenly"

const directionClasses: ResponsiveClassMap<StackDirection> = {
  base: { row: "flex-row", column: "flex-col" },
  sm: { row: "sm:flex-row", column: "sm:flex-col" },
  md: { row: "md:flex-row", column: "md:flex-col" },
  lg: { row: "lg:flex-row", column: "lg:flex-col" },
  xl: { row: "xl:flex-row", column: "xl:flex-col" },
}

const alignClasses: Record<StackAlign, string> = {
  start: "items-start",
  center: "items-center",
  end: "items-end",
  stretch: "items-stretch",
  baseline: "items-baseline",
}

const justifyClasses: Record<StackJustify, string> = {
  start: "justify-start",
  center: "justify-center",
  end: "justify-end",
  between: "justify-between",
  around: "justify-around",
  evenly: "justify-evenly",
}

export interface StackProps extends ComponentProps<"div"> {
  /** Main axis; one value or one per breakpoint (`{ base: "column", md: "row" }`). @default "column" */
  direction?: ResponsiveValue<StackDirection>
  /** Space between children, a step of the spacing scale (4 = 1rem); may be responsive. @default 4 */
  gap?: ResponsiveValue<SpaceScale>
  /** Cross-axis alignment. @default "stretch" */
  align?: StackAlign
  /** Main-axis distribution. @default "start" */
  justify?: StackJustify
  /** Let children wrap onto new lines. @default false */
  wrap?: boolean
  /** Render the single child (a `<ul>`, a `<section>`) with the stack's layout instead of a `<div>`. */
  asChild?: boolean
}

/** Lays children out in a row or a column with a gap from the spacing scale. */
export function Stack({
  direction = "column",
  gap = 4,
  align = "stretch",
  justify = "start",
  wrap = false,
  asChild = false,
  className,
  ...props
}: StackProps) {
  const Comp = asChild ? Slot : "div"
  return (
    <Comp
      data-slot="stack"
      data-direction={baseValue(direction)}
      className={cn(
        "flex",
        responsiveClasses(direction, directionClasses),
        responsiveClasses(gap, gapClasses),
        alignClasses[align],
        justifyClasses[justify],
        wrap ? "flex-wrap" : "flex-nowrap",
        className,
      )}
      {...props}
    />
  )
}

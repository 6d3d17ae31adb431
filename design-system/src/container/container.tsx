import { Slot } from "@radix-ui/react-slot"
import { cva } from "class-variance-authority"
import type { ComponentProps } from "react"
import { cn } from "../lib/cn"

export const containerVariants = /* @__PURE__ */ cva("mx-auto w-full", {
  variants: {
    size: {
      /** 42rem: reading width (articles, docs, forms). */
      sm: "max-w-2xl",
      /** 56rem. */
      md: "max-w-4xl",
      /** 72rem: most pages. */
      lg: "max-w-6xl",
      /** 80rem: wide dashboards, the header. */
      xl: "max-w-7xl",
      full: "max-w-none",
    },
    padding: {
      none: "px-0",
      sm: "px-4",
      md: "px-4 sm:px-6",
      lg: "px-4 sm:px-6 lg:px-8",
    },
  },
  defaultVariants: { size: "lg", padding: "md" },
})

export type ContainerSize = "sm" | "md" | "lg" | "xl" | "full"
export type ContainerPadding = "none" | "sm" | "md" | "lg"

export interface ContainerProps extends ComponentProps<"div"> {
  /** Largest width. @default "lg" */
  size?: ContainerSize
  /** Space at the sides, growing with the screen. @default "md" */
  padding?: ContainerPadding
  /** Render the single child (a `<section>`, `<main>`) as the container instead of a `<div>`. */
  asChild?: boolean
}

/** Centres content and limits its width, with side padding that grows on larger screens. */
export function Container({
  size = "lg",
  padding = "md",
  asChild = false,
  className,
  ...props
}: ContainerProps) {
  const Comp = asChild ? Slot : "div"
  return (
    <Comp
      data-slot="container"
      data-size={size}
      className={cn(containerVariants({ size, padding }), className)}
      {...props}
    />
  )
}

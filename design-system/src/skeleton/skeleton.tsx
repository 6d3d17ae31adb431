import { cva } from "class-variance-authority"
import type { ComponentProps, ReactNode } from "react"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"

export type SkeletonShape = "text" | "circle" | "rect"

export const skeletonVariants = /* @__PURE__ */ cva("block shrink-0 bg-skeleton motion-safe:animate-pulse", {
  variants: {
    shape: {
      // As tall as a line of body text, with the line's leading around it.
      text: "my-1 h-3 w-full rounded-sm",
      circle: "size-10 rounded-full",
      rect: "h-24 w-full rounded-md",
    },
  },
  defaultVariants: { shape: "text" },
})

export interface SkeletonProps extends Omit<ComponentProps<"span">, "children"> {
  /** A line of text, a round avatar or a block (image, chart, card). Size it with `className`. @default "text" */
  shape?: SkeletonShape
}

/**
 * A grey placeholder of content that is loading. Hidden from screen readers: put skeletons in a
 * `SkeletonGroup`, which announces the loading once.
 */
export function Skeleton({ shape = "text", className, ...props }: SkeletonProps) {
  return (
    <span
      data-slot="skeleton"
      data-variant={shape}
      aria-hidden="true"
      className={cn(skeletonVariants({ shape }), className)}
      {...props}
    />
  )
}

export interface SkeletonTextProps extends Omit<ComponentProps<"span">, "children"> {
  /** How many lines of text; the last one is shorter, like the end of a paragraph. @default 3 */
  lines?: number
}

/** Lines of placeholder text. */
export function SkeletonText({ lines = 3, className, ...props }: SkeletonTextProps) {
  return (
    <span
      data-slot="skeleton-text"
      aria-hidden="true"
      className={cn("flex w-full flex-col", className)}
      {...props}
    >
      {Array.from({ length: Math.max(1, lines) }, (_, index) => (
        <Skeleton key={index} className={index === lines - 1 && lines > 1 ? "w-3/5" : undefined} />
      ))}
    </span>
  )
}

export interface SkeletonGroupProps extends ComponentProps<"div"> {
  /** Announced once while the skeletons are shown. @default the provider's "Loading…" */
  label?: string
  /** The skeletons, laid out like the content they stand for. */
  children: ReactNode
}

/** A region of skeletons: busy for assistive technology, with one spoken "Loading…". */
export function SkeletonGroup({ label, className, children, ...props }: SkeletonGroupProps) {
  const { messages } = useMessages()
  return (
    <div
      data-slot="skeleton-group"
      data-state="loading"
      // A status, not aria-busy: a busy region may keep screen readers from saying "Loading…" at all.
      role="status"
      className={cn("block", className)}
      {...props}
    >
      <span className="sr-only">{label ?? messages.loading}</span>
      <div aria-hidden="true" className="contents">
        {children}
      </div>
    </div>
  )
}

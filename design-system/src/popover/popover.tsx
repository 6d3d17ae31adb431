import * as PopoverPrimitive from "@radix-ui/react-popover"
import { cva } from "class-variance-authority"
import type { ComponentProps } from "react"
import { cn } from "../lib/cn"

/** Holds the open state. Controlled with `open` + `onOpenChange`, or uncontrolled with `defaultOpen`. */
export const Popover = PopoverPrimitive.Root
/** The element that toggles the popover; use `asChild` with a Button. Focus returns to it on close. */
export const PopoverTrigger = PopoverPrimitive.Trigger
/** Positions the popover against another element than its trigger. */
export const PopoverAnchor = PopoverPrimitive.Anchor
/** Closes the popover when its child is activated; use `asChild` with a Button. */
export const PopoverClose = PopoverPrimitive.Close

export const popoverContentVariants = /* @__PURE__ */ cva([
  "z-popover w-72 max-w-[calc(100vw-1rem)] rounded-lg border border-border bg-surface p-4 text-sm text-foreground",
  "shadow-popover outline-none motion-safe:data-[state=open]:animate-popover-in",
])

export interface PopoverContentProps extends ComponentProps<typeof PopoverPrimitive.Content> {
  /** Draw an arrow pointing at the trigger. @default false */
  arrow?: boolean
  /** Distance from the trigger in pixels. @default 8 */
  sideOffset?: number
}

/**
 * The floating panel, rendered in a portal above the page. It is a non-modal dialog: name it with a
 * `PopoverTitle` inside (or `aria-label`). Escape and a click outside close it.
 */
export function PopoverContent({
  arrow = false,
  sideOffset = 8,
  collisionPadding = 8,
  className,
  children,
  ...props
}: PopoverContentProps) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        data-slot="popover"
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(popoverContentVariants(), className)}
        {...props}
      >
        {children}
        {arrow ? (
          <PopoverPrimitive.Arrow asChild width={16} height={8}>
            {/* Filled with the surface and outlined on its two slanted edges, so it continues the border;
                lifted by a pixel to cover the border line where it meets the panel. */}
            <svg data-slot="popover-arrow" className="-mt-px overflow-visible" aria-hidden="true">
              <path d="M0 0 L15 10 L30 0" className="fill-surface" />
              <path
                d="M0 0 L15 10 L30 0"
                className="fill-none stroke-border"
                vectorEffect="non-scaling-stroke"
              />
            </svg>
          </PopoverPrimitive.Arrow>
        ) : null}
      </PopoverPrimitive.Content>
    </PopoverPrimitive.Portal>
  )
}

/** The popover's heading; it names the popover for screen readers. */
export function PopoverTitle({ className, ...props }: ComponentProps<typeof PopoverPrimitive.Title>) {
  return (
    <PopoverPrimitive.Title
      data-slot="popover-title"
      className={cn("mb-1 text-sm font-semibold leading-snug", className)}
      {...props}
    />
  )
}

/** A sentence under the title; it describes the popover for screen readers. */
export function PopoverDescription({
  className,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Description>) {
  return (
    <PopoverPrimitive.Description
      data-slot="popover-description"
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  )
}

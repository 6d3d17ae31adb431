import * as Primitive from "@radix-ui/react-dialog"
import { Slot } from "@radix-ui/react-slot"
import { cva } from "class-variance-authority"
import type { ComponentProps, RefObject } from "react"
import { CloseIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"
import { scrollableBodyFocus, useScrollableBody } from "./scrollable-body"

/*
 * A dialog (Radix Dialog) in parts, as shadcn/ui's: role="dialog" named by `DialogTitle` and described by
 * `DialogDescription`, the focus trapped inside, Escape and a click on the overlay close it, and the focus returns
 * to the opener. `Modal` is the composition for the usual title/body/footer window; the parts compose others.
 */

/** The box of a Modal, a Dialog and an AlertDialog. */
export const modalVariants = /* @__PURE__ */ cva(
  [
    "fixed left-1/2 top-1/2 z-modal flex max-h-[85vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col",
    "rounded-lg border border-border bg-surface text-foreground shadow-overlay outline-none",
    "motion-safe:data-[state=open]:animate-modal-in",
  ],
  {
    variants: {
      size: { sm: "max-w-sm", md: "max-w-lg", lg: "max-w-3xl" },
    },
    defaultVariants: { size: "md" },
  },
)

export type ModalSize = "sm" | "md" | "lg"

export const Dialog = Primitive.Root
export const DialogTrigger = Primitive.Trigger
/** Closes the surrounding dialog when its child is activated (use with `asChild` around a Button). */
export const DialogClose = Primitive.Close

/** The "×" button of a dialog's corner (Modal places it in its header). */
export function DialogCloseButton({
  label,
  className,
  ...props
}: Omit<Primitive.DialogCloseProps, "children"> & { label?: string }) {
  const { messages } = useMessages()
  return (
    <Primitive.Close
      aria-label={label ?? messages.close}
      className={cn(
        "inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground",
        "hover:bg-surface-muted hover:text-foreground",
        "focus-ring",
        className,
      )}
      {...props}
    >
      <CloseIcon size={16} />
    </Primitive.Close>
  )
}

export interface DialogContentProps extends Primitive.DialogContentProps {
  /** @default "md" */
  size?: ModalSize
  /**
   * "center": the Modal's box, centred, sized by `size` and padded. "none": no place, size or padding of its own,
   * the `className` gives them (a Drawer's panel along an edge); `size` then only names it in `data-size`.
   * @default "center"
   */
  placement?: "center" | "none"
  /**
   * The element that takes the focus when the dialog opens (the field to fill in). Without it the focus goes to
   * the first focusable element inside. An `onOpenAutoFocus` that calls `event.preventDefault()` overrides both.
   */
  initialFocus?: RefObject<HTMLElement | null>
  /** Shows the "×" button in the top corner. @default true */
  showCloseButton?: boolean
  /** Accessible name of the "×" button. @default the provider's "Close" */
  closeLabel?: string
  /** Names the box; the overlay and the "×" button get it with `-overlay` and `-close`. @default "dialog" */
  "data-slot"?: string
}

/** The overlay and the box (portalled to the end of the document), in the Modal's look and sizes by default. */
export function DialogContent({
  size = "md",
  placement = "center",
  initialFocus,
  showCloseButton = true,
  closeLabel,
  onOpenAutoFocus,
  className,
  children,
  "data-slot": slot = "dialog",
  ...props
}: DialogContentProps) {
  return (
    <Primitive.Portal>
      <Primitive.Overlay
        data-slot={`${slot}-overlay`}
        className="fixed inset-0 z-overlay bg-overlay motion-safe:data-[state=open]:animate-overlay-in"
      />
      <Primitive.Content
        data-slot={slot}
        data-size={size}
        data-close-button={showCloseButton ? "" : undefined}
        className={cn(placement === "center" && [modalVariants({ size }), "gap-4 p-6"], className)}
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event)
          const target = initialFocus?.current
          if (event.defaultPrevented || !target) return
          event.preventDefault()
          target.focus({ preventScroll: true })
        }}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <DialogCloseButton
            data-slot={`${slot}-close`}
            label={closeLabel}
            className="absolute right-4 top-5"
          />
        ) : null}
      </Primitive.Content>
    </Primitive.Portal>
  )
}

type SectionProps = ComponentProps<"div"> & {
  /** Renders its only child (a `<header>`, a `<footer>`) with these props instead of a `<div>`. */
  asChild?: boolean
}

/** Title and description, stacked; it leaves room for the "×" button of `DialogContent`. */
export function DialogHeader({ asChild, className, ...props }: SectionProps) {
  const Component = asChild ? Slot : "div"
  return (
    <Component
      data-slot="dialog-header"
      className={cn("flex min-w-0 flex-col gap-1 in-data-close-button:pr-10", className)}
      {...props}
    />
  )
}

/** The actions, at the end of the line (they wrap on a narrow screen). */
export function DialogFooter({ asChild, className, ...props }: SectionProps) {
  const Component = asChild ? Slot : "div"
  return (
    <Component
      data-slot="dialog-footer"
      className={cn("flex flex-wrap justify-end gap-3", className)}
      {...props}
    />
  )
}

export function DialogTitle({ className, ...props }: Primitive.DialogTitleProps) {
  return (
    <Primitive.Title
      data-slot="dialog-title"
      className={cn("text-lg font-semibold leading-tight", className)}
      {...props}
    />
  )
}

export function DialogDescription({ className, ...props }: Primitive.DialogDescriptionProps) {
  return (
    <Primitive.Description
      data-slot="dialog-description"
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  )
}

/**
 * The scrolling part of a window between its header and footer (Modal, Drawer): while its content overflows it
 * takes part in the tab order, so the keyboard can scroll it even when it holds nothing focusable.
 */
export function DialogBody({ className, ...props }: Omit<ComponentProps<"div">, "ref" | "tabIndex">) {
  const scrollableBody = useScrollableBody()
  return (
    <div
      data-slot="dialog-body"
      {...props}
      {...scrollableBody}
      className={cn(
        "min-h-0 flex-1 overflow-y-auto px-6 text-sm leading-relaxed",
        className,
        scrollableBodyFocus,
      )}
    />
  )
}

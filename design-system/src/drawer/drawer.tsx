import * as Dialog from "@radix-ui/react-dialog"
import { cva } from "class-variance-authority"
import type { ReactElement, ReactNode } from "react"
import { CloseIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"
import { scrollableBodyFocus, useScrollableBody } from "../modal/scrollable-body"

export const drawerVariants = /* @__PURE__ */ cva(
  [
    "fixed z-modal flex flex-col border-border bg-surface text-foreground shadow-overlay outline-none",
    "motion-safe:transition-transform motion-safe:duration-200 motion-safe:ease-out",
  ],
  {
    variants: {
      side: {
        right: "inset-y-0 right-0 h-full w-full border-l motion-safe:starting:translate-x-full",
        left: "inset-y-0 left-0 h-full w-full border-r motion-safe:starting:-translate-x-full",
        bottom: "inset-x-0 bottom-0 w-full rounded-t-lg border-t motion-safe:starting:translate-y-full",
      },
      size: { sm: "", md: "", lg: "" },
    },
    compoundVariants: [
      { side: ["right", "left"], size: "sm", className: "max-w-sm" },
      { side: ["right", "left"], size: "md", className: "max-w-md" },
      { side: ["right", "left"], size: "lg", className: "max-w-2xl" },
      { side: "bottom", size: "sm", className: "max-h-[40vh]" },
      { side: "bottom", size: "md", className: "max-h-[60vh]" },
      { side: "bottom", size: "lg", className: "max-h-[85vh]" },
    ],
    defaultVariants: { side: "right", size: "md" },
  },
)

export type DrawerSide = "right" | "left" | "bottom"
export type DrawerSize = "sm" | "md" | "lg"

export interface DrawerProps {
  /** Controlled open state. Leave undefined (with `trigger`) to let the drawer manage itself. */
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /** Called whenever the drawer closes: close button, Escape, overlay click or a `DrawerClose` part. */
  onClose?: () => void
  /** The edge it slides in from. @default "right" */
  side?: DrawerSide
  /** Width of a side drawer (384, 448 or 672 px, never wider than the screen); height cap of a bottom one. @default "md" */
  size?: DrawerSize
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** Actions pinned to the bottom, usually Buttons; wrap one in `<DrawerClose asChild>` to close. */
  footer?: ReactNode
  /** The element that opens the drawer; focus returns to it on close. */
  trigger?: ReactElement
  /** Accessible name of the close button; defaults to the provider's text for "close". */
  closeLabel?: string
  /** @default true */
  closeOnEscape?: boolean
  /** @default true */
  closeOnOverlayClick?: boolean
  className?: string
}

/**
 * A panel that slides in from an edge of the screen, for details and forms that need more room than a
 * Modal (a worker's profile, filters of the task list). Modal behaviour: focus is trapped, the page
 * behind is inert and does not scroll.
 */
export function Drawer({
  open,
  defaultOpen,
  onOpenChange,
  onClose,
  side = "right",
  size = "md",
  title,
  description,
  children,
  footer,
  trigger,
  closeLabel,
  closeOnEscape = true,
  closeOnOverlayClick = true,
  className,
}: DrawerProps) {
  const { messages } = useMessages()
  const scrollableBody = useScrollableBody()
  const handleOpenChange = (next: boolean) => {
    onOpenChange?.(next)
    if (!next) onClose?.()
  }
  return (
    <Dialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={handleOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay
          data-slot="drawer-overlay"
          className="fixed inset-0 z-overlay bg-overlay motion-safe:data-[state=open]:animate-overlay-in"
        />
        <Dialog.Content
          data-slot="drawer"
          data-side={side}
          data-size={size}
          className={cn(drawerVariants({ side, size }), className)}
          onEscapeKeyDown={(event) => {
            if (!closeOnEscape) event.preventDefault()
          }}
          onPointerDownOutside={(event) => {
            if (!closeOnOverlayClick) event.preventDefault()
          }}
          // Radix describes the dialog by its Description part; without one, say so explicitly.
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <header className="flex items-start justify-between gap-4 border-b border-border px-6 py-5">
            <div className="flex min-w-0 flex-col gap-1">
              <Dialog.Title className="text-lg font-semibold leading-tight">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="text-sm text-muted-foreground">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              data-slot="drawer-close"
              aria-label={closeLabel ?? messages.close}
              className={cn(
                "-mr-2 -mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground",
                "hover:bg-surface-muted hover:text-foreground",
                "focus-ring",
              )}
            >
              <CloseIcon size={16} />
            </Dialog.Close>
          </header>
          <div
            data-slot="drawer-body"
            {...scrollableBody}
            className={cn(
              "min-h-0 flex-1 overflow-y-auto px-6 py-5 text-sm leading-relaxed",
              scrollableBodyFocus,
            )}
          >
            {children}
          </div>
          {footer ? (
            <footer
              data-slot="drawer-footer"
              className="flex flex-wrap justify-end gap-3 border-t border-border px-6 py-4"
            >
              {footer}
            </footer>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** Closes the surrounding Drawer when its child is activated. */
export const DrawerClose = Dialog.Close

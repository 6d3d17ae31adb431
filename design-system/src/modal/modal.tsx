import * as Dialog from "@radix-ui/react-dialog"
import { cva } from "class-variance-authority"
import type { ReactElement, ReactNode } from "react"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"
import { scrollableBodyFocus, useScrollableBody } from "./scrollable-body"

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

export interface ModalProps {
  /** Controlled open state. Leave undefined (with `trigger`) to let the modal manage itself. */
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /** Called whenever the modal closes: close button, Escape, overlay click or a `Modal.Close` part. */
  onClose?: () => void
  /** @default "md" */
  size?: ModalSize
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** Actions shown at the bottom, usually Buttons; wrap one in `<ModalClose asChild>` to close. */
  footer?: ReactNode
  /** The element that opens the modal; focus returns to it on close. */
  trigger?: ReactElement
  /** Accessible name of the close button; defaults to the provider's text for "close". */
  closeLabel?: string
  /** @default true */
  closeOnEscape?: boolean
  /** @default true */
  closeOnOverlayClick?: boolean
  className?: string
}

export function Modal({
  open,
  defaultOpen,
  onOpenChange,
  onClose,
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
}: ModalProps) {
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
          data-slot="modal-overlay"
          className="fixed inset-0 z-overlay bg-overlay motion-safe:data-[state=open]:animate-overlay-in"
        />
        <Dialog.Content
          data-slot="modal"
          data-size={size}
          className={cn(modalVariants({ size }), className)}
          onEscapeKeyDown={(event) => {
            if (!closeOnEscape) event.preventDefault()
          }}
          onPointerDownOutside={(event) => {
            if (!closeOnOverlayClick) event.preventDefault()
          }}
          // Radix describes the dialog by its Description part; without one, say so explicitly.
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <header className="flex items-start justify-between gap-4 px-6 pt-6">
            <div className="flex flex-col gap-1">
              <Dialog.Title className="text-lg font-semibold leading-tight">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="text-sm text-muted-foreground">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              data-slot="modal-close"
              aria-label={closeLabel ?? messages.close}
              className={cn(
                "-mr-2 -mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground",
                "hover:bg-surface-muted hover:text-foreground",
                "focus-ring",
              )}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 16 16"
                className="size-4"
                fill="none"
                stroke="currentColor"
              >
                <path d="M4 4l8 8M12 4l-8 8" strokeWidth="1.75" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </header>
          <div
            data-slot="modal-body"
            {...scrollableBody}
            className={cn(
              "min-h-0 flex-1 overflow-y-auto px-6 py-4 text-sm leading-relaxed",
              scrollableBodyFocus,
            )}
          >
            {children}
          </div>
          {footer ? (
            <footer
              data-slot="modal-footer"
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

/** Closes the surrounding Modal when its child is activated. */
export const ModalClose = Dialog.Close

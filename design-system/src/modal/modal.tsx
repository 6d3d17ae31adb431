import type { ReactElement, ReactNode } from "react"
import { cn } from "../lib/cn"
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogCloseButton,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  type ModalSize,
} from "./dialog"

export { modalVariants, type ModalSize } from "./dialog"

/** A window over the page with a title, a scrolling body and a footer of actions: a Modal, and a Drawer's too. */
export interface ModalProps {
  /** Controlled open state. Leave undefined (with `trigger`) to let the dialog manage itself. */
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /** Called whenever it closes: close button, Escape, overlay click or a close part (`ModalClose`, `DrawerClose`). */
  onClose?: () => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  /** Actions shown at the bottom, usually Buttons; wrap one in the close part with `asChild` to close. */
  footer?: ReactNode
  /** The element that opens it; focus returns to it on close. */
  trigger?: ReactElement
  /** Accessible name of the close button; defaults to the provider's text for "close". */
  closeLabel?: string
  /**
   * Once it has closed (after its exit animation) the focus goes back to where it was; call
   * `event.preventDefault()` here to put it elsewhere (when the opener is gone).
   */
  onCloseAutoFocus?: (event: Event) => void
  /** @default true */
  closeOnEscape?: boolean
  /** @default true */
  closeOnOverlayClick?: boolean
  className?: string
  /** @default "md" */
  size?: ModalSize
}

/**
 * A dialog over the page: focus is trapped, the page behind is inert and does not scroll. The Dialog parts
 * composed as a window with a title (and the "×" button beside it), a scrolling body and a footer of actions.
 */
export function Modal({
  size = "md",
  className,
  open,
  defaultOpen,
  onOpenChange,
  onClose,
  title,
  description,
  children,
  footer,
  trigger,
  closeLabel,
  onCloseAutoFocus,
  closeOnEscape = true,
  closeOnOverlayClick = true,
}: ModalProps) {
  const handleOpenChange = (next: boolean) => {
    onOpenChange?.(next)
    if (!next) onClose?.()
  }
  return (
    <Dialog open={open} defaultOpen={defaultOpen} onOpenChange={handleOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent
        data-slot="modal"
        size={size}
        // The window lays out its own sections (padded header, body and footer) and places the "×" in its header.
        showCloseButton={false}
        className={cn("gap-0 p-0", className)}
        onCloseAutoFocus={onCloseAutoFocus}
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
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description ? <DialogDescription>{description}</DialogDescription> : null}
          </DialogHeader>
          <DialogCloseButton data-slot="modal-close" label={closeLabel} className="-mr-2 -mt-1" />
        </header>
        <DialogBody data-slot="modal-body" className="py-4">
          {children}
        </DialogBody>
        {footer ? (
          <DialogFooter asChild>
            <footer data-slot="modal-footer" className="border-t border-border px-6 py-4">
              {footer}
            </footer>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

/** Closes the surrounding Modal when its child is activated. */
export const ModalClose = DialogClose

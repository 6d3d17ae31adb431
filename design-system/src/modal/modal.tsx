import type { ReactElement, ReactNode } from "react"
import { cn } from "../lib/cn"
import { DialogClose, type ModalSize } from "./dialog"
import { DialogWindow } from "./dialog-window"

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
export function Modal({ size = "md", className, ...window }: ModalProps) {
  return (
    <DialogWindow
      slot="modal"
      content={{ size, className: cn("gap-0 p-0", className) }}
      headerClassName="pt-6"
      bodyClassName="py-4"
      {...window}
    />
  )
}

/** Closes the surrounding Modal when its child is activated. */
export const ModalClose = DialogClose

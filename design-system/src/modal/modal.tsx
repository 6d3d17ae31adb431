import { cn } from "../lib/cn"
import {
  Dialog,
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
import type { DialogFrameProps } from "./dialog-frame"
import { scrollableBodyFocus, useScrollableBody } from "./scrollable-body"

export { modalVariants, type ModalSize } from "./dialog"

export interface ModalProps extends DialogFrameProps {
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
  const scrollableBody = useScrollableBody()
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

import { cn } from "../lib/cn"
import {
  Dialog,
  DialogBody,
  DialogCloseButton,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  type DialogContentProps,
} from "./dialog"
import type { ModalProps } from "./modal"

export interface DialogWindowProps extends Omit<ModalProps, "size" | "className"> {
  /** Names the window and its parts in `data-slot`: "modal", "modal-body", "drawer-close"… */
  slot: "modal" | "drawer"
  /** The box: its size, placement and classes (a Drawer's panel along an edge). */
  content: Pick<DialogContentProps, "size" | "placement" | "className"> & { "data-side"?: string }
  /** Spacing of the header (title and "×") and of the scrolling body. */
  headerClassName: string
  bodyClassName: string
}

/**
 * The Dialog parts composed as a window: a title with the "×" beside it, a scrolling body and a footer of
 * actions, closing on Escape and a click beside it unless told not to. Modal and Drawer are this window in their
 * own boxes.
 */
export function DialogWindow({
  slot,
  content,
  headerClassName,
  bodyClassName,
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
}: DialogWindowProps) {
  const handleOpenChange = (next: boolean) => {
    onOpenChange?.(next)
    if (!next) onClose?.()
  }
  return (
    <Dialog open={open} defaultOpen={defaultOpen} onOpenChange={handleOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent
        data-slot={slot}
        {...content}
        // The window lays out its own sections and places the "×" in its header.
        showCloseButton={false}
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
        <header className={cn("flex items-start justify-between gap-4 px-6", headerClassName)}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description ? <DialogDescription>{description}</DialogDescription> : null}
          </DialogHeader>
          <DialogCloseButton data-slot={`${slot}-close`} label={closeLabel} className="-mr-2 -mt-1" />
        </header>
        <DialogBody data-slot={`${slot}-body`} className={bodyClassName}>
          {children}
        </DialogBody>
        {footer ? (
          <DialogFooter asChild>
            <footer data-slot={`${slot}-footer`} className="border-t border-border px-6 py-4">
              {footer}
            </footer>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

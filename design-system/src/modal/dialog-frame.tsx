import * as Dialog from "@radix-ui/react-dialog"
import type { ReactElement, ReactNode } from "react"
import { CloseIcon } from "../icons/icons"
import { cn } from "../lib/cn"
import { useMessages } from "../provider/provider"
import { scrollableBodyFocus, useScrollableBody } from "./scrollable-body"

/** What Modal and Drawer share: the Radix dialog, its close behaviour and the title/body/footer layout. */
export interface DialogFrameProps {
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
}

interface FrameLayout {
  /** "modal" or "drawer": prefixes the data-slot of every part. */
  slot: string
  contentClassName: string
  contentData: Record<`data-${string}`, string>
  headerClassName: string
  bodyClassName: string
}

export function DialogFrame({
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
  slot,
  contentClassName,
  contentData,
  headerClassName,
  bodyClassName,
}: Omit<DialogFrameProps, "className"> & FrameLayout) {
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
          data-slot={`${slot}-overlay`}
          className="fixed inset-0 z-overlay bg-overlay motion-safe:data-[state=open]:animate-overlay-in"
        />
        <Dialog.Content
          data-slot={slot}
          {...contentData}
          className={contentClassName}
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
          <header className={cn("flex items-start justify-between gap-4", headerClassName)}>
            <div className="flex min-w-0 flex-col gap-1">
              <Dialog.Title className="text-lg font-semibold leading-tight">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="text-sm text-muted-foreground">
                  {description}
                </Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              data-slot={`${slot}-close`}
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
            data-slot={`${slot}-body`}
            {...scrollableBody}
            className={cn(
              "min-h-0 flex-1 overflow-y-auto px-6 text-sm leading-relaxed",
              bodyClassName,
              scrollableBodyFocus,
            )}
          >
            {children}
          </div>
          {footer ? (
            <footer
              data-slot={`${slot}-footer`}
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

import * as Dialog from "@radix-ui/react-dialog"
import type { ReactNode, RefObject } from "react"
import { CloseIcon } from "../icons"
import { cn } from "../lib/cn"

export interface MobileNavDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The header's menu button: the panel's `aria-controls` target is `contentId`, and focus returns to it. */
  triggerRef: RefObject<HTMLButtonElement | null>
  contentId: string
  /** The panel's accessible name (the navigation's label). */
  title: string
  closeLabel: string
  logo: ReactNode
  /** Hides the panel from the breakpoint up, with the menu button. */
  smallOnlyClassName: string
  /** The panel's body: navigation, languages and actions. */
  children: ReactNode
}

/**
 * The header's small-screen menu panel, a Radix dialog loaded when the menu button is first pressed (header.tsx
 * keeps the button itself, with the markup of Radix's trigger). Once here it stays mounted, as Radix's would.
 */
export function MobileNavDialog({
  open,
  onOpenChange,
  triggerRef,
  contentId,
  title,
  closeLabel,
  logo,
  smallOnlyClassName,
  children,
}: MobileNavDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-slot="header-menu-overlay"
          className={cn(
            "fixed inset-0 z-overlay bg-overlay motion-safe:animate-overlay-in",
            smallOnlyClassName,
          )}
        />
        <Dialog.Content
          id={contentId}
          data-slot="header-menu"
          aria-describedby={undefined}
          className={cn(
            "fixed inset-y-0 right-0 z-modal flex w-full max-w-sm flex-col bg-surface text-foreground",
            "shadow-overlay outline-none motion-safe:animate-overlay-in",
            smallOnlyClassName,
          )}
          // What Radix does for its own trigger: the button gets the focus back, also in Safari, where a
          // click does not focus a button.
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            triggerRef.current?.focus()
          }}
        >
          <Dialog.Title className="sr-only">{title}</Dialog.Title>
          <div className="flex h-16 shrink-0 items-center justify-between gap-4 border-b border-border px-4">
            {/* A click on a link inside (in an app that routes without reloading) closes the panel. */}
            <div className="flex items-center" onClick={() => onOpenChange(false)}>
              {logo}
            </div>
            <Dialog.Close
              data-slot="header-menu-close"
              aria-label={closeLabel}
              className={cn(
                "-mr-2 inline-flex size-10 items-center justify-center rounded-md text-muted-foreground",
                "hover:bg-surface-muted hover:text-foreground focus-ring",
              )}
            >
              <CloseIcon size={22} />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

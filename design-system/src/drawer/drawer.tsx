import { cva } from "class-variance-authority"
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
} from "../modal/dialog"
import type { ModalProps } from "../modal/modal"

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

/** A Modal's props (title, body, footer, trigger, close behaviour), with the edge and the width of a panel. */
export interface DrawerProps extends Omit<ModalProps, "size"> {
  /** The edge it slides in from. @default "right" */
  side?: DrawerSide
  /** Width of a side drawer (384, 448 or 672 px, never wider than the screen); height cap of a bottom one. @default "md" */
  size?: DrawerSize
}

/**
 * A panel that slides in from an edge of the screen, for details and forms that need more room than a
 * Modal (a worker's profile, filters of the task list). Modal behaviour: focus is trapped, the page
 * behind is inert and does not scroll. The Dialog parts composed as the Modal's window, in a panel of its own.
 */
export function Drawer({
  side = "right",
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
}: DrawerProps) {
  const handleOpenChange = (next: boolean) => {
    onOpenChange?.(next)
    if (!next) onClose?.()
  }
  return (
    <Dialog open={open} defaultOpen={defaultOpen} onOpenChange={handleOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent
        data-slot="drawer"
        data-side={side}
        size={size}
        // The panel is placed, sized and laid out here, not as the Modal's centred box.
        placement="none"
        showCloseButton={false}
        className={cn(drawerVariants({ side, size }), className)}
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
        <header className="flex items-start justify-between gap-4 border-b border-border px-6 py-5">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            {description ? <DialogDescription>{description}</DialogDescription> : null}
          </DialogHeader>
          <DialogCloseButton data-slot="drawer-close" label={closeLabel} className="-mr-2 -mt-1" />
        </header>
        <DialogBody data-slot="drawer-body" className="py-5">
          {children}
        </DialogBody>
        {footer ? (
          <DialogFooter asChild>
            <footer data-slot="drawer-footer" className="border-t border-border px-6 py-4">
              {footer}
            </footer>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

/** Closes the surrounding Drawer when its child is activated. */
export const DrawerClose = DialogClose

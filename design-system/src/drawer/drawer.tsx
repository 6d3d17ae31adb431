import { cva } from "class-variance-authority"
import { cn } from "../lib/cn"
import { DialogClose } from "../modal/dialog"
import { DialogWindow } from "../modal/dialog-window"
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
export function Drawer({ side = "right", size = "md", className, ...window }: DrawerProps) {
  return (
    <DialogWindow
      slot="drawer"
      // The panel is placed, sized and laid out here, not as the Modal's centred box.
      content={{
        size,
        placement: "none",
        className: cn(drawerVariants({ side, size }), className),
        "data-side": side,
      }}
      headerClassName="border-b border-border py-5"
      bodyClassName="py-5"
      {...window}
    />
  )
}

/** Closes the surrounding Drawer when its child is activated. */
export const DrawerClose = DialogClose

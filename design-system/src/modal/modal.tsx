import * as Dialog from "@radix-ui/react-dialog"
import { cva } from "class-variance-authority"
import { cn } from "../lib/cn"
import { DialogFrame, type DialogFrameProps } from "./dialog-frame"

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

export interface ModalProps extends DialogFrameProps {
  /** @default "md" */
  size?: ModalSize
}

/** A dialog over the page: focus is trapped, the page behind is inert and does not scroll. */
export function Modal({ size = "md", className, ...props }: ModalProps) {
  return (
    <DialogFrame
      {...props}
      slot="modal"
      contentClassName={cn(modalVariants({ size }), className)}
      contentData={{ "data-size": size }}
      headerClassName="px-6 pt-6"
      bodyClassName="py-4"
    />
  )
}

/** Closes the surrounding Modal when its child is activated. */
export const ModalClose = Dialog.Close

import * as Primitive from "@radix-ui/react-alert-dialog"
import { useState, type ComponentProps, type ReactElement, type ReactNode } from "react"
import { Button } from "../button/button"
import { cn } from "../lib/cn"
import { modalVariants } from "../modal/modal"
import { useMessages } from "../provider/provider"

/*
 * A confirmation that interrupts (Radix AlertDialog): role="alertdialog", the focus starts on Cancel, Escape
 * cancels, a click on the overlay does nothing (the choice has to be made), and the focus returns to the opener.
 * `AlertDialog` is the composition for the usual "are you sure?"; the parts below compose other layouts.
 */

export const AlertDialogRoot = Primitive.Root
export const AlertDialogTrigger = Primitive.Trigger
export const AlertDialogPortal = Primitive.Portal

/** The overlay and the box, in the Modal's look (sm by default: a question, not a form). */
export function AlertDialogContent({
  size = "sm",
  className,
  children,
  ...props
}: Primitive.AlertDialogContentProps & { size?: "sm" | "md" }) {
  return (
    <Primitive.Portal>
      <Primitive.Overlay
        data-slot="alert-dialog-overlay"
        className="fixed inset-0 z-overlay bg-overlay motion-safe:data-[state=open]:animate-overlay-in"
      />
      <Primitive.Content
        data-slot="alert-dialog"
        data-size={size}
        className={cn(modalVariants({ size }), "gap-4 p-6", className)}
        {...props}
      >
        {children}
      </Primitive.Content>
    </Primitive.Portal>
  )
}

export function AlertDialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="alert-dialog-header" className={cn("flex flex-col gap-2", className)} {...props} />
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="alert-dialog-footer"
      className={cn("flex flex-wrap justify-end gap-3 pt-2", className)}
      {...props}
    />
  )
}

export function AlertDialogTitle({ className, ...props }: Primitive.AlertDialogTitleProps) {
  return (
    <Primitive.Title
      data-slot="alert-dialog-title"
      className={cn("text-lg font-semibold leading-tight", className)}
      {...props}
    />
  )
}

export function AlertDialogDescription({ className, ...props }: Primitive.AlertDialogDescriptionProps) {
  return (
    <Primitive.Description
      data-slot="alert-dialog-description"
      className={cn("text-sm leading-relaxed text-muted-foreground", className)}
      {...props}
    />
  )
}

/** Closes the dialog when activated (use with `asChild` around a Button). */
export const AlertDialogAction = Primitive.Action
export const AlertDialogCancel = Primitive.Cancel

export interface AlertDialogProps {
  /** Controlled open state; leave undefined (with `trigger`) to let the dialog manage itself. */
  open?: boolean
  onOpenChange?: (open: boolean) => void
  /** The element that opens it; the focus returns to it on close. */
  trigger?: ReactElement
  title: ReactNode
  /** What will happen, in a sentence: it is the dialog's description for screen readers. */
  description: ReactNode
  /** More content between the description and the buttons (a reason field, a summary). */
  children?: ReactNode
  /** The confirming button's text: the action itself ("Delete rule"), not "OK". */
  confirmLabel: ReactNode
  /** @default the provider's "Cancel" */
  cancelLabel?: ReactNode
  /** "danger" for what cannot be undone. @default "danger" */
  tone?: "danger" | "primary"
  /**
   * Runs on confirm. While its promise is pending the confirm button is busy and the dialog stays open; it closes
   * when the promise resolves and stays open when it rejects (show why in `error`).
   */
  onConfirm: () => void | Promise<unknown>
  /** Shown above the buttons and announced (role="alert"): why the action failed. */
  error?: ReactNode
  /** The confirm button is unavailable (a required reason is empty). */
  confirmDisabled?: boolean
}

/** "Are you sure?" for an action that deletes, bans or cannot be undone. */
export function AlertDialog({
  open: openProp,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  tone = "danger",
  onConfirm,
  error,
  confirmDisabled = false,
}: AlertDialogProps) {
  const { t } = useMessages()
  const [ownOpen, setOwnOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const open = openProp ?? ownOpen
  const setOpen = (next: boolean) => {
    // A pending action is not abandoned by Escape: it finishes (or fails) first.
    if (busy && !next) return
    if (openProp === undefined) setOwnOpen(next)
    onOpenChange?.(next)
  }
  const confirm = async () => {
    setBusy(true)
    try {
      await onConfirm()
      setBusy(false)
      setOpen(false)
    } catch {
      setBusy(false)
    }
  }
  return (
    <AlertDialogRoot open={open} onOpenChange={setOpen}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent data-tone={tone}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children ? <div className="text-sm">{children}</div> : null}
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary">{cancelLabel ?? t("cancel")}</Button>
          </AlertDialogCancel>
          {/* Not an AlertDialogAction: that would close at once, before the action is done. */}
          <Button
            variant={tone === "danger" ? "primary-danger" : "primary"}
            loading={busy}
            disabled={confirmDisabled}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialogRoot>
  )
}

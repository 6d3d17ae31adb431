import { useState, type ReactElement, type ReactNode } from "react"
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogRoot,
  AlertDialogTitle,
  AlertDialogTrigger,
  Button,
  ModalClose,
  type ButtonProps,
} from "@manyhands/design-system"
import { FormError } from "../forms"
import { ApiFailure } from "../shell-context"
import type { RowDialog } from "../blocks"

/**
 * What a dialog shows: its subject, or the last one while it closes (it fades out with its text in place).
 * `onNew` runs, during the render, when another subject comes.
 */
export function useLastShown<T>(subject: T | null, onNew?: () => void): T | null {
  const [last, setLast] = useState(subject)
  if (subject !== null && subject !== last) {
    setLast(subject)
    onNew?.()
  }
  return subject ?? last
}

/** A dialog's footer: cancel (it closes the dialog) and confirm, danger unless told; both wait while busy. */
export function DialogButtons({
  cancelLabel,
  busy,
  inside = "modal",
  ...confirm
}: {
  cancelLabel: ReactNode
  busy: boolean
  /** The dialog they are in: each closes only through its own part (a Modal's Close does nothing in an AlertDialog). */
  inside?: "modal" | "alertdialog"
} & ButtonProps) {
  const Cancel = inside === "alertdialog" ? AlertDialogCancel : ModalClose
  return (
    <>
      <Cancel asChild>
        <Button variant="secondary" disabled={busy}>
          {cancelLabel}
        </Button>
      </Cancel>
      <Button variant="primary-danger" loading={busy} disabled={busy} {...confirm} />
    </>
  )
}

interface ConfirmFrameBaseProps {
  open: boolean
  /** Cancel and Escape ask to close (not while pending); the `trigger` asks to open. */
  onOpenChange: (open: boolean) => void
  /** The button that opens it; without one the page opens it through `open`. */
  trigger?: ReactElement
  title: ReactNode
  /** What will happen, in a sentence: the dialog's description for screen readers. */
  description: ReactNode
  /** What more it asks or shows, between the description and the buttons (a field, a form). */
  children?: ReactNode
  /** Why the action failed: the page's error notice (announced), above the buttons; the dialog stays open. */
  error?: ReactNode
  /** The heading of that notice. */
  errorTitle?: ReactNode
  /** The action itself ("Cancel payout"), not "OK". */
  confirmLabel: ReactNode
  /** "danger" for what cannot be undone, "primary" for what harms nobody. @default "danger" */
  tone?: "danger" | "primary"
  /** The action is under way: both buttons wait, and neither Cancel nor Escape closes it. */
  pending: boolean
  /** The confirm button is unavailable (a required answer is missing). */
  confirmDisabled?: boolean
  /** The safe answer's text ("Keep it"): it has the focus when the dialog opens. */
  cancelLabel: ReactNode
  /** @default "sm" */
  size?: "sm" | "md"
  className?: string
  /** Where the focus goes once it has closed, when not back to the opener (`event.preventDefault()`). */
  onCloseAutoFocus?: (event: Event) => void
}

export type ConfirmFrameProps = ConfirmFrameBaseProps &
  (
    | { onConfirm: () => void; confirmForm?: never }
    | {
        /** The id of the form in `children` that the confirm button submits (the form validates and sends). */
        confirmForm: string
        onConfirm?: never
      }
  )

/**
 * The page's "are you sure?", in the AlertDialog parts: the focus starts on Cancel, Escape cancels, a click beside
 * it does not close it, and the focus returns to the opener. The page runs the action and says how it went
 * (`pending`, `error`, then `open`); a failure keeps it open with the reason.
 */
export function ConfirmFrame({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  error,
  errorTitle,
  confirmLabel,
  tone = "danger",
  pending,
  confirmDisabled = false,
  cancelLabel,
  size,
  className,
  onCloseAutoFocus,
  onConfirm,
  confirmForm,
}: ConfirmFrameProps) {
  const confirm =
    confirmForm === undefined ? { onClick: onConfirm } : { type: "submit" as const, form: confirmForm }
  return (
    <AlertDialogRoot
      open={open}
      onOpenChange={(next) => {
        if (next || !pending) onOpenChange(next)
      }}
    >
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent size={size} className={className} onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <FormError message={error} title={errorTitle} />
        <AlertDialogFooter>
          <DialogButtons
            inside="alertdialog"
            cancelLabel={cancelLabel}
            busy={pending}
            variant={tone === "danger" ? "primary-danger" : "primary"}
            disabled={pending || confirmDisabled}
            {...confirm}
          >
            {confirmLabel}
          </DialogButtons>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialogRoot>
  )
}

export interface ConfirmDialogProps<T, R> {
  /** The row it asks about, from `useRowDialog`. */
  dialog: RowDialog<T>
  title: (subject: T) => string
  description: (subject: T) => ReactNode
  cancelLabel: string
  confirmLabel: string
  /** Sends the change. */
  confirm: (subject: T) => Promise<R>
  onConfirmed: (answer: R, subject: T) => void
  /**
   * Which refusals end the dialog for the page to tell (by default a 409: someone changed the row first); any
   * other stays in the dialog.
   */
  ends?: (failure: ApiFailure) => boolean
  onRefused: (failure: ApiFailure, subject: T) => void
  /** The words for a failure that is no refusal; without them, it is thrown on. */
  failedLabel?: string
}

/**
 * Asks before a change to one row is made (an AlertDialog: the focus starts on Cancel, a click beside it does not
 * close it, Escape cancels); closes once it is made or refused, stays open with the reason when it fails.
 */
export function ConfirmDialog<T, R>({
  dialog,
  title,
  description,
  cancelLabel,
  confirmLabel,
  confirm,
  onConfirmed,
  ends = (failure) => failure.status === 409,
  onRefused,
  failedLabel,
}: ConfirmDialogProps<T, R>) {
  const [failure, setFailure] = useState<string | null>(null)
  const shown = useLastShown(dialog.subject, () => setFailure(null))

  // Resolves when the dialog may close (done, or refused for the page to tell); rejects to keep it open with the
  // failure shown.
  const run = async () => {
    if (shown === null) return
    setFailure(null)
    try {
      const answer = await confirm(shown)
      dialog.finish()
      onConfirmed(answer, shown)
    } catch (error) {
      if (error instanceof ApiFailure && ends(error)) {
        dialog.finish()
        onRefused(error, shown)
        return
      }
      if (error instanceof ApiFailure) setFailure(error.message)
      else if (failedLabel !== undefined) setFailure(failedLabel)
      throw error
    }
  }

  return (
    <AlertDialog
      open={dialog.subject !== null}
      onOpenChange={(open) => {
        if (!open) dialog.close()
      }}
      title={shown ? title(shown) : ""}
      description={shown ? description(shown) : ""}
      cancelLabel={cancelLabel}
      confirmLabel={confirmLabel}
      onConfirm={run}
      error={failure}
    />
  )
}

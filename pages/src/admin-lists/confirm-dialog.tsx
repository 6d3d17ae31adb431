import { useState, type ReactNode } from "react"
import { AlertDialog, Button, ModalClose, type ButtonProps } from "@manyhands/design-system"
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
  ...confirm
}: { cancelLabel: string; busy: boolean } & ButtonProps) {
  return (
    <>
      <ModalClose asChild>
        <Button variant="secondary" disabled={busy}>
          {cancelLabel}
        </Button>
      </ModalClose>
      <Button variant="primary-danger" loading={busy} disabled={busy} {...confirm} />
    </>
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

import { useState, type ReactNode } from "react"
import { Button, Modal, ModalClose, type ButtonProps, type ModalSize } from "@manyhands/design-system"
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
  size?: ModalSize
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

/** Asks before a change to one row is made; closes once it is made or refused. */
export function ConfirmDialog<T, R>({
  dialog,
  title,
  description,
  cancelLabel,
  confirmLabel,
  size,
  confirm,
  onConfirmed,
  ends = (failure) => failure.status === 409,
  onRefused,
  failedLabel,
}: ConfirmDialogProps<T, R>) {
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const shown = useLastShown(dialog.subject, () => setFailure(null))

  const run = async () => {
    if (shown === null) return
    setBusy(true)
    setFailure(null)
    try {
      const answer = await confirm(shown)
      dialog.finish()
      onConfirmed(answer, shown)
    } catch (error) {
      if (error instanceof ApiFailure && ends(error)) {
        dialog.finish()
        onRefused(error, shown)
      } else if (error instanceof ApiFailure) setFailure(error.message)
      else if (failedLabel !== undefined) setFailure(failedLabel)
      else throw error
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={dialog.subject !== null}
      onOpenChange={(open) => {
        if (!open && !busy) dialog.close()
      }}
      title={shown ? title(shown) : ""}
      description={shown ? description(shown) : undefined}
      size={size}
      footer={
        <DialogButtons cancelLabel={cancelLabel} busy={busy} onClick={() => void run()}>
          {confirmLabel}
        </DialogButtons>
      }
    >
      <FormError message={failure} />
    </Modal>
  )
}

import { Button, Modal, Prose } from "@manyhands/design-system"

export interface SystemMessageDialogProps {
  title: string
  closeLabel: string
  confirmLabel: string
  /** The message, sanitised on the server when an administrator saved it. */
  html: string
  busy: boolean
  /** Any way of closing it (close button, Escape, overlay, the confirm button): the message is read. */
  onRead: () => void
}

/**
 * The system message's modal, in a chunk of its own: few visits have a message to show, and the dialog (focus
 * trap, scroll lock) should not weigh on every first load. overlays.tsx loads it when there is one.
 */
export function SystemMessageDialog({
  title,
  closeLabel,
  confirmLabel,
  html,
  busy,
  onRead,
}: SystemMessageDialogProps) {
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) onRead()
      }}
      size="md"
      title={title}
      closeLabel={closeLabel}
      footer={
        <Button onClick={onRead} disabled={busy}>
          {confirmLabel}
        </Button>
      }
    >
      {/* Sanitised on the server when an administrator saves it (allow-listed tags, no scripts or styles). */}
      <Prose size="sm" dangerouslySetInnerHTML={{ __html: html }} />
    </Modal>
  )
}

import { useRef, useState, type ReactNode } from "react"
import { Button, type ButtonVariant, type TableColumn } from "@manyhands/design-system"

/** A dialog about one row of a list, opened by a button in that row. */
export interface RowDialog<T> {
  /** The row it is about; null while it is closed. */
  subject: T | null
  open: (subject: T, opener: HTMLElement) => void
  /** Closed without a change: the focus goes back to the row's button, once the dialog has let it go. */
  close: () => void
  /** The change is made: the dialog closes, and the page says what happened. */
  finish: () => void
}

export function useRowDialog<T>(): RowDialog<T> {
  const [subject, setSubject] = useState<T | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  return {
    subject,
    open: (next, button) => {
      opener.current = button
      setSubject(next)
    },
    close: () => {
      setSubject(null)
      requestAnimationFrame(() => opener.current?.focus())
    },
    finish: () => setSubject(null),
  }
}

/** A row's button that opens a dialog; `name` says which row it acts on, for those who hear the table. */
export function RowDialogButton({
  name,
  onOpen,
  variant = "secondary",
  children,
}: {
  name: string
  onOpen: (button: HTMLElement) => void
  variant?: ButtonVariant
  children: ReactNode
}) {
  return (
    <Button
      variant={variant}
      aria-haspopup="dialog"
      aria-label={name}
      onClick={(event) => onOpen(event.currentTarget)}
    >
      {children}
    </Button>
  )
}

/** The last column, with a row's buttons; its header is for screen readers only. */
export function actionsColumn<T>(label: string, cell: (row: T) => ReactNode): TableColumn<T> {
  return { key: "actions", header: <span className="sr-only">{label}</span>, label, align: "end", cell }
}

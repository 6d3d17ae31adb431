import type { ReactNode } from "react"
import { Alert } from "@manyhands/design-system"

/**
 * The form-level failure above a form's buttons (a refusal that concerns no single field), announced at once.
 * Renders nothing without a message.
 */
export function FormError({
  message,
  title,
  action,
  className,
}: {
  message: ReactNode
  title?: ReactNode
  /** A way out: a link to another page, a "Try again" button. */
  action?: ReactNode
  className?: string
}) {
  if (!message) return null
  return (
    <Alert tone="danger" role="alert" title={title} action={action} className={className}>
      {message}
    </Alert>
  )
}

import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { FormError } from "../../forms"
import type { ApiFailure } from "../../shell-context"

/**
 * The form-level error of an auth form; after a rate limit it also says when to try again (the server's
 * Retry-After), since "too many attempts" alone leaves people guessing.
 */
export function AuthFormError({
  message,
  failure,
  action,
}: {
  message: string | null
  failure: ApiFailure | null
  action?: ReactNode
}) {
  const { t } = useTranslation("auth")
  const wait = failure?.code === "RATE_LIMITED" && failure.retryAfter ? failure.retryAfter : 0
  return (
    <FormError
      message={message && wait ? `${message} ${t("retryAfter", { minutes: Math.ceil(wait / 60) })}` : message}
      action={action}
    />
  )
}

import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Alert, Button } from "@manyhands/design-system"
import type { ApiFailure } from "../../shell-context"

/**
 * A mail link's request failed: a used, expired or cut link is explained (with `children` as the way out);
 * anything else (the network, the server) shows its message and can be tried again. Without a failure the
 * link itself is malformed.
 */
export function LinkFailure({
  failure,
  onRetry,
  children,
}: {
  failure?: ApiFailure
  onRetry?: () => void
  children?: ReactNode
}) {
  const { t } = useTranslation("auth")
  if (!failure || failure.code === "TOKEN_INVALID")
    return (
      <div className="flex flex-col gap-5">
        <Alert tone="warning" title={t("tokenInvalid.title")}>
          {t("tokenInvalid.text")}
        </Alert>
        {children}
      </div>
    )
  return (
    <Alert
      tone="danger"
      action={
        onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            {t("retry")}
          </Button>
        ) : undefined
      }
    >
      {failure.message}
    </Alert>
  )
}

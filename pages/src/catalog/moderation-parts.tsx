import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button, Field, TextArea } from "@manyhands/design-system"
import { FormError } from "../forms"
import { useShellServices } from "../shell-context"
import { NS } from "./software-card"

export type Decision = "publish" | "reject" | "hide"

/**
 * A moderator's buttons for one item of a queue: publish (or keep), reject with a reason its writer reads, and
 * hide. `send` makes the decision (rejecting with the API's failure); the failure is said above the buttons, or
 * under the reason while rejecting.
 */
export function DecisionBar({
  send,
  publishLabel,
  rejectLabel,
  reasonHint,
  reasonMissing,
  hideable = true,
}: {
  send: (decision: Decision, reason: string | undefined) => Promise<void>
  publishLabel: string
  rejectLabel: string
  reasonHint: string
  reasonMissing: string
  hideable?: boolean
}) {
  const { t } = useTranslation(NS)
  const { toFailure } = useShellServices()
  const [rejecting, setRejecting] = useState(false)
  const [reason, setReason] = useState("")
  const [busy, setBusy] = useState<Decision | null>(null)
  const [error, setError] = useState<string | null>(null)
  const decide = async (decision: Decision) => {
    if (decision === "reject" && !reason.trim()) return setError(reasonMissing)
    setBusy(decision)
    setError(null)
    try {
      await send(decision, decision === "reject" ? reason.trim() : undefined)
    } catch (failure) {
      setError(toFailure(failure).message)
    } finally {
      setBusy(null)
    }
  }
  return (
    <>
      {rejecting && (
        <Field label={t("moderation.reason")} hint={reasonHint} error={error ?? undefined}>
          <TextArea value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </Field>
      )}
      {!rejecting && <FormError message={error} />}
      <div className="flex flex-wrap gap-2">
        <Button loading={busy === "publish"} disabled={busy !== null} onClick={() => void decide("publish")}>
          {publishLabel}
        </Button>
        {rejecting ? (
          <Button
            variant="primary-danger"
            loading={busy === "reject"}
            disabled={busy !== null}
            onClick={() => void decide("reject")}
          >
            {rejectLabel}
          </Button>
        ) : (
          <Button variant="secondary" disabled={busy !== null} onClick={() => setRejecting(true)}>
            {t("moderation.reject")}
          </Button>
        )}
        {hideable && (
          <Button
            variant="tertiary"
            loading={busy === "hide"}
            disabled={busy !== null}
            onClick={() => void decide("hide")}
          >
            {t("moderation.hide")}
          </Button>
        )}
      </div>
    </>
  )
}

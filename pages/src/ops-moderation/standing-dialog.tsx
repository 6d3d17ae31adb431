import { useId, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { Field, TextArea } from "@manyhands/design-system"
import {
  MODERATION_REASON_MAX,
  moderationApi,
  type WorkerTypeStanding,
} from "@manyhands/contract/ops-moderation"
import { ConfirmFrame } from "../admin-lists"
import { ApiFailure, useShellServices } from "../shell-context"

export type StandingAction = "reinstate" | "suspend" | "retrain"

export interface StandingRequest {
  action: StandingAction
  standing: WorkerTypeStanding
}

/**
 * Asks for the reason of a moderator's decision on one standing (lift a suspension, suspend, send back to
 * training), then sends it. The reason is required: it goes into the audit, and a suspension's to the worker.
 */
export function StandingDialog({
  request,
  onClose,
  onDone,
}: {
  request: StandingRequest | null
  onClose: () => void
  onDone: (updated: WorkerTypeStanding, action: StandingAction) => void
}) {
  const { t } = useTranslation("ops-moderation")
  const { api } = useShellServices()
  const [reason, setReason] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [shown, setShown] = useState(request)
  const reasonId = useId()
  if (request !== null && request !== shown) {
    setShown(request)
    setReason("")
    setError(null)
    setFailure(null)
  }
  const subject = request ?? shown

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!subject || busy) return
    if (reason.trim() === "") {
      setError(t("dialog.reasonRequired"))
      document.getElementById(reasonId)?.focus()
      return
    }
    setBusy(true)
    setFailure(null)
    try {
      const { standing, action } = subject
      const updated = await api.send<WorkerTypeStanding>(
        "POST",
        moderationApi[action].url({ id: standing.workerId, type: standing.type }),
        { reason: reason.trim() },
      )
      onDone(updated, action)
    } catch (caught) {
      if (!(caught instanceof ApiFailure)) throw caught
      setFailure(caught.message)
    } finally {
      setBusy(false)
    }
  }

  const action = subject?.action ?? "suspend"
  const names = subject
    ? { email: subject.standing.email, type: subject.standing.type }
    : { email: "", type: "" }
  // Lifting a suspension is no harm, so its button is the primary one.
  return (
    <ConfirmFrame
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      size="md"
      className="overflow-y-auto"
      title={t(`dialog.${action}.title`)}
      description={t(`dialog.${action}.text`, names)}
      error={failure}
      cancelLabel={t("dialog.cancel")}
      confirmLabel={t(`dialog.${action}.confirm`)}
      tone={action === "reinstate" ? "primary" : "danger"}
      pending={busy}
      confirmForm="standing-form"
    >
      <form id="standing-form" noValidate onSubmit={(event) => void submit(event)}>
        <Field
          id={reasonId}
          label={t(`dialog.${action}.reason`)}
          hint={action === "suspend" ? t("dialog.suspend.hint") : t("dialog.auditHint")}
          error={error ?? undefined}
          required
        >
          <TextArea
            value={reason}
            maxLength={MODERATION_REASON_MAX}
            minRows={3}
            autosize
            onChange={(event) => {
              setReason(event.target.value)
              setError(null)
            }}
          />
        </Field>
      </form>
    </ConfirmFrame>
  )
}

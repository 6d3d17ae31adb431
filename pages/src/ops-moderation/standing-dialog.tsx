import { useId, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import {
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogRoot,
  AlertDialogTitle,
  Button,
  Field,
  TextArea,
} from "@manyhands/design-system"
import {
  MODERATION_REASON_MAX,
  moderationApi,
  type WorkerTypeStanding,
} from "@manyhands/contract/ops-moderation"
import { FormError } from "../forms"
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
  // An AlertDialog, the form inside it: the focus starts on Cancel, a click beside it does not close it, Escape
  // cancels; lifting a suspension is no harm, so its button is the primary one.
  return (
    <AlertDialogRoot
      open={request !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose()
      }}
    >
      <AlertDialogContent size="md" className="overflow-y-auto">
        <AlertDialogHeader>
          <AlertDialogTitle>{t(`dialog.${action}.title`)}</AlertDialogTitle>
          <AlertDialogDescription>{t(`dialog.${action}.text`, names)}</AlertDialogDescription>
        </AlertDialogHeader>
        <form
          id="standing-form"
          noValidate
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-4"
        >
          <FormError message={failure} />
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
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={busy}>
              {t("dialog.cancel")}
            </Button>
          </AlertDialogCancel>
          <Button
            type="submit"
            form="standing-form"
            variant={action === "reinstate" ? "primary" : "primary-danger"}
            loading={busy}
            disabled={busy}
          >
            {t(`dialog.${action}.confirm`)}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialogRoot>
  )
}

import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import {
  CopyButton,
  Field,
  KeyValueItem,
  KeyValueList,
  Modal,
  TextArea,
  TextInput,
} from "@manyhands/design-system"
import { DialogButtons, useLastShown } from "../../admin-lists"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { ApiFailure, useShellServices } from "../../shell-context"
import {
  payoutsApi,
  REASON_MAX_LENGTH,
  REFERENCE_MAX_LENGTH,
  type AdminPayout,
  type Payout,
} from "@manyhands/contract/payouts"
import { methodLabel, useUsd } from "../shared/payout-parts"

export type Decision = "approve" | "reject"

/** The one field each decision asks for, with the server's limit. */
const FIELDS = {
  approve: { name: "reference", maxLength: REFERENCE_MAX_LENGTH },
  reject: { name: "reason", maxLength: REASON_MAX_LENGTH },
} as const

export interface DecisionDialogProps {
  /** The payout and what to do with it; null when closed. */
  request: { decision: Decision; payout: AdminPayout } | null
  /** Closed without a decision. */
  onClose: () => void
  onDecided: (decision: Decision, payout: AdminPayout) => void
  /** Someone decided it first (409), or it is gone (404): nothing changed here. */
  onConflict: (payout: AdminPayout, failure: ApiFailure) => void
  /** How the requester is named: the e-mail, or "deleted account". */
  requester: (payout: AdminPayout) => string
}

/**
 * Approve (with the outgoing transaction's reference) or reject (with a reason for the requester) one payout:
 * the payout's facts, the wallet to copy, and the one field the decision needs.
 */
export function DecisionDialog({ request, onClose, onDecided, onConflict, requester }: DecisionDialogProps) {
  const { t } = useTranslation("payouts")
  const usd = useUsd()
  const formId = useId()
  const [submitting, setSubmitting] = useState(false)
  const shown = useLastShown(request)
  const decision = shown?.decision ?? "approve"

  return (
    <Modal
      open={request !== null}
      onOpenChange={(open) => {
        if (!open && !submitting) onClose()
      }}
      title={t(`admin.${decision}.title`)}
      description={
        shown
          ? t(`admin.${decision}.text`, {
              net: usd(shown.payout.net),
              amount: usd(shown.payout.amount),
              method: methodLabel(shown.payout.method),
              email: requester(shown.payout),
            })
          : undefined
      }
      footer={
        <DialogButtons
          cancelLabel={t("admin.dialogCancel")}
          busy={submitting}
          type="submit"
          form={formId}
          variant={decision === "reject" ? "primary-danger" : "primary"}
        >
          {t(`admin.${decision}.confirm`)}
        </DialogButtons>
      }
    >
      {shown ? (
        <div className="flex flex-col gap-5">
          <KeyValueList>
            <KeyValueItem label={t("admin.columns.requester")}>{requester(shown.payout)}</KeyValueItem>
            <KeyValueItem label={t("admin.columns.amount")} numeric>
              {usd(shown.payout.amount)}
            </KeyValueItem>
            <KeyValueItem label={t("admin.columns.fee")} numeric>
              {usd(shown.payout.fee)}
            </KeyValueItem>
            <KeyValueItem label={t("admin.columns.net")} numeric>
              <span className="font-semibold">{usd(shown.payout.net)}</span>
            </KeyValueItem>
            <KeyValueItem label={t("admin.columns.method")}>{methodLabel(shown.payout.method)}</KeyValueItem>
          </KeyValueList>
          <div className="flex flex-col gap-2">
            <p className="text-sm font-medium text-foreground">{t("admin.columns.wallet")}</p>
            <div className="flex flex-wrap items-center gap-2">
              <p className="min-w-0 flex-1 rounded-md border border-border bg-surface-muted px-3 py-2 font-mono text-[0.8125rem] break-all">
                {shown.payout.wallet}
              </p>
              <CopyButton value={shown.payout.wallet} label={t("admin.copyWallet")} />
            </div>
          </div>
          {/* A fresh form for each payout: nothing typed for one is sent for another. */}
          <DecisionForm
            key={`${shown.decision}:${shown.payout.id}`}
            id={formId}
            decision={shown.decision}
            payout={shown.payout}
            onSubmitting={setSubmitting}
            onDecided={onDecided}
            onConflict={onConflict}
          />
        </div>
      ) : null}
    </Modal>
  )
}

interface DecisionValues {
  text: string
}

function DecisionForm({
  id,
  decision,
  payout,
  onSubmitting,
  onDecided,
  onConflict,
}: {
  id: string
  decision: Decision
  payout: AdminPayout
  onSubmitting: (submitting: boolean) => void
  onDecided: DecisionDialogProps["onDecided"]
  onConflict: DecisionDialogProps["onConflict"]
}) {
  const { t } = useTranslation("payouts")
  const { api } = useShellServices()
  const { name, maxLength } = FIELDS[decision]

  const form = useForm<DecisionValues>({
    initial: { text: "" },
    validate: ({ text }) => {
      const errors: FieldErrors<DecisionValues> = {}
      const trimmed = text.trim()
      if (!trimmed) errors.text = t(`admin.${decision}.missing`)
      else if (trimmed.length > maxLength) errors.text = t("admin.tooLong", { max: maxLength })
      return errors
    },
    submit: async ({ text }) => {
      onSubmitting(true)
      try {
        await api.send<Payout>("POST", payoutsApi[decision].url({ id: payout.id }), { [name]: text.trim() })
        onDecided(decision, payout)
      } catch (error) {
        if (error instanceof ApiFailure && (error.status === 409 || error.status === 404)) {
          onConflict(payout, error)
          return
        }
        // The server's word on the field ("reference": too long…) shows under it; anything else above the buttons.
        if (error instanceof ApiFailure && error.fields[name])
          throw new ApiFailure(error.message, error.code, error.status, { text: error.fields[name] })
        throw error
      } finally {
        onSubmitting(false)
      }
    },
  })

  const field = form.field("text")
  const label = t(`admin.${decision}.label`)
  const hint = t(`admin.${decision}.hint`, { max: maxLength })
  return (
    <form method="post" id={id} onSubmit={form.onSubmit} noValidate className="flex flex-col gap-4">
      <Field label={label} hint={hint} required {...field}>
        {decision === "approve" ? (
          <TextInput
            {...form.input("text")}
            name={name}
            autoComplete="off"
            spellCheck={false}
            maxLength={maxLength}
            className="font-mono"
            // The dialog opens to type the reference: the field, not the close button, takes the focus.
            autoFocus
          />
        ) : (
          <TextArea
            name={name}
            value={form.values.text}
            onChange={(event) => form.set("text", event.target.value)}
            onBlur={() => form.touch("text")}
            maxLength={maxLength}
            minRows={3}
            autoFocus
          />
        )}
      </Field>
      <FormError message={form.formError} title={t(`admin.${decision}.failed`)} />
    </form>
  )
}

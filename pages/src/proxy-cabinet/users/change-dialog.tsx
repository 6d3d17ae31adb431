import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { Modal } from "@manyhands/design-system"
import { proxyApi, type ProxyAccount, type Subuser, type SubuserChange } from "@manyhands/contract/proxy"
import { DialogButtons, useLastShown } from "../../admin-lists"
import type { RowDialog } from "../../blocks"
import { FormError, useForm } from "../../forms"
import { ApiFailure, useShellServices } from "../../shell-context"
import { useProxyFailure } from "../shared/proxy-failure"
import { LimitFields, limitErrors, type LimitValues } from "../shared/limit-fields"
import { capOf, moneyCapOf, moneyCapText, capText } from "../shared/pools"

/** A sub-user's pool and cap, changed in a dialog. */
export function ChangeDialog({
  dialog,
  account,
  onChanged,
  onRefused,
}: {
  dialog: RowDialog<Subuser>
  account: ProxyAccount | undefined
  onChanged: (subuser: Subuser) => void
  /** The sub-user is gone: the dialog closes and the page says so. */
  onRefused: (failure: ApiFailure, subuser: Subuser) => void
}) {
  const { t } = useTranslation("proxy-cabinet")
  const formId = useId()
  const [submitting, setSubmitting] = useState(false)
  const shown = useLastShown(dialog.subject)
  return (
    <Modal
      open={dialog.subject !== null}
      onOpenChange={(open) => {
        if (!open && !submitting) dialog.close()
      }}
      title={shown ? t("users.changeDialog.title", { name: shown.name }) : ""}
      description={t("users.changeDialog.text")}
      footer={
        <DialogButtons
          cancelLabel={t("cancel")}
          busy={submitting}
          type="submit"
          form={formId}
          variant="primary"
        >
          {t("users.changeDialog.save")}
        </DialogButtons>
      }
    >
      {shown ? (
        <ChangeForm
          key={shown.id}
          id={formId}
          subuser={shown}
          account={account}
          onSubmitting={setSubmitting}
          onChanged={(subuser) => {
            dialog.finish()
            onChanged(subuser)
          }}
          onGone={(failure) => {
            dialog.finish()
            onRefused(failure, shown)
          }}
        />
      ) : null}
    </Modal>
  )
}

function ChangeForm({
  id,
  subuser,
  account,
  onSubmitting,
  onChanged,
  onGone,
}: {
  id: string
  subuser: Subuser
  account: ProxyAccount | undefined
  onSubmitting: (busy: boolean) => void
  onChanged: (subuser: Subuser) => void
  onGone: (failure: ApiFailure) => void
}) {
  const { t } = useTranslation("proxy-cabinet")
  const { api } = useShellServices()
  const proxyFailure = useProxyFailure()
  const form = useForm<LimitValues>({
    initial: { pool: subuser.pool, cap: capText(subuser.trafficCap), money: moneyCapText(subuser.moneyCap) },
    validate: (values) => limitErrors(values, t),
    submit: async (values) => {
      const body: SubuserChange = {
        pool: values.pool,
        trafficCapGb: capOf(values.cap) ?? null,
        moneyCap: moneyCapOf(values.money) ?? null,
      }
      onSubmitting(true)
      try {
        onChanged(await api.send<Subuser>("PATCH", proxyApi.changeSubuser.url({ id: subuser.id }), body))
      } catch (error) {
        const failure = proxyFailure(error, { name: subuser.name })
        if (failure instanceof ApiFailure && failure.code === "SUBUSER_NOT_FOUND") return onGone(failure)
        throw failure
      } finally {
        onSubmitting(false)
      }
    },
  })
  return (
    <form id={id} method="post" className="flex flex-col gap-4" onSubmit={form.onSubmit} noValidate>
      <LimitFields form={form} account={account} />
      <FormError message={form.formError} />
    </form>
  )
}

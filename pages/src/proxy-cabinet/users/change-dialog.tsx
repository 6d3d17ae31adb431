import { useId, useState } from "react"
import { useTranslation } from "react-i18next"
import { Field, Modal, Select, TextInput } from "@manyhands/design-system"
import {
  proxyApi,
  type ProxyAccount,
  type ProxyPool,
  type Subuser,
  type SubuserChange,
} from "@manyhands/contract/proxy"
import { DialogButtons, useLastShown } from "../../admin-lists"
import type { RowDialog } from "../../blocks"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { ApiFailure, useShellServices } from "../../shell-context"
import { useProxyFailure } from "../shared/proxy-failure"
import { capOf, moneyCapOf, moneyCapText, capText, usePoolOptions } from "../shared/pools"

interface ChangeValues {
  pool: ProxyPool
  cap: string
  money: string
}

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
  const pools = usePoolOptions(account)
  const form = useForm<ChangeValues>({
    initial: { pool: subuser.pool, cap: capText(subuser.trafficCap), money: moneyCapText(subuser.moneyCap) },
    validate: (values) => {
      const errors: FieldErrors<ChangeValues> = {}
      if (capOf(values.cap) === undefined) errors.cap = t("users.capInvalid")
      if (moneyCapOf(values.money) === undefined) errors.money = t("users.moneyCapInvalid")
      return errors
    },
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
      <Field label={t("users.pool")} hint={t("users.poolHint")} {...form.field("pool")}>
        <Select
          value={form.values.pool}
          onValueChange={(value) => form.set("pool", value as ProxyPool)}
          options={pools}
        />
      </Field>
      <Field label={t("users.cap")} hint={t("users.capHint")} {...form.field("cap")}>
        <TextInput inputMode="decimal" autoComplete="off" suffix={t("gb")} {...form.input("cap")} />
      </Field>
      <Field label={t("users.moneyCap")} hint={t("users.moneyCapHint")} {...form.field("money")}>
        <TextInput
          inputMode="decimal"
          autoComplete="off"
          suffix={account?.currency ?? ""}
          {...form.input("money")}
        />
      </Field>
      <FormError message={form.formError} />
    </form>
  )
}

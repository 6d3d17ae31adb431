import { useTranslation } from "react-i18next"
import { Button, Field, TextInput } from "@manyhands/design-system"
import {
  MAX_SUBUSERS,
  SUBUSER_NAME_PATTERN,
  proxyApi,
  type NewSubuser,
  type ProxyAccount,
  type Subuser,
} from "@manyhands/contract/proxy"
import { ProxyCard } from "../shared/proxy-card"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { useShellServices } from "../../shell-context"
import { useProxyFailure } from "../shared/proxy-failure"
import { LimitFields, limitErrors, type LimitValues } from "../shared/limit-fields"
import { capOf, moneyCapOf } from "../shared/pools"

interface CreateValues extends LimitValues {
  name: string
}

const NAME = new RegExp(SUBUSER_NAME_PATTERN)

/** Why a name is not one the gateway takes, or null. */
function nameProblem(name: string): "empty" | "length" | "characters" | null {
  if (name === "") return "empty"
  if (NAME.test(name)) return null
  return /^[a-z0-9]*$/.test(name) ? "length" : "characters"
}

/** A new sub-user: its name (its login), its pool and an optional cap; the server gives it a password. */
export function CreateSubuser({
  account,
  count,
  onCreated,
}: {
  account: ProxyAccount | undefined
  /** How many sub-users the account has, when known. */
  count: number | undefined
  onCreated: (subuser: Subuser) => void
}) {
  const { t } = useTranslation("proxy-cabinet")
  const { api } = useShellServices()
  const proxyFailure = useProxyFailure()
  const full = count !== undefined && count >= MAX_SUBUSERS

  const form = useForm<CreateValues>({
    initial: { name: "", pool: "residential", cap: "", money: "" },
    validate: (values) => {
      const errors: FieldErrors<CreateValues> = limitErrors(values, t)
      const problem = nameProblem(values.name.trim())
      if (problem) errors.name = t(`users.create.name.${problem}`)
      return errors
    },
    submit: async (values) => {
      const name = values.name.trim()
      const body: NewSubuser = {
        name,
        pool: values.pool,
        trafficCapGb: capOf(values.cap) ?? null,
        moneyCap: moneyCapOf(values.money) ?? null,
      }
      let subuser: Subuser
      try {
        subuser = await api.send<Subuser>("POST", proxyApi.createSubuser.url(), body)
      } catch (error) {
        throw proxyFailure(error, { name, max: MAX_SUBUSERS }, { SUBUSER_NAME_TAKEN: "name" })
      }
      form.reset()
      onCreated(subuser)
    },
  })

  return (
    <ProxyCard
      id="proxy-new-subuser"
      title={t("users.create.title")}
      description={t("users.create.description")}
    >
      <form method="post" className="flex flex-col gap-4" onSubmit={form.onSubmit} noValidate>
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            label={t("users.create.name.label")}
            hint={t("users.create.name.hint")}
            {...form.field("name")}
          >
            <TextInput
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={24}
              className="font-mono"
              {...form.input("name")}
            />
          </Field>
          <LimitFields form={form} account={account} />
        </div>
        {full ? (
          <p className="text-sm text-warning-text">{t("users.create.full", { max: MAX_SUBUSERS })}</p>
        ) : null}
        <FormError message={form.formError} />
        <div>
          <Button type="submit" loading={form.submitting} disabled={form.submitting || full}>
            {t("users.create.submit")}
          </Button>
        </div>
      </form>
    </ProxyCard>
  )
}

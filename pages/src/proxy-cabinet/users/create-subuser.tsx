import { useTranslation } from "react-i18next"
import { Button, Field, Select, TextInput } from "@manyhands/design-system"
import {
  MAX_SUBUSERS,
  SUBUSER_NAME_PATTERN,
  proxyApi,
  type NewSubuser,
  type ProxyAccount,
  type ProxyPool,
  type Subuser,
} from "@manyhands/contract/proxy"
import { ProxyCard } from "../shared/proxy-card"
import { FormError, useForm, type FieldErrors } from "../../forms"
import { useShellServices } from "../../shell-context"
import { useProxyFailure } from "../shared/proxy-failure"
import { capOf, moneyCapOf, usePoolOptions } from "../shared/pools"

interface CreateValues {
  name: string
  pool: ProxyPool
  cap: string
  money: string
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
  const pools = usePoolOptions(account)
  const full = count !== undefined && count >= MAX_SUBUSERS

  const form = useForm<CreateValues>({
    initial: { name: "", pool: "residential", cap: "", money: "" },
    validate: (values) => {
      const errors: FieldErrors<CreateValues> = {}
      const problem = nameProblem(values.name.trim())
      if (problem) errors.name = t(`users.create.name.${problem}`)
      if (capOf(values.cap) === undefined) errors.cap = t("users.capInvalid")
      if (moneyCapOf(values.money) === undefined) errors.money = t("users.moneyCapInvalid")
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

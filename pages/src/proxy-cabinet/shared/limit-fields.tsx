import type { TFunction } from "i18next"
import { useTranslation } from "react-i18next"
import { Field, Select, TextInput } from "@manyhands/design-system"
import type { ProxyAccount, ProxyPool } from "@manyhands/contract/proxy"
import type { FieldErrors, Form } from "../../forms"
import { capOf, moneyCapOf, usePoolOptions } from "./pools"

/** What a sub-user's form holds of its limits, created or changed: its pool, traffic cap (GB) and spending cap. */
export interface LimitValues {
  pool: ProxyPool
  cap: string
  money: string
}

/** The caps' client errors: a cap that is not a number the server takes. */
export function limitErrors(values: LimitValues, t: TFunction<"proxy-cabinet">): FieldErrors<LimitValues> {
  const errors: FieldErrors<LimitValues> = {}
  if (capOf(values.cap) === undefined) errors.cap = t("users.capInvalid")
  if (moneyCapOf(values.money) === undefined) errors.money = t("users.moneyCapInvalid")
  return errors
}

/** The pool (with the traffic left in each) and the two caps of a sub-user, as fields of its form. */
export function LimitFields<V extends LimitValues>({
  form,
  account,
}: {
  form: Form<V>
  account: ProxyAccount | undefined
}) {
  const { t } = useTranslation("proxy-cabinet")
  const pools = usePoolOptions(account)
  return (
    <>
      <Field label={t("users.pool")} hint={t("users.poolHint")} {...form.field("pool")}>
        <Select
          value={form.values.pool}
          onValueChange={(value) => form.set("pool", value as V["pool"])}
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
    </>
  )
}

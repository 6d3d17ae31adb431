import type { ReactNode } from "react"
import { Button, Field, MoneyInput, RadioGroup, TextInput } from "@manyhands/design-system"
import type { Currency } from "@manyhands/contract/money"
import { SettingsCard } from "../customer/settings/shared/settings-card"
import { FormError, type Form } from "../forms"

const CURRENCIES: Currency[] = ["USD", "RUB"]

/** The fields of `V` that hold an amount in minor units, as MoneyInput gives them (null: none typed). */
type AmountKey<V> = { [K in keyof V]: V[K] extends number | null ? K : never }[keyof V] & string

/** A form that creates something on an admin page, in its card: the fields, a refusal, the submit button. */
export function AdminFormCard<V>({
  id,
  title,
  description,
  form,
  refusedTitle,
  submitLabel,
  children,
}: {
  /** Id of the card's h2. */
  id: string
  title: string
  description: string
  form: Form<V>
  /** The heading of the server's refusal, above the button. */
  refusedTitle: string
  submitLabel: string
  children: ReactNode
}) {
  return (
    <SettingsCard id={id} title={title} description={description}>
      <form method="post" className="flex flex-col gap-5" onSubmit={form.onSubmit} noValidate>
        {children}
        <FormError message={form.formError} title={refusedTitle} />
        <div>
          <Button type="submit" loading={form.submitting} disabled={form.submitting}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </SettingsCard>
  )
}

/** The currency of what is created (and of its amounts), as a row of radios. */
export function CurrencyField<V extends { currency: Currency }>({
  form,
  label,
}: {
  form: Form<V>
  label: string
}) {
  return (
    <Field label={label} {...form.field("currency")}>
      <RadioGroup
        name="currency"
        orientation="horizontal"
        value={form.values.currency}
        onValueChange={(currency) => form.set("currency", currency as V["currency"])}
        options={CURRENCIES.map((currency) => ({ value: currency, label: currency }))}
      />
    </Field>
  )
}

/** An amount in the form's currency. */
export function AmountField<V extends { currency: Currency }>({
  form,
  name,
  label,
  hint,
  className,
}: {
  form: Form<V>
  name: AmountKey<V>
  label: string
  hint?: string
  /** For the input. */
  className?: string
}) {
  return (
    <Field label={label} hint={hint} {...form.field(name)}>
      <MoneyInput
        name={name}
        currency={form.values.currency}
        value={form.values[name] as number | null}
        onChange={(amount) => form.set(name, amount as V[AmountKey<V>])}
        onBlur={() => form.touch(name)}
        className={className}
      />
    </Field>
  )
}

/** The admins' own note about what is created, shown in their list. */
export function NoteField<V extends { note: string }>({
  form,
  label,
  hint,
}: {
  form: Form<V>
  label: string
  hint: string
}) {
  return (
    <Field label={label} hint={hint} {...form.field("note")}>
      <TextInput {...form.input("note")} maxLength={500} autoComplete="off" />
    </Field>
  )
}

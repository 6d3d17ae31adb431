import { useTranslation } from "react-i18next"
import { Field, TextInput } from "@manyhands/design-system"
import { isAppCode, isRecoveryCode, type Form } from "../forms"
import { ApiFailure } from "../shell-context"

/**
 * Puts a refusal's messages where the form shows them: `fields` renames the server's field names (the nested
 * "profile.displayName" of PUT /api/v2/user), `codes` names the field a code concerns when the server names
 * none (TWO_FACTOR_CODE_INVALID → "code"). Anything that is not an ApiFailure passes unchanged.
 */
export function placeFailure(
  error: unknown,
  { fields = {}, codes = {} }: { fields?: Record<string, string>; codes?: Record<string, string> },
): unknown {
  if (!(error instanceof ApiFailure)) return error
  const placed: Record<string, string> = {}
  for (const [name, message] of Object.entries(error.fields)) placed[fields[name] ?? name] = message
  const field = error.code ? codes[error.code] : undefined
  if (field && !placed[field]) placed[field] = error.message
  return new ApiFailure(error.message, error.code, error.status, placed, error.retryAfter)
}

/** What is wrong with a second-factor code, in the page's language, or undefined. */
export function secondFactorProblem(value: string, t: (key: string) => string): string | undefined {
  if (!value.trim()) return t("fields.codeRequired")
  return isAppCode(value) || isRecoveryCode(value) ? undefined : t("fields.codeInvalid")
}

/** The current password, asked again before a sensitive change. */
export function CurrentPasswordField<V extends object>({
  form,
  name,
  label,
}: {
  form: Form<V>
  name: keyof V & string
  label?: string
}) {
  const { t } = useTranslation("profile")
  return (
    <Field label={label ?? t("fields.password")} required {...form.field(name)}>
      <TextInput type="password" autoComplete="current-password" {...form.input(name)} />
    </Field>
  )
}

/** The second factor: a code from the authenticator app, or a recovery code when the phone is lost. */
export function SecondFactorField<V extends object>({
  form,
  name,
}: {
  form: Form<V>
  name: keyof V & string
}) {
  const { t } = useTranslation("profile")
  return (
    <Field label={t("fields.code")} hint={t("fields.codeHint")} required {...form.field(name)}>
      <TextInput
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        className="max-w-48 font-mono"
        {...form.input(name)}
      />
    </Field>
  )
}

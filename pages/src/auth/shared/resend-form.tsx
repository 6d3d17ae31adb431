import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Alert, Button, Field, TextInput } from "@manyhands/design-system"
import { useForm } from "../../forms"
import { useShellServices } from "../../shell-context"
import { authApi } from "@manyhands/contract/accounts"
import { AuthFormError } from "./auth-form-error"
import { emailError } from "./validation"

/**
 * Asks for a new confirmation mail (POST /api/v2/auth/confirm-email/resend). With `email` it is one button for
 * that address; without, the visitor types the address. The answer is the same whatever the address.
 */
export function ResendForm({ email, initialEmail = "" }: { email?: string; initialEmail?: string }) {
  const { t } = useTranslation("auth")
  const { api } = useShellServices()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm({
    initial: { email: email ?? initialEmail },
    validate: (values) => ({ email: emailError(t, values.email) }),
    submit: async (values) => {
      const address = values.email.trim()
      await api.send("POST", authApi.resendConfirmation.url(), { email: address })
      setSentTo(address)
    },
  })
  return (
    <form method="post" className="flex flex-col gap-4" onSubmit={form.onSubmit} noValidate>
      {email === undefined ? (
        <Field label={t("fields.email")} required {...form.field("email")}>
          <TextInput type="email" autoComplete="email" spellCheck={false} {...form.input("email")} />
        </Field>
      ) : null}
      {sentTo ? <Alert tone="success">{t("resend.sent", { email: sentTo })}</Alert> : null}
      <AuthFormError message={form.formError} failure={form.failure} />
      <div>
        <Button type="submit" variant="secondary" loading={form.submitting}>
          {t("resend.submit")}
        </Button>
      </div>
    </form>
  )
}

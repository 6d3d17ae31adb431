import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Alert, Button, Field, TextInput } from "@manyhands/design-system"
import { TextLink } from "../../blocks"
import { useForm } from "../../forms"
import { useShellServices } from "../../shell-context"
import { authApi } from "@manyhands/contract/accounts"
import { AuthCard } from "../shared/auth-card"
import { AuthFormError } from "../shared/auth-form-error"
import { emailError } from "../shared/validation"

/**
 * /auth/remind: a link to set a new password. The answer never says whether the address has an account, so
 * the page cannot be used to find out who is registered.
 */
export default function RemindScreen() {
  const { t } = useTranslation("auth")
  const { api } = useShellServices()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm({
    initial: { email: "" },
    validate: (values) => ({ email: emailError(t, values.email) }),
    submit: async (values) => {
      const email = values.email.trim()
      await api.send("POST", authApi.remind.url(), { email })
      setSentTo(email)
    },
  })

  const back = <TextLink to="/auth/login">{t("remind.back")}</TextLink>

  if (sentTo)
    return (
      <AuthCard title={t("remind.sent.title")} footer={back}>
        <Alert tone="success">{t("remind.sent.text", { email: sentTo })}</Alert>
      </AuthCard>
    )

  return (
    <AuthCard title={t("remind.title")} lead={t("remind.lead")} footer={back}>
      <form method="post" className="flex flex-col gap-5" onSubmit={form.onSubmit} noValidate>
        <Field label={t("fields.email")} required {...form.field("email")}>
          <TextInput type="email" autoComplete="email" spellCheck={false} {...form.input("email")} />
        </Field>
        <AuthFormError message={form.formError} failure={form.failure} />
        <Button type="submit" size="lg" fullWidth loading={form.submitting}>
          {t("remind.submit")}
        </Button>
      </form>
    </AuthCard>
  )
}

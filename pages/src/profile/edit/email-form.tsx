import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Alert, Button, Field, TextInput } from "@manyhands/design-system"
import { FormError, isEmail, useForm, type FieldErrors } from "../../forms"
import { useShellServices } from "../../shell-context"
import type { ResponseOf } from "@manyhands/contract"
import { profileApi } from "@manyhands/contract/accounts"
import { ProfileCard } from "../profile-card"
import { CurrentPasswordField } from "../profile-forms"

interface EmailValues {
  newEmail: string
  password: string
}

/**
 * A new sign-in address, behind the current password → POST /api/v2/profile/email. Nothing changes until the
 * link mailed to the new address is followed; the old address gets a notice with a way to cancel.
 */
export function EmailForm({ email }: { email: string }) {
  const { t } = useTranslation("profile")
  const { api } = useShellServices()
  const [sentTo, setSentTo] = useState<string | null>(null)

  const form = useForm<EmailValues>({
    initial: { newEmail: "", password: "" },
    validate: ({ newEmail, password }) => {
      const errors: FieldErrors<EmailValues> = {}
      if (!newEmail.trim()) errors.newEmail = t("edit.email.newEmailRequired")
      else if (!isEmail(newEmail)) errors.newEmail = t("edit.email.newEmailInvalid")
      else if (newEmail.trim().toLowerCase() === email.toLowerCase())
        errors.newEmail = t("edit.email.newEmailSame")
      if (!password) errors.password = t("fields.passwordRequired")
      return errors
    },
    submit: async ({ newEmail, password }) => {
      setSentTo(null)
      const answer = await api.send<ResponseOf<typeof profileApi.changeEmail>>(
        "POST",
        profileApi.changeEmail.url(),
        {
          newEmail: newEmail.trim(),
          password,
        },
      )
      setSentTo(answer.email)
      form.reset()
    },
  })

  return (
    <ProfileCard
      id="profile-email"
      title={t("edit.email.title")}
      description={t("edit.email.description", { email })}
    >
      <form method="post" className="flex max-w-xl flex-col gap-5" onSubmit={form.onSubmit} noValidate>
        <Field label={t("edit.email.newEmail")} required {...form.field("newEmail")}>
          <TextInput type="email" autoComplete="email" spellCheck={false} {...form.input("newEmail")} />
        </Field>
        <CurrentPasswordField form={form} name="password" />
        <FormError message={form.formError} />
        {sentTo ? (
          <Alert tone="success" title={t("edit.email.sentTitle")}>
            {t("edit.email.sent", { email: sentTo })}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" disabled={form.submitting}>
            {t("edit.email.submit")}
          </Button>
        </div>
      </form>
    </ProfileCard>
  )
}

import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Alert, Button, Checkbox, Field, TextInput } from "@manyhands/design-system"
import { FormError, passwordProblem, useForm, type FieldErrors } from "../../forms"
import { useShellServices } from "../../shell-context"
import type { ResponseOf } from "@manyhands/contract"
import { profileApi } from "@manyhands/contract/accounts"
import { ProfileCard } from "../profile-card"
import { CurrentPasswordField } from "../profile-forms"
import { ProfileLayout } from "../profile-layout"
import { PasswordRules } from "./password-rules"

interface PasswordValues {
  currentPassword: string
  newPassword: string
  repeat: string
  endOtherSessions: boolean
}

/** /profile/edit_password: a new password behind the current one, optionally ending the other sessions. */
export default function PasswordScreen() {
  const { t } = useTranslation("profile")
  const { t: common } = useTranslation("common")
  const { api } = useShellServices()
  // The outcome of the last change: how many other sessions it ended (null when none were to be ended).
  const [changed, setChanged] = useState<{ ended: number | null } | null>(null)

  const form = useForm<PasswordValues>({
    initial: { currentPassword: "", newPassword: "", repeat: "", endOtherSessions: true },
    validate: (values) => {
      const errors: FieldErrors<PasswordValues> = {}
      if (!values.currentPassword) errors.currentPassword = t("password.currentRequired")
      const problem = passwordProblem(values.newPassword)
      if (problem) errors.newPassword = common(`errors.codes.${problem}`)
      else if (values.newPassword === values.currentPassword)
        errors.newPassword = t("password.differentRequired")
      if (!values.repeat) errors.repeat = t("password.repeatRequired")
      else if (values.repeat !== values.newPassword) errors.repeat = t("password.repeatMismatch")
      return errors
    },
    submit: async ({ currentPassword, newPassword, endOtherSessions }) => {
      setChanged(null)
      const answer = await api.send<ResponseOf<typeof profileApi.changePassword>>(
        "POST",
        profileApi.changePassword.url(),
        {
          currentPassword,
          newPassword,
          endOtherSessions,
        },
      )
      setChanged({ ended: endOtherSessions ? answer.endedSessions : null })
      form.reset()
    },
  })

  const { newPassword, currentPassword } = form.values
  const rules = [
    {
      id: "length",
      text: t("password.rules.length"),
      met: passwordProblem(newPassword) !== "PASSWORD_TOO_SHORT",
    },
    {
      id: "different",
      text: t("password.rules.different"),
      met: newPassword.length > 0 && newPassword !== currentPassword,
    },
    { id: "common", text: t("password.rules.common"), met: null },
  ]

  return (
    <ProfileLayout page="password">
      <ProfileCard id="password-form-title" title={t("password.formTitle")}>
        <form method="post" className="flex max-w-xl flex-col gap-5" onSubmit={form.onSubmit} noValidate>
          <CurrentPasswordField form={form} name="currentPassword" label={t("password.current")} />
          <Field
            label={t("password.new")}
            hint={<PasswordRules rules={rules} />}
            required
            {...form.field("newPassword")}
          >
            <TextInput type="password" autoComplete="new-password" {...form.input("newPassword")} />
          </Field>
          <Field label={t("password.repeat")} required {...form.field("repeat")}>
            <TextInput type="password" autoComplete="new-password" {...form.input("repeat")} />
          </Field>
          <Checkbox
            label={t("password.endOthers")}
            description={t("password.endOthersHint")}
            checked={form.values.endOtherSessions}
            onCheckedChange={(checked) => form.set("endOtherSessions", checked === true)}
          />
          <FormError message={form.formError} />
          {changed ? (
            <Alert tone="success" title={t("password.changed")}>
              {changed.ended === null
                ? null
                : changed.ended === 0
                  ? t("password.endedSessionsNone")
                  : t("password.endedSessions", { count: changed.ended })}
            </Alert>
          ) : null}
          <div>
            <Button type="submit" disabled={form.submitting}>
              {t("password.submit")}
            </Button>
          </div>
        </form>
      </ProfileCard>
    </ProfileLayout>
  )
}

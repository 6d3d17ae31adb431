import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useParams } from "react-router"
import { Alert, Button, Field, TextInput } from "@manyhands/design-system"
import { LinkButton, TextLink } from "../../blocks"
import { useForm, useRequestOnMount } from "../../forms"
import { useShellServices } from "../../shell-context"
import type { ResponseOf } from "@manyhands/contract"
import { authApi } from "@manyhands/contract/accounts"
import { AuthCard } from "../shared/auth-card"
import { AuthFormError } from "../shared/auth-form-error"
import { LinkFailure } from "../shared/link-failure"
import { newPasswordError, newPasswordHint } from "../shared/validation"
import { Working } from "../shared/working"

/**
 * /auth/check_remind/:hash/:userId — the password reminder's link: checked on arrival (without spending it),
 * then a new password, which ends every session.
 */
export default function CheckRemindScreen() {
  const { t } = useTranslation("auth")
  const { api } = useShellServices()
  const { hash = "", userId = "" } = useParams()
  const check = useRequestOnMount(() =>
    api.send<ResponseOf<typeof authApi.resetPasswordCheck>>("POST", authApi.resetPasswordCheck.url(), {
      hash,
      userId,
    }),
  )

  if (check.phase === "done") return <NewPasswordForm hash={hash} userId={userId} email={check.data.email} />
  return (
    <AuthCard title={t("checkRemind.title")}>
      {check.phase === "working" ? (
        <Working text={t("checkRemind.checking")} />
      ) : (
        <LinkFailure failure={check.failure} onRetry={check.retry}>
          <div>
            <LinkButton to="/auth/remind">{t("checkRemind.again")}</LinkButton>
          </div>
        </LinkFailure>
      )}
    </AuthCard>
  )
}

function NewPasswordForm({ hash, userId, email }: { hash: string; userId: string; email: string }) {
  const { t } = useTranslation("auth")
  const { t: common } = useTranslation("common")
  const { api } = useShellServices()
  const [changed, setChanged] = useState(false)
  const form = useForm({
    initial: { password: "", confirmation: "" },
    validate: (values) => ({
      password: newPasswordError(common, values.password),
      confirmation: values.confirmation !== values.password ? t("validation.confirmationDiffers") : undefined,
    }),
    submit: async (values) => {
      await api.send("POST", authApi.resetPassword.url(), { hash, userId, password: values.password })
      setChanged(true)
    },
  })

  if (changed)
    return (
      <AuthCard title={t("checkRemind.done.title")}>
        <Alert tone="success">{t("checkRemind.done.text")}</Alert>
        <div>
          <LinkButton to="/auth/login">{t("signInLink")}</LinkButton>
        </div>
      </AuthCard>
    )

  const tokenSpent = form.failure?.code === "TOKEN_INVALID"
  return (
    <AuthCard title={t("checkRemind.title")} lead={t("checkRemind.lead", { email })}>
      <form method="post" className="flex flex-col gap-5" onSubmit={form.onSubmit} noValidate>
        {/* Tells password managers which account the new password is for. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field
          label={t("fields.newPassword")}
          required
          hint={newPasswordHint(t, form.values.password)}
          {...form.field("password")}
        >
          <TextInput type="password" autoComplete="new-password" {...form.input("password")} />
        </Field>
        <Field label={t("fields.confirmation")} required {...form.field("confirmation")}>
          <TextInput type="password" autoComplete="new-password" {...form.input("confirmation")} />
        </Field>
        <AuthFormError
          message={form.formError}
          failure={form.failure}
          action={tokenSpent ? <TextLink to="/auth/remind">{t("checkRemind.again")}</TextLink> : undefined}
        />
        <Button type="submit" size="lg" fullWidth loading={form.submitting}>
          {t("checkRemind.submit")}
        </Button>
      </form>
    </AuthCard>
  )
}

import { useState } from "react"
import { useTranslation } from "react-i18next"
import { useParams } from "react-router"
import { Alert, Button } from "@manyhands/design-system"
import { LinkButton, TextLink } from "../../blocks"
import { useForm } from "../../forms"
import { useShellServices } from "../../shell-context"
import type { ResponseOf } from "@manyhands/contract"
import { authApi } from "@manyhands/contract/accounts"
import { AuthCard } from "../shared/auth-card"
import { AuthFormError } from "../shared/auth-form-error"
import { LinkFailure } from "../shared/link-failure"

/**
 * /auth/delete_email/:hash/:userId — the link in the notice to the old address: undoes an address change
 * someone else may have made, and signs the account out everywhere. Only the button acts.
 */
export default function DeleteEmailScreen() {
  const { t } = useTranslation("auth")
  const { api } = useShellServices()
  const { hash = "", userId = "" } = useParams()
  const [removed, setRemoved] = useState<string | null>(null)
  const form = useForm({
    initial: {},
    submit: async () => {
      const answer = await api.send<ResponseOf<typeof authApi.undoEmailChange>>(
        "POST",
        authApi.undoEmailChange.url(),
        { hash, userId },
      )
      setRemoved(answer.email)
    },
  })

  if (removed)
    return (
      <AuthCard title={t("deleteEmail.done.title")}>
        <Alert tone="success">{t("deleteEmail.done.text", { email: removed })}</Alert>
        <div className="flex flex-wrap items-center gap-4">
          <LinkButton to="/auth/login">{t("signInLink")}</LinkButton>
          <TextLink to="/auth/remind">{t("deleteEmail.done.remind")}</TextLink>
        </div>
      </AuthCard>
    )

  return (
    <AuthCard title={t("deleteEmail.title")} lead={t("deleteEmail.lead")}>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t("deleteEmail.effects.remove")}</li>
        <li>{t("deleteEmail.effects.signOut")}</li>
      </ul>
      {form.failure?.code === "TOKEN_INVALID" ? (
        <LinkFailure failure={form.failure} />
      ) : (
        <form method="post" className="flex flex-col gap-5" onSubmit={form.onSubmit} noValidate>
          <AuthFormError message={form.formError} failure={form.failure} />
          <Button type="submit" size="lg" fullWidth variant="primary-danger" loading={form.submitting}>
            {t("deleteEmail.submit")}
          </Button>
        </form>
      )}
    </AuthCard>
  )
}

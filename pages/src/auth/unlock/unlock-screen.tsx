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
 * /auth/unlock/:hash/:userId — the link in the mail sent when failed sign-ins from many places locked the
 * account: lifts the lock and remembers this browser as the owner's. Only the button acts (mail scanners open
 * links).
 */
export default function UnlockScreen() {
  const { t } = useTranslation("auth")
  const { api } = useShellServices()
  const { hash = "", userId = "" } = useParams()
  const [unlocked, setUnlocked] = useState<string | null>(null)
  const form = useForm({
    initial: {},
    submit: async () => {
      const answer = await api.send<ResponseOf<typeof authApi.unlock>>("POST", authApi.unlock.url(), {
        hash,
        userId,
      })
      setUnlocked(answer.email)
    },
  })

  if (unlocked)
    return (
      <AuthCard title={t("unlock.done.title")}>
        <Alert tone="success">{t("unlock.done.text", { email: unlocked })}</Alert>
        <div className="flex flex-wrap items-center gap-4">
          <LinkButton to="/auth/login">{t("signInLink")}</LinkButton>
          <TextLink to="/auth/remind">{t("unlock.done.remind")}</TextLink>
        </div>
      </AuthCard>
    )

  return (
    <AuthCard title={t("unlock.title")} lead={t("unlock.lead")}>
      {form.failure?.code === "TOKEN_INVALID" ? (
        <LinkFailure failure={form.failure}>
          <TextLink to="/auth/remind">{t("login.resetPassword")}</TextLink>
        </LinkFailure>
      ) : (
        <form className="flex flex-col gap-5" onSubmit={form.onSubmit} noValidate>
          <AuthFormError message={form.formError} failure={form.failure} />
          <Button type="submit" size="lg" fullWidth loading={form.submitting}>
            {t("unlock.submit")}
          </Button>
        </form>
      )}
    </AuthCard>
  )
}

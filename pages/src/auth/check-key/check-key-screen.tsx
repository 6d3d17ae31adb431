import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useParams } from "react-router"
import { Alert } from "@manyhands/design-system"
import { LinkButton, TextLink } from "../../blocks"
import { useRequestOnMount } from "../../forms"
import { useShellServices } from "../../shell-context"
import type { ResponseOf } from "@manyhands/contract"
import { authApi } from "@manyhands/contract/accounts"
import { AuthCard } from "../shared/auth-card"
import { LinkFailure } from "../shared/link-failure"
import { ResendForm } from "../shared/resend-form"
import { Working } from "../shared/working"

/**
 * /auth/check_key/:hash/:userId — the sign-up mail's link: confirms the address on arrival (which signs the
 * user in), then goes on to the account-type choice, or to the profile when the type came with the sign-up.
 */
export default function CheckKeyScreen() {
  const { t } = useTranslation("auth")
  const { api, goTo } = useShellServices()
  const { hash = "", userId = "" } = useParams()
  const confirm = useRequestOnMount(() =>
    api.send<ResponseOf<typeof authApi.confirmEmail>>("POST", authApi.confirmEmail.url(), { hash, userId }),
  )
  const next =
    confirm.phase === "done" ? (confirm.data.user.profile.userType ? "/profile" : "/select-role") : null

  useEffect(() => {
    // A full load: the new session cookie has to reach the whole app, not just this screen.
    if (next) goTo(next)
  }, [next, goTo])

  return (
    <AuthCard
      title={confirm.phase === "done" ? t("checkKey.done.title") : t("checkKey.title")}
      footer={
        confirm.phase === "failed" ? <TextLink to="/auth/login">{t("signInLink")}</TextLink> : undefined
      }
    >
      {confirm.phase === "working" ? <Working text={t("checkKey.confirming")} /> : null}
      {next ? (
        <>
          <Alert tone="success">{t("checkKey.done.text")}</Alert>
          <div>
            <LinkButton to={next}>{t("checkKey.done.continue")}</LinkButton>
          </div>
        </>
      ) : null}
      {confirm.phase === "failed" ? (
        <LinkFailure failure={confirm.failure} onRetry={confirm.retry}>
          <p className="text-sm text-muted-foreground">{t("checkKey.invalidHelp")}</p>
          <ResendForm />
        </LinkFailure>
      ) : null}
    </AuthCard>
  )
}

import { useTranslation } from "react-i18next"
import { useSearchParams } from "react-router"
import { TextLink } from "../../blocks"
import { AuthCard } from "../shared/auth-card"
import { ResendForm } from "../shared/resend-form"

/** /auth/confirm-email?email=…: where an unconfirmed sign-in leads; asks for a new link if the mail is lost. */
export default function ConfirmEmailScreen() {
  const { t } = useTranslation("auth")
  const [params] = useSearchParams()
  const email = params.get("email")?.trim() ?? ""
  return (
    <AuthCard
      title={t("confirmEmail.title")}
      lead={email ? t("confirmEmail.lead", { email }) : t("confirmEmail.leadNoEmail")}
      footer={<TextLink to="/auth/login">{t("signInLink")}</TextLink>}
    >
      <p className="text-sm text-muted-foreground">{t("confirmEmail.resendLead")}</p>
      <ResendForm initialEmail={email} />
    </AuthCard>
  )
}

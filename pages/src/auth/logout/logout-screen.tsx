import { useTranslation } from "react-i18next"
import { Button } from "@manyhands/design-system"
import { LinkButton } from "../../blocks"
import { FormError } from "../../forms"
import { useShellServices } from "../../shell-context"
import { AuthCard } from "../shared/auth-card"
import { useSignOut } from "../shared/sign-out"

/**
 * /auth/logout: opening the address signs nobody out (a link from another site could); the button does, with
 * the page's CSRF token.
 */
export default function LogoutScreen() {
  const { t } = useTranslation("auth")
  const { user } = useShellServices()
  const { signOut, busy, failure } = useSignOut()

  if (!user)
    return (
      <AuthCard title={t("logout.signedOut.title")}>
        <p>{t("logout.signedOut.text")}</p>
        <div className="flex flex-wrap gap-3">
          <LinkButton to="/auth/login">{t("signInLink")}</LinkButton>
          <LinkButton to="/" variant="secondary">
            {t("logout.home")}
          </LinkButton>
        </div>
      </AuthCard>
    )

  return (
    <AuthCard title={t("logout.title")}>
      <p>{t("logout.text", { email: user.email })}</p>
      <FormError message={failure?.message} />
      <div className="flex flex-wrap gap-3">
        <Button type="button" size="lg" loading={busy} onClick={() => void signOut()}>
          {t("logout.submit")}
        </Button>
        <LinkButton to="/" variant="secondary">
          {t("logout.stay")}
        </LinkButton>
      </div>
    </AuthCard>
  )
}

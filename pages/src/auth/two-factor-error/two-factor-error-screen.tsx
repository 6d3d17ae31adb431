import { Trans, useTranslation } from "react-i18next"
import { LinkButton, TextLink } from "../../blocks"
import { AuthCard } from "../shared/auth-card"

/** /auth/two_factor_error: the two-factor step ran out (time or wrong codes); why, and how to get back in. */
export default function TwoFactorErrorScreen() {
  const { t } = useTranslation("auth")
  return (
    <AuthCard title={t("twoFactorError.title")} lead={t("twoFactorError.lead")}>
      <ul className="list-disc space-y-1 pl-5">
        <li>{t("twoFactorError.reasons.slow")}</li>
        <li>{t("twoFactorError.reasons.wrong")}</li>
      </ul>
      <div>
        <LinkButton to="/auth/login">{t("twoFactorError.again")}</LinkButton>
      </div>
      <section aria-labelledby="two-factor-help" className="flex flex-col gap-2 border-t border-border pt-5">
        <h2 id="two-factor-help" className="text-lg font-semibold">
          {t("twoFactorError.help.title")}
        </h2>
        <p className="text-muted-foreground">{t("twoFactorError.help.recovery")}</p>
        <p className="text-muted-foreground">
          <Trans
            t={t}
            i18nKey="twoFactorError.help.support"
            components={{ support: <TextLink href="mailto:support@manyhands.dev" /> }}
          />
        </p>
      </section>
    </AuthCard>
  )
}

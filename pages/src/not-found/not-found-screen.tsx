import { useTranslation } from "react-i18next"
import { LinkButton } from "../blocks"

export default function NotFoundScreen() {
  const { t } = useTranslation("common")
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-start gap-5 px-4 py-24 sm:px-6">
      <p className="font-mono text-sm font-semibold text-primary">{t("notFound.code")}</p>
      <h1 className="text-4xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="text-lg text-muted-foreground">{t("notFound.description")}</p>
      <div className="flex flex-wrap gap-3">
        <LinkButton to="/">{t("notFound.home")}</LinkButton>
        <LinkButton variant="tertiary" to="/about">
          {t("notFound.about")}
        </LinkButton>
      </div>
    </div>
  )
}

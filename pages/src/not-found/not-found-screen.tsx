import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Button } from "@manyhands/design-system"

export default function NotFoundScreen() {
  const { t } = useTranslation("common")
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-start gap-5 px-4 py-24 sm:px-6">
      <p className="font-mono text-sm font-semibold text-primary">{t("notFound.code")}</p>
      <h1 className="text-4xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="text-lg text-muted-foreground">{t("notFound.description")}</p>
      <div className="flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to="/">{t("notFound.home")}</Link>
        </Button>
        <Button asChild size="lg" variant="tertiary">
          <Link to="/about">{t("notFound.about")}</Link>
        </Button>
      </div>
    </div>
  )
}

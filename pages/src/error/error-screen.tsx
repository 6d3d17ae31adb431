import { useTranslation } from "react-i18next"
import { Button } from "@manyhands/design-system"

/** Shown when a screen fails to render (spec §8); offers a reload. */
export function ErrorScreen({ onReload }: { onReload: () => void }) {
  const { t } = useTranslation("common")
  return (
    <div role="alert" className="mx-auto flex max-w-3xl flex-col items-start gap-5 px-4 py-24 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">{t("error.title")}</h1>
      <p className="text-lg text-muted-foreground">{t("error.description")}</p>
      <Button size="lg" onClick={onReload}>
        {t("error.reload")}
      </Button>
    </div>
  )
}

import { useTranslation } from "react-i18next"
import { Section } from "../../layout/section"

const principles = ["fair", "exact", "private", "open"] as const

export default function AboutScreen() {
  const { t } = useTranslation("about")
  return (
    <>
      <Section tone="surface" labelledBy="about-title">
        <h1 id="about-title" className="text-4xl font-bold tracking-tight">
          {t("title")}
        </h1>
        <p className="mt-4 max-w-3xl text-lg text-muted-foreground">{t("lead")}</p>
      </Section>
      <Section>
        <div className="grid gap-6 md:grid-cols-2">
          {(["customers", "workers"] as const).map((audience) => (
            <article key={audience} className="rounded-lg border border-border bg-surface p-6">
              <h2 className="text-xl font-semibold">{t(`${audience}.title`)}</h2>
              <p className="mt-3 text-muted-foreground">{t(`${audience}.text`)}</p>
            </article>
          ))}
        </div>
        <h2 className="mt-12 text-2xl font-bold tracking-tight">{t("principles.title")}</h2>
        <ul className="mt-4 grid gap-3 md:grid-cols-2">
          {principles.map((key) => (
            <li key={key} className="rounded-lg bg-primary-soft p-4 text-foreground">
              {t(`principles.${key}`)}
            </li>
          ))}
        </ul>
        <h2 className="mt-12 text-2xl font-bold tracking-tight">{t("contact.title")}</h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">{t("contact.text")}</p>
      </Section>
    </>
  )
}

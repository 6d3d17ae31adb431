import { useTranslation } from "react-i18next"
import {
  LinkButton,
  LinkCardGrid,
  NumberedSteps,
  PageHero,
  TextLink,
  titledItems,
  TitledSection,
} from "../../blocks"

const audiences = [
  { id: "customers", to: "/for-customer" },
  { id: "workers", to: "/make-money-online" },
] as const
const flowSteps = ["upload", "queue", "solve", "check", "settle"] as const
const offers = [
  { id: "captchas", to: "/for-customer" },
  { id: "labelling", to: "/data" },
  { id: "proxies", to: "/proxy/residential" },
  { id: "software", to: "/workers-software" },
  { id: "jobs", to: "/jobs" },
  { id: "affiliate", to: "/affiliate" },
] as const
const principles = ["fair", "exact", "private", "open", "people", "plain"] as const
const contactLinks = [
  { id: "customers", to: "/for-customer" },
  { id: "workers", to: "/make-money-online" },
  { id: "affiliate", to: "/affiliate" },
  { id: "terms", to: "/terms-of-service" },
  { id: "privacy", to: "/privacy-policy" },
] as const

export default function AboutScreen() {
  const { t } = useTranslation("about")
  return (
    <>
      <PageHero id="about-title" eyebrow={t("eyebrow")} title={t("title")} lead={t("lead")} />

      <TitledSection id="mission-title" title={t("mission.title")}>
        <div className="flex max-w-3xl flex-col gap-4 text-foreground">
          <p>{t("mission.p1")}</p>
          <p>{t("mission.p2")}</p>
        </div>
      </TitledSection>

      <TitledSection id="sides-title" tone="surface" title={t("sides.title")} lead={t("sides.lead")}>
        <div className="grid gap-6 md:grid-cols-2">
          {audiences.map(({ id, to }) => (
            <article
              key={id}
              aria-labelledby={`side-${id}`}
              className="flex flex-col gap-3 rounded-lg border border-border bg-background p-6"
            >
              <h3 id={`side-${id}`} className="text-xl font-semibold">
                {t(`${id}.title`)}
              </h3>
              <p className="text-muted-foreground">{t(`${id}.text`)}</p>
              <p className="mt-auto pt-2">
                <TextLink to={to}>{t(`${id}.link`)}</TextLink>
              </p>
            </article>
          ))}
        </div>
        <h3 className="mt-12 text-xl font-semibold">{t("flow.title")}</h3>
        <p className="mt-2 max-w-3xl text-muted-foreground">{t("flow.lead")}</p>
        <NumberedSteps className="mt-6" titleAs="h4" items={titledItems(t, "flow.steps", flowSteps)} />
      </TitledSection>

      <TitledSection id="offer-title" title={t("offer.title")} lead={t("offer.lead")}>
        <LinkCardGrid
          items={offers.map(({ id, to }) => ({
            id,
            to,
            title: t(`offer.items.${id}.title`),
            text: t(`offer.items.${id}.text`),
          }))}
        />
      </TitledSection>

      <TitledSection id="principles-title" tone="surface" title={t("principles.title")}>
        <ul className="grid gap-3 md:grid-cols-2">
          {principles.map((key) => (
            <li key={key} className="rounded-lg bg-primary-soft p-4 text-foreground">
              {t(`principles.${key}`)}
            </li>
          ))}
        </ul>
      </TitledSection>

      <TitledSection id="contact-title" title={t("contact.title")} lead={t("contact.text")}>
        <div className="flex flex-wrap items-center gap-3">
          <LinkButton href="mailto:support@manyhands.dev">{t("contact.write")}</LinkButton>
          <p className="text-muted-foreground">
            {t("contact.emailLabel")}{" "}
            <TextLink href="mailto:support@manyhands.dev">{t("contact.email")}</TextLink>
          </p>
        </div>
        <h3 className="mt-10 text-lg font-semibold">{t("contact.linksTitle")}</h3>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {contactLinks.map(({ id, to }) => (
            <li key={id}>
              <TextLink to={to}>{t(`contact.links.${id}`)}</TextLink>
            </li>
          ))}
        </ul>
      </TitledSection>
    </>
  )
}

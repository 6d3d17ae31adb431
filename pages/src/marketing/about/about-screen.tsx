import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Button, Card, CardBody, CardLink, CardTitle, CardHeader } from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { NumberedList, SectionHeading } from "../shared/blocks"

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
      <Section tone="surface" labelledBy="about-title">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">{t("eyebrow")}</p>
        <h1 id="about-title" className="mt-3 text-4xl font-bold tracking-tight">
          {t("title")}
        </h1>
        <p className="mt-4 max-w-3xl text-lg text-muted-foreground">{t("lead")}</p>
      </Section>

      <Section labelledBy="mission-title">
        <SectionHeading id="mission-title" title={t("mission.title")} />
        <div className="mt-4 flex max-w-3xl flex-col gap-4 text-foreground">
          <p>{t("mission.p1")}</p>
          <p>{t("mission.p2")}</p>
        </div>
      </Section>

      <Section tone="surface" labelledBy="sides-title">
        <SectionHeading id="sides-title" title={t("sides.title")} lead={t("sides.lead")} />
        <div className="mt-8 grid gap-6 md:grid-cols-2">
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
                <Link
                  to={to}
                  className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
                >
                  {t(`${id}.link`)}
                </Link>
              </p>
            </article>
          ))}
        </div>
        <h3 className="mt-12 text-xl font-semibold">{t("flow.title")}</h3>
        <p className="mt-2 max-w-3xl text-muted-foreground">{t("flow.lead")}</p>
        <NumberedList
          className="mt-6"
          headingLevel={4}
          columns={1}
          items={flowSteps.map((id) => ({
            id,
            title: t(`flow.steps.${id}.title`),
            text: t(`flow.steps.${id}.text`),
          }))}
        />
      </Section>

      <Section labelledBy="offer-title">
        <SectionHeading id="offer-title" title={t("offer.title")} lead={t("offer.lead")} />
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {offers.map(({ id, to }) => (
            <Card key={id} asChild>
              <li>
                <CardHeader>
                  <CardTitle>
                    <CardLink asChild>
                      <Link to={to}>{t(`offer.items.${id}.title`)}</Link>
                    </CardLink>
                  </CardTitle>
                </CardHeader>
                <CardBody>
                  <p className="text-muted-foreground">{t(`offer.items.${id}.text`)}</p>
                </CardBody>
              </li>
            </Card>
          ))}
        </ul>
      </Section>

      <Section tone="surface" labelledBy="principles-title">
        <SectionHeading id="principles-title" title={t("principles.title")} />
        <ul className="mt-6 grid gap-3 md:grid-cols-2">
          {principles.map((key) => (
            <li key={key} className="rounded-lg bg-primary-soft p-4 text-foreground">
              {t(`principles.${key}`)}
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="contact-title">
        <SectionHeading id="contact-title" title={t("contact.title")} lead={t("contact.text")} />
        <div className="mt-6 flex flex-wrap items-center gap-3">
          <Button asChild size="lg">
            <a href="mailto:support@manyhands.dev">{t("contact.write")}</a>
          </Button>
          <p className="text-muted-foreground">
            {t("contact.emailLabel")}{" "}
            <a
              href="mailto:support@manyhands.dev"
              className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
            >
              {t("contact.email")}
            </a>
          </p>
        </div>
        <h3 className="mt-10 text-lg font-semibold">{t("contact.linksTitle")}</h3>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {contactLinks.map(({ id, to }) => (
            <li key={id}>
              <Link
                to={to}
                className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
              >
                {t(`contact.links.${id}`)}
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}

import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Badge, Button, CtaBand, Faq, FeatureGrid, Hero } from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { CheckList, NumberedList, SectionHeading } from "../shared/blocks"

const roles = [
  { id: "captchas", access: "open" },
  { id: "labelling", access: "training" },
  { id: "tokens", access: "experienced" },
  { id: "moderation", access: "invitation" },
  { id: "qa", access: "invitation" },
] as const
const roleLinks: Partial<Record<(typeof roles)[number]["id"], string>> = {
  captchas: "/make-money-online",
  labelling: "/data",
  tokens: "/job",
}
const requirements = ["age", "device", "language", "accuracy", "honesty", "wallet"] as const
const applySteps = ["register", "train", "record", "offers", "invite"] as const
const offers = ["remote", "hours", "rates", "training", "payouts", "growth"] as const
const faqIds = ["interview", "fullTime", "contract", "choose", "moderation", "lost", "pay"] as const

export default function JobsScreen() {
  const { t } = useTranslation("workers")
  const link = "font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
  return (
    <>
      <Hero
        className="[&>[data-slot=container]]:max-w-6xl"
        aria-labelledby="jobs-title"
        tone="tinted"
        eyebrow={t("jobs.hero.eyebrow")}
        title={<span id="jobs-title">{t("jobs.hero.title")}</span>}
        lead={t("jobs.hero.lead")}
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/auth/register?userType=worker">{t("jobs.hero.register")}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <a href="#roles">{t("jobs.hero.roles")}</a>
            </Button>
          </>
        }
      />

      <section id="roles" aria-labelledby="roles-title" className="scroll-mt-20">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <SectionHeading id="roles-title" title={t("jobs.roles.title")} lead={t("jobs.roles.lead")} />
          <ul className="mt-10 grid gap-6 md:grid-cols-2">
            {roles.map(({ id, access }) => {
              const to = roleLinks[id]
              return (
                <li key={id} className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-6">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <h3 id={`role-${id}`} className="text-xl font-semibold">
                      {t(`jobs.roles.items.${id}.title`)}
                    </h3>
                    <Badge tone={access === "open" ? "success" : "info"}>
                      {t(`jobs.roles.access.${access}`)}
                    </Badge>
                  </div>
                  <p className="text-muted-foreground">{t(`jobs.roles.items.${id}.text`)}</p>
                  <dl className="grid gap-3 text-sm">
                    <div>
                      <dt className="font-semibold text-foreground">{t("jobs.roles.whoLabel")}</dt>
                      <dd className="text-muted-foreground">{t(`jobs.roles.items.${id}.who`)}</dd>
                    </div>
                    <div>
                      <dt className="font-semibold text-foreground">{t("jobs.roles.startLabel")}</dt>
                      <dd className="text-muted-foreground">{t(`jobs.roles.items.${id}.start`)}</dd>
                    </div>
                  </dl>
                  {to ? (
                    <p className="mt-auto">
                      <Link to={to} className={link}>
                        {t(`jobs.roles.items.${id}.link`)}
                      </Link>
                    </p>
                  ) : null}
                </li>
              )
            })}
          </ul>
        </div>
      </section>

      <Section tone="surface" labelledBy="requirements-title">
        <div className="grid gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading
              id="requirements-title"
              title={t("jobs.requirements.title")}
              lead={t("jobs.requirements.lead")}
            />
            <CheckList
              className="mt-6"
              items={requirements.map((id) => ({ id, text: t(`jobs.requirements.items.${id}`) }))}
            />
          </div>
          <section aria-labelledby="apply-title">
            <SectionHeading id="apply-title" title={t("jobs.apply.title")} lead={t("jobs.apply.lead")} />
            <NumberedList
              className="mt-6"
              items={applySteps.map((id) => ({
                id,
                title: t(`jobs.apply.steps.${id}.title`),
                text: t(`jobs.apply.steps.${id}.text`),
              }))}
            />
          </section>
        </div>
      </Section>

      <Section labelledBy="offer-title">
        <SectionHeading id="offer-title" title={t("jobs.offer.title")} />
        <FeatureGrid
          className="mt-10"
          items={offers.map((id) => ({
            title: t(`jobs.offer.items.${id}.title`),
            text: t(`jobs.offer.items.${id}.text`),
          }))}
        />
      </Section>

      <Section tone="surface" labelledBy="jobs-faq-title">
        <SectionHeading id="jobs-faq-title" title={t("jobs.faq.title")} />
        <Faq
          className="mt-6 max-w-3xl"
          items={faqIds.map((id) => ({
            id,
            question: t(`jobs.faq.items.${id}.q`),
            answer: t(`jobs.faq.items.${id}.a`),
          }))}
        />
      </Section>

      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <CtaBand
          aria-labelledby="jobs-cta-title"
          title={<span id="jobs-cta-title">{t("jobs.cta.title")}</span>}
          text={t("jobs.cta.text")}
          actions={
            <>
              <Button asChild size="lg" variant="secondary-white">
                <Link to="/auth/register?userType=worker">{t("jobs.cta.register")}</Link>
              </Button>
              <Button asChild size="lg" variant="primary-light">
                <Link to="/make-money-online">{t("jobs.cta.more")}</Link>
              </Button>
            </>
          }
        />
      </div>
    </>
  )
}

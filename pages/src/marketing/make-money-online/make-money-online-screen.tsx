import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Button,
  CtaBand,
  Faq,
  FeatureGrid,
  GlobeIcon,
  Hero,
  StarIcon,
  UserIcon,
  WalletIcon,
} from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { CheckList, NumberedList, Panel, SectionHeading } from "../shared/blocks"

const heroPoints = ["experience", "browser", "hours", "training", "wallet"] as const
const whoPoints = ["age", "anywhere", "reading", "languages", "attention", "single"] as const
const needs = [
  { id: "device", icon: <GlobeIcon /> },
  { id: "connection", icon: <StarIcon /> },
  { id: "wallet", icon: <WalletIcon /> },
  { id: "focus", icon: <UserIcon /> },
] as const
const trainingSteps = ["choose", "lesson", "practice", "unlock", "refresh"] as const
const mistakePoints = ["page", "source", "recheck", "effect"] as const
const earningSteps = ["rate", "credit", "balance", "payout", "history"] as const
const tips = ["instructions", "case", "unsure", "pace", "breaks", "software"] as const
const faqIds = ["cost", "howMuch", "when", "phone", "mistake", "blocked", "software", "several"] as const
const softwareLinks = [
  { id: "catalogue", to: "/workers-software" },
  { id: "captchaBot", to: "/workers-software/captcha-bot-rs" },
  { id: "rucaptchaBot", to: "/workers-software/rucaptcha-bot" },
] as const

export default function MakeMoneyOnlineScreen() {
  const { t } = useTranslation("workers")
  const link = "font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
  return (
    <>
      <Hero
        className="[&>[data-slot=container]]:max-w-6xl"
        aria-labelledby="earn-title"
        tone="surface"
        layout="split"
        eyebrow={t("online.hero.eyebrow")}
        title={<span id="earn-title">{t("online.hero.title")}</span>}
        lead={t("online.hero.lead")}
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/auth/register?userType=worker">{t("online.hero.register")}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/job">{t("online.hero.job")}</Link>
            </Button>
          </>
        }
        media={
          <Panel title={t("online.hero.pointsTitle")} headingLevel={2} className="bg-background">
            <CheckList items={heroPoints.map((id) => ({ id, text: t(`online.hero.points.${id}`) }))} />
          </Panel>
        }
      />

      <Section labelledBy="who-title">
        <div className="grid gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading id="who-title" title={t("online.who.title")} lead={t("online.who.lead")} />
            <CheckList
              className="mt-6"
              items={whoPoints.map((id) => ({ id, text: t(`online.who.points.${id}`) }))}
            />
          </div>
          <section aria-labelledby="need-title">
            <SectionHeading id="need-title" title={t("online.need.title")} lead={t("online.need.lead")} />
            <FeatureGrid
              className="mt-6"
              columns={2}
              items={needs.map(({ id, icon }) => ({
                icon,
                title: t(`online.need.items.${id}.title`),
                text: t(`online.need.items.${id}.text`),
              }))}
            />
          </section>
        </div>
      </Section>

      <Section tone="surface" labelledBy="training-title">
        <SectionHeading
          id="training-title"
          title={t("online.training.title")}
          lead={t("online.training.lead")}
        />
        <NumberedList
          className="mt-10 max-w-3xl"
          items={trainingSteps.map((id) => ({
            id,
            title: t(`online.training.steps.${id}.title`),
            text: t(`online.training.steps.${id}.text`),
          }))}
        />
      </Section>

      <Section labelledBy="mistakes-title">
        <SectionHeading
          id="mistakes-title"
          title={t("online.mistakes.title")}
          lead={t("online.mistakes.lead")}
        />
        <FeatureGrid
          className="mt-10"
          columns={2}
          variant="card"
          items={mistakePoints.map((id) => ({
            title: t(`online.mistakes.items.${id}.title`),
            text: t(`online.mistakes.items.${id}.text`),
          }))}
        />
      </Section>

      <Section tone="surface" labelledBy="earnings-title">
        <SectionHeading
          id="earnings-title"
          title={t("online.earnings.title")}
          lead={t("online.earnings.lead")}
        />
        <NumberedList
          className="mt-10"
          columns={2}
          items={earningSteps.map((id) => ({
            id,
            title: t(`online.earnings.steps.${id}.title`),
            text: t(`online.earnings.steps.${id}.text`),
          }))}
        />
        <p className="mt-10 max-w-3xl rounded-lg bg-primary-soft p-4 text-foreground">
          {t("online.earnings.honest")}
        </p>
      </Section>

      <Section labelledBy="tips-title">
        <div className="grid gap-12 lg:grid-cols-[3fr_2fr]">
          <div>
            <SectionHeading id="tips-title" title={t("online.tips.title")} />
            <CheckList
              className="mt-6"
              items={tips.map((id) => ({ id, text: t(`online.tips.items.${id}`) }))}
            />
          </div>
          <Panel title={t("online.software.title")} titleId="software-title">
            <p className="text-sm text-muted-foreground">{t("online.software.text")}</p>
            <ul className="flex flex-col gap-2">
              {softwareLinks.map(({ id, to }) => (
                <li key={id}>
                  <Link to={to} className={link}>
                    {t(`online.software.links.${id}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </Panel>
        </div>
      </Section>

      <Section tone="surface" labelledBy="faq-title">
        <SectionHeading id="faq-title" title={t("online.faq.title")} />
        <Faq
          className="mt-6 max-w-3xl"
          items={faqIds.map((id) => ({
            id,
            question: t(`online.faq.items.${id}.q`),
            answer: t(`online.faq.items.${id}.a`),
          }))}
        />
        <p className="mt-6 text-muted-foreground">
          {t("online.faq.more")}{" "}
          <Link to="/jobs" className={link}>
            {t("online.faq.jobs")}
          </Link>
        </p>
      </Section>

      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <CtaBand
          aria-labelledby="earn-cta-title"
          title={<span id="earn-cta-title">{t("online.cta.title")}</span>}
          text={t("online.cta.text")}
          actions={
            <>
              <Button asChild size="lg" variant="secondary-white">
                <Link to="/auth/register?userType=worker">{t("online.cta.register")}</Link>
              </Button>
              <Button asChild size="lg" variant="primary-light">
                <Link to="/job">{t("online.cta.job")}</Link>
              </Button>
            </>
          }
        />
      </div>
    </>
  )
}

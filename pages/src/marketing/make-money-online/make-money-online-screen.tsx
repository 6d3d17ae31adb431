import { useTranslation } from "react-i18next"
import { FeatureGrid, GlobeIcon, StarIcon, UserIcon, WalletIcon } from "@manyhands/design-system"
import {
  CheckList,
  faqItems,
  FaqSection,
  NumberedSteps,
  PageCta,
  PageHero,
  Panel,
  SectionHeading,
  TextLink,
  titledItems,
  TitledSection,
} from "../../blocks"
import { Section } from "../../layout/section"

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
  return (
    <>
      <PageHero
        id="earn-title"
        eyebrow={t("online.hero.eyebrow")}
        title={t("online.hero.title")}
        lead={t("online.hero.lead")}
        action={{ to: "/auth/register?userType=worker", label: t("online.hero.register") }}
        secondaryAction={{ to: "/job", label: t("online.hero.job") }}
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
              className="mt-8"
              items={whoPoints.map((id) => ({ id, text: t(`online.who.points.${id}`) }))}
            />
          </div>
          <section aria-labelledby="need-title">
            <SectionHeading id="need-title" title={t("online.need.title")} lead={t("online.need.lead")} />
            <FeatureGrid
              className="mt-8"
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

      <TitledSection
        id="training-title"
        tone="surface"
        title={t("online.training.title")}
        lead={t("online.training.lead")}
      >
        <NumberedSteps className="max-w-3xl" items={titledItems(t, "online.training.steps", trainingSteps)} />
      </TitledSection>

      <TitledSection id="mistakes-title" title={t("online.mistakes.title")} lead={t("online.mistakes.lead")}>
        <FeatureGrid
          columns={2}
          variant="card"
          items={titledItems(t, "online.mistakes.items", mistakePoints)}
        />
      </TitledSection>

      <TitledSection
        id="earnings-title"
        tone="surface"
        title={t("online.earnings.title")}
        lead={t("online.earnings.lead")}
      >
        <NumberedSteps columns={2} items={titledItems(t, "online.earnings.steps", earningSteps)} />
        <p className="mt-10 max-w-3xl rounded-lg bg-primary-soft p-4 text-foreground">
          {t("online.earnings.honest")}
        </p>
      </TitledSection>

      <Section labelledBy="tips-title">
        <div className="grid gap-12 lg:grid-cols-[3fr_2fr]">
          <div>
            <SectionHeading id="tips-title" title={t("online.tips.title")} />
            <CheckList
              className="mt-8"
              items={tips.map((id) => ({ id, text: t(`online.tips.items.${id}`) }))}
            />
          </div>
          <Panel title={t("online.software.title")} titleId="software-title">
            <p className="text-sm text-muted-foreground">{t("online.software.text")}</p>
            <ul className="flex flex-col gap-2">
              {softwareLinks.map(({ id, to }) => (
                <li key={id}>
                  <TextLink to={to}>{t(`online.software.links.${id}`)}</TextLink>
                </li>
              ))}
            </ul>
          </Panel>
        </div>
      </Section>

      <FaqSection
        id="faq-title"
        tone="surface"
        title={t("online.faq.title")}
        items={faqItems(t, "online.faq.items", faqIds, "short")}
      >
        <p className="mt-6 text-muted-foreground">
          {t("online.faq.more")} <TextLink to="/jobs">{t("online.faq.jobs")}</TextLink>
        </p>
      </FaqSection>

      <PageCta
        id="earn-cta-title"
        title={t("online.cta.title")}
        text={t("online.cta.text")}
        action={{ to: "/auth/register?userType=worker", label: t("online.cta.register") }}
        secondaryAction={{ to: "/job", label: t("online.cta.job") }}
      />
    </>
  )
}

import { useTranslation } from "react-i18next"
import { FeatureGrid, GlobeIcon, StarIcon, UserIcon, WalletIcon } from "@manyhands/design-system"
import {
  CheckList,
  ctaTexts,
  faqTexts,
  FaqSection,
  heroTexts,
  iconItems,
  NumberedSteps,
  PageCta,
  PageHero,
  Panel,
  SideSection,
  SplitSection,
  TextLink,
  textItems,
  titledItems,
  TitledSection,
} from "../../blocks"

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
        {...heroTexts(t, "online.hero")}
        action={{ to: "/auth/register?userType=worker", label: t("online.hero.register") }}
        secondaryAction={{ to: "/job", label: t("online.hero.job") }}
        media={
          <Panel title={t("online.hero.pointsTitle")} headingLevel={2} className="bg-background">
            <CheckList items={textItems(t, "online.hero.points", heroPoints)} />
          </Panel>
        }
      />

      <SplitSection
        id="who-title"
        title={t("online.who.title")}
        lead={t("online.who.lead")}
        aside={
          <SideSection id="need-title" title={t("online.need.title")} lead={t("online.need.lead")}>
            <FeatureGrid columns={2} items={iconItems(t, "online.need.items", needs)} />
          </SideSection>
        }
      >
        <CheckList items={textItems(t, "online.who.points", whoPoints)} />
      </SplitSection>

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

      <SplitSection
        id="tips-title"
        title={t("online.tips.title")}
        layout="wide-narrow"
        aside={
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
        }
      >
        <CheckList items={textItems(t, "online.tips.items", tips)} />
      </SplitSection>

      <FaqSection id="faq-title" tone="surface" {...faqTexts(t, "online.faq", faqIds, "short")}>
        <p className="mt-6 text-muted-foreground">
          {t("online.faq.more")} <TextLink to="/jobs">{t("online.faq.jobs")}</TextLink>
        </p>
      </FaqSection>

      <PageCta
        id="earn-cta-title"
        {...ctaTexts(t, "online.cta")}
        action={{ to: "/auth/register?userType=worker", label: t("online.cta.register") }}
        secondaryAction={{ to: "/job", label: t("online.cta.job") }}
      />
    </>
  )
}

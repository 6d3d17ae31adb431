import { useTranslation } from "react-i18next"
import {
  CodeBlock,
  FeatureGrid,
  FileIcon,
  GlobeIcon,
  StarIcon,
  UserIcon,
  WalletIcon,
} from "@manyhands/design-system"
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
  SideSection,
  SplitSection,
  TextLink,
  textItems,
  titledItems,
  TitledSection,
} from "../../blocks"

const linkExample = `https://manyhands.dev/?from=YOUR_ID
https://manyhands.dev/for-customer?from=YOUR_ID
https://manyhands.dev/make-money-online?from=YOUR_ID`

const steps = ["join", "link", "share", "signup", "earn", "payout"] as const
const audiences = [
  { id: "developers", icon: <FileIcon /> },
  { id: "creators", icon: <StarIcon /> },
  { id: "communities", icon: <GlobeIcon /> },
  { id: "integrators", icon: <WalletIcon /> },
  { id: "workers", icon: <UserIcon /> },
] as const
const linkPoints = ["anyPage", "memory", "sources", "software"] as const
const commissionItems = ["base", "rate", "credit", "reversal", "payout", "history"] as const
const tools = ["links", "sources", "referrals", "banners", "landings", "examples"] as const
const rules = ["spam", "self", "fake", "claims", "tricks", "brand"] as const
const faqIds = ["cost", "who", "window", "rate", "self", "payout", "workers", "software"] as const

export default function AffiliateScreen() {
  const { t } = useTranslation("affiliate")
  return (
    <>
      <PageHero
        id="affiliate-title"
        {...heroTexts(t, "hero")}
        action={{ to: "/auth/register", label: t("hero.register") }}
        secondaryAction={{ to: "/auth/login", label: t("hero.login") }}
        media={
          <CodeBlock
            title={t("hero.exampleTitle")}
            language="text"
            code={linkExample}
            copyLabel={t("hero.copy")}
          />
        }
      />

      <TitledSection id="how-title" title={t("how.title")} lead={t("how.lead")}>
        <NumberedSteps columns={3} items={titledItems(t, "how.steps", steps)} />
      </TitledSection>

      <TitledSection id="audience-title" tone="surface" title={t("audience.title")} lead={t("audience.lead")}>
        <FeatureGrid variant="card" items={iconItems(t, "audience.items", audiences)} />
      </TitledSection>

      <SplitSection
        id="links-title"
        title={t("links.title")}
        lead={t("links.lead")}
        aside={
          <SideSection id="tools-title" title={t("tools.title")} lead={t("tools.lead")}>
            <ul className="grid gap-3 sm:grid-cols-2">
              {titledItems(t, "tools.items", tools).map((tool) => (
                <li key={tool.id} className="rounded-lg border border-border bg-surface p-4">
                  <p className="font-semibold text-foreground">{tool.title}</p>
                  <p className="mt-1 text-sm text-muted-foreground">{tool.text}</p>
                </li>
              ))}
            </ul>
          </SideSection>
        }
      >
        <CheckList items={textItems(t, "links.points", linkPoints)} />
      </SplitSection>

      <TitledSection
        id="commission-title"
        tone="surface"
        title={t("commission.title")}
        lead={t("commission.lead")}
      >
        <FeatureGrid variant="card" items={titledItems(t, "commission.items", commissionItems)} />
      </TitledSection>

      <TitledSection id="rules-title" title={t("rules.title")} lead={t("rules.lead")}>
        <FeatureGrid columns={2} variant="card" items={titledItems(t, "rules.items", rules)} />
        <p className="mt-8 max-w-3xl rounded-lg bg-primary-soft p-4 text-foreground">
          {t("rules.consequence")}
        </p>
        <p className="mt-6 text-muted-foreground">
          {t("rules.terms")} <TextLink to="/terms-of-service">{t("rules.termsLink")}</TextLink>
        </p>
      </TitledSection>

      <FaqSection id="affiliate-faq-title" tone="surface" {...faqTexts(t, "faq", faqIds, "short")} />

      <PageCta
        id="affiliate-cta-title"
        {...ctaTexts(t, "cta")}
        action={{ to: "/auth/register", label: t("cta.register") }}
        secondaryAction={{ to: "/for-customer", label: t("cta.customers") }}
      />
    </>
  )
}

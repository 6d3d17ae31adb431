import { Trans, useTranslation } from "react-i18next"
import { Badge, FeatureGrid, GlobeIcon } from "@manyhands/design-system"
import {
  CheckList,
  ctaTexts,
  FactsCard,
  FaqSection,
  heroTexts,
  NumberedSteps,
  PageCta,
  PageHero,
  Panel,
  TextLink,
  textItems,
  titledItems,
  TitledSection,
} from "../../blocks"

const popupRows = ["key", "autoSolve", "types", "delay"] as const
const features = ["detect", "autoSolve", "manual", "image", "token", "status"] as const
const installSteps = ["account", "key", "install", "connect", "solve"] as const
const settings = ["apiKey", "autoSolve", "types", "delay", "autoSubmit", "sites"] as const
const sends = ["params", "image", "key"] as const
const neverSends = ["cookies", "forms", "history"] as const
const faqIds = ["cost", "browsers", "incognito", "notDetected", "rules", "offline"] as const

/** /captcha-bypass-extension: the Chrome and Firefox extension that solves captchas with the user's API key. */
export default function CaptchaBypassExtensionScreen() {
  const { t } = useTranslation("extension")
  return (
    <>
      <PageHero
        id="extension-title"
        {...heroTexts(t, "hero")}
        action={{ to: "/auth/register?userType=developer", label: t("hero.register") }}
        secondaryAction={{ href: "#extension-install", label: t("hero.install") }}
        media={
          <FactsCard
            className="mx-auto w-full max-w-sm"
            icon={<GlobeIcon />}
            title={t("popup.title")}
            badge={
              <Badge tone="success" dot>
                {t("popup.status")}
              </Badge>
            }
            facts={popupRows.map((id) => ({
              id,
              label: t(`popup.${id}.label`),
              value: t(`popup.${id}.value`),
              mono: id === "key",
            }))}
          />
        }
      >
        {t("hero.note")} <TextLink to="/pricing">{t("common:pricingLink")}</TextLink>
      </PageHero>

      <TitledSection id="extension-features" title={t("features.title")} lead={t("features.lead")}>
        <FeatureGrid columns={3} variant="card" items={titledItems(t, "features.items", features)} />
      </TitledSection>

      <TitledSection
        id="extension-install"
        tone="surface"
        title={t("install.title")}
        lead={t("install.lead")}
      >
        <NumberedSteps columns={3} items={titledItems(t, "install.steps", installSteps)} />
      </TitledSection>

      <TitledSection id="extension-settings" title={t("settings.title")} lead={t("settings.lead")}>
        <dl className="divide-y divide-border rounded-lg border border-border bg-surface px-6">
          {settings.map((id) => (
            <div key={id} className="grid gap-1 py-4 sm:grid-cols-[12rem_1fr] sm:gap-6">
              <dt className="font-semibold text-foreground">{t(`settings.items.${id}.name`)}</dt>
              <dd className="text-sm leading-relaxed text-muted-foreground">
                {t(`settings.items.${id}.text`)}
              </dd>
            </div>
          ))}
        </dl>
      </TitledSection>

      <TitledSection
        id="extension-privacy"
        tone="surface"
        title={t("privacy.title")}
        lead={t("privacy.lead")}
      >
        <div className="grid gap-6 md:grid-cols-2">
          <Panel title={t("privacy.sends.title")} className="bg-background">
            <CheckList items={textItems(t, "privacy.sends.items", sends)} />
          </Panel>
          <Panel title={t("privacy.never.title")} className="bg-background">
            <CheckList mark="cross" items={textItems(t, "privacy.never.items", neverSends)} />
          </Panel>
        </div>
        <p className="mt-6 max-w-3xl text-sm leading-relaxed text-muted-foreground">
          <Trans
            t={t}
            i18nKey="privacy.storage"
            components={[<TextLink key="privacy" to="/privacy-policy" />]}
          />
        </p>
      </TitledSection>

      <FaqSection
        id="extension-faq"
        title={t("faq.title")}
        items={faqIds.map((id) => ({
          id,
          question: t(`faq.items.${id}.question`),
          answer: (
            <Trans
              t={t}
              i18nKey={`faq.items.${id}.answer`}
              components={[
                <TextLink key="workaround" to="/captcha-workaround" />,
                <TextLink key="pay" to="/captcha-workaround/pay" />,
              ]}
            />
          ),
        }))}
      />

      <PageCta
        id="extension-cta"
        {...ctaTexts(t, "cta")}
        action={{ to: "/auth/register?userType=developer", label: t("cta.register") }}
        secondaryAction={{ to: "/captcha-workaround", label: t("cta.api") }}
      />
    </>
  )
}

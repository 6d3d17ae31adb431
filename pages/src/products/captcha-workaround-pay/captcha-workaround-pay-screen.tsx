import { Trans, useTranslation } from "react-i18next"
import { Alert, FeatureGrid, WalletIcon } from "@manyhands/design-system"
import {
  CheckList,
  ctaTexts,
  FactsCard,
  FaqSection,
  heroTexts,
  InlineCode,
  NumberedSteps,
  PageCta,
  PageHero,
  Panel,
  TextLink,
  textItems,
  titledItems,
  TitledSection,
} from "../../blocks"

const summary = ["charged", "unit", "refund", "topUp"] as const
const principles = ["prepaid", "solvedOnly", "per1000", "refunds"] as const
const priceSources = ["cabinet", "response", "history"] as const
const refundSteps = ["report", "check", "credit"] as const
const methods = ["cards", "crypto", "other"] as const
const invoiceItems = ["request", "details", "documents"] as const
const controls = ["dailyLimit", "lowBalance", "zeroBalance", "ipList"] as const
const faqIds = ["subscription", "unsolved", "minimum", "arrive", "withdraw", "currency"] as const

/** /captcha-workaround/pay: how the prepaid balance, per-captcha charging and refunds work. */
export default function CaptchaWorkaroundPayScreen() {
  const { t } = useTranslation("workaround")
  const k = (key: string) => t(`pay.${key}`)
  return (
    <>
      <PageHero
        id="pay-title"
        breadcrumbs={[
          { label: k("breadcrumbs.home"), href: "/" },
          { label: k("breadcrumbs.workaround"), href: "/captcha-workaround" },
          { label: k("breadcrumbs.current") },
        ]}
        breadcrumbsLabel={k("breadcrumbs.label")}
        {...heroTexts(k, "hero")}
        action={{ to: "/auth/register?userType=developer", label: k("hero.register") }}
        secondaryAction={{ to: "/payment-policy", label: k("hero.policy") }}
        media={
          <FactsCard
            icon={<WalletIcon />}
            title={k("summary.title")}
            facts={summary.map((id) => ({
              id,
              label: k(`summary.${id}.label`),
              value: k(`summary.${id}.value`),
            }))}
          />
        }
      />

      <TitledSection id="pay-principles" title={k("principles.title")} lead={k("principles.lead")}>
        <FeatureGrid columns={4} variant="card" items={titledItems(k, "principles.items", principles)} />
      </TitledSection>

      <TitledSection id="pay-prices" tone="surface" title={k("prices.title")} lead={k("prices.lead")}>
        <div className="grid gap-8 lg:grid-cols-[3fr_2fr]">
          <Panel title={k("prices.example.title")} className="bg-background">
            <p className="text-sm leading-relaxed text-muted-foreground">{k("prices.example.text")}</p>
            <p className="rounded-md bg-primary-soft px-4 py-3 font-medium text-foreground">
              {k("prices.example.formula")}
            </p>
            <p className="text-sm leading-relaxed text-muted-foreground">{k("prices.example.factors")}</p>
          </Panel>
          <div>
            <h3 className="text-lg font-semibold">{k("prices.sources.title")}</h3>
            <CheckList
              className="mt-4"
              items={priceSources.map((id) => ({
                id,
                text: (
                  <Trans
                    t={t}
                    i18nKey={`pay.prices.sources.items.${id}`}
                    components={[<InlineCode key="code" />]}
                  />
                ),
              }))}
            />
            <p className="mt-4">
              <TextLink to="/pricing">{t("common:pricingLink")}</TextLink>
            </p>
          </div>
        </div>
      </TitledSection>

      <TitledSection id="pay-refunds" title={k("refunds.title")} lead={k("refunds.lead")}>
        <NumberedSteps
          columns={3}
          items={refundSteps.map((id) => ({
            id,
            title: k(`refunds.steps.${id}.title`),
            text: (
              <Trans
                t={t}
                i18nKey={`pay.refunds.steps.${id}.text`}
                components={[<InlineCode key="code" />]}
              />
            ),
          }))}
        />
        <Alert className="mt-6" role="note" tone="warning" title={k("refunds.fair.title")}>
          {k("refunds.fair.text")}
        </Alert>
      </TitledSection>

      <TitledSection id="pay-methods" tone="surface" title={k("methods.title")} lead={k("methods.lead")}>
        <FeatureGrid columns={3} items={titledItems(k, "methods.items", methods)} />
        <Panel title={k("invoices.title")} className="mt-10 bg-background">
          <p className="max-w-3xl text-sm leading-relaxed text-muted-foreground">{k("invoices.lead")}</p>
          <CheckList items={textItems(k, "invoices.items", invoiceItems)} />
        </Panel>
      </TitledSection>

      <TitledSection id="pay-control" title={k("control.title")} lead={k("control.lead")}>
        <FeatureGrid columns={2} variant="card" items={titledItems(k, "control.items", controls)} />
      </TitledSection>

      <FaqSection
        id="pay-faq"
        tone="surface"
        title={k("faq.title")}
        items={faqIds.map((id) => ({
          id,
          question: k(`faq.items.${id}.question`),
          answer: (
            <Trans
              t={t}
              i18nKey={`pay.faq.items.${id}.answer`}
              components={[<TextLink key="policy" to="/payment-policy" />, <InlineCode key="code" />]}
            />
          ),
        }))}
      />

      <PageCta
        id="pay-cta"
        {...ctaTexts(k, "cta")}
        action={{ to: "/auth/register?userType=developer", label: k("cta.register") }}
        secondaryAction={{ to: "/captcha-workaround", label: k("cta.back") }}
      />
    </>
  )
}

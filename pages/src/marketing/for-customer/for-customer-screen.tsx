import { useTranslation } from "react-i18next"
import {
  CheckIcon,
  CodeBlock,
  FeatureGrid,
  FileIcon,
  GlobeIcon,
  InfoIcon,
  SearchIcon,
  UserIcon,
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
  Panel,
  TextLink,
  textItems,
  titledItems,
  TitledSection,
} from "../../blocks"

const pythonExample = `from twocaptcha import TwoCaptcha

# The official 2captcha client, pointed at Manyhands
solver = TwoCaptcha("YOUR_API_KEY", server="manyhands.dev")

result = solver.normal("captcha.png")
print(result["code"])`

const createTaskExample = `curl https://manyhands.dev/createTask \\
  -H "Content-Type: application/json" \\
  -d '{"clientKey": "YOUR_API_KEY",
       "task": {"type": "ImageToTextTask", "body": "BASE64_IMAGE"}}'
{"errorId": 0, "taskId": 73920541}

curl https://manyhands.dev/getTaskResult \\
  -H "Content-Type: application/json" \\
  -d '{"clientKey": "YOUR_API_KEY", "taskId": 73920541}'
{"errorId": 0, "status": "ready", "solution": {"text": "w9h5k"}}`

const heroPoints = ["key", "compatible", "solvedOnly", "refunds", "statement"] as const
const useCases = [
  { id: "testing", icon: <CheckIcon /> },
  { id: "accessibility", icon: <UserIcon /> },
  { id: "monitoring", icon: <SearchIcon /> },
  { id: "products", icon: <GlobeIcon /> },
  { id: "labelling", icon: <FileIcon /> },
  { id: "volume", icon: <InfoIcon /> },
] as const
const startSteps = ["register", "key", "topUp", "connect", "tune"] as const
const apiPoints = ["legacy", "json", "reports", "callbacks", "formats", "browser"] as const
const pricingPoints = ["perThousand", "solvedOnly", "unsolvable", "refunds", "prepaid", "cost"] as const
const faqIds = ["changeCode", "libraries", "deadline", "refund", "pay", "roles", "browser", "proxy"] as const

export default function ForCustomerScreen() {
  const { t } = useTranslation("customers")
  return (
    <>
      <PageHero
        id="customers-title"
        {...heroTexts(t, "hero")}
        action={{ to: "/auth/register?userType=customer", label: t("hero.customer") }}
        secondaryAction={{ to: "/auth/register?userType=developer", label: t("hero.developer") }}
        media={
          <Panel title={t("hero.pointsTitle")} headingLevel={2} className="bg-background">
            <CheckList items={textItems(t, "hero.points", heroPoints)} />
          </Panel>
        }
      />

      <TitledSection id="uses-title" title={t("uses.title")} lead={t("uses.lead")}>
        <FeatureGrid items={iconItems(t, "uses.items", useCases)} />
        <p className="mt-10 max-w-3xl rounded-lg border border-border bg-surface p-4 text-sm text-muted-foreground">
          {t("uses.responsible")} <TextLink to="/terms-of-service">{t("uses.terms")}</TextLink>
          {" · "}
          <TextLink to="/p/captcha-and-accessibility">{t("uses.accessibility")}</TextLink>
        </p>
      </TitledSection>

      <TitledSection id="roles-title" tone="surface" title={t("roles.title")} lead={t("roles.lead")}>
        <div className="grid gap-6 md:grid-cols-2">
          {(["customer", "developer"] as const).map((role) => (
            <Panel key={role} title={t(`roles.${role}.title`)} className="bg-background">
              <p className="text-muted-foreground">{t(`roles.${role}.text`)}</p>
              <p className="mt-auto pt-2">
                <TextLink to={`/auth/register?userType=${role}`}>{t(`roles.${role}.cta`)}</TextLink>
              </p>
            </Panel>
          ))}
        </div>
      </TitledSection>

      <TitledSection id="start-title" title={t("start.title")} lead={t("start.lead")}>
        <NumberedSteps className="max-w-3xl" items={titledItems(t, "start.steps", startSteps)} />
      </TitledSection>

      <TitledSection id="api-title" tone="surface" title={t("api.title")} lead={t("api.lead")}>
        <div className="grid gap-10 lg:grid-cols-2">
          <CheckList items={textItems(t, "api.points", apiPoints)} />
          <CodeBlock
            title={t("api.exampleTitle")}
            tabsLabel={t("api.tabsLabel")}
            copyLabel={t("api.copy")}
            snippets={[
              { language: "python", code: pythonExample, label: t("api.tabPython") },
              { language: "bash", code: createTaskExample, label: t("api.tabJson") },
            ]}
          />
        </div>
        <p className="mt-8 max-w-3xl text-muted-foreground">
          {t("api.typesNote")} <TextLink to="/">{t("api.typesLink")}</TextLink>
        </p>
      </TitledSection>

      <TitledSection id="pricing-title" title={t("pricing.title")} lead={t("pricing.lead")}>
        <FeatureGrid variant="card" items={titledItems(t, "pricing.items", pricingPoints)} />
        <p className="mt-8 max-w-3xl text-muted-foreground">
          {t("pricing.policy")} <TextLink to="/payment-policy">{t("pricing.policyLink")}</TextLink>
        </p>
        <p className="mt-3 max-w-3xl">
          <TextLink to="/pricing">{t("common:pricingLink")}</TextLink>
        </p>
      </TitledSection>

      <TitledSection id="support-title" tone="surface" title={t("support.title")} lead={t("support.lead")}>
        <div className="grid gap-6 md:grid-cols-3">
          {(["integration", "billing", "quality"] as const).map((id) => (
            <Panel key={id} title={t(`support.items.${id}.title`)} className="bg-background">
              <p className="text-sm text-muted-foreground">{t(`support.items.${id}.text`)}</p>
            </Panel>
          ))}
        </div>
        <p className="mt-8 text-foreground">
          {t("support.emailLabel")}{" "}
          <TextLink href="mailto:support@manyhands.dev">{t("support.email")}</TextLink>
        </p>
      </TitledSection>

      <FaqSection id="faq-title" {...faqTexts(t, "faq", faqIds, "short")} />

      <PageCta
        id="customers-cta-title"
        {...ctaTexts(t, "cta")}
        action={{ to: "/auth/register?userType=customer", label: t("cta.customer") }}
        secondaryAction={{ to: "/auth/register?userType=developer", label: t("cta.developer") }}
      />
    </>
  )
}

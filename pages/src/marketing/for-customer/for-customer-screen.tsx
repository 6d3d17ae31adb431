import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Button,
  CheckIcon,
  CodeBlock,
  CtaBand,
  Faq,
  FeatureGrid,
  FileIcon,
  GlobeIcon,
  Hero,
  InfoIcon,
  SearchIcon,
  UserIcon,
} from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { CheckList, NumberedList, Panel, SectionHeading } from "../shared/blocks"

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
  const link = "font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
  return (
    <>
      <Hero
        className="[&>[data-slot=container]]:max-w-6xl"
        aria-labelledby="customers-title"
        tone="surface"
        layout="split"
        eyebrow={t("hero.eyebrow")}
        title={<span id="customers-title">{t("hero.title")}</span>}
        lead={t("hero.lead")}
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/auth/register?userType=customer">{t("hero.customer")}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/auth/register?userType=developer">{t("hero.developer")}</Link>
            </Button>
          </>
        }
        media={
          <Panel title={t("hero.pointsTitle")} headingLevel={2} className="bg-background">
            <CheckList items={heroPoints.map((id) => ({ id, text: t(`hero.points.${id}`) }))} />
          </Panel>
        }
      />

      <Section labelledBy="uses-title">
        <SectionHeading id="uses-title" title={t("uses.title")} lead={t("uses.lead")} />
        <FeatureGrid
          className="mt-10"
          items={useCases.map(({ id, icon }) => ({
            icon,
            title: t(`uses.items.${id}.title`),
            text: t(`uses.items.${id}.text`),
          }))}
        />
        <p className="mt-10 max-w-3xl rounded-lg border border-border bg-surface p-4 text-sm text-muted-foreground">
          {t("uses.responsible")}{" "}
          <Link to="/terms-of-service" className={link}>
            {t("uses.terms")}
          </Link>
          {" · "}
          <Link to="/p/captcha-and-accessibility" className={link}>
            {t("uses.accessibility")}
          </Link>
        </p>
      </Section>

      <Section tone="surface" labelledBy="roles-title">
        <SectionHeading id="roles-title" title={t("roles.title")} lead={t("roles.lead")} />
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          {(["customer", "developer"] as const).map((role) => (
            <Panel key={role} title={t(`roles.${role}.title`)} className="bg-background">
              <p className="text-muted-foreground">{t(`roles.${role}.text`)}</p>
              <p className="mt-auto pt-2">
                <Link to={`/auth/register?userType=${role}`} className={link}>
                  {t(`roles.${role}.cta`)}
                </Link>
              </p>
            </Panel>
          ))}
        </div>
      </Section>

      <Section labelledBy="start-title">
        <SectionHeading id="start-title" title={t("start.title")} lead={t("start.lead")} />
        <NumberedList
          className="mt-10 max-w-3xl"
          items={startSteps.map((id) => ({
            id,
            title: t(`start.steps.${id}.title`),
            text: t(`start.steps.${id}.text`),
          }))}
        />
      </Section>

      <Section tone="surface" labelledBy="api-title">
        <SectionHeading id="api-title" title={t("api.title")} lead={t("api.lead")} />
        <div className="mt-10 grid gap-10 lg:grid-cols-2">
          <CheckList items={apiPoints.map((id) => ({ id, text: t(`api.points.${id}`) }))} />
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
          {t("api.typesNote")}{" "}
          <Link to="/" className={link}>
            {t("api.typesLink")}
          </Link>
        </p>
      </Section>

      <Section labelledBy="pricing-title">
        <SectionHeading id="pricing-title" title={t("pricing.title")} lead={t("pricing.lead")} />
        <FeatureGrid
          className="mt-10"
          variant="card"
          items={pricingPoints.map((id) => ({
            title: t(`pricing.items.${id}.title`),
            text: t(`pricing.items.${id}.text`),
          }))}
        />
        <p className="mt-8 max-w-3xl text-muted-foreground">
          {t("pricing.policy")}{" "}
          <Link to="/payment-policy" className={link}>
            {t("pricing.policyLink")}
          </Link>
        </p>
      </Section>

      <Section tone="surface" labelledBy="support-title">
        <SectionHeading id="support-title" title={t("support.title")} lead={t("support.lead")} />
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {(["integration", "billing", "quality"] as const).map((id) => (
            <Panel key={id} title={t(`support.items.${id}.title`)} className="bg-background">
              <p className="text-sm text-muted-foreground">{t(`support.items.${id}.text`)}</p>
            </Panel>
          ))}
        </div>
        <p className="mt-8 text-foreground">
          {t("support.emailLabel")}{" "}
          <a href="mailto:support@manyhands.dev" className={link}>
            {t("support.email")}
          </a>
        </p>
      </Section>

      <Section labelledBy="faq-title">
        <SectionHeading id="faq-title" title={t("faq.title")} />
        <Faq
          className="mt-6 max-w-3xl"
          items={faqIds.map((id) => ({
            id,
            question: t(`faq.items.${id}.q`),
            answer: t(`faq.items.${id}.a`),
          }))}
        />
      </Section>

      <div className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <CtaBand
          aria-labelledby="customers-cta-title"
          title={<span id="customers-cta-title">{t("cta.title")}</span>}
          text={t("cta.text")}
          actions={
            <>
              <Button asChild size="lg" variant="secondary-white">
                <Link to="/auth/register?userType=customer">{t("cta.customer")}</Link>
              </Button>
              <Button asChild size="lg" variant="primary-light">
                <Link to="/auth/register?userType=developer">{t("cta.developer")}</Link>
              </Button>
            </>
          }
        />
      </div>
    </>
  )
}

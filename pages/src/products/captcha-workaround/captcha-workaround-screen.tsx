import { Trans, useTranslation } from "react-i18next"
import { Badge, CodeBlock, FeatureGrid } from "@manyhands/design-system"
import {
  CheckList,
  ctaTexts,
  faqTexts,
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

const useCases = ["testing", "accessibility", "monitoring", "data"] as const
const imageKinds = ["normal", "text", "grid", "coordinates", "rotate", "audio"] as const
const tokenKinds = [
  "recaptchaV2",
  "recaptchaV3",
  "recaptchaEnterprise",
  "hcaptcha",
  "turnstile",
  "geetest",
  "funcaptcha",
  "amazon",
  "more",
] as const
const flowSteps = ["submit", "wait", "result", "report"] as const
const integrations = ["libraries", "http", "v2", "extension"] as const
const allowed = ["ownSites", "permission", "assistive", "terms"] as const
const forbidden = ["accounts", "takeover", "limits", "personal"] as const
const faqIds = ["legal", "speed", "unsolved", "existingCode", "wrong", "proxy", "languages"] as const

const heroExample = `curl https://manyhands.dev/in.php \\
  -d key=YOUR_API_KEY -d json=1 \\
  -d method=userrecaptcha \\
  -d googlekey=SITE_KEY \\
  -d pageurl=https://example.com/login
{"status":1,"request":"73920541"}

curl "https://manyhands.dev/res.php?key=YOUR_API_KEY&action=get&id=73920541&json=1"
{"status":0,"request":"CAPCHA_NOT_READY"}
{"status":1,"request":"03AGdBq24PBCbw..."}`

const v2Example = `curl https://manyhands.dev/createTask \\
  -H "Content-Type: application/json" \\
  -d '{"clientKey":"YOUR_API_KEY","task":{"type":"TurnstileTaskProxyless","websiteURL":"https://example.com/login","websiteKey":"SITE_KEY"}}'
{"errorId":0,"taskId":73920542}

curl https://manyhands.dev/getTaskResult \\
  -H "Content-Type: application/json" \\
  -d '{"clientKey":"YOUR_API_KEY","taskId":73920542}'
{"errorId":0,"status":"processing"}
{"errorId":0,"status":"ready","solution":{"token":"0.zrSnRHO7h0Hw...","userAgent":"Mozilla/5.0 ..."}}`

const pythonExample = `from twocaptcha import TwoCaptcha

solver = TwoCaptcha("YOUR_API_KEY", server="manyhands.dev")
result = solver.recaptcha(sitekey="SITE_KEY", url="https://example.com/login")
print(result["code"])`

const reportExample = `curl "https://manyhands.dev/res.php?key=YOUR_API_KEY&action=reportbad&id=73920541&json=1"
{"status":1,"request":"OK_REPORT_RECORDED"}`

/** /captcha-workaround: the captcha-solving API for developers whose legitimate automation meets captchas. */
export default function CaptchaWorkaroundScreen() {
  const { t } = useTranslation("workaround")
  const k = (key: string) => t(`landing.${key}`)
  return (
    <>
      <PageHero
        id="workaround-title"
        {...heroTexts(k, "hero")}
        action={{ to: "/auth/register?userType=developer", label: k("hero.register") }}
        secondaryAction={{ to: "/captcha-workaround/pay", label: k("hero.pay") }}
        media={
          <CodeBlock
            language="bash"
            size="sm"
            title={k("hero.codeTitle")}
            code={heroExample}
            copyLabel={k("flow.copy")}
          />
        }
      >
        {k("hero.note")}
      </PageHero>

      <TitledSection id="workaround-uses" title={k("useCases.title")} lead={k("useCases.lead")}>
        <FeatureGrid columns={4} variant="card" items={titledItems(k, "useCases.items", useCases)} />
      </TitledSection>

      <TitledSection id="workaround-types" tone="surface" title={k("types.title")} lead={k("types.lead")}>
        <div className="grid gap-6 md:grid-cols-2">
          <KindList
            title={k("types.image.title")}
            text={k("types.image.text")}
            items={imageKinds.map((id) => ({ id, label: k(`types.image.items.${id}`) }))}
          />
          <KindList
            title={k("types.token.title")}
            text={k("types.token.text")}
            items={tokenKinds.map((id) => ({ id, label: k(`types.token.items.${id}`) }))}
          />
        </div>
        <p className="mt-6 max-w-3xl text-sm text-muted-foreground">
          {k("types.note")} <TextLink to="/pricing">{t("common:pricingLink")}</TextLink>
        </p>
      </TitledSection>

      <TitledSection id="workaround-flow" title={k("flow.title")} lead={k("flow.lead")}>
        <NumberedSteps columns={2} items={titledItems(k, "flow.steps", flowSteps)} />
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          <CodeBlock
            title={k("flow.v2Title")}
            language="bash"
            size="sm"
            code={v2Example}
            copyLabel={k("flow.copy")}
          />
          <CodeBlock
            title={k("flow.reportTitle")}
            language="bash"
            size="sm"
            code={reportExample}
            copyLabel={k("flow.copy")}
          />
        </div>
      </TitledSection>

      <TitledSection
        id="workaround-integration"
        tone="surface"
        title={k("integration.title")}
        lead={k("integration.lead")}
      >
        <FeatureGrid
          columns={2}
          variant="card"
          items={integrations.map((id) => ({
            title: k(`integration.options.${id}.title`),
            text: (
              <Trans
                t={t}
                i18nKey={`landing.integration.options.${id}.text`}
                components={[
                  <InlineCode key="code" />,
                  <TextLink key="link" to="/captcha-bypass-extension" />,
                ]}
              />
            ),
          }))}
        />
        <CodeBlock
          className="mt-6"
          title={k("integration.pythonTitle")}
          language="python"
          size="sm"
          code={pythonExample}
          copyLabel={k("flow.copy")}
        />
      </TitledSection>

      <TitledSection id="workaround-rules" title={k("rules.title")} lead={k("rules.lead")}>
        <div className="grid gap-6 md:grid-cols-2">
          <Panel tone="success" title={k("rules.allowed.title")} className="gap-4">
            <CheckList items={textItems(k, "rules.allowed.items", allowed)} />
          </Panel>
          <Panel tone="danger" title={k("rules.forbidden.title")} className="gap-4">
            <CheckList mark="cross" items={textItems(k, "rules.forbidden.items", forbidden)} />
          </Panel>
        </div>
        <p className="mt-6 max-w-3xl text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey="landing.rules.enforcement"
            components={[<TextLink key="terms" to="/terms-of-service" />]}
          />
        </p>
      </TitledSection>

      <FaqSection id="workaround-faq" tone="surface" {...faqTexts(k, "faq", faqIds)} />

      <PageCta
        id="workaround-cta"
        {...ctaTexts(k, "cta")}
        action={{ to: "/auth/register?userType=developer", label: k("cta.register") }}
        secondaryAction={{ to: "/captcha-workaround/pay", label: k("cta.pay") }}
      />
    </>
  )
}

function KindList({
  title,
  text,
  items,
}: {
  title: string
  text: string
  items: { id: string; label: string }[]
}) {
  return (
    <Panel title={title} className="bg-background">
      <p className="text-sm text-muted-foreground">{text}</p>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.id}>
            <Badge size="lg" wrap>
              {item.label}
            </Badge>
          </li>
        ))}
      </ul>
    </Panel>
  )
}

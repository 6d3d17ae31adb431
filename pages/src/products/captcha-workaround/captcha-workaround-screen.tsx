import { Trans, useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Badge, Button, CodeBlock, CtaBand, FeatureGrid } from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { CheckList, FaqSection, NumberedList, PageHero, SectionHeader } from "../shared/page-parts"

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
        eyebrow={k("hero.eyebrow")}
        title={k("hero.title")}
        lead={k("hero.lead")}
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/auth/register?userType=developer">{k("hero.register")}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/captcha-workaround/pay">{k("hero.pay")}</Link>
            </Button>
          </>
        }
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

      <Section labelledBy="workaround-uses">
        <SectionHeader id="workaround-uses" title={k("useCases.title")} lead={k("useCases.lead")} />
        <FeatureGrid
          className="mt-10"
          columns={4}
          variant="card"
          items={useCases.map((id) => ({
            title: k(`useCases.items.${id}.title`),
            text: k(`useCases.items.${id}.text`),
          }))}
        />
      </Section>

      <Section tone="surface" labelledBy="workaround-types">
        <SectionHeader id="workaround-types" title={k("types.title")} lead={k("types.lead")} />
        <div className="mt-8 grid gap-6 md:grid-cols-2">
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
        <p className="mt-6 max-w-3xl text-sm text-muted-foreground">{k("types.note")}</p>
      </Section>

      <Section labelledBy="workaround-flow">
        <SectionHeader id="workaround-flow" title={k("flow.title")} lead={k("flow.lead")} />
        <NumberedList
          items={flowSteps.map((id) => ({
            id,
            title: k(`flow.steps.${id}.title`),
            text: k(`flow.steps.${id}.text`),
          }))}
        />
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
      </Section>

      <Section tone="surface" labelledBy="workaround-integration">
        <SectionHeader
          id="workaround-integration"
          title={k("integration.title")}
          lead={k("integration.lead")}
        />
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {integrations.map((id) => (
            <li key={id} className="flex flex-col gap-3 rounded-lg border border-border bg-background p-6">
              <h3 className="text-lg font-semibold">{k(`integration.options.${id}.title`)}</h3>
              <p className="text-sm leading-relaxed text-muted-foreground">
                <Trans
                  t={t}
                  i18nKey={`landing.integration.options.${id}.text`}
                  components={[
                    <code key="code" className="rounded-sm bg-surface-muted px-1 font-mono text-[0.85em]" />,
                    <Link
                      key="link"
                      to="/captcha-bypass-extension"
                      className="font-medium text-primary underline underline-offset-2 focus-ring"
                    />,
                  ]}
                />
              </p>
            </li>
          ))}
        </ul>
        <CodeBlock
          className="mt-6"
          title={k("integration.pythonTitle")}
          language="python"
          size="sm"
          code={pythonExample}
          copyLabel={k("flow.copy")}
        />
      </Section>

      <Section labelledBy="workaround-rules">
        <SectionHeader id="workaround-rules" title={k("rules.title")} lead={k("rules.lead")} />
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <div className="rounded-lg border border-success-border bg-success-soft p-6">
            <h3 className="text-lg font-semibold text-success-text">{k("rules.allowed.title")}</h3>
            <CheckList items={allowed.map((id) => ({ id, text: k(`rules.allowed.items.${id}`) }))} />
          </div>
          <div className="rounded-lg border border-danger-border bg-danger-soft p-6">
            <h3 className="text-lg font-semibold text-danger-text">{k("rules.forbidden.title")}</h3>
            <ul className="mt-4 flex list-disc flex-col gap-3 pl-5 text-sm leading-relaxed text-foreground marker:text-danger-text">
              {forbidden.map((id) => (
                <li key={id}>{k(`rules.forbidden.items.${id}`)}</li>
              ))}
            </ul>
          </div>
        </div>
        <p className="mt-6 max-w-3xl text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey="landing.rules.enforcement"
            components={[
              <Link
                key="terms"
                to="/terms-of-service"
                className="font-medium text-primary underline underline-offset-2 focus-ring"
              />,
            ]}
          />
        </p>
      </Section>

      <FaqSection
        id="workaround-faq"
        tone="surface"
        title={k("faq.title")}
        items={faqIds.map((id) => ({
          id,
          question: k(`faq.items.${id}.question`),
          answer: k(`faq.items.${id}.answer`),
        }))}
      />

      <Section>
        <CtaBand
          aria-labelledby="workaround-cta"
          title={<span id="workaround-cta">{k("cta.title")}</span>}
          text={k("cta.text")}
          actions={
            <>
              <Button asChild size="lg" variant="primary-light">
                <Link to="/auth/register?userType=developer">{k("cta.register")}</Link>
              </Button>
              <Button asChild size="lg" variant="secondary-white">
                <Link to="/captcha-workaround/pay">{k("cta.pay")}</Link>
              </Button>
            </>
          }
        />
      </Section>
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
    <div className="rounded-lg border border-border bg-background p-6">
      <h3 className="text-lg font-semibold">{title}</h3>
      <p className="mt-2 text-sm text-muted-foreground">{text}</p>
      <ul className="mt-4 flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.id}>
            <Badge size="lg">{item.label}</Badge>
          </li>
        ))}
      </ul>
    </div>
  )
}

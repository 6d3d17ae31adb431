import { Trans, useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  CtaBand,
  FeatureGrid,
  KeyValueItem,
  KeyValueList,
  WalletIcon,
} from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { CheckList, FaqSection, NumberedList, PageHero, SectionHeader } from "../shared/page-parts"

const summary = ["charged", "unit", "refund", "topUp"] as const
const principles = ["prepaid", "solvedOnly", "per1000", "refunds"] as const
const priceSources = ["cabinet", "response", "history"] as const
const refundSteps = ["report", "check", "credit"] as const
const methods = ["cards", "crypto", "other"] as const
const invoiceItems = ["request", "details", "documents"] as const
const controls = ["dailyLimit", "lowBalance", "zeroBalance", "ipList"] as const
const faqIds = ["subscription", "unsolved", "minimum", "arrive", "withdraw", "currency"] as const

const linkClass = "font-medium text-primary underline underline-offset-2 focus-ring"

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
        eyebrow={k("hero.eyebrow")}
        title={k("hero.title")}
        lead={k("hero.lead")}
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/auth/register?userType=developer">{k("hero.register")}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/payment-policy">{k("hero.policy")}</Link>
            </Button>
          </>
        }
        media={
          <Card variant="elevated" className="text-left">
            <CardHeader>
              <CardTitle as="p" className="flex items-center gap-2">
                <WalletIcon size={20} className="text-primary" />
                {k("summary.title")}
              </CardTitle>
            </CardHeader>
            <CardBody>
              <KeyValueList divided>
                {summary.map((id) => (
                  <KeyValueItem key={id} label={k(`summary.${id}.label`)}>
                    {k(`summary.${id}.value`)}
                  </KeyValueItem>
                ))}
              </KeyValueList>
            </CardBody>
          </Card>
        }
      />

      <Section labelledBy="pay-principles">
        <SectionHeader id="pay-principles" title={k("principles.title")} lead={k("principles.lead")} />
        <FeatureGrid
          className="mt-10"
          columns={4}
          variant="card"
          items={principles.map((id) => ({
            title: k(`principles.items.${id}.title`),
            text: k(`principles.items.${id}.text`),
          }))}
        />
      </Section>

      <Section tone="surface" labelledBy="pay-prices">
        <SectionHeader id="pay-prices" title={k("prices.title")} lead={k("prices.lead")} />
        <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
          <div className="rounded-lg border border-border bg-background p-6">
            <h3 className="text-lg font-semibold">{k("prices.example.title")}</h3>
            <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{k("prices.example.text")}</p>
            <p className="mt-4 rounded-md bg-primary-soft px-4 py-3 font-medium text-foreground">
              {k("prices.example.formula")}
            </p>
            <p className="mt-4 text-sm leading-relaxed text-muted-foreground">
              {k("prices.example.factors")}
            </p>
          </div>
          <div>
            <h3 className="text-lg font-semibold">{k("prices.sources.title")}</h3>
            <CheckList
              items={priceSources.map((id) => ({
                id,
                text: (
                  <Trans
                    t={t}
                    i18nKey={`pay.prices.sources.items.${id}`}
                    components={[
                      <code
                        key="code"
                        className="rounded-sm bg-surface-muted px-1 font-mono text-[0.85em]"
                      />,
                    ]}
                  />
                ),
              }))}
            />
          </div>
        </div>
      </Section>

      <Section labelledBy="pay-refunds">
        <SectionHeader id="pay-refunds" title={k("refunds.title")} lead={k("refunds.lead")} />
        <NumberedList
          className="mt-8 grid gap-4 md:grid-cols-3"
          items={refundSteps.map((id) => ({
            id,
            title: k(`refunds.steps.${id}.title`),
            text: (
              <Trans
                t={t}
                i18nKey={`pay.refunds.steps.${id}.text`}
                components={[
                  <code key="code" className="rounded-sm bg-surface-muted px-1 font-mono text-[0.85em]" />,
                ]}
              />
            ),
          }))}
        />
        <Alert className="mt-6" role="note" tone="warning" title={k("refunds.fair.title")}>
          {k("refunds.fair.text")}
        </Alert>
      </Section>

      <Section tone="surface" labelledBy="pay-methods">
        <SectionHeader id="pay-methods" title={k("methods.title")} lead={k("methods.lead")} />
        <FeatureGrid
          className="mt-10"
          columns={3}
          items={methods.map((id) => ({
            title: k(`methods.items.${id}.title`),
            text: k(`methods.items.${id}.text`),
          }))}
        />
        <div className="mt-10 rounded-lg border border-border bg-background p-6">
          <h3 className="text-lg font-semibold">{k("invoices.title")}</h3>
          <p className="mt-2 max-w-3xl text-sm leading-relaxed text-muted-foreground">{k("invoices.lead")}</p>
          <CheckList items={invoiceItems.map((id) => ({ id, text: k(`invoices.items.${id}`) }))} />
        </div>
      </Section>

      <Section labelledBy="pay-control">
        <SectionHeader id="pay-control" title={k("control.title")} lead={k("control.lead")} />
        <FeatureGrid
          className="mt-10"
          columns={2}
          variant="card"
          items={controls.map((id) => ({
            title: k(`control.items.${id}.title`),
            text: k(`control.items.${id}.text`),
          }))}
        />
      </Section>

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
              components={[
                <Link key="policy" to="/payment-policy" className={linkClass} />,
                <code key="code" className="rounded-sm bg-surface-muted px-1 font-mono text-[0.85em]" />,
              ]}
            />
          ),
        }))}
      />

      <Section>
        <CtaBand
          aria-labelledby="pay-cta"
          title={<span id="pay-cta">{k("cta.title")}</span>}
          text={k("cta.text")}
          actions={
            <>
              <Button asChild size="lg" variant="primary-light">
                <Link to="/auth/register?userType=developer">{k("cta.register")}</Link>
              </Button>
              <Button asChild size="lg" variant="secondary-white">
                <Link to="/captcha-workaround">{k("cta.back")}</Link>
              </Button>
            </>
          }
        />
      </Section>
    </>
  )
}

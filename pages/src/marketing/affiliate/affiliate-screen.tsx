import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Button,
  CodeBlock,
  CtaBand,
  Faq,
  FeatureGrid,
  FileIcon,
  GlobeIcon,
  Hero,
  StarIcon,
  UserIcon,
  WalletIcon,
} from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { CheckList, NumberedList, Panel, SectionHeading } from "../shared/blocks"

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
  const link = "font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
  return (
    <>
      <Hero
        className="[&>[data-slot=container]]:max-w-6xl"
        aria-labelledby="affiliate-title"
        tone="surface"
        layout="split"
        eyebrow={t("hero.eyebrow")}
        title={<span id="affiliate-title">{t("hero.title")}</span>}
        lead={t("hero.lead")}
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/auth/register">{t("hero.register")}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/auth/login">{t("hero.login")}</Link>
            </Button>
          </>
        }
        media={
          <CodeBlock
            title={t("hero.exampleTitle")}
            language="text"
            code={linkExample}
            copyLabel={t("hero.copy")}
          />
        }
      />

      <Section labelledBy="how-title">
        <SectionHeading id="how-title" title={t("how.title")} lead={t("how.lead")} />
        <NumberedList
          className="mt-10"
          columns={3}
          items={steps.map((id) => ({
            id,
            title: t(`how.steps.${id}.title`),
            text: t(`how.steps.${id}.text`),
          }))}
        />
      </Section>

      <Section tone="surface" labelledBy="audience-title">
        <SectionHeading id="audience-title" title={t("audience.title")} lead={t("audience.lead")} />
        <FeatureGrid
          className="mt-10"
          variant="card"
          items={audiences.map(({ id, icon }) => ({
            icon,
            title: t(`audience.items.${id}.title`),
            text: t(`audience.items.${id}.text`),
          }))}
        />
      </Section>

      <Section labelledBy="links-title">
        <div className="grid gap-12 lg:grid-cols-2">
          <div>
            <SectionHeading id="links-title" title={t("links.title")} lead={t("links.lead")} />
            <CheckList
              className="mt-6"
              items={linkPoints.map((id) => ({ id, text: t(`links.points.${id}`) }))}
            />
          </div>
          <section aria-labelledby="tools-title">
            <SectionHeading id="tools-title" title={t("tools.title")} lead={t("tools.lead")} />
            <ul className="mt-6 grid gap-3 sm:grid-cols-2">
              {tools.map((id) => (
                <li key={id} className="rounded-lg border border-border bg-surface p-4">
                  <p className="font-semibold text-foreground">{t(`tools.items.${id}.title`)}</p>
                  <p className="mt-1 text-sm text-muted-foreground">{t(`tools.items.${id}.text`)}</p>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </Section>

      <Section tone="surface" labelledBy="commission-title">
        <SectionHeading id="commission-title" title={t("commission.title")} lead={t("commission.lead")} />
        <FeatureGrid
          className="mt-10"
          variant="card"
          items={commissionItems.map((id) => ({
            title: t(`commission.items.${id}.title`),
            text: t(`commission.items.${id}.text`),
          }))}
        />
      </Section>

      <Section labelledBy="rules-title">
        <SectionHeading id="rules-title" title={t("rules.title")} lead={t("rules.lead")} />
        <ul className="mt-8 grid gap-4 md:grid-cols-2">
          {rules.map((id) => (
            <li key={id}>
              <Panel title={t(`rules.items.${id}.title`)} className="h-full">
                <p className="text-sm text-muted-foreground">{t(`rules.items.${id}.text`)}</p>
              </Panel>
            </li>
          ))}
        </ul>
        <p className="mt-8 max-w-3xl rounded-lg bg-primary-soft p-4 text-foreground">
          {t("rules.consequence")}
        </p>
        <p className="mt-6 text-muted-foreground">
          {t("rules.terms")}{" "}
          <Link to="/terms-of-service" className={link}>
            {t("rules.termsLink")}
          </Link>
        </p>
      </Section>

      <Section tone="surface" labelledBy="affiliate-faq-title">
        <SectionHeading id="affiliate-faq-title" title={t("faq.title")} />
        <Faq
          className="mt-6 max-w-3xl"
          items={faqIds.map((id) => ({
            id,
            question: t(`faq.items.${id}.q`),
            answer: t(`faq.items.${id}.a`),
          }))}
        />
      </Section>

      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <CtaBand
          aria-labelledby="affiliate-cta-title"
          title={<span id="affiliate-cta-title">{t("cta.title")}</span>}
          text={t("cta.text")}
          actions={
            <>
              <Button asChild size="lg" variant="secondary-white">
                <Link to="/auth/register">{t("cta.register")}</Link>
              </Button>
              <Button asChild size="lg" variant="primary-light">
                <Link to="/for-customer">{t("cta.customers")}</Link>
              </Button>
            </>
          }
        />
      </div>
    </>
  )
}

import { useTranslation } from "react-i18next"
import type { ProxyPool, ProxyPrices } from "@manyhands/contract/proxy"
import {
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  CheckIcon,
  CodeBlock,
  FeatureGrid,
  Skeleton,
  Steps,
  useFormatter,
} from "@manyhands/design-system"
import {
  faqItems,
  FactsCard,
  FaqSection,
  LinkCardGrid,
  PageCta,
  PageHero,
  SectionHeading,
  titledItems,
  TitledSection,
} from "../../blocks"
import { Section } from "../../layout/section"
import { kindContent, proxyKinds, solverExample, type ProxyKind } from "./kinds"

export interface ProxyLandingScreenProps {
  /** Which proxy type the page is about; fixed per route. */
  kind: ProxyKind
  /** GET /api/v2/proxy/prices?currency: the live price of every pool (roubles on the Russian site). */
  proxyPrices?: ProxyPrices
}

/** The pool a landing page is about; the protocol and property pages are about every pool. */
const poolOf: Partial<Record<ProxyKind, ProxyPool>> = {
  residential: "residential",
  mobile: "mobile",
  datacenter: "datacenter",
  isp: "isp",
}

/** The live price per GB of every pool, the page's own first. */
function LivePrices({ kind, prices }: { kind: ProxyKind; prices?: ProxyPrices }) {
  const { t } = useTranslation("proxy")
  const format = useFormatter()
  if (!prices)
    return (
      <div className="flex flex-col gap-2" aria-hidden="true">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-6 w-full" />
        ))}
      </div>
    )
  const own = poolOf[kind]
  const rows = [...prices.prices].sort((a, b) => Number(b.pool === own) - Number(a.pool === own))
  return (
    <dl className="flex flex-col divide-y divide-border">
      {rows.map((price) => (
        <div key={price.pool} className="flex items-baseline justify-between gap-4 py-2">
          <dt className={price.pool === own ? "font-semibold" : "text-muted-foreground"}>
            {t(`shared.pricing.pools.${price.pool}`)}
          </dt>
          <dd className={price.pool === own ? "text-lg font-semibold text-primary" : "font-medium"}>
            {t("shared.pricing.perGb", { price: format.microMoney(price.perGb, price.currency) })}
          </dd>
        </div>
      ))}
    </dl>
  )
}

const registerPath = "/auth/register?userType=customer"
const glanceFacts = ["source", "rotation", "bestFor", "billing"] as const

/** One landing page per proxy type: what it is, how it compares, how to connect and pay, questions. */
export default function ProxyLandingScreen({ kind, proxyPrices }: ProxyLandingScreenProps) {
  const { t } = useTranslation("proxy")
  const content = kindContent[kind]
  const k = (key: string) => t(`${kind}.${key}`)

  const connectSteps = [
    { title: t("shared.connect.account.title"), description: t("shared.connect.account.text") },
    { title: k("connect.buyTitle"), description: k("connect.buyText") },
    { title: t("shared.connect.auth.title"), description: t("shared.connect.auth.text") },
    { title: t("shared.connect.endpoint.title"), description: t("shared.connect.endpoint.text") },
  ]

  return (
    <>
      <PageHero
        id="proxy-hero-title"
        eyebrow={k("hero.eyebrow")}
        title={k("hero.title")}
        lead={k("hero.lead")}
        action={{ to: registerPath, label: t("shared.hero.primary") }}
        secondaryAction={{ to: "/proxy/local-proxies", label: t("shared.hero.secondary") }}
        media={
          <FactsCard
            title={t("shared.glance.title")}
            facts={glanceFacts.map((fact) => ({
              id: fact,
              label: t(`shared.glance.${fact}`),
              value: k(`glance.${fact}`),
            }))}
          />
        }
      />

      <Section labelledBy="proxy-about-title">
        <div className="grid gap-10 lg:grid-cols-[2fr_3fr]">
          <SectionHeading id="proxy-about-title" title={k("about.title")} />
          <div className="flex flex-col gap-4 text-lg leading-relaxed text-muted-foreground">
            <p>{k("about.p1")}</p>
            <p>{k("about.p2")}</p>
          </div>
        </div>
      </Section>

      <TitledSection id="proxy-compare-title" tone="surface" title={k("compare.title")}>
        <LinkCardGrid
          items={content.compare.map((other) => ({
            id: other,
            to: `/proxy/${other}`,
            title: k(`compare.${other}.title`),
            text: k(`compare.${other}.text`),
          }))}
        />
      </TitledSection>

      <TitledSection id="proxy-features-title" title={t("shared.features.title")}>
        <FeatureGrid
          variant="card"
          items={content.features.map((id) => ({
            icon: <CheckIcon />,
            title: k(`features.${id}.title`),
            text: k(`features.${id}.text`),
          }))}
        />
      </TitledSection>

      <TitledSection id="proxy-uses-title" tone="surface" title={t("shared.useCases.title")}>
        <FeatureGrid columns={2} items={titledItems(k, "useCases", content.useCases)} />
      </TitledSection>

      <TitledSection
        id="proxy-connect-title"
        title={t("shared.connect.title")}
        lead={t("shared.connect.lead")}
      >
        <Steps aria-label={t("shared.connect.stepsLabel")} steps={connectSteps} current={0} />
        <div className="mt-12 grid gap-10 lg:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-4">
            <h3 className="text-xl font-semibold">{t("shared.connect.testTitle")}</h3>
            <p className="text-muted-foreground">{k("connect.note")}</p>
            <CodeBlock
              title={k("connect.codeTitle")}
              language="bash"
              code={content.code}
              copyLabel={t("shared.connect.copy")}
            />
          </div>
          <div className="flex min-w-0 flex-col gap-4">
            <h3 className="text-xl font-semibold">{t("shared.solver.title")}</h3>
            <p className="text-muted-foreground">{t("shared.solver.text")}</p>
            <CodeBlock
              title={t("shared.solver.codeTitle")}
              language="bash"
              code={solverExample(content.proxyType)}
              copyLabel={t("shared.connect.copy")}
            />
          </div>
        </div>
      </TitledSection>

      <Section tone="surface" labelledBy="proxy-pricing-title">
        <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
          <SectionHeading
            id="proxy-pricing-title"
            title={t("shared.pricing.title")}
            lead={k("pricing.text")}
          />
          <Card variant="elevated" className="self-start">
            <CardHeader>
              <CardTitle>{t("shared.pricing.modelTitle")}</CardTitle>
              <CardDescription>{t("shared.pricing.live")}</CardDescription>
            </CardHeader>
            <CardBody className="flex flex-col gap-3">
              <p className="font-semibold">{k("glance.billing")}</p>
              <LivePrices kind={kind} prices={proxyPrices} />
            </CardBody>
          </Card>
        </div>
      </Section>

      <FaqSection
        id="proxy-faq-title"
        title={t("shared.faq.title")}
        items={faqItems(k, "faq", content.faq, "short")}
      />

      <Section tone="surface">
        <nav aria-labelledby="proxy-others-title">
          <SectionHeading
            id="proxy-others-title"
            title={t("shared.others.title")}
            lead={t("shared.others.lead")}
          />
          <LinkCardGrid
            className="mt-8"
            items={proxyKinds
              .filter((other) => other !== kind)
              .map((other) => ({
                id: other,
                to: `/proxy/${other}`,
                title: t(`shared.kinds.${other}.name`),
                text: t(`shared.kinds.${other}.summary`),
              }))}
          />
        </nav>
      </Section>

      <PageCta
        id="proxy-cta-title"
        title={t("shared.cta.title")}
        text={t("shared.cta.text")}
        action={{ to: registerPath, label: t("shared.cta.button") }}
      />
    </>
  )
}

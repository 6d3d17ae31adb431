import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardLink,
  CardTitle,
  CheckIcon,
  CodeBlock,
  CtaBand,
  Faq,
  FeatureGrid,
  Hero,
  KeyValueItem,
  KeyValueList,
  Steps,
} from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { kindContent, proxyKinds, solverExample, type ProxyKind } from "./kinds"

export interface ProxyLandingScreenProps {
  /** Which proxy type the page is about; fixed per route. */
  kind: ProxyKind
}

const registerPath = "/auth/register?userType=customer"
const glanceFacts = ["source", "rotation", "bestFor", "billing"] as const

/** One landing page per proxy type: what it is, how it compares, how to connect and pay, questions. */
export default function ProxyLandingScreen({ kind }: ProxyLandingScreenProps) {
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
      <Hero
        layout="split"
        tone="tinted"
        // Line the hero up with the sections below (the site's content width).
        className="[&>div]:max-w-6xl"
        aria-labelledby="proxy-hero-title"
        eyebrow={k("hero.eyebrow")}
        title={<span id="proxy-hero-title">{k("hero.title")}</span>}
        lead={k("hero.lead")}
        actions={
          <>
            <Button asChild size="lg">
              <Link to={registerPath}>{t("shared.hero.primary")}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/proxy/local-proxies">{t("shared.hero.secondary")}</Link>
            </Button>
          </>
        }
        media={
          <div className="rounded-lg border border-border bg-surface p-6 shadow-card">
            <p className="text-sm font-semibold uppercase tracking-wide text-primary">
              {t("shared.glance.title")}
            </p>
            <KeyValueList divided className="mt-4">
              {glanceFacts.map((fact) => (
                <KeyValueItem key={fact} label={t(`shared.glance.${fact}`)}>
                  {k(`glance.${fact}`)}
                </KeyValueItem>
              ))}
            </KeyValueList>
          </div>
        }
      />

      <Section labelledBy="proxy-about-title">
        <div className="grid gap-10 lg:grid-cols-[2fr_3fr]">
          <h2 id="proxy-about-title" className="text-3xl font-bold tracking-tight">
            {k("about.title")}
          </h2>
          <div className="flex flex-col gap-4 text-lg leading-relaxed text-muted-foreground">
            <p>{k("about.p1")}</p>
            <p>{k("about.p2")}</p>
          </div>
        </div>
      </Section>

      <Section tone="surface" labelledBy="proxy-compare-title">
        <h2 id="proxy-compare-title" className="text-3xl font-bold tracking-tight">
          {k("compare.title")}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {content.compare.map((other) => (
            <Card key={other} asChild variant="elevated">
              <li>
                <CardHeader>
                  <CardTitle>
                    <CardLink asChild>
                      <Link to={`/proxy/${other}`}>{k(`compare.${other}.title`)}</Link>
                    </CardLink>
                  </CardTitle>
                </CardHeader>
                <CardBody>
                  <p className="text-sm leading-relaxed text-muted-foreground">
                    {k(`compare.${other}.text`)}
                  </p>
                </CardBody>
              </li>
            </Card>
          ))}
        </ul>
      </Section>

      <Section labelledBy="proxy-features-title">
        <h2 id="proxy-features-title" className="text-3xl font-bold tracking-tight">
          {t("shared.features.title")}
        </h2>
        <FeatureGrid
          className="mt-10"
          variant="card"
          items={content.features.map((id) => ({
            icon: <CheckIcon />,
            title: k(`features.${id}.title`),
            text: k(`features.${id}.text`),
          }))}
        />
      </Section>

      <Section tone="surface" labelledBy="proxy-uses-title">
        <h2 id="proxy-uses-title" className="text-3xl font-bold tracking-tight">
          {t("shared.useCases.title")}
        </h2>
        <FeatureGrid
          className="mt-10"
          columns={2}
          items={content.useCases.map((id) => ({
            title: k(`useCases.${id}.title`),
            text: k(`useCases.${id}.text`),
          }))}
        />
      </Section>

      <Section labelledBy="proxy-connect-title">
        <h2 id="proxy-connect-title" className="text-3xl font-bold tracking-tight">
          {t("shared.connect.title")}
        </h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">{t("shared.connect.lead")}</p>
        <Steps
          className="mt-10"
          aria-label={t("shared.connect.stepsLabel")}
          steps={connectSteps}
          current={0}
        />
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
      </Section>

      <Section tone="surface" labelledBy="proxy-pricing-title">
        <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
          <div>
            <h2 id="proxy-pricing-title" className="text-3xl font-bold tracking-tight">
              {t("shared.pricing.title")}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{k("pricing.text")}</p>
          </div>
          <Card variant="elevated" className="self-start">
            <CardHeader>
              <CardTitle>{t("shared.pricing.modelTitle")}</CardTitle>
              <CardDescription>{t("shared.pricing.live")}</CardDescription>
            </CardHeader>
            <CardBody>
              <p className="text-lg font-semibold text-primary">{k("glance.billing")}</p>
            </CardBody>
          </Card>
        </div>
      </Section>

      <Section labelledBy="proxy-faq-title">
        <div className="mx-auto max-w-3xl">
          <h2 id="proxy-faq-title" className="text-3xl font-bold tracking-tight">
            {t("shared.faq.title")}
          </h2>
          <Faq
            className="mt-8"
            items={content.faq.map((id) => ({
              id,
              question: k(`faq.${id}.q`),
              answer: k(`faq.${id}.a`),
            }))}
          />
        </div>
      </Section>

      <Section tone="surface">
        <nav aria-labelledby="proxy-others-title">
          <h2 id="proxy-others-title" className="text-3xl font-bold tracking-tight">
            {t("shared.others.title")}
          </h2>
          <p className="mt-3 max-w-3xl text-muted-foreground">{t("shared.others.lead")}</p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {proxyKinds
              .filter((other) => other !== kind)
              .map((other) => (
                <Card key={other} asChild>
                  <li>
                    <CardHeader>
                      <CardTitle className="text-base">
                        <CardLink asChild>
                          <Link to={`/proxy/${other}`}>{t(`shared.kinds.${other}.name`)}</Link>
                        </CardLink>
                      </CardTitle>
                      <CardDescription>{t(`shared.kinds.${other}.summary`)}</CardDescription>
                    </CardHeader>
                  </li>
                </Card>
              ))}
          </ul>
        </nav>
      </Section>

      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <CtaBand
          aria-labelledby="proxy-cta-title"
          title={<span id="proxy-cta-title">{t("shared.cta.title")}</span>}
          text={t("shared.cta.text")}
          actions={
            <Button asChild size="lg" variant="primary-light">
              <Link to={registerPath}>{t("shared.cta.button")}</Link>
            </Button>
          }
        />
      </div>
    </>
  )
}

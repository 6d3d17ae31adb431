import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Alert,
  Button,
  Card,
  CardDescription,
  CardHeader,
  CardLink,
  CardTitle,
  CheckIcon,
  CodeBlock,
  CtaBand,
  EyeIcon,
  Faq,
  FeatureGrid,
  FileIcon,
  GlobeIcon,
  Hero,
  KeyValueItem,
  KeyValueList,
  SearchIcon,
  WalletIcon,
} from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { connectionSnippets, countryIds, exampleLogin, proxyHost } from "../countries"
import { ConnectSteps, CountryBadge, LocalBreadcrumbs, RegisterButton } from "../parts"

const reasons = [
  { id: "geo", icon: <GlobeIcon /> },
  { id: "serp", icon: <SearchIcon /> },
  { id: "prices", icon: <WalletIcon /> },
  { id: "ads", icon: <EyeIcon /> },
  { id: "captcha", icon: <CheckIcon /> },
  { id: "localisation", icon: <FileIcon /> },
] as const

const targetingLevels = ["country", "region", "city"] as const

const faqIds = ["countries", "prices", "switch", "rotation", "captchas", "rules"] as const

/** The example country of the overview page's connection example. */
const exampleIso = "us"

export default function LocalProxiesScreen() {
  const { t } = useTranslation("proxy-local")
  return (
    <>
      <LocalBreadcrumbs />
      <Hero
        tone="surface"
        eyebrow={t("index.hero.eyebrow")}
        title={t("index.hero.title")}
        lead={t("index.hero.lead")}
        actions={
          <>
            <RegisterButton />
            <Button asChild size="lg" variant="secondary">
              <a href="#countries">{t("index.hero.choose")}</a>
            </Button>
          </>
        }
      >
        {t("index.hero.note")}
      </Hero>

      <Section labelledBy="why-title">
        <h2 id="why-title" className="text-2xl font-bold tracking-tight">
          {t("index.why.title")}
        </h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">{t("index.why.lead")}</p>
        <FeatureGrid
          className="mt-10"
          items={reasons.map(({ id, icon }) => ({
            icon,
            title: t(`index.why.items.${id}.title`),
            text: t(`index.why.items.${id}.text`),
          }))}
        />
      </Section>

      <Section tone="surface" labelledBy="countries">
        <h2 id="countries" className="scroll-mt-24 text-2xl font-bold tracking-tight">
          {t("index.countries.title")}
        </h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">{t("index.countries.lead")}</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {countryIds.map((country) => (
            <Card asChild key={country} variant="outlined" className="bg-background">
              <li>
                <CardHeader>
                  <div className="flex items-center gap-3">
                    <CountryBadge country={country} />
                    <CardTitle>
                      <CardLink asChild>
                        <Link to={`/proxy/local-proxies/${country}`}>{t(`countries.${country}.title`)}</Link>
                      </CardLink>
                    </CardTitle>
                  </div>
                  <CardDescription className="mt-2">{t(`countries.${country}.short`)}</CardDescription>
                </CardHeader>
              </li>
            </Card>
          ))}
        </ul>
      </Section>

      <Section labelledBy="targeting-title">
        <h2 id="targeting-title" className="text-2xl font-bold tracking-tight">
          {t("index.targeting.title")}
        </h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">{t("index.targeting.lead")}</p>
        <FeatureGrid
          className="mt-8"
          variant="card"
          items={targetingLevels.map((level) => ({
            title: t(`index.targeting.levels.${level}.title`),
            text: t(`index.targeting.levels.${level}.text`),
          }))}
        />
        <Alert role="note" className="mt-8" title={t("index.targeting.noteTitle")}>
          {t("index.targeting.note")}
        </Alert>
      </Section>

      <Section tone="surface" labelledBy="connect-title">
        <h2 id="connect-title" className="text-2xl font-bold tracking-tight">
          {t("connect.title")}
        </h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">{t("index.connect.lead")}</p>
        <div className="mt-8 grid gap-10 lg:grid-cols-2">
          <div className="flex flex-col gap-8">
            <KeyValueList divided className="rounded-lg border border-border bg-background p-5">
              <KeyValueItem label={t("connect.fields.host")} mono>
                {proxyHost}
              </KeyValueItem>
              <KeyValueItem label={t("connect.fields.port")}>{t("connect.fields.portValue")}</KeyValueItem>
              <KeyValueItem label={t("connect.fields.login")}>
                <code className="font-mono text-[0.8125rem] font-normal">{exampleLogin(exampleIso)}</code>
                <span className="mt-1 block font-normal text-muted-foreground">
                  {t("connect.fields.loginValue")}
                </span>
              </KeyValueItem>
              <KeyValueItem label={t("connect.fields.password")}>
                {t("connect.fields.passwordValue")}
              </KeyValueItem>
            </KeyValueList>
            <ConnectSteps />
          </div>
          <div className="flex min-w-0 flex-col gap-4">
            <CodeBlock
              title={t("index.connect.exampleTitle")}
              snippets={connectionSnippets(exampleIso)}
              copyLabel={t("actions.copy")}
            />
            <p className="text-sm text-muted-foreground">{t("connect.note")}</p>
          </div>
        </div>
      </Section>

      <Section labelledBy="faq-title">
        <h2 id="faq-title" className="text-2xl font-bold tracking-tight">
          {t("faq.title")}
        </h2>
        <Faq
          className="mt-6"
          items={faqIds.map((id) => ({
            id,
            question: t(`index.faq.${id}.question`),
            answer: t(`index.faq.${id}.answer`),
          }))}
        />
      </Section>

      <Section>
        <CtaBand
          title={t("index.cta.title")}
          text={t("index.cta.text")}
          actions={
            <>
              <RegisterButton variant="secondary-white" />
              <Button asChild size="lg" variant="primary-light">
                <Link to="/proxy/residential">{t("index.cta.types")}</Link>
              </Button>
            </>
          }
        />
      </Section>
    </>
  )
}

import { useTranslation } from "react-i18next"
import {
  Alert,
  CheckIcon,
  CodeBlock,
  EyeIcon,
  FeatureGrid,
  FileIcon,
  GlobeIcon,
  KeyValueItem,
  KeyValueList,
  SearchIcon,
  WalletIcon,
} from "@manyhands/design-system"
import {
  faqItems,
  FaqSection,
  LinkCardGrid,
  PageCta,
  PageHero,
  titledItems,
  TitledSection,
} from "../../blocks"
import { connectionSnippets, countryIds, exampleLogin, proxyHost } from "../countries"
import { ConnectSteps, CountryBadge, registerPath, useLocalBreadcrumbs } from "../parts"

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
  const breadcrumbs = useLocalBreadcrumbs()
  return (
    <>
      <PageHero
        id="local-title"
        breadcrumbs={breadcrumbs}
        breadcrumbsLabel={t("breadcrumbs.label")}
        eyebrow={t("index.hero.eyebrow")}
        title={t("index.hero.title")}
        lead={t("index.hero.lead")}
        action={{ to: registerPath, label: t("actions.register") }}
        secondaryAction={{ href: "#countries", label: t("index.hero.choose") }}
      >
        {t("index.hero.note")}
      </PageHero>

      <TitledSection id="why-title" title={t("index.why.title")} lead={t("index.why.lead")}>
        <FeatureGrid
          items={reasons.map(({ id, icon }) => ({
            icon,
            title: t(`index.why.items.${id}.title`),
            text: t(`index.why.items.${id}.text`),
          }))}
        />
      </TitledSection>

      <TitledSection
        id="countries"
        tone="surface"
        title={t("index.countries.title")}
        lead={t("index.countries.lead")}
      >
        <LinkCardGrid
          items={countryIds.map((country) => ({
            id: country,
            to: `/proxy/local-proxies/${country}`,
            title: t(`countries.${country}.title`),
            text: t(`countries.${country}.short`),
            media: <CountryBadge country={country} />,
          }))}
        />
      </TitledSection>

      <TitledSection id="targeting-title" title={t("index.targeting.title")} lead={t("index.targeting.lead")}>
        <FeatureGrid variant="card" items={titledItems(t, "index.targeting.levels", targetingLevels)} />
        <Alert role="note" className="mt-8" title={t("index.targeting.noteTitle")}>
          {t("index.targeting.note")}
        </Alert>
      </TitledSection>

      <TitledSection
        id="connect-title"
        tone="surface"
        title={t("connect.title")}
        lead={t("index.connect.lead")}
      >
        <div className="grid gap-10 lg:grid-cols-2">
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
      </TitledSection>

      <FaqSection id="faq-title" title={t("faq.title")} items={faqItems(t, "index.faq", faqIds)} />

      <PageCta
        id="local-cta-title"
        title={t("index.cta.title")}
        text={t("index.cta.text")}
        action={{ to: registerPath, label: t("actions.register") }}
        secondaryAction={{ to: "/proxy/residential", label: t("index.cta.types") }}
      />
    </>
  )
}

import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { CodeBlock, FeatureGrid } from "@manyhands/design-system"
import {
  FactsCard,
  faqItems,
  FaqSection,
  LinkCardGrid,
  PageCta,
  PageHero,
  SectionHeading,
  TextLink,
  titledItems,
  TitledSection,
} from "../../blocks"
import { Section } from "../../layout/section"
import {
  connectionSnippets,
  countryContent,
  countryIds,
  exampleLogin,
  proxyTypes,
  type CountryId,
} from "../countries"
import { ConnectSteps, CountryBadge, registerPath, useLocalBreadcrumbs } from "../parts"

export interface LocalProxyCountryProps {
  /** Which country the page is about; fixed per route. */
  country: CountryId
}

export default function LocalProxyCountryScreen({ country }: LocalProxyCountryProps) {
  const { t } = useTranslation("proxy-local")
  const content = countryContent[country]
  const login = exampleLogin(content.iso)
  const key = (path: string) => `countries.${country}.${path}`
  return (
    <>
      <CountryHero country={country} />

      <TitledSection id="why-title" title={t(key("why.title"))}>
        <FeatureGrid columns={2} variant="card" items={titledItems(t, key("why.items"), content.why)} />
      </TitledSection>

      <TitledSection
        id="cities-title"
        tone="surface"
        title={t(key("cities.title"))}
        lead={t(key("cities.lead"))}
      >
        <ul className="flex flex-wrap gap-2">
          {content.cities.map((city) => (
            <li
              key={city}
              className="rounded-full border border-border bg-background px-4 py-1.5 text-sm font-medium"
            >
              {t(key(`cities.items.${city}`))}
            </li>
          ))}
        </ul>
        <p className="mt-6 max-w-3xl text-sm text-muted-foreground">{t("country.citiesNote")}</p>
      </TitledSection>

      <Section labelledBy="types-title">
        <SectionHeading id="types-title" title={t("country.types.title")} lead={t("country.types.lead")} />
        <p className="mt-3 max-w-3xl text-lg text-pretty text-muted-foreground">{t(key("typesNote"))}</p>
        <LinkCardGrid
          className="mt-8"
          columns={4}
          items={proxyTypes.map((type) => ({
            id: type,
            to: `/proxy/${type}`,
            title: t(`types.${type}.title`),
            text: t(`types.${type}.text`),
          }))}
        />
      </Section>

      <TitledSection
        id="connect"
        tone="surface"
        title={t("connect.title")}
        lead={t("country.connect.lead", { login })}
      >
        <div className="grid gap-10 lg:grid-cols-[2fr_3fr]">
          <ConnectSteps />
          <div className="flex min-w-0 flex-col gap-4">
            <CodeBlock
              title={t("country.connect.exampleTitle")}
              snippets={connectionSnippets(content.iso)}
              copyLabel={t("actions.copy")}
            />
            <p className="text-sm text-muted-foreground">{t("connect.note")}</p>
          </div>
        </div>
      </TitledSection>

      <FaqSection
        id="faq-title"
        title={t("faq.title")}
        items={[
          ...faqItems(t, key("faq"), content.faq),
          {
            id: "login",
            question: t("country.loginFaq.question"),
            answer: t("country.loginFaq.answer", { login }),
          },
        ]}
      />

      <TitledSection id="others-title" tone="surface" title={t("country.others.title")}>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {countryIds
            .filter((other) => other !== country)
            .map((other) => (
              <li key={other}>
                <Link
                  to={`/proxy/local-proxies/${other}`}
                  className="flex items-center gap-3 rounded-lg border border-border bg-background p-3 font-medium text-foreground hover:border-border-strong hover:text-primary focus-ring"
                >
                  <CountryBadge country={other} className="size-9" />
                  {t(`countries.${other}.title`)}
                </Link>
              </li>
            ))}
        </ul>
        <p className="mt-6">
          <TextLink to="/proxy/local-proxies">{t("country.others.all")}</TextLink>
        </p>
      </TitledSection>

      <PageCta
        id="country-cta-title"
        title={t("country.cta.title")}
        text={t("country.cta.text")}
        action={{ to: registerPath, label: t("actions.register") }}
      />
    </>
  )
}

function CountryHero({ country }: { country: CountryId }) {
  const { t } = useTranslation("proxy-local")
  const content = countryContent[country]
  const breadcrumbs = useLocalBreadcrumbs(country)
  return (
    <PageHero
      id="country-title"
      breadcrumbs={breadcrumbs}
      breadcrumbsLabel={t("breadcrumbs.label")}
      eyebrow={t("country.eyebrow")}
      title={t(`countries.${country}.title`)}
      lead={t(`countries.${country}.lead`)}
      action={{ to: registerPath, label: t("actions.register") }}
      secondaryAction={{ href: "#connect", label: t("country.example") }}
      media={
        <FactsCard
          facts={[
            {
              id: "parameter",
              label: t("country.facts.parameter"),
              value: `country-${content.iso}`,
              mono: true,
            },
            ...(["targeting", "types", "prices"] as const).map((id) => ({
              id,
              label: t(`country.facts.${id}`),
              value: t(`country.facts.${id}Value`),
            })),
          ]}
        />
      }
    />
  )
}

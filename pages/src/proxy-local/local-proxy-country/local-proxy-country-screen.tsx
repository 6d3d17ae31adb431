import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Button,
  Card,
  CardDescription,
  CardHeader,
  CardLink,
  CardTitle,
  CodeBlock,
  CtaBand,
  Faq,
  FeatureGrid,
  Hero,
  KeyValueItem,
  KeyValueList,
} from "@manyhands/design-system"
import { Section } from "../../layout/section"
import {
  connectionSnippets,
  countryContent,
  countryIds,
  exampleLogin,
  proxyTypes,
  type CountryId,
} from "../countries"
import { ConnectSteps, CountryBadge, LocalBreadcrumbs, RegisterButton } from "../parts"

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
      <LocalBreadcrumbs country={country} />
      <CountryHero country={country} />

      <Section labelledBy="why-title">
        <h2 id="why-title" className="text-2xl font-bold tracking-tight">
          {t(key("why.title"))}
        </h2>
        <FeatureGrid
          className="mt-8"
          columns={2}
          variant="card"
          items={content.why.map((reason) => ({
            title: t(key(`why.items.${reason}.title`)),
            text: t(key(`why.items.${reason}.text`)),
          }))}
        />
      </Section>

      <Section tone="surface" labelledBy="cities-title">
        <h2 id="cities-title" className="text-2xl font-bold tracking-tight">
          {t(key("cities.title"))}
        </h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">{t(key("cities.lead"))}</p>
        <ul className="mt-6 flex flex-wrap gap-2">
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
      </Section>

      <Section labelledBy="types-title">
        <h2 id="types-title" className="text-2xl font-bold tracking-tight">
          {t("country.types.title")}
        </h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">{t("country.types.lead")}</p>
        <p className="mt-3 max-w-3xl text-muted-foreground">{t(key("typesNote"))}</p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {proxyTypes.map((type) => (
            <Card asChild key={type}>
              <li>
                <CardHeader>
                  <CardTitle>
                    <CardLink asChild>
                      <Link to={`/proxy/${type}`}>{t(`types.${type}.title`)}</Link>
                    </CardLink>
                  </CardTitle>
                  <CardDescription>{t(`types.${type}.text`)}</CardDescription>
                </CardHeader>
              </li>
            </Card>
          ))}
        </ul>
      </Section>

      <Section tone="surface" labelledBy="connect">
        <h2 id="connect" className="scroll-mt-24 text-2xl font-bold tracking-tight">
          {t("connect.title")}
        </h2>
        <p className="mt-3 max-w-3xl text-muted-foreground">{t("country.connect.lead", { login })}</p>
        <div className="mt-8 grid gap-10 lg:grid-cols-[2fr_3fr]">
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
      </Section>

      <Section labelledBy="faq-title">
        <h2 id="faq-title" className="text-2xl font-bold tracking-tight">
          {t("faq.title")}
        </h2>
        <Faq
          className="mt-6"
          items={[
            ...content.faq.map((id) => ({
              id,
              question: t(key(`faq.${id}.question`)),
              answer: t(key(`faq.${id}.answer`)),
            })),
            {
              id: "login",
              question: t("country.loginFaq.question"),
              answer: t("country.loginFaq.answer", { login }),
            },
          ]}
        />
      </Section>

      <Section tone="surface" labelledBy="others-title">
        <h2 id="others-title" className="text-2xl font-bold tracking-tight">
          {t("country.others.title")}
        </h2>
        <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
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
          <Link
            to="/proxy/local-proxies"
            className="rounded-sm font-medium text-primary underline underline-offset-4 hover:no-underline focus-ring"
          >
            {t("country.others.all")}
          </Link>
        </p>
      </Section>

      <Section>
        <CtaBand
          title={t("country.cta.title")}
          text={t("country.cta.text")}
          actions={<RegisterButton variant="secondary-white" />}
        />
      </Section>
    </>
  )
}

function CountryHero({ country }: { country: CountryId }) {
  const { t } = useTranslation("proxy-local")
  const content = countryContent[country]
  return (
    <Hero
      tone="surface"
      layout="split"
      eyebrow={t("country.eyebrow")}
      title={t(`countries.${country}.title`)}
      lead={t(`countries.${country}.lead`)}
      actions={
        <>
          <RegisterButton />
          <Button asChild size="lg" variant="secondary">
            <a href="#connect">{t("country.example")}</a>
          </Button>
        </>
      }
      media={
        <KeyValueList divided className="rounded-lg border border-border bg-background p-6">
          <KeyValueItem label={t("country.facts.parameter")} mono>
            {`country-${content.iso}`}
          </KeyValueItem>
          <KeyValueItem label={t("country.facts.targeting")}>
            {t("country.facts.targetingValue")}
          </KeyValueItem>
          <KeyValueItem label={t("country.facts.types")}>{t("country.facts.typesValue")}</KeyValueItem>
          <KeyValueItem label={t("country.facts.prices")}>{t("country.facts.pricesValue")}</KeyValueItem>
        </KeyValueList>
      }
    />
  )
}

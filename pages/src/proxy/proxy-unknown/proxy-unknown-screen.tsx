import { useTranslation } from "react-i18next"
import { LinkCardGrid } from "../../blocks"
import { countryIds } from "../../proxy-local/countries"
import { proxyKinds } from "../proxy-landing/kinds"

export interface ProxyUnknownScreenProps {
  /** Which list the address was looked for in: the proxy types (/proxy/…) or the countries (/proxy/local-proxies/…). */
  area: "types" | "countries"
}

/** /proxy/{slug} and /proxy/local-proxies/{slug} for a slug no page has (404): the pages that exist, to choose from. */
export default function ProxyUnknownScreen({ area }: ProxyUnknownScreenProps) {
  const { t } = useTranslation("proxy")
  const { t: local } = useTranslation("proxy-local")
  const items =
    area === "types"
      ? proxyKinds.map((kind) => ({
          id: kind,
          to: `/proxy/${kind}`,
          title: t(`shared.kinds.${kind}.name`),
          text: t(`shared.kinds.${kind}.summary`),
        }))
      : countryIds.map((country) => ({
          id: country,
          to: `/proxy/local-proxies/${country}`,
          title: local(`countries.${country}.name`),
          text: local(`countries.${country}.short`),
        }))
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-16 sm:px-6">
      <div className="flex max-w-3xl flex-col gap-4">
        <p className="font-mono text-sm font-semibold text-primary">404</p>
        <h1 className="text-4xl font-bold tracking-tight">{t(`unknown.${area}.title`)}</h1>
      </div>
      {/* The list's heading (its cards' titles are h3). */}
      <section aria-labelledby={`proxy-unknown-${area}`} className="flex flex-col gap-6">
        <h2 id={`proxy-unknown-${area}`} className="text-xl font-semibold">
          {t(`unknown.${area}.lead`)}
        </h2>
        <LinkCardGrid items={items} />
      </section>
    </div>
  )
}

import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { CodeBlock } from "@manyhands/design-system"
import { PageHero, TitledSection } from "../../blocks"
import {
  DataCards,
  DataCta,
  DataFaq,
  FormatsTable,
  ServiceArt,
  ServiceCards,
  useStartActions,
  type DataServiceId,
  type Tone,
} from "../data-shared"
import { serviceConfig } from "./service-config"

export interface DataServiceScreenProps {
  /** Which service page this is; fixed per route. */
  service: DataServiceId
}

/** /data/<service>: one labelling service — use cases, how we do it, quality, formats with an example, FAQ. */
export default function DataServiceScreen({ service }: DataServiceScreenProps) {
  const { t } = useTranslation("data")
  const startActions = useStartActions(t("shared.hero.pilot"))
  const config = serviceConfig[service]
  const base = `services.${service}`
  const cards = (section: string, ids: readonly string[]) => (
    <DataCards prefix={`${base}.${section}.items`} ids={ids} />
  )

  // Bands after the hero alternate plain and surface (the hero is surface).
  const bands: { id: string; content: ReactNode }[] = [
    { id: "useCases", content: cards("useCases", config.useCases) },
    { id: "how", content: cards("how", config.how) },
    ...(config.extra ? [{ id: "extra", content: cards("extra", config.extra) }] : []),
    { id: "quality", content: cards("quality", config.quality) },
    {
      id: "formats",
      content: (
        <>
          <FormatsTable
            caption={t(`${base}.formats.title`)}
            rows={config.formats.map((id) => ({
              id,
              name: t(`${base}.formats.rows.${id}.name`),
              contents: t(`${base}.formats.rows.${id}.contents`),
            }))}
          />
          <h3 className="mt-12 text-lg font-semibold">{t(`${base}.example.title`)}</h3>
          <p className="mt-2 max-w-3xl text-muted-foreground">{t(`${base}.example.lead`)}</p>
          <CodeBlock
            className="mt-6"
            title={t(`${base}.example.file`)}
            language={config.example.language}
            code={config.example.code}
            copyLabel={t("shared.code.copy")}
          />
        </>
      ),
    },
  ]
  const toneAt = (index: number): Tone => (index % 2 === 0 ? "plain" : "surface")

  return (
    <>
      <PageHero
        id="data-hero-title"
        breadcrumbsLabel={t("shared.breadcrumbs.label")}
        breadcrumbs={[
          { label: t("shared.breadcrumbs.home"), href: "/" },
          { label: t("shared.breadcrumbs.data"), href: "/data" },
          { label: t(`${base}.card.name`) },
        ]}
        eyebrow={t(`${base}.hero.eyebrow`)}
        title={t(`${base}.hero.title`)}
        lead={t(`${base}.hero.lead`)}
        {...startActions}
        media={<ServiceArt service={service} className="w-full" />}
      />
      {bands.map((band, index) => (
        <TitledSection
          key={band.id}
          id={`data-${band.id}-title`}
          tone={toneAt(index)}
          title={t(`${base}.${band.id}.title`)}
          lead={t(`${base}.${band.id}.lead`)}
        >
          {band.content}
        </TitledSection>
      ))}
      <DataFaq tone={toneAt(bands.length)} prefix={`${base}.faq`} ids={config.faq} />
      <DataCta />
      <ServiceCards tone="surface" current={service} />
    </>
  )
}

import { useTranslation } from "react-i18next"
import { FeatureGrid } from "@manyhands/design-system"
import { NumberedSteps, PageHero, titledItems, TitledSection } from "../../blocks"
import {
  DataCards,
  DataCta,
  DataFaq,
  FormatsTable,
  LabelIcon,
  ServiceArt,
  ServiceCards,
  cardColumns,
  dataServices,
  useStartActions,
  type LabelKind,
} from "../data-shared"

const labelKinds = [
  "boxes",
  "polygons",
  "classification",
  "keypoints",
  "text",
  "satellite",
] as const satisfies readonly LabelKind[]
const processSteps = ["brief", "pilot", "instructions", "production", "delivery"] as const
const qualityMethods = ["gold", "overlap", "review", "tracking"] as const
const formats = ["coco", "voc", "yolo", "csv"] as const
const safeguards = ["nda", "single", "deletion", "access"] as const
const pricingUnits = ["object", "image", "hour"] as const
const faqIds = ["data", "pilot", "accuracy", "prelabels", "tool", "formats", "time"] as const

/** /data: what the Manyhands workforce labels, how a project runs, quality, formats, security and pricing. */
export default function DataLabelingScreen() {
  const { t } = useTranslation("data")
  const startActions = useStartActions(t("index.hero.pilot"))
  return (
    <>
      <PageHero
        id="data-hero-title"
        breadcrumbs={[
          { label: t("shared.breadcrumbs.home"), href: "/" },
          { label: t("shared.breadcrumbs.data") },
        ]}
        breadcrumbsLabel={t("shared.breadcrumbs.label")}
        eyebrow={t("index.hero.eyebrow")}
        title={t("index.hero.title")}
        lead={t("index.hero.lead")}
        {...startActions}
        media={
          <div aria-hidden="true" className="grid grid-cols-2 gap-3">
            {dataServices.map((id) => (
              <ServiceArt key={id} service={id} className="w-full" />
            ))}
          </div>
        }
      />

      <TitledSection id="data-label-title" title={t("index.label.title")} lead={t("index.label.lead")}>
        <FeatureGrid
          variant="card"
          columns={cardColumns(labelKinds.length)}
          items={labelKinds.map((id) => ({
            icon: <LabelIcon kind={id} />,
            title: t(`index.label.items.${id}.title`),
            text: t(`index.label.items.${id}.text`),
          }))}
        />
      </TitledSection>

      <ServiceCards tone="surface" />

      <TitledSection id="data-process-title" title={t("index.process.title")} lead={t("index.process.lead")}>
        <NumberedSteps className="max-w-3xl" items={titledItems(t, "index.process.steps", processSteps)} />
      </TitledSection>

      <TitledSection
        id="data-quality-title"
        tone="surface"
        title={t("index.quality.title")}
        lead={t("index.quality.lead")}
      >
        <DataCards prefix="index.quality.items" ids={qualityMethods} />
      </TitledSection>

      <TitledSection id="data-formats-title" title={t("index.formats.title")} lead={t("index.formats.lead")}>
        <FormatsTable
          caption={t("index.formats.title")}
          rows={formats.map((id) => ({
            id,
            name: t(`index.formats.rows.${id}.name`),
            contents: t(`index.formats.rows.${id}.contents`),
          }))}
        />
        <p className="mt-6 max-w-3xl text-muted-foreground">{t("index.formats.note")}</p>
      </TitledSection>

      <TitledSection
        id="data-security-title"
        tone="surface"
        title={t("index.security.title")}
        lead={t("index.security.lead")}
      >
        <DataCards prefix="index.security.items" ids={safeguards} />
      </TitledSection>

      <TitledSection id="data-pricing-title" title={t("index.pricing.title")} lead={t("index.pricing.lead")}>
        <DataCards prefix="index.pricing.units" ids={pricingUnits} />
        <div className="mt-8 rounded-lg border border-info-border bg-info-soft p-6">
          <h3 className="text-lg font-semibold text-foreground">{t("index.pricing.quote.title")}</h3>
          <p className="mt-2 text-foreground">{t("index.pricing.quote.text")}</p>
        </div>
      </TitledSection>

      <DataFaq tone="surface" prefix="index.faq" ids={faqIds} />
      <DataCta />
    </>
  )
}

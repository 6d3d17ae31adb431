import { useTranslation } from "react-i18next"
import { Section } from "../../layout/section"
import {
  CardList,
  DataCta,
  DataFaq,
  DataHero,
  FormatsTable,
  LabelIcon,
  NumberedSteps,
  SectionHeading,
  ServiceArt,
  ServiceCards,
  StartActions,
  dataServices,
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
  return (
    <>
      <DataHero
        crumbs={[{ label: t("shared.breadcrumbs.home"), href: "/" }, { label: t("shared.breadcrumbs.data") }]}
        eyebrow={t("index.hero.eyebrow")}
        title={t("index.hero.title")}
        lead={t("index.hero.lead")}
        actions={<StartActions mailLabel={t("index.hero.pilot")} />}
        media={
          <div aria-hidden="true" className="grid grid-cols-2 gap-3">
            {dataServices.map((id) => (
              <ServiceArt key={id} service={id} className="w-full" />
            ))}
          </div>
        }
      />

      <Section labelledBy="data-label-title">
        <SectionHeading id="data-label-title" title={t("index.label.title")} lead={t("index.label.lead")} />
        <CardList
          items={labelKinds.map((id) => ({
            id,
            icon: <LabelIcon kind={id} />,
            title: t(`index.label.items.${id}.title`),
            text: t(`index.label.items.${id}.text`),
          }))}
        />
      </Section>

      <ServiceCards tone="surface" />

      <Section labelledBy="data-process-title">
        <SectionHeading
          id="data-process-title"
          title={t("index.process.title")}
          lead={t("index.process.lead")}
        />
        <NumberedSteps
          items={processSteps.map((id) => ({
            id,
            title: t(`index.process.steps.${id}.title`),
            text: t(`index.process.steps.${id}.text`),
          }))}
        />
      </Section>

      <Section tone="surface" labelledBy="data-quality-title">
        <SectionHeading
          id="data-quality-title"
          title={t("index.quality.title")}
          lead={t("index.quality.lead")}
        />
        <CardList
          items={qualityMethods.map((id) => ({
            id,
            title: t(`index.quality.items.${id}.title`),
            text: t(`index.quality.items.${id}.text`),
          }))}
        />
      </Section>

      <Section labelledBy="data-formats-title">
        <SectionHeading
          id="data-formats-title"
          title={t("index.formats.title")}
          lead={t("index.formats.lead")}
        />
        <FormatsTable
          caption={t("index.formats.title")}
          rows={formats.map((id) => ({
            id,
            name: t(`index.formats.rows.${id}.name`),
            contents: t(`index.formats.rows.${id}.contents`),
          }))}
        />
        <p className="mt-6 max-w-3xl text-muted-foreground">{t("index.formats.note")}</p>
      </Section>

      <Section tone="surface" labelledBy="data-security-title">
        <SectionHeading
          id="data-security-title"
          title={t("index.security.title")}
          lead={t("index.security.lead")}
        />
        <CardList
          items={safeguards.map((id) => ({
            id,
            title: t(`index.security.items.${id}.title`),
            text: t(`index.security.items.${id}.text`),
          }))}
        />
      </Section>

      <Section labelledBy="data-pricing-title">
        <SectionHeading
          id="data-pricing-title"
          title={t("index.pricing.title")}
          lead={t("index.pricing.lead")}
        />
        <CardList
          items={pricingUnits.map((id) => ({
            id,
            title: t(`index.pricing.units.${id}.title`),
            text: t(`index.pricing.units.${id}.text`),
          }))}
        />
        <div className="mt-8 rounded-lg border border-info-border bg-info-soft p-6">
          <h3 className="text-lg font-semibold text-foreground">{t("index.pricing.quote.title")}</h3>
          <p className="mt-2 text-foreground">{t("index.pricing.quote.text")}</p>
        </div>
      </Section>

      <DataFaq tone="surface" prefix="index.faq" ids={faqIds} />
      <DataCta />
    </>
  )
}

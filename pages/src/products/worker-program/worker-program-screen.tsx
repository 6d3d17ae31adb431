import { useTranslation } from "react-i18next"
import { Alert, FeatureGrid, KeyValueItem, KeyValueList } from "@manyhands/design-system"
import {
  ctaTexts,
  FactsCard,
  faqTexts,
  FaqSection,
  heroTexts,
  NumberedSteps,
  PageCta,
  PageHero,
  SectionHeading,
  titledItems,
  TitledSection,
} from "../../blocks"
import { Section } from "../../layout/section"
import { workerPrograms, type WorkerProgram } from "../workers-software/programs"

export interface WorkerProgramScreenProps {
  /** Which official program the page is about (fixed by the route). */
  program: WorkerProgram
}

const facts = ["platform", "price", "download", "account"] as const

/** /workers-software/captcha-bot-rs and /workers-software/rucaptcha-bot: one official worker program. */
export default function WorkerProgramScreen({ program }: WorkerProgramScreenProps) {
  const { t } = useTranslation("workers-software")
  const config = workerPrograms[program]
  const k = (key: string) => t(`programs.${config.key}.${key}`)
  const slug = `program-${program}`
  return (
    <>
      <PageHero
        id={`${slug}-title`}
        breadcrumbs={[
          { label: t("breadcrumbs.home"), href: "/" },
          { label: t("breadcrumbs.software"), href: "/workers-software" },
          { label: k("name") },
        ]}
        breadcrumbsLabel={t("breadcrumbs.label")}
        {...heroTexts(k, "hero")}
        action={{ to: "/auth/login", label: t("program.signIn") }}
        secondaryAction={{ to: "/auth/register?userType=worker", label: t("program.register") }}
        media={
          <FactsCard
            title={t("program.factsTitle", { name: k("name") })}
            facts={facts.map((id) => ({ id, label: t(`program.facts.${id}`), value: k(`facts.${id}`) }))}
          />
        }
      >
        {t("program.downloadNote")}
      </PageHero>

      <Section labelledBy={`${slug}-about`}>
        <div className="grid gap-8 lg:grid-cols-[2fr_3fr]">
          <SectionHeading id={`${slug}-about`} title={k("about.title")} />
          <div className="flex flex-col gap-4 text-base leading-relaxed text-muted-foreground">
            <p>{k("about.p1")}</p>
            <p>{k("about.p2")}</p>
          </div>
        </div>
      </Section>

      <TitledSection
        id={`${slug}-features`}
        tone="surface"
        title={k("features.title")}
        lead={k("features.lead")}
      >
        <FeatureGrid columns={3} variant="card" items={titledItems(k, "features.items", config.features)} />
      </TitledSection>

      <TitledSection id={`${slug}-setup`} title={k("setup.title")} lead={k("setup.lead")}>
        <NumberedSteps columns={2} items={titledItems(k, "setup.steps", config.steps)} />
        <Alert className="mt-6" role="note" tone="warning" title={t("program.safety.title")}>
          {t("program.safety.text")}
        </Alert>
      </TitledSection>

      <TitledSection id={`${slug}-requirements`} tone="surface" title={k("requirements.title")}>
        <div className="max-w-3xl rounded-lg border border-border bg-background p-6">
          <KeyValueList divided>
            {config.requirements.map((id) => (
              <KeyValueItem key={id} label={k(`requirements.items.${id}.label`)}>
                {k(`requirements.items.${id}.value`)}
              </KeyValueItem>
            ))}
          </KeyValueList>
        </div>
      </TitledSection>

      <FaqSection id={`${slug}-faq`} {...faqTexts(k, "faq", config.faq)} />

      <PageCta
        id={`${slug}-cta`}
        {...ctaTexts(t, "program.cta")}
        action={{ to: "/auth/register?userType=worker", label: t("program.cta.register") }}
        secondaryAction={{ to: "/workers-software", label: t("program.cta.all") }}
      />
    </>
  )
}

import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Alert,
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  CtaBand,
  FeatureGrid,
  KeyValueItem,
  KeyValueList,
} from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { FaqSection, NumberedList, PageHero, SectionHeader } from "../shared/page-parts"
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
        eyebrow={k("hero.eyebrow")}
        title={k("hero.title")}
        lead={k("hero.lead")}
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/auth/login">{t("program.signIn")}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/auth/register?userType=worker">{t("program.register")}</Link>
            </Button>
          </>
        }
        media={
          <Card variant="elevated" className="text-left">
            <CardHeader>
              <CardTitle as="p">{t("program.factsTitle", { name: k("name") })}</CardTitle>
            </CardHeader>
            <CardBody>
              <KeyValueList divided>
                {facts.map((id) => (
                  <KeyValueItem key={id} label={t(`program.facts.${id}`)}>
                    {k(`facts.${id}`)}
                  </KeyValueItem>
                ))}
              </KeyValueList>
            </CardBody>
          </Card>
        }
      >
        {t("program.downloadNote")}
      </PageHero>

      <Section labelledBy={`${slug}-about`}>
        <div className="grid gap-8 lg:grid-cols-[2fr_3fr]">
          <SectionHeader id={`${slug}-about`} title={k("about.title")} />
          <div className="flex flex-col gap-4 text-base leading-relaxed text-muted-foreground">
            <p>{k("about.p1")}</p>
            <p>{k("about.p2")}</p>
          </div>
        </div>
      </Section>

      <Section tone="surface" labelledBy={`${slug}-features`}>
        <SectionHeader id={`${slug}-features`} title={k("features.title")} lead={k("features.lead")} />
        <FeatureGrid
          className="mt-10"
          columns={3}
          variant="card"
          items={config.features.map((id) => ({
            title: k(`features.items.${id}.title`),
            text: k(`features.items.${id}.text`),
          }))}
        />
      </Section>

      <Section labelledBy={`${slug}-setup`}>
        <SectionHeader id={`${slug}-setup`} title={k("setup.title")} lead={k("setup.lead")} />
        <NumberedList
          items={config.steps.map((id) => ({
            id,
            title: k(`setup.steps.${id}.title`),
            text: k(`setup.steps.${id}.text`),
          }))}
        />
        <Alert className="mt-6" role="note" tone="warning" title={t("program.safety.title")}>
          {t("program.safety.text")}
        </Alert>
      </Section>

      <Section tone="surface" labelledBy={`${slug}-requirements`}>
        <SectionHeader id={`${slug}-requirements`} title={k("requirements.title")} />
        <div className="mt-8 max-w-3xl rounded-lg border border-border bg-background p-6">
          <KeyValueList divided>
            {config.requirements.map((id) => (
              <KeyValueItem key={id} label={k(`requirements.items.${id}.label`)}>
                {k(`requirements.items.${id}.value`)}
              </KeyValueItem>
            ))}
          </KeyValueList>
        </div>
      </Section>

      <FaqSection
        id={`${slug}-faq`}
        title={k("faq.title")}
        items={config.faq.map((id) => ({
          id,
          question: k(`faq.items.${id}.question`),
          answer: k(`faq.items.${id}.answer`),
        }))}
      />

      <Section>
        <CtaBand
          aria-labelledby={`${slug}-cta`}
          title={<span id={`${slug}-cta`}>{t("program.cta.title")}</span>}
          text={t("program.cta.text")}
          actions={
            <>
              <Button asChild size="lg" variant="primary-light">
                <Link to="/auth/register?userType=worker">{t("program.cta.register")}</Link>
              </Button>
              <Button asChild size="lg" variant="secondary-white">
                <Link to="/workers-software">{t("program.cta.all")}</Link>
              </Button>
            </>
          }
        />
      </Section>
    </>
  )
}

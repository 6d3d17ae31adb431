import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Alert,
  Badge,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardFooter,
  CardHeader,
  CardLink,
  CardTitle,
  CtaBand,
  KeyValueItem,
  KeyValueList,
} from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { CheckList, FaqSection, PageHero, SectionHeader } from "../shared/page-parts"
import { workerProgramIds, workerPrograms } from "./programs"

const safetyRules = ["cabinet", "noMessages", "noPassword", "noAutomation"] as const
const faqIds = ["need", "free", "rates", "both", "mac"] as const

/** /workers-software: the official programs for workers, with links to each program's page. */
export default function WorkersSoftwareScreen() {
  const { t } = useTranslation("workers-software")
  return (
    <>
      <PageHero
        id="software-title"
        eyebrow={t("overview.hero.eyebrow")}
        title={t("overview.hero.title")}
        lead={t("overview.hero.lead")}
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/auth/register?userType=worker">{t("overview.hero.register")}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/job">{t("overview.hero.job")}</Link>
            </Button>
          </>
        }
      >
        {t("overview.hero.note")}
      </PageHero>

      <Section labelledBy="software-programs">
        <SectionHeader
          id="software-programs"
          title={t("overview.programs.title")}
          lead={t("overview.programs.lead")}
        />
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {workerProgramIds.map((id) => {
            const key = workerPrograms[id].key
            return (
              <Card key={id} asChild variant="elevated">
                <li>
                  <CardHeader action={<Badge tone="info">{t(`programs.${key}.platform`)}</Badge>}>
                    <CardTitle>
                      <CardLink asChild>
                        <Link to={`/workers-software/${id}`}>{t(`programs.${key}.name`)}</Link>
                      </CardLink>
                    </CardTitle>
                    <CardDescription>{t(`programs.${key}.summary`)}</CardDescription>
                  </CardHeader>
                  <CardBody>
                    <CheckList
                      className="flex flex-col gap-2"
                      items={workerPrograms[id].features.slice(0, 3).map((feature) => ({
                        id: feature,
                        text: t(`programs.${key}.features.items.${feature}.title`),
                      }))}
                    />
                  </CardBody>
                  <CardFooter>
                    <span aria-hidden="true" className="text-sm font-medium text-primary">
                      {t("overview.programs.more")}
                    </span>
                  </CardFooter>
                </li>
              </Card>
            )
          })}
        </ul>
      </Section>

      <Section tone="surface" labelledBy="software-requirements">
        <SectionHeader
          id="software-requirements"
          title={t("overview.requirements.title")}
          lead={t("overview.requirements.lead")}
        />
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          {workerProgramIds.map((id) => {
            const { key, requirements } = workerPrograms[id]
            return (
              <div key={id} className="rounded-lg border border-border bg-background p-6">
                <h3 className="text-lg font-semibold">{t(`programs.${key}.name`)}</h3>
                <KeyValueList divided className="mt-4">
                  {requirements.map((item) => (
                    <KeyValueItem key={item} label={t(`programs.${key}.requirements.items.${item}.label`)}>
                      {t(`programs.${key}.requirements.items.${item}.value`)}
                    </KeyValueItem>
                  ))}
                </KeyValueList>
              </div>
            )
          })}
        </div>
      </Section>

      <Section labelledBy="software-safety">
        <SectionHeader
          id="software-safety"
          title={t("overview.safety.title")}
          lead={t("overview.safety.lead")}
        />
        <div className="mt-8 grid gap-6 lg:grid-cols-[3fr_2fr]">
          <CheckList items={safetyRules.map((id) => ({ id, text: t(`overview.safety.rules.${id}`) }))} />
          <Alert className="self-start" role="note" tone="warning" title={t("overview.safety.alert.title")}>
            {t("overview.safety.alert.text")}
          </Alert>
        </div>
      </Section>

      <FaqSection
        id="software-faq"
        tone="surface"
        title={t("overview.faq.title")}
        items={faqIds.map((id) => ({
          id,
          question: t(`overview.faq.items.${id}.question`),
          answer: t(`overview.faq.items.${id}.answer`),
        }))}
      />

      <Section>
        <CtaBand
          aria-labelledby="software-cta"
          title={<span id="software-cta">{t("overview.cta.title")}</span>}
          text={t("overview.cta.text")}
          actions={
            <>
              <Button asChild size="lg" variant="primary-light">
                <Link to="/auth/register?userType=worker">{t("overview.cta.register")}</Link>
              </Button>
              <Button asChild size="lg" variant="secondary-white">
                <Link to="/make-money-online">{t("overview.cta.earn")}</Link>
              </Button>
            </>
          }
        />
      </Section>
    </>
  )
}

import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Alert,
  Badge,
  Card,
  CardBody,
  CardDescription,
  CardFooter,
  CardHeader,
  CardLink,
  CardTitle,
  KeyValueItem,
  KeyValueList,
} from "@manyhands/design-system"
import {
  CheckList,
  ctaTexts,
  faqTexts,
  FaqSection,
  heroTexts,
  PageCta,
  PageHero,
  Panel,
  textItems,
  TitledSection,
} from "../../blocks"
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
        {...heroTexts(t, "overview.hero")}
        action={{ to: "/auth/register?userType=worker", label: t("overview.hero.register") }}
        secondaryAction={{ to: "/job", label: t("overview.hero.job") }}
      >
        {t("overview.hero.note")}
      </PageHero>

      <TitledSection
        id="software-programs"
        title={t("overview.programs.title")}
        lead={t("overview.programs.lead")}
      >
        <ul className="grid gap-6 md:grid-cols-2">
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
                      className="gap-2"
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
      </TitledSection>

      <TitledSection
        id="software-requirements"
        tone="surface"
        title={t("overview.requirements.title")}
        lead={t("overview.requirements.lead")}
      >
        <div className="grid gap-6 md:grid-cols-2">
          {workerProgramIds.map((id) => {
            const { key, requirements } = workerPrograms[id]
            return (
              <Panel key={id} title={t(`programs.${key}.name`)} className="bg-background">
                <KeyValueList divided>
                  {requirements.map((item) => (
                    <KeyValueItem key={item} label={t(`programs.${key}.requirements.items.${item}.label`)}>
                      {t(`programs.${key}.requirements.items.${item}.value`)}
                    </KeyValueItem>
                  ))}
                </KeyValueList>
              </Panel>
            )
          })}
        </div>
      </TitledSection>

      <TitledSection id="software-safety" title={t("overview.safety.title")} lead={t("overview.safety.lead")}>
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <CheckList items={textItems(t, "overview.safety.rules", safetyRules)} />
          <Alert className="self-start" role="note" tone="warning" title={t("overview.safety.alert.title")}>
            {t("overview.safety.alert.text")}
          </Alert>
        </div>
      </TitledSection>

      <FaqSection id="software-faq" tone="surface" {...faqTexts(t, "overview.faq", faqIds)} />

      <PageCta
        id="software-cta"
        {...ctaTexts(t, "overview.cta")}
        action={{ to: "/auth/register?userType=worker", label: t("overview.cta.register") }}
        secondaryAction={{ to: "/make-money-online", label: t("overview.cta.earn") }}
      />
    </>
  )
}

import { useTranslation } from "react-i18next"
import { Badge, FeatureGrid } from "@manyhands/design-system"
import {
  CheckList,
  ctaTexts,
  faqTexts,
  FaqSection,
  heroTexts,
  NumberedSteps,
  PageCta,
  PageHero,
  SideSection,
  SplitSection,
  TextLink,
  textItems,
  titledItems,
  TitledSection,
} from "../../blocks"

const roles = [
  { id: "captchas", access: "open" },
  { id: "labelling", access: "training" },
  { id: "tokens", access: "experienced" },
  { id: "moderation", access: "invitation" },
  { id: "qa", access: "invitation" },
] as const
const roleLinks: Partial<Record<(typeof roles)[number]["id"], string>> = {
  captchas: "/make-money-online",
  labelling: "/data",
  tokens: "/job",
}
const requirements = ["age", "device", "language", "accuracy", "honesty", "wallet"] as const
const applySteps = ["register", "train", "record", "offers", "invite"] as const
const offers = ["remote", "hours", "rates", "training", "payouts", "growth"] as const
const faqIds = ["interview", "fullTime", "contract", "choose", "moderation", "lost", "pay"] as const

export default function JobsScreen() {
  const { t } = useTranslation("workers")
  return (
    <>
      <PageHero
        id="jobs-title"
        {...heroTexts(t, "jobs.hero")}
        action={{ to: "/auth/register?userType=worker", label: t("jobs.hero.register") }}
        secondaryAction={{ href: "#roles", label: t("jobs.hero.roles") }}
      />

      <TitledSection
        anchor="roles"
        id="roles-title"
        title={t("jobs.roles.title")}
        lead={t("jobs.roles.lead")}
      >
        <ul className="grid gap-6 md:grid-cols-2">
          {roles.map(({ id, access }) => {
            const to = roleLinks[id]
            return (
              <li key={id} className="flex flex-col gap-4 rounded-lg border border-border bg-surface p-6">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h3 id={`role-${id}`} className="text-xl font-semibold">
                    {t(`jobs.roles.items.${id}.title`)}
                  </h3>
                  <Badge tone={access === "open" ? "success" : "info"}>
                    {t(`jobs.roles.access.${access}`)}
                  </Badge>
                </div>
                <p className="text-muted-foreground">{t(`jobs.roles.items.${id}.text`)}</p>
                <dl className="grid gap-3 text-sm">
                  <div>
                    <dt className="font-semibold text-foreground">{t("jobs.roles.whoLabel")}</dt>
                    <dd className="text-muted-foreground">{t(`jobs.roles.items.${id}.who`)}</dd>
                  </div>
                  <div>
                    <dt className="font-semibold text-foreground">{t("jobs.roles.startLabel")}</dt>
                    <dd className="text-muted-foreground">{t(`jobs.roles.items.${id}.start`)}</dd>
                  </div>
                </dl>
                {to ? (
                  <p className="mt-auto">
                    <TextLink to={to}>{t(`jobs.roles.items.${id}.link`)}</TextLink>
                  </p>
                ) : null}
              </li>
            )
          })}
        </ul>
      </TitledSection>

      <SplitSection
        id="requirements-title"
        tone="surface"
        title={t("jobs.requirements.title")}
        lead={t("jobs.requirements.lead")}
        aside={
          <SideSection id="apply-title" title={t("jobs.apply.title")} lead={t("jobs.apply.lead")}>
            <NumberedSteps items={titledItems(t, "jobs.apply.steps", applySteps)} />
          </SideSection>
        }
      >
        <CheckList items={textItems(t, "jobs.requirements.items", requirements)} />
      </SplitSection>

      <TitledSection id="offer-title" title={t("jobs.offer.title")}>
        <FeatureGrid items={titledItems(t, "jobs.offer.items", offers)} />
      </TitledSection>

      <FaqSection id="jobs-faq-title" tone="surface" {...faqTexts(t, "jobs.faq", faqIds, "short")} />

      <PageCta
        id="jobs-cta-title"
        {...ctaTexts(t, "jobs.cta")}
        action={{ to: "/auth/register?userType=worker", label: t("jobs.cta.register") }}
        secondaryAction={{ to: "/make-money-online", label: t("jobs.cta.more") }}
      />
    </>
  )
}

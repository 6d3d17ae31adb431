import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Button, Card, CardBody, CardHeader, CardTitle, FeatureGrid } from "@manyhands/design-system"
import {
  CheckList,
  faqTexts,
  FaqSection,
  heroTexts,
  NumberedSteps,
  PageCta,
  PageHero,
  SplitSection,
  textItems,
  titledItems,
  TitledSection,
} from "../../blocks"
import { useShellServices } from "../../shell-context"
import { PaySection } from "./pay-section"

const taskKinds = ["text", "grid", "click", "token"] as const
const workSteps = ["register", "train", "solve", "earn", "payout"] as const
const qualityRules = ["training", "checks", "reports", "automation", "skip", "mistakes"] as const
const earnings = ["rate", "credit", "checked", "payout"] as const
const moreLinks = [
  { id: "earn", to: "/make-money-online" },
  { id: "software", to: "/workers-software" },
] as const
const faqIds = ["experience", "device", "howMuch", "when", "languages", "banned"] as const

/**
 * /job: how the work goes (sign up, training, solving in /cabinet, earnings, payouts), the pay per captcha type
 * from the public price list, the quality rules, and a start button that leads a signed-in worker to the
 * training and anyone else to sign up as a worker.
 */
export default function JobScreen() {
  const { t } = useTranslation("job")
  const { accountType } = useShellServices()
  const start =
    accountType === "worker"
      ? { to: "/cabinet/training", label: t("hero.train") }
      : { to: "/auth/register?userType=worker", label: t("hero.register") }
  return (
    <>
      <PageHero
        id="job-title"
        {...heroTexts(t, "hero")}
        action={start}
        secondaryAction={{ href: "#job-start", label: t("hero.how") }}
        media={<ExampleTask />}
      >
        {t("hero.note")}
      </PageHero>

      <TitledSection id="job-tasks" title={t("tasks.title")} lead={t("tasks.lead")}>
        <FeatureGrid columns={4} variant="card" items={titledItems(t, "tasks.items", taskKinds)} />
      </TitledSection>

      <TitledSection id="job-start" tone="surface" title={t("start.title")} lead={t("start.lead")}>
        <NumberedSteps
          columns={2}
          className="lg:grid-cols-5"
          items={titledItems(t, "start.steps", workSteps)}
        />
      </TitledSection>

      <PaySection />

      <TitledSection id="job-quality" tone="surface" title={t("quality.title")} lead={t("quality.lead")}>
        <FeatureGrid columns={2} variant="card" items={titledItems(t, "quality.rules", qualityRules)} />
      </TitledSection>

      <SplitSection
        id="job-earnings"
        title={t("earnings.title")}
        lead={t("earnings.lead")}
        gridClassName="gap-10"
        aside={
          <div className="grid content-start gap-4">
            {moreLinks.map(({ id, to }) => (
              <Card key={id} variant="elevated">
                <CardHeader>
                  <CardTitle>{t(`more.${id}.title`)}</CardTitle>
                </CardHeader>
                <CardBody className="flex flex-col items-start gap-4">
                  <p className="text-muted-foreground">{t(`more.${id}.text`)}</p>
                  <Button asChild variant="secondary">
                    <Link to={to}>{t(`more.${id}.link`)}</Link>
                  </Button>
                </CardBody>
              </Card>
            ))}
          </div>
        }
      >
        <CheckList items={textItems(t, "earnings.items", earnings)} />
      </SplitSection>

      <FaqSection id="job-faq" tone="surface" {...faqTexts(t, "faq", faqIds)} />

      <PageCta
        id="job-cta"
        title={t("cta.title")}
        text={t(accountType === "worker" ? "cta.textWorker" : "cta.text")}
        action={{ ...start, label: accountType === "worker" ? t("cta.train") : t("cta.register") }}
      />
    </>
  )
}

/** A picture of a task as the worker cabinet shows it: a captcha, the answer field and the time left. */
function ExampleTask() {
  const { t } = useTranslation("job")
  const answer = t("example.answer")
  return (
    <figure className="mx-auto w-full max-w-md rounded-lg border border-border bg-background p-5 text-left shadow-card">
      <div className="flex items-center justify-between gap-4 text-sm">
        <span className="font-semibold">{t("example.type")}</span>
        <span className="text-muted-foreground">{t("example.time")}</span>
      </div>
      <div aria-hidden="true" className="mt-2 h-1.5 overflow-hidden rounded-full bg-surface-muted">
        <div className="h-full w-2/3 rounded-full bg-primary" />
      </div>
      <svg
        role="img"
        aria-label={t("example.imageLabel")}
        viewBox="0 0 320 100"
        className="mt-4 h-auto w-full rounded-md border border-border bg-surface-muted"
      >
        <path
          d="M0 70 C60 20 120 90 180 40 S280 70 320 30"
          stroke="currentColor"
          strokeOpacity="0.35"
          strokeWidth="3"
          fill="none"
        />
        <path
          d="M0 35 C80 80 160 10 240 60 S300 40 320 65"
          stroke="currentColor"
          strokeOpacity="0.25"
          strokeWidth="2"
          fill="none"
        />
        <g fontFamily="ui-monospace, monospace" fontSize="46" fontWeight="700" fill="currentColor">
          {Array.from(answer).map((char, index) => (
            <text
              key={index}
              x={34 + index * 50}
              y={index % 2 === 0 ? 64 : 70}
              transform={`rotate(${index % 2 === 0 ? -10 : 11} ${50 + index * 50} 60)`}
            >
              {char}
            </text>
          ))}
        </g>
      </svg>
      <div aria-hidden="true" className="mt-4 flex gap-2">
        <span className="flex h-10 flex-1 items-center rounded-md border border-border-strong bg-surface px-3 font-mono">
          {answer}
        </span>
        <span className="flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground">
          {t("example.submit")}
        </span>
      </div>
      <figcaption className="mt-3 text-sm text-muted-foreground">{t("example.caption")}</figcaption>
    </figure>
  )
}

import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import { Button, Card, CardBody, CardHeader, CardTitle, CtaBand, FeatureGrid } from "@manyhands/design-system"
import { Section } from "../../layout/section"
import { CheckList, FaqSection, NumberedList, PageHero, SectionHeader } from "../shared/page-parts"

const taskKinds = ["text", "grid", "click", "token"] as const
const startSteps = ["register", "train", "solve"] as const
const qualityRules = ["accuracy", "time", "skip", "random", "checks", "mistakes"] as const
const earnings = ["rate", "credit", "checked", "payout"] as const
const faqIds = ["experience", "device", "howMuch", "when", "languages", "banned"] as const

/** /job: how a worker starts solving captchas on Manyhands, the quality rules and how pay accrues. */
export default function JobScreen() {
  const { t } = useTranslation("job")
  return (
    <>
      <PageHero
        id="job-title"
        eyebrow={t("hero.eyebrow")}
        title={t("hero.title")}
        lead={t("hero.lead")}
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/auth/register?userType=worker">{t("hero.register")}</Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <a href="#job-start">{t("hero.how")}</a>
            </Button>
          </>
        }
        media={<ExampleTask />}
      >
        {t("hero.note")}
      </PageHero>

      <Section labelledBy="job-tasks">
        <SectionHeader id="job-tasks" title={t("tasks.title")} lead={t("tasks.lead")} />
        <FeatureGrid
          className="mt-10"
          columns={4}
          variant="card"
          items={taskKinds.map((id) => ({
            title: t(`tasks.items.${id}.title`),
            text: t(`tasks.items.${id}.text`),
          }))}
        />
      </Section>

      <Section tone="surface" labelledBy="job-start">
        <SectionHeader id="job-start" title={t("start.title")} lead={t("start.lead")} />
        <NumberedList
          className="mt-8 grid gap-4 md:grid-cols-3"
          items={startSteps.map((id) => ({
            id,
            title: t(`start.steps.${id}.title`),
            text: t(`start.steps.${id}.text`),
          }))}
        />
      </Section>

      <Section labelledBy="job-quality">
        <SectionHeader id="job-quality" title={t("quality.title")} lead={t("quality.lead")} />
        <ul className="mt-8 grid gap-4 md:grid-cols-2">
          {qualityRules.map((id) => (
            <li key={id} className="rounded-lg border border-border bg-surface p-5">
              <h3 className="font-semibold">{t(`quality.rules.${id}.title`)}</h3>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">
                {t(`quality.rules.${id}.text`)}
              </p>
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="surface" labelledBy="job-earnings">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <SectionHeader id="job-earnings" title={t("earnings.title")} lead={t("earnings.lead")} />
            <CheckList
              className="mt-6 flex flex-col gap-3"
              items={earnings.map((id) => ({ id, text: t(`earnings.items.${id}`) }))}
            />
          </div>
          <div className="grid content-start gap-4">
            <Card variant="elevated">
              <CardHeader>
                <CardTitle>{t("more.earn.title")}</CardTitle>
              </CardHeader>
              <CardBody className="flex flex-col items-start gap-4">
                <p className="text-muted-foreground">{t("more.earn.text")}</p>
                <Button asChild variant="secondary">
                  <Link to="/make-money-online">{t("more.earn.link")}</Link>
                </Button>
              </CardBody>
            </Card>
            <Card variant="elevated">
              <CardHeader>
                <CardTitle>{t("more.software.title")}</CardTitle>
              </CardHeader>
              <CardBody className="flex flex-col items-start gap-4">
                <p className="text-muted-foreground">{t("more.software.text")}</p>
                <Button asChild variant="secondary">
                  <Link to="/workers-software">{t("more.software.link")}</Link>
                </Button>
              </CardBody>
            </Card>
          </div>
        </div>
      </Section>

      <FaqSection
        id="job-faq"
        title={t("faq.title")}
        items={faqIds.map((id) => ({
          id,
          question: t(`faq.items.${id}.question`),
          answer: t(`faq.items.${id}.answer`),
        }))}
      />

      <Section>
        <CtaBand
          aria-labelledby="job-cta"
          title={<span id="job-cta">{t("cta.title")}</span>}
          text={t("cta.text")}
          actions={
            <Button asChild size="lg" variant="primary-light">
              <Link to="/auth/register?userType=worker">{t("cta.register")}</Link>
            </Button>
          }
        />
      </Section>
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

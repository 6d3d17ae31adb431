import type { Ref } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  Badge,
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  CodeBlock,
  KeyValueItem,
  KeyValueList,
  Spinner,
  Steps,
  useFormatter,
  type BadgeTone,
} from "@manyhands/design-system"
import { LinkButton, useMicroMoney } from "../../blocks"
import type { ApiExchange, CaptchaSample, TaskReport, TestTaskProgress } from "@manyhands/contract/captcha"
import { ReportAnswer } from "../shared/report-answer"
import { errorKeyOf, exchangeLog } from "./test-fields"

/** One test from its submission to its end, and every exchange with the API on the way. */
export interface TestRun {
  /** Counts the tests of this visit, so each one is a new result. */
  key: number
  taskId: string | null
  /** The in.php error code when the API refused the task. */
  refusal: string | null
  sample: CaptchaSample | null
  /** Whether the answer is compared case by case (regsense). */
  caseSensitive: boolean
  progress: TestTaskProgress | null
  /** The submission, then each poll whose answer differed from the one before. */
  exchanges: ApiExchange[]
}

export type RunStage = TestTaskProgress["stage"] | "refused"

export const stageOf = (run: TestRun): RunStage =>
  run.refusal !== null ? "refused" : (run.progress?.stage ?? "queued")

export const isFinal = (stage: RunStage) =>
  stage === "solved" || stage === "unsolvable" || stage === "refused"

const STAGE_TONE: Record<RunStage, BadgeTone> = {
  queued: "info",
  working: "info",
  solved: "success",
  unsolvable: "danger",
  refused: "danger",
}

const STEP: Record<RunStage, number> = { queued: 0, working: 1, solved: 3, unsolvable: 3, refused: 0 }

/** The result of a test: its stage, the answer and what it cost, and the raw API exchange. */
export function TestResult({
  run,
  headingRef,
  pollFailure,
  onRetry,
  onAgain,
  onReported,
  onRefused,
}: {
  run: TestRun
  headingRef: Ref<HTMLHeadingElement>
  /** Why checking the task stopped (the connection failed several times), or null. */
  pollFailure: string | null
  onRetry: () => void
  onAgain: () => void
  /** The answer was reported as wrong or confirmed: the result shows it. */
  onReported: (report: TaskReport) => void
  /** The report was refused: the task is read again. */
  onRefused: () => void
}) {
  const { t } = useTranslation("customer")
  const stage = stageOf(run)
  const final = isFinal(stage)

  return (
    <Card asChild className="gap-5">
      <section aria-labelledby="test-result-title">
        <CardHeader
          action={
            <Badge tone={STAGE_TONE[stage]} dot size="lg">
              {t(`test.stages.${stage}`)}
            </Badge>
          }
        >
          <CardTitle as="h2" id="test-result-title" ref={headingRef} tabIndex={-1} className="outline-none">
            {t("test.result.title")}
          </CardTitle>
          <CardDescription>
            {run.taskId ? t("test.result.task", { id: run.taskId }) : t("test.result.notAccepted")}
          </CardDescription>
        </CardHeader>
        <CardBody className="flex flex-col gap-6">
          {run.refusal !== null ? <Refusal code={run.refusal} /> : <Progress run={run} stage={stage} />}
          {stage === "solved" && run.progress ? (
            <ReportAnswer
              task={{ ...run.progress, state: "solved" }}
              layout="full"
              onReported={onReported}
              onRefused={onRefused}
            />
          ) : null}
          {pollFailure ? (
            <Alert
              tone="danger"
              title={t("test.result.pollFailedTitle")}
              action={
                <Button variant="secondary" onClick={onRetry}>
                  {t("test.result.retry")}
                </Button>
              }
            >
              {pollFailure}
            </Alert>
          ) : null}
          <div className="flex flex-col gap-2">
            <h3 className="font-semibold">{t("test.result.exchangeTitle")}</h3>
            <p className="text-muted-foreground">{t("test.result.exchangeText")}</p>
            <CodeBlock
              code={exchangeLog(run.exchanges)}
              title="in.php · res.php"
              copyLabel={t("test.result.copyLog")}
              size="sm"
            />
          </div>
          {final ? (
            <div>
              <Button onClick={onAgain}>{t("test.result.again")}</Button>
            </div>
          ) : null}
        </CardBody>
      </section>
    </Card>
  )
}

/** Why in.php refused the task, in words, with the way out where there is one. */
function Refusal({ code }: { code: string }) {
  const { t } = useTranslation("customer")
  return (
    <Alert
      tone="danger"
      title={t("test.result.refusedTitle", { code })}
      action={
        code === "ERROR_ZERO_BALANCE" ? (
          <LinkButton href="/addbalance" variant="secondary">
            {t("dashboard.topUp")}
          </LinkButton>
        ) : undefined
      }
    >
      {t(`apiErrors.${errorKeyOf(code)}`, { defaultValue: t("apiErrors.UNKNOWN") })}
    </Alert>
  )
}

/** The steps so far, and the answer with its cost and time once there is one. */
function Progress({ run, stage }: { run: TestRun; stage: RunStage }) {
  const { t } = useTranslation(["customer", "task-report"])
  const format = useFormatter()
  const money = useMicroMoney()
  const progress = run.progress
  const expected = run.sample?.answer ?? null
  const matches =
    progress?.answer != null && expected !== null
      ? run.caseSensitive
        ? progress.answer.trim() === expected.trim()
        : progress.answer.trim().toLowerCase() === expected.trim().toLowerCase()
      : null

  return (
    <>
      <Steps
        current={STEP[stage]}
        steps={[
          { title: t("test.steps.queued") },
          { title: t("test.steps.working") },
          {
            title: t(
              stage === "solved"
                ? "test.steps.solved"
                : stage === "unsolvable"
                  ? "test.steps.unsolvable"
                  : "test.steps.answer",
            ),
          },
        ]}
      />
      {stage === "unsolvable" && progress?.errorCode ? (
        <Alert tone="danger" title={t("test.result.unsolvableTitle", { code: progress.errorCode })}>
          {t(`apiErrors.${errorKeyOf(progress.errorCode)}`, { defaultValue: t("apiErrors.UNKNOWN") })}
        </Alert>
      ) : null}
      <KeyValueList divided>
        <KeyValueItem label={t("test.result.answer")} mono={Boolean(progress?.answer)}>
          {progress?.answer != null ? (
            <span className="[overflow-wrap:anywhere]">{progress.answer}</span>
          ) : stage === "unsolvable" ? (
            <span className="font-normal text-muted-foreground">{t("test.result.noAnswer")}</span>
          ) : (
            <span className="inline-flex items-center gap-2 font-normal text-muted-foreground">
              <Spinner size="sm" label="" />
              {t("test.result.waiting")}
            </span>
          )}
        </KeyValueItem>
        {expected !== null ? (
          <KeyValueItem label={t("test.result.expected")}>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <code className="font-mono text-[0.8125rem] font-normal [overflow-wrap:anywhere]">
                {expected}
              </code>
              {matches === null ? null : matches ? (
                <Badge tone="success">{t("test.result.matches")}</Badge>
              ) : (
                <Badge tone="warning">{t("test.result.differs")}</Badge>
              )}
            </span>
          </KeyValueItem>
        ) : null}
        <KeyValueItem label={t("test.result.cost")} numeric>
          {progress && isFinal(stage)
            ? progress.cost > 0
              ? money(progress.cost, progress.currency)
              : progress.refunded
                ? t("task-report:refunded")
                : t("test.result.notCharged")
            : "—"}
        </KeyValueItem>
        <KeyValueItem label={t("test.result.solveTime")} numeric>
          {progress?.solveSeconds != null ? format.duration(progress.solveSeconds) : "—"}
        </KeyValueItem>
      </KeyValueList>
    </>
  )
}

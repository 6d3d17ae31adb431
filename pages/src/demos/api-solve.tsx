import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "@manyhands/design-system"
import { customerApi, type TestSubmission, type TestTaskProgress } from "@manyhands/contract/captcha"
import { demoInPhpFields } from "@manyhands/contract/captcha-demo"
import { TextLink, useMicroMoney } from "../blocks"
import { useTestTaskProgress } from "../customer/testcaptcha/use-test-task-progress"
import { useShellServices } from "../shell-context"

const NS = "demos"

type Run =
  | { state: "sending" }
  | { state: "refused"; response: string }
  | { state: "waiting"; taskId: string; progress: TestTaskProgress | null }
  | { state: "done"; progress: TestTaskProgress }
  | { state: "failed"; message: string }

export interface ApiSolveProps {
  /**
   * in.php's fields of the task to send (the page's own values; a picture demo's picture of this visit), or a
   * function that makes them when pressed (hCaptcha: the widget's challenge is opened first).
   */
  fields: () => Promise<Record<string, unknown>>
  /** The API's answer text arrived (res.php's): the page puts it into its widget. */
  onAnswer: (answer: string) => void
  /** Said once the answer is in place. */
  filledText: string
}

/**
 * "Solve it with my API key": for a signed-in customer, sends the demo's task through the captcha API as their own
 * (charged like any task, /api/v2/captcha/test), follows it to a worker's answer, and hands the answer to the page.
 */
export function ApiSolve({ fields, onAnswer, filledText }: ApiSolveProps) {
  const { t } = useTranslation(NS)
  const { api, user, accountType, toFailure } = useShellServices()
  const money = useMicroMoney()
  const [run, setRun] = useState<Run | null>(null)
  const taskId = run?.state === "waiting" ? run.taskId : null
  useTestTaskProgress(taskId, {
    onProgress: (progress) => {
      if (progress.stage !== "solved" && progress.stage !== "unsolvable")
        return setRun({ state: "waiting", taskId: progress.id, progress })
      setRun({ state: "done", progress })
      if (progress.stage === "solved" && progress.answer !== null) onAnswer(progress.answer)
    },
    onGiveUp: (error) => setRun({ state: "failed", message: toFailure(error).message }),
  })

  const send = async () => {
    setRun({ state: "sending" })
    try {
      const submission = await api.send<TestSubmission>("POST", customerApi.test.url(), {
        fields: demoInPhpFields(await fields()),
      })
      setRun(
        submission.taskId === null
          ? { state: "refused", response: submission.exchange.response }
          : { state: "waiting", taskId: submission.taskId, progress: null },
      )
    } catch (error) {
      setRun({ state: "failed", message: toFailure(error).message })
    }
  }

  const customer = user !== null && (accountType === "customer" || accountType === "developer")
  const busy = run?.state === "sending" || run?.state === "waiting"
  return (
    <section aria-labelledby="demo-api-solve" className="rounded-md border border-border p-4">
      <h3 id="demo-api-solve" className="mb-1 text-base font-semibold text-foreground">
        {t("api.title")}
      </h3>
      {!customer ? (
        <p className="text-sm text-muted-foreground">
          {user ? (
            t("api.customersOnly")
          ) : (
            <>
              {t("api.signedOut")} <TextLink to="/auth/login">{t("api.signIn")}</TextLink>
            </>
          )}
        </p>
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground">{t("api.lead")}</p>
          <Button type="button" variant="secondary" loading={busy} onClick={() => void send()}>
            {t("api.button")}
          </Button>
          <div className="mt-3 text-sm" aria-live="polite">
            {run?.state === "waiting" && (
              <p className="text-muted-foreground">
                {run.progress?.stage === "working" ? t("api.working") : t("api.queued")}
              </p>
            )}
            {run?.state === "done" && run.progress.stage === "solved" && (
              <p className="text-foreground">
                {t("api.solved", {
                  seconds: run.progress.solveSeconds ?? 0,
                  cost: money(run.progress.cost, run.progress.currency),
                })}{" "}
                {filledText}
              </p>
            )}
            {run?.state === "done" && run.progress.stage === "unsolvable" && (
              <p className="text-danger" role="alert">
                {t("api.unsolvable", { code: run.progress.errorCode ?? "ERROR_CAPTCHA_UNSOLVABLE" })}
              </p>
            )}
            {run?.state === "refused" && (
              <p className="text-danger" role="alert">
                {t("api.refused", { response: run.response })}
              </p>
            )}
            {run?.state === "failed" && (
              <p className="text-danger" role="alert">
                {run.message}
              </p>
            )}
          </div>
        </>
      )}
    </section>
  )
}

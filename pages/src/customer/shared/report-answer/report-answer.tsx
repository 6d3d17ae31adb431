import { useCallback, useRef, useState, useSyncExternalStore } from "react"
import { useTranslation } from "react-i18next"
import { Button, Modal, ModalClose, cn, useFormatter } from "@manyhands/design-system"
import { userApi } from "@manyhands/contract/accounts"
import {
  customerApi,
  type Currency,
  type ReportVerdict,
  type TaskReport,
  type TaskState,
} from "@manyhands/contract/captcha"
import { useMicroMoney } from "../../../blocks"
import { FormError } from "../../../forms"
import { ApiFailure, useShellServices } from "../../../shell-context"

/** What the control needs of a task: any task of the customer's lists, the test page's progress. */
export interface ReportableTask {
  id: string
  state: TaskState
  /** Micro-units charged: the refund of a wrong answer. */
  cost: number
  currency: Currency
  report: ReportVerdict | null
  refunded: boolean
  /** Until when a report is taken (ISO 8601); null when it is not. */
  reportableUntil: string | null
}

/** The task after its report, for the screen to update its row (any shape with these fields). */
export function withReport<T extends Omit<ReportableTask, "state">>(task: T, report: TaskReport): T {
  if (task.id !== report.id) return task
  return {
    ...task,
    report: report.report,
    refunded: report.refunded,
    cost: report.cost,
    reportableUntil: null,
  }
}

export type ReportLayout = "compact" | "full"

export interface ReportAnswerProps {
  task: ReportableTask
  /** The report was recorded: the screen shows the task with it (`withReport`). */
  onReported: (report: TaskReport) => void
  /** The report was refused because the task is not as the screen shows it: the screen may read it again. */
  onRefused?: (code: string) => void
  /**
   * compact: two link-like buttons under a table's answer; full: buttons with the report window said (a test's
   * result, a task's details).
   */
  layout?: ReportLayout
}

/** What the control last said; `final` once the task can take no report from here. */
type Said = { tone: "success" | "danger"; text: string; final: boolean }

/** The refusals of POST /api/v2/captcha/tasks/:id/report that have words of their own. */
const REFUSALS = new Set([
  "TASK_ALREADY_REPORTED",
  "TASK_NOT_SOLVED",
  "REPORT_WINDOW_CLOSED",
  "AGREED_ANSWER_NOT_REPORTABLE",
  "TOO_MANY_REPORTS",
  "TASK_NOT_FOUND",
])

/**
 * Whether the report window is still open, closing on time. The server's page and the first render in the
 * browser take what the server said, so they agree.
 */
function useWindowOpen(until: string | null): boolean {
  const deadline = until === null ? null : Date.parse(until)
  const subscribe = useCallback(
    (changed: () => void) => {
      if (deadline === null || deadline < Date.now()) return () => {}
      const timer = setTimeout(changed, deadline - Date.now() + 1)
      return () => clearTimeout(timer)
    },
    [deadline],
  )
  return useSyncExternalStore(
    subscribe,
    () => deadline !== null && Date.now() <= deadline,
    () => deadline !== null,
  )
}

/**
 * "Report as wrong" (asked first, the refund said) and "Confirm correct" for a solved task inside the report
 * window, as reportbad / reportgood; then what became of it, announced. Renders nothing for a task that is not
 * solved.
 */
export function ReportAnswer({ task, onReported, onRefused, layout = "compact" }: ReportAnswerProps) {
  const { t } = useTranslation("task-report")
  const { api, refresh, user } = useShellServices()
  const format = useFormatter()
  const money = useMicroMoney()
  const open = useWindowOpen(task.reportableUntil)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState<ReportVerdict | null>(null)
  const [said, setSaid] = useState<Said | null>(null)
  const [dialogFailure, setDialogFailure] = useState<string | null>(null)
  const status = useRef<HTMLParagraphElement>(null)
  const wrongButton = useRef<HTMLButtonElement>(null)

  if (task.state !== "solved" && said === null) return null

  // The result takes the focus: at once, or once the dialog has closed (its buttons are gone then).
  const afterSaying = () => requestAnimationFrame(() => status.current?.focus())

  const send = async (verdict: ReportVerdict) => {
    setBusy(verdict)
    setDialogFailure(null)
    if (!asking) setSaid(null)
    try {
      const report = await api.send<TaskReport>("POST", customerApi.report.url({ id: task.id }), { verdict })
      setAsking(false)
      setSaid({
        tone: "success",
        final: true,
        text:
          report.report === "good"
            ? t("done.good")
            : report.refund > 0
              ? t("done.bad", { amount: money(report.refund, report.currency) })
              : t("done.badFree"),
      })
      onReported(report)
      if (verdict === "good") afterSaying()
      // The balance in the page's header.
      if (report.refund > 0) void refresh(userApi.me.url())
    } catch (error) {
      const failure = error instanceof ApiFailure ? error : null
      const code = failure?.code ?? ""
      if (REFUSALS.has(code)) {
        setAsking(false)
        setSaid({ tone: "danger", text: t(`errors.${code}`), final: true })
        onRefused?.(code)
        if (verdict === "good") afterSaying()
      } else {
        const text = failure?.message ?? t("errors.failed")
        // "Wrong" is sent from its dialog, which stays open to try again.
        if (verdict === "bad") setDialogFailure(text)
        else {
          setSaid({ tone: "danger", text, final: false })
          afterSaying()
        }
      }
    } finally {
      setBusy(null)
    }
  }

  const reportable = open && task.report === null && !said?.final
  const closedWhileShown = task.reportableUntil !== null && !open && task.report === null && said === null
  const standing =
    said?.text ??
    (task.report ? t(`reported.${task.report}`) : layout === "full" && closedWhileShown ? t("closed") : "")
  const until =
    task.reportableUntil === null
      ? ""
      : format.time(task.reportableUntil, { timeZone: user?.profile.timezone })
  const compact = layout === "compact"
  const ofTask = <span className="sr-only"> {t("ofTask", { id: task.id })}</span>
  const linkLike = "min-h-6 text-sm font-medium underline underline-offset-4"

  return (
    <div
      className={cn(
        "relative flex flex-col",
        compact ? "items-start gap-1 @max-[40rem]:items-end" : "items-start gap-3",
      )}
    >
      {reportable ? (
        <>
          {compact ? null : <p className="text-sm text-muted-foreground">{t("window", { time: until })}</p>}
          <div className={cn("flex flex-wrap items-center", compact ? "gap-x-3 gap-y-1" : "gap-3")}>
            <Button
              ref={wrongButton}
              variant={compact ? "none" : "secondary"}
              className={compact ? cn(linkLike, "text-danger-text") : undefined}
              aria-haspopup="dialog"
              disabled={busy !== null}
              onClick={() => {
                setDialogFailure(null)
                setAsking(true)
              }}
            >
              {t("actions.wrong")}
              {ofTask}
            </Button>
            <Button
              variant={compact ? "none" : "tertiary"}
              className={compact ? cn(linkLike, "text-primary") : undefined}
              loading={busy === "good"}
              disabled={busy !== null}
              onClick={() => void send("good")}
            >
              {t("actions.correct")}
              {ofTask}
            </Button>
          </div>
        </>
      ) : null}
      <p
        ref={status}
        role="status"
        tabIndex={-1}
        className={cn(
          // Empty, it takes no room but stays a live region, so what it says next is announced.
          "text-sm outline-none empty:absolute",
          said?.tone === "danger"
            ? "text-danger-text"
            : said
              ? "font-medium text-success-text"
              : "text-muted-foreground",
        )}
      >
        {standing}
      </p>
      <Modal
        open={asking}
        onOpenChange={(next) => {
          if (!next && busy === null) setAsking(false)
        }}
        onCloseAutoFocus={(event) => {
          // Back to "Report as wrong" after a cancel; to what became of the report otherwise.
          event.preventDefault()
          ;(wrongButton.current ?? status.current)?.focus()
        }}
        size="sm"
        title={t("confirm.title", { id: task.id })}
        description={
          task.cost > 0
            ? t("confirm.refund", { amount: money(task.cost, task.currency) })
            : t("confirm.noRefund")
        }
        footer={
          <>
            <ModalClose asChild>
              <Button variant="secondary" disabled={busy !== null}>
                {t("confirm.cancel")}
              </Button>
            </ModalClose>
            <Button variant="primary-danger" loading={busy === "bad"} onClick={() => void send("bad")}>
              {t("confirm.confirm")}
            </Button>
          </>
        }
      >
        <p>{t("confirm.once")}</p>
        <FormError message={dialogFailure} className="mt-3" />
      </Modal>
    </div>
  )
}

import type { RefObject } from "react"
import { useTranslation } from "react-i18next"
import { Alert, Spinner, WarningIcon } from "@manyhands/design-system"
import type { SessionNotice, SessionSnapshot, SolvingSession } from "./solving-session"
import { useSolutionText } from "./solution-view"
import { TaskView } from "./task-view"

/*
 * The parts of a solving session's screen that the cabinet and the play-and-earn game share: the connection's
 * state, what the session wants the worker to read, and the wait between tasks. Words in the cabinet namespace.
 */

/** A lost connection: what happens to the answers, and that the page keeps trying. */
export function ConnectionNotice({ state }: { state: SessionSnapshot }) {
  const { t } = useTranslation("cabinet")
  if (state.kept.length > 0)
    return (
      <Alert tone="warning" role="none" title={t("connection.keptTitle")}>
        {t("connection.kept", { n: state.kept.length })}
      </Alert>
    )
  if (state.offline)
    return (
      <Alert tone="warning" role="none" title={t("connection.offlineTitle")}>
        {t("connection.offline")}
      </Alert>
    )
  return null
}

/** What the session wants the worker to read (announced by the screen's live region, so not a live alert itself). */
export function NoticeAlert({
  notice,
  typeName,
  onDismiss,
}: {
  notice: SessionNotice
  typeName: (type: string) => string
  onDismiss: () => void
}) {
  const { t } = useTranslation("cabinet")
  const solutionText = useSolutionText()
  const type = "type" in notice ? typeName(notice.type) : ""
  const props = { onDismiss, dismissLabel: t("notices.dismiss"), role: "none" } as const
  switch (notice.kind) {
    case "keptSent":
      return (
        <Alert tone="success" {...props}>
          {t("notices.keptSent", { type })}
        </Alert>
      )
    case "keptLost":
      return (
        <Alert tone="danger" title={t("notices.keptLostTitle")} {...props}>
          {t("notices.keptLost", { type })}
        </Alert>
      )
    case "keptRefused":
      return (
        <Alert tone="danger" title={t("notices.keptRefusedTitle")} {...props}>
          {t("notices.keptRefused", { type, message: notice.message })}
        </Alert>
      )
    case "timeRanOut":
      return (
        <Alert tone="warning" {...props}>
          {t("notices.timeRanOut", { type })}
        </Alert>
      )
    case "taskClosed":
      return (
        <Alert tone="info" {...props}>
          {t("notices.taskClosed", { type })}
        </Alert>
      )
    case "paused":
      return (
        <Alert tone="info" title={t("notices.pausedTitle")} {...props}>
          {t("notices.paused")}
        </Alert>
      )
    case "failed":
      return (
        <Alert tone="danger" title={t("notices.failedTitle")} {...props}>
          {notice.message}
        </Alert>
      )
    case "training":
      return notice.correct ? (
        <Alert tone="success" {...props}>
          {t("notices.trainingRight", { type })}
        </Alert>
      ) : (
        <Alert tone="warning" {...props}>
          {t("notices.trainingWrong", { type })}{" "}
          <span className="font-mono font-semibold">{solutionText(notice.expected)}</span>
        </Alert>
      )
  }
}

/** Between tasks: waiting for the next one, or for the connection. The screen moves the focus here (`region`). */
export function WaitingForTask({
  offline,
  titleId,
  region,
}: {
  offline: boolean
  titleId: string
  region: RefObject<HTMLDivElement | null>
}) {
  const { t } = useTranslation("cabinet")
  return (
    <div
      ref={region}
      tabIndex={-1}
      aria-labelledby={titleId}
      role="group"
      className="flex flex-col items-center gap-3 py-12 text-center outline-none"
    >
      {offline ? <WarningIcon size={32} className="text-warning-text" /> : <Spinner size="lg" label="" />}
      <h2 id={titleId} className="text-xl font-semibold">
        {offline ? t("waiting.offlineTitle") : t("waiting.title")}
      </h2>
      <p className="max-w-md text-pretty text-muted-foreground">
        {offline ? t("waiting.offlineText") : t("waiting.text")}
      </p>
    </div>
  )
}

/** A running session's card body: the task on screen, wired to the session, or the wait for the next one. */
export function SessionTask({
  session,
  state,
  titleId,
  region,
}: {
  session: SolvingSession
  state: SessionSnapshot
  titleId: string
  region: RefObject<HTMLDivElement | null>
}) {
  if (!state.task) return <WaitingForTask offline={state.offline} titleId={titleId} region={region} />
  return (
    <TaskView
      key={state.task.offer.assignmentId}
      offer={state.task.offer}
      leaseUntil={state.task.leaseUntil}
      leaseTotal={state.task.leaseTotal}
      sending={state.task.sending}
      error={state.task.error}
      onSubmit={(solution) => session.submit(solution)}
      onSkip={() => session.skip()}
      onNotACaptcha={() => session.skip("notACaptcha")}
      onEdit={() => session.clearError()}
      onActivity={() => session.activity()}
    />
  )
}

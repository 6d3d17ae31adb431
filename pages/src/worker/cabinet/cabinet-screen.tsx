import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode, type Ref } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  Badge,
  Button,
  Card,
  CardBody,
  Spinner,
  Stat,
  StatGroup,
  StatusDot,
  WarningIcon,
  useFormatter,
} from "@manyhands/design-system"
import { TextLink, useMicroMoney } from "../../blocks"
import { useShellServices } from "../../shell-context"
import { WORKER_PAGES, WorkerLayout } from "../worker-layout"
import type { WorkerStats } from "@manyhands/contract/worker"
import { CABINET_TYPES } from "../worker-data"
import { KeyboardHelp } from "./keyboard-help"
import { SolvingSession, type SessionNotice, type SessionSnapshot } from "./solving-session"
import { useSolutionText } from "./solution-view"
import { TaskView } from "./task-view"

const isCabinetType = (type: string) => (CABINET_TYPES as readonly string[]).includes(type)

/**
 * /cabinet: the worker solves captchas one after another. Start, and tasks come from the long poll; Enter sends
 * the answer (and claims the next task at the same moment), Esc skips. A lost connection keeps the answer and
 * sends it when the connection is back.
 */
export default function WorkerCabinetScreen({ workerStats }: { workerStats?: WorkerStats }) {
  const { t } = useTranslation("cabinet")
  const { t: common } = useTranslation("common")
  const { api } = useShellServices()
  const [session] = useState(() => new SolvingSession(api))
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot)
  const area = useRef<HTMLDivElement>(null)
  const region = useRef<HTMLDivElement>(null)
  const startButton = useRef<HTMLButtonElement>(null)
  /** The worker's focus was last inside the solving area: when its element goes, focus stays in the area. */
  const focusInside = useRef(false)

  useEffect(() => session.setApi(api), [session, api])
  useEffect(() => {
    session.connect()
    return () => session.disconnect()
  }, [session])

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      focusInside.current = Boolean(area.current?.contains(event.target as Node))
    }
    document.addEventListener("focusin", onFocusIn)
    return () => document.removeEventListener("focusin", onFocusIn)
  }, [])

  // Focus is never left on the page's body: a finished task's input, Start and Stop buttons come and go.
  useEffect(() => {
    if (!focusInside.current) return
    const active = document.activeElement
    if (active && active !== document.body) return
    if (state.task) return // the task view focuses its own first control
    if (state.running) region.current?.focus()
    else startButton.current?.focus()
  })

  const typeName = (type: string) => common(`captchaTypes.${type}`, { defaultValue: type })
  const solving = state.running && state.task !== null

  return (
    <WorkerLayout page="cabinet" title={t("cabinet.title")} lead={t("cabinet.lead")}>
      <LiveRegion state={state} typeName={typeName} />
      <SessionStats state={state} workerStats={workerStats} />
      <Standing workerStats={workerStats} typeName={typeName} />
      <ConnectionNotice state={state} />
      {state.notices.map((notice) => (
        <NoticeAlert
          key={notice.id}
          notice={notice}
          typeName={typeName}
          onDismiss={() => session.dismiss(notice.id)}
        />
      ))}
      <div ref={area}>
        <Card asChild className="gap-0 py-0">
          <section aria-labelledby="solving-status">
            <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border px-5 py-3 sm:px-6">
              <p id="solving-status" className="flex items-center gap-3 text-sm font-medium">
                <StatusDot
                  status={
                    state.offline ? "offline" : state.running ? (solving ? "online" : "away") : "offline"
                  }
                  label={
                    state.offline
                      ? t("status.offline")
                      : state.running
                        ? solving
                          ? t("status.solving")
                          : t("status.waiting")
                        : t("status.idle")
                  }
                  pulse={state.running && !state.offline}
                />
              </p>
              {state.running ? (
                <Button type="button" variant="service" onClick={() => session.stop()}>
                  {t("actions.stop")}
                </Button>
              ) : null}
            </div>
            <CardBody className="p-5 sm:p-6">
              {!state.running ? (
                <Idle
                  workerStats={workerStats}
                  typeName={typeName}
                  startRef={startButton}
                  onStart={() => session.start()}
                />
              ) : state.task ? (
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
              ) : (
                <div
                  ref={region}
                  tabIndex={-1}
                  aria-labelledby="solving-wait-title"
                  role="group"
                  className="flex flex-col items-center gap-3 py-12 text-center outline-none"
                >
                  {state.offline ? (
                    <WarningIcon size={32} className="text-warning-text" />
                  ) : (
                    <Spinner size="lg" label="" />
                  )}
                  <h2 id="solving-wait-title" className="text-xl font-semibold">
                    {state.offline ? t("waiting.offlineTitle") : t("waiting.title")}
                  </h2>
                  <p className="max-w-md text-pretty text-muted-foreground">
                    {state.offline ? t("waiting.offlineText") : t("waiting.text")}
                  </p>
                </div>
              )}
            </CardBody>
          </section>
        </Card>
      </div>
      <KeyboardHelp id="cabinet-shortcuts" />
    </WorkerLayout>
  )
}

/** Status changes, said politely (the same words again when they happen again). */
function LiveRegion({ state, typeName }: { state: SessionSnapshot; typeName: (type: string) => string }) {
  const { t } = useTranslation("cabinet")
  const said = state.announcement
  return (
    <div role="status" aria-live="polite" className="sr-only">
      {said ? (
        <span key={said.count}>{t(`live.${said.what}`, { type: said.type ? typeName(said.type) : "" })}</span>
      ) : null}
    </div>
  )
}

/** This visit's and today's answers and earnings, and the worker's rating. */
function SessionStats({ state, workerStats }: { state: SessionSnapshot; workerStats?: WorkerStats }) {
  const { t } = useTranslation("cabinet")
  const { t: common } = useTranslation("common")
  const money = useMicroMoney()
  const format = useFormatter()
  // Today's figures come from the stats as loaded, plus what this visit added since they were loaded.
  const [base, setBase] = useState({ stats: workerStats, earned: state.earned, answered: state.answered })
  if (base.stats !== workerStats)
    setBase({ stats: workerStats, earned: state.earned, answered: state.answered })
  const currency = state.currency ?? workerStats?.balance.currency ?? "USD"
  const loading = workerStats === undefined

  const taskType = state.task?.offer.type
  const ratings = (workerStats?.types ?? []).filter(
    (type) => isCabinetType(type.type) && type.status === "active",
  )
  const current = taskType ? workerStats?.types.find((type) => type.type === taskType) : undefined
  const rating = current
    ? current.rating
    : ratings.length > 0
      ? ratings.reduce((sum, type) => sum + type.rating, 0) / ratings.length
      : null

  return (
    <section aria-labelledby="cabinet-earnings">
      <h2 id="cabinet-earnings" className="sr-only">
        {t("stats.title")}
      </h2>
      <StatGroup columns={4} className="grid-cols-2">
        <Stat label={t("stats.session")} value={money(state.earned, currency)} />
        <Stat
          label={t("stats.today")}
          loading={loading}
          value={workerStats ? money(workerStats.today.earned + state.earned - base.earned, currency) : ""}
        />
        <Stat
          label={t("stats.answered")}
          value={format.number(state.answered)}
          period={
            workerStats
              ? t("stats.answeredToday", {
                  n: format.number(workerStats.today.answered + state.answered - base.answered),
                })
              : undefined
          }
        />
        <Stat
          label={t("stats.rating")}
          loading={loading}
          value={rating === null ? "—" : format.number(Math.round(rating))}
          period={
            current
              ? common(`captchaTypes.${current.type}`, { defaultValue: current.type })
              : rating === null
                ? t("stats.noRating")
                : t("stats.ratingAverage")
          }
        />
      </StatGroup>
    </section>
  )
}

/** Types the worker is still training for, or suspended from. */
function Standing({
  workerStats,
  typeName,
}: {
  workerStats?: WorkerStats
  typeName: (type: string) => string
}) {
  const { t } = useTranslation("cabinet")
  const types = (workerStats?.types ?? []).filter((type) => isCabinetType(type.type))
  const training = types.filter((type) => type.status === "training")
  const suspended = types.filter((type) => type.status === "suspended")
  return (
    <>
      {training.length > 0 ? (
        <Alert tone="info" title={t("standing.trainingTitle")}>
          {t("standing.training", { types: training.map((type) => typeName(type.type)).join(", ") })}{" "}
          <TextLink to={WORKER_PAGES.training.href}>{t("standing.trainingLink")}</TextLink>
        </Alert>
      ) : null}
      {suspended.length > 0 ? (
        <Alert tone="warning" title={t("standing.suspendedTitle")}>
          <ul className="flex flex-col gap-1">
            {suspended.map((type) => (
              <li key={type.type}>
                <span className="font-semibold">{typeName(type.type)}</span>:{" "}
                {type.reason ?? t("standing.noReason")}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </>
  )
}

/** A lost connection: what happens to the answers, and that the page keeps trying. */
function ConnectionNotice({ state }: { state: SessionSnapshot }) {
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

function NoticeAlert({
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
  const common = { onDismiss, dismissLabel: t("notices.dismiss"), role: "none" } as const
  const alerts: Record<SessionNotice["kind"], () => ReactNode> = {
    keptSent: () => (
      <Alert tone="success" {...common}>
        {t("notices.keptSent", { type })}
      </Alert>
    ),
    keptLost: () => (
      <Alert tone="danger" title={t("notices.keptLostTitle")} {...common}>
        {t("notices.keptLost", { type })}
      </Alert>
    ),
    keptRefused: () => (
      <Alert tone="danger" title={t("notices.keptRefusedTitle")} {...common}>
        {t("notices.keptRefused", { type, message: notice.kind === "keptRefused" ? notice.message : "" })}
      </Alert>
    ),
    timeRanOut: () => (
      <Alert tone="warning" {...common}>
        {t("notices.timeRanOut", { type })}
      </Alert>
    ),
    taskClosed: () => (
      <Alert tone="info" {...common}>
        {t("notices.taskClosed", { type })}
      </Alert>
    ),
    paused: () => (
      <Alert tone="info" title={t("notices.pausedTitle")} {...common}>
        {t("notices.paused")}
      </Alert>
    ),
    failed: () => (
      <Alert tone="danger" title={t("notices.failedTitle")} {...common}>
        {notice.kind === "failed" ? notice.message : ""}
      </Alert>
    ),
    training: () =>
      notice.kind === "training" && notice.correct ? (
        <Alert tone="success" {...common}>
          {t("notices.trainingRight", { type })}
        </Alert>
      ) : (
        <Alert tone="warning" {...common}>
          {t("notices.trainingWrong", { type })}{" "}
          <span className="font-mono font-semibold">
            {notice.kind === "training" ? solutionText(notice.expected) : ""}
          </span>
        </Alert>
      ),
  }
  return alerts[notice.kind]()
}

/** Before the worker starts: what the work is, the types they get, and Start. */
function Idle({
  workerStats,
  typeName,
  startRef,
  onStart,
}: {
  workerStats?: WorkerStats
  typeName: (type: string) => string
  startRef: Ref<HTMLButtonElement>
  onStart: () => void
}) {
  const { t } = useTranslation("cabinet")
  const held = new Set(
    (workerStats?.types ?? []).filter((type) => type.status !== "active").map((type) => type.type),
  )
  const open = CABINET_TYPES.filter((type) => !held.has(type))
  return (
    <div className="flex flex-col items-start gap-5">
      <div className="flex flex-col gap-2">
        <h2 className="text-xl font-semibold">{t("idle.title")}</h2>
        <p className="max-w-2xl text-pretty text-muted-foreground">{t("idle.text")}</p>
      </div>
      <Button ref={startRef} type="button" size="lg" onClick={onStart}>
        {t("actions.start")}
      </Button>
      {workerStats ? (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">{t("idle.typesTitle")}</h3>
          {open.length > 0 ? (
            <ul className="flex flex-wrap gap-2">
              {open.map((type) => (
                <li key={type}>
                  <Badge tone="neutral">{typeName(type)}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">{t("idle.noTypes")}</p>
          )}
        </div>
      ) : null}
    </div>
  )
}

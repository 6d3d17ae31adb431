import { useEffect, useRef, useState, useSyncExternalStore } from "react"
import { useTranslation } from "react-i18next"
import { Link as RouterLink } from "react-router"
import {
  Alert,
  Badge,
  Button,
  Card,
  CardBody,
  Link,
  Skeleton,
  SkeletonGroup,
  Stat,
  StatGroup,
  StatusDot,
  useFormatter,
  type BadgeTone,
} from "@manyhands/design-system"
import { TextLink, useMicroMoney } from "../../blocks"
import { useShellServices } from "../../shell-context"
import { rightNeeded, useStandingText } from "../standing-text"
import { WORKER_PAGES, WorkerLayout } from "../worker-layout"
import { workerApi, type SkillStatus, type TrainingData, type WorkerStats } from "@manyhands/contract/worker"
import { CABINET_TYPES } from "../worker-data"
import { KeyboardHelp } from "./keyboard-help"
import { SolvingSession, type SessionSnapshot } from "./solving-session"
import { ConnectionNotice, NoticeAlert, SessionTask } from "./session-parts"

const isCabinetType = (type: string) => (CABINET_TYPES as readonly string[]).includes(type)

/**
 * /cabinet: the worker solves captchas one after another. Start, and tasks come from the long poll; Enter sends
 * the answer (and claims the next task at the same moment), Esc skips. A lost connection keeps the answer and
 * sends it when the connection is back.
 */
export default function WorkerCabinetScreen({
  workerStats,
  training,
}: {
  workerStats?: WorkerStats
  training?: TrainingData
}) {
  const { t } = useTranslation("cabinet")
  const { t: common } = useTranslation("common")
  const { api, refresh } = useShellServices()
  const [session] = useState(() => new SolvingSession(api))
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot)
  const area = useRef<HTMLDivElement>(null)
  const controls = useRef<HTMLDivElement>(null)
  const region = useRef<HTMLDivElement>(null)
  const startButton = useRef<HTMLButtonElement>(null)
  /** The worker's focus was last inside the solving area or on Start: when its element goes, focus stays there. */
  const focusInside = useRef(false)

  useEffect(() => session.setApi(api), [session, api])
  // A training answer in the stream may open a type: the standing and the training progress are read again.
  const trainingAnswers = state.notices.filter((notice) => notice.kind === "training").length
  useEffect(() => {
    if (trainingAnswers === 0) return
    void refresh(workerApi.stats.url())
    void refresh(workerApi.training.url())
  }, [trainingAnswers, refresh])
  useEffect(() => {
    session.connect()
    return () => session.disconnect()
  }, [session])

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node
      focusInside.current = Boolean(area.current?.contains(target) || controls.current?.contains(target))
    }
    document.addEventListener("focusin", onFocusIn)
    return () => document.removeEventListener("focusin", onFocusIn)
  }, [])

  // Focus is never left on the page's body: a finished task's controls and the waiting message come and go.
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
    <WorkerLayout
      page="cabinet"
      title={t("cabinet.title")}
      lead={t("cabinet.lead")}
      // Start beside the title: the main content's first control, where the skip link leads. Stop is in the
      // solving area, away from where Start was (a double click does not start and stop).
      actions={
        state.running ? undefined : (
          <div ref={controls}>
            <Button ref={startButton} type="button" size="lg" onClick={() => session.start()}>
              {t("actions.start")}
            </Button>
          </div>
        )
      }
    >
      <LiveRegion state={state} typeName={typeName} />
      <SessionStats state={state} workerStats={workerStats} />
      <Standing workerStats={workerStats} training={training} typeName={typeName} />
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
                <Idle workerStats={workerStats} training={training} typeName={typeName} />
              ) : (
                <SessionTask session={session} state={state} titleId="solving-wait-title" region={region} />
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

/** Types the worker is still training for, or suspended from (why, and how to get them back). */
function Standing({
  workerStats,
  training,
  typeName,
}: {
  workerStats?: WorkerStats
  training?: TrainingData
  typeName: (type: string) => string
}) {
  const { t } = useTranslation("cabinet")
  const { reason, howBack } = useStandingText()
  const types = (workerStats?.types ?? []).filter((type) => isCabinetType(type.type))
  const inTraining = types.filter((type) => type.status === "training")
  const suspended = types.filter((type) => type.status === "suspended")
  return (
    <>
      {inTraining.length > 0 ? (
        <Alert tone="info" title={t("standing.trainingTitle")}>
          {t("standing.training", { types: inTraining.map((type) => typeName(type.type)).join(", ") })}{" "}
          <TextLink to={WORKER_PAGES.training.href}>{t("standing.trainingLink")}</TextLink>
        </Alert>
      ) : null}
      {suspended.length > 0 ? (
        <Alert tone="warning" title={t("standing.suspendedTitle")}>
          <ul className="flex flex-col gap-1">
            {suspended.map((type) => (
              <li key={type.type}>
                <span className="font-semibold">{typeName(type.type)}</span>:{" "}
                {reason(type.suspension, type.reason)}
              </li>
            ))}
          </ul>
          <p className="mt-2">
            {training ? `${howBack(training.required, training.passShare)} ` : null}
            <TextLink to={WORKER_PAGES.training.href}>{t("standing.retrainLink")}</TextLink>
          </p>
        </Alert>
      ) : null}
    </>
  )
}

const STATUS_TONES: Record<SkillStatus, BadgeTone> = {
  training: "info",
  active: "success",
  suspended: "danger",
}

/** Before the worker starts: what the work is, each type of the cabinet with the worker's standing (Start is beside the page's title). */
function Idle({
  workerStats,
  training,
  typeName,
}: {
  workerStats?: WorkerStats
  training?: TrainingData
  typeName: (type: string) => string
}) {
  const { t } = useTranslation("cabinet")
  const standing = new Map((workerStats?.types ?? []).map((type) => [type.type, type.status]))
  const progress = new Map((training?.types ?? []).map((type) => [type.type, type]))
  // Only what the server says is open counts as open: a type it has not told about is not.
  const statusOf = (type: string): SkillStatus =>
    standing.get(type) ?? progress.get(type)?.status ?? "training"
  const open = CABINET_TYPES.filter((type) => statusOf(type) === "active")
  return (
    <div className="flex flex-col items-start gap-5">
      <div className="flex flex-col gap-2">
        <h2 className="text-xl font-semibold">{t("idle.title")}</h2>
        <p className="max-w-2xl text-pretty text-muted-foreground">{t("idle.text")}</p>
      </div>
      <section aria-labelledby="cabinet-types" className="flex w-full flex-col gap-2">
        <h3 id="cabinet-types" className="text-sm font-semibold">
          {t("idle.yourTypes")}
        </h3>
        {!workerStats ? (
          <SkeletonGroup className="flex flex-col gap-3">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-5 w-full max-w-md" />
            ))}
          </SkeletonGroup>
        ) : (
          <>
            {open.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {t("idle.noneOpen")}{" "}
                <TextLink to={WORKER_PAGES.training.href}>{t("standing.trainingLink")}</TextLink>
              </p>
            ) : null}
            <ul className="flex w-full flex-col divide-y divide-border">
              {CABINET_TYPES.map((type) => (
                <TypeRow
                  key={type}
                  name={typeName(type)}
                  status={statusOf(type)}
                  progress={progress.get(type)}
                  training={training}
                />
              ))}
            </ul>
          </>
        )}
      </section>
    </div>
  )
}

/** One type: open ("you solve"), in training with its progress, or suspended with its retraining. */
function TypeRow({
  name,
  status,
  progress,
  training,
}: {
  name: string
  status: SkillStatus
  progress?: TrainingData["types"][number]
  training?: TrainingData
}) {
  const { t } = useTranslation("cabinet")
  const format = useFormatter()
  let detail: string | null = null
  if (status !== "active" && progress && training) {
    const figures = {
      answered: format.number(progress.answered),
      correct: format.number(progress.correct),
      required: format.number(training.required),
      needed: format.number(rightNeeded(training.required, training.passShare)),
    }
    const retraining = status === "suspended"
    detail =
      progress.answered > 0
        ? t(retraining ? "types.retraining" : "types.progress", figures)
        : progress.remaining === 0
          ? t("types.noTasks")
          : t(retraining ? "types.retrainStart" : "types.notStarted", figures)
  }
  const action = status === "suspended" ? "retrain" : "train"
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2.5">
      <div className="flex min-w-0 flex-col gap-0.5">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="font-medium">{name}</span>
          <Badge tone={STATUS_TONES[status]} dot>
            {t(`types.${status}`)}
          </Badge>
        </div>
        {detail ? <span className="text-sm text-muted-foreground">{detail}</span> : null}
      </div>
      {status === "active" ? null : (
        <Link asChild>
          <RouterLink
            to={WORKER_PAGES.training.href}
            aria-label={t(action === "retrain" ? "types.retrainType" : "types.trainType", { type: name })}
          >
            {t(`types.${action}`)}
          </RouterLink>
        </Link>
      )}
    </li>
  )
}

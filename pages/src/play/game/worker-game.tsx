import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from "react"
import { useTranslation } from "react-i18next"
import { Alert, Button, Card, CardBody, StatusDot } from "@manyhands/design-system"
import { playApi, type PlaySummary } from "@manyhands/contract/play"
import { workerApi, type AnswerOutcome, type TrainingData } from "@manyhands/contract/worker"
import { TextLink } from "../../blocks"
import { useShellServices, type ShellApi } from "../../shell-context"
import { KeyboardHelp } from "../../worker/cabinet/keyboard-help"
import { SolvingSession } from "../../worker/cabinet/solving-session"
import { ConnectionNotice, NoticeAlert, SessionTask } from "../../worker/cabinet/session-parts"
import { useNow } from "../../worker/cabinet/use-now"
import { PlayLayout, playPagePath } from "../play-layout"
import { useTypeName } from "../play-parts"
import { tapAnswers } from "./answer-tap"
import { LastAward, LevelUp, Scoreboard, hourXp, useAwardWords, type HeardAward } from "./xp-award"

type Listener = (outcome: AnswerOutcome, assignmentId: string) => void

/** The API client whose answers reach the game's latest listener. */
const tapped = (api: ShellApi, heard: RefObject<Listener>) =>
  tapAnswers(api, (outcome, assignmentId) => heard.current(outcome, assignmentId))

/**
 * The worker's game: the cabinet's solving session (the same tasks, pay, keys and connection handling) in the
 * hub's frame, with the XP each answer earned told after it — the award, what the hour's cap took, a level
 * reached (its reward waits on the rewards page) and the booster's bonus.
 */
export function WorkerGame({ summary, training }: { summary: PlaySummary; training?: TrainingData }) {
  const { t } = useTranslation("play")
  const { t: cabinet } = useTranslation("cabinet")
  const { api, refresh } = useShellServices()
  const typeName = useTypeName()
  const awardWords = useAwardWords()

  const [awards, setAwards] = useState<HeardAward[]>([])
  const [levelUp, setLevelUp] = useState<number | null>(null)
  const [said, setSaid] = useState<{ text: string; count: number } | null>(null)
  /** The types of the tasks shown in this visit, by assignment: an award names its task's type. */
  const types = useRef(new Map<string, string>())
  const counted = useRef(0)
  const heard = useRef<Listener>(() => undefined)
  useEffect(() => {
    heard.current = (outcome, assignmentId) => {
      if (!outcome.xp) return
      const award = outcome.xp
      const next: HeardAward = {
        count: ++counted.current,
        assignmentId,
        type: types.current.get(assignmentId) ?? null,
        award,
        currency: outcome.currency,
        at: Date.now(),
      }
      setAwards((list) => [next, ...list].slice(0, 50))
      if (award.levelUp) {
        setLevelUp(award.level)
        // The new reward shows on the hub and the rewards page.
        void refresh(playApi.summary.url())
        void refresh(playApi.rewards.url())
      }
      setSaid({ text: awardWords(next), count: next.count })
    }
  })
  // The session sends through the tapped client from the first effect on (before it connects or starts).
  const [session] = useState(() => new SolvingSession(api))
  // Paid work of the types open to the worker (and their check tasks); training stays on the training page.
  const openTypes = (training?.types ?? [])
    .filter((type) => type.status === "active")
    .map((type) => type.type)
  const openKey = openTypes.join(",")
  useEffect(() => session.setTypes(openKey ? openKey.split(",") : []), [session, openKey])
  const state = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot)
  const [loadedAt] = useState(() => Date.now())
  const now = useNow(30_000)

  const area = useRef<HTMLDivElement>(null)
  const controls = useRef<HTMLDivElement>(null)
  const region = useRef<HTMLDivElement>(null)
  const startButton = useRef<HTMLButtonElement>(null)
  const focusInside = useRef(false)

  useEffect(() => session.setApi(tapped(api, heard)), [session, api])
  useEffect(() => {
    session.connect()
    return () => session.disconnect()
  }, [session])
  useEffect(() => {
    const task = state.task?.offer
    if (task) types.current.set(task.assignmentId, task.type)
    for (const kept of state.kept) types.current.set(kept.assignmentId, kept.type)
  }, [state.task, state.kept])
  // A training answer in the stream may open a type: the training progress is read again.
  const trainingAnswers = state.notices.filter((notice) => notice.kind === "training").length
  useEffect(() => {
    if (trainingAnswers > 0) void refresh(workerApi.training.url())
  }, [trainingAnswers, refresh])

  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as Node
      focusInside.current = Boolean(area.current?.contains(target) || controls.current?.contains(target))
    }
    document.addEventListener("focusin", onFocusIn)
    return () => document.removeEventListener("focusin", onFocusIn)
  }, [])
  // As in the cabinet: focus is never left on the page's body when a task or the waiting message goes.
  useEffect(() => {
    if (!focusInside.current) return
    const active = document.activeElement
    if (active && active !== document.body) return
    if (state.task) return
    if (state.running) region.current?.focus()
    else startButton.current?.focus()
  })

  const solving = state.running && state.task !== null
  const open = openTypes.length

  return (
    <PlayLayout
      page="play"
      title={t("game.title")}
      lead={t("game.lead")}
      rewardsWaiting={summary.rewardsWaiting + awards.filter((heard) => heard.award.levelUp).length}
      actions={
        state.running ? undefined : (
          <div ref={controls}>
            <Button
              ref={startButton}
              type="button"
              size="lg"
              // The open types come first: a claim without them would bring training tasks.
              loading={training === undefined}
              onClick={() => session.start()}
            >
              {t("game.start")}
            </Button>
          </div>
        )
      }
    >
      <div role="status" aria-live="polite" className="sr-only">
        {state.announcement ? (
          <span key={`session-${state.announcement.count}`}>
            {cabinet(`live.${state.announcement.what}`, {
              type: state.announcement.type ? typeName(state.announcement.type) : "",
            })}
          </span>
        ) : null}
        {said ? <span key={`award-${said.count}`}> {said.text}</span> : null}
      </div>
      {levelUp !== null ? <LevelUp level={levelUp} onDismiss={() => setLevelUp(null)} /> : null}
      {training && open === 0 ? (
        <Alert tone="info" title={cabinet("standing.trainingTitle")}>
          {t("game.noneOpen")} <TextLink to={playPagePath("training")}>{t("game.toTraining")}</TextLink>
        </Alert>
      ) : null}
      <ConnectionNotice state={state} />
      {state.notices.map((notice) => (
        <NoticeAlert
          key={notice.id}
          notice={notice}
          typeName={typeName}
          onDismiss={() => session.dismiss(notice.id)}
        />
      ))}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div ref={area} className="min-w-0">
          <Card asChild className="gap-0 py-0">
            <section aria-labelledby="play-solving-status">
              <div className="flex flex-wrap items-center justify-between gap-3 border-b border-border px-5 py-3 sm:px-6">
                <p id="play-solving-status" className="flex items-center gap-3 text-sm font-medium">
                  <StatusDot
                    status={
                      state.offline ? "offline" : state.running ? (solving ? "online" : "away") : "offline"
                    }
                    label={
                      state.offline
                        ? cabinet("status.offline")
                        : state.running
                          ? solving
                            ? cabinet("status.solving")
                            : cabinet("status.waiting")
                          : t("game.idle.status")
                    }
                    pulse={state.running && !state.offline}
                  />
                </p>
                {state.running ? (
                  <Button type="button" variant="service" onClick={() => session.stop()}>
                    {t("game.stop")}
                  </Button>
                ) : null}
              </div>
              <CardBody className="p-5 sm:p-6">
                {!state.running ? (
                  <div className="flex flex-col gap-2 py-6">
                    <h2 className="text-xl font-semibold">{t("game.idle.title")}</h2>
                    <p className="max-w-2xl text-pretty text-muted-foreground">{t("game.idle.text")}</p>
                    {training && open > 0 ? (
                      <p className="text-sm text-muted-foreground">
                        {t("game.idle.open", { count: open, n: open })}{" "}
                        <TextLink to={playPagePath("training")}>{t("game.toTraining")}</TextLink>
                      </p>
                    ) : null}
                  </div>
                ) : (
                  <SessionTask session={session} state={state} titleId="play-wait-title" region={region} />
                )}
              </CardBody>
            </section>
          </Card>
        </div>
        <div className="flex flex-col gap-6">
          <LastAward heard={awards[0]} />
          <Scoreboard summary={summary} awards={awards} hour={hourXp(summary, awards, loadedAt, now)} />
        </div>
      </div>
      <KeyboardHelp id="play-shortcuts" />
    </PlayLayout>
  )
}

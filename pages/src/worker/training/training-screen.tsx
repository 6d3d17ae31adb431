import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router"
import {
  Alert,
  Badge,
  Button,
  Card,
  CardBody,
  DangerIcon,
  EmptyState,
  ProgressBar,
  Skeleton,
  SkeletonGroup,
  SkeletonText,
  Spinner,
  SuccessIcon,
  useFormatter,
  type BadgeTone,
} from "@manyhands/design-system"
import { LinkButton } from "../../blocks"
import { ApiFailure, useShellServices } from "../../shell-context"
import { KeyboardHelp } from "../cabinet/keyboard-help"
import { prepareOffer } from "../cabinet/offer-files"
import { isNetworkFailure } from "../cabinet/solving-session"
import { SolutionPicture, useSolutionText } from "../cabinet/solution-view"
import { TaskView } from "../cabinet/task-view"
import { rightNeeded, useStandingText } from "../standing-text"
import { WORKER_PAGES, WorkerLayout } from "../worker-layout"
import {
  workerApi,
  type AnswerOutcome,
  type Offer,
  type SkillStatus,
  type Solution,
  type TrainingData,
} from "@manyhands/contract/worker"

/** The type being trained, and where its practice stands. */
type Practice =
  | { type: string; phase: "loading" }
  | {
      type: string
      phase: "task"
      offer: Offer
      leaseUntil: number
      leaseTotal: number
      sending: boolean
      error: string | null
    }
  | { type: string; phase: "result"; offer: Offer; given: Solution; correct: boolean; expected: Solution }
  | { type: string; phase: "expired" }
  | { type: string; phase: "done" }
  | { type: string; phase: "failed"; message: string }

const GONE_CODES = new Set(["LEASE_EXPIRED", "ASSIGNMENT_CLOSED", "TASK_ENDED", "ASSIGNMENT_NOT_FOUND"])
const STATUS_TONES: Record<SkillStatus, BadgeTone> = {
  training: "info",
  active: "success",
  suspended: "danger",
}

const messageOf = (failure: unknown, fallback: string) =>
  failure instanceof ApiFailure || failure instanceof Error ? failure.message : fallback

/**
 * /cabinet/training: practice tasks per type with their right answers shown after each one. When enough of
 * them are right, the type opens in the cabinet. A type the worker is suspended from is retrained here the same
 * way (only the answers given since the suspension count).
 */
export default function WorkerTrainingScreen({ training }: { training?: TrainingData }) {
  const { t } = useTranslation("cabinet")
  return (
    <WorkerLayout page="training" title={t("training.title")} lead={useTrainingLead(training)}>
      <TrainingBody training={training} />
    </WorkerLayout>
  )
}

/** What training asks (the number of tasks, the share right) and that a suspended type is retrained the same way. */
export function useTrainingLead(training: TrainingData | undefined): string {
  const { t } = useTranslation("cabinet")
  const format = useFormatter()
  if (!training) return t("training.leadLoading")
  const share = format.percent(training.passShare, 0)
  return `${t("training.lead", { n: training.required, share })} ${t("training.leadRetrain")}`
}

/**
 * The training itself, in whichever frame shows it: the cabinet's (above) or the play-and-earn hub's
 * (pages/src/play/training): the practice card, the types with their progress, and the keyboard's keys.
 */
export function TrainingBody({ training }: { training?: TrainingData }) {
  const { t } = useTranslation("cabinet")
  const { t: common } = useTranslation("common")
  const { api, refresh } = useShellServices()
  const [practice, setPractice] = useState<Practice | null>(null)
  const [said, setSaid] = useState<{ text: string; count: number } | null>(null)
  const typeName = (type: string) => common(`captchaTypes.${type}`, { defaultValue: type })
  const say = (text: string) => setSaid((last) => ({ text, count: (last?.count ?? 0) + 1 }))

  /** The next practice task of the type (204: none left to give). */
  const claim = async (type: string) => {
    setPractice({ type, phase: "loading" })
    try {
      const offer = await api.send<Offer | null>("POST", workerApi.trainingClaim.url(), { type })
      if (!offer) {
        setPractice({ type, phase: "done" })
        say(t("training.doneTitle"))
        return
      }
      await prepareOffer(offer)
      const now = Date.now()
      const leaseUntil = Date.parse(offer.leaseUntil)
      const until = Number.isFinite(leaseUntil) ? leaseUntil : now + 60_000
      setPractice({
        type,
        phase: "task",
        offer,
        leaseUntil: until,
        leaseTotal: Math.max(1_000, until - now),
        sending: false,
        error: null,
      })
      say(t("live.newTask", { type: typeName(type) }))
    } catch (failure) {
      setPractice({ type, phase: "failed", message: messageOf(failure, t("training.failed")) })
    }
  }

  const submit = async (offer: Offer, solution: Solution) => {
    const type = offer.type
    setPractice((current) =>
      current?.phase === "task" ? { ...current, sending: true, error: null } : current,
    )
    try {
      const outcome = await api.send<AnswerOutcome>(
        "POST",
        workerApi.answer.url({ id: offer.assignmentId }),
        {
          solution,
        },
      )
      const correct = outcome.training?.correct ?? true
      const expected = outcome.training?.expected ?? solution
      setPractice({ type, phase: "result", offer, given: solution, correct, expected })
      say(correct ? t("training.right") : t("training.wrong"))
      void refresh(workerApi.training.url())
    } catch (failure) {
      const code = failure instanceof ApiFailure ? failure.code : undefined
      if (code && GONE_CODES.has(code)) {
        setPractice({ type, phase: "expired" })
        say(t("training.expired"))
        return
      }
      // A wrong form (BAD_ANSWER) or a lost connection: the task stays, with the reason next to the answer.
      const message = isNetworkFailure(failure)
        ? t("training.offline")
        : messageOf(failure, t("training.failed"))
      setPractice((current) =>
        current?.phase === "task" && current.offer.assignmentId === offer.assignmentId
          ? { ...current, sending: false, error: message }
          : current,
      )
    }
  }

  /** Gives the task on screen back (skip) without waiting for the server. */
  const giveBack = (offer: Offer) => {
    api.send("POST", workerApi.skip.url({ id: offer.assignmentId })).catch(() => undefined)
  }

  const typesHeading = useRef<HTMLHeadingElement>(null)
  const close = () => {
    if (practice?.phase === "task") giveBack(practice.offer)
    setPractice(null)
    // The practice card goes: the focus goes to the list of types rather than to the page's body.
    typesHeading.current?.focus()
  }

  // Leaving the page gives the task on screen back.
  const onScreen = useRef<Offer | null>(null)
  useEffect(() => {
    onScreen.current = practice?.phase === "task" ? practice.offer : null
  }, [practice])
  useEffect(
    () => () => {
      if (onScreen.current)
        api.send("POST", workerApi.skip.url({ id: onScreen.current.assignmentId })).catch(() => undefined)
    },
    // Once, on leaving: the latest task is read from the ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  )

  const standing = practice ? training?.types.find((item) => item.type === practice.type) : undefined
  const passed = standing?.status === "active"

  return (
    <>
      <div role="status" aria-live="polite" className="sr-only">
        {said ? <span key={said.count}>{said.text}</span> : null}
      </div>
      {practice ? (
        <Card asChild className="py-0">
          <section aria-label={t("training.practiceLabel", { type: typeName(practice.type) })}>
            <CardBody className="p-5 sm:p-6">
              <PracticeBody
                practice={practice}
                passed={passed}
                typeName={typeName}
                onSubmit={(offer, solution) => void submit(offer, solution)}
                onSkip={(offer) => {
                  giveBack(offer)
                  void claim(offer.type)
                }}
                onNext={() => void claim(practice.type)}
                onClose={close}
                onEdit={() =>
                  setPractice((current) =>
                    current?.phase === "task" && current.error ? { ...current, error: null } : current,
                  )
                }
              />
            </CardBody>
          </section>
        </Card>
      ) : null}
      <section aria-labelledby="training-types" className="flex flex-col gap-4">
        <h2
          id="training-types"
          ref={typesHeading}
          tabIndex={-1}
          className="text-xl font-semibold outline-none"
        >
          {t("training.typesTitle")}
        </h2>
        {!training ? (
          <SkeletonGroup className="grid gap-4 sm:grid-cols-2">
            {[0, 1, 2, 3].map((row) => (
              <div key={row} className="flex flex-col gap-3 rounded-lg border border-border p-5">
                <Skeleton className="h-6 w-40" />
                <SkeletonText lines={2} />
                <Skeleton shape="rect" className="h-10 w-36" />
              </div>
            ))}
          </SkeletonGroup>
        ) : training.types.length === 0 ? (
          <Card>
            <EmptyState
              icon={<SuccessIcon />}
              title={t("training.emptyTitle")}
              description={t("training.emptyText")}
              action={<LinkButton to={WORKER_PAGES.cabinet.href}>{t("training.toCabinet")}</LinkButton>}
            />
          </Card>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {training.types.map((item) => (
              <li key={item.type}>
                <TypeCard
                  item={item}
                  required={training.required}
                  passShare={training.passShare}
                  name={typeName(item.type)}
                  busy={practice?.type === item.type && practice.phase !== "done"}
                  onTrain={() => {
                    if (practice?.phase === "task") giveBack(practice.offer)
                    void claim(item.type)
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <KeyboardHelp id="training-shortcuts" />
    </>
  )
}

function TypeCard({
  item,
  required,
  passShare,
  name,
  busy,
  onTrain,
}: {
  item: TrainingData["types"][number]
  required: number
  passShare: number
  name: string
  busy: boolean
  onTrain: () => void
}) {
  const { t } = useTranslation("cabinet")
  const format = useFormatter()
  const { reason, howBack } = useStandingText()
  const titleId = `training-type-${item.type}`
  const passed = item.status === "active"
  const suspended = item.status === "suspended"
  return (
    <Card asChild className="h-full">
      <article aria-labelledby={titleId} className="px-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 id={titleId} className="text-lg font-semibold">
            {name}
          </h3>
          <Badge tone={STATUS_TONES[item.status]} dot>
            {t(`training.status.${item.status}`)}
          </Badge>
        </div>
        {suspended ? (
          <div className="flex flex-col gap-1 text-sm">
            <p className="font-medium text-danger-text">{reason(item.suspension, null)}</p>
            <p>{howBack(required, passShare)}</p>
          </div>
        ) : null}
        <ProgressBar
          label={t("training.answered")}
          value={Math.min(item.answered, required)}
          max={required}
          valueText={t("training.answeredOf", {
            n: format.number(item.answered),
            of: format.number(required),
          })}
          tone={passed ? "success" : "primary"}
          size="sm"
        />
        <p className="text-sm text-muted-foreground">
          {item.answered === 0
            ? t("training.noAnswers")
            : t("training.correct", { n: format.number(item.correct), of: format.number(item.answered) })}
          {passed ? "" : ` · ${t("training.needed", { n: format.number(rightNeeded(required, passShare)) })}`}
          {!passed && item.remaining > 0
            ? ` · ${t("training.remaining", { n: format.number(item.remaining) })}`
            : ""}
        </p>
        <div className="mt-auto flex flex-wrap gap-3">
          {passed ? (
            <Button asChild variant="secondary">
              <Link to={WORKER_PAGES.cabinet.href}>{t("training.solveInCabinet")}</Link>
            </Button>
          ) : (
            <Button
              type="button"
              onClick={onTrain}
              aria-busy={busy || undefined}
              aria-label={t(suspended ? "training.retrainType" : "training.trainType", { type: name })}
            >
              {t(suspended ? "training.retrain" : "training.train")}
            </Button>
          )}
        </div>
      </article>
    </Card>
  )
}

function PracticeBody({
  practice,
  passed,
  typeName,
  onSubmit,
  onSkip,
  onNext,
  onClose,
  onEdit,
}: {
  practice: Practice
  passed: boolean
  typeName: (type: string) => string
  onSubmit: (offer: Offer, solution: Solution) => void
  onSkip: (offer: Offer) => void
  onNext: () => void
  onClose: () => void
  onEdit: () => void
}) {
  const { t } = useTranslation("cabinet")
  const solutionText = useSolutionText()
  const onwardBox = useRef<HTMLDivElement>(null)
  const name = typeName(practice.type)

  // After an answer the way on takes the focus: Enter goes to the next task (or to the cabinet once passed).
  useEffect(() => {
    if (practice.phase !== "task" && practice.phase !== "loading")
      onwardBox.current?.querySelector<HTMLElement>("a, button")?.focus()
  }, [practice.phase, passed])

  const closeButton = (
    <Button type="button" variant="tertiary" onClick={onClose}>
      {t("training.close")}
    </Button>
  )
  const congratulations = passed ? (
    <Alert tone="success" title={t("training.passedTitle", { type: name })}>
      {t("training.passedText")}
    </Alert>
  ) : null
  const onward = passed ? (
    <div ref={onwardBox} className="flex flex-wrap gap-3">
      <LinkButton to={WORKER_PAGES.cabinet.href}>{t("training.toCabinet")}</LinkButton>
    </div>
  ) : (
    <div ref={onwardBox} className="flex flex-wrap gap-3">
      <Button type="button" size="lg" onClick={onNext}>
        {t("training.next")}
      </Button>
      {closeButton}
    </div>
  )

  switch (practice.phase) {
    case "loading":
      return (
        <div className="flex items-center gap-3 py-8">
          <Spinner label="" />
          <p className="text-muted-foreground">{t("training.loading", { type: name })}</p>
        </div>
      )
    case "task":
      return (
        <div className="flex flex-col gap-4">
          <TaskView
            key={practice.offer.assignmentId}
            offer={practice.offer}
            leaseUntil={practice.leaseUntil}
            leaseTotal={practice.leaseTotal}
            sending={practice.sending}
            error={practice.error}
            badge={t("training.badge")}
            onSubmit={(solution) => onSubmit(practice.offer, solution)}
            onSkip={() => onSkip(practice.offer)}
            onEdit={onEdit}
          />
          <div>{closeButton}</div>
        </div>
      )
    case "result":
      return (
        <div className="flex flex-col gap-5">
          <div className="flex items-center gap-3">
            {practice.correct ? (
              <SuccessIcon size={28} className="text-success-text" />
            ) : (
              <DangerIcon size={28} className="text-danger-text" />
            )}
            <h2 className="text-xl font-semibold">
              {practice.correct ? t("training.right") : t("training.wrong")}
            </h2>
          </div>
          {practice.correct ? null : (
            <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
              <dt className="font-medium">{t("training.expected")}</dt>
              <dd className="font-mono text-base font-semibold break-words">
                {solutionText(practice.expected)}
              </dd>
              <dt className="font-medium">{t("training.given")}</dt>
              <dd className="font-mono text-base break-words text-muted-foreground">
                {solutionText(practice.given)}
              </dd>
            </dl>
          )}
          {practice.correct ? null : (
            <SolutionPicture
              offer={practice.offer}
              solution={practice.expected}
              label={t("training.expectedPicture")}
            />
          )}
          {congratulations}
          {onward}
        </div>
      )
    case "expired":
      return (
        <div className="flex flex-col gap-4">
          <Alert tone="warning">{t("training.expired")}</Alert>
          {onward}
        </div>
      )
    case "done":
      return (
        <div className="flex flex-col gap-4">
          {congratulations ?? (
            <Alert tone="info" title={t("training.doneTitle")}>
              {t("training.doneText")}
            </Alert>
          )}
          <div ref={onwardBox} className="flex flex-wrap gap-3">
            {passed ? (
              <LinkButton to={WORKER_PAGES.cabinet.href}>{t("training.toCabinet")}</LinkButton>
            ) : null}
            <Button type="button" variant="secondary" onClick={onClose}>
              {t("training.close")}
            </Button>
          </div>
        </div>
      )
    case "failed":
      return (
        <div className="flex flex-col gap-4">
          <Alert tone="danger">{practice.message}</Alert>
          <div ref={onwardBox} className="flex flex-wrap gap-3">
            <Button type="button" onClick={onNext}>
              {t("training.retry")}
            </Button>
            {closeButton}
          </div>
        </div>
      )
  }
}

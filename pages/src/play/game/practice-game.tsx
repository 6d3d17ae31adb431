import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import {
  Alert,
  Badge,
  Button,
  Card,
  CardBody,
  DangerIcon,
  EmptyState,
  Skeleton,
  SkeletonGroup,
  SuccessIcon,
  useFormatter,
} from "@manyhands/design-system"
import { customerApi, type CaptchaSample, type SamplesData } from "@manyhands/contract/captcha"
import { playApi, type PracticeResult } from "@manyhands/contract/play"
import type { Offer, Solution } from "@manyhands/contract/worker"
import { useApi } from "../../api"
import { useShellServices } from "../../shell-context"
import { TaskPanel, type PanelHandle } from "../../worker/cabinet/panels"
import { Kbd } from "../../worker/cabinet/panels/panel-kit"
import { useSolutionText } from "../../worker/cabinet/solution-view"
import { PlayLayout } from "../play-layout"
import { WorkerInvitation, useTypeName } from "../play-parts"

/** Samples answered with the cabinet's text panel: a picture to read, or a question. */
const TEXT_TYPES = new Set(["ImageToTextTask", "TextCaptchaTask"])

/** A public sample as the text panel takes a task: its in.php fields under the API v2 names. */
export function sampleOffer(sample: CaptchaSample): Offer {
  const fields = sample.fields
  const params: Record<string, unknown> = {}
  const number = (value: string | undefined) =>
    value && Number.isFinite(Number(value)) ? Number(value) : null
  if (fields.regsense === "1") params.case = true
  if (fields.phrase === "1") params.phrase = true
  if (fields.calc === "1") params.math = true
  if (number(fields.numeric) !== null) params.numeric = number(fields.numeric)
  if (number(fields.language) !== null) params.language = number(fields.language)
  if (number(fields.min_len) !== null) params.minLength = number(fields.min_len)
  if (number(fields.max_len) !== null) params.maxLength = number(fields.max_len)
  const comment = fields.textcaptcha ?? fields.textinstructions
  if (comment) params.comment = comment
  return {
    assignmentId: `sample-${sample.id}`,
    type: sample.type,
    kind: "image",
    params,
    language: null,
    files: [],
    leaseUntil: new Date(0).toISOString(),
  }
}

type Attempt =
  | { phase: "answering"; sending: boolean; error: string | null }
  | { phase: "result"; given: Solution; result: PracticeResult }

/**
 * Practice for an account that is not a worker's: the public samples, answered with the cabinet's text panel
 * (Enter checks, Esc skips), right or wrong told after each with the right answer. No XP, no money; becoming a
 * worker opens the real game.
 */
export function PracticeGame() {
  const { t } = useTranslation("play")
  const samples = useApi<SamplesData>(customerApi.samples.url())
  return (
    <PlayLayout page="play" title={t("practice.title")} lead={t("practice.lead")}>
      <Card asChild className="py-0">
        <section aria-labelledby="play-practice-title">
          <CardBody className="flex flex-col gap-5 p-5 sm:p-6">
            <div className="flex flex-wrap items-center gap-3">
              <h2 id="play-practice-title" className="text-xl font-semibold">
                {t("practice.cardTitle")}
              </h2>
              <Badge tone="promo">{t("practice.badge")}</Badge>
            </div>
            {samples.failure ? (
              <Alert
                tone="danger"
                action={
                  <Button type="button" variant="secondary" onClick={samples.retry}>
                    {t("practice.retry")}
                  </Button>
                }
              >
                {samples.failure}
              </Alert>
            ) : !samples.data ? (
              <SkeletonGroup className="flex flex-col gap-4">
                <Skeleton shape="rect" className="h-20 w-60" />
                <Skeleton shape="rect" className="h-12 w-full max-w-md" />
              </SkeletonGroup>
            ) : (
              <Practice samples={samples.data.samples} />
            )}
          </CardBody>
        </section>
      </Card>
      <WorkerInvitation onPlayPage />
    </PlayLayout>
  )
}

function Practice({ samples }: { samples: readonly CaptchaSample[] }) {
  const { t } = useTranslation("play")
  const format = useFormatter()
  // Each practicable sample with its index in the whole list (what the practice answer names).
  const playable = samples.flatMap((sample, index) =>
    TEXT_TYPES.has(sample.type) ? [{ sample, index }] : [],
  )
  const [position, setPosition] = useState(0)
  const [attempt, setAttempt] = useState<Attempt>({ phase: "answering", sending: false, error: null })
  const [score, setScore] = useState({ right: 0, answered: 0 })
  const [said, setSaid] = useState<{ text: string; count: number } | null>(null)
  const { api, toFailure } = useShellServices()
  const panel = useRef<PanelHandle>(null)
  const onward = useRef<HTMLButtonElement>(null)
  const say = (text: string) => setSaid((last) => ({ text, count: (last?.count ?? 0) + 1 }))

  const current = playable.length > 0 ? playable[position % playable.length] : undefined
  const key = `${position}`
  // After an answer the way on takes the focus (Enter goes to the next sample); the next sample's input then
  // takes it (not on arrival: the page opens at its top).
  useEffect(() => {
    if (attempt.phase === "result") onward.current?.focus()
  }, [attempt.phase])
  useEffect(() => {
    if (position > 0) panel.current?.focus()
  }, [position])

  if (!current)
    return (
      <EmptyState
        variant="dashed"
        size="sm"
        title={t("practice.emptyTitle")}
        description={t("practice.emptyText")}
      />
    )

  const next = () => {
    setPosition((value) => value + 1)
    setAttempt({ phase: "answering", sending: false, error: null })
  }

  const check = async (event?: FormEvent) => {
    event?.preventDefault()
    if (attempt.phase !== "answering" || attempt.sending) return
    const read = panel.current?.read()
    if (!read) return
    if ("missing" in read) {
      setAttempt({ phase: "answering", sending: false, error: read.missing })
      return
    }
    setAttempt({ phase: "answering", sending: true, error: null })
    try {
      const result = await api.send<PracticeResult>("POST", playApi.practice.url(), {
        sample: current.index,
        solution: read.solution,
      })
      setAttempt({ phase: "result", given: read.solution, result })
      setScore((value) => ({ right: value.right + (result.correct ? 1 : 0), answered: value.answered + 1 }))
      say(result.correct ? t("practice.right") : t("practice.wrong"))
    } catch (error) {
      setAttempt({ phase: "answering", sending: false, error: toFailure(error).message })
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape" && attempt.phase === "answering" && !attempt.sending) {
      event.preventDefault()
      next()
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <div role="status" aria-live="polite" className="sr-only">
        {said ? <span key={said.count}>{said.text}</span> : null}
      </div>
      <p className="text-sm text-muted-foreground">
        {t("practice.position", {
          n: format.number((position % playable.length) + 1),
          of: format.number(playable.length),
        })}
        {score.answered > 0
          ? ` · ${t("practice.score", { right: format.number(score.right), answered: format.number(score.answered) })}`
          : ""}
      </p>
      {attempt.phase === "answering" ? (
        <form
          key={key}
          noValidate
          onSubmit={(event) => void check(event)}
          onKeyDown={onKeyDown}
          aria-label={t("practice.formLabel")}
          className="flex flex-col gap-5"
        >
          <SamplePicture sample={current.sample} />
          <TaskPanel
            ref={panel}
            offer={sampleOffer(current.sample)}
            error={attempt.error}
            readOnly={attempt.sending}
            onEdit={() => {
              if (attempt.error) setAttempt({ phase: "answering", sending: false, error: null })
            }}
          />
          <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
            <Button type="submit" size="lg" loading={attempt.sending} aria-keyshortcuts="Enter">
              {t("practice.check")}
              <span aria-hidden="true">
                <Kbd>Enter</Kbd>
              </span>
            </Button>
            <Button type="button" size="lg" variant="secondary" onClick={next} aria-keyshortcuts="Escape">
              {t("practice.skip")}
              <span aria-hidden="true">
                <Kbd>Esc</Kbd>
              </span>
            </Button>
          </div>
        </form>
      ) : (
        <PracticeOutcome
          sample={current.sample}
          given={attempt.given}
          result={attempt.result}
          onward={
            <Button ref={onward} type="button" size="lg" onClick={next}>
              {t("practice.next")}
            </Button>
          }
        />
      )}
    </div>
  )
}

function SamplePicture({ sample }: { sample: CaptchaSample }) {
  const { t } = useTranslation("cabinet")
  if (!sample.imageUrl) return null
  return (
    <img
      src={sample.imageUrl}
      alt={t("panel.picture")}
      className="block h-auto max-w-full self-start rounded-md border border-border bg-surface-muted"
      style={{ width: 360 }}
    />
  )
}

function PracticeOutcome({
  sample,
  given,
  result,
  onward,
}: {
  sample: CaptchaSample
  given: Solution
  result: PracticeResult
  onward: ReactNode
}) {
  const { t } = useTranslation("play")
  const typeName = useTypeName()
  const solutionText = useSolutionText()
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-3">
        {result.correct ? (
          <SuccessIcon size={28} className="text-success-text" />
        ) : (
          <DangerIcon size={28} className="text-danger-text" />
        )}
        <h3 className="text-xl font-semibold">
          {result.correct ? t("practice.right") : t("practice.wrong")}
        </h3>
        <span className="text-sm text-muted-foreground">{typeName(sample.type)}</span>
      </div>
      <SamplePicture sample={sample} />
      <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
        <dt className="font-medium">{t("practice.expected")}</dt>
        <dd className="font-mono text-base font-semibold break-words">
          {solutionText(result.expected as Solution)}
        </dd>
        <dt className="font-medium">{t("practice.given")}</dt>
        <dd className="font-mono text-base break-words text-muted-foreground">{solutionText(given)}</dd>
      </dl>
      <p className="text-sm text-muted-foreground">{t("practice.noXp")}</p>
      <div className="flex flex-wrap gap-3">{onward}</div>
    </div>
  )
}

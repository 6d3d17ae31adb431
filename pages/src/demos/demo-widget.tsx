import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from "react"
import { useTranslation } from "react-i18next"
import { Button, Spinner, TextInput, cn } from "@manyhands/design-system"
import type { TFunction } from "i18next"
import {
  captchaDemoApi,
  demoFieldNames,
  type DemoChallenge,
  type DemoInfo,
  type DemoToken,
} from "@manyhands/contract/captcha-demo"
import { useShellServices } from "../shell-context"

/** The widget's own texts (the demo pages and the worker cabinet both show it). */
export const WIDGET_NS = "demo-widget"

/** What the page asks of a token widget: invisible and v3 widgets are executed by the page's submit. */
export interface DemoWidgetHandle {
  /** Resolves with the token once the visitor solved the challenge (at once for a score). */
  execute: () => Promise<DemoToken>
  /** Forgets the token and the challenge (after a verification, or to start again). */
  reset: () => void
  /** Opens the widget's challenge (asking for one if none is shown) and resolves with it. */
  open: () => Promise<DemoChallenge>
  /** Answers the challenge shown, as a person would (the page's "solve it through the API"). */
  answer: (answer: unknown) => void
  /** Takes the vendor's fields from elsewhere (the API's answer to the page's task): the widget is solved. */
  accept: (fields: Record<string, string>) => void
}

/** What the widget needs of a demo: its embedding and where it is. */
export type WidgetDemo = Pick<
  DemoInfo,
  | "slug"
  | "vendor"
  | "challenge"
  | "siteKey"
  | "pageUrl"
  | "lifetimeSeconds"
  | "invisible"
  | "enterprise"
  | "callback"
  | "action"
  | "cData"
  | "pageData"
  | "geetestChallenge"
  | "geetestVersion"
>

export interface DemoWidgetProps {
  demo: WidgetDemo
  /**
   * In the worker cabinet: the box shows whatever the embedding (invisible and v3 included), a person opens it,
   * and no page callback is called.
   */
  inCabinet?: boolean
  /** Told when a token is issued (the page's data-callback is called as well). */
  onToken?: (token: DemoToken) => void
  /** Told when the token's lifetime ran out (the hidden fields are emptied, like the vendors' widgets). */
  onExpired?: () => void
}

type Phase =
  | { name: "idle" }
  | { name: "loading" }
  | { name: "challenge"; challenge: DemoChallenge; wrong: boolean }
  | { name: "solving"; challenge: DemoChallenge }
  | { name: "solved"; token: DemoToken; fromApi: boolean }
  | { name: "failed"; message: string }

const VENDOR_CLASS: Record<string, string> = {
  recaptcha: "g-recaptcha",
  hcaptcha: "h-captcha",
  turnstile: "cf-turnstile",
  mtcaptcha: "mtcaptcha",
  geetest: "geetest_captcha",
  lemin: "lemin-cropped-captcha",
}

/** The data attributes a page writes on the vendor's element (site key, callback, size, action …). */
function embeddingAttributes(demo: WidgetDemo): Record<string, string> {
  const attributes: Record<string, string> = {}
  if (demo.vendor === "geetest") {
    if (demo.geetestVersion === 4) attributes["data-captcha-id"] = demo.siteKey ?? ""
    else {
      attributes["data-gt"] = demo.siteKey ?? ""
      attributes["data-challenge"] = demo.geetestChallenge ?? ""
    }
  } else if (demo.vendor === "lemin") attributes["data-captcha-id"] = demo.siteKey ?? ""
  else if (demo.siteKey) attributes["data-sitekey"] = demo.siteKey
  if (demo.callback) attributes["data-callback"] = demo.callback
  if (demo.invisible) attributes["data-size"] = "invisible"
  if (demo.action) attributes["data-action"] = demo.action
  if (demo.cData) attributes["data-cdata"] = demo.cData
  if (demo.enterprise) attributes["data-enterprise"] = "true"
  return attributes
}

/** The hidden fields the vendor's widget leaves in the form, with this token's values (empty before). */
export const hiddenFieldNames = (demo: WidgetDemo): string[] =>
  demoFieldNames({ vendor: demo.vendor, geetestVersion: demo.geetestVersion === 4 ? 4 : 3 })

/** A challenge's prompt in the page's language (the server's words are English, for the API). */
export function promptOf(challenge: DemoChallenge, t: TFunction): string {
  const { shape, digits } = challenge.words
  switch (challenge.kind) {
    case "text-image":
      return t("say.textImage")
    case "text-question":
      return digits.length === 2
        ? t("say.question", { a: t(`digits.${digits[0]}`), b: t(`digits.${digits[1]}`) })
        : challenge.prompt
    case "grid":
      return shape ? t(`say.grid.${shape}`) : challenge.prompt
    case "click":
      return shape ? t(`say.click.${shape}`) : challenge.prompt
    default:
      return t(`say.${challenge.kind}`)
  }
}

/** The text alternative's request in the page's language (what the audio challenge would say). */
export function alternativeOf(challenge: DemoChallenge, t: TFunction): string | null {
  if (challenge.alternative === null) return null
  const { digits, characters } = challenge.words
  const said = (character: string) => (/^\d$/.test(character) ? t(`digits.${character}`) : character)
  if (challenge.kind === "grid" && digits.length > 0)
    return t("say.typeDigits", { list: digits.map((digit) => said(String(digit))).join(", ") })
  if (characters.length > 0) return t("say.typeCharacters", { list: characters.map(said).join(", ") })
  return challenge.alternative
}

/**
 * A Manyhands demo widget in the embedding shape of a vendor's (the class, data attributes and hidden response
 * fields a page integrates with), labelled as ours. It asks our server for a challenge for its site key and page,
 * shows it, and on the right answer gets a token the page's server verifies.
 */
export const DemoWidget = forwardRef<DemoWidgetHandle, DemoWidgetProps>(function DemoWidget(
  { demo, inCabinet = false, onToken, onExpired },
  ref,
) {
  const { t } = useTranslation(WIDGET_NS)
  const { api, toFailure } = useShellServices()
  const [phase, setPhase] = useState<Phase>({ name: "idle" })
  const waiting = useRef<{ resolve: (token: DemoToken) => void; reject: (error: Error) => void } | null>(null)
  const opening = useRef<{
    resolve: (challenge: DemoChallenge) => void
    reject: (error: Error) => void
  } | null>(null)
  // reCAPTCHA v3 asks for its challenge when the page loads: the time until execute() counts towards the score.
  const scoreChallenge = useRef<Promise<DemoChallenge> | null>(null)

  const ask = useCallback(
    () =>
      api.send<DemoChallenge>("POST", captchaDemoApi.challenge.url({ slug: demo.slug }), {
        siteKey: demo.siteKey,
        pageUrl: demo.pageUrl,
        ...(demo.geetestChallenge ? { pageData: demo.geetestChallenge } : {}),
        ...(demo.pageData ? { pageData: demo.pageData } : {}),
      }),
    [api, demo],
  )

  const issued = useCallback(
    (token: DemoToken, fromApi = false) => {
      setPhase({ name: "solved", token, fromApi })
      waiting.current?.resolve(token)
      waiting.current = null
      onToken?.(token)
      const callback =
        demo.callback && !inCabinet
          ? (window as unknown as Record<string, unknown>)[demo.callback]
          : undefined
      if (typeof callback === "function") (callback as (token: string) => void)(token.token)
    },
    [demo.callback, inCabinet, onToken],
  )

  const showChallenge = useCallback((challenge: DemoChallenge, wrong: boolean) => {
    setPhase({ name: "challenge", challenge, wrong })
    opening.current?.resolve(challenge)
    opening.current = null
  }, [])

  const failed = useCallback(
    (error: unknown) => {
      const message = toFailure(error).message
      setPhase({ name: "failed", message })
      waiting.current?.reject(new Error(message))
      waiting.current = null
      opening.current?.reject(new Error(message))
      opening.current = null
    },
    [toFailure],
  )

  const solve = useCallback(
    async (challenge: DemoChallenge, answer?: unknown) => {
      setPhase({ name: "solving", challenge })
      try {
        const token = await api.send<DemoToken>("POST", captchaDemoApi.solve.url({ slug: demo.slug }), {
          challengeId: challenge.id,
          ...(answer === undefined ? {} : { answer }),
          ...(demo.challenge === "score" && demo.action ? { action: demo.action } : {}),
        })
        issued(token)
      } catch (error) {
        if (toFailure(error).code !== "WRONG_ANSWER") return failed(error)
        // The vendors' way: a wrong answer brings the next challenge.
        try {
          showChallenge(await ask(), true)
        } catch (next) {
          failed(next)
        }
      }
    },
    [api, ask, demo.action, demo.challenge, demo.slug, failed, issued, showChallenge, toFailure],
  )

  const start = useCallback(async () => {
    setPhase({ name: "loading" })
    try {
      if (demo.challenge === "score") {
        const challenge = await (scoreChallenge.current ?? ask())
        scoreChallenge.current = null
        return await solve(challenge)
      }
      const challenge = await ask()
      if (demo.challenge === "checkbox") return await solve(challenge)
      showChallenge(challenge, false)
    } catch (error) {
      failed(error)
    }
  }, [ask, demo.challenge, failed, showChallenge, solve])

  useEffect(() => {
    if (demo.challenge !== "score") return
    const loaded = ask()
    loaded.catch(() => {})
    scoreChallenge.current = loaded
  }, [ask, demo.challenge])

  // A token lives its lifetime: then the widget empties its fields and asks again, as the vendors' do.
  useEffect(() => {
    if (phase.name !== "solved") return
    const left = new Date(phase.token.expiresAt).getTime() - Date.now()
    const timer = setTimeout(
      () => {
        setPhase({ name: "idle" })
        onExpired?.()
      },
      Math.max(left, 0),
    )
    return () => clearTimeout(timer)
  }, [phase, onExpired])

  useImperativeHandle(
    ref,
    () => ({
      execute: () => {
        if (phase.name === "solved") return Promise.resolve(phase.token)
        const promise = new Promise<DemoToken>((resolve, reject) => {
          waiting.current = { resolve, reject }
        })
        if (phase.name === "idle" || phase.name === "failed") void start()
        return promise
      },
      reset: () => {
        setPhase({ name: "idle" })
        if (demo.challenge === "score") {
          const loaded = ask()
          loaded.catch(() => {})
          scoreChallenge.current = loaded
        }
      },
      open: () => {
        if (phase.name === "challenge") return Promise.resolve(phase.challenge)
        const promise = new Promise<DemoChallenge>((resolve, reject) => {
          opening.current = { resolve, reject }
        })
        if (phase.name === "idle" || phase.name === "failed" || phase.name === "solved") void start()
        return promise
      },
      answer: (given: unknown) => {
        if (phase.name === "challenge") void solve(phase.challenge, given)
      },
      accept: (fields: Record<string, string>) => {
        const token = fields[hiddenFieldNames(demo)[0] ?? ""] ?? Object.values(fields)[0] ?? ""
        const expiresAt = new Date(Date.now() + demo.lifetimeSeconds * 1000).toISOString()
        issued({ token, fields, expiresAt }, true)
      },
    }),
    [ask, demo, issued, phase, solve, start],
  )

  const token = phase.name === "solved" ? phase.token : null
  const hidden = hiddenFieldNames(demo)
  const visibleBox = inCabinet || (!demo.invisible && demo.challenge !== "score")
  const vendorName = t(`vendors.${demo.vendor}`)

  return (
    <div
      className={cn(VENDOR_CLASS[demo.vendor], "w-full max-w-[340px]")}
      data-demo-widget={demo.slug}
      data-state={phase.name}
      {...embeddingAttributes(demo)}
    >
      {visibleBox ? (
        <div className="flex items-center justify-between gap-3 rounded-md border border-border bg-surface p-3 shadow-sm">
          <div className="flex items-center gap-3">
            {token ? (
              <span
                role="img"
                aria-label={t("widget.verified")}
                className="flex size-7 items-center justify-center rounded-sm bg-success text-lg font-bold text-white"
              >
                ✓
              </span>
            ) : phase.name === "loading" || phase.name === "solving" ? (
              <Spinner size="md" label={t("widget.checking")} />
            ) : (
              <button
                type="button"
                role="checkbox"
                aria-checked={false}
                aria-expanded={phase.name === "challenge"}
                onClick={() => void start()}
                disabled={phase.name === "challenge"}
                className="size-7 rounded-sm border-2 border-border bg-surface outline-none focus-visible:ring-2 focus-visible:ring-primary"
                aria-label={demo.challenge === "checkbox" ? t("widget.human") : t("widget.notRobot")}
              />
            )}
            <span className="text-sm text-foreground" aria-live="polite">
              {token
                ? phase.name === "solved" && phase.fromApi
                  ? t("widget.verifiedByApi")
                  : t("widget.verified")
                : demo.challenge === "checkbox"
                  ? t("widget.human")
                  : t("widget.notRobot")}
            </span>
          </div>
          <WidgetMark vendor={vendorName} />
        </div>
      ) : (
        <div className="flex items-center justify-between gap-3 rounded-md border border-dashed border-border px-3 py-2 text-xs text-muted-foreground">
          <span>{demo.challenge === "score" ? t("widget.scoreNote") : t("widget.invisibleNote")}</span>
          <WidgetMark vendor={vendorName} />
        </div>
      )}

      {(phase.name === "challenge" || phase.name === "solving") &&
        phase.challenge.kind !== "checkbox" &&
        phase.challenge.kind !== "score" && (
          <ChallengePanel
            challenge={phase.challenge}
            wrong={phase.name === "challenge" && phase.wrong}
            busy={phase.name === "solving"}
            alternativeOffered={phase.challenge.alternative !== null}
            onAnswer={(answer) => void solve(phase.challenge, answer)}
            onNew={() => void start()}
          />
        )}
      {phase.name === "loading" && !visibleBox && (
        <p className="mt-2 text-sm text-muted-foreground" role="status">
          {t("widget.checking")}
        </p>
      )}
      {phase.name === "failed" && (
        <p className="mt-2 text-sm text-danger" role="alert">
          {phase.message}
        </p>
      )}
      {hidden.map((name) =>
        name.endsWith("-response") ? (
          <textarea key={name} name={name} hidden readOnly value={token?.fields[name] ?? ""} />
        ) : (
          <input key={name} type="hidden" name={name} value={token?.fields[name] ?? ""} />
        ),
      )}
    </div>
  )
})

function WidgetMark({ vendor }: { vendor: string }) {
  const { t } = useTranslation(WIDGET_NS)
  return (
    <span className="flex flex-col items-end text-right text-[11px] leading-tight text-muted-foreground">
      <span className="font-semibold text-foreground">{t("widget.mark")}</span>
      <span>{t("widget.shape", { vendor })}</span>
    </span>
  )
}

interface ChallengePanelProps {
  challenge: DemoChallenge
  wrong: boolean
  busy: boolean
  alternativeOffered: boolean
  onAnswer: (answer: unknown) => void
  onNew: () => void
}

/** The challenge of a token widget, or an image demo's picture: the same controls. */
export function ChallengePanel({
  challenge,
  wrong,
  busy,
  alternativeOffered,
  onAnswer,
  onNew,
}: ChallengePanelProps) {
  const { t } = useTranslation(WIDGET_NS)
  // A new challenge is a new panel (keyed by its id): it starts with the picture.
  const [alternative, setAlternative] = useState(false)

  return (
    <section
      aria-label={t("widget.challenge")}
      className="mt-2 rounded-md border border-border bg-surface p-3 shadow-md"
      data-challenge={challenge.kind}
      data-challenge-id={challenge.id}
    >
      <p className="mb-2 text-sm font-semibold text-foreground" id={`prompt-${challenge.id}`}>
        {alternative ? alternativeOf(challenge, t) : promptOf(challenge, t)}
      </p>
      {wrong && (
        <p className="mb-2 text-sm text-danger" role="alert">
          {t("widget.wrong")}
        </p>
      )}
      {alternative ? (
        <TextAnswer
          key={`${challenge.id}-alt`}
          label={t("widget.alternativeLabel")}
          busy={busy}
          onAnswer={onAnswer}
        />
      ) : (
        <ChallengeControls challenge={challenge} busy={busy} onAnswer={onAnswer} />
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        <Button type="button" variant="tertiary" onClick={onNew} disabled={busy}>
          {t("widget.another")}
        </Button>
        {alternativeOffered && (
          <Button
            type="button"
            variant="tertiary"

            aria-pressed={alternative}
            onClick={() => setAlternative((on) => !on)}
            disabled={busy}
          >
            {alternative ? t("widget.pictureChallenge") : t("widget.textChallenge")}
          </Button>
        )}
      </div>
    </section>
  )
}

function ChallengeControls({
  challenge,
  busy,
  onAnswer,
}: {
  challenge: DemoChallenge
  busy: boolean
  onAnswer: (answer: unknown) => void
}) {
  const { t } = useTranslation(WIDGET_NS)
  switch (challenge.kind) {
    case "grid":
      return <GridAnswer key={challenge.id} challenge={challenge} busy={busy} onAnswer={onAnswer} />
    case "slider":
      return <SliderAnswer key={challenge.id} challenge={challenge} busy={busy} onAnswer={onAnswer} />
    case "rotate":
      return <RotateAnswer key={challenge.id} challenge={challenge} busy={busy} onAnswer={onAnswer} />
    case "click":
      return <ClickAnswer key={challenge.id} challenge={challenge} busy={busy} onAnswer={onAnswer} />
    case "text-image":
      return (
        <>
          <img
            src={challenge.image ?? ""}
            alt={t("widget.textPicture")}
            width={challenge.width ?? 200}
            height={challenge.height ?? 70}
            className="mb-2 rounded-sm border border-border"
          />
          <TextAnswer key={challenge.id} label={t("widget.textLabel")} busy={busy} onAnswer={onAnswer} />
        </>
      )
    case "text-question":
      return <TextAnswer key={challenge.id} label={t("widget.answerLabel")} busy={busy} onAnswer={onAnswer} />
    default:
      return null
  }
}

function Submit({ busy, onClick }: { busy: boolean; onClick: () => void }) {
  const { t } = useTranslation(WIDGET_NS)
  return (
    <Button type="button" loading={busy} onClick={onClick}>
      {t("widget.verify")}
    </Button>
  )
}

function TextAnswer({
  label,
  busy,
  onAnswer,
}: {
  label: string
  busy: boolean
  onAnswer: (answer: string) => void
}) {
  const [value, setValue] = useState("")
  const send = () => {
    if (value.trim()) onAnswer(value.trim())
  }
  return (
    <div>
      <div className="flex items-center gap-2">
        <TextInput
          aria-label={label}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            // Enter answers the challenge, not the page's form around the widget.
            if (event.key === "Enter") {
              event.preventDefault()
              send()
            }
          }}
          autoComplete="off"
          spellCheck={false}

          className="w-40"
          disabled={busy}
        />
        <Submit busy={busy} onClick={send} />
      </div>
    </div>
  )
}

function GridAnswer({
  challenge,
  busy,
  onAnswer,
}: {
  challenge: DemoChallenge
  busy: boolean
  onAnswer: (cells: number[]) => void
}) {
  const { t } = useTranslation(WIDGET_NS)
  const [selected, setSelected] = useState<number[]>([])
  const rows = challenge.rows ?? 3
  const columns = challenge.columns ?? 3
  const toggle = (cell: number) =>
    setSelected((cells) => (cells.includes(cell) ? cells.filter((each) => each !== cell) : [...cells, cell]))
  return (
    <div>
      <div
        className="relative mb-2 grid overflow-hidden rounded-sm"
        style={{
          width: challenge.width ?? 300,
          height: challenge.height ?? 300,
          gridTemplateColumns: `repeat(${columns}, 1fr)`,
          backgroundImage: `url(${challenge.image})`,
          backgroundSize: "cover",
        }}
      >
        {Array.from({ length: rows * columns }, (_, index) => {
          const cell = index + 1
          const on = selected.includes(cell)
          return (
            <button
              key={cell}
              type="button"
              aria-pressed={on}
              aria-label={t("widget.cell", {
                cell,
                row: Math.floor(index / columns) + 1,
                column: (index % columns) + 1,
              })}
              onClick={() => toggle(cell)}
              disabled={busy}
              className={cn(
                "m-0.5 rounded-sm outline-none focus-visible:ring-4 focus-visible:ring-primary",
                on && "bg-primary/30 ring-4 ring-inset ring-primary",
              )}
            >
              {on && (
                <span className="rounded-full bg-primary px-1.5 text-sm font-bold text-primary-foreground">
                  ✓
                </span>
              )}
            </button>
          )
        })}
      </div>
      <Submit busy={busy} onClick={() => onAnswer(selected)} />
    </div>
  )
}

function SliderAnswer({
  challenge,
  busy,
  onAnswer,
}: {
  challenge: DemoChallenge
  busy: boolean
  onAnswer: (x: number) => void
}) {
  const { t } = useTranslation(WIDGET_NS)
  const [x, setX] = useState(0)
  const width = challenge.width ?? 300
  const pieceSize = 44
  return (
    <div>
      <div className="relative mb-2" style={{ width, height: challenge.height ?? 160 }}>
        <img
          src={challenge.image ?? ""}
          alt={t("widget.sliderPicture")}
          width={width}
          height={challenge.height ?? 160}
        />
        <img
          src={challenge.piece ?? ""}
          alt=""
          width={pieceSize}
          height={pieceSize}
          className="absolute shadow-lg"
          style={{ left: x, top: challenge.pieceTop ?? 0 }}
        />
      </div>
      <label className="mb-2 block text-xs text-muted-foreground">
        {t("widget.sliderLabel")}
        <input
          type="range"
          min={0}
          max={width - pieceSize}
          value={x}
          onChange={(event) => setX(Number(event.target.value))}
          disabled={busy}
          className="block w-full accent-[var(--color-primary)]"
          style={{ width }}
        />
      </label>
      <Submit busy={busy} onClick={() => onAnswer(x)} />
    </div>
  )
}

function RotateAnswer({
  challenge,
  busy,
  onAnswer,
}: {
  challenge: DemoChallenge
  busy: boolean
  onAnswer: (angle: number) => void
}) {
  const { t } = useTranslation(WIDGET_NS)
  const [angle, setAngle] = useState(0)
  const turn = (by: number) => setAngle((now) => (((now + by) % 360) + 360) % 360)
  return (
    <div>
      <img
        src={challenge.image ?? ""}
        alt={t("widget.rotatePicture")}
        width={challenge.width ?? 160}
        height={challenge.height ?? 160}
        className="mb-2 rounded-full"
        style={{ transform: `rotate(${angle}deg)` }}
      />
      <div className="mb-2 flex items-center gap-2">
        <Button type="button" variant="secondary" onClick={() => turn(-15)} disabled={busy}>
          {t("widget.turnLeft")}
        </Button>
        <Button type="button" variant="secondary" onClick={() => turn(15)} disabled={busy}>
          {t("widget.turnRight")}
        </Button>
        <span className="text-sm tabular-nums text-muted-foreground" aria-live="polite">
          {t("widget.degrees", { angle })}
        </span>
      </div>
      <Submit busy={busy} onClick={() => onAnswer(angle)} />
    </div>
  )
}

/** Click points on the picture; with the keyboard, arrows move a cross and Space marks its place. */
function ClickAnswer({
  challenge,
  busy,
  onAnswer,
}: {
  challenge: DemoChallenge
  busy: boolean
  onAnswer: (points: { x: number; y: number }[]) => void
}) {
  const { t } = useTranslation(WIDGET_NS)
  const width = challenge.width ?? 340
  const height = challenge.height ?? 220
  const [points, setPoints] = useState<{ x: number; y: number }[]>([])
  const [cross, setCross] = useState({ x: Math.round(width / 2), y: Math.round(height / 2) })
  const place = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    const point = {
      x: Math.round(((event.clientX - box.left) / box.width) * width),
      y: Math.round(((event.clientY - box.top) / box.height) * height),
    }
    setPoints((all) => [...all, point])
    setCross(point)
  }
  const keys = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 2 : 10
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    const move = moves[event.key]
    if (move) {
      event.preventDefault()
      setCross((at) => ({
        x: Math.min(width, Math.max(0, at.x + move[0])),
        y: Math.min(height, Math.max(0, at.y + move[1])),
      }))
    } else if (event.key === " ") {
      event.preventDefault()
      setPoints((all) => [...all, cross])
    }
  }
  return (
    <div>
      <div
        role="application"
        tabIndex={0}
        aria-label={t("widget.clickPicture")}
        aria-describedby={`click-help-${challenge.id}`}
        onClick={place}
        onKeyDown={keys}
        className="relative mb-1 w-full cursor-crosshair rounded-sm bg-no-repeat outline-none focus-visible:ring-2 focus-visible:ring-primary"
        style={{
          maxWidth: width,
          aspectRatio: `${width} / ${height}`,
          backgroundImage: `url(${challenge.image})`,
          backgroundSize: "100% 100%",
        }}
      >
        {points.map((point, index) => (
          <span
            key={index}
            aria-hidden
            className="absolute flex size-6 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground"
            style={{ left: `${(point.x / width) * 100}%`, top: `${(point.y / height) * 100}%` }}
          >
            {index + 1}
          </span>
        ))}
        <span
          aria-hidden
          className="pointer-events-none absolute size-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-dashed border-foreground"
          style={{ left: `${(cross.x / width) * 100}%`, top: `${(cross.y / height) * 100}%` }}
        />
      </div>
      <p id={`click-help-${challenge.id}`} className="mb-2 text-xs text-muted-foreground">
        {t("widget.clickHelp")}
      </p>
      <div className="flex items-center gap-2">
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {t("widget.points", { count: points.length })}
        </span>
        <Button
          type="button"

          variant="tertiary"
          onClick={() => setPoints((all) => all.slice(0, -1))}
          disabled={busy || points.length === 0}
        >
          {t("widget.undo")}
        </Button>
        <Submit busy={busy} onClick={() => onAnswer(points)} />
      </div>
    </div>
  )
}

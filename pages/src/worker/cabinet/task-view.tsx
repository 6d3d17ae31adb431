import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react"
import { useTranslation } from "react-i18next"
import { Badge, Button } from "@manyhands/design-system"
import type { Offer, Solution } from "@manyhands/contract/worker"
import { LeaseCountdown } from "./lease-countdown"
import { TaskPanel, type PanelHandle } from "./panels"
import { Kbd } from "./panels/panel-kit"

export interface TaskViewProps {
  offer: Offer
  leaseUntil: number
  leaseTotal: number
  /** The answer is on its way: the panel stays, read-only. */
  sending: boolean
  /** The server's refusal of the answer, shown next to it. */
  error: string | null
  onSubmit: (solution: Solution) => void
  onSkip: () => void
  /** Shown as "Not a captcha" where the worker may say so (not in training). */
  onNotACaptcha?: () => void
  /** The worker changed the answer: the server's old message about it goes. */
  onEdit?: () => void
  /** Any key or pointer press in the task (the worker is at it). */
  onActivity?: () => void
  /** A badge beside the type's name ("Training"). */
  badge?: string
}

/**
 * One task: its type, the time left, the type's solving panel, and Send (Enter), Skip (Esc) and Not a captcha.
 * Mount it once per assignment (key it by the assignment id): focus goes to the panel's first control.
 */
export function TaskView({
  offer,
  leaseUntil,
  leaseTotal,
  sending,
  error,
  onSubmit,
  onSkip,
  onNotACaptcha,
  onEdit,
  onActivity,
  badge,
}: TaskViewProps) {
  const { t } = useTranslation("cabinet")
  const { t: common } = useTranslation("common")
  const titleId = useId()
  const panel = useRef<PanelHandle>(null)
  const section = useRef<HTMLElement>(null)
  const [missing, setMissing] = useState<string | null>(null)

  // The new task's first control takes the focus (the worker's hands stay on the keys), and the whole task, its
  // picture and Send, comes into view.
  useEffect(() => {
    panel.current?.focus()
    reveal(section.current)
  }, [])

  const submit = () => {
    if (sending) return
    const read = panel.current?.read()
    if (!read) return
    if ("missing" in read) {
      setMissing(read.missing)
      return
    }
    setMissing(null)
    onSubmit(read.solution)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    onActivity?.()
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return
    // A key that finishes a word in an input method (Japanese, Chinese, Korean) is not an answer yet.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return
    const target = event.target as HTMLElement
    if (event.key === "Escape") {
      event.preventDefault()
      if (!sending) onSkip()
      return
    }
    if (event.key === "Enter") {
      // Buttons and links keep their own Enter, except the grid's tiles.
      const control = target.closest("button, a, summary, select, textarea")
      if (control && !control.hasAttribute("data-enter-submits")) return
      event.preventDefault()
      submit()
      return
    }
    const typing = target.matches("input, textarea, [contenteditable='true']")
    if (!typing && panel.current?.key?.(event)) event.preventDefault()
  }

  return (
    <section
      ref={section}
      data-testid="task-panel"
      data-assignment-id={offer.assignmentId}
      aria-labelledby={titleId}
      // While its answer is on its way the task is read-only; it stays until the next one takes its place.
      aria-busy={sending || undefined}
      onKeyDown={onKeyDown}
      onPointerDown={onActivity}
      className="flex flex-col gap-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="text-xl font-semibold">
            {common(`captchaTypes.${offer.type}`, { defaultValue: offer.type })}
          </h2>
          {badge ? <Badge tone="promo">{badge}</Badge> : null}
        </div>
        <LeaseCountdown leaseUntil={leaseUntil} leaseTotal={leaseTotal} paused={sending} />
      </div>
      <TaskPanel
        ref={panel}
        offer={offer}
        error={missing ?? error}
        readOnly={sending}
        onEdit={() => {
          setMissing(null)
          onEdit?.()
        }}
      />
      <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
        <Button type="button" size="lg" loading={sending} onClick={submit} aria-keyshortcuts="Enter">
          {t("task.send")}
          <span aria-hidden="true">
            <Kbd>{t("keys.enter")}</Kbd>
          </span>
        </Button>
        <Button
          type="button"
          size="lg"
          variant="secondary"
          onClick={() => !sending && onSkip()}
          aria-keyshortcuts="Escape"
        >
          {t("task.skip")}
          <span aria-hidden="true">
            <Kbd>Esc</Kbd>
          </span>
        </Button>
        {onNotACaptcha ? (
          <Button type="button" size="lg" variant="tertiary" onClick={() => !sending && onNotACaptcha()}>
            {t("task.notACaptcha")}
          </Button>
        ) : null}
      </div>
    </section>
  )
}

/** Room kept between a task brought into view and the window's edges (CSS pixels). */
const REVEAL_MARGIN = 16

/**
 * Scrolls the window the least that shows the whole element, or its top when it is taller than the window. Notices
 * above the solving area and the page's title push a task down; the worker should not have to scroll to it.
 */
function reveal(element: HTMLElement | null) {
  if (!element || typeof window === "undefined") return
  const box = element.getBoundingClientRect()
  let by = Math.max(0, box.bottom - (window.innerHeight - REVEAL_MARGIN))
  if (box.top - by < REVEAL_MARGIN) by = box.top - REVEAL_MARGIN
  if (Math.abs(by) >= 1) window.scrollBy({ top: by, behavior: "instant" })
}

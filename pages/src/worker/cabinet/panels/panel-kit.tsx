import {
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
} from "react"
import { useTranslation } from "react-i18next"
import { Badge, cn } from "@manyhands/design-system"
import type { Offer, OfferFile, Solution } from "@manyhands/contract/worker"
import { fileUrl, instructionsPicture, knownSize, type PictureSize } from "../offer-files"

/** What a panel gives the task around it: the answer, focus, and the keys it uses. */
export interface PanelHandle {
  /** The solution to send, or what is still missing (shown next to the answer instead of sending). */
  read(): { solution: Solution } | { missing: string }
  /** Focuses the panel's first control (the answer input, the first tile, the picture). */
  focus(): void
  /** A key pressed anywhere in the task outside a text field (digits, Backspace, arrows); true when used. */
  key?(event: KeyboardEvent): boolean
}

export interface PanelProps {
  offer: Offer
  /** The server's refusal of the answer, or what is missing; shown next to the answer. */
  error: string | null
  /** While the answer is on its way: the answer cannot change. */
  readOnly: boolean
  /** The worker changed the answer (old messages about it go). */
  onEdit: () => void
  ref?: Ref<PanelHandle>
}

export interface Point {
  x: number
  y: number
}

/** An answer's numbers are whole image pixels. */
export const roundPoint = ({ x, y }: Point): Point => ({ x: Math.round(x), y: Math.round(y) })

/** A whole number from the task's params, or the fallback. */
export function numberParam(offer: Offer, name: string, fallback: number): number {
  const value = Number(offer.params[name])
  return Number.isFinite(value) && value > 0 ? Math.round(value) : fallback
}

/** The customer's written instructions (params.comment), if any. */
export const commentOf = (offer: Offer): string | null => {
  const comment = offer.params.comment
  return typeof comment === "string" && comment.trim() ? comment.trim() : null
}

/** How large the picture is drawn: up to twice its size, to fit 720 × 460 (and the screen's width). */
export function displayWidth(size: PictureSize, maxWidth = 720, maxHeight = 460): number {
  return Math.max(1, Math.round(Math.min(size.width * 2, maxWidth, (maxHeight * size.width) / size.height)))
}

/** The picture's drawn width (see displayWidth), and its height from the start, before the picture is painted. */
export const pictureStyle = (size: PictureSize, maxWidth?: number, maxHeight?: number): CSSProperties => ({
  width: displayWidth(size, maxWidth, maxHeight),
  aspectRatio: `${size.width} / ${size.height}`,
})

/** The picture's size: known when it was decoded before the task showed, else measured when it loads. */
export function usePictureSize(file: OfferFile | undefined) {
  const [measured, setMeasured] = useState<{ file: OfferFile; size: PictureSize } | null>(null)
  const size = file ? (knownSize(file) ?? (measured?.file === file ? measured.size : null)) : null
  const onLoad = (event: { currentTarget: HTMLImageElement }) => {
    const image = event.currentTarget
    if (file && image.naturalWidth > 0)
      setMeasured({ file, size: { width: image.naturalWidth, height: image.naturalHeight } })
  }
  return { size, onLoad }
}

/** A point of the picture, in its own pixels, from a pointer event over the drawn picture. */
export function pointerPoint(
  event: { clientX: number; clientY: number },
  image: HTMLElement,
  size: PictureSize,
) {
  const box = image.getBoundingClientRect()
  const x = ((event.clientX - box.left) * size.width) / Math.max(1, box.width)
  const y = ((event.clientY - box.top) * size.height) / Math.max(1, box.height)
  return { x: clamp(x, 0, size.width - 1), y: clamp(y, 0, size.height - 1) }
}

/** How many picture pixels one CSS pixel of the drawn picture is. */
export function pixelScale(image: HTMLElement | null, size: PictureSize): number {
  const width = image?.getBoundingClientRect().width ?? 0
  return width > 0 ? size.width / width : 1
}

/** Keeps a drag's pointer events coming to the element that started it (where the browser allows). */
export function capture(event: { currentTarget: Element; pointerId: number }) {
  try {
    event.currentTarget.setPointerCapture(event.pointerId)
  } catch {
    // Not an active pointer (a synthetic event): the drag still works while the pointer stays over it.
  }
}

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
}

/** The move an arrow key asks for, in picture pixels (2 % of the picture; 10 % with Shift), or null. */
export function arrowStep(event: { key: string; shiftKey: boolean }, size: PictureSize): Point | null {
  const direction = ARROWS[event.key]
  if (!direction) return null
  const share = event.shiftKey ? 0.1 : 0.02
  const step = Math.max(1, Math.round(Math.max(size.width, size.height) * share))
  return { x: direction[0] * step, y: direction[1] * step }
}

/** A position over the picture as CSS percentages. */
export const at = (point: Point, size: PictureSize): CSSProperties => ({
  left: `${(point.x / size.width) * 100}%`,
  top: `${(point.y / size.height) * 100}%`,
})

/** The customer's instructions: their words and their picture. */
export function Instructions({ offer, question = false }: { offer: Offer; question?: boolean }) {
  const { t } = useTranslation("cabinet")
  const comment = commentOf(offer)
  const picture = instructionsPicture(offer)
  if (!comment && !picture) return null
  return (
    <div className="flex flex-col gap-2">
      {comment ? (
        <p
          data-slot="task-instructions"
          className={cn(
            "whitespace-pre-line text-pretty",
            question
              ? "text-xl font-semibold"
              : "rounded-md border-s-4 border-primary bg-primary-soft px-3 py-2",
          )}
        >
          {comment}
        </p>
      ) : null}
      {picture ? (
        <img
          src={fileUrl(picture)}
          alt={t("panel.instructionsPicture")}
          className="max-h-24 w-auto max-w-full self-start rounded-md border border-border"
        />
      ) : null}
    </div>
  )
}

/** Facts about the task, as a row of small badges (grid size, how many to pick, …). */
export function TaskFacts({ facts, label }: { facts: string[]; label: string }) {
  if (facts.length === 0) return null
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {facts.map((fact) => (
        <li key={fact}>
          <Badge tone="neutral">{fact}</Badge>
        </li>
      ))}
    </ul>
  )
}

/** What is wrong with the answer, under the panel's controls; announced at once. */
export function PanelMessage({ id, message }: { id: string; message: string | null }) {
  // Always in the page, so its words are announced when they appear.
  return (
    <p id={id} role="alert" className="min-h-5 text-sm font-medium text-danger-text">
      {message}
    </p>
  )
}

export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="inline-flex min-w-6 items-center justify-center rounded border border-border-strong bg-surface-muted px-1.5 font-mono text-xs leading-5 text-foreground">
      {children}
    </kbd>
  )
}

export interface StageProps {
  file: OfferFile
  size: PictureSize | null
  onLoad: (event: { currentTarget: HTMLImageElement }) => void
  /** The drawn picture, for turning pointer positions into picture pixels. */
  imageRef: Ref<HTMLImageElement>
  /** Names the picture as a control ("Picture: click to place a point"). */
  label: string
  describedBy?: string
  /** The keyboard's cursor over the picture, in picture pixels; drawn while the picture has focus. */
  cursor?: Point | null
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void
  onFocus?: () => void
  onPointerDown?: (event: PointerEvent<HTMLDivElement>) => void
  onPointerMove?: (event: PointerEvent<HTMLDivElement>) => void
  onPointerUp?: (event: PointerEvent<HTMLDivElement>) => void
  readOnly?: boolean
  stageRef?: Ref<HTMLDivElement>
  /** Drawn over the picture (markers, boxes), positioned with `at()`. */
  children?: ReactNode
}

/**
 * The task's picture as a control: it takes clicks and drags (in picture pixels, whatever size it is drawn)
 * and keys (arrows move a cursor), with what the worker placed drawn over it.
 */
export function Stage({
  file,
  size,
  onLoad,
  imageRef,
  label,
  describedBy,
  cursor,
  onKeyDown,
  onFocus,
  onPointerDown,
  onPointerMove,
  onPointerUp,
  readOnly,
  stageRef,
  children,
}: StageProps) {
  const { t } = useTranslation("cabinet")
  const [focused, setFocused] = useState(false)
  return (
    <div
      ref={stageRef}
      role="application"
      aria-roledescription={t("panel.stageRole")}
      aria-label={label}
      aria-describedby={describedBy}
      tabIndex={0}
      data-slot="task-stage"
      onKeyDown={onKeyDown}
      onFocus={() => {
        setFocused(true)
        onFocus?.()
      }}
      onBlur={() => setFocused(false)}
      onPointerDown={readOnly ? undefined : onPointerDown}
      onPointerMove={readOnly ? undefined : onPointerMove}
      onPointerUp={readOnly ? undefined : onPointerUp}
      className={cn(
        // As wide as the picture, so what is drawn over it (in percentages) sits where it belongs.
        "relative inline-block max-w-full self-start cursor-crosshair touch-none select-none rounded-md",
        "ring-1 ring-border",
        "outline-offset-4 focus-visible:outline-2 focus-visible:outline-ring",
        readOnly && "cursor-wait",
      )}
    >
      <img
        ref={imageRef}
        src={fileUrl(file)}
        alt={t("panel.picture")}
        draggable={false}
        onLoad={onLoad}
        style={size ? pictureStyle(size) : undefined}
        className="block h-auto max-w-full rounded-md bg-surface-muted"
      />
      {size ? (
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden rounded-md">
          {children}
          {cursor && focused ? <Crosshair point={cursor} size={size} /> : null}
        </div>
      ) : null}
    </div>
  )
}

function Crosshair({ point, size }: { point: Point; size: PictureSize }) {
  return (
    <span data-slot="task-cursor" style={at(point, size)} className="absolute size-0">
      <span className="absolute -top-4 h-8 w-0.5 -translate-x-1/2 bg-ring shadow-[0_0_0_1px_white]" />
      <span className="absolute -left-4 h-0.5 w-8 -translate-y-1/2 bg-ring shadow-[0_0_0_1px_white]" />
    </span>
  )
}

/** A numbered point placed on the picture. */
export function Marker({
  point,
  size,
  label,
  tone = "primary",
}: {
  point: Point
  size: PictureSize
  label: ReactNode
  tone?: "primary" | "success" | "danger"
}) {
  return (
    <span
      data-slot="task-marker"
      style={at(point, size)}
      className={cn(
        "absolute flex size-6 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full text-xs font-semibold shadow ring-2 ring-white",
        tone === "primary" && "bg-primary text-primary-foreground",
        tone === "success" && "bg-success text-success-foreground",
        tone === "danger" && "bg-danger text-danger-foreground",
      )}
    >
      {label}
    </span>
  )
}

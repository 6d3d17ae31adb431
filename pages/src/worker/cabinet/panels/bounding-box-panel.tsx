import { useId, useImperativeHandle, useRef, useState, type KeyboardEvent, type PointerEvent } from "react"
import { useTranslation } from "react-i18next"
import { Button, CloseIcon, cn } from "@manyhands/design-system"
import type { PictureSize } from "../offer-files"
import { pictures } from "../offer-files"
import {
  Instructions,
  Kbd,
  capture,
  PanelMessage,
  Stage,
  arrowStep,
  clamp,
  pixelScale,
  pointerPoint,
  usePictureSize,
  type PanelProps,
  type Point,
} from "./panel-kit"

export interface Box {
  xMin: number
  xMax: number
  yMin: number
  yMax: number
}

/** The box between two corners, whichever way it was drawn. */
const boxOf = (a: Point, b: Point): Box => ({
  xMin: Math.round(Math.min(a.x, b.x)),
  xMax: Math.round(Math.max(a.x, b.x)),
  yMin: Math.round(Math.min(a.y, b.y)),
  yMax: Math.round(Math.max(a.y, b.y)),
})

/** A box drawn over the picture, in percentages of it. */
export function BoxShape({
  box,
  size,
  label,
  selected = false,
  tone = "primary",
  index,
}: {
  box: Box
  size: PictureSize
  label?: string
  selected?: boolean
  tone?: "primary" | "success"
  index?: number
}) {
  return (
    <span
      data-box={index}
      style={{
        left: `${(box.xMin / size.width) * 100}%`,
        top: `${(box.yMin / size.height) * 100}%`,
        width: `${((box.xMax - box.xMin) / size.width) * 100}%`,
        height: `${((box.yMax - box.yMin) / size.height) * 100}%`,
      }}
      className={cn(
        "absolute border-2",
        tone === "primary" ? "border-primary bg-primary/15" : "border-success bg-success/15",
        selected && "border-dashed bg-primary/30 outline-2 outline-white",
        index !== undefined && "pointer-events-auto cursor-move",
      )}
    >
      {label ? (
        <span
          className={cn(
            "absolute -top-0.5 -left-0.5 rounded-br px-1 text-xs font-semibold",
            tone === "primary" ? "bg-primary text-primary-foreground" : "bg-success text-success-foreground",
          )}
        >
          {label}
        </span>
      ) : null}
      {selected ? (
        <span
          data-handle=""
          className="pointer-events-auto absolute -right-1.5 -bottom-1.5 size-3 cursor-nwse-resize rounded-sm border-2 border-white bg-primary"
        />
      ) : null}
    </span>
  )
}

type Drag =
  | { mode: "draw"; from: Point; to: Point }
  | { mode: "move"; index: number; from: Point; box: Box }
  | { mode: "resize"; index: number; box: Box }

/**
 * BoundingBoxTask: the worker draws boxes around what the instructions name (drag; or with the keyboard: Space
 * at one corner, Space at the other), then moves, resizes or deletes them.
 */
export default function BoundingBoxPanel({ offer, error, readOnly, onEdit, ref }: PanelProps) {
  const { t } = useTranslation("cabinet")
  const picture = pictures(offer)[0]
  const { size, onLoad } = usePictureSize(picture)
  const canNoAnswer = offer.params.canNoAnswer === true
  const [boxes, setBoxes] = useState<Box[]>([])
  const [selected, setSelected] = useState<number | null>(null)
  const [cursor, setCursor] = useState<Point | null>(null)
  const [anchor, setAnchor] = useState<Point | null>(null)
  const [drag, setDrag] = useState<Drag | null>(null)
  const image = useRef<HTMLImageElement>(null)
  const stage = useRef<HTMLDivElement>(null)
  const helpId = useId()
  const messageId = useId()

  const change = (next: Box[]) => {
    setBoxes(next)
    onEdit()
  }
  const remove = (index: number) => {
    if (readOnly) return
    change(boxes.filter((_, at) => at !== index))
    setSelected(null)
  }
  const fit = (box: Box): Box => {
    if (!size) return box
    const width = box.xMax - box.xMin
    const height = box.yMax - box.yMin
    const xMin = clamp(box.xMin, 0, size.width - width)
    const yMin = clamp(box.yMin, 0, size.height - height)
    return { xMin, xMax: xMin + width, yMin, yMax: yMin + height }
  }
  const backspace = () => {
    if (readOnly) return false
    if (anchor) setAnchor(null)
    else if (selected !== null) remove(selected)
    else if (boxes.length > 0) remove(boxes.length - 1)
    else return false
    return true
  }

  useImperativeHandle(ref, () => ({
    read: () =>
      boxes.length === 0 && !canNoAnswer
        ? { missing: t("panel.boxes.missing") }
        : { solution: { bounding_boxes: boxes } },
    focus: () => stage.current?.focus(),
    key: (event) => (event.key === "Backspace" || event.key === "Delete" ? backspace() : false),
  }))

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!size || readOnly) return
    if (selected !== null && boxes[selected]) {
      // A chosen box: arrows move it, Shift with arrows moves its right and bottom edges.
      const nudge = arrowStep({ key: event.key, shiftKey: false }, size)
      if (nudge) {
        event.preventDefault()
        const box = boxes[selected]
        const step = nudge
        const next = event.shiftKey
          ? {
              ...box,
              xMax: clamp(box.xMax + step.x, box.xMin + 2, size.width),
              yMax: clamp(box.yMax + step.y, box.yMin + 2, size.height),
            }
          : fit({
              xMin: box.xMin + step.x,
              xMax: box.xMax + step.x,
              yMin: box.yMin + step.y,
              yMax: box.yMax + step.y,
            })
        change(boxes.map((item, at) => (at === selected ? next : item)))
        return
      }
    }
    const step = arrowStep(event, size)
    const from = cursor ?? { x: size.width / 2, y: size.height / 2 }
    if (step) {
      event.preventDefault()
      setCursor({ x: clamp(from.x + step.x, 0, size.width), y: clamp(from.y + step.y, 0, size.height) })
    } else if (event.key === " ") {
      event.preventDefault()
      if (selected !== null) setSelected(null)
      else if (!anchor) setAnchor(from)
      else {
        const box = boxOf(anchor, from)
        if (box.xMax - box.xMin >= 2 && box.yMax - box.yMin >= 2) change([...boxes, box])
        setAnchor(null)
      }
    }
  }

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || !size || !image.current) return
    const point = pointerPoint(event, image.current, size)
    const target = event.target as HTMLElement
    capture(event)
    if (target.closest("[data-handle]") && selected !== null) {
      setDrag({ mode: "resize", index: selected, box: boxes[selected]! })
      return
    }
    const hit = target.closest<HTMLElement>("[data-box]")
    if (hit) {
      const index = Number(hit.dataset.box)
      setSelected(index)
      setDrag({ mode: "move", index, from: point, box: boxes[index]! })
      return
    }
    setSelected(null)
    setDrag({ mode: "draw", from: point, to: point })
  }

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag || !size || !image.current) return
    const point = pointerPoint(event, image.current, size)
    if (drag.mode === "draw") setDrag({ ...drag, to: point })
    else if (drag.mode === "move") {
      const dx = Math.round(point.x - drag.from.x)
      const dy = Math.round(point.y - drag.from.y)
      const { box } = drag
      const moved = fit({
        xMin: box.xMin + dx,
        xMax: box.xMax + dx,
        yMin: box.yMin + dy,
        yMax: box.yMax + dy,
      })
      setBoxes(boxes.map((item, at) => (at === drag.index ? moved : item)))
    } else {
      const { box } = drag
      const resized = {
        ...box,
        xMax: Math.round(Math.max(point.x, box.xMin + 2)),
        yMax: Math.round(Math.max(point.y, box.yMin + 2)),
      }
      setBoxes(boxes.map((item, at) => (at === drag.index ? resized : item)))
    }
  }

  const onPointerUp = () => {
    if (!drag || !size) return
    if (drag.mode === "draw") {
      const box = boxOf(drag.from, drag.to)
      // A click, not a drag: too small to be a box (4 screen pixels either way).
      const least = 4 * pixelScale(image.current, size)
      if (box.xMax - box.xMin >= least && box.yMax - box.yMin >= least) change([...boxes, box])
    } else onEdit()
    setDrag(null)
  }

  return (
    <div className="flex flex-col gap-4">
      <Instructions offer={offer} />
      {picture ? (
        <Stage
          file={picture}
          size={size}
          onLoad={onLoad}
          imageRef={image}
          stageRef={stage}
          label={t("panel.boxes.stage")}
          describedBy={`${helpId} ${messageId}`}
          cursor={cursor}
          readOnly={readOnly}
          onFocus={() => size && setCursor((current) => current ?? { x: size.width / 2, y: size.height / 2 })}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
        >
          {size ? (
            <>
              {boxes.map((box, index) => (
                <BoxShape
                  key={index}
                  box={box}
                  size={size}
                  index={index}
                  label={String(index + 1)}
                  selected={selected === index}
                />
              ))}
              {drag?.mode === "draw" ? <BoxShape box={boxOf(drag.from, drag.to)} size={size} /> : null}
              {anchor && cursor ? <BoxShape box={boxOf(anchor, cursor)} size={size} /> : null}
            </>
          ) : null}
        </Stage>
      ) : null}
      <p id={helpId} className="text-sm text-muted-foreground">
        {t("panel.boxes.help")} <Kbd>{t("keys.arrows")}</Kbd> {t("panel.boxes.helpMove")}{" "}
        <Kbd>{t("keys.space")}</Kbd> {t("panel.boxes.helpCorner")} <Kbd>Shift</Kbd>+
        <Kbd>{t("keys.arrows")}</Kbd> {t("panel.boxes.helpResize")} <Kbd>{t("keys.backspace")}</Kbd>{" "}
        {t("panel.boxes.helpDelete")}
        {canNoAnswer ? ` ${t("panel.boxes.canNoAnswer")}` : ""}
      </p>
      {boxes.length > 0 ? (
        <ul aria-label={t("panel.boxes.list")} className="flex flex-col gap-2">
          {boxes.map((box, index) => (
            <li key={index} className="flex flex-wrap items-center gap-2 text-sm">
              <Button
                type="button"
                variant="service"
                aria-pressed={selected === index}
                onClick={() => {
                  setSelected(selected === index ? null : index)
                  stage.current?.focus()
                }}
                className={cn(selected === index && "border-primary bg-primary-soft")}
              >
                {t("panel.boxes.box", { n: index + 1 })}
              </Button>
              <span className="text-muted-foreground tabular-nums">
                {t("panel.boxes.edges", { x1: box.xMin, x2: box.xMax, y1: box.yMin, y2: box.yMax })}
              </span>
              <Button
                type="button"
                variant="tertiary"
                onClick={() => {
                  remove(index)
                  stage.current?.focus()
                }}
              >
                <CloseIcon size={16} />
                {t("panel.boxes.delete", { n: index + 1 })}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">{t("panel.boxes.none")}</p>
      )}
      <PanelMessage id={messageId} message={error} />
    </div>
  )
}

import { useId, useImperativeHandle, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "@manyhands/design-system"
import { pictures } from "../offer-files"
import {
  Instructions,
  Kbd,
  Marker,
  PanelMessage,
  Stage,
  TaskFacts,
  numberParam,
  roundPoint,
  usePictureSize,
  type PanelProps,
  type Point,
} from "./panel-kit"
import { usePointPlacing } from "./use-point-placing"

/** CoordinatesTask: the worker clicks the points the instructions ask for, in order; Backspace undoes. */
export default function CoordinatesPanel({ offer, error, readOnly, onEdit, ref }: PanelProps) {
  const { t } = useTranslation("cabinet")
  const picture = pictures(offer)[0]
  const { size, onLoad } = usePictureSize(picture)
  const min = numberParam(offer, "minClicks", 1)
  const max = Number(offer.params.maxClicks) > 0 ? numberParam(offer, "maxClicks", 0) : 0
  const [points, setPoints] = useState<Point[]>([])
  const [full, setFull] = useState(false)
  const image = useRef<HTMLImageElement>(null)
  const stage = useRef<HTMLDivElement>(null)
  const helpId = useId()
  const messageId = useId()

  const add = (point: Point) => {
    if (readOnly) return
    if (max > 0 && points.length >= max) {
      setFull(true)
      return
    }
    setPoints([...points, roundPoint(point)])
    onEdit()
  }
  const undo = () => {
    if (readOnly || points.length === 0) return false
    setPoints(points.slice(0, -1))
    setFull(false)
    onEdit()
    return true
  }

  useImperativeHandle(ref, () => ({
    read: () =>
      points.length < min
        ? { missing: t("panel.points.missing", { n: min }) }
        : { solution: { coordinates: points } },
    focus: () => stage.current?.focus(),
    key: (event) => (event.key === "Backspace" ? undo() : false),
  }))

  const placing = usePointPlacing(size, image, add)

  const facts = [
    max > 0
      ? min === max
        ? t("panel.points.exactly", { n: min })
        : t("panel.points.between", { min, max })
      : t("panel.points.atLeast", { n: min }),
  ]

  return (
    <div className="flex flex-col gap-4">
      <Instructions offer={offer} />
      <TaskFacts facts={facts} label={t("panel.facts")} />
      {picture ? (
        <Stage
          file={picture}
          size={size}
          onLoad={onLoad}
          imageRef={image}
          stageRef={stage}
          label={t("panel.points.stage")}
          describedBy={`${helpId} ${messageId}`}
          readOnly={readOnly}
          {...placing}
        >
          {size
            ? points.map((point, index) => <Marker key={index} point={point} size={size} label={index + 1} />)
            : null}
        </Stage>
      ) : null}
      <p id={helpId} className="text-sm text-muted-foreground">
        {t("panel.points.help")} <Kbd>←</Kbd>
        <Kbd>↑</Kbd>
        <Kbd>→</Kbd>
        <Kbd>↓</Kbd> {t("panel.points.helpMove")} <Kbd>{t("keys.space")}</Kbd> {t("panel.points.helpPlace")}{" "}
        <Kbd>{t("keys.backspace")}</Kbd> {t("panel.points.helpUndo")}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="service" onClick={() => undo()}>
          {t("panel.points.undo")}
        </Button>
        <p className="text-sm" aria-live="polite">
          {points.length === 0
            ? t("panel.points.none")
            : t("panel.points.placed", {
                list: points.map((point, index) => `${index + 1}: ${point.x}, ${point.y}`).join(" · "),
              })}
        </p>
      </div>
      <PanelMessage id={messageId} message={error ?? (full ? t("panel.points.full", { n: max }) : null)} />
    </div>
  )
}

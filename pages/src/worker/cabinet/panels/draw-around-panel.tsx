import { useId, useImperativeHandle, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "@manyhands/design-system"
import type { PictureSize } from "../offer-files"
import { pictures } from "../offer-files"
import {
  Instructions,
  Kbd,
  Marker,
  PanelMessage,
  Stage,
  pixelScale,
  roundPoint,
  usePictureSize,
  type PanelProps,
  type Point,
} from "./panel-kit"
import { usePointPlacing } from "./use-point-placing"

/** An area needs at least this many points. */
const LEAST = 3

/** Outlines drawn over the picture: closed areas filled, the open one as a line. */
export function Outlines({
  areas,
  open = [],
  size,
  tone = "primary",
}: {
  areas: Point[][]
  open?: Point[]
  size: PictureSize
  tone?: "primary" | "success"
}) {
  const colour = tone === "primary" ? "var(--mh-primary)" : "var(--mh-success)"
  const line = (points: Point[]) => points.map(({ x, y }) => `${x},${y}`).join(" ")
  return (
    <svg
      viewBox={`0 0 ${size.width} ${size.height}`}
      preserveAspectRatio="none"
      className="absolute inset-0 size-full"
    >
      {areas.map((area, index) => (
        <polygon
          key={index}
          points={line(area)}
          fill={colour}
          fillOpacity={0.2}
          stroke={colour}
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {open.length > 1 ? (
        <polyline
          points={line(open)}
          fill="none"
          stroke={colour}
          strokeWidth={2}
          strokeDasharray="6 4"
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
    </svg>
  )
}

/**
 * DrawAroundTask: the worker outlines the object point by point (click, or arrows and Space), closes the
 * outline (the button, or a click on its first point), and may outline several areas.
 */
export default function DrawAroundPanel({ offer, error, readOnly, onEdit, ref }: PanelProps) {
  const { t } = useTranslation("cabinet")
  const picture = pictures(offer)[0]
  const { size, onLoad } = usePictureSize(picture)
  const [areas, setAreas] = useState<Point[][]>([])
  const [open, setOpen] = useState<Point[]>([])
  const image = useRef<HTMLImageElement>(null)
  const stage = useRef<HTMLDivElement>(null)
  const helpId = useId()
  const messageId = useId()

  const close = () => {
    if (readOnly || open.length < LEAST) return
    setAreas([...areas, open])
    setOpen([])
    onEdit()
  }
  /** Adds a point; on the first point of an outline of 3 or more (within 12 screen pixels), closes it. */
  const add = (point: Point) => {
    if (readOnly || !size) return
    const first = open[0]
    const near = 12 * pixelScale(image.current, size)
    if (first && open.length >= LEAST && Math.hypot(first.x - point.x, first.y - point.y) <= near) {
      close()
      return
    }
    setOpen([...open, roundPoint(point)])
    onEdit()
  }
  const undo = () => {
    if (readOnly) return false
    if (open.length > 0) setOpen(open.slice(0, -1))
    else if (areas.length > 0) {
      // The last closed outline opens again, without its last point.
      setOpen(areas[areas.length - 1]!.slice(0, -1))
      setAreas(areas.slice(0, -1))
    } else return false
    onEdit()
    return true
  }

  useImperativeHandle(ref, () => ({
    read: () => {
      if (open.length > 0 && open.length < LEAST)
        return { missing: t("panel.outline.unfinished", { n: LEAST }) }
      const all = open.length >= LEAST ? [...areas, open] : areas
      if (all.length === 0) return { missing: t("panel.outline.missing", { n: LEAST }) }
      return { solution: { canvas: all } }
    },
    focus: () => stage.current?.focus(),
    key: (event) => (event.key === "Backspace" ? undo() : false),
  }))

  const placing = usePointPlacing(size, image, add)

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
          label={t("panel.outline.stage")}
          describedBy={`${helpId} ${messageId}`}
          readOnly={readOnly}
          {...placing}
        >
          {size ? (
            <>
              <Outlines areas={areas} open={open} size={size} />
              {open.map((point, index) => (
                <Marker key={index} point={point} size={size} label={index + 1} />
              ))}
            </>
          ) : null}
        </Stage>
      ) : null}
      <p id={helpId} className="text-sm text-muted-foreground">
        {t("panel.outline.help")} <Kbd>{t("keys.arrows")}</Kbd> {t("panel.outline.helpMove")}{" "}
        <Kbd>{t("keys.space")}</Kbd> {t("panel.outline.helpPlace")} <Kbd>{t("keys.backspace")}</Kbd>{" "}
        {t("panel.outline.helpUndo")}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" variant="secondary" onClick={close}>
          {t("panel.outline.close")}
        </Button>
        <Button type="button" variant="service" onClick={() => undo()}>
          {t("panel.outline.undo")}
        </Button>
        <p className="text-sm" aria-live="polite">
          {t("panel.outline.state", { areas: areas.length, points: open.length })}
        </p>
      </div>
      <PanelMessage id={messageId} message={error} />
    </div>
  )
}

import { useTranslation } from "react-i18next"
import { useFormatter } from "@manyhands/design-system"
import type { Offer, Solution } from "@manyhands/contract/worker"
import { fileUrl, pictures } from "./offer-files"
import { BoxShape, type Box } from "./panels/bounding-box-panel"
import { Outlines } from "./panels/draw-around-panel"
import { Marker, displayWidth, numberParam, usePictureSize, type Point } from "./panels/panel-kit"

const isPoint = (value: unknown): value is Point =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Point).x === "number" &&
  typeof (value as Point).y === "number"

const isBox = (value: unknown): value is Box =>
  typeof value === "object" &&
  value !== null &&
  ["xMin", "xMax", "yMin", "yMax"].every(
    (edge) => typeof (value as Record<string, unknown>)[edge] === "number",
  )

const numbers = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((item): item is number => typeof item === "number") : []

/** A solution in words, whatever its type: "abc12", "Tiles 2, 5 and 8", "Turn by 40°", … */
export function useSolutionText(): (solution: Solution) => string {
  const { t } = useTranslation("cabinet")
  const format = useFormatter()
  const list = (items: string[]) => format.list(items)
  const degrees = (value: number) =>
    format.number(value, { style: "unit", unit: "degree", unitDisplay: "narrow" })
  return (solution) => {
    if (typeof solution.text === "string") return solution.text
    if (Array.isArray(solution.click)) {
      const cells = numbers(solution.click)
      return cells.length === 0
        ? t("solution.noTiles")
        : t("solution.tiles", { list: list(cells.map(String)) })
    }
    if (Array.isArray(solution.coordinates)) {
      const points = solution.coordinates.filter(isPoint)
      return t("solution.points", { list: list(points.map(({ x, y }) => `(${x}, ${y})`)) })
    }
    if (typeof solution.rotate === "number" || Array.isArray(solution.rotate)) {
      const angles = typeof solution.rotate === "number" ? [solution.rotate] : numbers(solution.rotate)
      return t("solution.rotate", { list: list(angles.map(degrees)) })
    }
    if (Array.isArray(solution.bounding_boxes)) {
      const boxes = solution.bounding_boxes.filter(isBox)
      return boxes.length === 0
        ? t("solution.noBoxes")
        : t("solution.boxes", {
            list: list(
              boxes.map((box) =>
                t("solution.box", { x1: box.xMin, x2: box.xMax, y1: box.yMin, y2: box.yMax }),
              ),
            ),
          })
    }
    if (Array.isArray(solution.canvas)) {
      const areas = solution.canvas.filter(Array.isArray) as unknown[][]
      return t("solution.outlines", {
        areas: areas.length,
        points: areas.reduce((sum, area) => sum + area.filter(isPoint).length, 0),
      })
    }
    return JSON.stringify(solution)
  }
}

/** The task's picture with a solution drawn on it (tiles, points, boxes, outlines, the turn), for visual types. */
export function SolutionPicture({
  offer,
  solution,
  label,
}: {
  offer: Offer
  solution: Solution
  label: string
}) {
  const picture = pictures(offer)[0]
  const { size, onLoad } = usePictureSize(picture)
  if (!picture || typeof solution.text === "string") return null
  const rows = numberParam(offer, "rows", 3)
  const columns = numberParam(offer, "columns", 3)
  const rotate = typeof solution.rotate === "number" ? solution.rotate : numbers(solution.rotate)[0]
  const width = size ? displayWidth(size, 360, 280) : undefined
  return (
    <figure className="relative inline-block max-w-full self-start">
      <img
        src={fileUrl(picture)}
        alt={label}
        onLoad={onLoad}
        style={{ width, transform: rotate ? `rotate(${rotate}deg)` : undefined }}
        className="block h-auto max-w-full rounded-md border border-border bg-surface-muted"
      />
      {size && rotate === undefined ? (
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 overflow-hidden rounded-md">
          {Array.isArray(solution.click)
            ? numbers(solution.click).map((cell) => (
                <span
                  key={cell}
                  className="absolute border-4 border-success bg-success/30"
                  style={{
                    left: `${(((cell - 1) % columns) / columns) * 100}%`,
                    top: `${(Math.floor((cell - 1) / columns) / rows) * 100}%`,
                    width: `${100 / columns}%`,
                    height: `${100 / rows}%`,
                  }}
                />
              ))
            : null}
          {Array.isArray(solution.coordinates)
            ? solution.coordinates
                .filter(isPoint)
                .map((point, index) => (
                  <Marker key={index} point={point} size={size} label={index + 1} tone="success" />
                ))
            : null}
          {Array.isArray(solution.bounding_boxes)
            ? solution.bounding_boxes
                .filter(isBox)
                .map((box, index) => (
                  <BoxShape key={index} box={box} size={size} label={String(index + 1)} tone="success" />
                ))
            : null}
          {Array.isArray(solution.canvas) ? (
            <Outlines
              areas={(solution.canvas.filter(Array.isArray) as unknown[][]).map((area) =>
                area.filter(isPoint),
              )}
              size={size}
              tone="success"
            />
          ) : null}
        </div>
      ) : null}
    </figure>
  )
}

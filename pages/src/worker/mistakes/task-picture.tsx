import { useEffect, useRef, useState, type ReactNode } from "react"
import { cn } from "@manyhands/design-system"
import type { Point, ReadableSolution } from "./solution"

export type MarkTone = "given" | "expected"

const toneClasses: Record<MarkTone, { stroke: string; fill: string }> = {
  given: { stroke: "stroke-danger", fill: "fill-danger" },
  expected: { stroke: "stroke-success", fill: "fill-success" },
}

const pointsOf = (area: Point[]) => area.map(({ x, y }) => `${x},${y}`).join(" ")

/**
 * The task's picture, with an answer drawn over it once the picture's own size is known (answers are in its
 * pixels): tiles filled, points as numbered markers, boxes and outlines as shapes. The drawing is decorative;
 * the answer is also written out next to the picture.
 */
export function TaskPicture({
  src,
  alt,
  solution,
  grid,
  tone = "given",
  className,
}: {
  src: string
  alt: string
  solution?: ReadableSolution
  /** Rows and columns for a grid answer; computed from the picture's size when not given. */
  grid?: (width: number, height: number) => { rows: number; columns: number }
  tone?: MarkTone
  className?: string
}) {
  const image = useRef<HTMLImageElement>(null)
  const [size, setSize] = useState<{ width: number; height: number } | null>(null)
  const measure = () => {
    const element = image.current
    if (element && element.naturalWidth > 0)
      setSize({ width: element.naturalWidth, height: element.naturalHeight })
  }
  // A picture from the cache may have loaded before React attached onLoad.
  useEffect(measure, [src])

  return (
    <div
      className={cn(
        "relative w-full overflow-hidden rounded-md border border-border bg-surface-muted",
        className,
      )}
    >
      <img ref={image} src={src} alt={alt} onLoad={measure} className="block h-auto w-full" />
      {size && solution ? (
        <Marks solution={solution} width={size.width} height={size.height} grid={grid} tone={tone} />
      ) : null}
    </div>
  )
}

function Marks({
  solution,
  width,
  height,
  grid,
  tone,
}: {
  solution: ReadableSolution
  width: number
  height: number
  grid?: (width: number, height: number) => { rows: number; columns: number }
  tone: MarkTone
}) {
  const { stroke, fill } = toneClasses[tone]
  const marker = Math.max(6, Math.min(width, height) * 0.035)
  const line = { vectorEffect: "non-scaling-stroke" as const, strokeWidth: 3 }
  let shapes: ReactNode = null
  if (solution.form === "click") {
    const { rows, columns } = grid?.(width, height) ?? { rows: 3, columns: 3 }
    const cellWidth = width / columns
    const cellHeight = height / rows
    shapes = solution.tiles.map((tile) => {
      const index = tile - 1
      if (index < 0 || index >= rows * columns) return null
      const x = (index % columns) * cellWidth
      const y = Math.floor(index / columns) * cellHeight
      return (
        <g key={tile}>
          <rect
            x={x + 2}
            y={y + 2}
            width={cellWidth - 4}
            height={cellHeight - 4}
            className={cn(fill, stroke)}
            fillOpacity={0.3}
            {...line}
          />
          <circle cx={x + marker * 1.6} cy={y + marker * 1.6} r={marker} className={fill} />
          <text
            x={x + marker * 1.6}
            y={y + marker * 1.6}
            dominantBaseline="central"
            textAnchor="middle"
            fontSize={marker * 1.2}
            fontWeight={700}
            className="fill-white"
          >
            {tile}
          </text>
        </g>
      )
    })
  } else if (solution.form === "coordinates") {
    shapes = solution.points.map((point, index) => (
      <g key={index}>
        <circle cx={point.x} cy={point.y} r={marker} className={cn(fill, "stroke-white")} {...line} />
        <text
          x={point.x}
          y={point.y}
          dominantBaseline="central"
          textAnchor="middle"
          fontSize={marker * 1.2}
          fontWeight={700}
          className="fill-white"
        >
          {index + 1}
        </text>
      </g>
    ))
  } else if (solution.form === "boxes") {
    shapes = solution.boxes.map((box, index) => (
      <rect
        key={index}
        x={Math.min(box.xMin, box.xMax)}
        y={Math.min(box.yMin, box.yMax)}
        width={Math.abs(box.xMax - box.xMin)}
        height={Math.abs(box.yMax - box.yMin)}
        className={cn(fill, stroke)}
        fillOpacity={0.15}
        {...line}
      />
    ))
  } else if (solution.form === "canvas") {
    shapes = solution.areas.map((area, index) => (
      <polygon
        key={index}
        points={pointsOf(area)}
        className={cn(fill, stroke)}
        fillOpacity={0.2}
        strokeLinejoin="round"
        {...line}
      />
    ))
  }
  return (
    <svg
      aria-hidden="true"
      data-slot="answer-marks"
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      className="pointer-events-none absolute inset-0 size-full"
    >
      {shapes}
    </svg>
  )
}

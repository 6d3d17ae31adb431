import { cn } from "@manyhands/design-system"

const WIDTH = 100
const HEIGHT = 28
/** Room for the stroke at the top and bottom, in viewBox units. */
const PAD = 2

/** The points of a sparkline in a WIDTH × HEIGHT box: the lowest value at the bottom (0 when all are 0). */
export function sparklinePoints(values: readonly number[]): [number, number][] {
  if (values.length === 0) return []
  const high = Math.max(0, ...values)
  const low = Math.min(0, ...values)
  const span = high - low || 1
  const step = values.length > 1 ? WIDTH / (values.length - 1) : 0
  return values.map((value, i) => [
    values.length > 1 ? i * step : WIDTH / 2,
    HEIGHT - PAD - ((value - low) / span) * (HEIGHT - 2 * PAD),
  ])
}

/**
 * A small line of a few values (tasks solved per day) for a table cell or a tile, in the chart-1 colour. It is
 * an image named by `label`, which must say in words what the line shows (first, last, total): the line alone
 * carries no figures.
 */
export function Sparkline({
  values,
  label,
  className,
}: {
  values: readonly number[]
  label: string
  className?: string
}) {
  const points = sparklinePoints(values)
  const line = points.map(([x, y]) => `${x.toFixed(2)},${y.toFixed(2)}`).join(" ")
  return (
    <svg
      role="img"
      aria-label={label}
      data-slot="sparkline"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      className={cn("block h-7 w-24 overflow-visible text-chart-1", className)}
    >
      {points.length > 1 ? (
        <>
          <polygon
            points={`0,${HEIGHT} ${line} ${WIDTH},${HEIGHT}`}
            className="fill-current"
            fillOpacity={0.12}
          />
          <polyline
            points={line}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.5}
            strokeLinejoin="round"
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        </>
      ) : null}
    </svg>
  )
}

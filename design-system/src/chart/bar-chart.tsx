import { Chart, type ChartProps } from "./chart"

export interface BarChartProps<T extends object> extends ChartProps<T> {
  /** Stack the series in one bar per x value instead of side by side. @default false */
  stacked?: boolean
}

/** A bar (or a group or stack of bars) per day or category: tasks by type, spend per day, payouts. */
export function BarChart<T extends object>(props: BarChartProps<T>) {
  return <Chart kind="bar" {...props} />
}

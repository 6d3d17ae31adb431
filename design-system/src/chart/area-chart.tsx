import { Chart, type ChartProps } from "./chart"

export type AreaChartProps<T extends object> = ChartProps<T>

/** Lines with the area under them filled: volumes that add up over time (spend, tasks, payouts). */
export function AreaChart<T extends object>(props: AreaChartProps<T>) {
  return <Chart kind="area" {...props} />
}

import { Chart, type ChartProps } from "./chart"

export type LineChartProps<T extends object> = ChartProps<T>

/** Lines through time (or any numeric x): solving time, tasks per day, success rate. */
export function LineChart<T extends object>(props: LineChartProps<T>) {
  return <Chart kind="line" {...props} />
}

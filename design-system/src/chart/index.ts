export { AreaChart, type AreaChartProps } from "./area-chart"
export { BarChart, type BarChartProps } from "./bar-chart"
export {
  chartVariants,
  type ChartColor,
  type ChartFormat,
  type ChartKind,
  type ChartProps,
  type ChartSeries,
} from "./chart"
export { LineChart, type LineChartProps } from "./line-chart"
export { dateTicks, niceTicks, parseDay, type NiceTicks } from "./scale"

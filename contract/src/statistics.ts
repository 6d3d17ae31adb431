/*
 * Public statistics and prices (server/STATISTICS.md): a snapshot of the service's last 24 hours, six graphs over
 * a period or a window of days, and the price list with each type's median speed and load. Every figure comes
 * from rollups of the real task and assignment tables; none is invented.
 *
 * Money: `perTask` fields are ledger micro-units per task of the answer's currency — which is the same number
 * as the price per 1,000 tasks in thousandths of the currency (500 = 0.50 per 1,000). `perThousand` is that
 * price as a decimal string in currency units ("0.50"). Durations are whole milliseconds; ratios run 0–1.
 */
import { defineEndpoints, routeDatum } from "./endpoint"
import { DateTime, Day, Nullable, StrictObject, StringEnum, Type, type Static } from "./schema"

// ---------------------------------------------------------------------------------------------------------
// Values and limits

/** The currencies prices and statistics are shown in (a customer's account pays in USD or RUB). */
export const PRICE_CURRENCIES = ["USD", "RUB", "EUR"] as const
export type PriceCurrency = (typeof PRICE_CURRENCIES)[number]

/** The graphs of /public_statistics by the names of the API (spec §7), and the sub-page each one is. */
export const STAT_GRAPHS = ["devprice", "devspeed", "devload", "devonline", "workspeed", "workprice"] as const
export type StatGraph = (typeof STAT_GRAPHS)[number]
export const STAT_GRAPH_PAGES = {
  devprice: "customer-rate",
  devspeed: "customer-solving-speed",
  devload: "service-load",
  devonline: "workers-online",
  workspeed: "waiting-time",
  workprice: "employee-rate",
} as const satisfies Record<StatGraph, string>
export type StatPage = (typeof STAT_GRAPH_PAGES)[StatGraph]

/** Periods ending now; a window of days (dateFrom, dateTo) replaces the period when given. */
export const STAT_PERIODS = ["24h", "7d", "30d", "1y"] as const
export type StatPeriod = (typeof STAT_PERIODS)[number]
/** Spec §9: the statistics window without dates is the last 7 days. */
export const STAT_DEFAULT_PERIOD: StatPeriod = "7d"
/** The first day a window of days may start on. */
export const STAT_EARLIEST_DAY = "2000-01-01"
/** The longest window of days a graph takes. */
export const STAT_MAX_WINDOW_DAYS = 366
/** Minute rollups are kept 14 days, hour rollups 13 months (396 days), day rollups for ever. */
export const STAT_RETENTION_DAYS = { minute: 14, hour: 396 } as const

/**
 * Upper bounds (ms) of the duration histogram's buckets; the last bucket has no upper bound. Percentiles are
 * read from merged histograms, so they are exact to one bucket: a p50 of 12000 means "between 10 and 12 s".
 */
export const DURATION_BUCKETS_MS = [
  250, 500, 1000, 2000, 3000, 4000, 5000, 6000, 8000, 10000, 12000, 15000, 20000, 25000, 30000, 40000, 50000,
  60000, 90000, 120000, 180000, 240000, 300000, 600000,
] as const

// ---------------------------------------------------------------------------------------------------------
// Shapes

const Ratio = (description: string) => Nullable(Type.Number({ minimum: 0, maximum: 1 }), { description })
const Millis = (description: string) => Nullable(Type.Integer({ minimum: 0 }), { description })

export const CurrencyQuery = StrictObject({
  currency: Type.Optional(
    StringEnum(PRICE_CURRENCIES, {
      description: "Default: the site's currency (RUB on the Russian site, else USD).",
    }),
  ),
})
export type CurrencyQuery = Static<typeof CurrencyQuery>

/** One captcha type's last 24 hours. */
export const TypeFigures = Type.Object({
  type: Type.String(),
  kind: StringEnum(["image", "token"] as const),
  created: Type.Integer({ description: "Tasks sent in the last 24 hours." }),
  solved: Type.Integer({ description: "Tasks solved in the last 24 hours." }),
  unsolvableRate: Ratio(
    "Share of the tasks ended in the last 24 hours that ended unsolvable; null: none ended.",
  ),
  p50Ms: Millis("Median time from submission to answer (upper bound of its histogram bucket)."),
  p90Ms: Millis("90th percentile of the time from submission to answer."),
  load: Ratio(
    "Share of the time workers of this type spent solving rather than waiting, over the last hour.",
  ),
  workersOnline: Type.Integer({
    description: "Workers seen taking or waiting for this type in the last 5 minutes.",
  }),
})
export type TypeFigures = Static<typeof TypeFigures>

/** A cell of the "best time to submit" view: one hour of the week (UTC) over the last 4 weeks. */
export const WeekHour = Type.Object({
  weekday: Type.Integer({ minimum: 0, maximum: 6, description: "0 is Monday." }),
  hour: Type.Integer({ minimum: 0, maximum: 23, description: "UTC." }),
  created: Type.Number({ description: "Tasks sent in this hour, on average over the weeks with data." }),
  load: Ratio("Workers' busy share in this hour, on average."),
})
export type WeekHour = Static<typeof WeekHour>

/** GET /api/v2/public_statistics: the service's last 24 hours, by type, and the week's load pattern. */
export const PublicStatistics = Type.Object({
  currency: StringEnum(PRICE_CURRENCIES),
  generatedAt: DateTime("When this snapshot was computed (it is cached up to a minute)."),
  totals: Type.Object({
    created: Type.Integer(),
    solved: Type.Integer(),
    unsolvableRate: Ratio("Over every type."),
    p50Ms: Millis("Median solve time over every type."),
    p90Ms: Millis("90th percentile solve time over every type."),
    load: Ratio("Workers' busy share over the last hour."),
    workersOnline: Type.Integer({ description: "Workers seen in the last 5 minutes." }),
    waitP50Ms: Millis("Median time a worker waited for a task over the last 24 hours."),
    spent: Type.Integer({ description: "Customers' spend in the last 24 hours, micro-units of `currency`." }),
    earned: Type.Integer({
      description: "Workers' earnings in the last 24 hours, micro-units of `currency`.",
    }),
  }),
  types: Type.Array(TypeFigures),
  week: Type.Array(WeekHour, { description: "168 cells, Monday 00:00 UTC first; empty without history." }),
})
export type PublicStatistics = Static<typeof PublicStatistics>

export const GraphParams = StrictObject({ graph: StringEnum(STAT_GRAPHS) })

export const GraphQuery = StrictObject({
  period: Type.Optional(StringEnum(STAT_PERIODS, { default: STAT_DEFAULT_PERIOD })),
  dateFrom: Type.Optional(Day("First day of a window (UTC), with dateTo; replaces the period.")),
  dateTo: Type.Optional(Day("Last day of the window, included.")),
  currency: Type.Optional(
    StringEnum(PRICE_CURRENCIES, {
      description: "Default: the site's currency (RUB on the Russian site, else USD).",
    }),
  ),
  type: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: "One captcha type; all by default." }),
  ),
})
export type GraphQuery = Static<typeof GraphQuery>

/** The CSV columns of a graph (GET /api/v2/public_statistics/csv/:graph), in order. */
export const GRAPH_CSV_COLUMNS = ["at", "value", "p50", "p90", "max", "count"] as const

/**
 * One point of a graph. Which fields are set depends on the graph: devprice and workprice `value` (micro-units
 * per task in `currency`, charged or paid on average) and `count` (tasks solved or answers paid); devspeed and
 * workspeed `p50`, `p90` (ms) and `count`; devload `value` (0–1); devonline `value` (workers online on average)
 * and `max`. A null is "no data in this interval".
 */
export const GraphPoint = Type.Object({
  at: DateTime("Start of the interval (an hour or a UTC day)."),
  value: Type.Optional(Nullable(Type.Number())),
  p50: Type.Optional(Nullable(Type.Integer())),
  p90: Type.Optional(Nullable(Type.Integer())),
  max: Type.Optional(Nullable(Type.Integer())),
  count: Type.Optional(Type.Integer()),
})
export type GraphPoint = Static<typeof GraphPoint>

export const StatGraphData = Type.Object({
  graph: StringEnum(STAT_GRAPHS),
  period: StringEnum([...STAT_PERIODS, "window"] as const),
  from: DateTime("Start of the first interval."),
  to: DateTime("End of the last interval (exclusive)."),
  resolution: StringEnum(["hour", "day"] as const),
  currency: StringEnum(PRICE_CURRENCIES),
  type: Nullable(Type.String()),
  points: Type.Array(GraphPoint),
})
export type StatGraphData = Static<typeof StatGraphData>

/** One row of the public price list. */
export const TypePrice = Type.Object({
  type: Type.String(),
  kind: StringEnum(["image", "token"] as const),
  perTask: Type.Integer({ description: "Price of one task, micro-units of the currency." }),
  perThousand: Type.String({ description: "Price per 1,000 tasks in currency units, like 0.50." }),
  workerPerThousand: Type.String({
    description: "What a worker earns per 1,000 answers, in currency units.",
  }),
  p50Ms: Millis("Median solve time over the last 24 hours."),
  load: Ratio("Workers' busy share for this type over the last hour."),
  solved: Type.Integer({ description: "Tasks solved in the last 24 hours." }),
  daily: Type.Array(Type.Integer(), {
    description: "Tasks solved per UTC day, the last 14 days, oldest first.",
  }),
})
export type TypePrice = Static<typeof TypePrice>

/** GET /api/v2/customer/prices: what every enabled type costs in a currency, with its speed and load. */
export const CustomerPrices = Type.Object({
  currency: StringEnum(PRICE_CURRENCIES),
  generatedAt: DateTime(),
  prices: Type.Array(TypePrice),
})
export type CustomerPrices = Static<typeof CustomerPrices>

// ---------------------------------------------------------------------------------------------------------
// Endpoints

export const statisticsApi = defineEndpoints("statistics", {
  snapshot: {
    method: "GET",
    path: "/api/v2/public_statistics",
    summary: "The last 24 hours of the service by captcha type, and load by hour of the week (cached 30 s)",
    public: true,
    querystring: CurrencyQuery,
    response: { 200: PublicStatistics },
    errors: ["VALIDATION_FAILED"],
  },
  graph: {
    method: "GET",
    path: "/api/v2/public_statistics/graph/:graph",
    summary: "One public graph over a period (24h, 7d, 30d, 1y) or a window of days (cached 30 s)",
    public: true,
    params: GraphParams,
    querystring: GraphQuery,
    response: { 200: StatGraphData },
    errors: [
      "VALIDATION_FAILED",
      "DATE_INVALID",
      "DATE_RANGE_INVALID",
      "WINDOW_INVALID",
      "CAPTCHA_TYPE_NOT_FOUND",
    ],
  },
  graphCsv: {
    method: "GET",
    path: "/api/v2/public_statistics/csv/:graph",
    summary: "The same graph as CSV: a header row, then one row per interval (cached 30 s)",
    description:
      "`text/csv; charset=utf-8`, comma-separated, one header row: `at,value,p50,p90,max,count` — the fields of " +
      "the JSON graph's points in that order, an empty cell where the JSON has null or leaves the field out. " +
      "Columns are only ever added at the end.",
    public: true,
    params: GraphParams,
    querystring: GraphQuery,
    response: { 200: Type.String({ description: "CSV text (text/csv)." }) },
    errors: [
      "VALIDATION_FAILED",
      "DATE_INVALID",
      "DATE_RANGE_INVALID",
      "WINDOW_INVALID",
      "CAPTCHA_TYPE_NOT_FOUND",
    ],
  },
  prices: {
    method: "GET",
    path: "/api/v2/customer/prices",
    summary: "The price per 1,000 of every enabled captcha type in a currency, with median speed and load",
    public: true,
    querystring: CurrencyQuery,
    response: { 200: CustomerPrices },
    errors: ["VALIDATION_FAILED"],
  },
})

/**
 * Route data: the home page, /pricing and the statistics pages preload these. Without `currency` the server
 * answers in the site's currency (RUB on the Russian site, USD elsewhere); screens switch currency and period
 * from there.
 */
export const statisticsRouteData = {
  publicStatistics: routeDatum(statisticsApi.snapshot),
  customerPrices: routeDatum(statisticsApi.prices),
  graphDevprice: routeDatum(statisticsApi.graph, () => statisticsApi.graph.url({ graph: "devprice" })),
  graphDevspeed: routeDatum(statisticsApi.graph, () => statisticsApi.graph.url({ graph: "devspeed" })),
  graphDevload: routeDatum(statisticsApi.graph, () => statisticsApi.graph.url({ graph: "devload" })),
  graphDevonline: routeDatum(statisticsApi.graph, () => statisticsApi.graph.url({ graph: "devonline" })),
  graphWorkspeed: routeDatum(statisticsApi.graph, () => statisticsApi.graph.url({ graph: "workspeed" })),
  graphWorkprice: routeDatum(statisticsApi.graph, () => statisticsApi.graph.url({ graph: "workprice" })),
}

// Answers of the public statistics and price endpoints for public-statistics.stories.tsx (and the home page's
// stories): a service of plausible size — about 260,000 tasks a day over eight captcha types, two hundred
// workers online — in USD, RUB and EUR, and the same service before its first task.
import type { CaptchaType } from "@manyhands/contract/captcha"
import {
  DURATION_BUCKETS_MS,
  type CustomerPrices,
  type GraphPoint,
  type PriceCurrency,
  type PublicStatistics,
  type StatGraph,
  type StatGraphData,
  type StatPeriod,
  type TypeFigures,
  type TypePrice,
  type WeekHour,
} from "@manyhands/contract/statistics"

/** The stories' clock: 20 May 2026 (a Wednesday), 09:41 UTC. */
export const NOW = Date.UTC(2026, 4, 20, 9, 41, 0)
export const GENERATED_AT = new Date(NOW).toISOString()
const HOUR = 3_600_000
const DAY = 86_400_000

/** The reference rates of the fixtures: units of each currency per US dollar. */
const RATES: Record<PriceCurrency, number> = { USD: 1, RUB: 90, EUR: 0.92 }

/** Micro-units of USD in a currency, rounded to the micro-unit as the server converts. */
const convert = (microUsd: number, currency: PriceCurrency) => Math.round(microUsd * RATES[currency])

/** The catalogue as GET /api/v1/captcha-types answers it. */
export const captchaTypes: CaptchaType[] = [
  { code: "ImageToTextTask", kind: "image", deadlineSeconds: 90 },
  { code: "GridTask", kind: "image", deadlineSeconds: 90 },
  { code: "CoordinatesTask", kind: "image", deadlineSeconds: 90 },
  { code: "TextCaptchaTask", kind: "image", deadlineSeconds: 90 },
  { code: "AudioTask", kind: "image", deadlineSeconds: 90 },
  { code: "RecaptchaV2Task", kind: "token", deadlineSeconds: 300 },
  { code: "TurnstileTask", kind: "token", deadlineSeconds: 300 },
  { code: "GeeTestTask", kind: "token", deadlineSeconds: 300 },
]

interface Profile {
  type: string
  kind: "image" | "token"
  /** Price per task in micro-USD (= USD thousandths per 1,000). */
  price: number
  /** Tasks sent in a day. */
  sent: number
  p50: number
  p90: number
  unsolvable: number
  load: number
  workers: number
}

/** Per type: price, a day's volume, times (histogram bucket bounds), unsolvable share, load, workers. */
const profiles: Profile[] = [
  {
    type: "ImageToTextTask",
    kind: "image",
    price: 500,
    sent: 182_400,
    p50: 8000,
    p90: 15000,
    unsolvable: 0.012,
    load: 0.58,
    workers: 131,
  },
  {
    type: "RecaptchaV2Task",
    kind: "token",
    price: 2990,
    sent: 41_250,
    p50: 25000,
    p90: 50000,
    unsolvable: 0.034,
    load: 0.71,
    workers: 46,
  },
  {
    type: "TurnstileTask",
    kind: "token",
    price: 1450,
    sent: 21_870,
    p50: 12000,
    p90: 25000,
    unsolvable: 0.018,
    load: 0.64,
    workers: 38,
  },
  {
    type: "GridTask",
    kind: "image",
    price: 1200,
    sent: 9_640,
    p50: 15000,
    p90: 30000,
    unsolvable: 0.027,
    load: 0.49,
    workers: 54,
  },
  {
    type: "CoordinatesTask",
    kind: "image",
    price: 1000,
    sent: 4_310,
    p50: 10000,
    p90: 20000,
    unsolvable: 0.021,
    load: 0.44,
    workers: 49,
  },
  {
    type: "TextCaptchaTask",
    kind: "image",
    price: 500,
    sent: 1_870,
    p50: 12000,
    p90: 20000,
    unsolvable: 0.008,
    load: 0.39,
    workers: 62,
  },
  {
    type: "AudioTask",
    kind: "image",
    price: 500,
    sent: 640,
    p50: 20000,
    p90: 40000,
    unsolvable: 0.052,
    load: 0.33,
    workers: 17,
  },
  {
    type: "GeeTestTask",
    kind: "token",
    price: 2990,
    sent: 310,
    p50: 25000,
    p90: 60000,
    unsolvable: 0.061,
    load: 0.52,
    workers: 9,
  },
]

const solvedOf = (profile: Profile) => Math.round(profile.sent * (1 - profile.unsolvable) * 0.995)

/** The share of the price a worker is paid. */
const WORKER_SHARE = 0.6

/** Workers' load in an hour of the week (UTC): busy European and American afternoons, quiet nights. */
function weekLoad(weekday: number, hour: number): number {
  const day = Math.exp(-((hour - 14) ** 2) / 30)
  const evening = 0.6 * Math.exp(-((hour - 20) ** 2) / 12)
  const weekend = weekday >= 5 ? 0.7 : 1
  // Each night a little different: Sunday's small hours are the quietest of the week.
  const night = 0.04 * Math.cos(weekday * 1.3 + hour * 0.9) - (weekday === 6 && hour < 6 ? 0.06 : 0)
  return Math.round(Math.min(0.97, 0.18 + night + 0.62 * weekend * Math.max(day, evening)) * 1000) / 1000
}

const week: WeekHour[] = Array.from({ length: 168 }, (_, i) => {
  const weekday = Math.floor(i / 24)
  const hour = i % 24
  const load = weekLoad(weekday, hour)
  return { weekday, hour, load, created: Math.round(4_500 + 14_000 * load) }
})

function typeFigures(profile: Profile): TypeFigures {
  return {
    type: profile.type,
    kind: profile.kind,
    created: profile.sent,
    solved: solvedOf(profile),
    unsolvableRate: profile.unsolvable,
    p50Ms: profile.p50,
    p90Ms: profile.p90,
    load: profile.load,
    workersOnline: profile.workers,
  }
}

/** GET /api/v2/public_statistics in a currency: a busy day. */
export function publicStatistics(currency: PriceCurrency = "USD"): PublicStatistics {
  const types = profiles.map(typeFigures)
  const spentUsd = profiles.reduce((sum, p) => sum + solvedOf(p) * p.price, 0)
  return {
    currency,
    generatedAt: GENERATED_AT,
    totals: {
      created: types.reduce((sum, t) => sum + t.created, 0),
      solved: types.reduce((sum, t) => sum + t.solved, 0),
      unsolvableRate: 0.017,
      p50Ms: 10000,
      p90Ms: 30000,
      load: 0.57,
      workersOnline: 214,
      waitP50Ms: 3000,
      spent: convert(spentUsd, currency),
      earned: convert(Math.round(spentUsd * WORKER_SHARE), currency),
    },
    types,
    week,
  }
}

/** The same service before its first task: every type listed, nothing measured, no week yet. */
export function emptyStatistics(currency: PriceCurrency = "USD"): PublicStatistics {
  return {
    currency,
    generatedAt: GENERATED_AT,
    totals: {
      created: 0,
      solved: 0,
      unsolvableRate: null,
      p50Ms: null,
      p90Ms: null,
      load: null,
      workersOnline: 3,
      waitP50Ms: null,
      spent: 0,
      earned: 0,
    },
    types: profiles.map((profile) => ({
      type: profile.type,
      kind: profile.kind,
      created: 0,
      solved: 0,
      unsolvableRate: null,
      p50Ms: null,
      p90Ms: null,
      load: null,
      workersOnline: profile.kind === "image" ? 3 : 0,
    })),
    week: [],
  }
}

/** "0.50" for 500 micro-units per task: the price per 1,000 in currency units. */
const units = (microPerTask: number) => (microPerTask / 1000).toFixed(microPerTask % 10 === 0 ? 2 : 3)

/** Tasks solved per day over 14 days (oldest first): quieter weekends, a slow rise. */
function daily(profile: Profile, empty: boolean): number[] {
  return Array.from({ length: 14 }, (_, i) => {
    if (empty) return 0
    const weekday = (new Date(NOW - (13 - i) * DAY).getUTCDay() + 6) % 7
    const factor = (weekday >= 5 ? 0.72 : 1) * (0.9 + i * 0.008) * (1 + 0.04 * Math.sin(i * 1.7))
    return Math.round(solvedOf(profile) * factor)
  })
}

function typePrice(profile: Profile, currency: PriceCurrency, empty: boolean): TypePrice {
  const perTask = convert(profile.price, currency)
  return {
    type: profile.type,
    kind: profile.kind,
    perTask,
    perThousand: units(perTask),
    workerPerThousand: units(Math.floor(perTask * WORKER_SHARE)),
    p50Ms: empty ? null : profile.p50,
    load: empty ? null : profile.load,
    solved: empty ? 0 : solvedOf(profile),
    daily: daily(profile, empty),
  }
}

/** GET /api/v2/customer/prices in a currency, with speed and load (none measured when `empty`). */
export function customerPrices(currency: PriceCurrency = "USD", empty = false): CustomerPrices {
  return {
    currency,
    generatedAt: GENERATED_AT,
    prices: profiles.map((profile) => typePrice(profile, currency, empty)),
  }
}

/** No type on sale (the catalogue being changed). */
export const noPrices = (currency: PriceCurrency = "USD"): CustomerPrices => ({
  currency,
  generatedAt: GENERATED_AT,
  prices: [],
})

// ---------------------------------------------------------------------------------------------------------
// Graphs

/** A duration as the server reports a percentile: the upper bound of its histogram bucket. */
function bucket(ms: number): number {
  return DURATION_BUCKETS_MS.find((bound) => ms <= bound) ?? 600_000
}

/** One point of a graph at `at` (ms); `load` is the service's busy share there, `wave` a little noise. */
function point(
  graph: StatGraph,
  at: number,
  load: number,
  wave: number,
  scale: number,
  currency: PriceCurrency,
) {
  const base: GraphPoint = { at: new Date(at).toISOString() }
  const tasks = Math.round(11_000 * scale * (0.4 + load))
  switch (graph) {
    case "devprice":
      return { ...base, value: convert(Math.round(1085 + 60 * wave + 90 * load), currency), count: tasks }
    case "workprice":
      return {
        ...base,
        value: convert(Math.round((1085 + 60 * wave + 90 * load) * WORKER_SHARE), currency),
        count: tasks,
      }
    case "devspeed":
      return {
        ...base,
        p50: bucket(6500 + 7000 * load),
        p90: bucket(17000 + 22000 * load + 4000 * wave),
        count: tasks,
      }
    case "workspeed":
      return {
        ...base,
        p50: bucket(800 + 5500 * (1 - load)),
        p90: bucket(6000 + 26000 * (1 - load) + 3000 * wave),
        count: Math.round(tasks * 1.05),
      }
    case "devload":
      return { ...base, value: Math.round(load * 1000) / 1000 }
    case "devonline": {
      const average = Math.round((120 + 140 * load + 8 * wave) * 100) / 100
      return { ...base, value: average, max: Math.round(average * 1.18 + 6) }
    }
  }
}

/** A graph answer: a period ending at the stories' clock, or a window of days; `empty` has no data. */
export function graphData(
  graph: StatGraph,
  {
    period = "7d",
    window,
    currency = "USD",
    type = null,
    empty = false,
  }: {
    period?: StatPeriod
    window?: { from: string; to: string }
    currency?: PriceCurrency
    type?: string | null
    empty?: boolean
  } = {},
): StatGraphData {
  const hourly = !window && (period === "24h" || period === "7d")
  const step = hourly ? HOUR : DAY
  let from: number
  let to: number
  if (window) {
    from = Date.parse(`${window.from}T00:00:00Z`)
    to = Date.parse(`${window.to}T00:00:00Z`) + DAY
  } else if (hourly) {
    to = Math.floor(NOW / HOUR) * HOUR + HOUR
    from = to - (period === "24h" ? 24 : 168) * HOUR
  } else {
    to = Math.floor(NOW / DAY) * DAY + DAY
    from = to - (period === "30d" ? 30 : 365) * DAY
  }
  const scale = (hourly ? 1 : 24) * (type ? 0.3 : 1)
  const points: GraphPoint[] = []
  for (let at = from, i = 0; at < to; at += step, i++) {
    const when = new Date(at)
    const weekday = (when.getUTCDay() + 6) % 7
    // By the hour: the week's pattern; by the day: the day's average, busier on weekdays, growing over a year.
    const load = hourly
      ? weekLoad(weekday, when.getUTCHours())
      : Math.min(0.9, (weekday >= 5 ? 0.45 : 0.58) + 0.08 * Math.sin(i / 9) + (i / 365) * 0.08)
    const wave = Math.sin(i * 0.7) * Math.cos(i * 0.13)
    points.push(
      empty
        ? graph === "devload" || graph === "devonline"
          ? { at: when.toISOString(), value: null, ...(graph === "devonline" ? { max: null } : {}) }
          : graph === "devspeed" || graph === "workspeed"
            ? { at: when.toISOString(), p50: null, p90: null, count: 0 }
            : { at: when.toISOString(), value: null, count: 0 }
        : point(graph, at, load, wave, scale, currency),
    )
  }
  return {
    graph,
    period: window ? "window" : period,
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    resolution: hourly ? "hour" : "day",
    currency,
    type,
    points,
  }
}

import type { ComponentType } from "react"
import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { statisticsApi, type StatGraph } from "@manyhands/contract/statistics"
import { screens as marketing } from "@manyhands/pages/marketing/screens"
import { screens } from "@manyhands/pages/statistics/screens"
import {
  captchaTypes,
  customerPrices,
  emptyStatistics,
  graphData,
  noPrices,
  publicStatistics,
} from "./public-statistics-fixtures"
import { withScreenContext } from "./screen-decorator"
import { on, StoryShell as Shell, refusal, type StoryApi } from "./story-shell"

const [
  { default: OverviewScreen },
  { default: PricingScreen },
  { default: CustomerRateScreen },
  { default: SolvingSpeedScreen },
  { default: ServiceLoadScreen },
  { default: WorkersOnlineScreen },
  { default: WaitingTimeScreen },
  { default: HomeScreen },
] = await Promise.all([
  screens.PublicStatistics(),
  screens.Pricing(),
  screens.PublicStatisticsCustomerRate(),
  screens.PublicStatisticsCustomerSolvingSpeed(),
  screens.PublicStatisticsServiceLoad(),
  screens.PublicStatisticsWorkersOnline(),
  screens.PublicStatisticsWaitingTime(),
  marketing.Home(),
])

const meta = {
  title: "Screens/Public statistics",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** An answer that never comes: the route is still loading its data. */
const pending = () => new Promise<never>(() => {})

const serverDown = () => {
  throw refusal("The server could not answer. Try again in a minute.", "INTERNAL_ERROR", 500)
}

const atTop = () => window.scrollTo(0, 0)

/** Times of day on the graph pages: fixed, so the screenshots do not depend on the machine's zone. */
const ZONE = "Europe/Berlin"

/* ───────────────────────────── /public_statistics ───────────────────────────── */

const overviewStory =
  (answer: ReturnType<typeof publicStatistics> | undefined, api: StoryApi = {}) =>
  () => (
    // The screen reads its data through SWR too: the server answers it as the route preloaded it.
    <Shell api={{ [on(statisticsApi.snapshot)]: answer ?? pending, ...api }}>
      <OverviewScreen publicStatistics={answer} />
    </Shell>
  )

/** A busy day in dollars: the figures, eight types, the week's load, the six graphs and the JSON addresses. */
export const Overview: Story = {
  name: "Overview",
  render: overviewStory(publicStatistics("USD")),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole("heading", { level: 1, name: "How Manyhands is doing right now" }),
    ).toBeVisible()
    await expect(
      canvas.getByText("Figures as of May 20, 2026, 9:41 AM UTC. They are recomputed every minute."),
    ).toBeVisible()
    const solved = canvas.getByRole("group", { name: "Tasks solved" })
    await expect(solved).toHaveTextContent("256,598")
    await expect(canvas.getByRole("group", { name: "Median solve time" })).toHaveTextContent(
      "9 in 10 within 30 sec",
    )
    await expect(canvas.getByRole("group", { name: "Customers spent" })).toHaveTextContent("$256.67")
    const types = canvas.getByRole("table", { name: "Captcha types in the last 24 hours, the busiest first" })
    await expect(within(types).getAllByRole("row")).toHaveLength(1 + 8)
    const first = within(types).getAllByRole("row")[1]!
    await expect(first).toHaveTextContent("Normal image captcha")
    await expect(first).toHaveTextContent("8 sec")
    const week = canvas.getByRole("table", { name: /^Workers' load by weekday and hour/ })
    await expect(within(week).getAllByRole("row")).toHaveLength(1 + 7)
    await expect(within(week).getByRole("rowheader", { name: "Wednesday" })).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "Quietest hours (UTC)" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "How fast tasks are solved" })).toHaveAttribute(
      "href",
      "/public_statistics/customer-solving-speed",
    )
    await expect(canvas.getByRole("link", { name: "/api/v2/public_statistics?currency=USD" })).toBeVisible()
  },
}

const inRoubles = fn(() => publicStatistics("RUB"))
const inEuros = fn(serverDown)

/** Switching currency: roubles arrive; euros fail, and the amounts say so with a retry (the rest stays). */
export const OverviewCurrencies: Story = {
  name: "Overview: currency switch, failing",
  render: overviewStory(publicStatistics("USD"), {
    [on(statisticsApi.snapshot, null, { currency: "RUB" })]: inRoubles,
    [on(statisticsApi.snapshot, null, { currency: "EUR" })]: inEuros,
  }),
  play: async ({ canvas, step }) => {
    const spent = canvas.getByRole("group", { name: "Customers spent" })
    await step("roubles", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "RUB" }))
      await waitFor(() => expect(inRoubles).toHaveBeenCalled())
      await expect(await within(spent).findByText(/RUB|₽/)).toBeVisible()
      await expect(canvas.getByRole("button", { name: "RUB" })).toHaveAttribute("aria-pressed", "true")
    })
    await step("euros fail", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "EUR" }))
      const alert = await canvas.findByRole("alert")
      await expect(alert).toHaveTextContent("The amounts in this currency could not be loaded")
      await expect(within(alert).getByRole("button", { name: "Try again" })).toBeVisible()
      // Counts and times do not depend on the currency: they stay.
      await expect(canvas.getByRole("group", { name: "Tasks solved" })).toHaveTextContent("256,598")
    })
    atTop()
  },
}

/** The Russian site before the first task: every figure empty, and saying why. */
export const OverviewEmpty: Story = {
  name: "Overview: no history yet (RUB)",
  render: overviewStory(emptyStatistics("RUB")),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("No tasks in the last 24 hours yet")).toBeVisible()
    await expect(canvas.getByRole("group", { name: "Median solve time" })).toHaveTextContent("No data")
    await expect(canvas.getByRole("heading", { name: "Not enough history yet" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "RUB" })).toHaveAttribute("aria-pressed", "true")
  },
}

/** While the route loads: placeholders, no figures. */
export const OverviewLoading: Story = {
  name: "Overview: loading",
  render: overviewStory(undefined),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("group", { name: "Tasks solved" })).toHaveAttribute("aria-busy", "true")
    await expect(canvas.getAllByText("Loading the statistics…").length).toBeGreaterThan(0)
  },
}

/* ───────────────────────────── the six graphs ───────────────────────────── */

const graphStory =
  (
    graph: StatGraph,
    Screen: ComponentType<Record<string, unknown>>,
    prop: string,
    answer: ReturnType<typeof graphData> | undefined,
    api: StoryApi = {},
  ) =>
  () => (
    <Shell api={{ [on(statisticsApi.graph, { graph })]: answer ?? pending, ...api }}>
      <Screen {...{ [prop]: answer }} captchaTypes={captchaTypes} timeZone={ZONE} />
    </Shell>
  )

const rateInEuros = fn(() => graphData("devprice", { currency: "EUR" }))

/** The price customers pay, 7 days by the hour (times in Berlin), switched to euros. */
export const CustomerRate: Story = {
  name: "Customer rate: 7 days in euros",
  render: graphStory("devprice", CustomerRateScreen as never, "graphDevprice", graphData("devprice"), {
    [on(statisticsApi.graph, { graph: "devprice" }, { currency: "EUR" })]: rateInEuros,
  }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "What customers pay" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Customer rate" })).toHaveAttribute("aria-current", "page")
    await expect(canvas.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true")
    await expect(canvas.getByText("The last 7 days, by the hour · all captcha types · USD")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "EUR" }))
    await waitFor(() => expect(rateInEuros).toHaveBeenCalled())
    await expect(await canvas.findByText(/by the hour · all captcha types · EUR$/)).toBeVisible()
    const chart = canvas.getByRole("figure", { name: "Average price per 1,000 solved tasks" })
    await expect(within(chart).getAllByRole("img")).toHaveLength(168)
    await expect(chart).toHaveTextContent(
      "One point per hour; times in your time zone (Europe/Berlin). Amounts in EUR.",
    )
    atTop()
  },
}

const speedMonth = fn(() => graphData("devspeed", { period: "30d" }))

/** "30 days" redraws by the day, and the chart's table gives every point as text. */
export const SolvingSpeed: Story = {
  name: "Solving speed: 30 days as a table",
  render: graphStory("devspeed", SolvingSpeedScreen as never, "graphDevspeed", graphData("devspeed"), {
    [on(statisticsApi.graph, { graph: "devspeed" }, { period: "30d" })]: speedMonth,
  }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "30 days" }))
    await waitFor(() => expect(speedMonth).toHaveBeenCalled())
    await expect(await canvas.findByText(/^The last 30 days, by the day/)).toBeVisible()
    const chart = canvas.getByRole("figure", { name: "Time from submission to answer" })
    await userEvent.click(within(chart).getByRole("button", { name: "Show as a table" }))
    const table = within(chart).getByRole("table")
    await expect(within(table).getAllByRole("row")).toHaveLength(1 + 30)
    await expect(within(table).getByRole("columnheader", { name: "90th percentile (p90)" })).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "How it is measured" })).toBeVisible()
    atTop()
  },
}

const neverAsked = fn(() => graphData("devload", { window: { from: "2025-01-01", to: "2026-05-20" } }))
const refused = fn(() => {
  throw refusal("A window is at most 366 days long.", "WINDOW_INVALID", 400)
})

/** Days the API would refuse are refused next to the fields and never fetched; a refusal of the server too. */
export const ServiceLoad: Story = {
  name: "Service load: days refused",
  render: graphStory("devload", ServiceLoadScreen as never, "graphDevload", graphData("devload"), {
    [on(statisticsApi.graph, { graph: "devload" }, { dateFrom: "2025-01-01", dateTo: "2026-05-20" })]:
      neverAsked,
    [on(statisticsApi.graph, { graph: "devload" }, { dateFrom: "2026-04-01", dateTo: "2026-04-30" })]:
      refused,
  }),
  play: async ({ canvas, step }) => {
    const from = canvas.getByRole("textbox", { name: /From$/ })
    const to = canvas.getByRole("textbox", { name: /To$/ })
    await step("longer than 366 days", async () => {
      await userEvent.type(to, "2026-05-20")
      await userEvent.type(from, "2025-01-01")
      await expect(
        await canvas.findByText(
          "A window can be at most 366 days long: choose a later first day or an earlier last day.",
        ),
      ).toBeVisible()
      await expect(neverAsked).not.toHaveBeenCalled()
      await expect(canvas.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "false")
    })
    await step("in the future", async () => {
      await userEvent.clear(to)
      await userEvent.type(to, "2026-06-30")
      await userEvent.clear(from)
      await userEvent.type(from, "2026-06-01")
      await expect(
        await canvas.findByText("The last day cannot be in the future: choose today or an earlier day."),
      ).toBeVisible()
    })
    await step("the server refuses", async () => {
      await userEvent.clear(from)
      await userEvent.type(from, "2026-04-01")
      await userEvent.clear(to)
      await userEvent.type(to, "2026-04-30")
      await waitFor(() => expect(refused).toHaveBeenCalled())
      const alert = await canvas.findByRole("alert")
      await expect(alert).toHaveTextContent("The graph could not be loaded")
      await expect(alert).toHaveTextContent("These days cannot be shown")
    })
    atTop()
  },
}

const oneType = fn(() => graphData("devonline", { type: "GeeTestTask", empty: true }))

/** One type without any data in the period, on a phone: the empty state says what to try. */
export const WorkersOnline: Story = {
  name: "Workers online: one type without data (mobile)",
  globals: { viewport: { value: "mobile" } },
  render: graphStory("devonline", WorkersOnlineScreen as never, "graphDevonline", graphData("devonline"), {
    [on(statisticsApi.graph, { graph: "devonline" }, { type: "GeeTestTask" })]: oneType,
  }),
  play: async ({ canvas }) => {
    await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Captcha type" }), "GeeTest v3 and v4")
    await waitFor(() => expect(oneType).toHaveBeenCalled())
    await expect(await canvas.findByRole("heading", { name: "No data for this period yet" })).toBeVisible()
    await expect(canvas.getByText(/Nothing was measured for GeeTest v3 and v4/)).toBeVisible()
    atTop()
  },
}

/** While the route loads the default period. */
export const WaitingTimeLoading: Story = {
  name: "Waiting time: loading",
  render: graphStory("workspeed", WaitingTimeScreen as never, "graphWorkspeed", undefined),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText("Loading the graph…").length).toBeGreaterThan(0)
    await expect(canvas.getByRole("heading", { name: "About this figure" })).toBeVisible()
  },
}

/* ───────────────────────────── /pricing ───────────────────────────── */

const pricingStory =
  (answer: ReturnType<typeof customerPrices> | undefined, api: StoryApi = {}) =>
  () => (
    <Shell api={{ [on(statisticsApi.prices)]: answer ?? pending, ...api }}>
      <PricingScreen customerPrices={answer} />
    </Shell>
  )

/** Dollars: the list with speed, load and 14 days, the calculator worked through, and workers' pay. */
export const Pricing: Story = {
  name: "Pricing",
  render: pricingStory(customerPrices("USD")),
  play: async ({ canvas, step }) => {
    await expect(
      canvas.getByRole("heading", { level: 1, name: "Prices per 1,000 solved captchas" }),
    ).toBeVisible()
    const list = canvas.getByRole("table", {
      name: "Prices per 1,000 solved tasks in USD, with speed and load",
    })
    await expect(within(list).getAllByRole("row")).toHaveLength(1 + 8)
    const image = within(list).getByRole("row", { name: /Normal image captcha/ })
    await expect(image).toHaveTextContent("$0.50")
    await expect(image).toHaveTextContent("8 sec")
    await expect(within(image).getByRole("img", { name: /solved in the last 14 days/ })).toBeVisible()
    await step("the calculator", async () => {
      const perDay = canvas.getByRole("textbox", { name: "Captchas solved a day" })
      await userEvent.clear(perDay)
      await userEvent.type(perDay, "12.5")
      await expect(
        await canvas.findByText("Enter a whole number of captchas, for example 2500."),
      ).toBeVisible()
      await userEvent.clear(perDay)
      await userEvent.type(perDay, "2,500")
      const type = canvas.getByRole("combobox", { name: "Captcha type" })
      await userEvent.selectOptions(type, within(type).getByRole("option", { name: /^reCAPTCHA v2/ }))
      await expect(await canvas.findByText("$224.25")).toBeVisible()
      await expect(
        canvas.getByText("reCAPTCHA v2: 2,500 captchas a day at $2.99 per 1,000 come to $7.47 a day."),
      ).toBeVisible()
    })
    const pay = canvas.getByRole("table", { name: "Pay per 1,000 accepted answers in USD" })
    await expect(within(pay).getByRole("row", { name: /Normal image captcha/ })).toHaveTextContent("$0.30")
    await expect(canvas.getByRole("link", { name: "How to earn by solving captchas" })).toHaveAttribute(
      "href",
      "/make-money-online",
    )
    atTop()
  },
}

const pricesInEuros = fn(() => customerPrices("EUR"))

/** The Russian site's roubles switched to euros. */
export const PricingCurrencies: Story = {
  name: "Pricing: roubles to euros",
  render: pricingStory(customerPrices("RUB"), {
    [on(statisticsApi.prices, null, { currency: "EUR" })]: pricesInEuros,
  }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^Prices in RUB as of/)).toBeVisible()
    await expect(canvas.getAllByText(/45[.,]00/).length).toBeGreaterThan(0)
    await userEvent.click(canvas.getByRole("button", { name: "EUR" }))
    await waitFor(() => expect(pricesInEuros).toHaveBeenCalled())
    await expect(await canvas.findByText(/^Prices in EUR as of/)).toBeVisible()
    await expect(canvas.getAllByText("€0.46").length).toBeGreaterThan(0)
    atTop()
  },
}

/** Before the first task: prices apply, speed and load are not measured yet. */
export const PricingEmpty: Story = {
  name: "Pricing: no history yet",
  render: pricingStory(customerPrices("USD", true)),
  play: async ({ canvas }) => {
    const list = canvas.getByRole("table", { name: /^Prices per 1,000 solved tasks in USD/ })
    const row = within(list).getByRole("row", { name: /Normal image captcha/ })
    await expect(row).toHaveTextContent("No data")
    await expect(within(row).getByRole("img", { name: "None solved in the last 14 days" })).toBeVisible()
  },
}

/** No type on sale, while a currency that fails to load is retried. */
export const PricingError: Story = {
  name: "Pricing: nothing on sale, then an error",
  render: pricingStory(noPrices("USD"), {
    [on(statisticsApi.prices, null, { currency: "RUB" })]: serverDown,
  }),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole("heading", { name: "No captcha types are on sale right now" }),
    ).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "RUB" }))
    const alert = await canvas.findByRole("alert")
    await expect(alert).toHaveTextContent("The prices could not be loaded")
    await expect(within(alert).getByRole("button", { name: "Try again" })).toBeVisible()
    atTop()
  },
}

/** While the route loads the price list. */
export const PricingLoading: Story = {
  name: "Pricing: loading",
  render: pricingStory(undefined),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Loading the prices…")).toBeVisible()
    await expect(canvas.getAllByRole("table")[0]).toHaveAttribute("aria-busy", "true")
  },
}

/* ───────────────────────────── the home page ───────────────────────────── */

/** The home page's live band, preloaded with the page: four figures and the six busiest types' prices. */
export const HomeLive: Story = {
  name: "Home: live figures",
  render: () => (
    <HomeScreen
      captchaTypes={captchaTypes}
      publicStatistics={publicStatistics("USD")}
      customerPrices={customerPrices("USD")}
    />
  ),
  play: async ({ canvas }) => {
    const band = canvas.getByRole("region", { name: "The service right now" })
    await expect(within(band).getByRole("group", { name: "Tasks solved" })).toHaveTextContent("256,598")
    await expect(within(band).getByRole("group", { name: "Workers online" })).toHaveTextContent("214")
    await expect(within(band).getAllByRole("term")).toHaveLength(6)
    await expect(
      within(band).getByRole("link", { name: "All prices and a cost calculator" }),
    ).toHaveAttribute("href", "/pricing")
    await expect(within(band).getByRole("link", { name: "Live statistics by captcha type" })).toHaveAttribute(
      "href",
      "/public_statistics",
    )
  },
}

/** The Russian site before the first task: figures without data, prices in roubles. */
export const HomeEmpty: Story = {
  name: "Home: no history yet (RUB)",
  render: () => (
    <HomeScreen
      captchaTypes={captchaTypes}
      publicStatistics={emptyStatistics("RUB")}
      customerPrices={customerPrices("RUB", true)}
    />
  ),
  play: async ({ canvas }) => {
    const band = canvas.getByRole("region", { name: "The service right now" })
    await expect(within(band).getByText(/No tasks in the last 24 hours yet/)).toBeVisible()
    await expect(within(band).getByRole("group", { name: "Median solve time" })).toHaveTextContent(
      "No data yet",
    )
  },
}

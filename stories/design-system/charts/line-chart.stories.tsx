import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, waitFor, within } from "storybook/test"
import { LineChart, type ChartFormat, type ChartSeries } from "@manyhands/design-system"

type Row = Record<string, string | number | null>

const dates = Array.from({ length: 14 }, (_, i) => `2026-05-${String(i + 1).padStart(2, "0")}`)
const solved = [
  12840, 13210, 11975, 9820, 10460, 14380, 15120, 14870, 13960, 12110, 10240, 11530, 15890, 16420,
]
const failed = [212, 198, 240, 175, 168, 255, 231, 244, 209, 188, 160, 172, 263, 248]
const imageTime = [8.4, 8.9, 9.6, 7.8, 7.5, 10.2, 11.4, 10.8, 9.1, 8.2, 7.6, 8.0, 12.3, 11.7]
const tokenTime = [31.5, 33.2, 35.8, 29.4, 28.1, 38.6, 41.2, 39.9, 34.4, 30.8, 28.9, 30.2, 44.1, 42.6]
const hcaptchaTime = [null, null, null, null, null, 24.8, 26.1, 25.3, 22.9, 21.4, null, 20.8, 27.5, 26.9]

/** Two weeks of one customer's account. Money is in cents. */
const days: Row[] = dates.map((date, i) => ({
  date,
  solved: solved[i]!,
  failed: failed[i]!,
  spent: Math.round(solved[i]! * 0.29),
  success: solved[i]! / (solved[i]! + failed[i]!),
  image: imageTime[i]!,
  recaptcha: tokenTime[i]!,
  hcaptcha: hcaptchaTime[i]!,
}))

/** A month of tasks for three captcha types, for a dense chart without dots. */
const month: Row[] = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-04-${String(i + 1).padStart(2, "0")}`,
  image: Math.round(9000 + 2600 * Math.sin(i / 2.2) + 90 * i),
  recaptcha: Math.round(5200 + 1400 * Math.cos(i / 3) + 40 * i),
  turnstile: Math.round(1500 + 700 * Math.sin(i / 4 + 1) + 60 * i),
}))

/** Median solving time by hour of the day (UTC): slower at night, when fewer workers are online. */
const hours: Row[] = [
  13.8, 14.6, 15.1, 15.4, 14.9, 13.2, 11.6, 10.4, 9.6, 9.1, 8.8, 8.7, 8.9, 9.0, 8.8, 8.6, 8.9, 9.3, 9.8, 10.1,
  10.7, 11.4, 12.2, 13.0,
].map((seconds, hour) => ({ hour, seconds }))

const solvingTime: ChartSeries<Row>[] = [
  { key: "image", label: "Image" },
  { key: "recaptcha", label: "reCAPTCHA v2" },
]

const meta = {
  title: "Components/Charts/LineChart",
  component: LineChart<Row>,
  parameters: { layout: "padded" },
  decorators: [
    // A chart usually sits on a card; the Matrix brings its own layout.
    (Story, { parameters }) =>
      parameters.bare ? (
        <Story />
      ) : (
        <div className="max-w-3xl rounded-lg border border-border bg-surface p-5">
          <Story />
        </div>
      ),
  ],
  args: {
    title: "Median solving time",
    data: days,
    x: "date",
    series: solvingTime,
    format: "duration",
  },
  argTypes: {
    format: { control: "inline-radio", options: ["number", "currency", "duration", "percent"] },
  },
} satisfies Meta<typeof LineChart<Row>>

export default meta
type Story = StoryObj<typeof meta>

const tooltip = (root: HTMLElement) => root.querySelector<HTMLElement>("[data-slot=chart-tooltip]")

/** Two series in seconds. Tab reaches the points; arrow keys move between days and the tooltip follows. */
export const Default: Story = {
  args: { description: "From in.php to the answer, 1–14 May 2026" },
  play: async ({ canvas, canvasElement, step }) => {
    const figure = canvas.getByRole("figure", { name: "Median solving time" })
    await expect(figure).toHaveAttribute("data-slot", "line-chart")
    await expect(within(figure).getByRole("list")).toHaveTextContent("ImagereCAPTCHA v2")
    await step("focus shows the tooltip", async () => {
      await userEvent.tab()
      await expect(canvas.getByRole("button", { name: "Show as a table" })).toHaveFocus()
      await userEvent.tab()
      const first = canvas.getByRole("img", { name: /^May 1, 2026: Image 8\.4/ })
      await expect(first).toHaveFocus()
      await expect(tooltip(canvasElement)).toHaveTextContent("May 1, 2026")
      await expect(tooltip(canvasElement)).toHaveTextContent("31.5")
    })
    await step("arrow keys, Home and End move between days", async () => {
      await userEvent.keyboard("{ArrowRight}")
      await expect(canvas.getByRole("img", { name: /^May 2, 2026/ })).toHaveFocus()
      await expect(tooltip(canvasElement)).toHaveTextContent("May 2, 2026")
      await userEvent.keyboard("{End}")
      await expect(canvas.getByRole("img", { name: /^May 14, 2026/ })).toHaveFocus()
      await userEvent.keyboard("{Home}")
      await expect(canvas.getByRole("img", { name: /^May 1, 2026/ })).toHaveFocus()
      await userEvent.keyboard("{ArrowLeft}")
      await expect(canvas.getByRole("img", { name: /^May 1, 2026/ })).toHaveFocus()
      await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}")
      await expect(tooltip(canvasElement)).toHaveTextContent("May 7, 2026")
    })
    await step("only one point is a tab stop", async () => {
      const points = canvas.getAllByRole("img")
      await expect(points.filter((p) => p.tabIndex === 0)).toHaveLength(1)
    })
  },
}

/** One series needs no legend. Escape hides the tooltip; leaving the chart removes it. */
export const OneSeries: Story = {
  args: {
    title: "Captchas solved per day",
    series: [{ key: "solved", label: "Solved" }],
    format: "number",
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole("list")).toBeNull()
    await userEvent.tab()
    await userEvent.tab()
    await expect(tooltip(canvasElement)).toHaveTextContent("12,840")
    await userEvent.keyboard("{Escape}")
    await expect(tooltip(canvasElement)).toBeNull()
    await userEvent.keyboard("{ArrowRight}")
    await expect(tooltip(canvasElement)).toHaveTextContent("13,210")
    await userEvent.tab()
    await expect(tooltip(canvasElement)).toBeNull()
  },
}

/** Money in cents, shown in the account's currency; the tooltip also follows the pointer. */
export const Currency: Story = {
  args: {
    title: "Spend per day",
    description: "Charged to your balance for solved captchas",
    series: [{ key: "spent", label: "Spent", color: 2 }],
    format: "currency",
    currency: "USD",
  },
  play: async ({ canvas, canvasElement }) => {
    const point = canvas.getByRole("img", { name: "May 7, 2026: Spent $43.85" })
    await userEvent.hover(point)
    await expect(tooltip(canvasElement)).toHaveTextContent("$43.85")
    await userEvent.unhover(point)
    await waitFor(() => expect(tooltip(canvasElement)).toBeNull())
    await expect(canvasElement).toHaveTextContent("$60")
  },
}

/** Fractions shown as percentages. */
export const Percent: Story = {
  args: {
    title: "Success rate",
    description: "Solved captchas out of all sent",
    series: [{ key: "success", label: "Solved correctly", color: 2 }],
    format: "percent",
    yMin: 0.97,
    yMax: 1,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("img", { name: "May 1, 2026: Solved correctly 98.4%" })).toBeInTheDocument()
    await expect(canvas.getByText("100%")).toBeInTheDocument()
    await expect(canvas.getByText("97%")).toBeInTheDocument()
  },
}

/** Numbers on the x axis (hours) instead of days. */
export const NumericX: Story = {
  args: {
    title: "Solving time by hour",
    description: "Median over the last 30 days, UTC",
    data: hours,
    x: "hour",
    xLabel: "Hour (UTC)",
    formatX: (hour) => `${String(hour).padStart(2, "0")}:00`,
    series: [{ key: "seconds", label: "Median time", color: 5 }],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText("Hour (UTC)")[0]).toBeVisible()
    await expect(canvas.getAllByRole("img")).toHaveLength(24)
    await expect(canvas.getByRole("img", { name: /^03:00: Median time 15\.4/ })).toBeInTheDocument()
  },
}

/** Missing values break the line; the tooltip and table show a dash. */
export const WithGaps: Story = {
  args: {
    title: "Median solving time",
    series: [...solvingTime, { key: "hcaptcha", label: "hCaptcha" }],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("img", { name: /^May 1, 2026: .*hCaptcha –$/ })).toBeInTheDocument()
    await expect(canvas.getByRole("img", { name: /^May 6, 2026: .*hCaptcha 24\.8/ })).toBeInTheDocument()
  },
}

/** Thirty days and three series: dots appear only on the focused day, ticks fall on Mondays. */
export const ThirtyDays: Story = {
  args: {
    title: "Tasks by captcha type",
    description: "April 2026",
    data: month,
    format: "number",
    yLabel: "Tasks",
    series: [
      { key: "image", label: "Image" },
      { key: "recaptcha", label: "reCAPTCHA v2" },
      { key: "turnstile", label: "Turnstile" },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("img")).toHaveLength(30)
    await expect(canvas.getByText("Apr 6")).toBeInTheDocument()
    await expect(canvas.getByText("Tasks")).toBeVisible()
  },
}

/** The data table replaces the chart on request (and is always there for screen readers). */
export const DataTable: Story = {
  args: {
    title: "Captchas solved per day",
    series: [{ key: "solved", label: "Solved" }],
    format: "number",
    xLabel: "Day",
  },
  play: async ({ canvas, canvasElement, step }) => {
    const table = canvas.getByRole("table", { name: "Captchas solved per day" })
    await expect(table.parentElement).toHaveClass("sr-only")
    await step("show the table", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Show as a table" }))
      await expect(table.parentElement).not.toHaveClass("sr-only")
      await expect(canvasElement.querySelector("svg")).toBeNull()
      await expect(canvas.queryAllByRole("img")).toHaveLength(0)
      await expect(within(table).getByRole("columnheader", { name: "Day" })).toBeVisible()
      await expect(within(table).getByRole("rowheader", { name: "May 14, 2026" })).toBeVisible()
      await expect(within(table).getByRole("cell", { name: "16,420" })).toBeVisible()
    })
    await step("and back", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Show as a chart" }))
      await expect(table.parentElement).toHaveClass("sr-only")
      await userEvent.click(canvas.getByRole("button", { name: "Show as a table" }))
    })
  },
}

/** In Japanese: dates, yen (no minor units) and the built-in texts follow the provider's language. */
export const Japanese: Story = {
  globals: { locale: "ja" },
  args: {
    title: "1日あたりの支出",
    series: [{ key: "spentYen", label: "支出", color: 2 }],
    data: days.map((day) => ({ ...day, spentYen: Math.round((day.spent as number) * 1.52) })),
    format: "currency",
    currency: "JPY",
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "表で表示" })).toBeVisible()
    await expect(canvas.getAllByRole("img")[0]).toHaveAccessibleName(/^2026.*: 支出 [¥￥]5,660$/)
  },
}

/** No data: a calm placeholder, no toggle. The text can be replaced. */
export const Empty: Story = {
  args: { data: [], emptyMessage: "No captchas sent in this period" },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("No captchas sent in this period")).toBeVisible()
    await expect(canvas.queryByRole("button")).toBeNull()
    await expect(canvas.queryByRole("table")).toBeNull()
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { series: [...solvingTime, { key: "hcaptcha", label: "hCaptcha" }] },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.keyboard("{End}")
    await expect(tooltip(canvasElement)).toHaveTextContent("May 14, 2026")
    await expect(canvas.getAllByRole("listitem")).toHaveLength(3)
  },
}

/** On a phone every other date label is hidden so they do not collide. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  args: {
    title: "Captchas solved per day",
    format: "number",
    series: [
      { key: "solved", label: "Solved" },
      { key: "failed", label: "Not solved", color: 4 },
    ],
  },
  play: async ({ canvasElement }) => {
    const figure = canvasElement.querySelector<HTMLElement>("figure")!
    await expect(figure.getBoundingClientRect().width).toBeLessThan(375)
    const labels = [...canvasElement.querySelectorAll<HTMLElement>("[class*='@max-md:hidden']")]
    await expect(labels.length).toBeGreaterThan(0)
    await expect(labels.every((label) => getComputedStyle(label).display === "none")).toBe(true)
  },
}

const formats: { format: ChartFormat; title: string; series: ChartSeries<Row>[] }[] = [
  { format: "number", title: "Solved per day", series: [{ key: "solved", label: "Solved" }] },
  { format: "currency", title: "Spend per day", series: [{ key: "spent", label: "Spent", color: 2 }] },
  { format: "duration", title: "Solving time", series: solvingTime },
  { format: "percent", title: "Success rate", series: [{ key: "success", label: "Success", color: 3 }] },
]

/** Every format, one and several series, gaps and the empty state in one screenshot. */
export const Matrix: Story = {
  parameters: { bare: true },
  render: () => (
    <div className="grid max-w-5xl gap-4 md:grid-cols-2 [&>figure]:rounded-lg [&>figure]:border [&>figure]:border-border [&>figure]:bg-surface [&>figure]:p-4">
      {formats.map(({ format, title, series }) => (
        <LineChart
          key={format}
          title={title}
          data={days}
          x="date"
          series={series}
          format={format}
          height={160}
        />
      ))}
      <LineChart
        title="With gaps"
        data={days}
        x="date"
        series={[...solvingTime, { key: "hcaptcha", label: "hCaptcha" }]}
        format="duration"
        height={160}
      />
      <LineChart title="Empty" data={[]} x="date" series={solvingTime} height={160} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const figures = canvasElement.querySelectorAll("figure")
    await expect(figures).toHaveLength(6)
    await expect([...figures].map((f) => f.dataset.format)).toEqual([
      "number",
      "currency",
      "duration",
      "percent",
      "duration",
      "number",
    ])
  },
}

import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, waitFor, within } from "storybook/test"
import { BarChart, type ChartFormat, type ChartSeries } from "@manyhands/design-system"

type Row = Record<string, string | number | null>

/** A week of tasks by captcha type for one customer. */
const week: Row[] = [
  { date: "2026-05-04", image: 8120, recaptcha: 3410, hcaptcha: 920 },
  { date: "2026-05-05", image: 8640, recaptcha: 3980, hcaptcha: 1105 },
  { date: "2026-05-06", image: 9910, recaptcha: 4250, hcaptcha: 1240 },
  { date: "2026-05-07", image: 10380, recaptcha: 4020, hcaptcha: 1310 },
  { date: "2026-05-08", image: 9470, recaptcha: 3760, hcaptcha: 1180 },
  { date: "2026-05-09", image: 6210, recaptcha: 2240, hcaptcha: 760 },
  { date: "2026-05-10", image: 5830, recaptcha: 1990, hcaptcha: 640 },
]

const types: ChartSeries<Row>[] = [
  { key: "image", label: "Image" },
  { key: "recaptcha", label: "reCAPTCHA v2" },
  { key: "hcaptcha", label: "hCaptcha" },
]

/** One worker's daily earnings in cents, paid out in USD. */
const earnings: Row[] = [
  { date: "2026-05-01", earned: 412 },
  { date: "2026-05-02", earned: 538 },
  { date: "2026-05-03", earned: 0 },
  { date: "2026-05-04", earned: 697 },
  { date: "2026-05-05", earned: 745 },
  { date: "2026-05-06", earned: 681 },
  { date: "2026-05-07", earned: 809 },
  { date: "2026-05-08", earned: 588 },
  { date: "2026-05-09", earned: 264 },
  { date: "2026-05-10", earned: null },
]

/** Categories on the x axis: one bar per captcha type. */
const byType: Row[] = [
  { type: "Image", seconds: 8.7, accuracy: 0.974, spend: 4215_00 },
  { type: "reCAPTCHA v2", seconds: 34.2, accuracy: 0.951, spend: 8920_50 },
  { type: "reCAPTCHA v3", seconds: 21.5, accuracy: 0.912, spend: 2340_00 },
  { type: "hCaptcha", seconds: 26.9, accuracy: 0.943, spend: 1875_25 },
  { type: "Turnstile", seconds: 12.4, accuracy: 0.986, spend: 960_00 },
]

/** Balance movements: top-ups above zero, spending below. */
const balance: Row[] = [
  { date: "2026-05-01", topUp: 5000, spent: -3724 },
  { date: "2026-05-02", topUp: 0, spent: -3831 },
  { date: "2026-05-03", topUp: 0, spent: -3473 },
  { date: "2026-05-04", topUp: 10000, spent: -2848 },
  { date: "2026-05-05", topUp: 0, spent: -3033 },
  { date: "2026-05-06", topUp: 0, spent: -4170 },
  { date: "2026-05-07", topUp: 2500, spent: -4385 },
]

/** Twelve months of spend, one bar per month (first days of months read as months). */
const months: Row[] = [
  31200, 28950, 35410, 38820, 41210, 39950, 44780, 47320, 45110, 51240, 55870, 58930,
].map((spend, i) => ({ month: `2025-${String(i + 1).padStart(2, "0")}-01`, spend: spend * 100 }))

const meta = {
  title: "Components/Charts/BarChart",
  component: BarChart<Row>,
  parameters: { layout: "padded" },
  decorators: [
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
    title: "Tasks by captcha type",
    description: "4–10 May 2026",
    data: week,
    x: "date",
    series: types,
  },
  argTypes: {
    format: { control: "inline-radio", options: ["number", "currency", "duration", "percent"] },
    stacked: { control: "boolean" },
  },
} satisfies Meta<typeof BarChart<Row>>

export default meta
type Story = StoryObj<typeof meta>

const tooltip = (root: HTMLElement) => root.querySelector<HTMLElement>("[data-slot=chart-tooltip]")

/** Grouped bars, one group per day. Focus a day to read all three values. */
export const Default: Story = {
  play: async ({ canvas, canvasElement, step }) => {
    const figure = canvas.getByRole("figure", { name: "Tasks by captcha type" })
    await expect(figure).toHaveAttribute("data-slot", "bar-chart")
    await expect(canvasElement.querySelectorAll("svg rect")).toHaveLength(21)
    await step("focus and arrow keys", async () => {
      await userEvent.tab()
      await userEvent.tab()
      await expect(
        canvas.getByRole("img", { name: /^May 4, 2026: Image 8,120, reCAPTCHA v2 3,410/ }),
      ).toHaveFocus()
      await expect(tooltip(canvasElement)).toHaveTextContent("May 4, 2026")
      await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}")
      await expect(tooltip(canvasElement)).toHaveTextContent("10,380")
      await expect(canvas.getByRole("img", { name: /^May 7, 2026/ })).toHaveAttribute("data-active")
    })
  },
}

/** The same week stacked: one bar per day, the types on top of each other, and the day's total. */
export const Stacked: Story = {
  args: { stacked: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("figure")).toHaveAttribute("data-stacked", "true")
    const rects = [...canvasElement.querySelectorAll("svg rect")]
    await expect(rects).toHaveLength(21)
    // Every bar of a day starts where the previous one ends.
    const [first, second] = rects.slice(0, 2).map((r) => ({
      top: Number(r.getAttribute("y")),
      height: Number(r.getAttribute("height")),
    }))
    await expect(second!.top + second!.height).toBeCloseTo(first!.top, 5)
    await expect(canvas.getByText("15K")).toBeInTheDocument()
    // The provider's "Total" is read after the types (and shown in the tooltip).
    await expect(
      canvas.getByRole("img", {
        name: "May 4, 2026: Image 8,120, reCAPTCHA v2 3,410, hCaptcha 920, Total 12,450",
      }),
    ).toBeInTheDocument()
  },
}

/** One series in money: a worker's daily earnings. A day off is a zero; a missing day shows a dash. */
export const Currency: Story = {
  args: {
    title: "Your earnings",
    description: "Paid out every day at 12:00 UTC",
    data: earnings,
    series: [{ key: "earned", label: "Earned", color: 2 }],
    format: "currency",
    currency: "USD",
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole("list")).toBeNull()
    const day = canvas.getByRole("img", { name: "May 7, 2026: Earned $8.09" })
    await userEvent.hover(day)
    await expect(tooltip(canvasElement)).toHaveTextContent("$8.09")
    await userEvent.unhover(day)
    await waitFor(() => expect(tooltip(canvasElement)).toBeNull())
    await expect(canvas.getByRole("img", { name: "May 10, 2026: Earned –" })).toBeInTheDocument()
  },
}

/** Categories on the x axis, durations in seconds. */
export const Duration: Story = {
  args: {
    title: "Median solving time by type",
    description: "Last 30 days",
    data: byType,
    x: "type",
    xLabel: "Captcha type",
    series: [{ key: "seconds", label: "Median time", color: 5 }],
    format: "duration",
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText("reCAPTCHA v3").length).toBeGreaterThan(0)
    await expect(canvas.getByRole("img", { name: /^reCAPTCHA v2: Median time 34\.2/ })).toBeInTheDocument()
  },
}

/** Fractions shown as percentages. */
export const Percent: Story = {
  args: {
    title: "Accuracy by type",
    description: "Answers the customer did not report as wrong",
    data: byType,
    x: "type",
    series: [{ key: "accuracy", label: "Accuracy", color: 6 }],
    format: "percent",
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("img", { name: "Turnstile: Accuracy 98.6%" })).toBeInTheDocument()
    await expect(canvas.getByText("100%")).toBeInTheDocument()
  },
}

/** Values below zero: stacked top-ups and spending around a stronger zero line. */
export const Negative: Story = {
  args: {
    title: "Balance movements",
    description: "Top-ups and spending, 1–7 May 2026",
    data: balance,
    series: [
      { key: "topUp", label: "Top-ups", color: 2 },
      { key: "spent", label: "Spent", color: 4 },
    ],
    format: "currency",
    stacked: true,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("-$50")).toBeInTheDocument()
    await expect(
      canvas.getByRole("img", { name: "May 4, 2026: Top-ups $100.00, Spent -$28.48, Total $71.52" }),
    ).toBeInTheDocument()
  },
}

/** A year by month: first days of months read as months. */
export const Monthly: Story = {
  args: {
    title: "Spend per month",
    description: "2025",
    data: months,
    x: "month",
    series: [{ key: "spend", label: "Spent" }],
    format: "currency",
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("img", { name: "December 2025: Spent $58,930.00" })).toBeInTheDocument()
    await expect(canvas.getByText("$60K")).toBeInTheDocument()
  },
}

/** The data table instead of the chart. */
export const DataTable: Story = {
  args: { xLabel: "Day", defaultView: "table" },
  play: async ({ canvas, canvasElement }) => {
    const table = canvas.getByRole("table", { name: "Tasks by captcha type" })
    await expect(table.parentElement).not.toHaveClass("sr-only")
    await expect(canvasElement.querySelector("svg")).toBeNull()
    await expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Day", "Image", "reCAPTCHA v2", "hCaptcha"])
    await userEvent.click(canvas.getByRole("button", { name: "Show as a chart" }))
    await expect(canvasElement.querySelectorAll("svg rect").length).toBeGreaterThan(0)
    await expect(canvas.getByRole("button", { name: "Show as a table" })).toHaveFocus()
    await userEvent.click(canvas.getByRole("button", { name: "Show as a table" }))
  },
}

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Nothing here yet")).toBeVisible()
    await expect(canvas.queryByRole("img")).toBeNull()
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { stacked: true },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.keyboard("{ArrowRight}{ArrowRight}")
    await expect(tooltip(canvasElement)).toHaveTextContent("May 6, 2026")
    await expect(canvas.getAllByRole("listitem")).toHaveLength(3)
    // A stacked tooltip ends with the height of the whole bar.
    const total = tooltip(canvasElement)!.querySelector("[data-slot=chart-tooltip-total]")
    await expect(total).toHaveTextContent("Total15,400")
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector("figure")!.getBoundingClientRect().width).toBeLessThan(375)
    await expect(canvas.getAllByRole("img")).toHaveLength(7)
  },
}

const formats: { format: ChartFormat; title: string; data: Row[]; x: string; series: ChartSeries<Row>[] }[] =
  [
    { format: "number", title: "Tasks by type", data: week, x: "date", series: types },
    {
      format: "currency",
      title: "Earnings",
      data: earnings,
      x: "date",
      series: [{ key: "earned", label: "Earned", color: 2 }],
    },
    {
      format: "duration",
      title: "Solving time",
      data: byType,
      x: "type",
      series: [{ key: "seconds", label: "Median", color: 5 }],
    },
    {
      format: "percent",
      title: "Accuracy",
      data: byType,
      x: "type",
      series: [{ key: "accuracy", label: "Accuracy", color: 6 }],
    },
  ]

/** Every format, grouped and stacked, negative values and the empty state in one screenshot. */
export const Matrix: Story = {
  parameters: { bare: true },
  render: () => (
    <div className="grid max-w-5xl gap-4 md:grid-cols-2 [&>figure]:rounded-lg [&>figure]:border [&>figure]:border-border [&>figure]:bg-surface [&>figure]:p-4">
      {formats.map(({ format, title, data, x, series }) => (
        <BarChart key={format} title={title} data={data} x={x} series={series} format={format} height={160} />
      ))}
      <BarChart title="Stacked" data={week} x="date" series={types} stacked height={160} />
      <BarChart
        title="Balance movements"
        data={balance}
        x="date"
        series={[
          { key: "topUp", label: "Top-ups", color: 2 },
          { key: "spent", label: "Spent", color: 4 },
        ]}
        format="currency"
        stacked
        height={160}
      />
      <BarChart title="Empty" data={[]} x="date" series={types} height={160} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const figures = [...canvasElement.querySelectorAll<HTMLElement>("figure")]
    await expect(figures).toHaveLength(7)
    await expect(figures.filter((f) => f.dataset.stacked)).toHaveLength(2)
  },
}

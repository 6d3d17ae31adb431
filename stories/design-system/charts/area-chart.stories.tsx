import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, waitFor } from "storybook/test"
import { AreaChart, type ChartFormat, type ChartSeries } from "@manyhands/design-system"

type Row = Record<string, string | number | null>

const dates = Array.from({ length: 14 }, (_, i) => `2026-05-${String(i + 1).padStart(2, "0")}`)
const image = [1284, 1321, 1198, 982, 1046, 1438, 1512, 1487, 1396, 1211, 1024, 1153, 1589, 1642]
const recaptcha = [2440, 2517, 2275, 1866, 1987, 2732, 2873, 2825, 2652, 2301, 1946, 2191, 3019, 3120]
const hcaptcha = [null, null, 412, 538, 506, 611, 684, 702, 655, 590, 541, 566, 731, 760]
const queue = [4.1, 3.8, 5.2, 6.9, 7.4, 3.2, 2.6, 2.9, 3.5, 4.4, 6.1, 5.5, 2.2, 2.4]
const fast = [0.81, 0.83, 0.79, 0.72, 0.7, 0.85, 0.88, 0.87, 0.84, 0.8, 0.74, 0.76, 0.9, 0.89]

/** Two weeks of a customer's spend in cents by captcha type, plus queue statistics. */
const days: Row[] = dates.map((date, i) => ({
  date,
  image: image[i]!,
  recaptcha: recaptcha[i]!,
  hcaptcha: hcaptcha[i]!,
  total: image[i]! + recaptcha[i]! + (hcaptcha[i] ?? 0),
  queue: queue[i]!,
  fast: fast[i]!,
}))

const byType: ChartSeries<Row>[] = [
  { key: "recaptcha", label: "reCAPTCHA v2" },
  { key: "image", label: "Image" },
  { key: "hcaptcha", label: "hCaptcha" },
]

const meta = {
  title: "Components/Charts/AreaChart",
  component: AreaChart<Row>,
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
    title: "Spend per day",
    description: "Charged to your balance, 1–14 May 2026",
    data: days,
    x: "date",
    series: [{ key: "total", label: "Spent" }],
    format: "currency",
    currency: "USD",
  },
  argTypes: {
    format: { control: "inline-radio", options: ["number", "currency", "duration", "percent"] },
  },
} satisfies Meta<typeof AreaChart<Row>>

export default meta
type Story = StoryObj<typeof meta>

const tooltip = (root: HTMLElement) => root.querySelector<HTMLElement>("[data-slot=chart-tooltip]")

/** One series of money. The focused day gets a guide line, a larger dot and the tooltip. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("figure", { name: "Spend per day" })).toHaveAttribute(
      "data-slot",
      "area-chart",
    )
    await expect(canvasElement.querySelectorAll("svg path")).toHaveLength(2)
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.keyboard("{End}")
    await expect(canvas.getByRole("img", { name: "May 14, 2026: Spent $55.22" })).toHaveFocus()
    await expect(tooltip(canvasElement)).toHaveTextContent("$55.22")
  },
}

/** Several series overlap with see-through fills; a series that starts later begins mid-chart. */
export const SeveralSeries: Story = {
  args: { title: "Spend by captcha type", series: byType },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "reCAPTCHA v2",
      "Image",
      "hCaptcha",
    ])
    const point = canvas.getByRole("img", { name: /^May 1, 2026/ })
    await expect(point).toHaveAccessibleName("May 1, 2026: reCAPTCHA v2 $24.40, Image $12.84, hCaptcha –")
    await userEvent.hover(point)
    await expect(tooltip(canvasElement)).toHaveTextContent("–")
    await userEvent.unhover(point)
    await waitFor(() => expect(tooltip(canvasElement)).toBeNull())
  },
}

/** Seconds: how long captchas waited for a free worker. */
export const Duration: Story = {
  args: {
    title: "Time in queue",
    description: "Median wait before a worker takes the captcha",
    series: [{ key: "queue", label: "Wait", color: 3 }],
    format: "duration",
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("img", { name: "May 5, 2026: Wait 7.4 sec" })).toBeInTheDocument()
    await expect(canvas.getByText("0 sec")).toBeInTheDocument()
  },
}

/** Fractions as percentages, with the axis up to 100%. */
export const Percent: Story = {
  args: {
    title: "Solved within 10 seconds",
    description: "Share of image captchas",
    series: [{ key: "fast", label: "Within 10 s", color: 6 }],
    format: "percent",
    yMax: 1,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("100%")).toBeInTheDocument()
    await expect(canvas.getByRole("img", { name: "May 13, 2026: Within 10 s 90%" })).toBeInTheDocument()
  },
}

/** The table view, chosen by the reader. */
export const DataTable: Story = {
  args: { series: byType, xLabel: "Day" },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Show as a table" }))
    await expect(canvasElement.querySelector("figure")).toHaveAttribute("data-view", "table")
    await expect(canvas.getByRole("cell", { name: "$31.20" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Show as a chart" })).toHaveFocus()
  },
}

export const Empty: Story = {
  args: { data: [], emptyMessage: "No spending yet. Send your first captcha to see it here." },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No spending yet/)).toBeVisible()
    await expect(canvas.queryByRole("button")).toBeNull()
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { title: "Spend by captcha type", series: byType },
  play: async ({ canvasElement }) => {
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}")
    await expect(tooltip(canvasElement)).toHaveTextContent("May 4, 2026")
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  args: { title: "Spend by captcha type", series: byType },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector("figure")!.getBoundingClientRect().width).toBeLessThan(375)
    await expect(canvas.getAllByRole("img")).toHaveLength(14)
  },
}

const formats: { format: ChartFormat; title: string; series: ChartSeries<Row>[] }[] = [
  { format: "currency", title: "Spend per day", series: [{ key: "total", label: "Spent" }] },
  { format: "currency", title: "Spend by type", series: byType },
  { format: "duration", title: "Time in queue", series: [{ key: "queue", label: "Wait", color: 3 }] },
  { format: "percent", title: "Within 10 seconds", series: [{ key: "fast", label: "Share", color: 6 }] },
]

/** Every format, one and several series and the empty state in one screenshot. */
export const Matrix: Story = {
  parameters: { bare: true },
  render: () => (
    <div className="grid max-w-5xl gap-4 md:grid-cols-2 [&>figure]:rounded-lg [&>figure]:border [&>figure]:border-border [&>figure]:bg-surface [&>figure]:p-4">
      {formats.map(({ format, title, series }) => (
        <AreaChart
          key={title}
          title={title}
          data={days}
          x="date"
          series={series}
          format={format}
          height={160}
        />
      ))}
      <AreaChart
        title="Tasks per day"
        data={days}
        x="date"
        series={[{ key: "image", label: "Tasks", color: 5 }]}
        format="number"
        height={160}
      />
      <AreaChart title="Empty" data={[]} x="date" series={byType} height={160} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll("figure[data-slot=area-chart]")).toHaveLength(6)
  },
}

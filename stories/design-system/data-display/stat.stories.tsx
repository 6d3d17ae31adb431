import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { Stat, StatGroup, useFormatter } from "@manyhands/design-system"

/** A decorative line of the last 14 days, drawn in the current colour. */
function Sparkline({ points }: { points: number[] }) {
  const max = Math.max(...points)
  const min = Math.min(...points)
  const path = points
    .map((value, index) => {
      const x = (index / (points.length - 1)) * 100
      const y = 36 - ((value - min) / (max - min || 1)) * 32
      return `${index === 0 ? "M" : "L"}${x.toFixed(1)} ${y.toFixed(1)}`
    })
    .join(" ")
  return (
    <svg viewBox="0 0 100 40" preserveAspectRatio="none" className="size-full overflow-visible">
      <path d={`${path} L100 40 L0 40 Z`} className="fill-current opacity-10" />
      <path d={path} fill="none" stroke="currentColor" strokeWidth={2} vectorEffect="non-scaling-stroke" />
    </svg>
  )
}

const solvedPerDay = [38, 41, 40, 44, 39, 47, 45, 46, 49, 48, 52, 50, 53, 54]

const meta = {
  title: "Components/Data display/Stat",
  component: Stat,
  args: {
    label: "Captchas solved today",
    value: "48,213",
    change: "+12%",
    direction: "up",
    period: "vs last week",
    changeLabel: "Up 12% compared with the same day last week",
  },
  argTypes: {
    direction: { control: "inline-radio", options: ["up", "down", "neutral"] },
    intent: { control: "inline-radio", options: ["positive", "negative", "neutral"] },
    variant: { control: "inline-radio", options: ["card", "plain"] },
  },
  render: (args) => (
    <div className="w-72">
      <Stat {...args} />
    </div>
  ),
} satisfies Meta<typeof Stat>

export default meta
type Story = StoryObj<typeof meta>

/** Up is good by default: green, with an arrow; screen readers hear the change in words. */
export const Up: Story = {
  play: async ({ canvas }) => {
    const stat = canvas.getByRole("group", { name: "Captchas solved today" })
    await expect(within(stat).getByText("48,213")).toBeVisible()
    const change = stat.querySelector<HTMLElement>("[data-slot=stat-change]")!
    await expect(change).toHaveAttribute("data-intent", "positive")
    await expect(change).toHaveClass("text-success-text")
    await expect(within(stat).getByText("Up 12% compared with the same day last week")).toHaveClass("sr-only")
    // The visible "+12%" and "vs last week" are replaced by the sentence for screen readers.
    await expect(within(stat).getByText("+12%")).toHaveAttribute("aria-hidden", "true")
    await expect(within(stat).getByText("vs last week")).toHaveAttribute("aria-hidden", "true")
  },
}

export const Down: Story = {
  args: {
    label: "Balance",
    value: "$62.18",
    change: "−38%",
    direction: "down",
    period: "since Monday",
    changeLabel: "Down 38% since Monday",
  },
  play: async ({ canvasElement }) => {
    const change = canvasElement.querySelector("[data-slot=stat-change]")!
    await expect(change).toHaveAttribute("data-direction", "down")
    await expect(change).toHaveAttribute("data-intent", "negative")
    await expect(change.querySelector("svg")).toHaveAttribute("data-icon", "ArrowDown")
  },
}

/** Less is better for solve time: the arrow points down, the colour says good. */
export const DownIsGood: Story = {
  args: {
    label: "Average solve time",
    value: "11.8 s",
    change: "−0.9 s",
    direction: "down",
    intent: "positive",
    period: "vs last week",
    changeLabel: "0.9 seconds faster than last week",
  },
  play: async ({ canvasElement }) => {
    const change = canvasElement.querySelector("[data-slot=stat-change]")!
    await expect(change).toHaveAttribute("data-direction", "down")
    await expect(change).toHaveAttribute("data-intent", "positive")
  },
}

export const Neutral: Story = {
  args: {
    label: "Workers online",
    value: "1,204",
    change: "0%",
    direction: "neutral",
    changeLabel: "No change since yesterday",
    period: "vs yesterday",
  },
  play: async ({ canvasElement }) => {
    const change = canvasElement.querySelector("[data-slot=stat-change]")!
    await expect(change).toHaveAttribute("data-intent", "neutral")
    await expect(change.querySelector("svg")).toHaveAttribute("data-icon", "Minus")
  },
}

/** A sparkline of the last 14 days under the figure; it is decorative. */
export const WithSparkline: Story = {
  args: { sparkline: <Sparkline points={solvedPerDay} /> },
  play: async ({ canvasElement }) => {
    const slot = canvasElement.querySelector("[data-slot=stat-sparkline]")!
    await expect(slot).toHaveAttribute("aria-hidden", "true")
    await expect(slot.querySelector("svg")).not.toBeNull()
  },
}

/** Placeholders while the figure loads; the tile is busy and says "Loading…". */
export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    const stat = canvas.getByRole("group", { name: "Captchas solved today" })
    await expect(stat).toHaveAttribute("aria-busy", "true")
    await expect(within(stat).getByText("Loading…")).toHaveClass("sr-only")
    await expect(within(stat).queryByText("48,213")).toBeNull()
  },
}

/** The customer dashboard's KPI row; on a phone the tiles stack. */
function Dashboard() {
  const format = useFormatter()
  return (
    <StatGroup>
      <Stat
        label="Balance"
        value={format.money(6218, "USD")}
        change={`−${format.money(1420, "USD")}`}
        direction="down"
        intent="neutral"
        period="spent today"
        changeLabel={`${format.money(1420, "USD")} spent today`}
      />
      <Stat
        label="Captchas solved today"
        value={format.number(48213)}
        change="+12%"
        direction="up"
        period="vs last week"
        changeLabel="Up 12% compared with the same day last week"
        sparkline={<Sparkline points={solvedPerDay} />}
      />
      <Stat
        label="Average solve time"
        value={format.duration(11.8)}
        change="−0.9 s"
        direction="down"
        intent="positive"
        period="vs last week"
        changeLabel="0.9 seconds faster than last week"
      />
      <Stat
        label="Unsolvable"
        value={format.percent(0.021)}
        change="+0.4 pp"
        direction="up"
        intent="negative"
        period="vs last week"
        changeLabel="Up 0.4 percentage points compared with last week"
      />
    </StatGroup>
  )
}

export const Group: Story = {
  parameters: { layout: "padded" },
  render: () => <Dashboard />,
  play: async ({ canvas }) => {
    const tiles = canvas.getAllByRole("group")
    await expect(tiles).toHaveLength(4)
    const tops = tiles.map((tile) => Math.round(tile.getBoundingClientRect().top))
    await expect(new Set(tops).size).toBe(1)
  },
}

export const GroupMobile: Story = {
  parameters: { layout: "padded" },
  globals: { viewport: { value: "mobile" } },
  render: () => <Dashboard />,
  play: async ({ canvas }) => {
    const tiles = canvas.getAllByRole("group")
    const lefts = tiles.map((tile) => Math.round(tile.getBoundingClientRect().left))
    await expect(new Set(lefts).size).toBe(1)
  },
}

/** Direction × intent, loading and plain, in light and dark. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <div className="grid gap-6">
      {(["light", "dark"] as const).map((theme) => (
        <div
          key={theme}
          data-theme={theme}
          className="grid grid-cols-4 gap-4 rounded-lg bg-background p-4 text-foreground"
        >
          <Stat label="Solved today" value="48,213" change="+12%" direction="up" period="vs last week" />
          <Stat label="Balance" value="$62.18" change="−38%" direction="down" period="since Monday" />
          <Stat
            label="Average solve time"
            value="11.8 s"
            change="−0.9 s"
            direction="down"
            intent="positive"
            period="vs last week"
          />
          <Stat label="Workers online" value="1,204" change="0%" period="vs yesterday" />
          <Stat label="Solved today" value="48,213" loading change="+12%" />
          <Stat label="Payouts this month" value="$9,412.00" variant="plain" />
          <Stat
            label="Tasks per minute"
            value="812"
            change="+3%"
            direction="up"
            sparkline={<Sparkline points={solvedPerDay} />}
          />
          <Stat
            label="Queued tasks"
            value="37"
            change="+160%"
            direction="up"
            intent="negative"
            period="in 1 h"
          />
        </div>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const tiles = canvas.getAllByRole("group")
    await expect(tiles).toHaveLength(16)
    await expect(tiles.filter((tile) => tile.getAttribute("aria-busy") === "true")).toHaveLength(2)
  },
}

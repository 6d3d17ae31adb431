import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect } from "storybook/test"
import { ProgressRing, type ProgressSize, type ProgressTone } from "@manyhands/design-system"

const meta = {
  title: "Components/Status/ProgressRing",
  component: ProgressRing,
  args: { label: "Daily solving goal", value: 42, max: 60, valueText: "42 of 60 tasks" },
  argTypes: {
    tone: { control: "inline-radio", options: ["primary", "success", "warning", "danger"] },
    size: { control: "inline-radio", options: ["sm", "md", "lg"] },
  },
} satisfies Meta<typeof ProgressRing>

export default meta
type Story = StoryObj<typeof meta>

const tones: ProgressTone[] = ["primary", "success", "warning", "danger"]
const sizes: ProgressSize[] = ["sm", "md", "lg"]
const values = [0, 25, 70, 100, null] as const

/** Sizes × values (none, some, most, all, unknown) and the four tones. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <div className="flex flex-col gap-6">
      <table className="border-separate border-spacing-x-6 border-spacing-y-3 text-left text-sm">
        <thead>
          <tr>
            <th scope="col">size</th>
            {values.map((value) => (
              <th key={String(value)} scope="col" className="font-mono font-normal">
                {value ?? "indeterminate"}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sizes.map((size) => (
            <tr key={size}>
              <th scope="row" className="font-mono font-normal">
                {size}
              </th>
              {values.map((value) => (
                <td key={String(value)}>
                  <ProgressRing size={size} value={value} label={`${size} ${value ?? "indeterminate"}`} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex gap-6">
        {tones.map((tone) => (
          <ProgressRing key={tone} tone={tone} value={64} label={tone} />
        ))}
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("progressbar")).toHaveLength(sizes.length * values.length + tones.length)
    await expect(canvas.getByRole("progressbar", { name: "lg 70" })).toHaveAttribute("aria-valuetext", "70%")
    await expect(canvas.getByRole("progressbar", { name: "md indeterminate" })).not.toHaveAttribute(
      "aria-valuenow",
    )
  },
}

/** The middle shows the percentage; screen readers hear the caller's words. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const ring = canvas.getByRole("progressbar", { name: "Daily solving goal" })
    await expect(ring).toHaveAttribute("aria-valuenow", "42")
    await expect(ring).toHaveAttribute("aria-valuemax", "60")
    await expect(ring).toHaveAttribute("aria-valuetext", "42 of 60 tasks")
    await expect(ring).toHaveTextContent("70%")
  },
}

/** Any short content can take the middle; it is decorative, the value text is what is announced. */
export const CustomCenter: Story = {
  args: { size: "lg", tone: "success", children: "42/60" },
  play: async ({ canvas }) => {
    const ring = canvas.getByRole("progressbar", { name: "Daily solving goal" })
    await expect(ring).toHaveTextContent("42/60")
    await expect(canvas.getByText("42/60")).toHaveAttribute("aria-hidden", "true")
  },
}

export const Indeterminate: Story = {
  args: { label: "Waiting for a worker", value: undefined, valueText: undefined },
  play: async ({ canvas }) => {
    const ring = canvas.getByRole("progressbar", { name: "Waiting for a worker" })
    await expect(ring).toHaveAttribute("data-state", "indeterminate")
    await expect(ring).not.toHaveAttribute("aria-valuenow")
    await expect(ring.querySelector("svg")).toHaveClass("motion-safe:animate-spin")
  },
}

export const Empty: Story = {
  args: { label: "Weekly quality review", value: 0, max: 20, valueText: "0 of 20 reviewed", size: "sm" },
  play: async ({ canvas }) => {
    const ring = canvas.getByRole("progressbar", { name: "Weekly quality review" })
    await expect(ring).toHaveAttribute("aria-valuenow", "0")
    await expect(ring.querySelector('[data-slot="progress-indicator"]')).toHaveAttribute("opacity", "0")
  },
}

/** Inside a card, next to the numbers it summarises. */
export const InCard: Story = {
  render: () => (
    <section
      aria-labelledby="goal-title"
      className="flex w-80 items-center gap-4 rounded-lg border border-border bg-surface p-4 shadow-card"
    >
      <ProgressRing
        label="Daily solving goal"
        value={42}
        max={60}
        valueText="42 of 60 tasks"
        tone="success"
      />
      <div className="flex flex-col">
        <h3 id="goal-title" className="text-sm font-semibold">
          Today’s goal
        </h3>
        <p className="text-sm text-muted-foreground">42 of 60 tasks · 18 to go for the $2.00 bonus</p>
      </div>
    </section>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("region", { name: "Today’s goal" })).toContainElement(
      canvas.getByRole("progressbar", { name: "Daily solving goal" }),
    )
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  render: () => (
    <div className="flex items-center gap-6">
      <ProgressRing label="Daily goal" value={42} max={60} />
      <ProgressRing label="Accuracy" value={97} tone="success" size="lg" />
      <ProgressRing label="Waiting for a worker" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
    await expect(canvas.getByRole("progressbar", { name: "Accuracy" })).toHaveTextContent("97%")
  },
}

import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect } from "storybook/test"
import { StatusDot, statusDotStatuses, type StatusDotSize } from "@manyhands/design-system"

const meta = {
  title: "Components/Status/StatusDot",
  component: StatusDot,
  args: { status: "online", label: "Online" },
  argTypes: {
    status: { control: "select", options: statusDotStatuses },
    size: { control: "inline-radio", options: ["sm", "md", "lg"] },
  },
} satisfies Meta<typeof StatusDot>

export default meta
type Story = StoryObj<typeof meta>

const sizes: StatusDotSize[] = ["sm", "md", "lg"]
const labels = {
  online: "Online",
  busy: "Solving a task",
  away: "Away",
  offline: "Offline",
  error: "Connection lost",
} as const

/** Every status × size, with the label shown, hidden and pulsing. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <table className="border-separate border-spacing-x-6 border-spacing-y-3 text-left text-sm">
      <thead>
        <tr>
          <th scope="col">status</th>
          {sizes.map((size) => (
            <th key={size} scope="col" className="font-mono font-normal">
              {size}
            </th>
          ))}
          <th scope="col">hidden label</th>
          <th scope="col">pulse</th>
        </tr>
      </thead>
      <tbody>
        {statusDotStatuses.map((status) => (
          <tr key={status}>
            <th scope="row" className="font-mono font-normal">
              {status}
            </th>
            {sizes.map((size) => (
              <td key={size}>
                <StatusDot status={status} size={size} label={labels[status]} />
              </td>
            ))}
            <td>
              <StatusDot status={status} label={labels[status]} hideLabel />
            </td>
            <td>
              <StatusDot status={status} label={labels[status]} pulse />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvasElement }) => {
    const dots = canvasElement.querySelectorAll<HTMLElement>('[data-slot="status-dot"]')
    await expect(dots).toHaveLength(statusDotStatuses.length * 5)
    await expect(new Set(Array.from(dots, (d) => d.dataset.status))).toEqual(new Set(statusDotStatuses))
    // Offline never pulses: a ripple would say "live".
    await expect(canvasElement.querySelectorAll('[data-slot="status-dot-pulse"]')).toHaveLength(
      statusDotStatuses.length - 1,
    )
  },
}

export const Online: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText("Online")).toBeVisible()
    const indicator = canvasElement.querySelector('[data-slot="status-dot-indicator"]')
    await expect(indicator).toHaveAttribute("aria-hidden", "true")
    await expect(indicator).toHaveClass("bg-success")
  },
}

/** Offline is a hollow ring, so it differs from the others by shape as well as colour. */
export const Offline: Story = {
  args: { status: "offline", label: "Offline since 14:20" },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText("Offline since 14:20")).toBeVisible()
    await expect(canvasElement.querySelector('[data-slot="status-dot-indicator"]')).toHaveClass("border-2")
  },
}

export const ConnectionError: Story = {
  args: { status: "error", label: "Connection lost", size: "lg" },
  play: async ({ canvasElement }) => {
    const dot = canvasElement.querySelector('[data-slot="status-dot"]')
    await expect(dot).toHaveAttribute("data-status", "error")
    await expect(dot).toHaveAttribute("data-size", "lg")
  },
}

/** Only the dot shows; the words stay for screen readers. */
export const HiddenLabel: Story = {
  args: { status: "busy", label: "Solving a task", hideLabel: true },
  play: async ({ canvas }) => {
    const label = canvas.getByText("Solving a task")
    await expect(label).toHaveClass("sr-only")
    await expect(label.getBoundingClientRect().width).toBeLessThanOrEqual(1)
  },
}

/** A ripple for live states; it only moves when the user allows motion. */
export const Pulse: Story = {
  args: { status: "online", label: "Receiving tasks", pulse: true },
  play: async ({ canvasElement }) => {
    const pulse = canvasElement.querySelector('[data-slot="status-dot-pulse"]')
    await expect(pulse).not.toBeNull()
    await expect(pulse).toHaveClass("motion-safe:animate-ping")
  },
}

/** Workers in a team dashboard. */
export const WorkerList: Story = {
  render: () => (
    <ul className="flex w-80 flex-col divide-y divide-border rounded-lg border border-border bg-surface text-sm">
      {[
        { name: "Amara Okafor", status: "online" as const, label: "Online" },
        { name: "Li Wei", status: "busy" as const, label: "Solving a task" },
        { name: "Diego Ramos", status: "away" as const, label: "Away for 12 min" },
        { name: "Priya Nair", status: "offline" as const, label: "Offline" },
      ].map((worker) => (
        <li key={worker.name} className="flex items-center justify-between gap-3 px-4 py-3">
          <span className="font-medium">{worker.name}</span>
          <StatusDot
            status={worker.status}
            label={worker.label}
            className="text-muted-foreground"
            pulse={worker.status === "busy"}
          />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    const rows = canvas.getAllByRole("listitem")
    await expect(rows).toHaveLength(4)
    await expect(rows[1]).toHaveTextContent("Li WeiSolving a task")
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  render: () => (
    <div className="flex flex-wrap gap-6">
      {statusDotStatuses.map((status) => (
        <StatusDot key={status} status={status} label={labels[status]} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
    for (const label of Object.values(labels)) await expect(canvas.getByText(label)).toBeVisible()
  },
}

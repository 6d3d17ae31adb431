import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, userEvent } from "storybook/test"
import { Button, Skeleton, SkeletonGroup, SkeletonText } from "@manyhands/design-system"

const meta = {
  title: "Components/Status/Skeleton",
  component: Skeleton,
  args: { shape: "text" },
  argTypes: { shape: { control: "inline-radio", options: ["text", "circle", "rect"] } },
  decorators: [
    (Story) => (
      <div className="w-80">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Skeleton>

export default meta
type Story = StoryObj<typeof meta>

/** The three shapes, text of one to four lines, and sized variations. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  decorators: [(Story) => <Story />],
  render: () => (
    <SkeletonGroup className="grid w-[56rem] grid-cols-4 items-start gap-8">
      <div className="flex flex-col gap-3">
        <Skeleton shape="text" />
        <Skeleton shape="text" className="w-1/2" />
        <Skeleton shape="text" className="h-6 w-3/4" />
      </div>
      <div className="flex items-center gap-3">
        <Skeleton shape="circle" className="size-6" />
        <Skeleton shape="circle" className="size-8" />
        <Skeleton shape="circle" />
        <Skeleton shape="circle" className="size-16" />
      </div>
      <div className="flex flex-col gap-3">
        <Skeleton shape="rect" />
        <Skeleton shape="rect" className="h-10 w-32" />
      </div>
      <div className="flex flex-col gap-5">
        {[1, 2, 3, 4].map((lines) => (
          <SkeletonText key={lines} lines={lines} />
        ))}
      </div>
    </SkeletonGroup>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading…")
    const shapes = canvasElement.querySelectorAll<HTMLElement>('[data-slot="skeleton"]')
    await expect(shapes).toHaveLength(3 + 4 + 2 + 10)
    for (const shape of shapes) await expect(shape).toHaveClass("bg-skeleton")
  },
}

/** A line of text; hidden from screen readers on its own. */
export const Text: Story = {
  play: async ({ canvasElement }) => {
    const skeleton = canvasElement.querySelector('[data-slot="skeleton"]')
    await expect(skeleton).toHaveAttribute("aria-hidden", "true")
    await expect(skeleton).toHaveAttribute("data-variant", "text")
    await expect(skeleton).toHaveClass("motion-safe:animate-pulse")
  },
}

export const Circle: Story = {
  args: { shape: "circle", className: "size-12" },
  play: async ({ canvasElement }) => {
    const skeleton = canvasElement.querySelector<HTMLElement>('[data-slot="skeleton"]')
    await expect(skeleton?.getBoundingClientRect().width).toBe(48)
    await expect(skeleton).toHaveClass("rounded-full")
  },
}

export const Rect: Story = {
  args: { shape: "rect", className: "h-40" },
  play: async ({ canvasElement }) => {
    const skeleton = canvasElement.querySelector<HTMLElement>('[data-slot="skeleton"]')
    await expect(skeleton?.getBoundingClientRect().height).toBe(160)
  },
}

/** A paragraph whose last line is shorter. */
export const TextLines: Story = {
  render: () => <SkeletonText lines={4} />,
  play: async ({ canvasElement }) => {
    const lines = canvasElement.querySelectorAll<HTMLElement>('[data-slot="skeleton"]')
    await expect(lines).toHaveLength(4)
    const widths = Array.from(lines, (line) => line.getBoundingClientRect().width)
    await expect(widths[3]).toBeLessThan(widths[0] as number)
  },
}

function TaskRowsSkeleton() {
  return (
    <div className="flex flex-col divide-y divide-border rounded-lg border border-border bg-surface">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-3 px-4 py-3">
          <Skeleton shape="circle" className="size-8" />
          <div className="flex flex-1 flex-col gap-1">
            <Skeleton className="w-24" />
            <Skeleton className="w-40" />
          </div>
          <Skeleton shape="rect" className="h-5 w-16 rounded-full" />
        </div>
      ))}
    </div>
  )
}

/** A region of skeletons speaks once: "Loading…", from the provider. */
export const LoadingRegion: Story = {
  decorators: [(Story) => <Story />],
  render: () => (
    <SkeletonGroup className="block w-96">
      <TaskRowsSkeleton />
    </SkeletonGroup>
  ),
  play: async ({ canvas, canvasElement }) => {
    const status = canvas.getByRole("status")
    await expect(status).toHaveTextContent("Loading…")
    await expect(canvas.getByText("Loading…")).toHaveClass("sr-only")
    const hidden = canvasElement.querySelector('[data-slot="skeleton-group"] > [aria-hidden="true"]')
    await expect(hidden).toContainElement(canvasElement.querySelector('[data-slot="skeleton"]'))
  },
}

export const CustomLabel: Story = {
  render: () => (
    <SkeletonGroup label="Loading ticket #4821…" className="flex items-start gap-3">
      <Skeleton shape="circle" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="w-32" />
        <Skeleton shape="rect" className="h-20" />
      </div>
    </SkeletonGroup>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading ticket #4821…")
  },
}

function RecentTasks() {
  const [loading, setLoading] = useState(true)
  return (
    <section aria-labelledby="recent-title" className="flex w-96 flex-col gap-3">
      <div className="flex items-center justify-between">
        <h3 id="recent-title" className="text-sm font-semibold">
          Recent tasks
        </h3>
        <Button size="md" variant="tertiary" onClick={() => setLoading((l) => !l)}>
          {loading ? "Show loaded" : "Show loading"}
        </Button>
      </div>
      {loading ? (
        <SkeletonGroup>
          <TaskRowsSkeleton />
        </SkeletonGroup>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border bg-surface text-sm">
          {["7F2KQ9 · reCAPTCHA v2", "7F2KR1 · hCaptcha", "7F2KR4 · Image to text"].map((task) => (
            <li key={task} className="px-4 py-3">
              {task}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The skeleton and the content it stands for take the same room. */
export const ThenContent: Story = {
  decorators: [(Story) => <Story />],
  render: () => <RecentTasks />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("status")).toBeInTheDocument()
    await userEvent.click(canvas.getByRole("button", { name: "Show loaded" }))
    await expect(canvas.queryByRole("status")).toBeNull()
    await expect(canvas.getAllByRole("listitem")).toHaveLength(3)
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  decorators: [(Story) => <Story />],
  render: () => (
    <SkeletonGroup className="block w-96">
      <TaskRowsSkeleton />
    </SkeletonGroup>
  ),
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading…")
  },
}

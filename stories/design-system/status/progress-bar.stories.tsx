import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, userEvent } from "storybook/test"
import { Button, ProgressBar, type ProgressSize, type ProgressTone } from "@manyhands/design-system"

const meta = {
  title: "Components/Status/ProgressBar",
  component: ProgressBar,
  args: { label: "Batch upload", value: 64 },
  argTypes: {
    tone: { control: "inline-radio", options: ["primary", "success", "warning", "danger"] },
    size: { control: "inline-radio", options: ["sm", "md", "lg"] },
  },
  decorators: [
    (Story) => (
      <div className="w-96">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProgressBar>

export default meta
type Story = StoryObj<typeof meta>

const tones: ProgressTone[] = ["primary", "success", "warning", "danger"]
const sizes: ProgressSize[] = ["sm", "md", "lg"]

/** Every tone × size, plus the indeterminate bar and one with its label hidden. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  decorators: [(Story) => <Story />],
  render: () => (
    <div className="grid w-[60rem] grid-cols-3 gap-x-8 gap-y-5">
      {tones.flatMap((tone, row) =>
        sizes.map((size) => (
          <ProgressBar
            key={`${tone}-${size}`}
            label={`${tone} ${size}`}
            tone={tone}
            size={size}
            value={[25, 64, 92, 100][row]}
          />
        )),
      )}
      {sizes.map((size) => (
        <ProgressBar key={size} label={`indeterminate ${size}`} size={size} />
      ))}
      <ProgressBar label="Hidden label" hideLabel value={40} />
      <ProgressBar label="Hidden label and value" hideLabel showValue={false} value={80} />
    </div>
  ),
  play: async ({ canvas }) => {
    const bars = canvas.getAllByRole("progressbar")
    await expect(bars).toHaveLength(tones.length * sizes.length + sizes.length + 2)
    await expect(canvas.getByRole("progressbar", { name: "indeterminate md" })).not.toHaveAttribute(
      "aria-valuenow",
    )
    await expect(canvas.getByRole("progressbar", { name: "Hidden label" })).toHaveAttribute(
      "aria-valuetext",
      "40%",
    )
  },
}

export const Default: Story = {
  play: async ({ canvas }) => {
    const bar = canvas.getByRole("progressbar", { name: "Batch upload" })
    await expect(bar).toHaveAttribute("aria-valuenow", "64")
    await expect(bar).toHaveAttribute("aria-valuemin", "0")
    await expect(bar).toHaveAttribute("aria-valuemax", "100")
    await expect(bar).toHaveAttribute("aria-valuetext", "64%")
    await expect(canvas.getByText("64%")).toHaveAttribute("aria-hidden", "true")
  },
}

/** A count instead of a percentage: the same words are shown and announced. */
export const CustomValueText: Story = {
  args: {
    label: "Batch B-2291: reCAPTCHA v2",
    value: 3200,
    max: 5000,
    valueText: "3,200 of 5,000 captchas",
  },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole("progressbar", { name: "Batch B-2291: reCAPTCHA v2" })
    await expect(bar).toHaveAttribute("aria-valuemax", "5000")
    await expect(bar).toHaveAttribute("aria-valuetext", "3,200 of 5,000 captchas")
    const fill = bar.querySelector<HTMLElement>('[data-slot="progress-indicator"]')
    await expect(fill?.style.width).toBe("64%")
  },
}

/** While the amount is unknown the bar has no value; a segment slides along it (if motion is allowed). */
export const Indeterminate: Story = {
  args: { label: "Checking your API key", value: undefined },
  play: async ({ canvas, canvasElement }) => {
    const bar = canvas.getByRole("progressbar", { name: "Checking your API key" })
    await expect(bar).not.toHaveAttribute("aria-valuenow")
    await expect(bar).not.toHaveAttribute("aria-valuetext")
    await expect(canvasElement.querySelector('[data-slot="progress"]')).toHaveAttribute(
      "data-state",
      "indeterminate",
    )
  },
}

export const Complete: Story = {
  args: { label: "Payout to Visa •• 4242", value: 100, tone: "success", valueText: "Sent" },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("progressbar")).toHaveAttribute("aria-valuetext", "Sent")
    await expect(canvasElement.querySelector('[data-slot="progress"]')).toHaveAttribute(
      "data-state",
      "complete",
    )
  },
}

/** Values beyond the scale are clamped, for the bar and for assistive technology. */
export const OverLimit: Story = {
  args: { label: "Daily spending limit", value: 112, tone: "danger", size: "lg" },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole("progressbar", { name: "Daily spending limit" })
    await expect(bar).toHaveAttribute("aria-valuenow", "100")
    await expect(bar).toHaveAttribute("aria-valuetext", "100%")
  },
}

export const HiddenLabel: Story = {
  args: { label: "Profile completeness", value: 35, hideLabel: true, size: "sm" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("progressbar", { name: "Profile completeness" })).toBeVisible()
    await expect(canvas.getByText("Profile completeness")).toHaveClass("sr-only")
  },
}

function UploadDemo() {
  const [sent, setSent] = useState(1200)
  return (
    <div className="flex w-96 flex-col gap-3">
      <ProgressBar label="Sending captchas" value={sent} max={4000} valueText={`${sent} of 4000`} />
      <Button onClick={() => setSent((n) => Math.min(4000, n + 1400))}>Send next chunk</Button>
    </div>
  )
}

/** The bar follows its value. */
export const Updating: Story = {
  decorators: [(Story) => <Story />],
  render: () => <UploadDemo />,
  play: async ({ canvas }) => {
    const bar = canvas.getByRole("progressbar", { name: "Sending captchas" })
    await userEvent.click(canvas.getByRole("button", { name: "Send next chunk" }))
    await expect(bar).toHaveAttribute("aria-valuenow", "2600")
    await userEvent.click(canvas.getByRole("button", { name: "Send next chunk" }))
    await userEvent.click(canvas.getByRole("button", { name: "Send next chunk" }))
    await expect(bar).toHaveAttribute("aria-valuenow", "4000")
    await expect(bar).toHaveAttribute("aria-valuetext", "4000 of 4000")
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  render: () => (
    <div className="flex w-96 flex-col gap-4">
      <ProgressBar label="Batch upload" value={64} />
      <ProgressBar label="Payout" value={100} tone="success" />
      <ProgressBar label="Monthly budget" value={86} tone="warning" />
      <ProgressBar label="Checking your API key" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
    await expect(canvas.getAllByRole("progressbar")).toHaveLength(4)
  },
}

import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent } from "storybook/test"
import {
  Button,
  ButtonGroup,
  ChevronDownIcon,
  CopyIcon,
  IconButton,
  PlusIcon,
  type ButtonVariant,
} from "@manyhands/design-system"

const meta = {
  title: "Components/Actions/ButtonGroup",
  component: ButtonGroup,
  args: { label: "Export tasks" },
} satisfies Meta<typeof ButtonGroup>

export default meta
type Story = StoryObj<typeof meta>

/** Attached buttons share their edges; screen readers hear one labelled group. */
export const Default: Story = {
  render: (args) => (
    <ButtonGroup {...args}>
      <Button variant="secondary">CSV</Button>
      <Button variant="secondary">JSON</Button>
      <Button variant="secondary">Excel</Button>
    </ButtonGroup>
  ),
  play: async ({ canvas }) => {
    const group = canvas.getByRole("group", { name: "Export tasks" })
    await expect(group).toHaveAttribute("data-attached")
    const [first, second, third] = canvas.getAllByRole("button")
    const a = (first as HTMLElement).getBoundingClientRect()
    const b = (second as HTMLElement).getBoundingClientRect()
    // Borders overlap by one pixel: no gap, no double line.
    await expect(b.left).toBe(a.right - 1)
    await expect(getComputedStyle(second as HTMLElement).borderRadius).toBe("0px")
    await userEvent.tab()
    await expect(first).toHaveFocus()
    await userEvent.tab()
    await userEvent.tab()
    await expect(third).toHaveFocus()
  },
}

function PeriodSwitch() {
  const [period, setPeriod] = useState("week")
  return (
    <ButtonGroup label="Statistics period">
      {["day", "week", "month"].map((value) => (
        <Button
          key={value}
          variant={period === value ? "primary" : "service"}
          aria-pressed={period === value}
          onClick={() => setPeriod(value)}
        >
          {value === "day" ? "Today" : value === "week" ? "7 days" : "30 days"}
        </Button>
      ))}
    </ButtonGroup>
  )
}

/** Toggle buttons (`aria-pressed`) in a group make a compact period switch. */
export const PeriodToggle: Story = {
  render: () => <PeriodSwitch />,
  play: async ({ canvas }) => {
    const month = canvas.getByRole("button", { name: "30 days" })
    await expect(canvas.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true")
    await userEvent.click(month)
    await expect(month).toHaveAttribute("aria-pressed", "true")
    await expect(canvas.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "false")
  },
}

const newTask = fn()

/** A main action with an attached icon button; borderless variants get a thin divider. */
export const SplitButton: Story = {
  args: { label: "Create task" },
  render: (args) => (
    <ButtonGroup {...args}>
      <Button onClick={newTask}>
        <PlusIcon />
        New task
      </Button>
      <IconButton variant="primary" label="More task types" icon={<ChevronDownIcon />} tooltip={false} />
    </ButtonGroup>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "New task" }))
    await expect(newTask).toHaveBeenCalledTimes(1)
    const more = canvas.getByRole("button", { name: "More task types" })
    await expect(getComputedStyle(more).borderLeftWidth).toBe("1px")
  },
}

export const Vertical: Story = {
  args: { label: "Worker actions", orientation: "vertical" },
  render: (args) => (
    <ButtonGroup {...args} className="w-56">
      <Button variant="service">Open profile</Button>
      <Button variant="service">Send a message</Button>
      <Button variant="service">Pause tasks</Button>
    </ButtonGroup>
  ),
  play: async ({ canvas }) => {
    const [first, second] = canvas.getAllByRole("button")
    const a = (first as HTMLElement).getBoundingClientRect()
    const b = (second as HTMLElement).getBoundingClientRect()
    await expect(b.top).toBe(a.bottom - 1)
    await expect(b.width).toBe(a.width)
  },
}

/** `attached={false}` keeps related buttons apart but still groups them for screen readers. */
export const Detached: Story = {
  args: { label: "API key actions", attached: false },
  render: (args) => (
    <ButtonGroup {...args}>
      <Button variant="service">
        <CopyIcon />
        Copy key
      </Button>
      <Button variant="primary-danger">Regenerate</Button>
    </ButtonGroup>
  ),
  play: async ({ canvas }) => {
    const [first, second] = canvas.getAllByRole("button")
    const gap =
      (second as HTMLElement).getBoundingClientRect().left -
      (first as HTMLElement).getBoundingClientRect().right
    await expect(gap).toBe(8)
  },
}

const variants: ButtonVariant[] = [
  "primary",
  "secondary",
  "service",
  "primary-light",
  "primary-gray",
  "primary-earls-green",
  "primary-danger",
]

/** Attached groups in the common variants, both sizes, horizontal and vertical. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <div className="flex gap-10 p-2">
      <div className="flex flex-col gap-4">
        {variants.map((variant) => (
          <div key={variant} className="flex items-center gap-4">
            <span className="w-40 font-mono text-sm">{variant}</span>
            <ButtonGroup label={`Captcha type, ${variant}`}>
              <Button variant={variant}>reCAPTCHA</Button>
              <Button variant={variant}>hCaptcha</Button>
              <Button variant={variant}>Image</Button>
            </ButtonGroup>
            <ButtonGroup label={`Captcha type, ${variant}, large`}>
              <Button variant={variant} size="lg">
                reCAPTCHA
              </Button>
              <Button variant={variant} size="lg">
                hCaptcha
              </Button>
            </ButtonGroup>
          </div>
        ))}
      </div>
      <div className="flex items-start gap-4">
        {(["secondary", "service", "primary"] as const).map((variant) => (
          <ButtonGroup key={variant} label={`Sort workers, ${variant}`} orientation="vertical">
            <Button variant={variant}>Rating</Button>
            <Button variant={variant}>Speed</Button>
            <Button variant={variant}>Earnings</Button>
          </ButtonGroup>
        ))}
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("group")).toHaveLength(variants.length * 2 + 3)
    await expect(canvas.getAllByRole("button")).toHaveLength(variants.length * 5 + 9)
  },
}

import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, userEvent } from "storybook/test"
import { Button, ProgressSteps } from "@manyhands/design-system"

const onboarding = ["Create account", "Verify email", "Pass the practice test", "Set up payouts"]

const meta = {
  title: "Components/Status/ProgressSteps",
  component: ProgressSteps,
  args: { steps: onboarding, current: 1, label: "Worker sign-up" },
  argTypes: { orientation: { control: "inline-radio", options: ["horizontal", "vertical"] } },
  decorators: [
    (Story) => (
      <div className="w-[40rem] max-w-full">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ProgressSteps>

export default meta
type Story = StoryObj<typeof meta>

/** Each position of the current step, in both orientations and the compact form. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  decorators: [(Story) => <Story />],
  render: (args) => (
    <div className="flex flex-col gap-8">
      <div className="grid w-[60rem] grid-cols-2 gap-x-10 gap-y-8">
        {[0, 1, 3, 4].map((current) => (
          <ProgressSteps key={current} {...args} current={current} label={`Horizontal at ${current}`} />
        ))}
      </div>
      <div className="grid grid-cols-4 gap-8">
        {[0, 2, 4].map((current) => (
          <ProgressSteps
            key={current}
            {...args}
            orientation="vertical"
            current={current}
            label={`Vertical at ${current}`}
          />
        ))}
      </div>
      <div className="grid w-[60rem] grid-cols-3 gap-8">
        {[0, 2, 4].map((current) => (
          <ProgressSteps key={current} steps={4} current={current} label={`Compact at ${current}`} />
        ))}
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("list")).toHaveLength(7)
    const first = canvas.getByRole("list", { name: "Horizontal at 0" })
    await expect(first.querySelector('[aria-current="step"]')).toHaveTextContent(
      "Step 1 of 4: Create account",
    )
    await expect(
      canvas.getByRole("list", { name: "Vertical at 4" }).querySelector("[aria-current]"),
    ).toBeNull()
    await expect(canvas.getByRole("group", { name: "Compact at 4" })).toHaveTextContent("Step 4 of 4")
  },
}

/** The current step carries aria-current and the provider's "Step 2 of 4"; finished ones say "completed". */
export const Default: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole("list", { name: "Worker sign-up" })
    const items = canvas.getAllByRole("listitem")
    await expect(list).toBeVisible()
    await expect(items).toHaveLength(4)
    await expect(items[1]).toHaveAttribute("aria-current", "step")
    await expect(items[1]).toHaveTextContent("Step 2 of 4: Verify email")
    await expect(items[0]).toHaveTextContent("Create account, completed")
    await expect(items[0]).toHaveAttribute("data-state", "complete")
    await expect(items[3]).toHaveAttribute("data-state", "upcoming")
  },
}

export const Vertical: Story = {
  args: { orientation: "vertical", current: 2 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="progress-steps"]')).toHaveAttribute(
      "data-orientation",
      "vertical",
    )
    await expect(canvas.getAllByRole("listitem")[2]).toHaveTextContent("Step 3 of 4: Pass the practice test")
  },
}

/** All done: no step is current and every one is marked complete; `completedLabel` replaces "completed". */
export const Complete: Story = {
  args: { current: 4, completedLabel: "done" },
  play: async ({ canvas }) => {
    const items = canvas.getAllByRole("listitem")
    for (const item of items) await expect(item).toHaveAttribute("data-state", "complete")
    await expect(items[3]).toHaveTextContent("Set up payouts, done")
    await expect(canvas.getByRole("list").querySelector("[aria-current]")).toBeNull()
  },
}

/** Only a count: a segmented bar under the provider's "Step 3 of 5". */
export const Compact: Story = {
  args: { steps: 5, current: 2, label: "Top-up" },
  play: async ({ canvas }) => {
    const group = canvas.getByRole("group", { name: "Top-up" })
    await expect(group).toHaveTextContent("Step 3 of 5")
    await expect(group.querySelectorAll('[data-state="complete"]')).toHaveLength(2)
  },
}

function Wizard() {
  const steps = ["Amount", "Payment method", "Confirm"]
  const [current, setCurrent] = useState(0)
  return (
    <div className="flex w-[32rem] flex-col gap-6">
      <ProgressSteps steps={steps} current={current} label="Top up balance" />
      <div className="flex justify-between">
        <Button variant="tertiary" disabled={current === 0} onClick={() => setCurrent((n) => n - 1)}>
          Back
        </Button>
        <Button onClick={() => setCurrent((n) => Math.min(steps.length, n + 1))}>
          {current >= steps.length - 1 ? "Pay $25.00" : "Continue"}
        </Button>
      </div>
    </div>
  )
}

/** Moving through a three-step top-up. */
export const InAWizard: Story = {
  decorators: [(Story) => <Story />],
  render: () => <Wizard />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Continue" }))
    await expect(canvas.getAllByRole("listitem")[1]).toHaveAttribute("aria-current", "step")
    await userEvent.click(canvas.getByRole("button", { name: "Continue" }))
    await expect(canvas.getAllByRole("listitem")[2]).toHaveTextContent("Step 3 of 3: Confirm")
    await userEvent.click(canvas.getByRole("button", { name: "Back" }))
    await expect(canvas.getAllByRole("listitem")[1]).toHaveTextContent("Step 2 of 3: Payment method")
  },
}

/** On a phone, the vertical form keeps long step names readable. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  args: { orientation: "vertical", current: 1 },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("listitem")).toHaveLength(4)
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  args: { current: 2 },
  render: (args) => (
    <div className="flex flex-col gap-8">
      <ProgressSteps {...args} />
      <ProgressSteps steps={4} current={2} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
    await expect(canvas.getAllByText("Step 3 of 4").length).toBeGreaterThan(0)
  },
}

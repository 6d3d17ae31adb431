import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { Steps } from "@manyhands/design-system"

const onboarding = [
  { title: "Create an account", description: "E-mail and password" },
  { title: "Top up the balance", description: "From $1, by card or crypto" },
  { title: "Get an API key", description: "Copy it into your software" },
  { title: "Send the first captcha", description: "Same endpoints as 2captcha" },
]

const meta = {
  title: "Components/Navigation/Steps",
  component: Steps,
  parameters: { layout: "padded" },
  args: {
    steps: onboarding,
    current: 1,
    "aria-label": "Getting started",
  },
  render: (args) => (
    <div className="w-full max-w-4xl">
      <Steps {...args} />
    </div>
  ),
} satisfies Meta<typeof Steps>

export default meta
type Story = StoryObj<typeof meta>

/**
 * Complete, current and upcoming steps in a row; the current one is `aria-current="step"`, complete ones say
 * the provider's "completed".
 */
export const Horizontal: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole("list", { name: "Getting started" })
    const steps = within(list).getAllByRole("listitem")
    await expect(steps.map((step) => step.dataset.state)).toEqual([
      "complete",
      "current",
      "upcoming",
      "upcoming",
    ])
    await expect(steps[1]).toHaveAttribute("aria-current", "step")
    await expect(steps[0]).not.toHaveAttribute("aria-current")
    await expect(steps[1]).toHaveTextContent("Step 2 of 4")
    await expect(steps[0]).toHaveTextContent("(completed)")
    await expect(steps[0]?.getBoundingClientRect().top).toBe(steps[3]?.getBoundingClientRect().top)
  },
}

/** A rail beside a long form; `completeLabel` replaces the provider's "completed". */
export const Vertical: Story = {
  args: { orientation: "vertical", current: 2, completeLabel: "done" },
  play: async ({ canvas }) => {
    const steps = canvas.getAllByRole("listitem")
    await expect(steps[2]).toHaveAttribute("aria-current", "step")
    await expect(steps[0]).toHaveTextContent("Create an account(done)")
    await expect(steps[1]?.getBoundingClientRect().top).toBeGreaterThan(
      steps[0]?.getBoundingClientRect().top ?? 0,
    )
  },
}

export const FirstStep: Story = {
  args: { current: 0 },
  play: async ({ canvas }) => {
    const steps = canvas.getAllByRole("listitem")
    await expect(steps.filter((step) => step.dataset.state === "upcoming")).toHaveLength(3)
  },
}

/** Past the last step every step is complete. */
export const AllComplete: Story = {
  args: { current: 4 },
  play: async ({ canvas }) => {
    const steps = canvas.getAllByRole("listitem")
    await expect(steps.every((step) => step.dataset.state === "complete")).toBe(true)
    await expect(canvas.queryByRole("listitem", { current: "step" })).toBeNull()
  },
}

/** A step's own state wins: the worker skipped the optional test and came back later. */
export const ExplicitStates: Story = {
  args: {
    "aria-label": "Becoming a worker",
    current: 2,
    steps: [
      { title: "Sign up", description: "Choose a payout method" },
      { title: "Practice test", description: "20 sample captchas", state: "upcoming" },
      { title: "Solve for real", description: "Paid per accepted answer" },
    ],
  },
  play: async ({ canvas }) => {
    const steps = canvas.getAllByRole("listitem")
    await expect(steps.map((step) => step.dataset.state)).toEqual(["complete", "upcoming", "current"])
  },
}

/** On a phone the row turns into a column. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  play: async ({ canvas }) => {
    const steps = canvas.getAllByRole("listitem")
    await expect(steps[1]?.getBoundingClientRect().top).toBeGreaterThan(
      steps[0]?.getBoundingClientRect().top ?? 0,
    )
    await expect(steps[0]?.getBoundingClientRect().left).toBe(steps[1]?.getBoundingClientRect().left)
  },
}

/** The "Step 2 of 4" and "completed" texts come from the provider. */
export const FrenchDark: Story = {
  globals: { locale: "fr", theme: "dark" },
  args: {
    "aria-label": "Premiers pas",
    steps: [
      { title: "Créer un compte", description: "E-mail et mot de passe" },
      { title: "Recharger le solde", description: "À partir de 1 $" },
      { title: "Obtenir une clé API" },
    ],
  },
  play: async ({ canvas }) => {
    const current = canvas.getByRole("listitem", { current: "step" })
    await expect(current).not.toHaveTextContent("Step 2 of 3")
    await expect(current).toHaveTextContent("Recharger le solde")
    await expect(canvas.getAllByRole("listitem")[0]).toHaveTextContent("Créer un compte(terminé)")
  },
}

export const Matrix: Story = {
  render: (args) => (
    <div className="flex w-full max-w-4xl flex-col gap-10">
      {[0, 2, 4].map((current) => (
        <div key={`h${current}`} className="flex flex-col gap-3">
          <p className="font-mono text-xs text-muted-foreground">horizontal, current {current}</p>
          <Steps {...args} current={current} aria-label={`Horizontal, current ${current}`} />
        </div>
      ))}
      <div className="grid grid-cols-3 gap-6">
        {[0, 2, 4].map((current) => (
          <div key={`v${current}`} className="flex flex-col gap-3">
            <p className="font-mono text-xs text-muted-foreground">vertical, current {current}</p>
            <Steps
              {...args}
              orientation="vertical"
              current={current}
              aria-label={`Vertical, current ${current}`}
            />
          </div>
        ))}
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("list")).toHaveLength(6)
    await expect(canvas.getAllByRole("listitem", { current: "step" })).toHaveLength(4)
  },
}

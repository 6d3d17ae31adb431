import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor } from "storybook/test"
import { Alert, Button, noticeTones, type NoticeTone } from "@manyhands/design-system"

const meta = {
  title: "Components/Notices/Alert",
  component: Alert,
  parameters: { layout: "padded" },
  decorators: [
    // Alerts sit in content: a column of a form's width, wider for the matrix.
    (Story, { parameters }) => (
      <div className="max-w-full" style={{ width: (parameters.width as string | undefined) ?? "36rem" }}>
        <Story />
      </div>
    ),
  ],
  args: {
    tone: "info",
    title: "Answers arrive in 12 seconds on average",
    children: "Image captchas are solved by people. Poll res.php every 5 seconds, not more often.",
  },
  argTypes: {
    tone: { control: "inline-radio", options: noticeTones },
  },
} satisfies Meta<typeof Alert>

export default meta
type Story = StoryObj<typeof meta>

const examples: Record<NoticeTone, { title: string; text: string }> = {
  info: {
    title: "Answers arrive in 12 seconds on average",
    text: "Image captchas are solved by people. Poll res.php every 5 seconds, not more often.",
  },
  success: {
    title: "Payout details saved",
    text: "Your next payout goes to the USDT (TRC-20) wallet ending in …9f3A.",
  },
  warning: {
    title: "Some answers were reported as wrong",
    text: "3 of your last 50 answers were rejected by customers. Below 90% accuracy, new tasks pause for an hour.",
  },
  danger: {
    title: "The payment did not go through",
    text: "Your card was declined by the bank. Nothing was charged; try another card or pay with crypto.",
  },
  promo: {
    title: "Earn 20% more at night",
    text: "Tasks solved between 00:00 and 06:00 UTC pay a fifth more until the end of the month.",
  },
}

/** Every tone with its icon, with a title only, with text only, with an action and dismissible. */
export const Matrix: Story = {
  render: () => (
    <div className="grid gap-3">
      {noticeTones.map((tone) => (
        <div key={tone} className="grid gap-3 sm:grid-cols-2">
          <Alert tone={tone} title={examples[tone].title}>
            {examples[tone].text}
          </Alert>
          <Alert
            tone={tone}
            onDismiss={() => {}}
            action={
              <Button variant="secondary" className="bg-surface">
                Details
              </Button>
            }
          >
            {examples[tone].title}.
          </Alert>
        </div>
      ))}
    </div>
  ),
  parameters: { width: "56rem" },
  play: async ({ canvas, canvasElement }) => {
    const alerts = Array.from(canvasElement.querySelectorAll<HTMLElement>('[data-slot="alert"]'))
    await expect(alerts).toHaveLength(noticeTones.length * 2)
    await expect(new Set(alerts.map((alert) => alert.dataset.tone))).toEqual(new Set(noticeTones))
    await expect(canvas.getAllByRole("alert")).toHaveLength(2)
    await expect(canvas.getAllByRole("status")).toHaveLength((noticeTones.length - 1) * 2)
    // Each tone draws its own icon.
    const icons = alerts.map((alert) => alert.querySelector("svg")?.dataset.icon)
    await expect(new Set(icons)).toEqual(new Set(["Info", "Success", "Warning", "Danger", "Star"]))
  },
}

function toneStory(tone: NoticeTone): Story {
  return {
    args: { tone, title: examples[tone].title, children: examples[tone].text },
    play: async ({ canvas }) => {
      const alert = canvas.getByRole(tone === "danger" ? "alert" : "status")
      await expect(alert).toHaveAttribute("data-tone", tone)
      await expect(alert).toHaveTextContent(examples[tone].title)
      await expect(alert.querySelector("svg")).toHaveAttribute("aria-hidden", "true")
    },
  }
}

export const Info = toneStory("info")
export const Success = toneStory("success")
export const Warning = toneStory("warning")
/** Only danger is role="alert": screen readers interrupt to read it. */
export const Danger = toneStory("danger")
export const Promo = toneStory("promo")

export const WithAction: Story = {
  args: {
    tone: "danger",
    title: examples.danger.title,
    children: examples.danger.text,
    action: (
      <>
        <Button variant="primary-danger" onClick={fn()}>
          Try another card
        </Button>
        <Button variant="tertiary">Pay with USDT</Button>
      </>
    ),
  },
  play: async ({ canvas }) => {
    const alert = canvas.getByRole("alert")
    await expect(alert).toContainElement(canvas.getByRole("button", { name: "Try another card" }))
    await userEvent.tab()
    await expect(canvas.getByRole("button", { name: "Try another card" })).toHaveFocus()
    await userEvent.tab()
    await expect(canvas.getByRole("button", { name: "Pay with USDT" })).toHaveFocus()
  },
}

export const Dismissible: Story = {
  args: { tone: "success", title: examples.success.title, children: examples.success.text, onDismiss: fn() },
  play: async ({ canvas, args }) => {
    const alert = canvas.getByRole("status")
    await userEvent.click(canvas.getByRole("button", { name: "Dismiss" }))
    await expect(args.onDismiss).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(alert).not.toBeInTheDocument())
  },
}

/** Just a line of text: no title, no icon. */
export const Plain: Story = {
  args: {
    title: undefined,
    icon: false,
    children: "Prices are per 1,000 captchas and include the solver's pay.",
  },
  play: async ({ canvas }) => {
    const alert = canvas.getByRole("status")
    await expect(alert.querySelector("svg")).toBeNull()
    await expect(alert).toHaveTextContent("Prices are per 1,000 captchas")
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  args: {
    tone: "warning",
    title: examples.warning.title,
    children: examples.warning.text,
    onDismiss: fn(),
    action: <Button variant="secondary">See rejected answers</Button>,
  },
  play: async ({ canvas }) => {
    const alert = canvas.getByRole("status")
    await expect(alert.getBoundingClientRect().width).toBeLessThanOrEqual(375)
    await expect(canvas.getByRole("button", { name: "See rejected answers" })).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  render: () => (
    <div className="grid gap-3">
      {noticeTones.map((tone) => (
        <Alert key={tone} tone={tone} title={examples[tone].title} onDismiss={() => {}}>
          {examples[tone].text}
        </Alert>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(document.documentElement.dataset.theme).toBe("dark")
    await expect(canvas.getAllByRole("button", { name: "Dismiss" })).toHaveLength(noticeTones.length)
  },
}

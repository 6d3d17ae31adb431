import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor } from "storybook/test"
import { Banner, Button, noticeTones, type NoticeTone } from "@manyhands/design-system"

const meta = {
  title: "Components/Notices/Banner",
  component: Banner,
  parameters: { layout: "fullscreen" },
  args: {
    tone: "info",
    title: "Scheduled maintenance on 14 June, 02:00–02:30 UTC",
    children:
      "Captchas sent through the API during the window are queued and solved right after it. Queued tasks are not charged.",
  },
  argTypes: {
    tone: { control: "inline-radio", options: noticeTones },
  },
} satisfies Meta<typeof Banner>

export default meta
type Story = StoryObj<typeof meta>

const examples: Record<NoticeTone, { title: string; text: string; action: string }> = {
  info: {
    title: "Scheduled maintenance on 14 June, 02:00–02:30 UTC",
    text: "Captchas sent during the window are queued and solved right after it.",
    action: "Read the status page",
  },
  success: {
    title: "Payout sent",
    text: "124.50 USDT is on its way to your TRC-20 wallet; it usually arrives within 10 minutes.",
    action: "Payout history",
  },
  warning: {
    title: "Your balance is running low",
    text: "At today's rate your $4.20 lasts about 2 hours. New captchas are refused when it reaches zero.",
    action: "Top up balance",
  },
  danger: {
    title: "Your API key was disabled",
    text: "It was used from 40 addresses in an hour. Create a new key to keep sending captchas.",
    action: "Create a new key",
  },
  promo: {
    title: "10% bonus on top-ups over $100",
    text: "Until Sunday, every top-up of $100 or more adds a tenth on top of it to your balance.",
    action: "Top up with the bonus",
  },
}

/** All tones, with and without an action and a dismiss button: one screenshot guards them all. */
export const Matrix: Story = {
  render: () => (
    <div className="flex flex-col gap-4 py-4">
      {noticeTones.map((tone) => (
        <div key={tone} className="flex flex-col gap-2">
          <Banner tone={tone} title={examples[tone].title}>
            {examples[tone].text}
          </Banner>
          <Banner
            tone={tone}
            title={examples[tone].title}
            action={
              <Button variant={tone === "danger" ? "primary-danger" : "primary"}>
                {examples[tone].action}
              </Button>
            }
            onDismiss={() => {}}
          >
            {examples[tone].text}
          </Banner>
        </div>
      ))}
      <Banner icon={false}>A banner without an icon and without a title, for the shortest notes.</Banner>
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    const banners = Array.from(canvasElement.querySelectorAll<HTMLElement>('[data-slot="banner"]'))
    await expect(banners).toHaveLength(noticeTones.length * 2 + 1)
    await expect(new Set(banners.map((banner) => banner.dataset.tone))).toEqual(new Set(noticeTones))
    await expect(canvas.getAllByRole("alert")).toHaveLength(2)
    await expect(canvas.getAllByRole("button", { name: "Dismiss" })).toHaveLength(noticeTones.length)
  },
}

export const Info: Story = {
  play: async ({ canvas }) => {
    const banner = canvas.getByRole("status")
    await expect(banner).toHaveAttribute("data-slot", "banner")
    await expect(banner).toHaveAttribute("data-tone", "info")
    await expect(banner).toHaveTextContent("Scheduled maintenance")
    await expect(canvas.queryByRole("button")).toBeNull()
  },
}

export const Success: Story = {
  args: { tone: "success", title: examples.success.title, children: examples.success.text },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("status")).toHaveAttribute("data-tone", "success")
  },
}

/** A Button as the action: the banner only places it. */
export const WarningWithAction: Story = {
  args: {
    tone: "warning",
    title: examples.warning.title,
    children: examples.warning.text,
    action: <Button onClick={fn()}>Top up balance</Button>,
  },
  play: async ({ canvas }) => {
    const banner = canvas.getByRole("status")
    await expect(banner).toHaveAttribute("data-tone", "warning")
    const button = canvas.getByRole("button", { name: "Top up balance" })
    await expect(banner).toContainElement(button)
    await userEvent.click(button)
    await expect(button).toHaveFocus()
  },
}

/** Danger interrupts: it is the only tone announced as an alert. */
export const Danger: Story = {
  args: {
    tone: "danger",
    title: examples.danger.title,
    children: examples.danger.text,
    action: (
      <Button asChild variant="primary-danger">
        <a href="#api-keys">Create a new key</a>
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    const banner = canvas.getByRole("alert")
    await expect(banner).toHaveAttribute("data-tone", "danger")
    await expect(canvas.getByRole("link", { name: "Create a new key" })).toHaveAttribute("href", "#api-keys")
  },
}

export const Promo: Story = {
  args: {
    tone: "promo",
    title: examples.promo.title,
    children: examples.promo.text,
    action: (
      <Button asChild variant="secondary">
        <a href="#top-up">Top up with the bonus</a>
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("status")).toHaveAttribute("data-tone", "promo")
    await expect(canvas.getByRole("link", { name: "Top up with the bonus" })).toBeVisible()
  },
}

/** The dismiss button hides the banner and tells the app, which remembers the choice. */
export const Dismissible: Story = {
  args: { onDismiss: fn() },
  play: async ({ canvas, args, step }) => {
    const banner = canvas.getByRole("status")
    const dismiss = canvas.getByRole("button", { name: "Dismiss" })
    await step("keyboard reaches the dismiss button", async () => {
      await userEvent.tab()
      await expect(dismiss).toHaveFocus()
    })
    await step("Enter dismisses", async () => {
      await userEvent.keyboard("{Enter}")
      await expect(args.onDismiss).toHaveBeenCalledTimes(1)
      await waitFor(() => expect(banner).not.toBeInTheDocument())
    })
  },
}

/** Dismissible, with the dismiss button's name given by the app. */
export const CustomDismissLabel: Story = {
  args: {
    tone: "promo",
    title: examples.promo.title,
    children: examples.promo.text,
    onDismiss: fn(),
    dismissLabel: "Hide the offer",
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Hide the offer" }))
    await expect(args.onDismiss).toHaveBeenCalledTimes(1)
    await expect(canvas.queryByRole("status")).toBeNull()
  },
}

/** On a phone the action moves under the message; the dismiss button stays in the corner. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  args: {
    tone: "warning",
    title: examples.warning.title,
    children: examples.warning.text,
    action: <Button>Top up balance</Button>,
    onDismiss: fn(),
  },
  play: async ({ canvas }) => {
    const banner = canvas.getByRole("status")
    await expect(banner.getBoundingClientRect().width).toBeLessThanOrEqual(375)
    const action = canvas.getByRole("button", { name: "Top up balance" })
    const text = canvas.getByText(/lasts about 2 hours/)
    await expect(action.getBoundingClientRect().top).toBeGreaterThan(text.getBoundingClientRect().bottom)
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  render: () => (
    <div className="flex flex-col gap-2 py-4">
      {noticeTones.map((tone) => (
        <Banner key={tone} tone={tone} title={examples[tone].title} onDismiss={() => {}}>
          {examples[tone].text}
        </Banner>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(document.documentElement.dataset.theme).toBe("dark")
    await expect(canvas.getAllByRole("button", { name: "Dismiss" })).toHaveLength(noticeTones.length)
  },
}

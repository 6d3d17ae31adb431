import type { Decorator, Meta, StoryObj } from "@storybook/react-vite"
import { expect, screen, userEvent, waitFor } from "storybook/test"
import {
  Button,
  IconButton,
  InfoIcon,
  Tooltip,
  TooltipProvider,
  WalletIcon,
  type TooltipSide,
} from "@manyhands/design-system"

/** Room around the trigger so the open tooltip lies inside the screenshot. */
const roomy: Decorator = (Story) => (
  <div className="flex min-h-52 items-center justify-center px-8 py-6">
    <Story />
  </div>
)

const meta = {
  title: "Components/Overlays/Tooltip",
  component: Tooltip,
  decorators: [roomy],
  args: {
    content: "Solved captchas are paid at the price of the moment they were sent",
    children: (
      <Button variant="service">
        <InfoIcon />
        How prices work
      </Button>
    ),
  },
} satisfies Meta<typeof Tooltip>

export default meta
type Story = StoryObj<typeof meta>

/** Appears after a short rest of the pointer; describes its trigger for screen readers while open. */
export const Hover: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole("button", { name: "How prices work" })
    await userEvent.hover(trigger)
    await expect(screen.queryByRole("tooltip")).toBeNull()
    const tooltip = await screen.findByRole("tooltip")
    await expect(tooltip).toHaveTextContent("paid at the price")
    await expect(trigger).toHaveAccessibleDescription(/paid at the price/)
    await expect(tooltip.getBoundingClientRect().bottom).toBeLessThanOrEqual(
      trigger.getBoundingClientRect().top,
    )
    await userEvent.unhover(trigger)
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull())
    await userEvent.hover(trigger)
    await screen.findByRole("tooltip")
  },
}

/** Keyboard focus shows it at once; Escape hides it and leaves focus where it was. */
export const KeyboardFocus: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole("button", { name: "How prices work" })
    await userEvent.tab()
    await expect(trigger).toHaveFocus()
    await screen.findByRole("tooltip")
    await userEvent.keyboard("{Escape}")
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull())
    await expect(trigger).toHaveFocus()
    await userEvent.tab({ shift: true })
    await userEvent.tab()
    await screen.findByRole("tooltip")
  },
}

/** `delayDuration` changes the wait before it opens (here 800 ms instead of 300 ms). */
export const LongDelay: Story = {
  args: { delayDuration: 800 },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole("button", { name: "How prices work" })
    await userEvent.hover(trigger)
    await new Promise((done) => setTimeout(done, 450))
    await expect(screen.queryByRole("tooltip")).toBeNull()
    await screen.findByRole("tooltip", {}, { timeout: 2000 })
  },
}

/**
 * Inside one TooltipProvider, once a tooltip has opened the next one opens without waiting. Icon buttons
 * show their label as a tooltip but are not described by it a second time.
 */
export const SharedProvider: Story = {
  render: () => (
    <TooltipProvider delayDuration={500}>
      <div className="flex gap-2">
        <IconButton label="Top up balance" icon={<WalletIcon />} />
        <IconButton label="Price list" icon={<InfoIcon />} />
      </div>
    </TooltipProvider>
  ),
  play: async ({ canvas }) => {
    const first = canvas.getByRole("button", { name: "Top up balance" })
    const second = canvas.getByRole("button", { name: "Price list" })
    await userEvent.hover(first)
    await screen.findByRole("tooltip", { name: "Top up balance" })
    await expect(first).not.toHaveAttribute("aria-describedby")
    await userEvent.unhover(first)
    await userEvent.hover(second)
    // Well under the 500 ms delay: the skip-delay window is open.
    await screen.findByRole("tooltip", { name: "Price list" }, { timeout: 250 })
  },
}

/** Long hints wrap at 320 px. */
export const LongText: Story = {
  args: {
    content:
      "A worker's answer is accepted when it matches the answers of two other workers. Rejected answers are not paid and lower the worker's rating.",
    defaultOpen: true,
    children: <Button variant="tertiary">Why was my answer rejected?</Button>,
  },
  decorators: [
    (Story) => (
      <div className="pt-16">
        <Story />
      </div>
    ),
  ],
  play: async () => {
    const tooltip = await screen.findByRole("tooltip")
    const panel = tooltip.closest('[data-slot="tooltip"]') ?? tooltip
    await expect(panel.getBoundingClientRect().width).toBeLessThanOrEqual(320)
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { defaultOpen: true },
  play: async () => {
    await screen.findByRole("tooltip")
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
  },
}

const sides: TooltipSide[] = ["top", "right", "bottom", "left"]

/** All four sides open at once, with and without the arrow. */
export const Matrix: Story = {
  decorators: [
    (Story) => (
      <div className="p-16">
        <Story />
      </div>
    ),
  ],
  render: () => (
    <TooltipProvider>
      <div className="grid grid-cols-2 gap-x-16 gap-y-14">
        {sides.flatMap((side) =>
          [true, false].map((arrow) => (
            <div key={`${side}-${arrow}`} className="flex w-[30rem] justify-center">
              <Tooltip
                content={`Copy task ID (${arrow ? side : `${side}, no arrow`})`}
                side={side}
                arrow={arrow}
                open
              >
                <Button variant="service">{arrow ? side : `${side}, no arrow`}</Button>
              </Tooltip>
            </div>
          )),
        )}
      </div>
    </TooltipProvider>
  ),
  play: async ({ canvas }) => {
    const tips = await screen.findAllByRole("tooltip")
    await expect(tips).toHaveLength(8)
    for (const side of sides) {
      const trigger = canvas.getByRole("button", { name: side })
      const tip = screen.getByRole("tooltip", { name: `Copy task ID (${side})` })
      await expect(tip).toHaveAttribute("data-side", side)
      await expect(trigger).toHaveAccessibleDescription(`Copy task ID (${side})`)
    }
    // Every tooltip lies inside the canvas, so the screenshot shows them all.
    const canvasBox = canvas
      .getByRole("button", { name: "top" })
      .closest(".grid")
      ?.parentElement?.getBoundingClientRect()
    for (const tip of tips) {
      const box = tip.getBoundingClientRect()
      await expect(box.top).toBeGreaterThanOrEqual(canvasBox?.top ?? 0)
      await expect(box.bottom).toBeLessThanOrEqual(canvasBox?.bottom ?? 0)
    }
  },
}

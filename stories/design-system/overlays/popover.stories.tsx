import type { Decorator, Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import {
  Button,
  InfoIcon,
  Popover,
  PopoverClose,
  PopoverContent,
  PopoverDescription,
  PopoverTitle,
  PopoverTrigger,
} from "@manyhands/design-system"

const meta = {
  title: "Components/Overlays/Popover",
  component: PopoverContent,
  decorators: [
    (Story) => (
      <div className="flex min-h-96 items-start justify-center p-6">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PopoverContent>

export default meta
type Story = StoryObj<typeof meta>

function BalancePopover({ arrow = false }: { arrow?: boolean }) {
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="service">
          <InfoIcon />
          Balance details
        </Button>
      </PopoverTrigger>
      <PopoverContent arrow={arrow}>
        <PopoverTitle>Balance: 42.18 USD</PopoverTitle>
        <PopoverDescription>Enough for about 42,000 reCAPTCHA v2 solutions.</PopoverDescription>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5">
          <dt className="text-muted-foreground">Spent today</dt>
          <dd className="text-right font-medium tabular-nums">3.06 USD</dd>
          <dt className="text-muted-foreground">Spent this month</dt>
          <dd className="text-right font-medium tabular-nums">61.40 USD</dd>
        </dl>
        <Button asChild variant="secondary" className="mt-4 w-full">
          <a href="#billing">Top up balance</a>
        </Button>
      </PopoverContent>
    </Popover>
  )
}

/** Opens under its trigger, named by its title; Escape closes it and focus returns to the trigger. */
export const Default: Story = {
  render: () => <BalancePopover />,
  play: async ({ canvas, step }) => {
    const trigger = canvas.getByRole("button", { name: "Balance details" })
    await step("open", async () => {
      await userEvent.click(trigger)
      const popover = await screen.findByRole("dialog", { name: "Balance: 42.18 USD" })
      await expect(popover).toHaveAccessibleDescription(/42,000 reCAPTCHA/)
      await expect(trigger).toHaveAttribute("aria-expanded", "true")
      await expect(popover.getBoundingClientRect().top).toBeGreaterThan(
        trigger.getBoundingClientRect().bottom,
      )
      await waitFor(() => expect(popover).toContainElement(document.activeElement as HTMLElement))
    })
    await step("Escape closes and focus returns", async () => {
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
      await expect(trigger).toHaveFocus()
      await expect(trigger).toHaveAttribute("aria-expanded", "false")
    })
    await step("Enter opens it again", async () => {
      await userEvent.keyboard("{Enter}")
      await screen.findByRole("dialog")
    })
  },
}

/** An arrow points at the trigger; it continues the panel's border. */
export const WithArrow: Story = {
  render: () => <BalancePopover arrow />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Balance details" }))
    const popover = await screen.findByRole("dialog")
    await expect(popover.querySelector('[data-slot="popover-arrow"]')).not.toBeNull()
  },
}

/** A click anywhere outside closes it (it is not modal: the page stays usable). */
export const OutsideClickCloses: Story = {
  render: () => (
    <div className="flex flex-col items-center gap-6">
      <BalancePopover />
      <p className="text-sm text-muted-foreground">Balance is updated every minute.</p>
    </div>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Balance details" }))
    await screen.findByRole("dialog")
    await userEvent.click(canvas.getByText("Balance is updated every minute."))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
  },
}

const saveLimit = fn()

function DailyLimit() {
  const [limit, setLimit] = useState("10.00")
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="secondary">Daily limit: {limit} USD</Button>
      </PopoverTrigger>
      <PopoverContent align="start" arrow>
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            const value = new FormData(event.currentTarget).get("limit") as string
            setLimit(value)
            saveLimit(value)
          }}
        >
          <PopoverTitle>Daily spending limit</PopoverTitle>
          <PopoverDescription>
            New captchas are refused once the day's spending reaches it.
          </PopoverDescription>
          <label className="flex flex-col gap-1.5 font-medium">
            Limit, USD
            <input
              name="limit"
              defaultValue={limit}
              inputMode="decimal"
              className="h-10 rounded-md border border-border-strong bg-surface px-3 font-normal focus-ring"
            />
          </label>
          <div className="flex justify-end gap-2">
            <PopoverClose asChild>
              <Button variant="tertiary">Cancel</Button>
            </PopoverClose>
            <Button type="submit">Save</Button>
          </div>
        </form>
      </PopoverContent>
    </Popover>
  )
}

/** A small form in a popover; `PopoverClose` closes it from inside. */
export const WithForm: Story = {
  render: () => <DailyLimit />,
  play: async ({ canvas, step }) => {
    const trigger = canvas.getByRole("button", { name: "Daily limit: 10.00 USD" })
    await step("Cancel closes without saving", async () => {
      await userEvent.click(trigger)
      const popover = await screen.findByRole("dialog", { name: "Daily spending limit" })
      await userEvent.click(within(popover).getByRole("button", { name: "Cancel" }))
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
      await expect(saveLimit).not.toHaveBeenCalled()
    })
    await step("save a new limit", async () => {
      await userEvent.click(trigger)
      const input = await screen.findByRole("textbox", { name: "Limit, USD" })
      await userEvent.clear(input)
      await userEvent.type(input, "25.00{Enter}")
      await expect(saveLimit).toHaveBeenCalledWith("25.00")
      await expect(canvas.getByRole("button", { name: "Daily limit: 25.00 USD" })).toBeVisible()
    })
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  render: () => <BalancePopover arrow />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Balance details" }))
    await screen.findByRole("dialog")
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
  },
}

const sides = ["top", "right", "bottom", "left"] as const

const centred: Decorator = (Story) => (
  <div className="flex min-h-[28rem] items-center justify-center">
    <Story />
  </div>
)

/**
 * Each side, with the arrow. Only one popover is screenshotted (the hook captures the last open
 * dialog), so the play function opens each side and checks where it landed; the last (left) stays open.
 */
export const Matrix: Story = {
  decorators: [centred],
  render: () => (
    <div className="grid grid-cols-2 gap-4">
      {sides.map((side) => (
        <Popover key={side}>
          <PopoverTrigger asChild>
            <Button variant="service">{`Captcha price (${side})`}</Button>
          </PopoverTrigger>
          <PopoverContent side={side} arrow className="w-56">
            <PopoverTitle>reCAPTCHA v2</PopoverTitle>
            <PopoverDescription>1.00 USD per 1,000 solutions, 9 s on average.</PopoverDescription>
          </PopoverContent>
        </Popover>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    for (const side of sides) {
      const trigger = canvas.getByRole("button", { name: `Captcha price (${side})` })
      await userEvent.click(trigger)
      const popover = await screen.findByRole("dialog", { name: "reCAPTCHA v2" })
      await expect(popover).toHaveAttribute("data-side", side)
      const t = trigger.getBoundingClientRect()
      const p = popover.getBoundingClientRect()
      const gap = {
        top: t.top - p.bottom,
        bottom: p.top - t.bottom,
        left: t.left - p.right,
        right: p.left - t.right,
      }
      // The side offset (8 px) plus the arrow between panel and trigger.
      await expect(gap[side]).toBeGreaterThan(8)
      await expect(gap[side]).toBeLessThanOrEqual(16)
      if (side !== "left") {
        await userEvent.keyboard("{Escape}")
        await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
      }
    }
  },
}

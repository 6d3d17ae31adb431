import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import {
  Button,
  Drawer,
  DrawerClose,
  englishMessages,
  type DrawerSide,
  type DrawerSize,
} from "@manyhands/design-system"
import { catalog } from "@manyhands/design-system/messages"

function WorkerProfile() {
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-2 gap-4">
        {[
          ["Accepted answers", "98.7%"],
          ["Average time", "7.4 s"],
          ["Captchas this week", "12,480"],
          ["Earned this week", "18.72 USD"],
        ].map(([term, value]) => (
          <div key={term} className="rounded-md border border-border bg-surface-muted p-3">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="text-base font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <section className="flex flex-col gap-2">
        <h3 className="font-semibold">Skills</h3>
        <p className="text-muted-foreground">reCAPTCHA v2, hCaptcha, image text (Latin, Cyrillic)</p>
      </section>
      <section className="flex flex-col gap-2">
        <h3 className="font-semibold">Last payouts</h3>
        <ul className="flex flex-col divide-y divide-border">
          {["14.10 USD · 3 June", "22.35 USD · 27 May", "19.80 USD · 20 May"].map((line) => (
            <li key={line} className="py-2">
              {line}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}

const meta = {
  title: "Components/Overlays/Drawer",
  component: Drawer,
  args: {
    title: "Worker #48213",
    description: "Solving since March 2024 · Kazakhstan",
    onClose: fn(),
    trigger: <Button variant="secondary">Open worker</Button>,
    children: <WorkerProfile />,
    footer: (
      <>
        <DrawerClose asChild>
          <Button variant="tertiary">Done</Button>
        </DrawerClose>
        <Button variant="primary-danger">Block worker</Button>
      </>
    ),
  },
} satisfies Meta<typeof Drawer>

export default meta
type Story = StoryObj<typeof meta>

/** Slides in from the right; Escape closes it and focus returns to the trigger. */
export const Default: Story = {
  play: async ({ canvas, args, step }) => {
    const trigger = canvas.getByRole("button", { name: "Open worker" })
    await step("open", async () => {
      await userEvent.click(trigger)
      const drawer = await screen.findByRole("dialog", { name: "Worker #48213" })
      await expect(drawer).toHaveAccessibleDescription("Solving since March 2024 · Kazakhstan")
      await expect(drawer).toHaveAttribute("data-side", "right")
      const box = drawer.getBoundingClientRect()
      await expect(box.right).toBe(window.innerWidth)
      await expect(box.width).toBe(448)
      await expect(box.height).toBe(window.innerHeight)
      await waitFor(() => expect(drawer).toContainElement(document.activeElement as HTMLElement))
    })
    await step("Escape closes and focus returns", async () => {
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
      await expect(args.onClose).toHaveBeenCalledTimes(1)
      await waitFor(() => expect(trigger).toHaveFocus())
    })
    await step("reopen for the screenshot", async () => {
      await userEvent.click(trigger)
      await screen.findByRole("dialog")
    })
  },
}

/** Filters of the task list, from the left. */
export const Left: Story = {
  args: {
    side: "left",
    size: "sm",
    title: "Filter tasks",
    description: undefined,
    trigger: <Button variant="service">Filters</Button>,
    children: (
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-semibold">Captcha type</legend>
        {["reCAPTCHA v2", "reCAPTCHA v3", "hCaptcha", "Image to text"].map((type, index) => (
          <label key={type} className="flex items-center gap-2">
            <input type="checkbox" defaultChecked={index < 2} className="size-4 accent-primary" />
            {type}
          </label>
        ))}
      </fieldset>
    ),
    footer: (
      <>
        <Button variant="tertiary">Reset</Button>
        <DrawerClose asChild>
          <Button>Show 1,204 tasks</Button>
        </DrawerClose>
      </>
    ),
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Filters" }))
    const drawer = await screen.findByRole("dialog", { name: "Filter tasks" })
    const box = drawer.getBoundingClientRect()
    await expect(box.left).toBe(0)
    await expect(box.width).toBe(384)
    await userEvent.click(within(drawer).getByRole("button", { name: "Show 1,204 tasks" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await expect(args.onClose).toHaveBeenCalledTimes(1)
    await userEvent.click(canvas.getByRole("button", { name: "Filters" }))
    await screen.findByRole("dialog")
  },
}

/** From the bottom: the whole width, no taller than the size allows. */
export const Bottom: Story = {
  args: {
    side: "bottom",
    size: "md",
    title: "Task #90412",
    description: "reCAPTCHA v2 · solved in 9 s by worker #48213",
    trigger: <Button variant="service">Task details</Button>,
    children: (
      <pre className="overflow-x-auto rounded-md bg-surface-muted p-3 font-mono text-xs">
        {`{ "status": 1, "request": "03AGdBq25SxXT-pmSeBXjzScW-EiocHwwpwqtk1QXlJnGnU..." }`}
      </pre>
    ),
    footer: undefined,
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Task details" }))
    const drawer = await screen.findByRole("dialog", { name: "Task #90412" })
    const box = drawer.getBoundingClientRect()
    await expect(box.bottom).toBe(window.innerHeight)
    await expect(box.width).toBe(window.innerWidth)
    await expect(box.height).toBeLessThanOrEqual(window.innerHeight * 0.6)
    await expect(drawer.querySelector('[data-slot="drawer-footer"]')).toBeNull()
  },
}

export const OverlayClickCloses: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole("button", { name: "Open worker" })
    await userEvent.click(trigger)
    await screen.findByRole("dialog")
    const overlay = document.querySelector<HTMLElement>('[data-slot="drawer-overlay"]') as HTMLElement
    await userEvent.click(overlay, { pointerEventsCheck: 0 })
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await expect(args.onClose).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(trigger).toHaveFocus())
  },
}

/** The close button in the header carries the provider's "Close"; a caller may rename it. */
export const CloseButton: Story = {
  args: { closeLabel: "Close the worker profile", defaultOpen: true },
  play: async ({ args }) => {
    const drawer = await screen.findByRole("dialog")
    await userEvent.click(within(drawer).getByRole("button", { name: "Close the worker profile" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await expect(args.onClose).toHaveBeenCalledTimes(1)
  },
}

/** Only its own buttons close it: Escape and the overlay do nothing (a payout being sent, say). */
export const NotDismissible: Story = {
  args: { closeOnEscape: false, closeOnOverlayClick: false },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Open worker" }))
    await screen.findByRole("dialog")
    await userEvent.keyboard("{Escape}")
    const overlay = document.querySelector<HTMLElement>('[data-slot="drawer-overlay"]') as HTMLElement
    await userEvent.click(overlay, { pointerEventsCheck: 0 })
    await expect(screen.getByRole("dialog")).toBeVisible()
    await expect(args.onClose).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole("button", { name: "Done" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await expect(args.onClose).toHaveBeenCalledTimes(1)
  },
}

/** A long body scrolls inside the drawer; header and footer stay put, and the page behind is locked. */
export const LongContent: Story = {
  args: {
    defaultOpen: true,
    title: "Payout history",
    description: "Worker #48213 · 40 payouts",
    children: (
      <ul className="flex flex-col divide-y divide-border">
        {Array.from({ length: 40 }, (_, index) => (
          <li key={index} className="flex justify-between py-2.5">
            <span>{`${(index % 28) + 1} ${index < 28 ? "May" : "April"} 2025`}</span>
            <span className="font-medium tabular-nums">
              {(12 + ((index * 7) % 13) + 0.35).toFixed(2)} USD
            </span>
          </li>
        ))}
      </ul>
    ),
  },
  play: async () => {
    const drawer = await screen.findByRole("dialog", { name: "Payout history" })
    const body = drawer.querySelector<HTMLElement>('[data-slot="drawer-body"]') as HTMLElement
    await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight)
    // With nothing focusable inside, the body itself takes focus so the keyboard can scroll it.
    await waitFor(() => expect(body).toHaveAttribute("tabindex", "0"))
    await userEvent.tab()
    await expect(body).toHaveFocus()
    await expect(getComputedStyle(document.body).overflow).toBe("hidden")
    const footer = drawer.querySelector('[data-slot="drawer-footer"]') as HTMLElement
    await expect(footer.getBoundingClientRect().bottom).toBe(window.innerHeight)
  },
}

/** On a phone a side drawer takes the whole width. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  args: { defaultOpen: true },
  play: async () => {
    const drawer = await screen.findByRole("dialog", { name: "Worker #48213" })
    await expect(drawer.getBoundingClientRect().width).toBe(window.innerWidth)
  },
}

export const Russian: Story = {
  globals: { locale: "ru" },
  args: {
    defaultOpen: true,
    title: "Исполнитель #48213",
    description: "Решает капчи с марта 2024 года",
    footer: undefined,
  },
  play: async () => {
    const expected = { ...englishMessages, ...catalog.ru }.close
    const drawer = await screen.findByRole("dialog", { name: "Исполнитель #48213" })
    await expect(drawer.querySelector('[data-slot="drawer-close"]')).toHaveAccessibleName(expected)
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { defaultOpen: true },
  play: async () => {
    await screen.findByRole("dialog", { name: "Worker #48213" })
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
  },
}

const sides: DrawerSide[] = ["right", "left", "bottom"]
const sizes: DrawerSize[] = ["sm", "md", "lg"]
const widths: Record<DrawerSize, number> = { sm: 384, md: 448, lg: 672 }

/**
 * Every side × size. One drawer can be open at a time, so the play function opens each and measures
 * it; the screenshot shows the last (bottom, large).
 */
export const Matrix: Story = {
  render: () => (
    <div className="grid grid-cols-3 gap-3">
      {sides.flatMap((side) =>
        sizes.map((size) => (
          <Drawer
            key={`${side}-${size}`}
            side={side}
            size={size}
            title={`Withdraw earnings (${side}, ${size})`}
            description="Payouts to TRC20 wallets arrive within an hour."
            trigger={<Button variant="service">{`${side} ${size}`}</Button>}
            footer={
              <>
                <DrawerClose asChild>
                  <Button variant="tertiary">Cancel</Button>
                </DrawerClose>
                <Button>Withdraw 18.72 USD</Button>
              </>
            }
          >
            <p>Your balance is 18.72 USD. The minimum payout is 1.00 USD; the network fee is 0.50 USD.</p>
          </Drawer>
        )),
      )}
    </div>
  ),
  play: async ({ canvas }) => {
    const triggers = canvas.getAllByRole("button")
    await expect(triggers).toHaveLength(9)
    for (const [index, trigger] of triggers.entries()) {
      const side = sides[Math.floor(index / 3)] as DrawerSide
      const size = sizes[index % 3] as DrawerSize
      await userEvent.click(trigger)
      const drawer = await screen.findByRole("dialog", { name: `Withdraw earnings (${side}, ${size})` })
      const box = drawer.getBoundingClientRect()
      if (side === "bottom") {
        await expect(box.width).toBe(window.innerWidth)
        await expect(box.bottom).toBe(window.innerHeight)
      } else {
        await expect(box.width).toBe(widths[size])
        await expect(side === "right" ? window.innerWidth - box.right : box.left).toBe(0)
      }
      if (index < triggers.length - 1) {
        await userEvent.keyboard("{Escape}")
        await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
      }
    }
  },
}

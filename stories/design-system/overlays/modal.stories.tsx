import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import { Button, englishMessages, Modal, ModalClose, type ModalSize } from "@manyhands/design-system"
import { catalog } from "@manyhands/design-system/messages"

const meta = {
  title: "Components/Overlays/Modal",
  component: Modal,
  args: {
    title: "Regenerate the API key?",
    description: "Programs that use the current key stop working until you give them the new one.",
    onClose: fn(),
    trigger: <Button variant="primary-danger">Regenerate key</Button>,
    children: (
      <p>
        The new key is shown once. Copy it into every program that sends captchas to Manyhands before you
        close this window.
      </p>
    ),
    footer: (
      <>
        <ModalClose asChild>
          <Button variant="tertiary">Cancel</Button>
        </ModalClose>
        <ModalClose asChild>
          <Button variant="primary-danger">Regenerate</Button>
        </ModalClose>
      </>
    ),
  },
} satisfies Meta<typeof Modal>

export default meta
type Story = StoryObj<typeof meta>

/** Opens from its trigger; Escape closes it and focus goes back to the trigger. */
export const Default: Story = {
  play: async ({ canvas, args, step }) => {
    const trigger = canvas.getByRole("button", { name: "Regenerate key" })
    await step("open", async () => {
      await userEvent.click(trigger)
      const dialog = await screen.findByRole("dialog", { name: "Regenerate the API key?" })
      await expect(dialog).toHaveAttribute("data-size", "md")
      await expect(dialog).toHaveAccessibleDescription(/stop working/)
      await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))
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

export const OverlayClickCloses: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole("button", { name: "Regenerate key" })
    await userEvent.click(trigger)
    await screen.findByRole("dialog")
    const overlay = document.querySelector<HTMLElement>('[data-slot="modal-overlay"]')
    await expect(overlay).not.toBeNull()
    await userEvent.click(overlay as HTMLElement, { pointerEventsCheck: 0 })
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await expect(args.onClose).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(trigger).toHaveFocus())
  },
}

export const CloseButton: Story = {
  args: { closeLabel: "Close the window" },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Regenerate key" }))
    const dialog = await screen.findByRole("dialog")
    await userEvent.click(screen.getByRole("button", { name: "Close the window" }))
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    await expect(args.onClose).toHaveBeenCalledTimes(1)
  },
}

/** A caller can make a modal that only its own buttons close (a payment in progress, say). */
export const NotDismissible: Story = {
  args: { closeOnEscape: false, closeOnOverlayClick: false },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Regenerate key" }))
    await screen.findByRole("dialog")
    await userEvent.keyboard("{Escape}")
    const overlay = document.querySelector<HTMLElement>('[data-slot="modal-overlay"]') as HTMLElement
    await userEvent.click(overlay, { pointerEventsCheck: 0 })
    await expect(screen.getByRole("dialog")).toBeVisible()
    await expect(args.onClose).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await expect(args.onClose).toHaveBeenCalledTimes(1)
  },
}

function sizeStory(size: ModalSize): Story {
  return {
    args: { size, defaultOpen: true, title: `A ${size} modal` },
    play: async () => {
      await expect(await screen.findByRole("dialog", { name: `A ${size} modal` })).toHaveAttribute(
        "data-size",
        size,
      )
    },
  }
}

export const Small = sizeStory("sm")
export const Medium = sizeStory("md")
export const Large = sizeStory("lg")

/**
 * A modal opened from a modal. Escape closes only the top one and focus goes back to the button inside
 * the first; a second Escape closes the first and focus returns to the page.
 */
export const Nested: Story = {
  args: { title: "Worker #48213", description: "Solving since March 2024 · 98.7% accepted answers" },
  render: (args) => (
    <Modal
      {...args}
      trigger={<Button variant="secondary">Open worker</Button>}
      footer={
        <ModalClose asChild>
          <Button variant="tertiary">Done</Button>
        </ModalClose>
      }
    >
      <dl className="mb-4 grid grid-cols-2 gap-3">
        <div>
          <dt className="text-muted-foreground">Captchas this week</dt>
          <dd className="text-base font-semibold">12,480</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Earned this week</dt>
          <dd className="text-base font-semibold">18.72 USD</dd>
        </div>
      </dl>
      <Modal
        title="Block worker #48213?"
        description="Their unfinished tasks go back to the queue and they cannot take new ones."
        size="sm"
        trigger={<Button variant="primary-danger">Block worker</Button>}
        footer={
          <>
            <ModalClose asChild>
              <Button variant="tertiary">Keep</Button>
            </ModalClose>
            <ModalClose asChild>
              <Button variant="primary-danger">Block</Button>
            </ModalClose>
          </>
        }
      >
        <p>You can unblock them later from the Workers page.</p>
      </Modal>
    </Modal>
  ),
  play: async ({ canvas, step }) => {
    const trigger = canvas.getByRole("button", { name: "Open worker" })
    await userEvent.click(trigger)
    const first = await screen.findByRole("dialog", { name: "Worker #48213" })
    const blockButton = within(first).getByRole("button", { name: "Block worker" })
    await step("open the second modal from the first", async () => {
      await userEvent.click(blockButton)
      const second = await screen.findByRole("dialog", { name: "Block worker #48213?" })
      await waitFor(() => expect(second).toContainElement(document.activeElement as HTMLElement))
    })
    await step("Escape closes only the top modal; focus returns inside the first", async () => {
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(screen.queryByRole("dialog", { name: "Block worker #48213?" })).toBeNull())
      await expect(screen.getByRole("dialog", { name: "Worker #48213" })).toBeVisible()
      await waitFor(() => expect(blockButton).toHaveFocus())
    })
    await step("a second Escape closes the first; focus returns to the page", async () => {
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
      await waitFor(() => expect(trigger).toHaveFocus())
    })
    await step("both open again for the screenshot (the top one is captured)", async () => {
      await userEvent.click(trigger)
      await userEvent.click(
        within(await screen.findByRole("dialog")).getByRole("button", { name: "Block worker" }),
      )
      await screen.findByRole("dialog", { name: "Block worker #48213?" })
    })
  },
}

/** A wheel turn over the page, as the browser would send it; false when something cancelled it. */
function wheelScrolls(target: Element) {
  return target.dispatchEvent(new WheelEvent("wheel", { deltaY: 240, bubbles: true, cancelable: true }))
}

/**
 * While a modal is open the page behind it does not scroll (overflow hidden on <body>, wheel and touch
 * moves outside the dialog cancelled); closing it gives scrolling back.
 */
export const ScrollLock: Story = {
  parameters: { layout: "fullscreen" },
  render: (args) => (
    <div className="flex flex-col gap-4 p-6">
      <Modal {...args} />
      {Array.from({ length: 30 }, (_, index) => (
        <p key={index} className="rounded-md border border-border bg-surface p-4 text-sm">
          Task #{90412 + index} · reCAPTCHA v2 · solved in {8 + (index % 7)} s · 0.0010 USD
        </p>
      ))}
    </div>
  ),
  play: async ({ canvas, args }) => {
    const page = canvas.getByText(/Task #90420/)
    await expect((document.scrollingElement as HTMLElement).scrollHeight).toBeGreaterThan(window.innerHeight)
    await expect(wheelScrolls(page)).toBe(true)
    await userEvent.click(canvas.getByRole("button", { name: "Regenerate key" }))
    await screen.findByRole("dialog")
    await expect(getComputedStyle(document.body).overflow).toBe("hidden")
    await expect(wheelScrolls(page)).toBe(false)
    await userEvent.keyboard("{Escape}")
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await expect(args.onClose).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(getComputedStyle(document.body).overflow).not.toBe("hidden"))
    await expect(wheelScrolls(page)).toBe(true)
    // Open again: the screenshot shows the dialog, not the long page.
    await userEvent.click(canvas.getByRole("button", { name: "Regenerate key" }))
    await screen.findByRole("dialog")
  },
}

/** A body longer than the screen scrolls inside the modal and, holding no control, can take focus to be scrolled. */
export const LongContent: Story = {
  args: {
    defaultOpen: true,
    title: "Terms for workers",
    description: "Version of 1 June 2025",
    children: (
      <ol className="flex list-decimal flex-col gap-3 pl-5">
        {Array.from({ length: 24 }, (_, index) => (
          <li key={index}>
            Answers are checked against other workers' answers; an accepted answer earns its task price, a
            rejected one earns nothing. Rule {index + 1} of 24.
          </li>
        ))}
      </ol>
    ),
  },
  play: async () => {
    const dialog = await screen.findByRole("dialog", { name: "Terms for workers" })
    const body = dialog.querySelector<HTMLElement>('[data-slot="modal-body"]') as HTMLElement
    await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight)
    await expect(dialog.getBoundingClientRect().height).toBeLessThanOrEqual(window.innerHeight * 0.85)
    await waitFor(() => expect(body).toHaveAttribute("tabindex", "0"))
  },
}

function TopUpModal({ onPay }: { onPay: (amount: string) => void }) {
  const [amount, setAmount] = useState("25.00")
  const [open, setOpen] = useState(false)
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title="Top up balance"
      description="Paid by card. The money is on your balance within a minute."
      trigger={<Button>Top up balance</Button>}
      footer={
        <>
          <ModalClose asChild>
            <Button variant="tertiary">Cancel</Button>
          </ModalClose>
          <Button type="submit" form="top-up-form">
            Pay {amount} USD
          </Button>
        </>
      }
    >
      <form
        id="top-up-form"
        className="flex flex-col gap-1.5"
        onSubmit={(event) => {
          event.preventDefault()
          onPay(amount)
          setOpen(false)
        }}
      >
        <label htmlFor="top-up-amount" className="font-medium">
          Amount, USD
        </label>
        <input
          id="top-up-amount"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          className="h-10 rounded-md border border-border-strong bg-surface px-3 focus-ring"
        />
        <p className="text-muted-foreground">25.00 USD pays for about 25,000 reCAPTCHA v2 solutions.</p>
      </form>
    </Modal>
  )
}

const pay = fn()

/**
 * Footer actions: a Cancel that closes and a submit button tied to the form in the body. Tab stays
 * inside the modal (focus trap).
 */
export const FooterActions: Story = {
  render: () => <TopUpModal onPay={pay} />,
  play: async ({ canvas, step }) => {
    const trigger = canvas.getByRole("button", { name: "Top up balance" })
    await step("Cancel closes without paying", async () => {
      await userEvent.click(trigger)
      await userEvent.click(await screen.findByRole("button", { name: "Cancel" }))
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
      await expect(pay).not.toHaveBeenCalled()
    })
    await step("focus stays inside while tabbing", async () => {
      await userEvent.click(trigger)
      const dialog = await screen.findByRole("dialog", { name: "Top up balance" })
      for (let i = 0; i < 6; i += 1) {
        await userEvent.tab()
        await expect(dialog).toContainElement(document.activeElement as HTMLElement)
      }
    })
    await step("submit from the footer", async () => {
      const input = screen.getByRole("textbox", { name: "Amount, USD" })
      await userEvent.clear(input)
      await userEvent.type(input, "40.00")
      await userEvent.click(screen.getByRole("button", { name: "Pay 40.00 USD" }))
      await expect(pay).toHaveBeenCalledWith("40.00")
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
      await waitFor(() => expect(trigger).toHaveFocus())
    })
    await step("open again for the screenshot", async () => {
      await userEvent.click(trigger)
      await screen.findByRole("dialog")
    })
  },
}

/**
 * The close button's name comes from the provider in the page's language (Russian here); the title and
 * body are content, so they are given in Russian too.
 */
export const Russian: Story = {
  globals: { locale: "ru" },
  args: {
    defaultOpen: true,
    title: "Перевыпустить API-ключ?",
    description: "Программы со старым ключом перестанут работать, пока вы не вставите в них новый.",
    children: (
      <p>Новый ключ показывается один раз. Скопируйте его во все программы, которые отправляют капчи.</p>
    ),
    footer: (
      <>
        <ModalClose asChild>
          <Button variant="tertiary">Отмена</Button>
        </ModalClose>
        <ModalClose asChild>
          <Button variant="primary-danger">Перевыпустить</Button>
        </ModalClose>
      </>
    ),
  },
  play: async () => {
    const expected = { ...englishMessages, ...catalog.ru }.close
    const dialog = await screen.findByRole("dialog", { name: "Перевыпустить API-ключ?" })
    const close = dialog.querySelector<HTMLElement>('[data-slot="modal-close"]')
    await expect(close).toHaveAccessibleName(expected)
    await userEvent.click(within(dialog).getByRole("button", { name: expected }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await userEvent.click(screen.getByRole("button", { name: "Regenerate key" }))
    await screen.findByRole("dialog")
  },
}

/** On a phone the modal keeps a 16 px margin and its footer buttons wrap. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  args: { defaultOpen: true },
  play: async () => {
    const dialog = await screen.findByRole("dialog", { name: "Regenerate the API key?" })
    const box = dialog.getBoundingClientRect()
    await expect(box.left).toBe(16)
    await expect(box.right).toBe(window.innerWidth - 16)
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { defaultOpen: true },
  play: async () => {
    await screen.findByRole("dialog", { name: "Regenerate the API key?" })
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
  },
}

const matrixSizes: ModalSize[] = ["sm", "md", "lg"]

/**
 * Every size with and without description and footer. Only one modal can be open at a time, so the play
 * function opens each in turn and checks it; the screenshot shows the last (large, full).
 */
export const Matrix: Story = {
  render: () => (
    <div className="grid grid-cols-3 gap-3">
      {matrixSizes.flatMap((size) =>
        [false, true].map((full) => (
          <Modal
            key={`${size}-${full}`}
            size={size}
            title={`Withdraw earnings (${size}${full ? ", full" : ""})`}
            description={full ? "Payouts to TRC20 wallets arrive within an hour." : undefined}
            trigger={
              <Button variant="service">
                {size}
                {full ? " + description + footer" : " plain"}
              </Button>
            }
            footer={
              full ? (
                <>
                  <ModalClose asChild>
                    <Button variant="tertiary">Cancel</Button>
                  </ModalClose>
                  <Button>Withdraw 18.72 USD</Button>
                </>
              ) : undefined
            }
          >
            <p>Your balance is 18.72 USD. The minimum payout is 1.00 USD; the network fee is 0.50 USD.</p>
          </Modal>
        )),
      )}
    </div>
  ),
  play: async ({ canvas }) => {
    const triggers = canvas.getAllByRole("button")
    await expect(triggers).toHaveLength(6)
    for (const [index, trigger] of triggers.entries()) {
      await userEvent.click(trigger)
      const dialog = await screen.findByRole("dialog")
      const size = matrixSizes[Math.floor(index / 2)] as ModalSize
      await expect(dialog).toHaveAttribute("data-size", size)
      const full = index % 2 === 1
      await expect(Boolean(dialog.querySelector('[data-slot="modal-footer"]'))).toBe(full)
      if (index < triggers.length - 1) {
        await userEvent.keyboard("{Escape}")
        await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
      }
    }
  },
}

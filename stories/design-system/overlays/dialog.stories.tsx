import type { Meta, StoryObj } from "@storybook/react-vite"
import { useRef } from "react"
import { expect, screen, userEvent, waitFor, within } from "storybook/test"
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  Field,
  TextInput,
  type ModalSize,
} from "@manyhands/design-system"

const meta = {
  title: "Components/Overlays/Dialog",
  component: DialogContent,
} satisfies Meta<typeof DialogContent>

export default meta
type Story = StoryObj<typeof meta>

/** A payout form: the focus starts on the amount (`initialFocus`), not on the first field. */
function PayoutDialog({ size }: { size: ModalSize }) {
  const amount = useRef<HTMLInputElement>(null)
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="service">{size}: header, description, fields, footer</Button>
      </DialogTrigger>
      <DialogContent size={size} initialFocus={amount}>
        <DialogHeader>
          <DialogTitle>Withdraw earnings</DialogTitle>
          <DialogDescription>Payouts to TRC20 wallets arrive within an hour.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-4 text-sm">
          <Field label="Wallet">
            <TextInput defaultValue="TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE" />
          </Field>
          <Field label="Amount, USD" hint="Your balance is 18.72 USD.">
            <TextInput ref={amount} inputMode="decimal" defaultValue="18.72" />
          </Field>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="tertiary">Cancel</Button>
          </DialogClose>
          <DialogClose asChild>
            <Button>Withdraw</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** Title only (no description: `aria-describedby` left out on purpose), the "×" button and the text. */
function NoticeDialog({ size }: { size: ModalSize }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="service">{size}: title and text</Button>
      </DialogTrigger>
      <DialogContent size={size} aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>Scheduled maintenance</DialogTitle>
        </DialogHeader>
        <p className="text-sm leading-relaxed">
          On Sunday from 02:00 to 02:30 UTC new tasks wait in the queue; answers already sent are kept.
        </p>
      </DialogContent>
    </Dialog>
  )
}

/** Without the "×": only its own button closes it (Escape and the overlay still do). */
function DoneDialog({ size }: { size: ModalSize }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="service">{size}: no close button</Button>
      </DialogTrigger>
      <DialogContent size={size} showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>Key copied</DialogTitle>
          <DialogDescription>Paste it into every program that sends captchas to Manyhands.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Done</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

const compositions = [
  { size: "sm", Dialog: NoticeDialog, title: "Scheduled maintenance", description: null, focus: "Close" },
  {
    size: "md",
    Dialog: DoneDialog,
    title: "Key copied",
    description: /Paste it into every program/,
    focus: "Done",
  },
  {
    size: "lg",
    Dialog: PayoutDialog,
    title: "Withdraw earnings",
    description: /arrive within an hour/,
    focus: "Amount, USD",
  },
] as const

/**
 * The parts composed three ways (a size each): header with description, fields and footer, the focus starting
 * on a chosen field; title and text with the "×" button; and no "×". Each opens as a dialog named by its title
 * and described by its description, takes the focus where it should, closes on Escape and gives the focus back
 * to its trigger. The screenshot shows the last (large, with fields) open.
 */
export const Parts: Story = {
  render: () => (
    <div className="flex flex-col items-start gap-3">
      {compositions.map(({ size, Dialog: Composition }) => (
        <Composition key={size} size={size} />
      ))}
    </div>
  ),
  play: async ({ canvas, step }) => {
    const triggers = await canvas.findAllByRole("button")
    await expect(triggers).toHaveLength(compositions.length)
    for (const [index, { size, title, description, focus }] of compositions.entries()) {
      const trigger = triggers[index] as HTMLElement
      await step(`${size}: ${title}`, async () => {
        await userEvent.click(trigger)
        const dialog = await screen.findByRole("dialog", { name: title })
        await expect(dialog).toHaveAttribute("data-slot", "dialog")
        await expect(dialog).toHaveAttribute("data-size", size)
        const heading = within(dialog).getByText(title)
        await expect(dialog).toHaveAttribute("aria-labelledby", heading.id)
        if (description) {
          const sentence = within(dialog).getByText(description)
          await expect(dialog).toHaveAttribute("aria-describedby", sentence.id)
          await expect(dialog).toHaveAccessibleDescription(description)
        } else {
          await expect(dialog).not.toHaveAttribute("aria-describedby")
        }
        const first =
          focus === "Amount, USD"
            ? within(dialog).getByRole("textbox", { name: focus })
            : within(dialog).getByRole("button", { name: focus })
        await waitFor(() => expect(first).toHaveFocus())
        await userEvent.keyboard("{Escape}")
        await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
        await waitFor(() => expect(trigger).toHaveFocus())
      })
    }
    await step("the close button closes; open the large one again for the screenshot", async () => {
      await userEvent.click(triggers[0] as HTMLElement)
      await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Close" }))
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
      await userEvent.click(triggers[2] as HTMLElement)
      await screen.findByRole("dialog", { name: "Withdraw earnings" })
      ;(document.activeElement as HTMLElement | null)?.blur()
    })
  },
}

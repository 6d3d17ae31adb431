import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, screen, userEvent, waitFor } from "storybook/test"
import { Button, Modal, ModalClose, type ModalSize } from "@manyhands/design-system"

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

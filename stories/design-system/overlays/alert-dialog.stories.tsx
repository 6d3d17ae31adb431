import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, screen, userEvent, waitFor } from "storybook/test"
import { AlertDialog, Button, TextInput } from "@manyhands/design-system"

const meta = {
  title: "Components/Overlays/AlertDialog",
  component: AlertDialog,
  args: {
    title: "Delete this domain rule?",
    description: "Tasks from shop.example.com will be accepted again at once. The audit log keeps the rule.",
    confirmLabel: "Delete rule",
    trigger: <Button variant="secondary">Delete…</Button>,
    onConfirm: fn(),
    onOpenChange: fn(),
  },
} satisfies Meta<typeof AlertDialog>

export default meta
type Story = StoryObj<typeof meta>

/**
 * An alertdialog named by its title and described by its sentence; the focus starts on Cancel (the safe choice),
 * a click on the overlay changes nothing, Escape cancels and the focus goes back to the opener. Confirming runs
 * the action and closes. Ends open, for the screenshot.
 */
export const Danger: Story = {
  play: async ({ canvas, args, step }) => {
    const trigger = await canvas.findByRole("button", { name: "Delete…" })
    await step("opens with the focus on Cancel", async () => {
      await userEvent.click(trigger)
      const dialog = await screen.findByRole("alertdialog", { name: "Delete this domain rule?" })
      await expect(dialog).toHaveAccessibleDescription(/accepted again at once/)
      await waitFor(() => expect(screen.getByRole("button", { name: "Cancel" })).toHaveFocus())
    })
    await step("the overlay does not close it; Escape cancels and the focus returns", async () => {
      const overlay = document.querySelector<HTMLElement>('[data-slot="alert-dialog-overlay"]')!
      await userEvent.click(overlay, { pointerEventsCheck: 0 })
      await expect(screen.getByRole("alertdialog")).toBeVisible()
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
      await waitFor(() => expect(trigger).toHaveFocus())
      await expect(args.onConfirm).not.toHaveBeenCalled()
    })
    await step("confirming runs the action and closes", async () => {
      await userEvent.click(trigger)
      await userEvent.click(await screen.findByRole("button", { name: "Delete rule" }))
      await expect(args.onConfirm).toHaveBeenCalledTimes(1)
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
    })
    await step("open again for the screenshot", async () => {
      await userEvent.click(trigger)
      await screen.findByRole("alertdialog")
      ;(document.activeElement as HTMLElement | null)?.blur()
    })
  },
}

function BanWithReason({ onBan }: { onBan: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState("")
  const [error, setError] = useState<string | null>(null)
  return (
    <AlertDialog
      trigger={<Button variant="primary-danger">Ban account</Button>}
      title="Ban customer@example.com?"
      description="Their API key is refused and their sessions end until you unban them."
      confirmLabel="Ban"
      confirmDisabled={reason.trim() === ""}
      error={error}
      onConfirm={async () => {
        setError(null)
        try {
          await onBan(reason)
        } catch (failure) {
          setError((failure as Error).message)
          throw failure
        }
      }}
    >
      <label className="flex flex-col gap-1.5 font-medium">
        Reason (kept in the audit log)
        <TextInput value={reason} onChange={(event) => setReason(event.target.value)} />
      </label>
    </AlertDialog>
  )
}

/**
 * With content and an action that takes time: the confirm button waits for a reason, is busy while the action
 * runs (Escape does not abandon it), and a failure keeps the dialog open with the error announced. Ends on the
 * error, for the screenshot.
 */
export const PendingThenFailed: Story = {
  args: { onConfirm: fn() },
  render: () => {
    let attempt = 0
    let release: (() => void) | null = null
    const onBan = (reason: string) =>
      new Promise<void>((resolve, reject) => {
        attempt++
        ;(window as unknown as { banReason?: string }).banReason = reason
        release = () =>
          attempt === 1 ? reject(new Error("The server did not answer; try again.")) : resolve()
      })
    ;(window as unknown as { releaseBan?: () => void }).releaseBan = () => release?.()
    return <BanWithReason onBan={onBan} />
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Ban account" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Ban customer@example.com?" })
    const ban = screen.getByRole("button", { name: "Ban" })
    await expect(ban).toBeDisabled()
    await userEvent.type(screen.getByRole("textbox", { name: /Reason/ }), "Chargebacks on three cards")
    await userEvent.click(ban)
    await waitFor(() => expect(ban).toHaveAttribute("aria-busy", "true"))
    await expect((window as unknown as { banReason?: string }).banReason).toBe("Chargebacks on three cards")
    await userEvent.keyboard("{Escape}")
    await expect(dialog).toBeVisible()
    ;(window as unknown as { releaseBan: () => void }).releaseBan()
    await expect(await screen.findByRole("alert")).toHaveTextContent("The server did not answer; try again.")
    await expect(ban).not.toHaveAttribute("aria-busy")
    await expect(screen.getByRole("alertdialog")).toBeVisible()
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

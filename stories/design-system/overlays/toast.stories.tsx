import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fireEvent, fn, userEvent, waitFor, within } from "storybook/test"
import {
  Button,
  englishMessages,
  ToastProvider,
  useToast,
  type ToastOptions,
  type ToastProviderProps,
} from "@manyhands/design-system"
import { catalog } from "@manyhands/design-system/messages"

const topUp = fn()

/** The toasts Manyhands shows, by the event that causes them. */
const examples = {
  payout: {
    title: "Payout sent",
    description: "18.72 USD is on its way to your TRC20 wallet.",
    tone: "success",
  },
  balance: {
    title: "Balance is low",
    description: "0.42 USD left: about 400 captchas. Sending stops at zero.",
    tone: "warning",
    action: { label: "Top up", onClick: topUp, altText: "Top up from the Billing page" },
  },
  key: {
    title: "API key regenerated",
    description: "Programs using the old key get ERROR_KEY_DOES_NOT_EXIST from now on.",
    tone: "info",
  },
  failed: {
    title: "Payment declined",
    description: "Your bank refused the 25.00 USD card payment. No money was taken.",
    tone: "danger",
  },
} satisfies Record<string, ToastOptions>

type Example = keyof typeof examples

function Demo({ show, duration }: { show: Example[]; duration?: number }) {
  const { toast, dismiss } = useToast()
  return (
    <div className="flex flex-wrap gap-2">
      {show.map((name) => (
        <Button
          key={name}
          variant="service"
          onClick={() => toast(duration === undefined ? examples[name] : { ...examples[name], duration })}
        >
          {`Show “${examples[name].title}”`}
        </Button>
      ))}
      <Button variant="tertiary" onClick={() => dismiss()}>
        Clear all
      </Button>
    </div>
  )
}

interface FrameProps extends Omit<ToastProviderProps, "children"> {
  show: Example[]
  toastDuration?: number
}

/**
 * An app window: the viewport is positioned in this frame instead of the browser window, so the
 * screenshot shows the toasts where they appear.
 */
function AppFrame({ show, toastDuration, ...provider }: FrameProps) {
  return (
    <div className="relative h-[30rem] w-[46rem] max-w-full overflow-hidden rounded-lg border border-border bg-background p-6">
      <ToastProvider viewportClassName="absolute" {...provider}>
        <Demo show={show} duration={toastDuration} />
      </ToastProvider>
    </div>
  )
}

const meta = {
  title: "Components/Overlays/Toast",
  component: AppFrame,
  args: { show: ["payout"] },
} satisfies Meta<typeof AppFrame>

export default meta
type Story = StoryObj<typeof meta>

function toasts(canvasElement: HTMLElement) {
  return Array.from(canvasElement.querySelectorAll<HTMLElement>('[data-slot="toast"]'))
}

/** A toast with a title and description, announced politely through Radix's live region. */
export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Show “Payout sent”" }))
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(1))
    const toast = toasts(canvasElement)[0] as HTMLElement
    await expect(toast).toHaveAttribute("data-tone", "success")
    await expect(within(toast).getByText("Payout sent")).toBeVisible()
    await expect(within(toast).getByRole("button", { name: englishMessages.dismiss })).toBeVisible()
    await waitFor(() => {
      const live = document.querySelector('[role="status"][aria-live="polite"]')
      return expect(live).toHaveTextContent(/Payout sent.*18\.72 USD/)
    })
    await expect(canvas.getByRole("region", { name: /Notifications \(F8\)/ })).toBeInTheDocument()
  },
}

/** The dismiss button carries the provider's "Dismiss" and closes the toast at once. */
export const DismissButton: Story = {
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Show “Payout sent”" }))
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(1))
    await userEvent.click(canvas.getByRole("button", { name: englishMessages.dismiss }))
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(0))
  },
}

/** Several toasts stack, the newest on top. */
export const Queue: Story = {
  args: { show: ["payout", "key", "balance"] },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Show “Payout sent”" }))
    await userEvent.click(canvas.getByRole("button", { name: "Show “API key regenerated”" }))
    await userEvent.click(canvas.getByRole("button", { name: "Show “Balance is low”" }))
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(3))
    const byHeight = [...toasts(canvasElement)].sort(
      (a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top,
    )
    await expect(byHeight.map((t) => t.querySelector("[data-slot=toast-title]")?.textContent)).toEqual([
      "Balance is low",
      "API key regenerated",
      "Payout sent",
    ])
  },
}

/** Past the provider's `limit` the oldest toast goes. */
export const Limit: Story = {
  args: { show: ["payout", "key", "balance"], limit: 2 },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Show “Payout sent”" }))
    await userEvent.click(canvas.getByRole("button", { name: "Show “API key regenerated”" }))
    await userEvent.click(canvas.getByRole("button", { name: "Show “Balance is low”" }))
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(2))
    await expect(canvas.queryByText("Payout sent")).toBeNull()
    await userEvent.click(canvas.getByRole("button", { name: "Clear all" }))
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(0))
  },
}

/** It closes itself after its duration (1.2 s here; 5 s by default). */
export const AutoDismiss: Story = {
  args: { duration: 1200 },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Show “Payout sent”" }))
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(1))
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(0), { timeout: 4000 })
  },
}

/** While the pointer rests on the toasts their timers stop; moving away restarts them. */
export const PausesOnHover: Story = {
  args: { duration: 1000 },
  play: async ({ canvas, canvasElement }) => {
    const button = canvas.getByRole("button", { name: "Show “Payout sent”" })
    await userEvent.click(button)
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(1))
    await userEvent.hover(toasts(canvasElement)[0] as HTMLElement)
    await new Promise((done) => setTimeout(done, 1800))
    await expect(toasts(canvasElement)).toHaveLength(1)
    await userEvent.hover(button)
    // The browser sends pointerleave to every element the pointer leaves; user-event only to the toast.
    fireEvent.pointerLeave(canvas.getByRole("region", { name: /Notifications/ }))
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(0), { timeout: 4000 })
  },
}

/** Keyboard: F8 moves focus to the toasts, which pauses them; Escape closes the focused one. */
export const KeyboardAccess: Story = {
  args: { duration: 1000 },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Show “Payout sent”" }))
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(1))
    await userEvent.keyboard("[F8]")
    const list = canvasElement.querySelector('[data-slot="toast-viewport"]') as HTMLElement
    await waitFor(() => expect(list).toHaveFocus())
    await userEvent.tab()
    await expect(toasts(canvasElement)[0]).toHaveFocus()
    await new Promise((done) => setTimeout(done, 1500))
    await expect(toasts(canvasElement)).toHaveLength(1)
    await userEvent.keyboard("{Escape}")
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(0))
  },
}

/** An action button; screen readers also hear how to do the same without the toast. */
export const WithAction: Story = {
  args: { show: ["balance"] },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Show “Balance is low”" }))
    const action = await canvas.findByRole("button", { name: "Top up" })
    await expect(action.closest("[data-radix-toast-announce-exclude]")).toHaveAttribute(
      "data-radix-toast-announce-alt",
      "Top up from the Billing page",
    )
    await userEvent.click(action)
    await expect(topUp).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(0))
    await userEvent.click(canvas.getByRole("button", { name: "Show “Balance is low”" }))
    await canvas.findByRole("button", { name: "Top up" })
  },
}

/** A danger toast interrupts: it is announced assertively. */
export const Danger: Story = {
  args: { show: ["failed"] },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Show “Payment declined”" }))
    await waitFor(() => {
      const live = document.querySelector('[role="status"][aria-live="assertive"]')
      return expect(live).toHaveTextContent(/Payment declined/)
    })
  },
}

/** The dismiss button's name follows the page language. */
export const Russian: Story = {
  globals: { locale: "ru" },
  play: async ({ canvas }) => {
    const messages = { ...englishMessages, ...catalog.ru }
    await userEvent.click(canvas.getByRole("button", { name: "Show “Payout sent”" }))
    await expect(await canvas.findByRole("button", { name: messages.dismiss })).toBeVisible()
    await expect(canvas.getByRole("region", { name: new RegExp(messages.notifications) })).toBeInTheDocument()
  },
}

/** On a phone toasts take the whole width. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  args: { show: ["balance"] },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Show “Balance is low”" }))
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(1))
    const frame = canvasElement.querySelector('[data-slot="toast-viewport"]')?.parentElement?.parentElement
    const toast = toasts(canvasElement)[0] as HTMLElement
    await expect(toast.getBoundingClientRect().width).toBeCloseTo((frame?.clientWidth ?? 0) - 32, 0)
  },
}

const all: Example[] = ["key", "payout", "balance", "failed"]

/** Every tone, one with an action, shown together. */
export const Matrix: Story = {
  args: { show: all, toastDuration: Infinity },
  play: async ({ canvas, canvasElement }) => {
    for (const name of all) {
      await userEvent.click(canvas.getByRole("button", { name: `Show “${examples[name].title}”` }))
    }
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(4))
    await expect(new Set(toasts(canvasElement).map((t) => t.dataset.tone))).toEqual(
      new Set(["info", "success", "warning", "danger"]),
    )
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { show: all, toastDuration: Infinity },
  play: async ({ canvas, canvasElement }) => {
    for (const name of all) {
      await userEvent.click(canvas.getByRole("button", { name: `Show “${examples[name].title}”` }))
    }
    await waitFor(() => expect(toasts(canvasElement)).toHaveLength(4))
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

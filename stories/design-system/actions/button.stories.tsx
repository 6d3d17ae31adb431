import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import {
  Button,
  buttonVariantNames,
  buttonVariants,
  CopyIcon,
  PlusIcon,
  WalletIcon,
  type ButtonSize,
} from "@manyhands/design-system"

const meta = {
  title: "Components/Actions/Button",
  component: Button,
  args: { children: "Order captchas", onClick: fn() },
  argTypes: {
    variant: { control: "select", options: buttonVariantNames },
    size: { control: "inline-radio", options: ["md", "lg"] },
  },
} satisfies Meta<typeof Button>

export default meta
type Story = StoryObj<typeof meta>

const sizes: ButtonSize[] = ["md", "lg"]

/** Every variant × size, enabled, disabled, icon-only and loading, then full width: one screenshot guards them all. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <div className="flex flex-col gap-6">
      <table className="border-separate border-spacing-3 text-left text-sm">
        <thead>
          <tr>
            <th scope="col">variant</th>
            {sizes.map((size) => (
              <th key={size} scope="col">
                {size}
              </th>
            ))}
            <th scope="col">disabled</th>
            <th scope="col">icon-only md / lg</th>
            <th scope="col">loading</th>
          </tr>
        </thead>
        <tbody>
          {buttonVariantNames.map((variant) => (
            <tr key={variant}>
              <th scope="row" className="pr-4 font-mono font-normal">
                {variant}
              </th>
              {[...sizes, "disabled" as const].map((column) => (
                // secondary-white is made for dark backgrounds.
                <td
                  key={column}
                  className={variant === "secondary-white" ? "rounded-md bg-primary p-2" : "p-2"}
                >
                  <Button
                    variant={variant}
                    size={column === "disabled" ? "md" : column}
                    disabled={column === "disabled"}
                  >
                    Top up balance
                  </Button>
                </td>
              ))}
              <td className={variant === "secondary-white" ? "rounded-md bg-primary p-2" : "p-2"}>
                <span className="flex items-center gap-2">
                  {sizes.map((size) => (
                    <Button key={size} variant={variant} size={size} iconOnly aria-label="Top up balance">
                      <WalletIcon size={size === "lg" ? 20 : 16} />
                    </Button>
                  ))}
                </span>
              </td>
              <td className={variant === "secondary-white" ? "rounded-md bg-primary p-2" : "p-2"}>
                <Button variant={variant} loading>
                  Top up balance
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex w-96 flex-col gap-3 px-3" data-testid="full-width">
        <Button fullWidth size="lg">
          Create an account
        </Button>
        <Button fullWidth variant="secondary" loading>
          Create an account
        </Button>
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    const buttons = canvas.getAllByRole("button")
    await expect(buttons).toHaveLength(buttonVariantNames.length * 6 + 2)
    await expect(new Set(buttons.map((b) => b.dataset.variant))).toEqual(new Set(buttonVariantNames))
    const iconOnly = buttons.filter((b) => b.hasAttribute("data-icon-only"))
    await expect(iconOnly).toHaveLength(buttonVariantNames.length * 2)
    for (const button of iconOnly) await expect(button).toHaveAccessibleName("Top up balance")
    const loading = buttons.filter((b) => b.getAttribute("aria-busy") === "true")
    await expect(loading).toHaveLength(buttonVariantNames.length + 1)
    const column = canvas.getByTestId("full-width")
    for (const button of within(column).getAllByRole("button")) {
      await expect(button.getBoundingClientRect().width).toBeCloseTo(column.clientWidth - 24, 0)
    }
  },
}

export const Primary: Story = {
  args: { variant: "primary" },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole("button", { name: "Order captchas" })
    await expect(button).toHaveAttribute("data-variant", "primary")
    await expect(button).toHaveAttribute("data-size", "md")
    await expect(button).toHaveAttribute("type", "button")
    await userEvent.click(button)
    await expect(args.onClick).toHaveBeenCalledTimes(1)
    await userEvent.keyboard("{Enter}")
    await expect(args.onClick).toHaveBeenCalledTimes(2)
  },
}

export const Large: Story = {
  args: { size: "lg", variant: "primary-earls-green", children: "Start earning" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button")).toHaveAttribute("data-size", "lg")
  },
}

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole("button")
    await expect(button).toBeDisabled()
    await userEvent.click(button, { pointerEventsCheck: 0 })
    await expect(args.onClick).not.toHaveBeenCalled()
  },
}

/** `asChild` gives a link the button's look while it stays a link for assistive technology. */
export const AsLink: Story = {
  render: (args) => (
    <Button asChild variant="secondary" size={args.size}>
      <a href="#pricing">See prices</a>
    </Button>
  ),
  play: async ({ canvas }) => {
    const link = canvas.getByRole("link", { name: "See prices" })
    await expect(link).toHaveAttribute("data-variant", "secondary")
    await expect(link).not.toHaveAttribute("type")
  },
}

/** A leading icon sits before the text, in the text's colour. */
export const WithIcon: Story = {
  render: (args) => (
    <Button {...args} variant="primary-earls-green">
      <PlusIcon />
      New task
    </Button>
  ),
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole("button", { name: "New task" })
    await expect(button.querySelector("svg")).toHaveAttribute("aria-hidden", "true")
    await userEvent.click(button)
    await expect(args.onClick).toHaveBeenCalledTimes(1)
  },
}

/** Square, with an icon only; `aria-label` gives it the name that the missing text would. */
export const IconOnly: Story = {
  args: { iconOnly: true, variant: "service", "aria-label": "Copy API key", children: <CopyIcon /> },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole("button", { name: "Copy API key" })
    const box = button.getBoundingClientRect()
    await expect(box.width).toBe(40)
    await expect(box.height).toBe(40)
    await userEvent.tab()
    await expect(button).toHaveFocus()
    await userEvent.keyboard(" ")
    await expect(args.onClick).toHaveBeenCalledTimes(1)
  },
}

export const IconOnlyLarge: Story = {
  args: {
    iconOnly: true,
    size: "lg",
    variant: "primary",
    "aria-label": "Top up balance",
    children: <WalletIcon size={20} />,
  },
  play: async ({ canvas }) => {
    const box = canvas.getByRole("button", { name: "Top up balance" }).getBoundingClientRect()
    await expect([box.width, box.height]).toEqual([48, 48])
  },
}

/**
 * While busy the button shows a spinner, keeps its text (transparent) so neither its width nor its name
 * changes, says `aria-busy`, and ignores clicks and keys. It stays focusable.
 */
export const Loading: Story = {
  args: { loading: true, children: "Pay 25.00 USD" },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole("button", { name: "Pay 25.00 USD" })
    await expect(button).toHaveAttribute("aria-busy", "true")
    await expect(button).toHaveAttribute("aria-disabled", "true")
    await expect(button).not.toBeDisabled()
    await expect(button.querySelector('[data-slot="spinner"]')).not.toBeNull()
    await userEvent.click(button, { pointerEventsCheck: 0 })
    button.focus()
    await userEvent.keyboard("{Enter}")
    await userEvent.keyboard(" ")
    await expect(args.onClick).not.toHaveBeenCalled()
  },
}

function PayoutForm({ onSubmit }: { onSubmit: () => void }) {
  const [sending, setSending] = useState(false)
  return (
    <form
      className="flex items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit()
        setSending(true)
      }}
    >
      <label className="flex flex-col gap-1.5 text-sm font-medium">
        Withdraw to wallet
        <input
          defaultValue="TRC20 · TQ4v…9fRk"
          className="h-10 w-56 rounded-md border border-border-strong bg-surface px-3 font-normal"
        />
      </label>
      <Button type="submit" loading={sending}>
        Withdraw earnings
      </Button>
    </form>
  )
}

/**
 * The first submit turns the button busy, which screen readers hear from the document's live region (the
 * button's name stays "Withdraw earnings"); further clicks and Enter presses do not submit again.
 */
export const LoadingKeepsWidthAndBlocksResubmit: Story = {
  render: (args) => <PayoutForm onSubmit={args.onClick as () => void} />,
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole("button", { name: "Withdraw earnings" })
    const before = button.getBoundingClientRect()
    const announcer = () => document.querySelector('[data-slot="announcer"]')
    const said = () => [...(announcer()?.children ?? [])].map((line) => line.textContent)
    const saidBefore = said().length
    await userEvent.click(button)
    await expect(args.onClick).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(button).toHaveAttribute("aria-busy", "true"))
    await expect(announcer()).toHaveAttribute("aria-live", "polite")
    await waitFor(() => expect(said().slice(saidBefore)).toEqual(["Loading…"]))
    await expect(button).toHaveAccessibleName("Withdraw earnings")
    const after = button.getBoundingClientRect()
    await expect(after.width).toBe(before.width)
    await expect(after.height).toBe(before.height)
    await expect(button).toHaveFocus()
    await userEvent.click(button, { pointerEventsCheck: 0 })
    await userEvent.click(canvas.getByRole("textbox"))
    await userEvent.keyboard("{Enter}")
    await expect(args.onClick).toHaveBeenCalledTimes(1)
  },
}

/** Fills its container: the main action on a phone, a sign-up card. */
export const FullWidth: Story = {
  args: { fullWidth: true, size: "lg", children: "Start earning" },
  decorators: [
    (Story) => (
      <div className="w-80 rounded-lg border border-border bg-surface p-4" data-testid="card">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas }) => {
    const card = canvas.getByTestId("card")
    const button = canvas.getByRole("button", { name: "Start earning" })
    await expect(button.getBoundingClientRect().width).toBeCloseTo(card.clientWidth - 32, 0)
  },
}

/**
 * A caller's utilities win over the button's look whatever their order, with no class merging: the look is in
 * the components layer, the caller's classes in the utilities layer. The same holds for a link styled with
 * `buttonVariants`.
 */
export const CallerClassesWin: Story = {
  render: () => (
    <div className="flex flex-wrap items-center gap-3 p-4">
      <Button className="h-8 rounded-full px-2">Compact</Button>
      <Button variant="secondary" className="border-0 bg-danger-soft text-danger-text">
        Reject
      </Button>
      <Button variant="none" className="text-primary underline">
        Unstyled
      </Button>
      <a href="#pricing" className={`${buttonVariants({ variant: "secondary", size: "lg" })} px-10`}>
        See prices
      </a>
    </div>
  ),
  play: async ({ canvas }) => {
    const style = (element: HTMLElement) => getComputedStyle(element)
    const compact = style(canvas.getByRole("button", { name: "Compact" }))
    await expect([compact.height, compact.paddingLeft, compact.borderTopLeftRadius]).toEqual([
      "32px",
      "8px",
      "9999px",
    ])
    const reject = style(canvas.getByRole("button", { name: "Reject" }))
    await expect(reject.borderTopWidth).toBe("0px")
    const unstyled = style(canvas.getByRole("button", { name: "Unstyled" }))
    await expect([unstyled.paddingLeft, unstyled.textDecorationLine]).toEqual(["0px", "underline"])
    const link = style(canvas.getByRole("link", { name: "See prices" }))
    await expect([link.height, link.paddingLeft, link.borderTopWidth]).toEqual(["48px", "40px", "1px"])
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  render: () => (
    <div className="flex flex-wrap items-center gap-3 p-4">
      <Button>Top up balance</Button>
      <Button variant="secondary">See prices</Button>
      <Button variant="service" iconOnly aria-label="Copy API key">
        <CopyIcon />
      </Button>
      <Button variant="primary-danger" loading>
        Delete key
      </Button>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("button")).toHaveLength(4)
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
  },
}

import type { Decorator, Meta, StoryObj } from "@storybook/react-vite"
import type { ReactElement } from "react"
import { expect, fn, screen, userEvent, waitFor } from "storybook/test"
import {
  buttonVariantNames,
  CopyIcon,
  IconButton,
  MoreIcon,
  SearchIcon,
  UserIcon,
  WalletIcon,
  type ButtonSize,
} from "@manyhands/design-system"

const meta = {
  title: "Components/Actions/IconButton",
  component: IconButton,
  args: { label: "Copy task ID", icon: <CopyIcon />, onClick: fn() },
  argTypes: {
    variant: { control: "select", options: buttonVariantNames },
    size: { control: "inline-radio", options: ["md", "lg"] },
  },
} satisfies Meta<typeof IconButton>

export default meta
type Story = StoryObj<typeof meta>

/** Room above the button for its tooltip, inside the screenshot. */
const roomForTooltip: Decorator = (Story) => (
  <div className="flex min-h-28 items-end justify-center px-8 pb-4">
    <Story />
  </div>
)

/** The label names the button and shows in a tooltip on hover; it is not read twice. */
export const Default: Story = {
  decorators: [roomForTooltip],
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole("button", { name: "Copy task ID" })
    await expect(button).toHaveAttribute("data-icon-only")
    await userEvent.click(button)
    await expect(args.onClick).toHaveBeenCalledTimes(1)
    await userEvent.unhover(button)
    await userEvent.hover(button)
    const tooltip = await screen.findByRole("tooltip", { name: "Copy task ID" })
    await expect(tooltip).toBeVisible()
    await expect(button).not.toHaveAttribute("aria-describedby")
  },
}

/** Keyboard focus shows the tooltip too; Escape hides it and focus stays. */
export const KeyboardFocus: Story = {
  decorators: [roomForTooltip],
  args: { label: "Search tasks", icon: <SearchIcon />, variant: "primary" },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole("button", { name: "Search tasks" })
    await userEvent.tab()
    await expect(button).toHaveFocus()
    await screen.findByRole("tooltip", { name: "Search tasks" })
    await userEvent.keyboard("{Escape}")
    await waitFor(() => expect(screen.queryByRole("tooltip")).toBeNull())
    await expect(button).toHaveFocus()
    await userEvent.keyboard("{Enter}")
    await expect(args.onClick).toHaveBeenCalledTimes(1)
  },
}

export const WithoutTooltip: Story = {
  args: { label: "More actions", icon: <MoreIcon />, tooltip: false },
  play: async ({ canvas }) => {
    const button = canvas.getByRole("button", { name: "More actions" })
    await userEvent.hover(button)
    await new Promise((done) => setTimeout(done, 600))
    await expect(screen.queryByRole("tooltip")).toBeNull()
  },
}

export const Disabled: Story = {
  args: { label: "Withdraw earnings", icon: <WalletIcon />, disabled: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole("button", { name: "Withdraw earnings" })
    await expect(button).toBeDisabled()
    await userEvent.click(button, { pointerEventsCheck: 0 })
    await expect(args.onClick).not.toHaveBeenCalled()
  },
}

export const Loading: Story = {
  args: { label: "Refresh balance", icon: <WalletIcon />, loading: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole("button", { name: "Refresh balance" })
    await expect(button).toHaveAttribute("aria-busy", "true")
    await userEvent.click(button, { pointerEventsCheck: 0 })
    await expect(args.onClick).not.toHaveBeenCalled()
  },
}

const sizes: ButtonSize[] = ["md", "lg"]
const icons = [<CopyIcon key="copy" />, <WalletIcon key="wallet" />, <UserIcon key="user" />]

/** Every variant × size (the last column disabled); all square. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <div className="grid w-max grid-cols-[auto_repeat(3,max-content)] items-center gap-x-6 gap-y-3 p-2 text-sm">
      {buttonVariantNames
        .filter((variant) => variant !== "none")
        .map((variant, row) => (
          <div key={variant} className="contents">
            <span className="font-mono">{variant}</span>
            {[...sizes, "disabled" as const].map((column) => (
              <span
                key={column}
                className={variant === "secondary-white" ? "rounded-md bg-primary p-2" : "p-2"}
              >
                <IconButton
                  label={`Top up balance (${variant}, ${column})`}
                  icon={icons[row % icons.length] as ReactElement}
                  variant={variant}
                  size={column === "disabled" ? "md" : column}
                  disabled={column === "disabled"}
                  tooltip={false}
                />
              </span>
            ))}
          </div>
        ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const buttons = canvas.getAllByRole("button")
    await expect(buttons).toHaveLength((buttonVariantNames.length - 1) * 3)
    for (const button of buttons) {
      const box = button.getBoundingClientRect()
      await expect(box.width).toBe(box.height)
    }
  },
}

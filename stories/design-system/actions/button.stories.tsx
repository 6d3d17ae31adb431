import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent } from "storybook/test"
import { Button, buttonVariantNames, type ButtonSize } from "@manyhands/design-system"

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

/** Every variant × size, enabled and disabled: one screenshot guards them all. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
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
          </tr>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvas }) => {
    const buttons = canvas.getAllByRole("button")
    await expect(buttons).toHaveLength(buttonVariantNames.length * 3)
    await expect(new Set(buttons.map((b) => b.dataset.variant))).toEqual(new Set(buttonVariantNames))
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

import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent } from "storybook/test"
import { Button, Spinner } from "@manyhands/design-system"

const meta = {
  title: "Components/Status/Spinner",
  component: Spinner,
  argTypes: { size: { control: "inline-radio", options: ["sm", "md", "lg"] } },
} satisfies Meta<typeof Spinner>

export default meta
type Story = StoryObj<typeof meta>

const sizes = ["sm", "md", "lg"] as const

/** Sizes × colour contexts: body text, primary text, a filled button and a dark panel. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <table className="border-separate border-spacing-x-6 border-spacing-y-3 text-left text-sm">
      <thead>
        <tr>
          <th scope="col">size</th>
          <th scope="col">text</th>
          <th scope="col">primary</th>
          <th scope="col">on primary</th>
          <th scope="col">muted</th>
        </tr>
      </thead>
      <tbody>
        {sizes.map((size) => (
          <tr key={size}>
            <th scope="row" className="font-mono font-normal">
              {size}
            </th>
            <td>
              <Spinner size={size} />
            </td>
            <td className="text-primary">
              <Spinner size={size} />
            </td>
            <td>
              <span className="inline-flex rounded-md bg-primary p-2 text-primary-foreground">
                <Spinner size={size} />
              </span>
            </td>
            <td className="text-muted-foreground">
              <Spinner size={size} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getAllByRole("status", { name: "Loading…" })).toHaveLength(sizes.length * 4)
    const widths = sizes.map(
      (size) =>
        canvasElement.querySelector<HTMLElement>(`[data-size="${size}"]`)?.getBoundingClientRect().width,
    )
    await expect(widths).toEqual([16, 24, 40])
  },
}

/** With no label it says the provider's "Loading…". */
export const Default: Story = {
  play: async ({ canvas }) => {
    const spinner = canvas.getByRole("status", { name: "Loading…" })
    await expect(spinner).toHaveAttribute("data-size", "md")
    // Its look is CSS of the components layer (`.mh-spinner-md`), so the check is the style (the stories stop
    // animations for screenshots): a 24 px ring, round, open on the right.
    const style = getComputedStyle(spinner)
    await expect([style.width, style.borderTopStyle, style.borderRightColor]).toEqual([
      "24px",
      "solid",
      "rgba(0, 0, 0, 0)",
    ])
  },
}

export const Sizes: Story = {
  render: () => (
    <div className="flex items-center gap-4 text-primary">
      {sizes.map((size) => (
        <Spinner key={size} size={size} label={`Loading (${size})`} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    for (const size of sizes) {
      await expect(canvas.getByRole("status", { name: `Loading (${size})` })).toHaveAttribute(
        "data-size",
        size,
      )
    }
  },
}

/** A label that says what is loading. */
export const WithLabel: Story = {
  args: { label: "Checking your API key…", size: "lg" },
  render: (args) => (
    <div className="flex items-center gap-3 text-sm text-muted-foreground">
      <Spinner {...args} />
      <span aria-hidden="true">Checking your API key…</span>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("status", { name: "Checking your API key…" })).toBeVisible()
  },
}

/** `label=""` makes it decoration, for a control that already says it is busy. */
export const WithoutLabel: Story = {
  args: { label: "" },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole("status")).toBeNull()
    await expect(canvasElement.querySelector('[data-slot="spinner"]')).toHaveAttribute("aria-hidden", "true")
  },
}

/** Inside a busy button the spinner is decorative; the button's text and aria-busy carry the state. */
export const InAButton: Story = {
  render: () => {
    const onClick = fn()
    return (
      <div className="flex items-center gap-3">
        <Button aria-busy="true" aria-disabled="true" onClick={onClick}>
          <Spinner size="sm" label="" />
          Sending 500 captchas…
        </Button>
        <Button variant="secondary" size="lg" aria-busy="true" aria-disabled="true">
          <Spinner size="sm" label="" />
          Topping up
        </Button>
      </div>
    )
  },
  play: async ({ canvas }) => {
    const button = canvas.getByRole("button", { name: "Sending 500 captchas…" })
    await expect(button).toHaveAttribute("aria-busy", "true")
    await expect(canvas.queryByRole("status")).toBeNull()
    await userEvent.click(button, { pointerEventsCheck: 0 })
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  render: () => (
    <div className="flex items-center gap-6">
      <Spinner size="lg" />
      <span className="text-primary">
        <Spinner label="Solving the captcha" />
      </span>
      <Button aria-busy="true" aria-disabled="true">
        <Spinner size="sm" label="" />
        Requesting payout
      </Button>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
    await expect(canvas.getAllByRole("status")).toHaveLength(2)
    await expect(canvas.getByRole("status", { name: "Solving the captcha" })).toBeVisible()
  },
}

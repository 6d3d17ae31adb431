import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent } from "storybook/test"
import { Button, Checkbox, Field, type CheckedState, type ControlSize } from "@manyhands/design-system"

const meta = {
  title: "Components/Forms/Checkbox",
  component: Checkbox,
  args: {
    label: "Email me when my balance drops below $5",
    onCheckedChange: fn(),
  },
  argTypes: { size: { control: "inline-radio", options: ["md", "lg"] } },
  decorators: [
    (Story, { parameters }) =>
      parameters.fullWidth ? (
        <Story />
      ) : (
        <div className="max-w-md">
          <Story />
        </div>
      ),
  ],
} satisfies Meta<typeof Checkbox>

export default meta
type Story = StoryObj<typeof meta>

const sizes: ControlSize[] = ["md", "lg"]
const states: Array<{ name: string; checked: CheckedState; invalid?: boolean; disabled?: boolean }> = [
  { name: "unchecked", checked: false },
  { name: "checked", checked: true },
  { name: "indeterminate", checked: "indeterminate" },
  { name: "invalid", checked: false, invalid: true },
  { name: "disabled", checked: false, disabled: true },
  { name: "disabled checked", checked: true, disabled: true },
]

export const Matrix: Story = {
  parameters: { layout: "padded", fullWidth: true },
  render: () => (
    <table className="border-separate border-spacing-x-6 border-spacing-y-3 text-left text-sm">
      <thead>
        <tr>
          <th scope="col">state</th>
          {sizes.map((size) => (
            <th key={size} scope="col">
              {size}
            </th>
          ))}
          {sizes.map((size) => (
            <th key={size} scope="col">
              {size}, box only
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {states.map((state) => (
          <tr key={state.name}>
            <th scope="row" className="pr-4 font-mono font-normal">
              {state.name}
            </th>
            {sizes.map((size) => (
              <td key={size} className="w-72">
                <Checkbox
                  size={size}
                  label="Auto top-up"
                  description="Add $20 when the balance is low"
                  checked={state.checked}
                  invalid={state.invalid}
                  disabled={state.disabled}
                />
              </td>
            ))}
            {sizes.map((size) => (
              <td key={size}>
                <Checkbox
                  size={size}
                  aria-label={`Select task 72816401 (${state.name}, ${size})`}
                  checked={state.checked}
                  invalid={state.invalid}
                  disabled={state.disabled}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvas }) => {
    const boxes = canvas.getAllByRole("checkbox")
    await expect(boxes).toHaveLength(states.length * sizes.length * 2)
    await expect(boxes.filter((box) => box.getAttribute("aria-checked") === "mixed")).toHaveLength(4)
    await expect(boxes.filter((box) => box.hasAttribute("disabled"))).toHaveLength(8)
  },
}

/** A click on the box or its label toggles it; so does Space. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const checkbox = canvas.getByRole("checkbox", { name: "Email me when my balance drops below $5" })
    await expect(checkbox).not.toBeChecked()
    await userEvent.click(checkbox)
    await expect(checkbox).toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true)
    await userEvent.click(canvas.getByText("Email me when my balance drops below $5"))
    await expect(checkbox).not.toBeChecked()
    await expect(checkbox).toHaveFocus()
    await userEvent.keyboard(" ")
    await expect(checkbox).toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(3)
  },
}

/** A description under the label is read as the checkbox's description. */
export const WithDescription: Story = {
  args: {
    label: "Auto top-up",
    description: "When the balance falls below $5, charge the saved card $20 so captchas keep being solved.",
    defaultChecked: true,
  },
  play: async ({ canvas }) => {
    const checkbox = canvas.getByRole("checkbox", { name: "Auto top-up" })
    await expect(checkbox).toBeChecked()
    await expect(checkbox).toHaveAccessibleDescription(/charge the saved card \$20/)
  },
}

/** "Some of them": a parent checkbox over a list shows `indeterminate` until all or none are chosen. */
export const Indeterminate: Story = {
  args: { label: "All captcha types" },
  render: function Render(args) {
    const types = ["reCAPTCHA v2", "hCaptcha", "Cloudflare Turnstile"]
    const [chosen, setChosen] = useState<string[]>(["hCaptcha"])
    const all: CheckedState =
      chosen.length === types.length ? true : chosen.length === 0 ? false : "indeterminate"
    return (
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold">Captchas you want to solve</legend>
        <Checkbox
          {...args}
          checked={all}
          onCheckedChange={(checked) => {
            args.onCheckedChange?.(checked)
            setChosen(checked === true ? types : [])
          }}
        />
        <div className="ml-6 flex flex-col gap-2">
          {types.map((type) => (
            <Checkbox
              key={type}
              label={type}
              checked={chosen.includes(type)}
              onCheckedChange={(checked) =>
                setChosen((current) => (checked ? [...current, type] : current.filter((t) => t !== type)))
              }
            />
          ))}
        </div>
      </fieldset>
    )
  },
  play: async ({ canvas, args }) => {
    const all = canvas.getByRole("checkbox", { name: "All captcha types" })
    await expect(all).toHaveAttribute("aria-checked", "mixed")
    await expect(all).toHaveAttribute("data-state", "indeterminate")
    await userEvent.click(all)
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true)
    await expect(all).toBeChecked()
    await expect(canvas.getByRole("checkbox", { name: "Cloudflare Turnstile" })).toBeChecked()
    await userEvent.click(canvas.getByRole("checkbox", { name: "reCAPTCHA v2" }))
    await expect(all).toHaveAttribute("aria-checked", "mixed")
  },
}

export const Large: Story = {
  args: { size: "lg", defaultChecked: true, description: "Sent to the billing address of the account." },
  play: async ({ canvas }) => {
    const checkbox = canvas.getByRole("checkbox")
    await expect(checkbox).toHaveAttribute("data-size", "lg")
    await expect(checkbox.getBoundingClientRect().width).toBe(20)
  },
}

/** Required and invalid inside a Field: the terms must be accepted before topping up. */
export const InvalidInField: Story = {
  args: { label: "I accept the terms of service and the refund policy" },
  render: (args) => (
    <Field label="Terms" error="Accept the terms to top up your balance." required>
      <Checkbox {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const checkbox = canvas.getByRole("checkbox", { name: /I accept the terms/ })
    await expect(checkbox).toHaveAttribute("aria-invalid", "true")
    await expect(checkbox).toBeRequired()
    await expect(checkbox).toHaveAccessibleDescription("Accept the terms to top up your balance.")
    await userEvent.click(checkbox)
    await expect(checkbox).toBeChecked()
  },
}

export const Disabled: Story = {
  args: { disabled: true, defaultChecked: true, label: "Pay workers instantly (available from level 3)" },
  play: async ({ canvas, args }) => {
    const checkbox = canvas.getByRole("checkbox")
    await expect(checkbox).toBeDisabled()
    await userEvent.click(checkbox, { pointerEventsCheck: 0 })
    await expect(checkbox).toBeChecked()
    await expect(args.onCheckedChange).not.toHaveBeenCalled()
  },
}

/** With `name` inside a form, the checkbox is sent like a native one. */
export const InAForm: Story = {
  args: { name: "low_balance_email", value: "on", defaultChecked: true },
  render: (args) => (
    <form
      aria-label="Notifications"
      onSubmit={(event) => {
        event.preventDefault()
        event.currentTarget.dataset.submitted = JSON.stringify(
          Object.fromEntries(new FormData(event.currentTarget)),
        )
      }}
      className="flex flex-col items-start gap-4"
    >
      <Checkbox {...args} />
      <Button type="submit">Save</Button>
    </form>
  ),
  play: async ({ canvas }) => {
    const form = canvas.getByRole("form", { name: "Notifications" })
    await userEvent.click(canvas.getByRole("button", { name: "Save" }))
    await expect(JSON.parse(form.dataset.submitted ?? "{}")).toEqual({ low_balance_email: "on" })
    await userEvent.click(canvas.getByRole("checkbox"))
    await userEvent.click(canvas.getByRole("button", { name: "Save" }))
    await expect(JSON.parse(form.dataset.submitted ?? "{}")).toEqual({})
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  render: (args) => (
    <div className="flex flex-col gap-3">
      <Checkbox {...args} defaultChecked />
      <Checkbox label="Weekly spending report" />
      <Checkbox label="Some captcha types" checked="indeterminate" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("checkbox")).toHaveLength(3)
  },
}

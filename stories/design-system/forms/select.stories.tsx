import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import {
  Button,
  Field,
  Select,
  type ControlSize,
  type SelectOption,
  type SelectOptionGroup,
} from "@manyhands/design-system"

const captchaTypes: SelectOptionGroup[] = [
  {
    label: "Image",
    options: [
      {
        value: "normal",
        label: "Normal captcha",
      },
      {
        value: "text",
        label: "Text question",
      },
    ],
  },
  {
    label: "Token",
    options: [
      {
        value: "recaptcha-v2",
        label: "reCAPTCHA v2",
      },
      { value: "recaptcha-v3", label: "reCAPTCHA v3" },
      { value: "hcaptcha", label: "hCaptcha" },
      { value: "turnstile", label: "Cloudflare Turnstile" },
      { value: "funcaptcha", label: "FunCaptcha", disabled: true },
    ],
  },
]

const payoutMethods: SelectOption[] = [
  { value: "usdt-trc20", label: "USDT (TRC-20)" },
  { value: "paypal", label: "PayPal" },
  { value: "payeer", label: "Payeer" },
  { value: "card", label: "Bank card", disabled: true },
  { value: "btc", label: "Bitcoin" },
]

const meta = {
  title: "Components/Forms/Select",
  component: Select,
  args: { options: payoutMethods, onValueChange: fn() },
  argTypes: { size: { control: "inline-radio", options: ["md", "lg"] } },
  decorators: [
    (Story, { parameters }) =>
      parameters.fullWidth ? (
        <Story />
      ) : (
        <div className="w-80">
          <Story />
        </div>
      ),
  ],
  render: (args) => (
    <Field label="Payout method" hint="Payouts are sent every Monday.">
      <Select {...args} />
    </Field>
  ),
} satisfies Meta<typeof Select>

export default meta
type Story = StoryObj<typeof meta>

const sizes: ControlSize[] = ["md", "lg"]
const states = ["placeholder", "chosen", "invalid", "disabled"] as const

export const Matrix: Story = {
  parameters: { layout: "padded", fullWidth: true },
  render: () => (
    <table className="border-separate border-spacing-x-4 border-spacing-y-3 text-left text-sm">
      <thead>
        <tr>
          <th scope="col">state</th>
          {sizes.map((size) => (
            <th key={size} scope="col">
              {size}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {states.map((state) => (
          <tr key={state}>
            <th scope="row" className="pr-4 font-mono font-normal">
              {state}
            </th>
            {sizes.map((size) => (
              <td key={size} className="w-72">
                <Select
                  size={size}
                  aria-label={`${state} ${size}`}
                  options={payoutMethods}
                  defaultValue={state === "placeholder" ? undefined : "usdt-trc20"}
                  invalid={state === "invalid"}
                  disabled={state === "disabled"}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvas }) => {
    const triggers = canvas.getAllByRole("combobox")
    await expect(triggers).toHaveLength(states.length * sizes.length)
    await expect(triggers.filter((select) => select.hasAttribute("data-placeholder"))).toHaveLength(2)
    await expect(canvas.getByRole("combobox", { name: "invalid lg" })).toHaveAttribute("aria-invalid", "true")
    await expect(canvas.getByRole("combobox", { name: "disabled md" })).toBeDisabled()
    await expect(canvas.getByRole("combobox", { name: "chosen lg" })).toHaveAttribute("data-size", "lg")
  },
}

/** The provider's "Select…" until something is chosen, which cannot be chosen back; the Field describes it. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const select = canvas.getByRole("combobox", { name: "Payout method" })
    await expect(select).toHaveDisplayValue("Select…")
    await expect(select).toHaveAttribute("data-placeholder")
    await expect(select).toHaveAccessibleDescription("Payouts are sent every Monday.")
    await expect(canvas.getByRole("option", { name: "Select…" })).toBeDisabled()
    await userEvent.selectOptions(select, "PayPal")
    await expect(args.onValueChange).toHaveBeenCalledWith("paypal")
    await expect(select).toHaveDisplayValue("PayPal")
    await expect(select).not.toHaveAttribute("data-placeholder")
    // Once something is chosen the placeholder leaves the list.
    await expect(canvas.queryByRole("option", { name: "Select…" })).toBeNull()
  },
}

/**
 * Tab reaches it and draws the focus ring; the rest of the keyboard (arrows, typeahead, Enter and Escape) is the
 * browser's own select, as on every other site.
 */
export const Keyboard: Story = {
  play: async ({ canvas }) => {
    const select = canvas.getByRole("combobox", { name: "Payout method" })
    await userEvent.tab()
    await expect(select).toHaveFocus()
    await expect(getComputedStyle(select).outlineStyle).toBe("solid")
  },
}

/** Groups with headings (each option is read with its group) and a disabled option. */
export const Groups: Story = {
  args: { options: captchaTypes, defaultValue: "recaptcha-v2" },
  render: (args) => (
    <Field label="Captcha type">
      <Select {...args} />
    </Field>
  ),
  play: async ({ canvas, args }) => {
    const select = canvas.getByRole("combobox", { name: "Captcha type" })
    await expect(select).toHaveDisplayValue("reCAPTCHA v2")
    const groups = within(select).getAllByRole("group")
    await expect(groups).toHaveLength(2)
    await expect(groups[1]).toHaveAccessibleName("Token")
    await expect(within(groups[1] as HTMLElement).getByRole("option", { name: "FunCaptcha" })).toBeDisabled()
    await userEvent.selectOptions(select, "turnstile")
    await expect(args.onValueChange).toHaveBeenCalledWith("turnstile")
  },
}

/** A controlled select shows the value it is given, and what the owner does with a change. */
export const Controlled: Story = {
  render: function Render(args) {
    const [value, setValue] = useState("payeer")
    return (
      <Field label="Payout method">
        <Select
          {...args}
          value={value}
          onValueChange={(next) => {
            args.onValueChange?.(next)
            // The owner takes the change, except to a method it refuses.
            if (next !== "btc") setValue(next)
          }}
        />
      </Field>
    )
  },
  play: async ({ canvas, args }) => {
    const select = canvas.getByRole("combobox", { name: "Payout method" })
    await expect(select).toHaveDisplayValue("Payeer")
    await userEvent.selectOptions(select, "usdt-trc20")
    await expect(select).toHaveDisplayValue("USDT (TRC-20)")
    await userEvent.selectOptions(select, "btc")
    await expect(args.onValueChange).toHaveBeenLastCalledWith("btc")
    await waitFor(() => expect(select).toHaveDisplayValue("USDT (TRC-20)"))
  },
}

export const Large: Story = {
  args: { size: "lg", defaultValue: "usdt-trc20" },
  play: async ({ canvas }) => {
    const select = canvas.getByRole("combobox")
    await expect(select).toHaveAttribute("data-size", "lg")
    await expect(select.getBoundingClientRect().height).toBe(48)
  },
}

/** A Field error marks the trigger invalid and describes it; `required` marks the label. */
export const Invalid: Story = {
  render: (args) => (
    <Field label="Payout method" error="Choose where to send your earnings." required>
      <Select {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const select = canvas.getByRole("combobox", { name: /Payout method/ })
    await expect(select).toHaveAttribute("aria-invalid", "true")
    await expect(select).toBeRequired()
    await expect(select).toHaveAccessibleDescription("Choose where to send your earnings.")
  },
}

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "paypal" },
  play: async ({ canvas, args }) => {
    const select = canvas.getByRole("combobox")
    await expect(select).toBeDisabled()
    await expect(select).toHaveDisplayValue("PayPal")
    await userEvent.tab()
    await expect(select).not.toHaveFocus()
    await expect(args.onValueChange).not.toHaveBeenCalled()
  },
}

/** With `name`, the choice is sent with the form; with `required`, the form asks for one until it is made. */
export const InAForm: Story = {
  args: { name: "payout_method", required: true, defaultValue: "payeer" },
  render: (args) => (
    <form
      aria-label="Payout settings"
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        event.currentTarget.dataset.submitted = JSON.stringify(
          Object.fromEntries(new FormData(event.currentTarget)),
        )
      }}
    >
      <Field label="Payout method">
        <Select {...args} />
      </Field>
      <Button type="submit">Save payout settings</Button>
    </form>
  ),
  play: async ({ canvas }) => {
    const form = canvas.getByRole<HTMLFormElement>("form", { name: "Payout settings" })
    await userEvent.click(canvas.getByRole("button", { name: "Save payout settings" }))
    await expect(JSON.parse(form.dataset.submitted ?? "{}")).toEqual({ payout_method: "payeer" })
  },
}

export const RequiredInAForm: Story = {
  ...InAForm,
  args: { name: "payout_method", required: true },
  play: async ({ canvas }) => {
    const form = canvas.getByRole<HTMLFormElement>("form", { name: "Payout settings" })
    const select = canvas.getByRole<HTMLSelectElement>("combobox", { name: /Payout method/ })
    await expect(form.checkValidity()).toBe(false)
    await expect(select.validity.valueMissing).toBe(true)
    await userEvent.click(canvas.getByRole("button", { name: "Save payout settings" }))
    await expect(form.dataset.submitted).toBeUndefined()
    await userEvent.selectOptions(select, "paypal")
    await userEvent.click(canvas.getByRole("button", { name: "Save payout settings" }))
    await expect(JSON.parse(form.dataset.submitted ?? "{}")).toEqual({ payout_method: "paypal" })
  },
}

/** The placeholder comes from the provider in the site language. */
export const Japanese: Story = {
  globals: { locale: "ja" },
  render: (args) => (
    <Field label="支払い方法">
      <Select {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const select = canvas.getByRole("combobox", { name: "支払い方法" })
    await expect(select).toHaveAttribute("data-placeholder")
    await expect(select).not.toHaveDisplayValue("Select…")
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  args: { defaultValue: "usdt-trc20" },
  play: async ({ canvas }) => {
    const select = canvas.getByRole("combobox", { name: "Payout method" })
    await expect(select).toHaveDisplayValue("USDT (TRC-20)")
    // The chevron is the dark theme's, drawn by the theme's CSS in place of the browser's arrow.
    await expect(getComputedStyle(select).backgroundImage).toContain("a4acbf")
    await expect(getComputedStyle(select).appearance).toBe("none")
  },
}

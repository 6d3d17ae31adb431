import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import {
  Button,
  Field,
  Select,
  SelectGroup,
  SelectItem,
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
        description: "Distorted text in a picture · from $0.50 per 1,000",
      },
      {
        value: "text",
        label: "Text question",
        description: "A question answered in words · from $0.50 per 1,000",
      },
    ],
  },
  {
    label: "Token",
    options: [
      {
        value: "recaptcha-v2",
        label: "reCAPTCHA v2",
        description: "Checkbox and invisible · from $1.00 per 1,000",
      },
      { value: "recaptcha-v3", label: "reCAPTCHA v3", description: "Score based · from $1.45 per 1,000" },
      { value: "hcaptcha", label: "hCaptcha", description: "From $1.00 per 1,000" },
      { value: "turnstile", label: "Cloudflare Turnstile", description: "From $1.45 per 1,000" },
      { value: "funcaptcha", label: "FunCaptcha", description: "Coming soon", disabled: true },
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
  args: { options: payoutMethods, onValueChange: fn(), onOpenChange: fn() },
  argTypes: { size: { control: "inline-radio", options: ["md", "lg"] } },
  decorators: [
    (Story, { parameters }) =>
      parameters.fullWidth ? (
        <Story />
      ) : (
        // Tall enough for the open list, which Radix renders in a portal, to fall inside the screenshot.
        <div className={parameters.open ? "min-h-96 p-4" : undefined}>
          <div className="w-80">
            <Story />
          </div>
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
    await expect(canvas.getAllByText("Select…")).toHaveLength(2)
    await expect(canvas.getByRole("combobox", { name: "invalid lg" })).toHaveAttribute("aria-invalid", "true")
    await expect(canvas.getByRole("combobox", { name: "disabled md" })).toBeDisabled()
    await expect(canvas.getByRole("combobox", { name: "chosen lg" })).toHaveAttribute("data-size", "lg")
  },
}

/** The provider's "Select…" until something is chosen; a click opens the list and a click chooses. */
export const Default: Story = {
  parameters: { open: true },
  play: async ({ canvas, args, step }) => {
    const trigger = canvas.getByRole("combobox", { name: "Payout method" })
    await expect(trigger).toHaveTextContent("Select…")
    await expect(trigger).toHaveAccessibleDescription("Payouts are sent every Monday.")
    await step("open and choose", async () => {
      await userEvent.click(trigger)
      const listbox = await screen.findByRole("listbox")
      await expect(args.onOpenChange).toHaveBeenCalledWith(true)
      await userEvent.click(within(listbox).getByRole("option", { name: "PayPal" }))
      await expect(args.onValueChange).toHaveBeenCalledWith("paypal")
      await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull())
      await expect(trigger).toHaveTextContent("PayPal")
      await waitFor(() => expect(trigger).toHaveFocus())
    })
    await step("reopen for the screenshot: the chosen option is checked", async () => {
      await userEvent.click(trigger)
      const option = await screen.findByRole("option", { name: "PayPal" })
      await expect(option).toHaveAttribute("aria-selected", "true")
      await expect(option).toHaveAttribute("data-state", "checked")
    })
  },
}

/** Arrow keys, Enter, typeahead and Escape, without a pointer. */
export const Keyboard: Story = {
  parameters: { open: true },
  play: async ({ canvas, args, step }) => {
    const trigger = canvas.getByRole("combobox", { name: "Payout method" })
    await step("Tab to the trigger, Enter opens", async () => {
      await userEvent.tab()
      await expect(trigger).toHaveFocus()
      await userEvent.keyboard("{Enter}")
      await screen.findByRole("listbox")
      await waitFor(() => expect(screen.getByRole("option", { name: "USDT (TRC-20)" })).toHaveFocus())
    })
    await step("ArrowDown moves, Enter chooses", async () => {
      await userEvent.keyboard("{ArrowDown}")
      await expect(screen.getByRole("option", { name: "PayPal" })).toHaveFocus()
      await userEvent.keyboard("{Enter}")
      await expect(args.onValueChange).toHaveBeenLastCalledWith("paypal")
      await waitFor(() => expect(trigger).toHaveFocus())
    })
    await step("disabled options are skipped", async () => {
      await userEvent.keyboard("{ArrowDown}")
      await screen.findByRole("listbox")
      await waitFor(() => expect(screen.getByRole("option", { name: "PayPal" })).toHaveFocus())
      await userEvent.keyboard("{ArrowDown}{ArrowDown}")
      await expect(screen.getByRole("option", { name: "Bitcoin" })).toHaveFocus()
    })
    await step("Escape closes without choosing", async () => {
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull())
      await expect(trigger).toHaveTextContent("PayPal")
    })
    await step("typeahead on the closed trigger chooses", async () => {
      await userEvent.keyboard("b")
      await expect(args.onValueChange).toHaveBeenLastCalledWith("btc")
      await expect(trigger).toHaveTextContent("Bitcoin")
    })
    await step("open again for the screenshot", async () => {
      await userEvent.keyboard(" ")
      await screen.findByRole("listbox")
    })
  },
}

/** Groups with headings, descriptions under options, and a disabled option. */
export const GroupsAndDescriptions: Story = {
  parameters: { open: true },
  args: { options: captchaTypes, defaultValue: "recaptcha-v2" },
  decorators: [
    (Story) => (
      <div className="min-h-[36rem]">
        <Story />
      </div>
    ),
  ],
  render: (args) => (
    <Field label="Captcha type">
      <Select {...args} />
    </Field>
  ),
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole("combobox", { name: "Captcha type" })
    await expect(trigger).toHaveTextContent("reCAPTCHA v2")
    // Only the label is copied into the trigger, not the description.
    await expect(trigger).not.toHaveTextContent("per 1,000")
    await userEvent.click(trigger)
    const listbox = await screen.findByRole("listbox")
    const groups = within(listbox).getAllByRole("group")
    await expect(groups).toHaveLength(2)
    await expect(groups[1]).toHaveAccessibleName("Token")
    const disabled = within(listbox).getByRole("option", { name: /FunCaptcha/ })
    await expect(disabled).toHaveAttribute("aria-disabled", "true")
    await userEvent.click(disabled, { pointerEventsCheck: 0 })
    await expect(args.onValueChange).not.toHaveBeenCalled()
    await expect(screen.getByRole("listbox")).toBeVisible()
  },
}

/** Parts instead of an options array, for custom content. */
export const WithParts: Story = {
  args: { options: undefined, defaultValue: "ru" },
  render: (args) => (
    <Field label="Language of the tasks you solve">
      <Select {...args}>
        <SelectGroup label="Most tasks">
          <SelectItem value="en" label="English" description="62% of tasks" />
          <SelectItem value="ru" label="Русский" description="18% of tasks" />
        </SelectGroup>
        <SelectGroup label="More languages" separator>
          <SelectItem value="es" label="Español" />
          <SelectItem value="pt" label="Português" />
          <SelectItem value="vi" label="Tiếng Việt" />
        </SelectGroup>
      </Select>
    </Field>
  ),
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole("combobox", { name: "Language of the tasks you solve" })
    await expect(trigger).toHaveTextContent("Русский")
    await userEvent.click(trigger)
    await userEvent.click(await screen.findByRole("option", { name: "Tiếng Việt" }))
    await expect(args.onValueChange).toHaveBeenCalledWith("vi")
    await expect(trigger).toHaveTextContent("Tiếng Việt")
  },
}

export const Large: Story = {
  args: { size: "lg", defaultValue: "usdt-trc20" },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole("combobox")
    await expect(trigger).toHaveAttribute("data-size", "lg")
    await expect(trigger.getBoundingClientRect().height).toBe(48)
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
    const trigger = canvas.getByRole("combobox", { name: /Payout method/ })
    await expect(trigger).toHaveAttribute("aria-invalid", "true")
    await expect(trigger).toHaveAttribute("aria-required", "true")
    await expect(trigger).toHaveAccessibleDescription("Choose where to send your earnings.")
  },
}

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "paypal" },
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole("combobox")
    await expect(trigger).toBeDisabled()
    await userEvent.click(trigger, { pointerEventsCheck: 0 })
    await expect(screen.queryByRole("listbox")).toBeNull()
    await expect(args.onOpenChange).not.toHaveBeenCalled()
  },
}

/** With `name`, the choice is sent with the form through a hidden native select. */
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
    await userEvent.click(canvas.getByRole("button", { name: "Save payout settings" }))
    const form = canvas.getByRole("form", { name: "Payout settings" })
    await expect(JSON.parse(form.dataset.submitted ?? "{}")).toEqual({ payout_method: "payeer" })
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
    await expect(canvas.getByRole("combobox", { name: "支払い方法" })).not.toHaveTextContent("Select…")
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  parameters: { open: true },
  args: { defaultValue: "usdt-trc20" },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("combobox", { name: "Payout method" }))
    await expect(await screen.findByRole("option", { name: "USDT (TRC-20)" })).toHaveAttribute(
      "data-state",
      "checked",
    )
  },
}

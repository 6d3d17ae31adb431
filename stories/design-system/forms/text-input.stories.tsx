import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent } from "storybook/test"
import { Field, SearchIcon, TextInput, WalletIcon, type ControlSize } from "@manyhands/design-system"

const meta = {
  title: "Components/Forms/TextInput",
  component: TextInput,
  args: { onChange: fn(), placeholder: "you@company.com", type: "email" },
  argTypes: {
    size: { control: "inline-radio", options: ["md", "lg"] },
    type: { control: "select", options: ["text", "email", "password", "number", "search", "url"] },
  },
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
    <Field label="Email for payout receipts">
      <TextInput {...args} />
    </Field>
  ),
} satisfies Meta<typeof TextInput>

export default meta
type Story = StoryObj<typeof meta>

const sizes: ControlSize[] = ["md", "lg"]
const states = ["empty", "filled", "adorned", "password", "invalid", "disabled", "read-only"] as const

/** Every state at both sizes: one screenshot guards them all. */
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
                <TextInput
                  size={size}
                  aria-label={`${state} ${size}`}
                  placeholder={state === "empty" ? "Worker nickname" : undefined}
                  defaultValue={
                    state === "empty"
                      ? undefined
                      : state === "password"
                        ? "correct-horse-battery"
                        : state === "adorned"
                          ? "25.00"
                          : state === "read-only"
                            ? "mh_live_4f9c2a7e"
                            : "captcha-farm-07"
                  }
                  type={state === "password" ? "password" : "text"}
                  prefix={state === "adorned" ? "$" : undefined}
                  suffix={state === "adorned" ? "USD" : undefined}
                  invalid={state === "invalid"}
                  disabled={state === "disabled"}
                  readOnly={state === "read-only"}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("textbox")).toHaveLength((states.length - 1) * sizes.length)
    await expect(canvas.getAllByRole("button", { name: "Show password" })).toHaveLength(2)
    await expect(canvas.getByRole("textbox", { name: "invalid lg" })).toHaveAttribute("aria-invalid", "true")
    await expect(canvas.getByRole("textbox", { name: "disabled md" })).toBeDisabled()
    await expect(canvas.getByRole("textbox", { name: "read-only md" })).toHaveAttribute("readonly")
  },
}

/** Typing fires onChange; the Field's label names the input. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("textbox", { name: "Email for payout receipts" })
    await expect(input).toHaveAttribute("data-size", "md")
    await expect(input).toHaveAttribute("type", "email")
    await userEvent.type(input, "anna@solvers.io")
    await expect(input).toHaveValue("anna@solvers.io")
    await expect(args.onChange).toHaveBeenCalledTimes("anna@solvers.io".length)
  },
}

export const Large: Story = {
  args: { size: "lg" },
  play: async ({ canvas }) => {
    const input = canvas.getByRole("textbox")
    await expect(input).toHaveAttribute("data-size", "lg")
    await expect(input.getBoundingClientRect().height).toBe(48)
  },
}

/** A currency sign before the amount and its code after it; both are read with the field. */
export const PrefixAndSuffix: Story = {
  args: { type: "text", inputMode: "decimal", placeholder: "0.00", prefix: "$", suffix: "USD" },
  render: (args) => (
    <Field label="Top-up amount" hint="From $5.00; the balance is credited at once.">
      <TextInput {...args} />
    </Field>
  ),
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("textbox", { name: "Top-up amount" })
    await expect(input).toHaveAccessibleDescription("From $5.00; the balance is credited at once. $ USD")
    await userEvent.type(input, "50")
    await expect(input).toHaveValue("50")
    await expect(args.onChange).toHaveBeenCalledTimes(2)
    await userEvent.click(canvas.getByText("USD"))
    await expect(input).not.toHaveFocus()
  },
}

/** An icon as the prefix; a decorative icon adds nothing to the description. */
export const WithIcon: Story = {
  args: {
    type: "search",
    placeholder: "Task ID, e.g. 72816401",
    prefix: <SearchIcon size={16} />,
  },
  render: (args) => (
    <Field label="Find a captcha task">
      <TextInput {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole("searchbox", { name: "Find a captcha task" })
    await expect(input.closest("[data-slot=text-input-group]")).not.toBeNull()
    await expect(input).toHaveAccessibleDescription("")
    await userEvent.type(input, "72816401{Enter}")
    await expect(input).toHaveValue("72816401")
  },
}

/** The eye button shows and hides the password; its name stays "Show password" and aria-pressed tells the state. */
export const Password: Story = {
  args: {
    type: "password",
    placeholder: undefined,
    autoComplete: "new-password",
    defaultValue: "hunter2-solver",
  },
  render: (args) => (
    <Field label="New password" hint="At least 12 characters.">
      <TextInput {...args} />
    </Field>
  ),
  play: async ({ canvas, step }) => {
    const input = canvas.getByLabelText("New password")
    const toggle = canvas.getByRole("button", { name: "Show password" })
    await expect(input).toHaveAttribute("type", "password")
    await expect(toggle).toHaveAttribute("aria-pressed", "false")
    await step("click shows the value", async () => {
      await userEvent.click(toggle)
      await expect(input).toHaveAttribute("type", "text")
      await expect(toggle).toHaveAttribute("aria-pressed", "true")
      await expect(toggle).toHaveAttribute("title", "Hide password")
    })
    await step("keyboard hides it again", async () => {
      await userEvent.keyboard(" ")
      await expect(input).toHaveAttribute("type", "password")
      await expect(toggle).toHaveAttribute("aria-pressed", "false")
    })
    await step("Tab order: input, then the toggle", async () => {
      await userEvent.click(input)
      await userEvent.tab()
      await expect(toggle).toHaveFocus()
    })
  },
}

/** The reveal button's text comes from the provider, in the site language. */
export const PasswordJapanese: Story = {
  ...Password,
  globals: { locale: "ja" },
  render: (args) => (
    <Field label="新しいパスワード">
      <TextInput {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole("button")
    await expect(toggle).not.toHaveAccessibleName("Show password")
    await userEvent.click(toggle)
    await expect(canvas.getByLabelText("新しいパスワード")).toHaveAttribute("type", "text")
  },
}

/** Field's error marks the input invalid and describes it. */
export const Invalid: Story = {
  args: { defaultValue: "anna@solvers" },
  render: (args) => (
    <Field label="Email for payout receipts" error="Enter an address like name@example.com.">
      <TextInput {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole("textbox", { name: "Email for payout receipts" })
    await expect(input).toBeInvalid()
    await expect(input).toHaveAccessibleDescription("Enter an address like name@example.com.")
    await expect(canvas.getByRole("alert")).toHaveTextContent("Enter an address")
  },
}

/** `invalid` alone, without a Field, still marks the input. */
export const InvalidWithSuffix: Story = {
  args: { invalid: true, type: "text", defaultValue: "0.5", suffix: "USD", "aria-label": "Minimum payout" },
  render: (args) => <TextInput {...args} />,
  play: async ({ canvas }) => {
    const input = canvas.getByRole("textbox", { name: "Minimum payout" })
    await expect(input).toBeInvalid()
    await expect(input.closest("[data-slot=text-input-group]")).toHaveAttribute("data-invalid")
  },
}

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "payouts@captcha-farm.example" },
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("textbox")
    await expect(input).toBeDisabled()
    await userEvent.type(input, "x", { pointerEventsCheck: 0 })
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

/** Read-only: can be focused, selected and copied, not changed. */
export const ReadOnly: Story = {
  args: {
    readOnly: true,
    type: "text",
    defaultValue: "mh_live_4f9c2a7e81d04b6f",
    className: "font-mono",
    prefix: <WalletIcon size={16} />,
  },
  render: (args) => (
    <Field label="Account key" hint="Send it as the key parameter of in.php and res.php.">
      <TextInput {...args} />
    </Field>
  ),
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole("textbox", { name: "Account key" })
    await expect(input).toHaveAttribute("readonly")
    await userEvent.type(input, "zzz")
    await expect(input).toHaveValue("mh_live_4f9c2a7e81d04b6f")
    await expect(input).toHaveFocus()
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  args: { type: "text", inputMode: "decimal", defaultValue: "120.00", prefix: "$", suffix: "USD" },
  render: (args) => (
    <div className="flex flex-col gap-4">
      <Field label="Top-up amount">
        <TextInput {...args} />
      </Field>
      <Field label="Password">
        <TextInput type="password" defaultValue="hunter2-solver" />
      </Field>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("textbox", { name: "Top-up amount" })).toHaveValue("120.00")
    await expect(canvas.getByRole("button", { name: "Show password" })).toBeVisible()
  },
}

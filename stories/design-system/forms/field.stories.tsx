import type { Meta, StoryObj } from "@storybook/react-vite"
import type { ReactNode } from "react"
import { expect, userEvent, within } from "storybook/test"
import {
  Checkbox,
  Combobox,
  Field,
  RadioGroup,
  Select,
  Slider,
  Switch,
  TextArea,
  TextInput,
  type FieldProps,
} from "@manyhands/design-system"

const captchaTypes = [
  { value: "normal", label: "Normal captcha" },
  { value: "recaptcha-v2", label: "reCAPTCHA v2" },
  { value: "hcaptcha", label: "hCaptcha" },
  { value: "turnstile", label: "Cloudflare Turnstile" },
]

const countries = [
  { value: "id", label: "Indonesia" },
  { value: "in", label: "India" },
  { value: "vn", label: "Vietnam" },
  { value: "ph", label: "Philippines" },
]

const meta = {
  title: "Components/Forms/Field",
  component: Field,
  args: {
    label: "Callback URL",
    hint: "We POST every solved captcha to this address.",
    children: null,
  },
  decorators: [
    (Story, { parameters }) =>
      parameters.fullWidth ? (
        <Story />
      ) : (
        <div className="w-96">
          <Story />
        </div>
      ),
  ],
  render: (args) => (
    <Field {...args}>
      <TextInput type="url" placeholder="https://api.example.com/captcha-done" />
    </Field>
  ),
} satisfies Meta<typeof Field>

export default meta
type Story = StoryObj<typeof meta>

type ControlKind =
  "text-input" | "text-area" | "select" | "combobox" | "checkbox" | "radio-group" | "switch" | "slider"

const kinds: ControlKind[] = [
  "text-input",
  "text-area",
  "select",
  "combobox",
  "checkbox",
  "radio-group",
  "switch",
  "slider",
]

const labels: Record<ControlKind, string> = {
  "text-input": "Worker nickname",
  "text-area": "Notes for the support team",
  select: "Captcha type",
  combobox: "Country of payout",
  checkbox: "Terms",
  "radio-group": "Payout frequency",
  switch: "Availability",
  slider: "Minimum accuracy",
}

/** One control of each kind, with a realistic value, to put inside a Field. */
function control(kind: ControlKind): ReactNode {
  switch (kind) {
    case "text-input":
      return <TextInput defaultValue="night-owl-solver" />
    case "text-area":
      return (
        <TextArea
          minRows={2}
          defaultValue="Please raise my daily limit: I solve about 9,000 captchas a day."
        />
      )
    case "select":
      return <Select options={captchaTypes} defaultValue="hcaptcha" />
    case "combobox":
      return <Combobox options={countries} defaultValue="vn" />
    case "checkbox":
      return <Checkbox label="I accept the worker agreement" />
    case "radio-group":
      return (
        <RadioGroup
          orientation="horizontal"
          defaultValue="weekly"
          options={[
            { value: "daily", label: "Daily" },
            { value: "weekly", label: "Weekly" },
          ]}
        />
      )
    case "switch":
      return <Switch label="Accept new tasks" defaultChecked />
    case "slider":
      return <Slider defaultValue={[85]} formatValue={(v) => `${v}%`} />
  }
}

const columns: Array<{ name: string; props: Partial<FieldProps> }> = [
  { name: "label only", props: {} },
  { name: "hint, required", props: { hint: "Shown to customers.", required: true } },
  { name: "error", props: { error: "Check this value." } },
  { name: "disabled", props: { disabled: true, hint: "Locked by your plan." } },
]

/** Every control in a Field in each Field state. */
export const Matrix: Story = {
  parameters: { layout: "padded", fullWidth: true },
  render: () => (
    <table className="border-separate border-spacing-x-6 border-spacing-y-4 text-left text-sm">
      <thead>
        <tr>
          <th scope="col">control</th>
          {columns.map((column) => (
            <th key={column.name} scope="col">
              {column.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {kinds.map((kind) => (
          <tr key={kind}>
            <th scope="row" className="pr-2 align-top font-mono font-normal">
              {kind}
            </th>
            {columns.map((column) => (
              <td key={column.name} className="w-64 align-top">
                <Field label={labels[kind]} {...column.props}>
                  {control(kind)}
                </Field>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("textbox", { name: /Worker nickname/ })).toHaveLength(4)
    await expect(canvas.getAllByRole("combobox", { name: /Captcha type/ })).toHaveLength(4)
    await expect(canvas.getAllByRole("radiogroup", { name: /Payout frequency/ })).toHaveLength(4)
    await expect(canvas.getAllByRole("slider", { name: /Minimum accuracy/ })).toHaveLength(4)
    await expect(canvas.getAllByRole("alert")).toHaveLength(kinds.length)
  },
}

/**
 * The label names the control and a click on it focuses the control; the hint describes it. The label has an
 * id for controls that are not labelable (a radio group, a slider); an input keeps `<label for>` alone.
 */
export const Default: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole("textbox", { name: "Callback URL" })
    await expect(input).toHaveAccessibleDescription("We POST every solved captcha to this address.")
    await expect(canvas.getByText("Callback URL")).toHaveAttribute("id", `${input.id}-label`)
    await expect(input).not.toHaveAttribute("aria-labelledby")
    await userEvent.click(canvas.getByText("Callback URL"))
    await expect(input).toHaveFocus()
  },
}

/** The required mark is drawn for the eye and spoken as "(required)"; the control is required too. */
export const Required: Story = {
  args: { required: true },
  play: async ({ canvas }) => {
    // The star is hidden from screen readers, which hear "(required)" instead.
    const input = canvas.getByRole("textbox", { name: "Callback URL (required)" })
    await expect(input).toBeRequired()
    await expect(canvas.getByText("*")).toHaveAttribute("aria-hidden", "true")
  },
}

/** An error is shown in the danger tone, announced (role="alert") and marks the control invalid. */
export const WithError: Story = {
  args: { error: "Use an https:// address we can reach from the internet." },
  render: (args) => (
    <Field {...args}>
      <TextInput type="url" defaultValue="http://localhost:8080/done" />
    </Field>
  ),
  play: async ({ canvas }) => {
    const input = canvas.getByRole("textbox", { name: "Callback URL" })
    await expect(input).toBeInvalid()
    await expect(input).toHaveAccessibleDescription(
      "We POST every solved captcha to this address. Use an https:// address we can reach from the internet.",
    )
    await expect(canvas.getByRole("alert")).toHaveTextContent("Use an https:// address")
    await expect(canvas.getByRole("alert").closest("[data-slot=field]")).toHaveAttribute(
      "data-invalid",
      "true",
    )
  },
}

/** Disabling the Field disables its control and dims the label. */
export const Disabled: Story = {
  args: { disabled: true, hint: "Callbacks are available on the Business plan." },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("textbox", { name: "Callback URL" })).toBeDisabled()
    await expect(canvas.getByText("Callback URL").closest("[data-slot=field]")).toHaveAttribute(
      "data-disabled",
      "true",
    )
  },
}

/** A realistic worker settings form: every control of the group inside a Field. */
export const WorkerSettingsForm: Story = {
  parameters: { fullWidth: true },
  render: () => (
    <form aria-label="Worker settings" className="grid w-[40rem] grid-cols-2 gap-x-6 gap-y-5">
      <Field label="Worker nickname" hint="Shown on the leaderboard." required>
        <TextInput defaultValue="night-owl-solver" autoComplete="nickname" />
      </Field>
      <Field label="Payout wallet (USDT, TRC-20)" required>
        <TextInput defaultValue="TQ4b9x7Lw2sYkP3nVd8JfR1mZc6HtE81Za" className="font-mono" suffix="TRC-20" />
      </Field>
      <Field label="Captcha type you prefer">
        <Select options={captchaTypes} defaultValue="recaptcha-v2" />
      </Field>
      <Field label="Country of payout">
        <Combobox options={countries} defaultValue="id" />
      </Field>
      <Field label="Payout frequency" className="col-span-2">
        <RadioGroup
          orientation="horizontal"
          defaultValue="weekly"
          options={[
            { value: "daily", label: "Daily", description: "Fee $0.30" },
            { value: "weekly", label: "Weekly", description: "No fee" },
            { value: "monthly", label: "Monthly", description: "No fee, +1% bonus" },
          ]}
        />
      </Field>
      <Field label="Minimum accuracy to keep" className="col-span-2">
        <Slider defaultValue={[90]} min={50} max={100} formatValue={(v) => `${v}%`} />
      </Field>
      <Field label="About you" hint="Languages you read well, hours you work." className="col-span-2">
        <TextArea autosize minRows={2} maxLength={300} defaultValue="I read English and Bahasa Indonesia." />
      </Field>
      <Field label="Availability">
        <Switch label="Accept new tasks" defaultChecked />
      </Field>
      <Field label="Agreement" error="Accept the worker agreement to get paid." required>
        <Checkbox label="I accept the worker agreement" />
      </Field>
    </form>
  ),
  play: async ({ canvas }) => {
    const form = within(canvas.getByRole("form", { name: "Worker settings" }))
    await expect(form.getByRole("textbox", { name: /Worker nickname/ })).toBeRequired()
    await expect(form.getByRole("combobox", { name: "Captcha type you prefer" })).toHaveTextContent(
      "reCAPTCHA v2",
    )
    await expect(form.getByRole("combobox", { name: "Country of payout" })).toHaveValue("Indonesia")
    await expect(form.getByRole("radiogroup", { name: "Payout frequency" })).toBeVisible()
    // The list of the combobox is named by the Field's label too; its input by <label for>.
    const country = form.getByRole("combobox", { name: "Country of payout" })
    await expect(country).not.toHaveAttribute("aria-labelledby")
    await expect(form.getByRole("slider", { name: "Minimum accuracy to keep" })).toHaveAttribute(
      "aria-valuetext",
      "90%",
    )
    await expect(form.getByRole("textbox", { name: "About you" })).toHaveAccessibleDescription(
      "Languages you read well, hours you work. 36 of 300 characters",
    )
    await expect(form.getByRole("switch", { name: /Accept new tasks/ })).toBeChecked()
    const agreement = form.getByRole("checkbox", { name: /I accept the worker agreement/ })
    await expect(agreement).toHaveAttribute("aria-invalid", "true")
    await expect(agreement).toBeRequired()
  },
}

/** The "(required)" text comes from the provider, in the site language. */
export const Japanese: Story = {
  globals: { locale: "ja" },
  args: { label: "コールバックURL", hint: "解決したキャプチャをこのアドレスに送信します。", required: true },
  play: async ({ canvas }) => {
    const input = canvas.getByRole("textbox")
    await expect(input).toBeRequired()
    await expect(input).not.toHaveAccessibleName("コールバックURL (required)")
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  args: { required: true, error: "Use an https:// address we can reach from the internet." },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("textbox")).toBeInvalid()
  },
}

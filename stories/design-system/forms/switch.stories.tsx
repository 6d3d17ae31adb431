import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent } from "storybook/test"
import { Button, Field, Switch, type ControlSize } from "@manyhands/design-system"

const meta = {
  title: "Components/Forms/Switch",
  component: Switch,
  args: { label: "Accept new tasks", onCheckedChange: fn() },
  argTypes: {
    size: { control: "inline-radio", options: ["md", "lg"] },
    labelPosition: { control: "inline-radio", options: ["end", "start"] },
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
} satisfies Meta<typeof Switch>

export default meta
type Story = StoryObj<typeof meta>

const sizes: ControlSize[] = ["md", "lg"]
const states = [
  { name: "off", checked: false },
  { name: "on", checked: true },
  { name: "invalid", checked: false, invalid: true },
  { name: "disabled off", checked: false, disabled: true },
  { name: "disabled on", checked: true, disabled: true },
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
              {size}, label at start
            </th>
          ))}
          <th scope="col">switch only</th>
        </tr>
      </thead>
      <tbody>
        {states.map((state) => (
          <tr key={state.name}>
            <th scope="row" className="pr-4 align-top font-mono font-normal">
              {state.name}
            </th>
            {sizes.map((size) => (
              <td key={size} className="w-56 align-top">
                <Switch
                  size={size}
                  label="Night shift"
                  description="Tasks from 22:00 to 06:00"
                  checked={state.checked}
                  invalid={state.invalid}
                  disabled={state.disabled}
                />
              </td>
            ))}
            {sizes.map((size) => (
              <td key={size} className="w-56 align-top">
                <Switch
                  size={size}
                  labelPosition="start"
                  label="Sound on new task"
                  checked={state.checked}
                  invalid={state.invalid}
                  disabled={state.disabled}
                />
              </td>
            ))}
            <td className="align-top">
              <Switch
                aria-label={`Worker 1842 active (${state.name})`}
                checked={state.checked}
                invalid={state.invalid}
                disabled={state.disabled}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvas }) => {
    const switches = canvas.getAllByRole("switch")
    await expect(switches).toHaveLength(states.length * 5)
    await expect(switches.filter((s) => s.getAttribute("aria-checked") === "true")).toHaveLength(10)
    await expect(switches.filter((s) => s.hasAttribute("disabled"))).toHaveLength(10)
  },
}

/** A click on the switch or its label toggles it, and so do Space and Enter. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole("switch", { name: "Accept new tasks" })
    await expect(toggle).not.toBeChecked()
    await userEvent.click(toggle)
    await expect(toggle).toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true)
    await userEvent.click(canvas.getByText("Accept new tasks"))
    await expect(toggle).not.toBeChecked()
    await userEvent.keyboard(" ")
    await expect(toggle).toBeChecked()
    await userEvent.keyboard("{Enter}")
    await expect(toggle).not.toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenCalledTimes(4)
  },
}

/** Settings lists: label and description first, the switch at the far end. */
export const SettingsList: Story = {
  render: (args) => (
    <div className="flex flex-col divide-y divide-border rounded-lg border border-border bg-surface px-4">
      <Switch
        {...args}
        className="py-3"
        labelPosition="start"
        label="Accept new tasks"
        description="Pause to stop getting captchas; tasks in progress are kept."
        defaultChecked
      />
      <Switch
        className="py-3"
        labelPosition="start"
        label="Night shift"
        description="Get tasks between 22:00 and 06:00 at a 10% higher rate."
      />
      <Switch
        className="py-3"
        labelPosition="start"
        label="Audio captchas"
        description="Unlocks at level 5."
        disabled
      />
    </div>
  ),
  play: async ({ canvas, args }) => {
    const accept = canvas.getByRole("switch", { name: "Accept new tasks" })
    await expect(accept).toBeChecked()
    await expect(accept).toHaveAccessibleDescription(
      "Pause to stop getting captchas; tasks in progress are kept.",
    )
    await expect(accept.closest("[data-slot=switch-field]")).toHaveAttribute("data-label-position", "start")
    await userEvent.click(accept)
    await expect(args.onCheckedChange).toHaveBeenCalledWith(false)
    await expect(canvas.getByRole("switch", { name: "Audio captchas" })).toBeDisabled()
  },
}

export const Large: Story = {
  args: { size: "lg", defaultChecked: true },
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole("switch")
    await expect(toggle).toHaveAttribute("data-size", "lg")
    await expect(toggle.getBoundingClientRect().height).toBe(28)
  },
}

/** In a Field: its hint and error describe the switch. */
export const InField: Story = {
  args: { label: "Send the solution to my callback URL" },
  render: (args) => (
    <Field
      label="Pingback"
      hint="We POST each answer to https://api.example.com/captcha-done."
      error="The callback URL did not answer in the last hour."
    >
      <Switch {...args} defaultChecked />
    </Field>
  ),
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole("switch", { name: /Send the solution to my callback URL/ })
    await expect(toggle).toHaveAttribute("aria-invalid", "true")
    await expect(toggle).toHaveAccessibleDescription(
      "We POST each answer to https://api.example.com/captcha-done. The callback URL did not answer in the last hour.",
    )
  },
}

export const Disabled: Story = {
  args: { disabled: true, defaultChecked: true, label: "Instant payouts (from level 3)" },
  play: async ({ canvas, args }) => {
    const toggle = canvas.getByRole("switch")
    await expect(toggle).toBeDisabled()
    await userEvent.click(toggle, { pointerEventsCheck: 0 })
    await expect(toggle).toBeChecked()
    await expect(args.onCheckedChange).not.toHaveBeenCalled()
  },
}

/** With `name`, the switch is sent with the form like a checkbox. */
export const InAForm: Story = {
  args: { name: "night_shift", value: "yes", label: "Night shift" },
  render: (args) => (
    <form
      aria-label="Worker schedule"
      className="flex flex-col items-start gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        event.currentTarget.dataset.submitted = JSON.stringify(
          Object.fromEntries(new FormData(event.currentTarget)),
        )
      }}
    >
      <Switch {...args} />
      <Button type="submit">Save schedule</Button>
    </form>
  ),
  play: async ({ canvas }) => {
    const form = canvas.getByRole("form", { name: "Worker schedule" })
    await userEvent.click(canvas.getByRole("button", { name: "Save schedule" }))
    await expect(JSON.parse(form.dataset.submitted ?? "{}")).toEqual({})
    await userEvent.click(canvas.getByRole("switch", { name: "Night shift" }))
    await userEvent.click(canvas.getByRole("button", { name: "Save schedule" }))
    await expect(JSON.parse(form.dataset.submitted ?? "{}")).toEqual({ night_shift: "yes" })
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  render: (args) => (
    <div className="flex flex-col gap-3">
      <Switch {...args} defaultChecked />
      <Switch label="Night shift" />
      <Switch label="Audio captchas" disabled />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("switch", { name: "Accept new tasks" })).toBeChecked()
  },
}

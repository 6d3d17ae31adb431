import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { Button, Field, RadioGroup, type ControlSize, type RadioOption } from "@manyhands/design-system"

const priorities: RadioOption[] = [
  { value: "normal", label: "Normal", description: "Solved in about 15 s · $0.50 per 1,000" },
  { value: "fast", label: "Fast", description: "Solved in about 8 s · $0.65 per 1,000" },
  { value: "instant", label: "Instant", description: "Solved in about 4 s · $0.80 per 1,000" },
  { value: "dedicated", label: "Dedicated workers", description: "Business plans only", disabled: true },
]

const frequencies: RadioOption[] = [
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
  { value: "monthly", label: "Monthly" },
]

const meta = {
  title: "Components/Forms/RadioGroup",
  component: RadioGroup,
  args: { options: priorities, defaultValue: "normal", onValueChange: fn() },
  argTypes: {
    size: { control: "inline-radio", options: ["md", "lg"] },
    orientation: { control: "inline-radio", options: ["vertical", "horizontal"] },
  },
  render: (args) => (
    <Field label="Solving priority" hint="Applies to new captchas sent with this API key.">
      <RadioGroup {...args} />
    </Field>
  ),
} satisfies Meta<typeof RadioGroup>

export default meta
type Story = StoryObj<typeof meta>

const sizes: ControlSize[] = ["md", "lg"]

/**
 * Presses and then releases a key. Radix checks a radio when it gets focus while an arrow key is held, and its
 * roving focus moves a tick after keydown: a real key press lasts long enough, a synthetic one must be held.
 */
async function press(key: string, times = 1) {
  for (let i = 0; i < times; i++) {
    await userEvent.keyboard(`{${key}>}`)
    await userEvent.keyboard(`{/${key}}`)
  }
}
const states = ["default", "invalid", "disabled"] as const

export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <table className="border-separate border-spacing-x-6 border-spacing-y-4 text-left text-sm">
      <thead>
        <tr>
          <th scope="col">state</th>
          {sizes.map((size) => (
            <th key={size} scope="col">
              {size}, vertical
            </th>
          ))}
          {sizes.map((size) => (
            <th key={size} scope="col">
              {size}, horizontal
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {states.map((state) => (
          <tr key={state}>
            <th scope="row" className="pr-4 align-top font-mono font-normal">
              {state}
            </th>
            {sizes.map((size) => (
              <td key={size} className="w-60 align-top">
                <RadioGroup
                  aria-label={`Priority, ${state}, ${size}`}
                  size={size}
                  options={priorities}
                  defaultValue="fast"
                  invalid={state === "invalid"}
                  disabled={state === "disabled"}
                />
              </td>
            ))}
            {sizes.map((size) => (
              <td key={size} className="w-72 align-top">
                <RadioGroup
                  aria-label={`Payout frequency, ${state}, ${size}`}
                  orientation="horizontal"
                  size={size}
                  options={frequencies}
                  defaultValue="weekly"
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
    await expect(canvas.getAllByRole("radiogroup")).toHaveLength(states.length * sizes.length * 2)
    const disabled = canvas.getByRole("radiogroup", { name: "Priority, disabled, md" })
    await expect(
      within(disabled)
        .getAllByRole("radio")
        .every((radio) => radio.hasAttribute("disabled")),
    ).toBe(true)
    await expect(canvas.getByRole("radiogroup", { name: "Priority, invalid, lg" })).toHaveAttribute(
      "aria-invalid",
      "true",
    )
    await expect(canvas.getByRole("radiogroup", { name: "Payout frequency, default, md" })).toHaveAttribute(
      "aria-orientation",
      "horizontal",
    )
  },
}

/** The Field's label names the group; Tab enters at the chosen option, arrows move and choose. */
export const Default: Story = {
  play: async ({ canvas, canvasElement, args, step }) => {
    const group = canvas.getByRole("radiogroup", { name: "Solving priority" })
    await expect(group).toHaveAccessibleDescription("Applies to new captchas sent with this API key.")
    // A group is not labelable: it points at the id the Field gives its label, already in the server's HTML.
    const label = canvasElement.querySelector("[data-slot=field] > label")!
    await expect(label.id).toBe(`${group.id}-label`)
    await expect(group).toHaveAttribute("aria-labelledby", label.id)
    const normal = within(group).getByRole("radio", { name: "Normal" })
    await expect(normal).toBeChecked()
    await expect(normal).toHaveAccessibleDescription("Solved in about 15 s · $0.50 per 1,000")
    await step("keyboard", async () => {
      await userEvent.tab()
      await expect(normal).toHaveFocus()
      await press("ArrowDown")
      const fast = within(group).getByRole("radio", { name: "Fast" })
      await expect(fast).toHaveFocus()
      await expect(fast).toBeChecked()
      await expect(args.onValueChange).toHaveBeenLastCalledWith("fast")
    })
    await step("the disabled option is skipped", async () => {
      await press("ArrowDown", 2)
      await expect(within(group).getByRole("radio", { name: "Normal" })).toBeChecked()
      await expect(within(group).getByRole("radio", { name: "Dedicated workers" })).toBeDisabled()
    })
    await step("a click on a label chooses", async () => {
      await userEvent.click(canvas.getByText("Instant"))
      await expect(within(group).getByRole("radio", { name: "Instant" })).toBeChecked()
      await expect(args.onValueChange).toHaveBeenLastCalledWith("instant")
    })
  },
}

/** Side by side for a few short options; wraps on a narrow screen. */
export const Horizontal: Story = {
  args: { options: frequencies, defaultValue: "weekly", orientation: "horizontal" },
  render: (args) => (
    <Field label="Payout frequency">
      <RadioGroup {...args} />
    </Field>
  ),
  play: async ({ canvas, args }) => {
    const group = canvas.getByRole("radiogroup", { name: "Payout frequency" })
    await expect(group).toHaveAttribute("aria-orientation", "horizontal")
    await userEvent.click(within(group).getByRole("radio", { name: "Weekly" }))
    await press("ArrowRight")
    await expect(within(group).getByRole("radio", { name: "Monthly" })).toBeChecked()
    await press("ArrowRight")
    await expect(within(group).getByRole("radio", { name: "Daily" })).toBeChecked()
    await expect(args.onValueChange).toHaveBeenLastCalledWith("daily")
  },
}

export const Large: Story = {
  args: { size: "lg" },
  play: async ({ canvas }) => {
    const group = canvas.getByRole("radiogroup")
    await expect(group).toHaveAttribute("data-size", "lg")
    await expect(within(group).getAllByRole("radio")[0]?.getBoundingClientRect().width).toBe(20)
  },
}

/** Nothing chosen and required: the Field's error marks the group invalid and describes it. */
export const Invalid: Story = {
  args: { defaultValue: undefined },
  render: (args) => (
    <Field label="Solving priority" error="Choose a priority to continue." required>
      <RadioGroup {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const group = canvas.getByRole("radiogroup", { name: /Solving priority/ })
    await expect(group).toHaveAttribute("aria-invalid", "true")
    await expect(group).toHaveAttribute("aria-required", "true")
    await expect(group).toHaveAccessibleDescription("Choose a priority to continue.")
    await expect(
      within(group)
        .getAllByRole("radio")
        .some((radio) => radio.getAttribute("aria-checked") === "true"),
    ).toBe(false)
  },
}

export const Disabled: Story = {
  render: (args) => (
    <Field label="Solving priority" hint="Your plan fixes the priority." disabled>
      <RadioGroup {...args} />
    </Field>
  ),
  play: async ({ canvas, args }) => {
    const radios = canvas.getAllByRole("radio")
    await expect(radios.every((radio) => radio.hasAttribute("disabled"))).toBe(true)
    await userEvent.click(canvas.getByText("Instant"), { pointerEventsCheck: 0 })
    await expect(args.onValueChange).not.toHaveBeenCalled()
  },
}

/** With `name`, the chosen value is sent with the form. */
export const InAForm: Story = {
  args: { name: "priority" },
  render: (args) => (
    <form
      aria-label="API key settings"
      className="flex flex-col items-start gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        event.currentTarget.dataset.submitted = JSON.stringify(
          Object.fromEntries(new FormData(event.currentTarget)),
        )
      }}
    >
      <Field label="Solving priority">
        <RadioGroup {...args} />
      </Field>
      <Button type="submit">Save</Button>
    </form>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("radio", { name: "Fast" }))
    await userEvent.click(canvas.getByRole("button", { name: "Save" }))
    const form = canvas.getByRole("form", { name: "API key settings" })
    await expect(JSON.parse(form.dataset.submitted ?? "{}")).toEqual({ priority: "fast" })
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  args: { defaultValue: "instant" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("radio", { name: "Instant" })).toBeChecked()
  },
}

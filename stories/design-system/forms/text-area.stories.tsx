import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, waitFor } from "storybook/test"
import { Button, Field, TextArea, type ControlSize } from "@manyhands/design-system"

const meta = {
  title: "Components/Forms/TextArea",
  component: TextArea,
  args: {
    onChange: fn(),
    placeholder: "Describe what went wrong with the captcha, e.g. the image did not load.",
  },
  argTypes: { size: { control: "inline-radio", options: ["md", "lg"] } },
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
    <Field label="Report a problem">
      <TextArea {...args} />
    </Field>
  ),
} satisfies Meta<typeof TextArea>

export default meta
type Story = StoryObj<typeof meta>

const sizes: ControlSize[] = ["md", "lg"]
const states = ["empty", "filled", "counter", "invalid", "disabled"] as const
const feedback =
  "The worker marked my hCaptcha as unsolvable, but it loaded fine on my side. Task 72816401, sent at 14:02 UTC."

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
            <th scope="row" className="pr-4 align-top font-mono font-normal">
              {state}
            </th>
            {sizes.map((size) => (
              <td key={size} className="w-80 align-top">
                <TextArea
                  size={size}
                  autosize
                  minRows={2}
                  aria-label={`${state} ${size}`}
                  placeholder={state === "empty" ? "Notes for the support team" : undefined}
                  defaultValue={state === "empty" ? undefined : feedback}
                  maxLength={state === "counter" ? 200 : undefined}
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
    await expect(canvas.getAllByRole("textbox")).toHaveLength(states.length * sizes.length)
    await expect(canvas.getAllByText("109 of 200 characters")).toHaveLength(2)
    await expect(canvas.getByRole("textbox", { name: "invalid md" })).toBeInvalid()
  },
}

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const textArea = canvas.getByRole("textbox", { name: "Report a problem" })
    await expect(textArea).toHaveAttribute("rows", "3")
    await userEvent.type(textArea, "Image did not load.{Enter}Task 72816401.")
    await expect(textArea).toHaveValue("Image did not load.\nTask 72816401.")
    await expect(args.onChange).toHaveBeenCalled()
  },
}

/** With `maxLength` a counter shows "n of max characters"; it is announced politely once typing pauses. */
export const CharacterCounter: Story = {
  args: { maxLength: 120, placeholder: "Shown to workers above every task of this batch" },
  render: (args) => (
    <Field label="Instructions for workers" hint="Plain text, no links.">
      <TextArea {...args} />
    </Field>
  ),
  play: async ({ canvas, step }) => {
    const textArea = canvas.getByRole("textbox", { name: "Instructions for workers" })
    await expect(textArea).toHaveAccessibleDescription("Plain text, no links. 0 of 120 characters")
    await step("typing updates the counter and, after a pause, the live region", async () => {
      await userEvent.type(textArea, "Type the letters exactly")
      await expect(canvas.getByText("24 of 120 characters")).toBeVisible()
      const status = canvas.getByRole("status")
      await waitFor(() => expect(status).toHaveTextContent("24 of 120 characters"))
    })
    await step("the limit stops typing and turns the counter red", async () => {
      await userEvent.type(
        textArea,
        " as shown. Case matters; ignore the lines behind the text and answer in Latin letters only, please.",
      )
      await expect((textArea as HTMLTextAreaElement).value).toHaveLength(120)
      const counter = canvas.getByText("120 of 120 characters")
      await expect(counter).toHaveAttribute("data-near-limit")
    })
  },
}

/** `autosize` grows the field with its content between `minRows` and `maxRows`, then it scrolls. */
export const Autosize: Story = {
  args: { autosize: true, minRows: 2, maxRows: 6, placeholder: "One task ID per line" },
  render: (args) => (
    <Field label="Task IDs to refund" hint="Grows up to six lines, then scrolls.">
      <TextArea {...args} />
    </Field>
  ),
  play: async ({ canvas, step }) => {
    const textArea = canvas.getByRole("textbox", { name: "Task IDs to refund" })
    const heightOf = () => textArea.getBoundingClientRect().height
    const empty = heightOf()
    // 2 lines of 20 px, 8 px padding top and bottom, 1 px borders.
    await expect(empty).toBe(58)
    await step("grows line by line", async () => {
      await userEvent.type(textArea, "72816401{Enter}72816402{Enter}72816403")
      await expect(heightOf()).toBe(78)
      await expect(textArea.style.overflowY).toBe("hidden")
    })
    await step("stops at maxRows and scrolls", async () => {
      await userEvent.type(
        textArea,
        "{Enter}72816404{Enter}72816405{Enter}72816406{Enter}72816407{Enter}72816408",
      )
      await expect(heightOf()).toBe(138)
      await expect(textArea.style.overflowY).toBe("auto")
    })
    await step("shrinks when lines are removed", async () => {
      await userEvent.clear(textArea)
      await expect(heightOf()).toBe(empty)
    })
  },
}

/** A controlled value changed from outside (a template button) resizes too. */
export const AutosizeControlled: Story = {
  render: function Render() {
    const [value, setValue] = useState("")
    return (
      <div className="flex flex-col gap-3">
        <Field label="Message to the worker">
          <TextArea
            autosize
            minRows={2}
            maxRows={8}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </Field>
        <Button
          variant="secondary"
          onClick={() =>
            setValue(
              "Hello! Three of your last answers were wrong.\nPlease check the case of the letters.\nThank you for your work.",
            )
          }
        >
          Insert the warning template
        </Button>
      </div>
    )
  },
  play: async ({ canvas }) => {
    const textArea = canvas.getByRole("textbox", { name: "Message to the worker" })
    await expect(textArea.getBoundingClientRect().height).toBe(58)
    await userEvent.click(canvas.getByRole("button", { name: "Insert the warning template" }))
    await expect(textArea.getBoundingClientRect().height).toBe(78)
  },
}

export const Large: Story = {
  args: { size: "lg", maxLength: 500, defaultValue: feedback },
  play: async ({ canvas }) => {
    const textArea = canvas.getByRole("textbox")
    await expect(textArea).toHaveAttribute("data-size", "lg")
    await expect(canvas.getByText("109 of 500 characters")).toBeVisible()
  },
}

export const Invalid: Story = {
  args: { defaultValue: "Bad" },
  render: (args) => (
    <Field label="Report a problem" error="Tell us a bit more: at least 20 characters." required>
      <TextArea {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const textArea = canvas.getByRole("textbox", { name: /Report a problem/ })
    await expect(textArea).toBeInvalid()
    await expect(textArea).toBeRequired()
    await expect(textArea).toHaveAccessibleDescription("Tell us a bit more: at least 20 characters.")
  },
}

export const Disabled: Story = {
  args: { disabled: true, defaultValue: feedback },
  play: async ({ canvas, args }) => {
    const textArea = canvas.getByRole("textbox")
    await expect(textArea).toBeDisabled()
    await userEvent.type(textArea, "more", { pointerEventsCheck: 0 })
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  args: { maxLength: 200, defaultValue: feedback },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("109 of 200 characters")).toBeVisible()
  },
}

import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, waitFor } from "storybook/test"
import { Button, Field, OtpInput } from "@manyhands/design-system"

const meta = {
  title: "Components/Forms/OtpInput",
  component: OtpInput,
  args: { onChange: fn(), onComplete: fn() },
  argTypes: { size: { control: "inline-radio", options: ["md", "lg"] } },
  render: (args) => (
    <Field
      label="Confirmation code"
      hint="We sent a 6-digit code to o.petrov@example.com. It works for 10 minutes."
    >
      <OtpInput {...args} />
    </Field>
  ),
} satisfies Meta<typeof OtpInput>

export default meta
type Story = StoryObj<typeof meta>

const cells = (canvas: { getAllByRole: (role: "textbox") => HTMLElement[] }) =>
  canvas.getAllByRole("textbox") as HTMLInputElement[]

/** Sizes × empty, half-filled, complete, invalid and disabled; 4 and 6 digits. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <table className="border-separate border-spacing-4 text-left text-sm">
      <thead>
        <tr>
          <th scope="col">state</th>
          <th scope="col">md</th>
          <th scope="col">lg</th>
        </tr>
      </thead>
      <tbody>
        {[
          { name: "empty", props: {} },
          { name: "partial", props: { defaultValue: "482" } },
          { name: "complete", props: { defaultValue: "482915" } },
          { name: "invalid", props: { defaultValue: "482915", "aria-invalid": true as const } },
          { name: "disabled", props: { defaultValue: "482915", disabled: true } },
          { name: "4 digits", props: { defaultValue: "73", length: 4 } },
        ].map(({ name, props }) => (
          <tr key={name}>
            <th scope="row" className="pr-2 font-mono font-normal">
              {name}
            </th>
            {(["md", "lg"] as const).map((size) => (
              <td key={size}>
                <OtpInput aria-label={`${name} ${size}`} size={size} {...props} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvas }) => {
    const groups = canvas.getAllByRole("group")
    await expect(groups).toHaveLength(12)
    await expect(canvas.getByRole("group", { name: "complete md" })).toHaveAttribute("data-state", "complete")
    await expect(canvas.getByRole("group", { name: "partial lg" })).toHaveAttribute(
      "data-state",
      "incomplete",
    )
    await expect(canvas.getByRole("group", { name: "4 digits md" }).querySelectorAll("input")).toHaveLength(4)
  },
}

/** Each digit moves to the next cell; the sixth reports the whole code. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const inputs = cells(canvas)
    await expect(inputs).toHaveLength(6)
    await expect(inputs[0]).toHaveAccessibleName("Digit 1 of 6")
    await expect(inputs[5]).toHaveAccessibleName("Digit 6 of 6")
    await expect(inputs[0]).toHaveAttribute("autocomplete", "one-time-code")
    await expect(inputs[1]).toHaveAttribute("autocomplete", "off")
    await expect(inputs[0]).toHaveAttribute("inputmode", "numeric")
    await expect(inputs[3]).toHaveAccessibleDescription(/We sent a 6-digit code/)
    await userEvent.click(canvas.getByText("Confirmation code"))
    await expect(inputs[0]).toHaveFocus()
    await userEvent.keyboard("482")
    await expect(inputs[3]).toHaveFocus()
    await expect(args.onChange).toHaveBeenLastCalledWith("482")
    await expect(args.onComplete).not.toHaveBeenCalled()
    await userEvent.keyboard("915")
    await expect(args.onComplete).toHaveBeenCalledTimes(1)
    await expect(args.onComplete).toHaveBeenCalledWith("482915")
    await expect(inputs.map((input) => input.value).join("")).toBe("482915")
  },
}

/** Backspace clears the cell, then steps back; arrows move without changing anything. */
export const Backspace: Story = {
  args: { defaultValue: "4829" },
  play: async ({ canvas, args }) => {
    const inputs = cells(canvas)
    await userEvent.click(inputs[4]!)
    await userEvent.keyboard("{Backspace}")
    await expect(inputs[3]).toHaveFocus()
    await expect(inputs[3]).toHaveValue("")
    await expect(args.onChange).toHaveBeenLastCalledWith("482")
    await userEvent.keyboard("{Backspace}")
    await expect(inputs[2]).toHaveFocus()
    await expect(inputs[2]).toHaveValue("")
    await userEvent.keyboard("{ArrowLeft}{ArrowLeft}")
    await expect(inputs[0]).toHaveFocus()
    await userEvent.keyboard("{End}")
    await expect(inputs[5]).toHaveFocus()
    await userEvent.keyboard("{Home}7")
    await expect(inputs[0]).toHaveValue("7")
    await expect(inputs[1]).toHaveFocus()
  },
}

/** A pasted code fills every cell, whatever cell has the focus and whatever separates the digits. */
export const Paste: Story = {
  play: async ({ canvas, args }) => {
    const inputs = cells(canvas)
    await userEvent.click(inputs[2]!)
    await userEvent.paste("Your code: 482-915")
    await expect(inputs.map((input) => input.value)).toEqual(["4", "8", "2", "9", "1", "5"])
    await expect(args.onComplete).toHaveBeenCalledWith("482915")
    await waitFor(() => expect(inputs[5]).toHaveFocus())
  },
}

/** Letters and symbols are ignored. */
export const OnlyDigits: Story = {
  play: async ({ canvas, args }) => {
    const inputs = cells(canvas)
    await userEvent.click(inputs[0]!)
    await userEvent.keyboard("a1-b2 ")
    await expect(inputs[0]).toHaveValue("1")
    await expect(inputs[1]).toHaveValue("2")
    await expect(inputs[2]).toHaveValue("")
    await expect(inputs[2]).toHaveFocus()
    await expect(args.onChange).toHaveBeenLastCalledWith("12")
  },
}

/** A wrong code: the Field's error marks every cell; the app clears the code with `value`. */
export const WrongCode: Story = {
  render: function WrongCode(args) {
    const [code, setCode] = useState("482915")
    return (
      <div className="flex flex-col items-start gap-4">
        <Field label="Confirmation code" error="This code is wrong or has expired.">
          <OtpInput
            {...args}
            value={code}
            onChange={(next) => {
              setCode(next)
              args.onChange?.(next)
            }}
          />
        </Field>
        <Button variant="tertiary" onClick={() => setCode("")}>
          Send a new code
        </Button>
      </div>
    )
  },
  play: async ({ canvas }) => {
    const inputs = cells(canvas)
    for (const input of inputs) await expect(input).toHaveAttribute("aria-invalid", "true")
    await expect(inputs[0]).toHaveAccessibleDescription("This code is wrong or has expired.")
    await userEvent.click(canvas.getByRole("button", { name: "Send a new code" }))
    await expect(inputs.map((input) => input.value).join("")).toBe("")
    await userEvent.click(canvas.getByRole("button", { name: "Send a new code" }))
  },
}

/** Four digits for a payout PIN; the group is named when no Field labels it. */
export const FourDigits: Story = {
  args: { length: 4, "aria-label": "Payout PIN" },
  render: (args) => <OtpInput {...args} />,
  play: async ({ canvas, args }) => {
    const group = canvas.getByRole("group", { name: "Payout PIN" })
    await expect(group.querySelectorAll("input")).toHaveLength(4)
    await expect(canvas.getAllByRole("textbox")[0]).toHaveAccessibleName("Digit 1 of 4")
    await userEvent.click(canvas.getAllByRole("textbox")[0]!)
    await userEvent.keyboard("7310")
    await expect(args.onComplete).toHaveBeenCalledWith("7310")
  },
}

export const Large: Story = {
  args: { size: "lg", defaultValue: "48" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("group")).toHaveAttribute("data-size", "lg")
    await expect(cells(canvas)[0]!.getBoundingClientRect().height).toBe(56)
  },
}

export const Disabled: Story = {
  args: { disabled: true, defaultValue: "482915" },
  play: async ({ canvas, args }) => {
    for (const input of cells(canvas)) await expect(input).toBeDisabled()
    await userEvent.type(cells(canvas)[0]!, "1", { pointerEventsCheck: 0 })
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  play: async ({ canvas }) => {
    const group = canvas.getByRole("group")
    await expect(group.getBoundingClientRect().right).toBeLessThanOrEqual(375)
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { defaultValue: "482" },
  play: async ({ canvas }) => {
    await expect(document.documentElement.dataset.theme).toBe("dark")
    await expect(cells(canvas)[2]).toHaveValue("2")
  },
}

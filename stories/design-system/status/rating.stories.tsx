import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent } from "storybook/test"
import { Button, Field, Rating, RatingInput, type RatingSize } from "@manyhands/design-system"

const meta = {
  title: "Components/Status/Rating",
  component: Rating,
  args: { value: 4.6, showValue: true, children: "(1,284 reviews)" },
  argTypes: { size: { control: "inline-radio", options: ["sm", "md", "lg"] } },
} satisfies Meta<typeof Rating>

export default meta
type Story = StoryObj<typeof meta>

const sizes: RatingSize[] = ["sm", "md", "lg"]
const values = [0, 1.5, 3, 4.3, 4.8, 5]
const qualityWords = ["Poor", "Fair", "Good", "Very good", "Excellent"]

/** Display values × sizes, and the input empty, chosen and disabled. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <div className="flex flex-col gap-6">
      <table className="border-separate border-spacing-x-6 border-spacing-y-2 text-left text-sm">
        <thead>
          <tr>
            <th scope="col">value</th>
            {sizes.map((size) => (
              <th key={size} scope="col" className="font-mono font-normal">
                {size}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {values.map((value) => (
            <tr key={value}>
              <th scope="row" className="font-mono font-normal">
                {value}
              </th>
              {sizes.map((size) => (
                <td key={size}>
                  <Rating value={value} size={size} showValue />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap items-center gap-8">
        {sizes.map((size) => (
          <RatingInput key={size} size={size} label={`Input ${size}`} defaultValue={3} />
        ))}
        <RatingInput label="Empty input" />
        <RatingInput label="Disabled input" defaultValue={4} disabled />
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("img", { name: "4.3 out of 5" })).toHaveLength(3)
    await expect(canvas.getAllByRole("radiogroup")).toHaveLength(5)
    const empty = canvas.getByRole("radiogroup", { name: "Empty input" })
    await expect(empty.querySelector('[aria-checked="true"]')).toBeNull()
  },
}

/** A read-only average: half stars on screen, the exact value in words from the provider. */
export const Display: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("img", { name: "4.6 out of 5" })).toBeVisible()
    await expect(canvas.getByText("(1,284 reviews)")).toBeVisible()
    const fills = Array.from(
      canvasElement.querySelectorAll<HTMLElement>("[data-fill]"),
      (s) => s.dataset.fill,
    )
    await expect(fills).toEqual(["1", "1", "1", "1", "0.5"])
  },
}

export const HalfStar: Story = {
  args: { value: 3.5, showValue: false, children: undefined, size: "lg" },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("img", { name: "3.5 out of 5" })).toBeVisible()
    await expect(canvasElement.querySelectorAll('[data-fill="0.5"]')).toHaveLength(1)
  },
}

/** Half stars fill from the inline start, so they mirror in right-to-left languages. */
export const RightToLeft: Story = {
  args: { value: 2.5, size: "lg", children: undefined },
  render: (args) => (
    <div dir="rtl">
      <Rating {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const half = canvasElement.querySelector<HTMLElement>('[data-fill="0.5"] > span')
    const star = half?.parentElement?.getBoundingClientRect()
    await expect(half?.getBoundingClientRect().right).toBeCloseTo(star?.right ?? 0, 0)
  },
}

/**
 * Presses an arrow key the way a person does: Radix moves focus a tick after keydown and chooses the
 * focused radio only while the key is still down, which an instant keydown+keyup would miss.
 */
async function pressArrow(key: "ArrowLeft" | "ArrowRight") {
  await userEvent.keyboard(`{${key}>}`)
  await userEvent.keyboard(`{/${key}}`)
}

/** Stars as radios: arrow keys move and choose, and each star is named "3 out of 5". */
export const Input: Story = {
  render: () => <RatingInput label="Rate this worker" onValueChange={ratingSpy} />,
  play: async ({ canvas }) => {
    ratingSpy.mockClear()
    const group = canvas.getByRole("radiogroup", { name: "Rate this worker" })
    await expect(canvas.getAllByRole("radio")).toHaveLength(5)
    await userEvent.click(canvas.getByRole("radio", { name: "3 out of 5" }))
    await expect(ratingSpy).toHaveBeenLastCalledWith(3)
    await expect(canvas.getByRole("radio", { name: "3 out of 5" })).toBeChecked()
    await pressArrow("ArrowRight")
    await expect(canvas.getByRole("radio", { name: "4 out of 5" })).toBeChecked()
    await expect(canvas.getByRole("radio", { name: "4 out of 5" })).toHaveFocus()
    await pressArrow("ArrowLeft")
    await pressArrow("ArrowLeft")
    await expect(ratingSpy).toHaveBeenLastCalledWith(2)
    await expect(group.querySelectorAll('[data-fill="1"]')).toHaveLength(2)
  },
}
const ratingSpy = fn()

/** Words for each value: the chosen (or hovered) one is shown, and each radio is named with it. */
export const WithWords: Story = {
  render: () => <RatingInput label="How was the solution?" valueLabels={qualityWords} defaultValue={4} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("radio", { name: "Very good, 4 out of 5" })).toBeChecked()
    await expect(canvas.getByText("Very good")).toBeVisible()
    await userEvent.hover(canvas.getByRole("radio", { name: "Excellent, 5 out of 5" }))
    await expect(canvas.getByText("Excellent")).toBeVisible()
    await userEvent.unhover(canvas.getByRole("radio", { name: "Excellent, 5 out of 5" }))
  },
}

function ReviewForm({ onSubmit }: { onSubmit: (data: Record<string, FormDataEntryValue>) => void }) {
  const [error, setError] = useState<string>()
  return (
    <form
      className="flex w-80 flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault()
        const data = Object.fromEntries(new FormData(event.currentTarget))
        if (!data.quality) return setError("Choose from 1 to 5 stars.")
        setError(undefined)
        onSubmit(data)
      }}
      noValidate
    >
      <Field label="Rate the support reply" hint="Only the support team sees it." error={error} required>
        <RatingInput name="quality" />
      </Field>
      <Button type="submit" className="self-start">
        Send rating
      </Button>
    </form>
  )
}

/**
 * Inside a Field: its label names the group (no `label` needed), the hint and error describe it, and the
 * value is submitted with the form.
 */
export const InAForm: Story = {
  render: () => <ReviewForm onSubmit={submitSpy} />,
  play: async ({ canvas, step }) => {
    submitSpy.mockClear()
    // The Field's label, with its spoken "(required)", through the label's id.
    const group = canvas.getByRole("radiogroup", { name: "Rate the support reply (required)" })
    await expect(group).toHaveAttribute("aria-labelledby", expect.stringMatching(/-label$/))
    await expect(group).not.toHaveAttribute("aria-label")
    await step("empty submit shows the error", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Send rating" }))
      await expect(group).toHaveAccessibleDescription(
        /Only the support team sees it\. Choose from 1 to 5 stars\./,
      )
      await expect(group).toHaveAttribute("aria-invalid", "true")
      await expect(group).toHaveAttribute("aria-required", "true")
    })
    await step("choose and send", async () => {
      await userEvent.click(canvas.getByRole("radio", { name: "5 out of 5" }))
      await userEvent.click(canvas.getByRole("button", { name: "Send rating" }))
      await expect(submitSpy).toHaveBeenCalledWith({ quality: "5" })
    })
  },
}
const submitSpy = fn()

export const Disabled: Story = {
  render: () => <RatingInput label="Rate this worker" defaultValue={2} disabled />,
  play: async ({ canvas }) => {
    for (const radio of canvas.getAllByRole("radio")) await expect(radio).toBeDisabled()
    await expect(canvas.getByRole("radio", { name: "2 out of 5" })).toBeChecked()
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  render: () => (
    <div className="flex flex-col gap-4">
      <Rating value={4.5} showValue>
        (312 reviews)
      </Rating>
      <RatingInput label="Rate this worker" valueLabels={qualityWords} defaultValue={3} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
    await expect(canvas.getByRole("img", { name: "4.5 out of 5" })).toBeVisible()
    await expect(canvas.getByRole("radio", { name: "Good, 3 out of 5" })).toBeChecked()
  },
}

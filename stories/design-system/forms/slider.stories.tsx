import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent } from "storybook/test"
import { Field, Slider, useFormatter, type ControlSize, type SliderProps } from "@manyhands/design-system"

/** Reward per 1,000 captchas in cents, shown as money in the site's locale. */
function RewardSlider(props: SliderProps) {
  const format = useFormatter()
  return <Slider {...props} formatValue={props.formatValue ?? ((cents) => format.money(cents, "USD"))} />
}

const meta = {
  title: "Components/Forms/Slider",
  component: Slider,
  args: {
    min: 0,
    max: 100,
    step: 5,
    defaultValue: [60],
    onValueChange: fn(),
    onValueCommit: fn(),
    formatValue: (value: number) => `${value}%`,
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
    <Field label="Minimum worker accuracy" hint="Only workers at or above it get your captchas.">
      <Slider {...args} />
    </Field>
  ),
} satisfies Meta<typeof Slider>

export default meta
type Story = StoryObj<typeof meta>

const sizes: ControlSize[] = ["md", "lg"]
const states = ["single", "range", "limits", "invalid", "disabled"] as const

export const Matrix: Story = {
  parameters: { layout: "padded", fullWidth: true },
  render: () => (
    <table className="border-separate border-spacing-x-6 border-spacing-y-2 text-left text-sm">
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
              <td key={size} className="w-80">
                <RewardSlider
                  aria-label={`Reward, ${state}, ${size}`}
                  size={size}
                  min={20}
                  max={300}
                  step={5}
                  defaultValue={state === "range" ? [50, 145] : [100]}
                  showLimits={state === "limits"}
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
    const thumbs = canvas.getAllByRole("slider")
    await expect(thumbs).toHaveLength((states.length + 1) * sizes.length)
    await expect(canvas.getAllByRole("slider", { name: "Reward, range, md Minimum" })).toHaveLength(1)
    await expect(canvas.getByRole("slider", { name: "Reward, single, lg" })).toHaveAttribute(
      "aria-valuetext",
      "$1.00",
    )
    await expect(canvas.getByRole("slider", { name: "Reward, disabled, md" })).toHaveAttribute(
      "data-disabled",
    )
  },
}

/** Arrows step, Page Up/Down jump ten steps, Home/End go to the ends; the value is shown and announced. */
export const Default: Story = {
  play: async ({ canvas, canvasElement, args, step }) => {
    const thumb = canvas.getByRole("slider", { name: "Minimum worker accuracy" })
    const shown = shownValue(canvasElement)
    await expect(thumb).toHaveAttribute("aria-valuenow", "60")
    await expect(thumb).toHaveAttribute("aria-valuetext", "60%")
    await expect(thumb).toHaveAccessibleDescription("Only workers at or above it get your captchas.")
    await expect(shown()).toBe("60%")
    await step("arrow keys", async () => {
      await userEvent.tab()
      await expect(thumb).toHaveFocus()
      await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowUp}")
      await expect(thumb).toHaveAttribute("aria-valuenow", "75")
      await expect(shown()).toBe("75%")
      await expect(args.onValueChange).toHaveBeenLastCalledWith([75])
      await userEvent.keyboard("{ArrowLeft}")
      await expect(thumb).toHaveAttribute("aria-valuetext", "70%")
      await expect(args.onValueCommit).toHaveBeenLastCalledWith([70])
    })
    await step("Home, End and Page keys", async () => {
      await userEvent.keyboard("{End}")
      await expect(thumb).toHaveAttribute("aria-valuenow", "100")
      await userEvent.keyboard("{Home}")
      await expect(thumb).toHaveAttribute("aria-valuenow", "0")
      await userEvent.keyboard("{PageUp}")
      await expect(thumb).toHaveAttribute("aria-valuenow", "50")
      await expect(shown()).toBe("50%")
    })
  },
}

/** The value(s) shown beside the track. */
function shownValue(canvasElement: HTMLElement) {
  return () => canvasElement.querySelector("[data-slot=slider-value]")?.textContent
}

/** Money through `formatValue`: the reward offered per 1,000 captchas, in cents, shown as dollars. */
export const Money: Story = {
  args: { min: 20, max: 300, step: 5, defaultValue: [100], formatValue: undefined, showLimits: true },
  render: (args) => (
    <Field label="Your bid per 1,000 captchas" hint="Higher bids are solved first when workers are busy.">
      <RewardSlider {...args} />
    </Field>
  ),
  play: async ({ canvas, canvasElement }) => {
    const thumb = canvas.getByRole("slider", { name: "Your bid per 1,000 captchas" })
    await expect(thumb).toHaveAttribute("aria-valuetext", "$1.00")
    await expect(canvas.getByText("$0.20")).toBeVisible()
    await expect(canvas.getByText("$3.00")).toBeVisible()
    await userEvent.click(thumb)
    await userEvent.keyboard("{ArrowRight}{ArrowRight}{ArrowRight}")
    await expect(thumb).toHaveAttribute("aria-valuetext", "$1.15")
    await expect(shownValue(canvasElement)()).toBe("$1.15")
  },
}

/** Two thumbs for a range; each is named by the Field's label plus the provider's "Minimum"/"Maximum". */
export const Range: Story = {
  args: {
    min: 0,
    max: 120,
    step: 1,
    defaultValue: [5, 30],
    formatValue: (seconds: number) => `${seconds} s`,
  },
  render: (args) => (
    <Field label="Solving time to show in the report">
      <Slider {...args} />
    </Field>
  ),
  play: async ({ canvas, canvasElement, args }) => {
    const from = canvas.getByRole("slider", { name: "Solving time to show in the report Minimum" })
    const to = canvas.getByRole("slider", { name: "Solving time to show in the report Maximum" })
    // Named through the id the Field gives its label (it is in the server's HTML too), not a DOM lookup.
    const label = canvasElement.querySelector("[data-slot=field] > label")!
    await expect(label.id).toMatch(/-label$/)
    await expect(from.getAttribute("aria-labelledby")?.split(" ")[0]).toBe(label.id)
    await expect(from).toHaveAttribute("aria-valuetext", "5 s")
    await expect(to).toHaveAttribute("aria-valuetext", "30 s")
    await expect(shownValue(canvasElement)()).toBe("5 s – 30 s")
    await userEvent.tab()
    await expect(from).toHaveFocus()
    await userEvent.keyboard("{ArrowRight}")
    await expect(args.onValueChange).toHaveBeenLastCalledWith([6, 30])
    await userEvent.tab()
    await expect(to).toHaveFocus()
    await userEvent.keyboard("{PageUp}")
    await expect(to).toHaveAttribute("aria-valuenow", "40")
    await expect(shownValue(canvasElement)()).toBe("6 s – 40 s")
  },
}

/** Own names for the thumbs of a range, outside a Field. */
export const RangeWithThumbLabels: Story = {
  args: {
    "aria-label": "Workers' daily earnings",
    thumbLabels: ["Lowest", "Highest"],
    min: 0,
    max: 5000,
    step: 50,
    defaultValue: [500, 2500],
    formatValue: undefined,
    showLimits: true,
  },
  render: (args) => <RewardSlider {...args} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("slider", { name: "Workers' daily earnings Lowest" })).toHaveAttribute(
      "aria-valuetext",
      "$5.00",
    )
    await expect(canvas.getByRole("slider", { name: "Workers' daily earnings Highest" })).toHaveAttribute(
      "aria-valuetext",
      "$25.00",
    )
  },
}

export const Large: Story = {
  args: { size: "lg" },
  play: async ({ canvas }) => {
    const thumb = canvas.getByRole("slider")
    await expect(thumb.getBoundingClientRect().width).toBe(24)
    await expect(canvas.getByText("60%")).toHaveClass("text-base")
  },
}

export const Invalid: Story = {
  args: { defaultValue: [20] },
  render: (args) => (
    <Field label="Minimum worker accuracy" error="Set at least 50%: your captchas need careful workers.">
      <Slider {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    const thumb = canvas.getByRole("slider", { name: "Minimum worker accuracy" })
    await expect(thumb).toHaveAttribute("aria-invalid", "true")
    await expect(thumb).toHaveAccessibleDescription("Set at least 50%: your captchas need careful workers.")
  },
}

export const Disabled: Story = {
  render: (args) => (
    <Field label="Minimum worker accuracy" hint="Set by your plan." disabled>
      <Slider {...args} />
    </Field>
  ),
  play: async ({ canvas, args }) => {
    const thumb = canvas.getByRole("slider")
    await expect(thumb).not.toHaveAttribute("tabindex")
    await expect(thumb).toHaveAttribute("data-disabled")
    await userEvent.keyboard("{ArrowRight}")
    await expect(args.onValueChange).not.toHaveBeenCalled()
  },
}

/** Numbers follow the site language when no `formatValue` is given. */
export const Japanese: Story = {
  globals: { locale: "ja" },
  args: { min: 0, max: 20000, step: 500, defaultValue: [12500], formatValue: undefined, showLimits: true },
  render: (args) => (
    <Field label="1日の上限（件）">
      <Slider {...args} />
    </Field>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("slider", { name: "1日の上限（件）" })).toHaveAttribute(
      "aria-valuetext",
      "12,500",
    )
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  args: { defaultValue: [25, 75], showLimits: true },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("slider")).toHaveLength(2)
  },
}

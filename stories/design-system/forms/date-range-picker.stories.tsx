import type { Decorator, Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import {
  type DateRange,
  DateRangePicker,
  type DateRangePickerProps,
  DesignSystemProvider,
  Field,
} from "@manyhands/design-system"
import { catalog } from "@manyhands/design-system/messages"

const today = "2026-05-20"

/** Controlled like in the app: the statistics page keeps the range in its state (and the URL). */
function PeriodField({
  label = "Statistics period",
  hint,
  value: initial,
  onChange,
  ...props
}: DateRangePickerProps & { label?: string; hint?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <Field label={label} hint={hint}>
      <DateRangePicker
        {...props}
        value={value}
        onChange={(range) => {
          setValue(range)
          onChange(range)
        }}
      />
    </Field>
  )
}

/** The calendar opens below the fields; a tall canvas keeps it inside the story frame. */
const tall: Decorator = (Story) => (
  <div className="min-h-[30rem] w-[34rem] max-w-full p-2">
    <Story />
  </div>
)

const meta = {
  title: "Components/Forms/DateRangePicker",
  component: DateRangePicker,
  args: {
    value: { from: "2026-05-04", to: "2026-05-10" },
    today,
    onChange: fn(),
    onErrorChange: fn(),
  },
  argTypes: { size: { control: "inline-radio", options: ["md", "lg"] } },
  render: (args) => <PeriodField hint="Solved captchas and spending per day, in UTC" {...args} />,
} satisfies Meta<typeof DateRangePicker>

export default meta
type Story = StoryObj<typeof meta>

const openCalendar = async (name = "Choose dates") => {
  await userEvent.click(screen.getByRole("button", { name }))
  return screen.findByRole("dialog", { name })
}

const expectCalledOnceWith = async (mock: unknown, range: DateRange) => {
  await expect(mock).toHaveBeenCalledTimes(1)
  await expect(mock).toHaveBeenLastCalledWith(range)
}

const fromField = () => screen.getByRole("textbox", { name: /(From|С)$/ })
const toField = () => screen.getByRole("textbox", { name: /(To|По)$/ })

const states: { name: string; value: DateRange; props?: Partial<DateRangePickerProps> }[] = [
  { name: "empty", value: { from: "", to: "" } },
  { name: "filled", value: { from: "2026-05-04", to: "2026-05-10" } },
  { name: "invalid", value: { from: "2026-05-04", to: "2026-05-10" }, props: { "aria-invalid": true } },
  { name: "disabled", value: { from: "2026-05-04", to: "2026-05-10" }, props: { disabled: true } },
]

/** Both sizes × empty, filled, invalid and disabled, and the Russian field labels. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <div className="flex flex-col gap-6">
      {(["md", "lg"] as const).map((size) => (
        <div key={size} className="grid grid-cols-2 gap-x-8 gap-y-5">
          {states.map(({ name, value, props }) => (
            <Field key={name} label={`${size} · ${name}`}>
              <DateRangePicker size={size} value={value} today={today} onChange={() => {}} {...props} />
            </Field>
          ))}
        </div>
      ))}
      <DesignSystemProvider locale="ru" messages={catalog.ru}>
        <div lang="ru">
          <Field label="Период (ru)">
            <DateRangePicker
              value={{ from: "2026-05-04", to: "2026-05-10" }}
              today={today}
              onChange={() => {}}
            />
          </Field>
        </div>
      </DesignSystemProvider>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const pickers = canvasElement.querySelectorAll("[data-slot=date-range-picker]")
    await expect(pickers).toHaveLength(9)
    const lg = canvasElement.querySelectorAll<HTMLInputElement>("[data-size=lg] input")
    await expect(lg[0]?.getBoundingClientRect().height).toBe(48)
    const invalid = canvasElement.querySelectorAll("input[aria-invalid=true]")
    await expect(invalid).toHaveLength(4)
  },
}

/** Typing works as well as the calendar: a full "YYYY-MM-DD" (or "20260512") updates the range. */
export const Default: Story = {
  play: async ({ args, step }) => {
    await step("the Field's label names the first field", async () => {
      await expect(fromField()).toHaveAccessibleName("Statistics period From")
      await expect(fromField()).toHaveAccessibleDescription("Solved captchas and spending per day, in UTC")
      await expect(fromField()).toHaveValue("2026-05-04")
      await expect(toField()).toHaveValue("2026-05-10")
    })
    await step("typing a new end", async () => {
      await userEvent.clear(toField())
      await userEvent.type(toField(), "2026-05-15")
      await expect(args.onChange).toHaveBeenLastCalledWith({ from: "2026-05-04", to: "2026-05-15" })
    })
    await step("digits only, from a numeric keypad", async () => {
      await userEvent.clear(fromField())
      await userEvent.type(fromField(), "20260512")
      await expect(fromField()).toHaveValue("2026-05-12")
      await expect(args.onChange).toHaveBeenLastCalledWith({ from: "2026-05-12", to: "2026-05-15" })
      await expect(args.onChange).toHaveBeenCalledTimes(2)
    })
  },
}

/** Nothing chosen yet: the range is reported once both ends are real dates. */
export const Empty: Story = {
  args: { value: { from: "", to: "" } },
  play: async ({ args }) => {
    await expect(fromField()).toHaveAttribute("placeholder", "YYYY-MM-DD")
    await userEvent.type(fromField(), "2026-05-01")
    await expect(args.onChange).not.toHaveBeenCalled()
    await userEvent.type(toField(), "2026-05-07")
    await expectCalledOnceWith(args.onChange, { from: "2026-05-01", to: "2026-05-07" })
    await userEvent.clear(fromField())
    await userEvent.clear(toField())
    await expect(args.onChange).toHaveBeenLastCalledWith({ from: "", to: "" })
  },
}

/** Two clicks choose a range (in either order); the calendar closes and focus returns to its button. */
export const PickInCalendar: Story = {
  decorators: [tall],
  play: async ({ args, step }) => {
    const trigger = screen.getByRole("button", { name: "Choose dates" })
    await step("open on the month of the range", async () => {
      const dialog = await openCalendar()
      const grid = within(dialog).getByRole("grid", { name: "May 2026" })
      await expect(within(grid).getAllByRole("row")).toHaveLength(7)
      await expect(within(dialog).getByRole("button", { name: "May 20, 2026" })).toHaveAttribute(
        "aria-current",
        "date",
      )
      await waitFor(() => expect(within(dialog).getByRole("button", { name: "May 10, 2026" })).toHaveFocus())
      const selected = within(grid)
        .getAllByRole("gridcell")
        .filter((cell) => cell.getAttribute("aria-selected") === "true")
      await expect(selected).toHaveLength(7)
    })
    await step("end first, then start", async () => {
      await userEvent.click(screen.getByRole("button", { name: "May 12, 2026" }))
      await expect(fromField()).toHaveValue("2026-05-12")
      await expect(toField()).toHaveValue("")
      await userEvent.click(screen.getByRole("button", { name: "May 5, 2026" }))
      await expectCalledOnceWith(args.onChange, { from: "2026-05-05", to: "2026-05-12" })
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
      await waitFor(() => expect(trigger).toHaveFocus())
      await expect(toField()).toHaveValue("2026-05-12")
    })
    await step("reopen for the screenshot", async () => {
      await openCalendar()
    })
  },
}

/** Arrows move by day and week, Page Up/Down by month, Enter picks; all without a mouse. */
export const KeyboardNavigation: Story = {
  decorators: [tall],
  play: async ({ args }) => {
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.tab()
    await expect(screen.getByRole("button", { name: "Choose dates" })).toHaveFocus()
    await userEvent.keyboard("{Enter}")
    const dialog = await screen.findByRole("dialog", { name: "Choose dates" })
    const day = (name: string) => within(dialog).getByRole("button", { name })
    await waitFor(() => expect(day("May 10, 2026")).toHaveFocus())
    await userEvent.keyboard("{ArrowRight}")
    await expect(day("May 11, 2026")).toHaveFocus()
    await userEvent.keyboard("{ArrowDown}")
    await expect(day("May 18, 2026")).toHaveFocus()
    await userEvent.keyboard("{PageDown}")
    await expect(within(dialog).getByRole("grid", { name: "June 2026" })).toBeVisible()
    await waitFor(() => expect(day("June 18, 2026")).toHaveFocus())
    await userEvent.keyboard("{Enter}")
    await userEvent.keyboard("{ArrowRight}{ArrowRight}")
    await expect(day("June 20, 2026")).toHaveFocus()
    // The range in the making is previewed up to the focused day.
    await expect(day("June 19, 2026").closest("td")).toHaveAttribute("aria-selected", "true")
    await userEvent.keyboard("{Home}")
    await expect(day("June 14, 2026")).toHaveFocus()
    await userEvent.keyboard("{End}{Enter}")
    await expectCalledOnceWith(args.onChange, { from: "2026-06-18", to: "2026-06-20" })
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await expect(screen.getByRole("button", { name: "Choose dates" })).toHaveFocus()
  },
}

/** Presets count back from `today`: "Last 7 days" is today and the 6 days before it. */
export const Presets: Story = {
  decorators: [tall],
  play: async ({ args }) => {
    let dialog = await openCalendar()
    await userEvent.click(within(dialog).getByRole("button", { name: "Last 7 days" }))
    await expect(args.onChange).toHaveBeenLastCalledWith({ from: "2026-05-14", to: "2026-05-20" })
    await expect(fromField()).toHaveValue("2026-05-14")
    dialog = await openCalendar()
    await expect(within(dialog).getByRole("button", { name: "Last 7 days" })).toHaveAttribute(
      "aria-current",
      "true",
    )
    await userEvent.click(within(dialog).getByRole("button", { name: "This month" }))
    await expect(args.onChange).toHaveBeenLastCalledWith({ from: "2026-05-01", to: "2026-05-20" })
    dialog = await openCalendar()
    await userEvent.click(within(dialog).getByRole("button", { name: "Last 30 days" }))
    await expect(args.onChange).toHaveBeenLastCalledWith({ from: "2026-04-21", to: "2026-05-20" })
    dialog = await openCalendar()
    await userEvent.click(within(dialog).getByRole("button", { name: "Today" }))
    await expect(args.onChange).toHaveBeenLastCalledWith({ from: today, to: today })
    await openCalendar()
  },
}

/** Previous and next month buttons; the month heading is a polite live region. */
export const MonthNavigation: Story = {
  decorators: [tall],
  play: async () => {
    const dialog = await openCalendar()
    await userEvent.click(within(dialog).getByRole("button", { name: "Previous month" }))
    await expect(within(dialog).getByRole("grid", { name: "April 2026" })).toBeVisible()
    await userEvent.click(within(dialog).getByRole("button", { name: "Next month" }))
    await userEvent.click(within(dialog).getByRole("button", { name: "Next month" }))
    await expect(within(dialog).getByRole("grid", { name: "June 2026" })).toBeVisible()
    await expect(within(dialog).getByRole("button", { name: "June 1, 2026" })).not.toHaveAttribute(
      "data-outside",
    )
    await expect(within(dialog).getByRole("button", { name: "May 31, 2026" })).toHaveAttribute(
      "data-outside",
      "true",
    )
  },
}

/** Closing the calendar after only one click keeps the range that was there. */
export const CancelHalfway: Story = {
  decorators: [tall],
  play: async ({ args }) => {
    const dialog = await openCalendar()
    await userEvent.click(within(dialog).getByRole("button", { name: "May 14, 2026" }))
    await expect(toField()).toHaveValue("")
    await userEvent.keyboard("{Escape}")
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await expect(fromField()).toHaveValue("2026-05-04")
    await expect(toField()).toHaveValue("2026-05-10")
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

const errorMessages = {
  "invalid-date": "That day does not exist. Type the date as YYYY-MM-DD.",
  order: "The start of the period must come before its end.",
}

/** A typed date that does not exist marks its field invalid and shows the app's message. */
export const InvalidDate: Story = {
  args: { errorMessages },
  play: async ({ args }) => {
    await userEvent.clear(fromField())
    await userEvent.type(fromField(), "2026-02-30")
    await expect(fromField()).toHaveAttribute("aria-invalid", "true")
    await expect(toField()).not.toHaveAttribute("aria-invalid")
    await expect(screen.getByRole("alert")).toHaveTextContent("That day does not exist")
    await expect(fromField()).toHaveAccessibleDescription(/That day does not exist/)
    await expect(args.onErrorChange).toHaveBeenLastCalledWith("invalid-date")
    await expect(args.onChange).not.toHaveBeenCalled()
    await userEvent.clear(fromField())
    await userEvent.type(fromField(), "2026-04-30")
    await expect(args.onErrorChange).toHaveBeenLastCalledWith(null)
    await expect(args.onChange).toHaveBeenLastCalledWith({ from: "2026-04-30", to: "2026-05-10" })
    await userEvent.clear(toField())
    await userEvent.type(toField(), "2026-5")
    await userEvent.tab()
    await expect(toField()).toHaveAttribute("aria-invalid", "true")
  },
}

/** A start after the end marks both fields and keeps the last good range. */
export const RangeOrder: Story = {
  args: { errorMessages },
  play: async ({ args }) => {
    await userEvent.clear(fromField())
    await userEvent.type(fromField(), "2026-05-18")
    await expect(fromField()).toHaveAttribute("aria-invalid", "true")
    await expect(toField()).toHaveAttribute("aria-invalid", "true")
    await expect(screen.getByRole("alert")).toHaveTextContent("must come before its end")
    await expect(args.onErrorChange).toHaveBeenLastCalledWith("order")
    await expect(args.onChange).not.toHaveBeenCalled()
    await userEvent.tab()
  },
}

/** Without `errorMessages` the provider's texts are shown and announced under the fields. */
export const DefaultErrorTexts: Story = {
  play: async ({ args, step }) => {
    await step("a day that does not exist", async () => {
      await userEvent.clear(fromField())
      await userEvent.type(fromField(), "2026-02-30")
      await expect(screen.getByRole("alert")).toHaveTextContent("Enter a real date as YYYY-MM-DD")
      await expect(fromField()).toHaveAccessibleDescription(
        "Solved captchas and spending per day, in UTC Enter a real date as YYYY-MM-DD",
      )
      await expect(args.onErrorChange).toHaveBeenLastCalledWith("invalid-date")
    })
    await step("a start after the end", async () => {
      await userEvent.clear(fromField())
      await userEvent.type(fromField(), "2026-05-18")
      await expect(screen.getByRole("alert")).toHaveTextContent(
        "The start date must not be after the end date",
      )
      await expect(toField()).toHaveAccessibleDescription(/The start date must not be after the end date/)
      await expect(args.onErrorChange).toHaveBeenLastCalledWith("order")
    })
    await userEvent.tab()
  },
}

/** `null` for an error leaves out its text (the page shows its own); the fields are still marked invalid. */
export const ErrorTextLeftOut: Story = {
  args: { errorMessages: { order: null } },
  play: async () => {
    await userEvent.clear(fromField())
    await userEvent.type(fromField(), "2026-05-18")
    await expect(fromField()).toHaveAttribute("aria-invalid", "true")
    await expect(screen.queryByRole("alert")).toBeNull()
    await expect(fromField()).toHaveAccessibleDescription("Solved captchas and spending per day, in UTC")
    await userEvent.tab()
  },
}

/** Russian month and weekday names; the week starts on Monday. */
export const Russian: Story = {
  globals: { locale: "ru" },
  decorators: [tall],
  args: { value: { from: "2026-05-11", to: "2026-05-17" } },
  render: (args) => <PeriodField label="Период статистики" {...args} />,
  play: async () => {
    await expect(fromField()).toHaveAccessibleName("Период статистики С")
    const dialog = await openCalendar("Выбрать даты")
    await expect(within(dialog).getByRole("button", { name: "Последние 7 дней" })).toBeVisible()
    const grid = within(dialog).getByRole("grid", { name: "Май 2026 г." })
    const headers = within(grid).getAllByRole("columnheader")
    await expect(headers[0]).toHaveAccessibleName("понедельник")
    await expect(headers[6]).toHaveAccessibleName("воскресенье")
  },
}

/** Weeks start on Sunday in English. */
export const SundayFirst: Story = {
  decorators: [tall],
  play: async () => {
    const dialog = await openCalendar()
    const headers = within(dialog).getAllByRole("columnheader")
    await expect(headers[0]).toHaveAccessibleName("Sunday")
    await expect(headers[0]).toHaveTextContent("Sun")
  },
}

export const Large: Story = {
  args: { size: "lg" },
  play: async () => {
    await expect(fromField().getBoundingClientRect().height).toBe(48)
    await expect(screen.getByRole("button", { name: "Choose dates" }).getBoundingClientRect().height).toBe(48)
  },
}

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ args }) => {
    await expect(fromField()).toBeDisabled()
    await expect(toField()).toBeDisabled()
    const trigger = screen.getByRole("button", { name: "Choose dates" })
    await expect(trigger).toBeDisabled()
    await userEvent.click(trigger, { pointerEventsCheck: 0 })
    await expect(screen.queryByRole("dialog")).toBeNull()
    await expect(args.onChange).not.toHaveBeenCalled()
  },
}

/** On a phone the presets sit above the month and everything fits 375 px. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  decorators: [tall],
  play: async () => {
    const dialog = await openCalendar()
    const box = dialog.getBoundingClientRect()
    await expect(box.left).toBeGreaterThanOrEqual(0)
    await expect(box.right).toBeLessThanOrEqual(375)
    const presets = within(dialog).getByRole("button", { name: "Today" }).getBoundingClientRect()
    const grid = within(dialog).getByRole("grid").getBoundingClientRect()
    await expect(presets.bottom).toBeLessThanOrEqual(grid.top)
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  decorators: [tall],
  play: async () => {
    await expect(document.documentElement.dataset.theme).toBe("dark")
    await openCalendar()
  },
}

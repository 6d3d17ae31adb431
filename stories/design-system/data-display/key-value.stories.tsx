import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { KeyValueItem, KeyValueList, useFormatter, type KeyValueListProps } from "@manyhands/design-system"

/** The facts of one captcha task, formatted as the task page shows them. */
function TaskFacts(props: KeyValueListProps) {
  const format = useFormatter()
  return (
    <KeyValueList {...props}>
      <KeyValueItem label="Task ID" mono>
        T-48213
      </KeyValueItem>
      <KeyValueItem label="Type">reCAPTCHA v2</KeyValueItem>
      <KeyValueItem label="Status">Solved</KeyValueItem>
      <KeyValueItem label="Answer" mono>
        03AFcWeA5dLq8xVbN2kR7tY0pZs4mQ1hC9eJ6uW3gD8fT
      </KeyValueItem>
      <KeyValueItem label="Solve time" numeric>
        {format.duration(12.4)}
      </KeyValueItem>
      <KeyValueItem label="Cost" numeric>
        {format.number(0.00145, { style: "currency", currency: "USD", maximumFractionDigits: 5 })}
      </KeyValueItem>
      <KeyValueItem label="Created">{format.dateTime("2026-11-21T09:41:00Z")}</KeyValueItem>
    </KeyValueList>
  )
}

/** A balance top-up, as the payments page lists it. */
function PaymentFacts(props: KeyValueListProps) {
  const format = useFormatter()
  return (
    <KeyValueList {...props}>
      <KeyValueItem label="Amount" numeric>
        {format.money(5000, "USD")}
      </KeyValueItem>
      <KeyValueItem label="Method">Visa ending 4242</KeyValueItem>
      <KeyValueItem label="Paid on">{format.date("2026-11-20T14:05:00Z")}</KeyValueItem>
      <KeyValueItem label="Receipt" mono>
        PAY-2026-11-00731
      </KeyValueItem>
      <KeyValueItem label="Balance after" numeric>
        {format.money(6218, "USD")}
      </KeyValueItem>
      <KeyValueItem label="Status">Credited</KeyValueItem>
    </KeyValueList>
  )
}

const meta = {
  title: "Components/Data display/KeyValue",
  component: KeyValueList,
  args: { layout: "horizontal" },
  argTypes: { layout: { control: "inline-radio", options: ["horizontal", "stacked"] } },
  render: (args) => (
    <div className="w-[34rem] max-w-full rounded-lg border border-border bg-surface p-5">
      <TaskFacts {...args} />
    </div>
  ),
} satisfies Meta<typeof KeyValueList>

export default meta
type Story = StoryObj<typeof meta>

const pairs = (list: HTMLElement) =>
  Array.from(list.querySelectorAll("dt")).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])

/** Labels beside values; the label column is as wide as the longest label, at most 40 %. */
export const Horizontal: Story = {
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector("dl")!
    await expect(list).toHaveAttribute("data-layout", "horizontal")
    await expect(pairs(list)[0]).toEqual(["Task ID", "T-48213"])
    await expect(pairs(list)).toContainEqual(["Solve time", "12.4 sec"])
    // Every value starts at the same x: one column of labels shared by all rows.
    const starts = Array.from(list.querySelectorAll("dd")).map((dd) =>
      Math.round(dd.getBoundingClientRect().left),
    )
    await expect(new Set(starts).size).toBe(1)
    // A long answer wraps inside its column instead of widening the card.
    const answer = within(list).getByText(/^03AFcWeA5d/)
    await expect(answer.getBoundingClientRect().right).toBeLessThanOrEqual(
      list.getBoundingClientRect().right + 1,
    )
    await expect(answer).toHaveClass("font-mono")
  },
}

/** Rules between rows, for longer lists. */
export const Divided: Story = {
  args: { divided: true },
  play: async ({ canvasElement }) => {
    const items = canvasElement.querySelectorAll<HTMLElement>("[data-slot=key-value-item]")
    await expect(getComputedStyle(items[0]!).borderBottomWidth).toBe("1px")
    await expect(getComputedStyle(items[items.length - 1]!).borderBottomWidth).toBe("0px")
  },
}

/** Labels above values, in as many columns as fit: a summary across the top of a page. */
export const Stacked: Story = {
  args: { layout: "stacked" },
  parameters: { layout: "padded" },
  render: (args) => (
    <div className="rounded-lg border border-border bg-surface p-5">
      <PaymentFacts {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector("dl")!
    await expect(list).toHaveAttribute("data-layout", "stacked")
    await expect(pairs(list)[0]).toEqual(["Amount", "$50.00"])
    const tops = Array.from(list.querySelectorAll("dt")).map((dt) =>
      Math.round(dt.getBoundingClientRect().top),
    )
    // Six facts fit on one row on a desktop.
    await expect(new Set(tops).size).toBe(1)
  },
}

/** On a phone the stacked layout falls to two columns (then one), the horizontal one keeps its shape. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  parameters: { layout: "padded" },
  render: () => (
    <div className="grid gap-4">
      <div className="rounded-lg border border-border bg-surface p-4">
        <PaymentFacts layout="stacked" />
      </div>
      <div className="rounded-lg border border-border bg-surface p-4">
        <TaskFacts layout="horizontal" divided />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const [stacked] = canvasElement.querySelectorAll("dl")
    const lefts = Array.from(stacked!.querySelectorAll("dt")).map((dt) =>
      Math.round(dt.getBoundingClientRect().left),
    )
    await expect(new Set(lefts).size).toBe(2)
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(375)
  },
}

/** Both layouts, plain and divided, in light and dark. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <div className="grid gap-6 md:grid-cols-2">
      {(["light", "dark"] as const).map((theme) => (
        <div
          key={theme}
          data-theme={theme}
          className="grid gap-4 rounded-lg bg-background p-4 text-foreground"
        >
          <p className="font-mono text-xs text-muted-foreground">{theme}</p>
          <div className="rounded-lg border border-border bg-surface p-5">
            <TaskFacts />
          </div>
          <div className="rounded-lg border border-border bg-surface p-5">
            <TaskFacts divided />
          </div>
          <div className="rounded-lg border border-border bg-surface p-5">
            <PaymentFacts layout="stacked" />
          </div>
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const lists = canvasElement.querySelectorAll("dl")
    await expect(lists).toHaveLength(6)
    await expect(Array.from(lists).map((list) => list.dataset.layout)).toEqual([
      "horizontal",
      "horizontal",
      "stacked",
      "horizontal",
      "horizontal",
      "stacked",
    ])
  },
}

import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, within } from "storybook/test"
import { Tabs, TabsContent, TabsList, TabsTrigger, type TabsVariant } from "@manyhands/design-system"

const orders = [
  { value: "in-progress", label: "In progress", count: 14, text: "14 captchas are being solved right now." },
  { value: "solved", label: "Solved", count: 2418, text: "2,418 captchas solved this week." },
  {
    value: "failed",
    label: "Unsolvable",
    count: 7,
    text: "7 captchas could not be solved and were refunded.",
  },
  { value: "reported", label: "Reported", count: 0, text: "No answers reported as wrong." },
]

function OrderTabs({
  variant,
  counts = true,
  onValueChange,
  label = "Captchas by status",
}: {
  variant?: TabsVariant
  counts?: boolean
  onValueChange?: (value: string) => void
  label?: string
}) {
  return (
    <Tabs variant={variant} defaultValue="solved" onValueChange={onValueChange} className="w-full max-w-2xl">
      <TabsList aria-label={label}>
        {orders.map((order) => (
          <TabsTrigger key={order.value} value={order.value} count={counts ? order.count : undefined}>
            {order.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {orders.map((order) => (
        <TabsContent key={order.value} value={order.value} className="text-sm text-muted-foreground">
          {order.text}
        </TabsContent>
      ))}
    </Tabs>
  )
}

const meta = {
  title: "Components/Navigation/Tabs",
  component: Tabs,
  parameters: { layout: "padded" },
  args: { onValueChange: fn() },
  render: (args) => <OrderTabs variant={args.variant} onValueChange={args.onValueChange} />,
} satisfies Meta<typeof Tabs>

export default meta
type Story = StoryObj<typeof meta>

/** An underline marks the active tab; counts follow each label. */
export const Line: Story = {
  args: { variant: "line" },
  play: async ({ canvas }) => {
    const list = canvas.getByRole("tablist", { name: "Captchas by status" })
    await expect(within(list).getAllByRole("tab")).toHaveLength(4)
    const solved = canvas.getByRole("tab", { name: "Solved 2,418" })
    await expect(solved).toHaveAttribute("aria-selected", "true")
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent("2,418 captchas solved this week.")
    await expect(canvas.getByRole("tablist").closest("[data-slot=tabs]")).toHaveAttribute(
      "data-variant",
      "line",
    )
  },
}

/** A segmented control for switching views of the same data. */
export const Pill: Story = {
  args: { variant: "pill" },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole("tab", { name: "Unsolvable 7" }))
    await expect(args.onValueChange).toHaveBeenCalledWith("failed")
    await expect(canvas.getByRole("tabpanel")).toHaveTextContent("refunded")
  },
}

/** Arrow keys move between tabs and show each panel; Home and End jump to the ends; Tab goes to the panel. */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    const solved = canvas.getByRole("tab", { name: /Solved/ })
    await userEvent.click(solved)
    await userEvent.keyboard("{ArrowRight}")
    const failed = canvas.getByRole("tab", { name: /Unsolvable/ })
    await expect(failed).toHaveFocus()
    await expect(failed).toHaveAttribute("aria-selected", "true")
    await expect(args.onValueChange).toHaveBeenLastCalledWith("failed")
    await userEvent.keyboard("{End}")
    await expect(canvas.getByRole("tab", { name: /Reported/ })).toHaveFocus()
    await userEvent.keyboard("{ArrowRight}")
    await expect(canvas.getByRole("tab", { name: /In progress/ })).toHaveFocus()
    await userEvent.keyboard("{Home}{ArrowRight}")
    await expect(solved).toHaveFocus()
    await userEvent.tab()
    await expect(canvas.getByRole("tabpanel")).toHaveFocus()
  },
}

/** Without counts. */
export const Plain: Story = {
  render: (args) => <OrderTabs variant={args.variant} counts={false} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("tab", { name: "Solved" })).toBeVisible()
    await expect(canvas.queryByText("2,418")).toBeNull()
  },
}

/** A disabled tab is skipped by the arrow keys. */
export const DisabledTab: Story = {
  render: () => (
    <Tabs defaultValue="keys" className="w-full max-w-2xl">
      <TabsList aria-label="API settings">
        <TabsTrigger value="keys">API keys</TabsTrigger>
        <TabsTrigger value="webhooks" disabled>
          Webhooks
        </TabsTrigger>
        <TabsTrigger value="limits">Limits</TabsTrigger>
      </TabsList>
      <TabsContent value="keys" className="text-sm text-muted-foreground">
        Two active keys. Regenerate a key if it leaks.
      </TabsContent>
      <TabsContent value="webhooks">Webhooks</TabsContent>
      <TabsContent value="limits" className="text-sm text-muted-foreground">
        Up to 500 captchas in flight per key.
      </TabsContent>
    </Tabs>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("tab", { name: "Webhooks" })).toBeDisabled()
    await userEvent.click(canvas.getByRole("tab", { name: "API keys" }))
    await userEvent.keyboard("{ArrowRight}")
    await expect(canvas.getByRole("tab", { name: "Limits" })).toHaveFocus()
  },
}

/** On a phone the row scrolls sideways instead of wrapping. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  play: async ({ canvas }) => {
    const list = canvas.getByRole("tablist")
    await expect(list.scrollWidth).toBeGreaterThan(list.clientWidth)
    const tabs = within(list).getAllByRole("tab")
    await expect(tabs[0]?.getBoundingClientRect().top).toBe(tabs[3]?.getBoundingClientRect().top)
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  render: () => (
    <div className="flex flex-col gap-8">
      <OrderTabs variant="line" label="Captchas by status, underlined" />
      <OrderTabs variant="pill" label="Captchas by status, segmented" />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("tablist")).toHaveLength(2)
  },
}

/** Counts use the page's language: 2.418 in German. */
export const German: Story = {
  globals: { locale: "de" },
  args: { variant: "pill" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("tab", { name: /2\.418/ })).toBeVisible()
  },
}

/** Both variants, with and without counts. */
export const Matrix: Story = {
  render: () => (
    <div className="flex flex-col gap-8">
      {(["line", "pill"] as const).flatMap((variant) =>
        [true, false].map((counts) => (
          <div key={`${variant}-${counts}`} className="flex flex-col gap-2">
            <p className="font-mono text-xs text-muted-foreground">
              {variant}, {counts ? "counts" : "no counts"}
            </p>
            <OrderTabs
              variant={variant}
              counts={counts}
              label={`${variant} ${counts ? "with" : "without"} counts`}
            />
          </div>
        )),
      )}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("tablist")).toHaveLength(4)
    await expect(canvas.getAllByRole("tab", { selected: true })).toHaveLength(4)
  },
}

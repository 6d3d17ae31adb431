import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import { Sidebar } from "@manyhands/design-system"
import { customerSections, routerLink, workerSections } from "./story-content"

const meta = {
  title: "Components/Navigation/Sidebar",
  component: Sidebar,
  parameters: { layout: "fullscreen" },
  args: {
    sections: customerSections,
    label: "Cabinet",
    renderLink: routerLink,
    onCollapsedChange: fn(),
  },
  // The cabinet frame: the sidebar on the left, the page beside it.
  render: (args) => (
    <div className="flex h-[680px] bg-background max-md:h-auto max-md:flex-col">
      <Sidebar {...args} />
      <main className="flex-1 p-6">
        <h1 className="text-xl font-semibold">Statistics</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          2,418 captchas solved this week, 99.2% accepted, 11.4 s on average.
        </p>
      </main>
    </div>
  ),
} satisfies Meta<typeof Sidebar>

export default meta
type Story = StoryObj<typeof meta>

/** The customer cabinet: sections, the current page, counts. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole("navigation", { name: "Cabinet" })
    await expect(within(nav).getAllByRole("link")).toHaveLength(9)
    await expect(within(nav).getByRole("link", { name: "Statistics" })).toHaveAttribute(
      "aria-current",
      "page",
    )
    await expect(within(nav).getByRole("list", { name: "Money" })).toBeVisible()
    await expect(within(nav).getByRole("link", { name: "Support tickets 3 unanswered" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Collapse the sidebar" })).toBeVisible()
  },
}

/** The toggle collapses the sidebar to icons; labels stay the links' names and show in tooltips. */
export const Collapse: Story = {
  play: async ({ canvas, canvasElement, args, step }) => {
    const sidebar = canvasElement.querySelector('[data-slot="sidebar"]') as HTMLElement
    await step("collapse", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Collapse the sidebar" }))
      await expect(args.onCollapsedChange).toHaveBeenLastCalledWith(true)
      await expect(sidebar).toHaveAttribute("data-state", "collapsed")
      await expect(sidebar.getBoundingClientRect().width).toBe(64)
      await expect(canvas.getByRole("button", { name: "Expand the sidebar" })).toBeVisible()
      // Labels are visually hidden but still name the links.
      await expect(canvas.getByRole("link", { name: "Statistics" })).toHaveAttribute("aria-current", "page")
    })
    await step("expand again", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Expand the sidebar" }))
      await expect(args.onCollapsedChange).toHaveBeenLastCalledWith(false)
      await expect(sidebar).toHaveAttribute("data-state", "expanded")
      await expect(sidebar.getBoundingClientRect().width).toBe(256)
    })
  },
}

/** Collapsed: keyboard focus on an icon shows its label in a tooltip. */
export const Collapsed: Story = {
  args: { defaultCollapsed: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="sidebar"]')).toHaveAttribute(
      "data-state",
      "collapsed",
    )
    const link = canvas.getByRole("link", { name: "Top up balance" })
    link.focus()
    const tooltip = await screen.findByRole("tooltip")
    await expect(tooltip).toHaveTextContent("Top up balance")
    await expect(link).toHaveAccessibleName("Top up balance")
  },
}

/** A controlled sidebar: the app keeps the state (in a cookie, say). */
export const Controlled: Story = {
  render: function Render(args) {
    const [collapsed, setCollapsed] = useState(true)
    return (
      <div className="flex h-[680px] bg-background">
        <Sidebar {...args} sections={workerSections} collapsed={collapsed} onCollapsedChange={setCollapsed} />
        <main className="flex-1 p-6">
          <h1 className="text-xl font-semibold">Solve captchas</h1>
          <p className="mt-2 text-sm text-muted-foreground">
            Sidebar {collapsed ? "collapsed" : "expanded"}.
          </p>
        </main>
      </div>
    )
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Sidebar collapsed.")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Expand the sidebar" }))
    await expect(canvas.getByText("Sidebar expanded.")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Labelling tasks 12 new" })).toBeVisible()
  },
}

/** Without the toggle: always expanded. */
export const NotCollapsible: Story = {
  args: { collapsible: false, sections: workerSections },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole("button", { name: /sidebar/ })).toBeNull()
    await expect(canvas.getByRole("link", { name: "Solve captchas" })).toHaveAttribute("aria-current", "page")
  },
}

/** On a phone, `stacked`: the items become a row that scrolls sideways above the page. */
export const MobileStacked: Story = {
  globals: { viewport: { value: "mobile" } },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole("navigation", { name: "Cabinet" })
    const first = within(nav).getByRole("link", { name: "Dashboard" })
    const second = within(nav).getByRole("link", { name: "Statistics" })
    await expect(first.getBoundingClientRect().top).toBe(second.getBoundingClientRect().top)
    await expect(nav.scrollWidth).toBeGreaterThan(nav.clientWidth)
    await expect(canvas.queryByRole("button", { name: "Collapse the sidebar" })).toBeNull()
  },
}

/** On a phone, `drawer`: a button with the current page opens the whole list in a side panel. */
export const MobileDrawer: Story = {
  globals: { viewport: { value: "mobile" } },
  args: { mobile: "drawer" },
  play: async ({ canvas, step }) => {
    const button = canvas.getByRole("button", { name: "Open menu: Statistics" })
    await step("opens", async () => {
      await userEvent.click(button)
      const drawer = await screen.findByRole("dialog", { name: "Cabinet" })
      await expect(within(drawer).getByRole("link", { name: "Statistics" })).toHaveAttribute(
        "aria-current",
        "page",
      )
    })
    await step("Escape closes and focus returns", async () => {
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
      await waitFor(() => expect(button).toHaveFocus())
    })
    await step("choosing a page closes it", async () => {
      await userEvent.click(button)
      const drawer = await screen.findByRole("dialog")
      await userEvent.click(within(drawer).getByRole("link", { name: "Payments" }))
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    })
    await step("open for the screenshot", async () => {
      await userEvent.click(button)
      await screen.findByRole("dialog")
    })
  },
}

/** The drawer button's name is the provider's "Open menu: {current}" in the site language. */
export const MobileDrawerJapanese: Story = {
  globals: { viewport: { value: "mobile" }, locale: "ja" },
  args: { mobile: "drawer" },
  play: async ({ canvas }) => {
    // Chrome puts a space after the screen-reader-only words; screen readers read it the same.
    await expect(canvas.getByRole("button", { name: /^メニューを開く：\s?Statistics$/ })).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { sections: workerSections },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "Solve captchas" })).toHaveAttribute("aria-current", "page")
  },
}

/** Expanded and collapsed, customer and worker. */
export const Matrix: Story = {
  render: (args) => (
    <div className="flex h-[720px] gap-8 bg-background p-6">
      {[
        { name: "Customer", sections: customerSections, collapsed: false },
        { name: "Customer, collapsed", sections: customerSections, collapsed: true },
        { name: "Worker", sections: workerSections, collapsed: false },
        { name: "Worker, collapsed", sections: workerSections, collapsed: true },
      ].map((column) => (
        <div key={column.name} className="flex flex-col gap-2">
          <p className="font-mono text-xs text-muted-foreground">{column.name}</p>
          <div className="min-h-0 flex-1 self-start overflow-hidden rounded-lg border border-border">
            <Sidebar
              {...args}
              label={column.name}
              sections={column.sections}
              defaultCollapsed={column.collapsed}
              className="md:border-r-0"
            />
          </div>
        </div>
      ))}
    </div>
  ),
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getAllByRole("navigation")).toHaveLength(4)
    const sidebars = [...canvasElement.querySelectorAll<HTMLElement>('[data-slot="sidebar"]')]
    await expect(sidebars.map((sidebar) => sidebar.dataset.state)).toEqual([
      "expanded",
      "collapsed",
      "expanded",
      "collapsed",
    ])
  },
}

import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, within } from "storybook/test"
import { Pagination, type PaginationProps } from "@manyhands/design-system"

/** Keeps the page (and page size) as the screen around a pagination bar would. */
function Controlled(args: PaginationProps) {
  const [page, setPage] = useState(args.page)
  const [pageSize, setPageSize] = useState(args.pageSize)
  return (
    <Pagination
      {...args}
      page={page}
      pageSize={pageSize}
      onPageChange={(next) => {
        setPage(next)
        args.onPageChange(next)
      }}
      onPageSizeChange={
        args.onPageSizeChange
          ? (size) => {
              setPageSize(size)
              setPage(1)
              args.onPageSizeChange?.(size)
            }
          : undefined
      }
    />
  )
}

const meta = {
  title: "Components/Data display/Pagination",
  component: Pagination,
  args: { page: 1, pageCount: 12, onPageChange: fn() },
  argTypes: { variant: { control: "inline-radio", options: ["full", "compact"] } },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof Pagination>

export default meta
type Story = StoryObj<typeof meta>

const pageNumbers = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole("button")
    .filter((button) => button.dataset.slot === "pagination-page")
    .map((button) => button.textContent)

/** On the first page: previous is unavailable, an ellipsis stands for pages 6–11. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const nav = canvas.getByRole("navigation", { name: "Pagination" })
    await expect(pageNumbers(nav)).toEqual(["1", "2", "3", "4", "5", "12"])
    await expect(within(nav).getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page")
    const previous = within(nav).getByRole("button", { name: "Previous page" })
    await expect(previous).toHaveAttribute("aria-disabled", "true")
    await userEvent.click(previous)
    await expect(args.onPageChange).not.toHaveBeenCalled()
    await userEvent.click(within(nav).getByRole("button", { name: "Page 5" }))
    await expect(args.onPageChange).toHaveBeenLastCalledWith(5)
    await expect(within(nav).getByRole("button", { name: "Page 5" })).toHaveAttribute("aria-current", "page")
    await expect(pageNumbers(nav)).toEqual(["1", "4", "5", "6", "12"])
    await userEvent.click(within(nav).getByRole("button", { name: "Page 1" }))
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/** In the middle: ellipses on both sides of the current page and its neighbours. */
export const Middle: Story = {
  args: { page: 6 },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole("navigation")
    await expect(pageNumbers(nav)).toEqual(["1", "5", "6", "7", "12"])
    // Ellipses are decorative: the page numbers either side already say which pages are left out.
    await expect(nav.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(2)
    await expect(within(nav).getByRole("button", { name: "Page 6" })).toHaveAttribute("aria-current", "page")
  },
}

/** Tab reaches every control; Enter and Space move. At the last page "Next" keeps the focus but does nothing. */
export const Keyboard: Story = {
  args: { page: 10 },
  play: async ({ canvas, args, step }) => {
    const nav = canvas.getByRole("navigation")
    const next = within(nav).getByRole("button", { name: "Next page" })
    await step("Tab order", async () => {
      await userEvent.tab()
      await expect(within(nav).getByRole("button", { name: "Previous page" })).toHaveFocus()
      await userEvent.tab()
      await expect(within(nav).getByRole("button", { name: "Page 1" })).toHaveFocus()
    })
    await step("Enter and Space on next", async () => {
      next.focus()
      await userEvent.keyboard("{Enter}")
      await expect(args.onPageChange).toHaveBeenLastCalledWith(11)
      await userEvent.keyboard(" ")
      await expect(args.onPageChange).toHaveBeenLastCalledWith(12)
      await expect(within(nav).getByRole("button", { name: "Page 12" })).toHaveAttribute(
        "aria-current",
        "page",
      )
    })
    await step("the last page keeps focus on next", async () => {
      await expect(next).toHaveFocus()
      await expect(next).toHaveAttribute("aria-disabled", "true")
      await userEvent.keyboard("{Enter}")
      await expect(args.onPageChange).toHaveBeenCalledTimes(2)
    })
    await step("Shift+Tab back to a page number", async () => {
      await userEvent.tab({ shift: true })
      await expect(within(nav).getByRole("button", { name: "Page 12" })).toHaveFocus()
      await userEvent.tab({ shift: true })
      await userEvent.keyboard("{Enter}")
      await expect(args.onPageChange).toHaveBeenLastCalledWith(11)
    })
  },
}

/** "Page 3 of 12" between the arrows, for narrow places; the text is announced when it changes. */
export const Compact: Story = {
  args: { variant: "compact", page: 3 },
  play: async ({ canvas, args }) => {
    const nav = canvas.getByRole("navigation")
    const status = within(nav).getByText("Page 3 of 12")
    await expect(status).toHaveAttribute("aria-live", "polite")
    await expect(within(nav).queryByRole("button", { name: "Page 1" })).toBeNull()
    await userEvent.click(within(nav).getByRole("button", { name: "Next page" }))
    await expect(args.onPageChange).toHaveBeenLastCalledWith(4)
    await expect(status).toHaveTextContent("Page 4 of 12")
    await userEvent.click(within(nav).getByRole("button", { name: "Previous page" }))
    await expect(status).toHaveTextContent("Page 3 of 12")
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/** With page-size choices a "Rows per page" select sits at the start; changing it goes back to page 1. */
export const RowsPerPage: Story = {
  args: { page: 4, pageCount: 48, pageSize: 25, pageSizeOptions: [25, 50, 100], onPageSizeChange: fn() },
  parameters: { layout: "padded" },
  play: async ({ canvas, args }) => {
    const select = canvas.getByRole("combobox", { name: "Rows per page" })
    await expect(select).toHaveValue("25")
    await userEvent.selectOptions(select, "100")
    await expect(args.onPageSizeChange).toHaveBeenCalledWith(100)
    await expect(select).toHaveValue("100")
    await expect(canvas.getByRole("button", { name: "Page 1" })).toHaveAttribute("aria-current", "page")
    await userEvent.selectOptions(select, "25")
  },
}

/** A few pages: all of them, no ellipsis. */
export const FewPages: Story = {
  args: { page: 2, pageCount: 3 },
  play: async ({ canvas }) => {
    await expect(pageNumbers(canvas.getByRole("navigation"))).toEqual(["1", "2", "3"])
    await expect(canvas.queryByText("…")).toBeNull()
  },
}

/** One page (or none): a single current page, both arrows unavailable. */
export const SinglePage: Story = {
  args: { page: 1, pageCount: 1 },
  play: async ({ canvas }) => {
    await expect(pageNumbers(canvas.getByRole("navigation"))).toEqual(["1"])
    await expect(canvas.getByRole("button", { name: "Next page" })).toHaveAttribute("aria-disabled", "true")
    await expect(canvas.getByRole("button", { name: "Previous page" })).toHaveAttribute(
      "aria-disabled",
      "true",
    )
  },
}

/** While the next page loads: every control is unavailable but keeps its place and focus. */
export const Disabled: Story = {
  args: { page: 6, disabled: true, pageSize: 25, pageSizeOptions: [25, 50, 100], onPageSizeChange: fn() },
  parameters: { layout: "padded" },
  play: async ({ canvas, args }) => {
    const nav = canvas.getByRole("navigation")
    for (const button of within(nav).getAllByRole("button")) {
      await expect(button).toHaveAttribute("aria-disabled", "true")
    }
    await userEvent.click(within(nav).getByRole("button", { name: "Page 7" }))
    await userEvent.click(within(nav).getByRole("button", { name: "Next page" }))
    await expect(args.onPageChange).not.toHaveBeenCalled()
    await expect(within(nav).getByRole("combobox")).toBeDisabled()
  },
}

/** On a phone the bar fits 375 px: smaller buttons, and the page-size select wraps above. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  parameters: { layout: "padded" },
  args: { page: 50, pageCount: 120, pageSize: 25, pageSizeOptions: [25, 50, 100], onPageSizeChange: fn() },
  play: async ({ canvas, args }) => {
    const nav = canvas.getByRole("navigation")
    await expect(pageNumbers(nav)).toEqual(["1", "49", "50", "51", "120"])
    const list = within(nav).getByRole("list")
    await expect(list.getBoundingClientRect().right).toBeLessThanOrEqual(375)
    await userEvent.click(within(nav).getByRole("button", { name: "Page 120" }))
    await expect(args.onPageChange).toHaveBeenLastCalledWith(120)
    await expect(pageNumbers(nav)).toEqual(["1", "116", "117", "118", "119", "120"])
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/** Both variants at the start, middle and end, with and without the page-size select. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: (args) => (
    <div className="grid gap-6">
      {(["full", "compact"] as const).map((variant) =>
        [1, 6, 12].map((page) => (
          <div key={`${variant}-${page}`} className="grid gap-2">
            <p className="font-mono text-xs text-muted-foreground">
              {variant}, page {page} of 12
            </p>
            <Pagination
              {...args}
              variant={variant}
              page={page}
              label={`Pagination, ${variant}, page ${page}`}
            />
            <Pagination
              {...args}
              variant={variant}
              page={page}
              pageSize={50}
              pageSizeOptions={[25, 50, 100]}
              onPageSizeChange={() => {}}
              label={`Pagination with page size, ${variant}, page ${page}`}
            />
          </div>
        )),
      )}
    </div>
  ),
  play: async ({ canvas }) => {
    const navs = canvas.getAllByRole("navigation")
    await expect(navs).toHaveLength(12)
    await expect(navs.filter((nav) => nav.dataset.variant === "compact")).toHaveLength(6)
    await expect(canvas.getAllByText("Page 12 of 12")).toHaveLength(2)
  },
}

import type { Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import {
  Button,
  SearchIcon,
  DataTable,
  sortRows,
  useDesignSystem,
  useFormatter,
  type TableColumn,
  type DataTableProps,
  type TableSort,
} from "@manyhands/design-system"
import { accessibilityTree } from "../../accessibility-tree"

type TaskStatus = "solved" | "solving" | "queued" | "unsolvable"

interface Task {
  id: string
  type: string
  status: TaskStatus
  /** The worker's answer: text for image captchas, a token for the others. */
  answer: string | null
  solveSeconds: number | null
  /** Price of the task in millionths of a US dollar (1450 = $0.00145). */
  costMicros: number
  created: string
}

const taskTypes: { type: string; costMicros: number; answers: string[] }[] = [
  { type: "reCAPTCHA v2", costMicros: 1450, answers: ["03AFcWeA5dLq8x", "03AFcWeA7kPz2m", "03AFcWeA4hRt9v"] },
  { type: "Image to text", costMicros: 500, answers: ["x7Kp2m", "W3nQ8", "ph4ntom"] },
  { type: "hCaptcha", costMicros: 1600, answers: ["P1_eyJ0eXAiOiJK", "P1_eyJhbGciOiJI", "P1_eyJraWQiOiIx"] },
  {
    type: "Cloudflare Turnstile",
    costMicros: 1200,
    answers: ["0.ZmRkYjM2NzU", "0.NGE1ZTg0Yzk", "0.YjQ3MTc2ZDA"],
  },
  { type: "GeeTest v4", costMicros: 2100, answers: ["lot_8f2a91c0", "lot_3be774d1", "lot_c0d9e21b"] },
  { type: "FunCaptcha", costMicros: 2800, answers: ["42617c3a1d.5f", "90e1b2c4f7.3a", "17cd0e9a2b.8c"] },
]
const statusCycle: TaskStatus[] = ["solved", "solved", "solving", "solved", "unsolvable", "solved", "queued"]

const allTasks: Task[] = Array.from({ length: 36 }, (_, index) => {
  const kind = taskTypes[(index * 5 + 1) % taskTypes.length] ?? taskTypes[0]!
  const status = statusCycle[index % statusCycle.length] ?? "solved"
  const solved = status === "solved"
  return {
    id: `T-${48213 - index * 7}`,
    type: kind.type,
    status,
    answer: solved ? (kind.answers[index % kind.answers.length] ?? null) : null,
    solveSeconds: solved || status === "unsolvable" ? 4 + ((index * 37) % 410) / 10 : null,
    costMicros: status === "unsolvable" ? 0 : kind.costMicros,
    created: new Date(Date.UTC(2026, 10, 21, 9, 41) - index * 97_000).toISOString(),
  }
})
const tasks = allTasks.slice(0, 8)

const statusLook: Record<TaskStatus, { label: string; dot: string }> = {
  solved: { label: "Solved", dot: "bg-success" },
  solving: { label: "Solving", dot: "bg-primary" },
  queued: { label: "Queued", dot: "bg-border-strong" },
  unsolvable: { label: "Unsolvable", dot: "bg-danger" },
}

function Status({ status }: { status: TaskStatus }) {
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <span aria-hidden="true" className={`size-2 rounded-full ${statusLook[status].dot}`} />
      {statusLook[status].label}
    </span>
  )
}

function Cost({ micros }: { micros: number }) {
  const format = useFormatter()
  return (
    <>
      {format.number(micros / 1_000_000, {
        style: "currency",
        currency: "USD",
        minimumFractionDigits: 4,
        maximumFractionDigits: 5,
      })}
    </>
  )
}

function Duration({ seconds }: { seconds: number | null }) {
  const format = useFormatter()
  return seconds === null ? <span className="text-muted-foreground">—</span> : <>{format.duration(seconds)}</>
}

function Created({ value }: { value: string }) {
  const format = useFormatter()
  return <span className="whitespace-nowrap">{format.dateTime(value)}</span>
}

const columns: TableColumn<Task>[] = [
  {
    key: "id",
    header: "Task",
    sortable: true,
    cell: (task) => <span className="font-mono text-[0.8125rem]">{task.id}</span>,
  },
  { key: "type", header: "Type", sortable: true },
  { key: "status", header: "Status", cell: (task) => <Status status={task.status} /> },
  {
    key: "answer",
    header: "Answer",
    cell: (task) =>
      task.answer ? (
        <span className="font-mono text-[0.8125rem]">{task.answer}</span>
      ) : (
        <span className="text-muted-foreground">—</span>
      ),
  },
  {
    key: "solveSeconds",
    header: "Solve time",
    align: "numeric",
    sortable: true,
    cell: (task) => <Duration seconds={task.solveSeconds} />,
  },
  {
    key: "costMicros",
    header: "Cost",
    align: "numeric",
    sortable: true,
    cell: (task) => <Cost micros={task.costMicros} />,
  },
  {
    key: "created",
    header: "Created",
    sortable: true,
    firstSortDirection: "descending",
    cell: (task) => <Created value={task.created} />,
  },
]

/** DataTable instantiated for tasks, so the stories' args are typed. */
const TaskTable = DataTable<Task>

type TasksPageProps = DataTableProps<Task> & {
  /** Rows per page; the page around the table slices the sorted rows. */
  pageSize?: number
}

/** The page around a table: it keeps the sort, the selection and the page, as an app would. */
function TasksPage({ pageSize: initialPageSize, ...args }: TasksPageProps) {
  const { locale } = useDesignSystem()
  const [sort, setSort] = useState<TableSort | null>(args.sort ?? null)
  const [selected, setSelected] = useState<string[] | undefined>(
    args.selected ? [...args.selected] : undefined,
  )
  const [page, setPage] = useState(1)
  const [pageSize, setPageSize] = useState(initialPageSize ?? 0)
  const sorted = sortRows(args.rows, columns, sort, locale)
  const pageCount = pageSize ? Math.ceil(sorted.length / pageSize) : 1
  const rows = pageSize ? sorted.slice((page - 1) * pageSize, page * pageSize) : sorted
  return (
    <TaskTable
      {...args}
      rows={rows}
      sort={sort}
      onSortChange={(next) => {
        setSort(next)
        setPage(1)
        args.onSortChange?.(next)
      }}
      selected={selected}
      onSelectedChange={(next) => {
        setSelected(next)
        args.onSelectedChange?.(next)
      }}
      pagination={
        pageSize
          ? {
              page,
              pageCount,
              onPageChange: setPage,
              pageSize,
              pageSizeOptions: [8, 25, 50],
              onPageSizeChange: (size) => {
                setPageSize(size)
                setPage(1)
              },
            }
          : undefined
      }
    />
  )
}

const meta = {
  title: "Components/Data display/Table",
  component: TaskTable,
  parameters: { layout: "padded" },
  args: {
    caption: "Recent captcha tasks",
    columns,
    rows: tasks,
    onSortChange: fn(),
    onSelectedChange: fn(),
  },
  render: (args) => <TasksPage {...args} />,
} satisfies Meta<TasksPageProps>

export default meta
type Story = StoryObj<typeof meta>

const bodyRows = (table: HTMLElement) => within(table).getAllByRole("row").slice(1)
const columnText = (table: HTMLElement, key: string) =>
  bodyRows(table).map((row) => row.querySelector<HTMLElement>(`[data-column="${key}"]`)?.innerText ?? "")
/** The texts of the live regions (the selection count, sort and loading announcements). */
const statusTexts = (canvas: HTMLElement) =>
  within(canvas)
    .getAllByRole("status")
    .map((status) => status.textContent)

export const Default: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole("table", { name: "Recent captcha tasks" })
    await expect(bodyRows(table)).toHaveLength(8)
    await expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.innerText),
    ).toEqual(["Task", "Type", "Status", "Answer", "Solve time", "Cost", "Created"])
    // The first column names each row; numbers line up at the end with tabular figures.
    await expect(within(table).getByRole("rowheader", { name: "T-48213" })).toBeInTheDocument()
    const cost = bodyRows(table)[0]?.querySelector('[data-column="costMicros"]')
    await expect(cost).toHaveTextContent("$0.0005")
    await expect(cost).toHaveClass("text-end", "tabular-nums")
    await expect(canvas.queryByRole("checkbox")).toBeNull()
  },
}

/** Clicking a header sorts by it; a second click reverses. The header says which way with aria-sort. */
export const Sortable: Story = {
  args: { sort: { column: "created", direction: "descending" } },
  play: async ({ canvas, canvasElement, args, step }) => {
    const table = canvas.getByRole("table")
    const created = canvas.getByRole("columnheader", { name: "Created" })
    const cost = canvas.getByRole("columnheader", { name: "Cost" })
    const costButton = within(cost).getByRole("button", { name: "Cost" })
    await step("initial sort", async () => {
      await expect(created).toHaveAttribute("aria-sort", "descending")
      await expect(cost).not.toHaveAttribute("aria-sort")
      await expect(costButton).toHaveAccessibleDescription("Sort by Cost")
      await expect(within(created).getByRole("button")).toHaveAccessibleDescription("Sorted descending")
      // Not sortable: a plain header.
      await expect(
        within(canvas.getByRole("columnheader", { name: "Status" })).queryByRole("button"),
      ).toBeNull()
    })
    await step("click sorts ascending", async () => {
      await userEvent.click(costButton)
      await expect(args.onSortChange).toHaveBeenLastCalledWith({
        column: "costMicros",
        direction: "ascending",
      })
      await expect(cost).toHaveAttribute("aria-sort", "ascending")
      await expect(created).not.toHaveAttribute("aria-sort")
      await expect(costButton).toHaveAccessibleDescription("Sorted ascending")
      await expect(columnText(table, "costMicros")[0]).toBe("$0.0000")
      await expect(statusTexts(canvasElement)).toContain("Cost: Sorted ascending")
    })
    await step("Enter on the focused header reverses", async () => {
      await expect(costButton).toHaveFocus()
      await userEvent.keyboard("{Enter}")
      await expect(args.onSortChange).toHaveBeenLastCalledWith({
        column: "costMicros",
        direction: "descending",
      })
      await expect(cost).toHaveAttribute("aria-sort", "descending")
      await expect(columnText(table, "costMicros")[0]).toBe("$0.0028")
      await expect(statusTexts(canvasElement)).toContain("Cost: Sorted descending")
    })
    await step("text sorts naturally", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Type" }))
      const types = columnText(table, "type")
      await expect(types[0]).toBe("Cloudflare Turnstile")
      await expect(types).toEqual([...types].sort((a, b) => a.localeCompare(b)))
    })
  },
}

/** A checkbox per row and one for the page; the count and bulk actions show while rows are selected. */
export const Selectable: Story = {
  args: {
    selected: [],
    selectionActions: (
      <>
        <Button variant="tertiary">Export CSV</Button>
        <Button variant="secondary">Report wrong answers</Button>
      </>
    ),
  },
  play: async ({ canvas, canvasElement, args, step }) => {
    const selectAll = canvas.getByRole("checkbox", { name: "Select all rows" })
    const first = canvas.getByRole("checkbox", { name: "Select row T-48213" })
    const second = canvas.getByRole("checkbox", { name: "Select row T-48206" })
    await step("one row", async () => {
      await expect(selectAll).not.toBeChecked()
      await userEvent.click(first)
      await expect(args.onSelectedChange).toHaveBeenLastCalledWith(["T-48213"])
      await expect(first).toBeChecked()
      await expect(selectAll).toBePartiallyChecked()
      await expect(statusTexts(canvasElement)).toContain("1 selected")
      await expect(first.closest("tr")).toHaveAttribute("data-state", "selected")
      await expect(canvas.getByRole("button", { name: "Report wrong answers" })).toBeVisible()
    })
    await step("select all, then none", async () => {
      await userEvent.click(selectAll)
      await expect(args.onSelectedChange).toHaveBeenLastCalledWith(tasks.map((task) => task.id))
      await expect(selectAll).toBeChecked()
      await expect(statusTexts(canvasElement)).toContain("8 selected")
      await userEvent.click(selectAll)
      await expect(args.onSelectedChange).toHaveBeenLastCalledWith([])
      await expect(
        canvas.getAllByRole("checkbox").filter((box) => (box as HTMLInputElement).checked),
      ).toHaveLength(0)
      await expect(canvas.queryByRole("button", { name: "Report wrong answers" })).toBeNull()
    })
    await step("keyboard: Space toggles the focused checkbox", async () => {
      second.focus()
      await userEvent.keyboard(" ")
      await expect(args.onSelectedChange).toHaveBeenLastCalledWith(["T-48206"])
      await userEvent.click(first)
      await expect(args.onSelectedChange).toHaveBeenLastCalledWith(["T-48206", "T-48213"])
      await expect(statusTexts(canvasElement)).toContain("2 selected")
      first.blur()
    })
  },
}

/** The table shows one page; Pagination underneath moves between pages and changes the page size. */
export const WithPagination: Story = {
  args: { rows: allTasks, pageSize: 8 },
  play: async ({ canvas, step }) => {
    const table = canvas.getByRole("table")
    const nav = canvas.getByRole("navigation", { name: "Pagination" })
    await step("first page", async () => {
      await expect(bodyRows(table)).toHaveLength(8)
      await expect(within(nav).getByRole("button", { name: "Page 1" })).toHaveAttribute(
        "aria-current",
        "page",
      )
      await expect(within(nav).getByRole("button", { name: "Page 5" })).toBeInTheDocument()
    })
    await step("next page", async () => {
      await userEvent.click(within(nav).getByRole("button", { name: "Next page" }))
      await expect(within(nav).getByRole("button", { name: "Page 2" })).toHaveAttribute(
        "aria-current",
        "page",
      )
      await expect(columnText(table, "id")[0]).toBe(allTasks[8]?.id)
    })
    await step("more rows per page", async () => {
      await userEvent.selectOptions(within(nav).getByRole("combobox", { name: "Rows per page" }), "25")
      await expect(bodyRows(table)).toHaveLength(25)
      await expect(within(nav).getByRole("button", { name: "Page 1" })).toHaveAttribute(
        "aria-current",
        "page",
      )
      await expect(within(nav).queryByRole("button", { name: "Page 3" })).toBeNull()
      await userEvent.selectOptions(within(nav).getByRole("combobox", { name: "Rows per page" }), "8")
    })
  },
}

/** In a frame of fixed height the header stays in view while the rows scroll; the frame takes focus. */
export const StickyHeader: Story = {
  args: { rows: allTasks.slice(0, 20), stickyHeader: true, maxHeight: 360, captionHidden: true },
  play: async ({ canvas }) => {
    const region = await canvas.findByRole("region", { name: "Recent captcha tasks" })
    await expect(region).toHaveAttribute("tabindex", "0")
    region.focus()
    await expect(region).toHaveFocus()
    region.scrollTop = 300
    await waitFor(() => expect(region.scrollTop).toBeGreaterThan(200))
    const header = canvas.getByRole("columnheader", { name: "Type" })
    await waitFor(() =>
      expect(Math.abs(header.getBoundingClientRect().top - region.getBoundingClientRect().top)).toBeLessThan(
        2,
      ),
    )
    region.blur()
  },
}

/** Placeholder rows while the first page loads; the table is busy and says so. */
export const Loading: Story = {
  args: { loading: true, selected: [] },
  play: async ({ canvas, canvasElement }) => {
    const table = canvas.getByRole("table")
    await expect(table).toHaveAttribute("aria-busy", "true")
    await expect(bodyRows(table)).toHaveLength(5)
    await expect(statusTexts(canvasElement)).toContain("Loading…")
    await expect(canvas.getByRole("checkbox", { name: "Select all rows" })).toBeDisabled()
    await expect(within(table).queryByText("T-48213")).toBeNull()
  },
}

/** No rows: an EmptyState in the table's place says why and what to do. */
export const Empty: Story = {
  args: {
    rows: [],
    selected: [],
    empty: {
      icon: <SearchIcon />,
      title: "No tasks match these filters",
      description: "Try another captcha type or a wider date range. Tasks are kept for 30 days.",
      action: <Button variant="secondary">Clear filters</Button>,
    },
  },
  play: async ({ canvas }) => {
    const table = canvas.getByRole("table")
    await expect(within(table).getByRole("heading", { name: "No tasks match these filters" })).toBeVisible()
    await expect(within(table).getByRole("button", { name: "Clear filters" })).toBeEnabled()
    await expect(canvas.getByRole("checkbox", { name: "Select all rows" })).toBeDisabled()
  },
}

/** Without content of its own the empty state uses the provider's title. */
export const EmptyDefaultText: Story = {
  args: { rows: [], size: "sm" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "Nothing here yet" })).toBeVisible()
  },
}

/** With `onRowClick` a row opens on click, and its first cell is a button for the keyboard. */
export const ClickableRows: Story = {
  args: { onRowClick: fn(), selected: [] },
  play: async ({ canvas, args }) => {
    const row = canvas.getByRole("rowheader", { name: "T-48206" }).closest("tr")!
    await userEvent.click(within(row).getByText("reCAPTCHA v2"))
    await expect(args.onRowClick).toHaveBeenCalledTimes(1)
    await expect(args.onRowClick).toHaveBeenLastCalledWith(tasks[1])
    // The checkbox selects; it does not open the row.
    await userEvent.click(within(row).getByRole("checkbox"))
    await expect(args.onRowClick).toHaveBeenCalledTimes(1)
    const button = within(row).getByRole("button", { name: "T-48206" })
    button.focus()
    await userEvent.keyboard("{Enter}")
    await expect(args.onRowClick).toHaveBeenCalledTimes(2)
    await userEvent.tab()
    await expect(canvas.getByRole("checkbox", { name: "Select row T-48199" })).toHaveFocus()
    await userEvent.tab()
    await expect(canvas.getByRole("button", { name: "T-48199" })).toHaveFocus()
    await userEvent.keyboard(" ")
    await expect(args.onRowClick).toHaveBeenLastCalledWith(tasks[2])
  },
}

/** Dense rows and a caption for screen readers only (a heading above says the same). */
export const SmallWithHiddenCaption: Story = {
  args: { size: "sm", captionHidden: true, caption: "Payouts to workers" },
  play: async ({ canvas }) => {
    const table = canvas.getByRole("table", { name: "Payouts to workers" })
    await expect(canvas.getByText("Payouts to workers")).toHaveClass("sr-only")
    await expect(table.closest("[data-slot=table]")).toHaveAttribute("data-size", "sm")
  },
}

/** On a phone each row is a card of "header: value" lines; sortable headers become sort buttons. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  args: {
    rows: tasks.slice(0, 4),
    selected: ["T-48206"],
    sort: { column: "created", direction: "descending" },
  },
  play: async ({ canvas, args, step }) => {
    const table = canvas.getByRole("table", { name: "Recent captcha tasks" })
    await step("rows are cards with labels", async () => {
      const [first] = bodyRows(table)
      await expect(getComputedStyle(first!).display).toBe("flex")
      await expect(getComputedStyle(first!).flexDirection).toBe("column")
      const typeCell = first!.querySelector<HTMLElement>('[data-column="type"]')!
      const label = typeCell.querySelector<HTMLElement>('[data-slot="table-cell-label"]')!
      await expect(label).toBeVisible()
      await expect(label).toHaveTextContent("Type")
      await expect(label).toHaveAttribute("aria-hidden", "true")
      // Still a table for assistive technology: rows, cells and their headers.
      await expect(within(table).getAllByRole("row")).toHaveLength(5)
      await expect(within(table).getAllByRole("columnheader")).toHaveLength(8)
      const status = canvas.getByRole("columnheader", { name: "Status" })
      await expect(status.getBoundingClientRect().width).toBeLessThanOrEqual(1)
      await expect(first!.getBoundingClientRect().width).toBeLessThanOrEqual(375)
    })
    await step("Chromium's accessibility tree still reads a table of rows, headers and cells", async () => {
      const tree = await accessibilityTree(table.closest("[data-slot=table]")!, [
        "table",
        "row",
        "columnheader",
        "rowheader",
        "cell",
      ])
      if (tree) {
        await expect(tree.table).toEqual(["Recent captcha tasks"])
        await expect(tree.row).toHaveLength(5)
        await expect(tree.columnheader).toHaveLength(8)
        await expect(tree.rowheader).toEqual(tasks.slice(0, 4).map((task) => task.id))
        await expect(tree.cell!.length).toBeGreaterThanOrEqual(4 * 6)
      }
    })
    await step("sort buttons and selection work", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Cost" }))
      await expect(args.onSortChange).toHaveBeenLastCalledWith({
        column: "costMicros",
        direction: "ascending",
      })
      await expect(canvas.getByRole("columnheader", { name: "Cost" })).toHaveAttribute(
        "aria-sort",
        "ascending",
      )
      await userEvent.click(canvas.getByRole("checkbox", { name: "Select row T-48213" }))
      await expect(args.onSelectedChange).toHaveBeenLastCalledWith(["T-48206", "T-48213"])
      await expect(canvas.getByRole("checkbox", { name: "Select all rows" })).toBePartiallyChecked()
      ;(document.activeElement as HTMLElement | null)?.blur()
    })
  },
}

/** The same table on a phone while it loads. */
export const MobileLoading: Story = {
  globals: { viewport: { value: "mobile" } },
  args: { loading: true, loadingRows: 3, selected: [] },
  play: async ({ canvas }) => {
    const table = canvas.getByRole("table")
    await expect(bodyRows(table)).toHaveLength(3)
    await expect(getComputedStyle(bodyRows(table)[0]!).display).toBe("flex")
  },
}

/** Dark theme: the same tokens, swapped. */
export const Dark: Story = {
  globals: { theme: "dark" },
  args: {
    rows: allTasks,
    selected: ["T-48206", "T-48192"],
    sort: { column: "solveSeconds", direction: "ascending" },
    onRowClick: fn(),
    pageSize: 8,
    selectionActions: <Button variant="secondary">Export CSV</Button>,
  },
  play: async ({ canvas, args }) => {
    await expect(document.documentElement.dataset.theme).toBe("dark")
    const solveTime = canvas.getByRole("columnheader", { name: "Solve time" })
    await expect(solveTime).toHaveAttribute("aria-sort", "ascending")
    await expect(canvas.getByText("2 selected")).toBeVisible()
    await userEvent.click(within(solveTime).getByRole("button"))
    await expect(solveTime).toHaveAttribute("aria-sort", "descending")
    await userEvent.click(within(solveTime).getByRole("button"))
    await expect(solveTime).toHaveAttribute("aria-sort", "ascending")
    await userEvent.click(canvas.getByRole("button", { name: "T-48213" }))
    await expect(args.onRowClick).toHaveBeenCalledWith(allTasks[0])
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/** Sizes and states side by side: data with selection and sort, loading, and empty, in md and sm. */
export const Matrix: Story = {
  render: (args) => (
    <div className="grid gap-10">
      {(["md", "sm"] as const).map((size) => (
        <div key={size} className="grid gap-6">
          <TasksPage
            {...args}
            size={size}
            caption={`Size ${size}: tasks`}
            rows={tasks.slice(0, 3)}
            selected={["T-48206"]}
            sort={{ column: "costMicros", direction: "descending" }}
          />
          <div className="grid gap-6">
            <TaskTable {...args} size={size} caption={`Size ${size}: loading`} loading loadingRows={2} />
            <TaskTable
              {...args}
              size={size}
              caption={`Size ${size}: empty`}
              rows={[]}
              empty={{ title: "No tasks yet", description: "Send your first captcha through the API." }}
            />
          </div>
        </div>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const tables = canvas.getAllByRole("table")
    await expect(tables).toHaveLength(6)
    await expect(
      tables.map((table) => table.closest("[data-slot=table]")?.getAttribute("data-state")),
    ).toEqual([null, "loading", "empty", null, "loading", "empty"])
  },
}

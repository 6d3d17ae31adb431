import type { Decorator, Meta, StoryObj } from "@storybook/react-vite"
import { useState } from "react"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import {
  Button,
  ChevronDownIcon,
  CopyIcon,
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
  FileIcon,
  IconButton,
  MoreIcon,
  UploadIcon,
  useMessages,
  WarningIcon,
} from "@manyhands/design-system"

/** Room under the trigger so the open menu lies inside the screenshot. */
const roomy: Decorator = (Story) => (
  <div className="flex min-h-[26rem] items-start justify-center p-6">
    <Story />
  </div>
)

const meta = {
  title: "Components/Overlays/DropdownMenu",
  component: DropdownMenuContent,
  decorators: [roomy],
} satisfies Meta<typeof DropdownMenuContent>

export default meta
type Story = StoryObj<typeof meta>

const selected = fn()

function TaskActions() {
  const { messages } = useMessages()
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <IconButton label={`${messages.moreActions}: task #90412`} icon={<MoreIcon />} tooltip={false} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem icon={<CopyIcon />} shortcut="⌘C" onSelect={() => selected("copy")}>
          Copy task ID
        </DropdownMenuItem>
        <DropdownMenuItem icon={<FileIcon />} onSelect={() => selected("download")}>
          Download the answer
        </DropdownMenuItem>
        <DropdownMenuItem icon={<UploadIcon />} disabled>
          Send to another worker
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem icon={<WarningIcon />} onSelect={() => selected("report")}>
          Report a wrong answer
        </DropdownMenuItem>
        <DropdownMenuItem variant="destructive" inset onSelect={() => selected("cancel")}>
          Cancel the task
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/**
 * Keyboard: Enter opens the menu on the first item, arrows move (skipping the disabled item), Enter
 * chooses, and focus goes back to the trigger.
 */
export const Default: Story = {
  render: () => <TaskActions />,
  play: async ({ canvas, step }) => {
    const trigger = canvas.getByRole("button", { name: "More actions: task #90412" })
    await step("open with the keyboard", async () => {
      await userEvent.tab()
      await userEvent.keyboard("{Enter}")
      const menu = await screen.findByRole("menu")
      await expect(trigger).toHaveAttribute("aria-expanded", "true")
      await waitFor(() => expect(within(menu).getByRole("menuitem", { name: /Copy task ID/ })).toHaveFocus())
    })
    await step("arrows skip the disabled item; Enter chooses", async () => {
      await userEvent.keyboard("{ArrowDown}")
      await expect(screen.getByRole("menuitem", { name: "Download the answer" })).toHaveFocus()
      await userEvent.keyboard("{ArrowDown}")
      await expect(screen.getByRole("menuitem", { name: "Report a wrong answer" })).toHaveFocus()
      await userEvent.keyboard("{Enter}")
      await expect(selected).toHaveBeenCalledWith("report")
      await waitFor(() => expect(screen.queryByRole("menu")).toBeNull())
      await expect(trigger).toHaveFocus()
    })
    await step("disabled item is announced as such", async () => {
      await userEvent.click(trigger)
      const disabled = await screen.findByRole("menuitem", { name: "Send to another worker" })
      await expect(disabled).toHaveAttribute("aria-disabled", "true")
    })
  },
}

/** Escape and a click outside close it; typing a letter jumps to the item that starts with it. */
export const DismissAndTypeahead: Story = {
  render: () => <TaskActions />,
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole("button", { name: "More actions: task #90412" })
    await userEvent.click(trigger)
    await screen.findByRole("menu")
    await userEvent.keyboard("r")
    await expect(screen.getByRole("menuitem", { name: "Report a wrong answer" })).toHaveFocus()
    await userEvent.keyboard("{Escape}")
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull())
    await expect(trigger).toHaveFocus()
    await userEvent.click(trigger)
    await screen.findByRole("menu")
    await userEvent.click(document.body)
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull())
  },
}

/** A destructive item is red, on a red highlight. */
export const Destructive: Story = {
  render: () => <TaskActions />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "More actions: task #90412" }))
    const item = await screen.findByRole("menuitem", { name: "Cancel the task" })
    await expect(item).toHaveAttribute("data-variant", "destructive")
    await userEvent.hover(item)
    await waitFor(() => expect(item).toHaveAttribute("data-highlighted"))
    await userEvent.click(item)
    await expect(selected).toHaveBeenCalledWith("cancel")
    await userEvent.click(canvas.getByRole("button", { name: "More actions: task #90412" }))
    await userEvent.hover(await screen.findByRole("menuitem", { name: "Cancel the task" }))
  },
}

const columns = ["Captcha type", "Price", "Worker", "Solved in", "Answer"]

function ColumnsMenu() {
  const [visible, setVisible] = useState(new Set(["Captcha type", "Price", "Solved in"]))
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="service">
          Columns ({visible.size})
          <ChevronDownIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        {columns.map((column) => (
          <DropdownMenuCheckboxItem
            key={column}
            checked={visible.has(column)}
            onCheckedChange={(checked) =>
              setVisible((current) => {
                const next = new Set(current)
                if (checked) next.add(column)
                else next.delete(column)
                return next
              })
            }
          >
            {column}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** On/off options; the menu stays open while several are toggled. */
export const CheckboxItems: Story = {
  render: () => <ColumnsMenu />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Columns (3)" }))
    const worker = await screen.findByRole("menuitemcheckbox", { name: "Worker" })
    await expect(worker).toHaveAttribute("aria-checked", "false")
    await userEvent.click(worker)
    await expect(worker).toHaveAttribute("aria-checked", "true")
    await expect(screen.getByRole("menu")).toBeVisible()
    const price = screen.getByRole("menuitemcheckbox", { name: "Price" })
    await userEvent.keyboard("{ArrowUp}")
    await expect(price).toHaveFocus()
    await userEvent.keyboard(" ")
    await expect(price).toHaveAttribute("aria-checked", "false")
    await userEvent.keyboard("{Escape}")
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull())
    // Worker on, Price off: still three columns.
    await expect(canvas.getByRole("button", { name: "Columns (3)" })).toHaveFocus()
    await userEvent.keyboard("{Enter}")
    await screen.findByRole("menu")
  },
}

function SortMenu() {
  const [sort, setSort] = useState("newest")
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="service">
          Sort workers
          <ChevronDownIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>Sort by</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={sort} onValueChange={setSort}>
          <DropdownMenuRadioItem value="newest">Newest first</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="rating">Highest rating</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="speed">Fastest answers</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="earnings">Most earned</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** One choice out of several. */
export const RadioItems: Story = {
  render: () => <SortMenu />,
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole("button", { name: "Sort workers" })
    await userEvent.click(trigger)
    await expect(await screen.findByRole("menuitemradio", { name: "Newest first" })).toHaveAttribute(
      "aria-checked",
      "true",
    )
    await userEvent.click(screen.getByRole("menuitemradio", { name: "Fastest answers" }))
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull())
    await userEvent.click(trigger)
    await expect(await screen.findByRole("menuitemradio", { name: "Fastest answers" })).toHaveAttribute(
      "aria-checked",
      "true",
    )
    await expect(screen.getByRole("menuitemradio", { name: "Newest first" })).toHaveAttribute(
      "aria-checked",
      "false",
    )
  },
}

/** A nested menu opens with the Right arrow (or hover) and closes with the Left arrow. */
export const Submenu: Story = {
  render: () => (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="service">
          Export
          <ChevronDownIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={() => selected("today")}>Today's tasks</DropdownMenuItem>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger icon={<FileIcon />}>Last 30 days as…</DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            <DropdownMenuItem onSelect={() => selected("csv")}>CSV</DropdownMenuItem>
            <DropdownMenuItem onSelect={() => selected("json")}>JSON</DropdownMenuItem>
          </DropdownMenuSubContent>
        </DropdownMenuSub>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Export" }))
    await screen.findByRole("menu")
    // Opened by the pointer, the menu itself has focus: the first ArrowDown reaches the first item.
    await userEvent.keyboard("{ArrowDown}{ArrowDown}")
    const sub = screen.getByRole("menuitem", { name: "Last 30 days as…" })
    await expect(sub).toHaveFocus()
    await expect(sub).toHaveAttribute("aria-haspopup", "menu")
    await userEvent.keyboard("{ArrowRight}")
    const csv = await screen.findByRole("menuitem", { name: "CSV" })
    await waitFor(() => expect(csv).toHaveFocus())
    await userEvent.keyboard("{ArrowLeft}")
    await waitFor(() => expect(screen.queryByRole("menuitem", { name: "CSV" })).toBeNull())
    await expect(sub).toHaveFocus()
    await userEvent.keyboard("{ArrowRight}")
    await userEvent.keyboard("{ArrowDown}{Enter}")
    await expect(selected).toHaveBeenCalledWith("json")
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull())
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  render: () => <TaskActions />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "More actions: task #90412" }))
    await userEvent.hover(await screen.findByRole("menuitem", { name: "Download the answer" }))
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
  },
}

/** Every kind of entry in one open menu: label, icons, shortcut, disabled, checkbox, radio, sub-menu, destructive. */
export const Matrix: Story = {
  decorators: [
    (Story) => (
      <div className="min-h-[38rem]">
        <Story />
      </div>
    ),
  ],
  render: () => (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>
        <Button variant="service">
          API key mh_live_…f3a4
          <ChevronDownIcon />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <DropdownMenuLabel>Key</DropdownMenuLabel>
        <DropdownMenuGroup>
          <DropdownMenuItem icon={<CopyIcon />} shortcut="⌘C">
            Copy the key
          </DropdownMenuItem>
          <DropdownMenuItem icon={<FileIcon />}>Usage report</DropdownMenuItem>
          <DropdownMenuItem icon={<UploadIcon />} disabled>
            Move to another account
          </DropdownMenuItem>
          <DropdownMenuSub>
            <DropdownMenuSubTrigger inset>Limit per day</DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              <DropdownMenuItem>10 USD</DropdownMenuItem>
            </DropdownMenuSubContent>
          </DropdownMenuSub>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Allowed captcha types</DropdownMenuLabel>
        <DropdownMenuCheckboxItem checked>reCAPTCHA v2</DropdownMenuCheckboxItem>
        <DropdownMenuCheckboxItem checked={false}>hCaptcha</DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Priority</DropdownMenuLabel>
        <DropdownMenuRadioGroup value="normal">
          <DropdownMenuRadioItem value="normal">Normal</DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="fast">Fast (+30%)</DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" icon={<WarningIcon />}>
          Revoke the key
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
  play: async () => {
    const menu = await screen.findByRole("menu")
    await expect(within(menu).getAllByRole("menuitem")).toHaveLength(5)
    await expect(within(menu).getAllByRole("menuitemcheckbox")).toHaveLength(2)
    await expect(within(menu).getAllByRole("menuitemradio")).toHaveLength(2)
    await expect(within(menu).getAllByRole("separator")).toHaveLength(3)
    await expect(within(menu).getByRole("menuitem", { name: "Revoke the key" })).toHaveAttribute(
      "data-variant",
      "destructive",
    )
    await userEvent.hover(within(menu).getByRole("menuitem", { name: "Usage report" }))
  },
}

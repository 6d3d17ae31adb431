import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent } from "storybook/test"
import { Button, EmptyState, FileIcon, SearchIcon, UserIcon, WalletIcon } from "@manyhands/design-system"

const meta = {
  title: "Components/Data display/EmptyState",
  component: EmptyState,
  args: {
    icon: <FileIcon />,
    title: "No captchas sent yet",
    description: "Send your first task through the 2captcha-compatible API, or try one in the sandbox.",
  },
  argTypes: {
    variant: { control: "inline-radio", options: ["plain", "dashed"] },
    size: { control: "inline-radio", options: ["sm", "md"] },
  },
  render: (args) => (
    <div className="w-[36rem] max-w-full rounded-lg bg-surface">
      <EmptyState {...args} />
    </div>
  ),
} satisfies Meta<typeof EmptyState>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    const heading = canvas.getByRole("heading", { level: 3, name: "No captchas sent yet" })
    await expect(heading).toBeVisible()
    await expect(canvas.getByText(/first task through/)).toBeVisible()
    // The icon is decorative.
    await expect(
      canvas.getByRole("heading").closest("[data-slot=empty-state]")!.querySelector("svg"),
    ).toHaveAttribute("aria-hidden", "true")
  },
}

/** Without a title of its own it says the provider's "Nothing here yet". */
export const DefaultTitle: Story = {
  args: { icon: undefined, title: undefined, description: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "Nothing here yet" })).toBeVisible()
  },
}

/** An action fills the empty space with the next step. */
export const WithAction: Story = {
  args: {
    icon: <WalletIcon />,
    title: "No payments yet",
    description:
      "Top up your balance to start sending captchas. Cards, USDT and bank transfers are accepted.",
    action: (
      <>
        <Button>Top up balance</Button>
        <Button variant="tertiary">See prices</Button>
      </>
    ),
  },
  play: async ({ canvas }) => {
    const topUp = canvas.getByRole("button", { name: "Top up balance" })
    await expect(topUp.closest("[data-slot=empty-state-action]")).not.toBeNull()
    // The actions come right after the text in the tab order.
    await userEvent.tab()
    await expect(topUp).toHaveFocus()
    await userEvent.tab()
    await expect(canvas.getByRole("button", { name: "See prices" })).toHaveFocus()
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/** A dashed frame on a page background: an empty list that waits to be filled. */
export const Dashed: Story = {
  args: {
    variant: "dashed",
    icon: <UserIcon />,
    title: "No workers in this team",
    description: "Invite workers by email; they start solving once they pass the entry test.",
    action: <Button variant="secondary">Invite workers</Button>,
  },
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector<HTMLElement>("[data-slot=empty-state]")!
    await expect(root).toHaveAttribute("data-variant", "dashed")
    await expect(getComputedStyle(root).borderStyle).toBe("dashed")
  },
}

/** The small size, for a table, a card or a side panel. */
export const Small: Story = {
  args: {
    size: "sm",
    icon: <SearchIcon />,
    title: "No tasks match these filters",
    description: "Try another captcha type or a wider date range.",
    titleAs: "h4",
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 4 })).toHaveTextContent("No tasks match these filters")
  },
}

/** Variants × sizes. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <div className="grid gap-6 md:grid-cols-2">
      {(["plain", "dashed"] as const).map((variant) =>
        (["md", "sm"] as const).map((size) => (
          <div key={`${variant}-${size}`} className="grid content-start gap-2">
            <p className="font-mono text-xs text-muted-foreground">
              {variant} / {size}
            </p>
            <div className={variant === "plain" ? "rounded-lg bg-surface" : ""}>
              <EmptyState
                variant={variant}
                size={size}
                icon={<WalletIcon />}
                title="No payouts yet"
                description="Payouts appear here after your first solved captchas are paid."
                action={<Button variant="secondary">Payout settings</Button>}
              />
            </div>
          </div>
        )),
      )}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const roots = Array.from(canvasElement.querySelectorAll<HTMLElement>("[data-slot=empty-state]"))
    await expect(roots.map((root) => `${root.dataset.variant}/${root.dataset.size}`)).toEqual([
      "plain/md",
      "plain/sm",
      "dashed/md",
      "dashed/sm",
    ])
  },
}

import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent } from "storybook/test"
import { Button, ErrorState } from "@manyhands/design-system"

const meta = {
  title: "Components/Data display/ErrorState",
  component: ErrorState,
  args: { onRetry: fn() },
  argTypes: { size: { control: "inline-radio", options: ["page", "section"] } },
  parameters: { layout: "padded" },
} satisfies Meta<typeof ErrorState>

export default meta
type Story = StoryObj<typeof meta>

/** The render-failure screen with the provider's texts: announced at once, with one way out. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const alert = canvas.getByRole("alert")
    await expect(alert).toHaveAttribute("data-size", "page")
    await expect(canvas.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible()
    await expect(alert).toHaveTextContent("Please reload the page. If it happens again, contact support.")
    const reload = canvas.getByRole("button", { name: "Reload the page" })
    await userEvent.click(reload)
    await expect(args.onRetry).toHaveBeenCalledTimes(1)
    await userEvent.keyboard("{Enter}")
    await expect(args.onRetry).toHaveBeenCalledTimes(2)
    reload.blur()
  },
}

/** One block failed (the chart of today's spending): the rest of the page keeps working. */
export const Section: Story = {
  args: {
    size: "section",
    title: "Spending chart did not load",
    description: "The rest of the dashboard is up to date. Try loading the chart again.",
    retryLabel: "Try again",
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole("heading", { level: 2, name: "Spending chart did not load" })).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }))
    await expect(args.onRetry).toHaveBeenCalledTimes(1)
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/**
 * Details for support fold under the provider's "Technical details" (or `detailsLabel`); the request id lets
 * support find the failure.
 */
export const WithDetails: Story = {
  args: {
    details:
      "TypeError: Cannot read properties of undefined (reading 'balance')\nRequest id: req_7f3a91c0e2b4",
    secondaryAction: (
      <Button asChild variant="secondary">
        <a href="#support">Contact support</a>
      </Button>
    ),
  },
  play: async ({ canvas, canvasElement }) => {
    const details = canvasElement.querySelector("details")!
    await expect(details.open).toBe(false)
    await expect(canvas.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "#support")
    // The summary is reachable by keyboard, after the actions.
    const summary = canvas.getByText("Technical details")
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.tab()
    await expect(summary).toHaveFocus()
    await userEvent.click(summary)
    await expect(details.open).toBe(true)
    await expect(canvas.getByText(/Request id: req_7f3a91c0e2b4/)).toBeVisible()
    summary.blur()
  },
}

/** `detailsLabel={null}` shows the details at once, without a summary to open. */
export const UnfoldedDetails: Story = {
  args: {
    size: "section",
    titleAs: "h2",
    title: "Payout history did not load",
    details: "Request id: req_7f3a91c0e2b4",
    detailsLabel: null,
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector("details")).toBeNull()
    await expect(canvas.getByText("Request id: req_7f3a91c0e2b4")).toBeVisible()
  },
}

/** Details in the site language: the summary is the provider's text. */
export const DetailsInGerman: Story = {
  globals: { locale: "de" },
  args: { size: "section", titleAs: "h2", details: "Request id: req_7f3a91c0e2b4" },
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Technische Details")).toBeVisible()
    await expect(canvas.getByText("Request id: req_7f3a91c0e2b4")).not.toBeVisible()
  },
}

/** Without `onRetry` the button reloads the page, the fallback of last resort. */
export const ReloadsWithoutRetry: Story = {
  args: { onRetry: undefined, size: "section" },
  play: async ({ canvas }) => {
    const button = canvas.getByRole("button", { name: "Reload the page" })
    await expect(button).toBeEnabled()
    await expect(button).toHaveAttribute("type", "button")
  },
}

/** Both sizes, with and without details (folded under the default summary), in light and dark. */
export const Matrix: Story = {
  render: (args) => (
    <div className="grid gap-6 lg:grid-cols-2">
      {(["light", "dark"] as const).map((theme) => (
        <div
          key={theme}
          data-theme={theme}
          className="grid gap-6 rounded-lg bg-background p-4 text-foreground"
        >
          <p className="font-mono text-xs text-muted-foreground">{theme}</p>
          <ErrorState {...args} size="page" titleAs="h2" className="min-h-0 rounded-lg bg-surface" />
          <ErrorState {...args} size="section" details="Request id: req_7f3a91c0e2b4" />
        </div>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    const alerts = canvas.getAllByRole("alert")
    await expect(alerts.map((alert) => alert.dataset.size)).toEqual(["page", "section", "page", "section"])
    await expect(canvas.getAllByText("Request id: req_7f3a91c0e2b4")).toHaveLength(2)
    await expect(canvas.getAllByText("Technical details")).toHaveLength(2)
  },
}

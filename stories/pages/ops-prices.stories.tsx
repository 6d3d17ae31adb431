import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import {
  opsPricesApi,
  type PriceRow,
  type PriceTable,
  type PriceVersion,
} from "@manyhands/contract/ops-prices"
import type { ShellUser } from "@manyhands/pages"
import { screens } from "@manyhands/pages/ops-prices/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

const [{ default: PricesScreen }] = await Promise.all([screens.OpsPrices()])

const meta = {
  title: "Screens/Prices",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const TABLE = opsPricesApi.table.url()
const pending = () => new Promise<never>(() => {})

const admin: ShellUser = {
  ...storyUser,
  id: "1",
  email: "ops@manyhands.dev",
  profile: { ...storyUser.profile, displayName: "Pricing desk" },
  permissions: { admin: true },
}

const version = (
  id: string,
  perThousand: string,
  workerPerThousand: string,
  margin: string,
  from: string,
): PriceVersion => ({
  id,
  perThousand,
  workerPerThousand,
  marginPerThousand: margin,
  effectiveFrom: from,
  createdBy: "ops@manyhands.dev",
  createdAt: "2026-11-01T10:00:00.000Z",
})

const row = (
  type: string,
  kind: PriceRow["kind"],
  usd: string,
  pay: string,
  margin: string,
  extra: Partial<PriceRow> = {},
): PriceRow => ({
  type,
  kind,
  enabled: true,
  currencies: [
    {
      currency: "USD",
      current: version(`${type}-usd`, usd, pay, margin, "2026-11-01T10:00:00.000Z"),
      scheduled: [],
    },
    {
      currency: "RUB",
      current: version(`${type}-rub`, "45.00", "27.00", "18.00", "2026-11-01T10:00:00.000Z"),
      scheduled: [],
    },
    {
      currency: "EUR",
      current: version(`${type}-eur`, "0.46", "0.276", "0.184", "2026-11-01T10:00:00.000Z"),
      scheduled: [],
    },
  ],
  ...extra,
})

const turnstile = row("TurnstileTask", "token", "1.45", "0.87", "0.58")
turnstile.currencies[0]!.scheduled = [version("77", "1.60", "0.95", "0.65", "2026-12-01T00:00:00.000Z")]

const table: PriceTable = {
  now: "2026-11-30T12:00:00.000Z",
  types: [
    row("ImageToTextTask", "image", "0.50", "0.30", "0.20"),
    row("GridTask", "image", "1.20", "0.72", "0.48"),
    turnstile,
    row("RecaptchaV2Task", "token", "2.99", "1.794", "1.196", { enabled: false }),
  ],
}

const story =
  (data: PriceTable | undefined, api: StoryApi = {}) =>
  () => (
    <Shell services={{ user: admin }} api={{ [`GET ${TABLE}`]: data ?? pending, ...api }}>
      <PricesScreen priceTable={data} />
    </Shell>
  )

const blur = () => (document.activeElement as HTMLElement | null)?.blur()

/** Every type's price, the worker's pay and the margin per currency; a scheduled price under the current one. */
export const Table: Story = {
  render: story(table),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "Prices" })).toBeVisible()
    const grid = canvas.getByRole("table", { name: "Prices per 1,000 tasks" })
    const rows = within(grid).getAllByRole("row")
    await expect(rows).toHaveLength(5)
    await expect(rows[1]).toHaveTextContent("Worker 0.30 · margin 0.20")
    await expect(rows[3]).toHaveTextContent("1.60 from")
    await expect(rows[4]).toHaveTextContent("switched off")
  },
}

/** Loading: the table's skeleton. */
export const Loading: Story = { render: story(undefined) }

/** No types at all. */
export const Empty: Story = {
  render: story({ now: table.now, types: [] }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { name: "No captcha types" })).toBeVisible()
  },
}

/** A moderator who reached the page anyway: the API refuses and the page says so. */
export const Forbidden: Story = {
  render: () => (
    <Shell
      services={{ user: { ...storyUser, permissions: { moderator: true } } }}
      api={{
        [`GET ${TABLE}`]: () => {
          throw refusal("Only administrators can do this.", "FORBIDDEN", 403)
        },
      }}
    >
      <PricesScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { name: "Administrators only" })).toBeVisible()
  },
}

const preview = fn((_body: unknown) => ({
  currentPerThousand: "0.50",
  currentWorkerPerThousand: "0.30",
  marginPerThousand: "0.25",
  currentMarginPerThousand: "0.20",
  yesterday: { day: "2026-11-29", tasks: 48210, atCurrentPrice: "24.105", atNewPrice: "28.926" },
}))
const scheduled = fn((body: unknown) => ({
  ...version("91", "0.60", "0.35", "0.25", "2026-12-05T09:00:00.000Z"),
  ...(body as object),
}))

/** Scheduling: the preview shows the margin and yesterday's volume at the new price; saved, the page says so. */
export const Schedule: Story = {
  render: story(table, {
    [on(opsPricesApi.preview)]: preview,
    [on(opsPricesApi.schedule)]: scheduled,
  }),
  play: async ({ canvas, step }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Schedule a price for ImageToTextTask" }))
    const dialog = within(await screen.findByRole("dialog", { name: "New price for ImageToTextTask" }))
    await step("the preview follows the amounts", async () => {
      const price = dialog.getByRole("textbox", { name: /^Customer price/ })
      await userEvent.clear(price)
      await userEvent.type(price, "0.60")
      const pay = dialog.getByRole("textbox", { name: /^Worker pay/ })
      await userEvent.clear(pay)
      await userEvent.type(pay, "0.35")
      await expect(await dialog.findByText(/48,210 tasks/, {}, { timeout: 3000 })).toBeVisible()
      await expect(preview).toHaveBeenLastCalledWith({
        type: "ImageToTextTask",
        currency: "USD",
        perThousand: "0.60",
        workerPerThousand: "0.35",
      })
    })
    await step("scheduled at a time", async () => {
      await userEvent.click(dialog.getByRole("radio", { name: "At a time" }))
      await userEvent.type(dialog.getByLabelText(/^From/), "2026-12-05T09:00")
      await userEvent.click(screen.getByRole("button", { name: "Schedule" }))
      await waitFor(() => expect(scheduled).toHaveBeenCalled())
      await expect(scheduled.mock.lastCall?.[0]).toMatchObject({
        type: "ImageToTextTask",
        currency: "USD",
        perThousand: "0.60",
        workerPerThousand: "0.35",
      })
      await expect(await canvas.findByText(/ImageToTextTask: 0.60 USD per 1,000 from/)).toBeVisible()
    })
    blur()
  },
}

/** The dialog with the preview, before saving. */
export const SchedulePreview: Story = {
  name: "Schedule: preview",
  render: story(table, { [on(opsPricesApi.preview)]: preview }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Schedule a price for ImageToTextTask" }))
    const dialog = within(await screen.findByRole("dialog", { name: "New price for ImageToTextTask" }))
    await expect(await dialog.findByText(/48,210 tasks/, {}, { timeout: 3000 })).toBeVisible()
  },
}

/** Pay above the price, and no time chosen: each field says what is wrong. */
export const ScheduleErrors: Story = {
  name: "Schedule: validation errors",
  render: story(table, { [on(opsPricesApi.preview)]: preview }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Schedule a price for GridTask" }))
    const dialog = within(await screen.findByRole("dialog", { name: "New price for GridTask" }))
    const pay = dialog.getByRole("textbox", { name: /^Worker pay/ })
    await userEvent.clear(pay)
    await userEvent.type(pay, "5")
    await userEvent.click(dialog.getByRole("radio", { name: "At a time" }))
    await userEvent.click(screen.getByRole("button", { name: "Schedule" }))
    await expect(await dialog.findByText("The worker's pay cannot be above the price.")).toBeVisible()
    await expect(dialog.getByText("Choose the date and time it takes effect.")).toBeVisible()
    blur()
  },
}

const cancelled = fn((_body: unknown) => ({ id: "77" }))

/** Cancelling a scheduled price asks first. */
export const CancelScheduled: Story = {
  name: "Cancel a scheduled price",
  render: story(table, { [on(opsPricesApi.cancel, { id: "77" })]: cancelled }),
  play: async ({ canvas }) => {
    await userEvent.click(
      await canvas.findByRole("button", { name: /^Cancel the USD price 1.60 of TurnstileTask/ }),
    )
    const dialog = within(
      await screen.findByRole("alertdialog", { name: "Cancel the scheduled USD price of TurnstileTask?" }),
    )
    await userEvent.click(dialog.getByRole("button", { name: "Cancel the price" }))
    await waitFor(() => expect(cancelled).toHaveBeenCalled())
    await expect(
      await canvas.findByText("The scheduled USD price of TurnstileTask is cancelled."),
    ).toBeVisible()
    blur()
  },
}

/** The dark theme. */
export const Dark: Story = { globals: { theme: "dark" }, render: story(table) }

/** On a phone. */
export const Mobile: Story = { globals: { viewport: { value: "mobile" } }, render: story(table) }

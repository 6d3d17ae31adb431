import { useState, type ComponentProps } from "react"
import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import { payoutsApi } from "@manyhands/contract/payouts"
import type { ShellUser } from "@manyhands/pages"
// The payouts area's screens by their route names (pages/src/index.ts lists them with every other area's).
import { screens } from "@manyhands/pages/payouts/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, refusal, storyUser, type StoryApi } from "./story-shell"

const [
  { default: PayoutRequestScreen },
  { default: PayoutWalletScreen },
  { default: PayoutHistoryScreen },
  { default: AdminPayoutsScreen },
] = await Promise.all([
  screens.PayoutRequest(),
  screens.PayoutWallet(),
  screens.PayoutHistory(),
  screens.AdminPayouts(),
])

const meta = {
  title: "Screens/Payouts",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

type Settings = NonNullable<ComponentProps<typeof PayoutRequestScreen>["payoutSettings"]>
type PayoutsPage = NonNullable<ComponentProps<typeof PayoutHistoryScreen>["payouts"]>
type Payout = PayoutsPage["items"][number]
type AdminPage = NonNullable<ComponentProps<typeof AdminPayoutsScreen>["adminPayouts"]>
type AdminPayout = AdminPage["items"][number]

const SETTINGS = payoutsApi.settings.url()
const PAYOUTS = payoutsApi.list.url()
const REQUEST = payoutsApi.request.url()
/** POST: cancels payout 9031 of the history. */
const CANCEL = payoutsApi.cancel.url({ id: "9031" })
const ADMIN = payoutsApi.adminList.url()

/** An answer that never comes: the route is still loading its data. */
const pending = () => new Promise<never>(() => {})

/** Focus may have scrolled a long screen; its screenshot is taken from the top. */
const atTop = () => window.scrollTo(0, 0)
const USD = 1_000_000

// Spies keep their implementation across stories (Storybook restores them); only their calls are cleared.
const refresh = fn(async (_url: string) => {})

/* ───────────────────────────── data ───────────────────────────── */

const worker: ShellUser = {
  ...storyUser,
  id: "1187",
  email: "mei.tanaka@example.jp",
  profile: { ...storyUser.profile, userType: "worker", displayName: "Mei Tanaka", timezone: "Asia/Tokyo" },
}
const admin: ShellUser = {
  ...storyUser,
  id: "1",
  email: "ops@manyhands.dev",
  profile: { ...storyUser.profile, displayName: "Payouts desk" },
  permissions: { admin: true },
}

const BTC_WALLET = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"
const TRON_WALLET = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"
const PAYPAL_WALLET = "mei.tanaka.payouts@example.jp"

const methods: Settings["methods"] = [
  {
    name: "usdt-trc20",
    label: "USDT (TRC-20)",
    minimum: 5 * USD,
    fee: { fixed: 1 * USD, percent: 0, minimum: 0 },
  },
  { name: "btc", label: "Bitcoin", minimum: 20 * USD, fee: { fixed: 2 * USD, percent: 0, minimum: 0 } },
  { name: "paypal", label: "PayPal", minimum: 2 * USD, fee: { fixed: 0, percent: 2, minimum: 300_000 } },
]

/** A worker with $23.45 earned (and a fraction of a cent), paid by Bitcoin. */
const workerSettings: Settings = {
  methods,
  current: { method: "btc", wallet: BTC_WALLET },
  available: { earnings: 23_451_800, partner: 0 },
}

/* ───────────────────────────── /partner/payment ───────────────────────────── */

/**
 * The request screen as the route gives it: the settings prop, fetched again when the screen asks the shell to
 * refresh them (`after`, when given, is the answer to that).
 */
function RequestStory({
  user = worker,
  settings,
  after,
  api = {},
}: {
  user?: ShellUser
  settings: Settings | undefined
  after?: Settings
  api?: StoryApi
}) {
  const [current, setCurrent] = useState(settings)
  const refreshing = async (url: string) => {
    await refresh(url)
    if (url === SETTINGS && after) setCurrent(after)
  }
  return (
    <Shell services={{ user, refresh: refreshing }} api={api}>
      <PayoutRequestScreen payoutSettings={current} />
    </Shell>
  )
}

const neverRequested = fn((_body: unknown) => ({}))

/** A worker with earnings and a Bitcoin wallet: the balance, where it goes, and the fee as the amount is typed. */
export const Request: Story = {
  name: "Request: worker with earnings",
  render: () => <RequestStory settings={workerSettings} api={{ [`POST ${REQUEST}`]: neverRequested }} />,
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Request a payout" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Request a payout" })).toHaveAttribute(
      "aria-current",
      "page",
    )
    const earnings = canvas.getByRole("group", { name: "Worker earnings" })
    await expect(earnings).toHaveTextContent("$23.45")
    await expect(canvas.queryByRole("group", { name: "Partner balance" })).toBeNull()
    const destination = within(canvas.getByRole("region", { name: "Where the money goes" }))
    await expect(destination.getByText(BTC_WALLET)).toBeVisible()
    await expect(destination.getByText("Bitcoin")).toBeVisible()
    await expect(destination.getByRole("link", { name: "Change wallet" })).toHaveAttribute(
      "href",
      "/partner/payment_edit",
    )
    const amount = canvas.getByRole("textbox", { name: /^Amount in USD/ })
    const submit = canvas.getByRole("button", { name: "Request payout" })
    await expect(submit).toHaveAccessibleDescription(
      "Enter an amount within the limits to see the fee and what you receive.",
    )
    await step("the fee and what arrives, as the amount is typed", async () => {
      await userEvent.type(amount, "20")
      await expect(canvas.getByText("You receive $18.00 after the $2.00 fee.")).toBeVisible()
      await expect(submit).toHaveAccessibleDescription("You receive $18.00 after the $2.00 fee.")
    })
    await step("everything: whole cents of what is there", async () => {
      const all = canvas.getByRole("button", { name: "Everything: $23.45" })
      await userEvent.click(all)
      await expect(amount).toHaveValue("23.45")
      await expect(all).toHaveAttribute("aria-pressed", "true")
      await expect(canvas.getByText("You receive $21.45 after the $2.00 fee.")).toBeVisible()
    })
    await expect(neverRequested).not.toHaveBeenCalled()
    atTop()
  },
}

const requested = fn((body: unknown): Payout => ({
  id: "9031",
  source: "earnings",
  method: "btc",
  wallet: BTC_WALLET,
  amount: (body as { amount: number }).amount,
  fee: 2 * USD,
  net: (body as { amount: number }).amount - 2 * USD,
  status: "requested",
  reference: null,
  reason: null,
  createdAt: "2026-05-20T09:12:44Z",
  decidedAt: null,
}))

/** The request goes through: the notice with the way to the history; what is available is fetched again. */
export const RequestSuccess: Story = {
  name: "Request: success",
  render: () => (
    <RequestStory
      settings={workerSettings}
      after={{ ...workerSettings, available: { earnings: 3_451_800, partner: 0 } }}
      api={{ [`POST ${REQUEST}`]: requested }}
    />
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole("textbox", { name: /^Amount in USD/ }), "20")
    await userEvent.click(canvas.getByRole("button", { name: "Request payout" }))
    await waitFor(() => expect(requested).toHaveBeenCalledWith({ amount: 20 * USD, source: "earnings" }))
    const title = await canvas.findByText("Payout of $20.00 requested")
    const notice = title.closest<HTMLElement>("[role=status]")!
    await expect(notice).toHaveTextContent(`You receive $18.00 at ${BTC_WALLET}`)
    await expect(
      within(notice).getByRole("link", { name: "Follow it in the payout history" }),
    ).toHaveAttribute("href", "/partner/history_payment")
    await waitFor(() => expect(refresh).toHaveBeenCalledWith(SETTINGS))
    await expect(refresh).toHaveBeenCalledWith(PAYOUTS)
    // What is left is below Bitcoin's minimum: said with the numbers, and no form to fill in.
    await expect(await canvas.findByText("Not enough for a payout yet")).toBeVisible()
    await expect(canvas.getByRole("group", { name: "Worker earnings" })).toHaveTextContent("$3.45")
    await expect(canvas.queryByRole("button", { name: "Request payout" })).toBeNull()
    atTop()
  },
}

/** No confirmed wallet: the way to set one, and nothing to fill in before. */
export const RequestNoWallet: Story = {
  name: "Request: no wallet yet",
  render: () => <RequestStory settings={{ ...workerSettings, current: null }} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Set your payout wallet first")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Set a payout wallet" })).toHaveAttribute(
      "href",
      "/partner/payment_edit",
    )
    await expect(canvas.queryByRole("textbox", { name: /^Amount in USD/ })).toBeNull()
    await expect(canvas.getByRole("group", { name: "Worker earnings" })).toHaveTextContent("$23.45")
  },
}

/** The server's own refusal (a payout requested in another tab took part of the earnings). */
const refusingRequest = fn((_body: unknown): unknown => {
  throw refusal("Some fields need attention.", "PAYOUT_EXCEEDS_AVAILABLE", 400, {
    amount: "You can request at most $3.45 from your earnings.",
  })
})

/** Below the minimum, above what is there, and the server's refusal: each under the field, naming the numbers. */
export const RequestBelowMinimum: Story = {
  name: "Request: below the minimum",
  render: () => <RequestStory settings={workerSettings} api={{ [`POST ${REQUEST}`]: refusingRequest }} />,
  play: async ({ canvas, step }) => {
    const amount = canvas.getByRole("textbox", { name: /^Amount in USD/ })
    const submit = canvas.getByRole("button", { name: "Request payout" })
    await step("below Bitcoin's minimum", async () => {
      await userEvent.type(amount, "12")
      await userEvent.click(submit)
      await expect(await canvas.findByText("The smallest payout by Bitcoin is $20.00.")).toBeVisible()
      await expect(amount).toHaveFocus()
      await expect(amount).toBeInvalid()
    })
    await step("above what is available", async () => {
      await userEvent.clear(amount)
      await userEvent.type(amount, "30")
      await expect(
        await canvas.findByText("You can request at most $23.45 from your worker earnings."),
      ).toBeVisible()
    })
    await expect(refusingRequest).not.toHaveBeenCalled()
    await step("the server refuses", async () => {
      await userEvent.clear(amount)
      await userEvent.type(amount, "21")
      await userEvent.click(submit)
      await expect(await canvas.findByText("You can request at most $3.45 from your earnings.")).toBeVisible()
      await expect(amount).toHaveFocus()
      await expect(refusingRequest).toHaveBeenCalledWith({ amount: 21 * USD, source: "earnings" })
    })
    atTop()
  },
}

/** Earnings and a partner balance, paid by PayPal: the source is chosen, and the fee is a share with a floor. */
export const RequestTwoSources: Story = {
  name: "Request: two sources, PayPal",
  render: () => (
    <RequestStory
      settings={{
        methods,
        current: { method: "paypal", wallet: PAYPAL_WALLET },
        available: { earnings: 8_120_000, partner: 46_500_000 },
      }}
      api={{ [`POST ${REQUEST}`]: neverRequested }}
    />
  ),
  play: async ({ canvas }) => {
    const sources = canvas.getByRole("radiogroup", { name: "Pay out from" })
    await expect(within(sources).getByRole("radio", { name: /^Partner balance/ })).toBeChecked()
    const amount = canvas.getByRole("textbox", { name: /^Amount in USD/ })
    await userEvent.type(amount, "10")
    await expect(canvas.getByText("You receive $9.70 after the $0.30 fee.")).toBeVisible()
    await userEvent.clear(amount)
    await userEvent.type(amount, "40")
    await expect(canvas.getByText("You receive $39.20 after the $0.80 fee.")).toBeVisible()
    await userEvent.click(within(sources).getByRole("radio", { name: /^Worker earnings/ }))
    await expect(canvas.getByText("You can request at most $8.12 from your worker earnings.")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Everything: $8.12" })).toBeVisible()
    await expect(neverRequested).not.toHaveBeenCalled()
    atTop()
  },
}

/** A customer: nothing earned, no partner balance; why, and where earnings come from. */
export const RequestNothing: Story = {
  name: "Request: nothing to pay out",
  render: () => (
    <RequestStory
      user={storyUser}
      settings={{ methods, current: null, available: { earnings: 0, partner: 0 } }}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 2, name: "Nothing to pay out" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Earn as a worker" })).toHaveAttribute(
      "href",
      "/make-money-online",
    )
    await expect(canvas.queryByText("Set your payout wallet first")).toBeNull()
  },
}

/** While the route loads the settings. */
export const RequestLoading: Story = {
  name: "Request: loading",
  render: () => <RequestStory settings={undefined} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 2, name: "Amount" })).toBeVisible()
  },
}

/** On a phone. */
export const RequestMobile: Story = {
  name: "Request: mobile",
  globals: { viewport: { value: "mobile" } },
  render: () => <RequestStory settings={workerSettings} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "Request payout" })).toBeVisible()
  },
}

/** The dark theme, with the source choice. */
export const RequestDark: Story = {
  name: "Request: dark",
  globals: { theme: "dark" },
  render: () => (
    <RequestStory
      settings={{
        methods,
        current: { method: "usdt-trc20", wallet: TRON_WALLET },
        available: { earnings: 17_300_000, partner: 9_000_000 },
      }}
    />
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole("textbox", { name: /^Amount in USD/ }), "15")
    await expect(canvas.getByText("You receive $14.00 after the $1.00 fee.")).toBeVisible()
    atTop()
  },
}

/* ───────────────────────────── /partner/payment_edit ───────────────────────────── */

const walletStory = (settings: Settings | undefined, api: StoryApi) => () => (
  <Shell
    services={{ user: { ...worker, profile: { ...worker.profile, payoutWallet: BTC_WALLET } } }}
    api={api}
  >
    <PayoutWalletScreen payoutSettings={settings} />
  </Shell>
)

const settingsFetched = fn(() => workerSettings)

/** The wallet form (the profile's, with the route's settings) and what each method costs and takes. */
export const Wallet: Story = {
  name: "Wallet",
  render: walletStory(workerSettings, { [`GET ${SETTINGS}`]: settingsFetched }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Payout method and wallet" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Payout wallet" })).toHaveAttribute("aria-current", "page")
    const table = canvas.getByRole("table", { name: "Payout methods" })
    const bitcoin = within(table)
      .getByRole("rowheader", { name: /^Bitcoin/ })
      .closest("tr")!
    await expect(bitcoin).toHaveTextContent("Your method")
    await expect(bitcoin).toHaveTextContent("$20.00")
    const paypal = within(table).getByRole("rowheader", { name: "PayPal" }).closest("tr")!
    await expect(paypal).toHaveTextContent("2%, at least $0.30")
    await expect(within(table).getAllByText("Usually within 2 working days after approval")).toHaveLength(3)
    // The profile's form, with the methods the route preloaded: no second request.
    await expect(await canvas.findByRole("radio", { name: /^Bitcoin/ })).toBeChecked()
    await expect(settingsFetched).not.toHaveBeenCalled()
    atTop()
  },
}

/** While the route loads the settings (the form loads its own). */
export const WalletLoading: Story = {
  name: "Wallet: loading",
  // The form would fetch the methods itself while the route has not: that answer does not come either.
  render: walletStory(undefined, { [`GET ${SETTINGS}`]: () => new Promise(() => {}) }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("table", { name: "Payout methods" })).toHaveAttribute("aria-busy", "true")
  },
}

/** On a phone the methods are cards. */
export const WalletMobile: Story = {
  name: "Wallet: mobile",
  globals: { viewport: { value: "mobile" } },
  render: walletStory(workerSettings, { [`GET ${SETTINGS}`]: workerSettings }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("radio", { name: /^Bitcoin/ })).toBeChecked()
  },
}

/* ───────────────────────────── /partner/history_payment ───────────────────────────── */

const payout = (
  id: string,
  fields: Pick<Payout, "method" | "wallet" | "amount" | "fee" | "status" | "createdAt"> & Partial<Payout>,
): Payout => ({
  id,
  source: "earnings",
  net: fields.amount - fields.fee,
  reference: null,
  reason: null,
  decidedAt: null,
  ...fields,
})

const waiting = payout("9031", {
  method: "paypal",
  wallet: PAYPAL_WALLET,
  amount: 25 * USD,
  fee: 500_000,
  status: "requested",
  createdAt: "2026-05-20T09:12:44Z",
})

const history: Payout[] = [
  waiting,
  payout("8874", {
    method: "btc",
    wallet: BTC_WALLET,
    amount: 40 * USD,
    fee: 2 * USD,
    status: "approved",
    createdAt: "2026-05-12T16:03:10Z",
    decidedAt: "2026-05-13T10:41:00Z",
    reference: "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b",
  }),
  payout("8702", {
    method: "usdt-trc20",
    wallet: TRON_WALLET,
    amount: 12 * USD,
    fee: 1 * USD,
    status: "rejected",
    createdAt: "2026-05-03T11:47:02Z",
    decidedAt: "2026-05-04T08:15:00Z",
    reason:
      "This address belongs to an exchange that does not accept TRC-20 deposits. Set another wallet and request again.",
  }),
  payout("8551", {
    method: "btc",
    wallet: BTC_WALLET,
    amount: 30 * USD,
    fee: 2 * USD,
    status: "cancelled",
    createdAt: "2026-04-28T19:34:18Z",
    decidedAt: "2026-04-28T19:40:02Z",
  }),
  payout("8310", {
    source: "partner",
    method: "paypal",
    wallet: PAYPAL_WALLET,
    amount: 18_750_000,
    fee: 375_000,
    status: "approved",
    createdAt: "2026-04-15T07:58:13Z",
    decidedAt: "2026-04-16T09:02:40Z",
    reference: "5TY05013RG002845M",
  }),
]

const historyPage: PayoutsPage = { items: history, total: 5, page: 1, pageSize: 20 }

const historyStory =
  (data: PayoutsPage | undefined, api: StoryApi = {}) =>
  () => (
    // The screen reads its first page through SWR too: the server answers it as the route preloaded it.
    <Shell services={{ user: worker, refresh }} api={{ [`GET ${PAYOUTS}`]: data ?? pending, ...api }}>
      <PayoutHistoryScreen payouts={data} />
    </Shell>
  )

/** Every status: what was sent where, the reference or the reason; only the waiting one can be cancelled. */
export const History: Story = {
  name: "History",
  render: historyStory(historyPage),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Payout history" })).toBeVisible()
    const table = canvas.getByRole("table", { name: "Your payout requests, newest first" })
    await expect(within(table).getAllByRole("row")).toHaveLength(6)
    await expect(canvas.getByText("1–5 of 5")).toBeVisible()
    const approved = within(table)
      .getByRole("rowheader", { name: /^May 12, 2026/ })
      .closest("tr")!
    await expect(approved).toHaveTextContent("$38.00")
    await expect(approved).toHaveTextContent("Approved")
    await expect(approved).toHaveTextContent("4a5e1e4baab89f3a")
    // The wallet shortened on screen, whole for screen readers and the copy button.
    await expect(within(approved).getByText("bc1qar0s…wf5mdq", { exact: false })).toBeVisible()
    await expect(within(approved).getAllByRole("button", { name: "Copy" })).toHaveLength(2)
    await expect(within(table).getByText(/does not accept TRC-20 deposits/)).toBeVisible()
    await expect(within(table).getByText("Fee $0.375")).toBeVisible()
    await expect(within(table).getAllByRole("button", { name: /^Cancel the payout/ })).toHaveLength(1)
    atTop()
  },
}

const cancelled = fn((_body: unknown): Payout => ({
  ...waiting,
  status: "cancelled",
  decidedAt: "2026-05-20T09:30:00Z",
}))

/** Cancelling asks first; "keep" returns to the button; then the row is cancelled and the money said back. */
export const HistoryCancel: Story = {
  name: "History: cancel",
  render: historyStory(historyPage, { [`POST ${CANCEL}`]: cancelled }),
  play: async ({ canvas, step }) => {
    // Times are written with a narrow no-break space before AM/PM: a pattern matches either space.
    const button = canvas.getByRole("button", {
      name: /^Cancel the payout of \$25\.00 requested May 20, 2026, 9:12\sAM$/,
    })
    await step("keep it", async () => {
      await userEvent.click(button)
      const dialog = await screen.findByRole("alertdialog", { name: "Cancel this payout?" })
      await expect(dialog).toHaveAccessibleDescription(
        "The request for $25.00 by PayPal is withdrawn and the amount returns to your worker earnings at once. You can request a new payout afterwards.",
      )
      await waitFor(() =>
        expect(within(dialog).getByRole("button", { name: "Keep the request" })).toHaveFocus(),
      )
      // A click beside it does not close it: the choice has to be made.
      await userEvent.click(document.querySelector<HTMLElement>('[data-slot="alert-dialog-overlay"]')!)
      await expect(dialog).toBeVisible()
      await userEvent.click(within(dialog).getByRole("button", { name: "Keep the request" }))
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
      await waitFor(() => expect(button).toHaveFocus())
      // Escape is the same answer.
      await userEvent.click(button)
      await screen.findByRole("alertdialog", { name: "Cancel this payout?" })
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
      await waitFor(() => expect(button).toHaveFocus())
      await expect(cancelled).not.toHaveBeenCalled()
    })
    await step("cancel it", async () => {
      await userEvent.click(button)
      const dialog = await screen.findByRole("alertdialog", { name: "Cancel this payout?" })
      await userEvent.click(within(dialog).getByRole("button", { name: "Cancel payout" }))
      await waitFor(() => expect(cancelled).toHaveBeenCalledTimes(1))
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
      await expect(
        canvas.getByText("Payout of $25.00 cancelled. The amount is back in your worker earnings."),
      ).toBeVisible()
      await waitFor(() => expect(canvas.getByRole("heading", { name: "Payout requests" })).toHaveFocus())
      const table = canvas.getByRole("table", { name: "Your payout requests, newest first" })
      const row = within(table)
        .getByRole("rowheader", { name: /^May 20, 2026/ })
        .closest("tr")!
      await expect(row).toHaveTextContent("Cancelled")
      await expect(within(table).queryByRole("button", { name: /^Cancel the payout/ })).toBeNull()
      await expect(refresh).toHaveBeenCalledWith(SETTINGS)
    })
    atTop()
  },
}

/** The confirmation itself, as it looks (dark theme). */
export const HistoryCancelDialog: Story = {
  name: "History: cancel dialog",
  globals: { theme: "dark" },
  render: historyStory(historyPage, { [`POST ${CANCEL}`]: cancelled }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: /^Cancel the payout of \$25\.00/ }))
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel this payout?" })
    // The safe answer has the focus: Enter or Space keeps the request.
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Keep the request" })).toHaveFocus(),
    )
    await expect(within(dialog).getByRole("button", { name: "Cancel payout" })).toBeVisible()
    await expect(cancelled).not.toHaveBeenCalled()
  },
}

const tooLate = fn((_body: unknown): unknown => {
  throw refusal("This payout was already approved.", "PAYOUT_ALREADY_DECIDED", 409)
})
const nowApproved = fn((): PayoutsPage => ({
  ...historyPage,
  items: [
    { ...waiting, status: "approved", reference: "9K412345AB678901C", decidedAt: "2026-05-20T09:20:00Z" },
    ...history.slice(1),
  ],
}))

/** An admin approved it meanwhile: said so, and the list shows it as it is now. */
export const HistoryCancelTooLate: Story = {
  name: "History: cancel too late",
  render: historyStory(historyPage, {
    [`POST ${CANCEL}`]: tooLate,
    [`GET ${payoutsApi.list.url(null, { page: 1 })}`]: nowApproved,
  }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: /^Cancel the payout of \$25\.00/ }))
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel this payout?" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel payout" }))
    await expect(
      await canvas.findByText(
        "This payout could not be cancelled: This payout was already approved. The list shows it as it is now.",
      ),
    ).toBeVisible()
    await waitFor(() => expect(nowApproved).toHaveBeenCalledTimes(1))
    const table = canvas.getByRole("table", { name: "Your payout requests, newest first" })
    await expect(await within(table).findByText("9K412345AB678901C")).toBeVisible()
    await expect(within(table).queryByRole("button", { name: /^Cancel the payout/ })).toBeNull()
    atTop()
  },
}

/** No payout yet: the way to the first. */
export const HistoryEmpty: Story = {
  name: "History: empty",
  render: historyStory({ items: [], total: 0, page: 1, pageSize: 20 }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "No payouts yet" })).toBeVisible()
    const links = canvas.getAllByRole("link", { name: "Request a payout" })
    for (const link of links) await expect(link).toHaveAttribute("href", "/partner/payment")
  },
}

/** While the route loads the first page. */
export const HistoryLoading: Story = {
  name: "History: loading",
  render: historyStory(undefined),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("table")).toHaveAttribute("aria-busy", "true")
  },
}

/** On a phone every payout is a card. */
export const HistoryMobile: Story = {
  name: "History: mobile",
  globals: { viewport: { value: "mobile" } },
  render: historyStory({ ...historyPage, items: history.slice(0, 3), total: 3 }),
}

/* ───────────────────────────── /admin/payouts ───────────────────────────── */

const adminPayout = (payout: Payout, email: string | null, userId: string | null): AdminPayout => ({
  ...payout,
  email,
  userId,
})

const queueItems: AdminPayout[] = [
  adminPayout(
    payout("9012", {
      method: "btc",
      wallet: BTC_WALLET,
      amount: 20 * USD,
      fee: 2 * USD,
      status: "requested",
      createdAt: "2026-05-18T08:02:51Z",
    }),
    "mei.tanaka@example.jp",
    "1187",
  ),
  adminPayout(
    payout("9020", {
      method: "usdt-trc20",
      wallet: TRON_WALLET,
      amount: 57_300_000,
      fee: 1 * USD,
      status: "requested",
      createdAt: "2026-05-19T14:40:07Z",
    }),
    "carlos.mendes@example.com.br",
    "2290",
  ),
  adminPayout(
    payout("9027", {
      source: "partner",
      method: "paypal",
      wallet: "j.okafor@example.ng",
      amount: 25 * USD,
      fee: 500_000,
      status: "requested",
      createdAt: "2026-05-20T06:18:33Z",
    }),
    "j.okafor@example.ng",
    "3051",
  ),
  adminPayout(
    payout("9029", {
      method: "usdt-trc20",
      wallet: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
      amount: 8 * USD,
      fee: 1 * USD,
      status: "requested",
      createdAt: "2026-05-20T07:55:12Z",
    }),
    null,
    null,
  ),
]

const queue: AdminPage = { items: queueItems, total: 4, page: 1, pageSize: 20 }

const approvedPage: AdminPage = {
  items: [
    adminPayout(history[1]!, "mei.tanaka@example.jp", "1187"),
    adminPayout(history[4]!, "mei.tanaka@example.jp", "1187"),
  ],
  total: 2,
  page: 1,
  pageSize: 20,
}

const adminStory =
  (data: AdminPage | undefined, api: StoryApi = {}) =>
  () => (
    <Shell services={{ user: admin, refresh }} api={{ [`GET ${ADMIN}`]: data ?? pending, ...api }}>
      <AdminPayoutsScreen adminPayouts={data} />
    </Shell>
  )

/** The queue as the server answers it, counted: a decision fetches it again (through SWR, as the route does). */
const queueAsked = fn(() => queue)

const approveUrl = (id: string) => `POST ${payoutsApi.approve.url({ id })}`
const rejectUrl = (id: string) => `POST ${payoutsApi.reject.url({ id })}`
const approved = fn((body: unknown) => ({ ...queueItems[0]!, status: "approved", ...(body as object) }))
const rejected = fn((body: unknown) => ({ ...queueItems[1]!, status: "rejected", ...(body as object) }))

/** The queue, oldest first: who asked, how much, what to send where. */
export const Admin: Story = {
  name: "Admin: queue",
  render: adminStory(queue),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Payout queue" })).toBeVisible()
    await expect(canvas.getByRole("tab", { name: "Waiting 4" })).toHaveAttribute("aria-selected", "true")
    const table = canvas.getByRole("table", { name: "Waiting for a decision, oldest first" })
    const rows = within(table).getAllByRole("row")
    await expect(rows).toHaveLength(5)
    await expect(rows[1]).toHaveTextContent("mei.tanaka@example.jp")
    await expect(rows[1]).toHaveTextContent("$18.00")
    await expect(rows[4]).toHaveTextContent("Deleted account")
    await expect(within(table).getAllByRole("button", { name: "Copy" })).toHaveLength(4)
    await expect(
      canvas.getByRole("button", { name: "Approve the payout of $57.30 to carlos.mendes@example.com.br" }),
    ).toBeVisible()
  },
}

/** Approve: the reference is required and trimmed; the row leaves the queue and the page says so. */
export const AdminApprove: Story = {
  name: "Admin: approve",
  render: adminStory(queue, { [`GET ${ADMIN}`]: queueAsked, [approveUrl("9012")]: approved }),
  play: async ({ canvas, step }) => {
    const button = canvas.getByRole("button", {
      name: "Approve the payout of $20.00 to mei.tanaka@example.jp",
    })
    await userEvent.click(button)
    const dialog = within(await screen.findByRole("dialog", { name: "Approve payout" }))
    const reference = dialog.getByRole("textbox", { name: /^Transaction reference/ })
    await expect(reference).toHaveFocus()
    await expect(dialog.getByText(BTC_WALLET)).toBeVisible()
    await step("the reference is required", async () => {
      await userEvent.click(dialog.getByRole("button", { name: "Approve payout" }))
      await expect(await dialog.findByText("Enter the reference of the transaction you sent.")).toBeVisible()
      await expect(reference).toHaveFocus()
      await expect(approved).not.toHaveBeenCalled()
    })
    const asked = queueAsked.mock.calls.length
    await step("approved with it", async () => {
      await userEvent.type(reference, "  4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b ")
      await userEvent.keyboard("{Enter}")
      await waitFor(() =>
        expect(approved).toHaveBeenCalledWith({
          reference: "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b",
        }),
      )
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    })
    await expect(canvas.getByText("Payout approved: $18.00 to mei.tanaka@example.jp.")).toBeVisible()
    await expect(canvas.queryByRole("button", { name: /to mei\.tanaka@example\.jp$/ })).toBeNull()
    await expect(canvas.getByRole("tab", { name: "Waiting 3" })).toBeVisible()
    await waitFor(() =>
      expect(canvas.getByRole("heading", { name: "Waiting for a decision, oldest first" })).toHaveFocus(),
    )
    await waitFor(() => expect(queueAsked.mock.calls.length).toBeGreaterThan(asked))
  },
}

/** The approval dialog as it looks: the facts, the wallet to copy, the reference refused when blank. */
export const AdminApproveDialog: Story = {
  name: "Admin: approve dialog",
  render: adminStory(queue, { [approveUrl("9020")]: approved }),
  play: async ({ canvas }) => {
    await userEvent.click(
      canvas.getByRole("button", { name: "Approve the payout of $57.30 to carlos.mendes@example.com.br" }),
    )
    const dialog = await screen.findByRole("dialog", { name: "Approve payout" })
    await expect(dialog).toHaveAccessibleDescription(
      "Send $56.30 by USDT (TRC-20) to the wallet below, then enter the reference of that transaction. carlos.mendes@example.com.br can see it in their payout history.",
    )
    const reference = within(dialog).getByRole("textbox", { name: /^Transaction reference/ })
    await userEvent.type(reference, "   ")
    await userEvent.click(within(dialog).getByRole("button", { name: "Approve payout" }))
    await expect(
      await within(dialog).findByText("Enter the reference of the transaction you sent."),
    ).toBeVisible()
    await expect(reference).toBeInvalid()
    await expect(within(dialog).getByRole("button", { name: "Copy wallet" })).toBeVisible()
    await expect(approved).not.toHaveBeenCalled()
  },
}

/** Reject: a reason for the requester; the amount returns to them. */
export const AdminReject: Story = {
  name: "Admin: reject",
  render: adminStory(queue, { [rejectUrl("9020")]: rejected }),
  play: async ({ canvas }) => {
    await userEvent.click(
      canvas.getByRole("button", { name: "Reject the payout of $57.30 to carlos.mendes@example.com.br" }),
    )
    const dialog = within(await screen.findByRole("dialog", { name: "Reject payout" }))
    await expect(screen.getByRole("dialog")).toHaveAccessibleDescription(
      "$57.30 returns to the balance of carlos.mendes@example.com.br at once. Tell them why: they see the reason in their payout history.",
    )
    const reason = dialog.getByRole("textbox", { name: /^Reason/ })
    await expect(reason).toHaveFocus()
    await userEvent.type(reason, "This address belongs to an exchange that does not accept TRC-20 deposits.")
    await userEvent.click(dialog.getByRole("button", { name: "Reject payout" }))
    await waitFor(() =>
      expect(rejected).toHaveBeenCalledWith({
        reason: "This address belongs to an exchange that does not accept TRC-20 deposits.",
      }),
    )
    await expect(
      await canvas.findByText("Payout rejected: $57.30 returned to carlos.mendes@example.com.br."),
    ).toBeVisible()
    await expect(canvas.getByRole("tab", { name: "Waiting 3" })).toBeVisible()
    await expect(within(canvas.getByRole("table")).queryByText("carlos.mendes@example.com.br")).toBeNull()
  },
}

const decidedElsewhere = fn((_body: unknown): unknown => {
  throw refusal("This payout was already approved.", "PAYOUT_ALREADY_DECIDED", 409)
})

/** Another admin was quicker: explained, the row leaves, the list is fetched again. */
export const AdminConflict: Story = {
  name: "Admin: decided by someone else",
  render: adminStory(queue, { [`GET ${ADMIN}`]: queueAsked, [approveUrl("9027")]: decidedElsewhere }),
  play: async ({ canvas }) => {
    await userEvent.click(
      canvas.getByRole("button", { name: "Approve the payout of $25.00 to j.okafor@example.ng" }),
    )
    const dialog = within(await screen.findByRole("dialog", { name: "Approve payout" }))
    await userEvent.type(dialog.getByRole("textbox", { name: /^Transaction reference/ }), "5TY05013RG002845M")
    const asked = queueAsked.mock.calls.length
    await userEvent.click(dialog.getByRole("button", { name: "Approve payout" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    await expect(
      canvas.getByText(
        "The payout of $25.00 to j.okafor@example.ng was already decided by someone else: This payout was already approved. The list has been refreshed.",
      ),
    ).toBeVisible()
    await expect(canvas.getByRole("tab", { name: "Waiting 3" })).toBeVisible()
    await waitFor(() => expect(queueAsked.mock.calls.length).toBeGreaterThan(asked))
  },
}

const approvedList = fn(() => approvedPage)

/** The approved tab: newest first, with when and the reference. */
export const AdminApproved: Story = {
  name: "Admin: approved",
  render: adminStory(queue, {
    [`GET ${payoutsApi.adminList.url(null, { status: "approved" })}`]: approvedList,
  }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("tab", { name: "Approved" }))
    await waitFor(() => expect(approvedList).toHaveBeenCalledTimes(1))
    const table = await canvas.findByRole("table", { name: "Approved payouts, newest first" })
    await expect(await within(table).findByText("5TY05013RG002845M")).toBeVisible()
    await expect(within(table).queryByRole("button", { name: /^Approve/ })).toBeNull()
    await expect(canvas.getByRole("tab", { name: "Waiting 4" })).toBeVisible()
  },
}

/** Nothing waiting. */
export const AdminEmpty: Story = {
  name: "Admin: empty queue",
  render: adminStory({ items: [], total: 0, page: 1, pageSize: 20 }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "The queue is empty" })).toBeVisible()
  },
}

/** The dark theme. */
export const AdminDark: Story = {
  name: "Admin: dark",
  globals: { theme: "dark" },
  render: adminStory(queue),
}

/** On a phone every request is a card. */
export const AdminMobile: Story = {
  name: "Admin: mobile",
  globals: { viewport: { value: "mobile" } },
  render: adminStory({ ...queue, items: queueItems.slice(0, 2), total: 2 }),
}

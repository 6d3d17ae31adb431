import type { ReactNode } from "react"
import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import { Route, Routes } from "react-router"
import type { Page } from "@manyhands/contract"
import { userApi } from "@manyhands/contract/accounts"
import {
  transfersApi,
  type ConfirmedTransfer,
  type Transfer,
  type TransferBalance,
  type TransferLink,
} from "@manyhands/contract/transfers"
// The transfer screens by their route names (pages/src/index.ts lists them with every other area's).
import { screens } from "@manyhands/pages/transfers/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

const [{ default: SendToUserScreen }, { default: ConfirmTransferScreen }] = await Promise.all([
  screens.SendToUser(),
  screens.ConfirmTransfer(),
])

const meta = {
  title: "Screens/Transfers",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const HASH = "q7Xv2LmN9pR4sT6uW8yZ0aB3cD5eF7gH9iJ1kL3mN5o"
const LINK_PATH = `/pay/send_user_hash/${HASH}/${storyUser.id}`
/** The mailed link's {hash}/{userId}: its GET reads the transfer, its POST sends it. */
const LINK = { hash: HASH, userId: storyUser.id }
/** The list's first page fetched again (after a request or a cancellation). */
const LIST_AGAIN = on(transfersApi.list, null, { page: 1 })
const CANCEL = on(transfersApi.cancel, { id: "9000" })
/** A request that never answers: the screen stays loading. */
const pending = () => new Promise<never>(() => {})

/** Focus may have scrolled a long screen; its screenshot is taken from the top. */
const atTop = () => window.scrollTo(0, 0)

/** A screen at an address: `pattern` is its route path (for useParams), `url` what the visitor opened. */
function At({ pattern, url, children }: { pattern: string; url: string; children: ReactNode }) {
  return (
    <Routes location={url}>
      <Route path={pattern} element={children} />
    </Routes>
  )
}

// Spies keep their implementation across stories (Storybook restores them); only their calls are cleared.
const refresh = fn(async (_url: string) => {})

/* ───────────────────────────── data ───────────────────────────── */

const balance: TransferBalance = {
  currency: "USD",
  available: { USD: 48_250_000, RUB: 0 },
  promotional: { USD: 0, RUB: 0 },
  minimum: 10_000,
  noteMaxLength: 140,
}

const item = (
  id: string,
  direction: Transfer["direction"],
  who: { id: string | null; email: string | null },
  amount: number,
  status: Transfer["status"],
  createdAt: string,
  note: string | null = null,
  currency: Transfer["currency"] = "USD",
): Transfer => ({
  id,
  direction,
  counterparty: who,
  amount,
  currency,
  note,
  status,
  createdAt,
  expiresAt: new Date(Date.parse(createdAt) + 3_600_000).toISOString(),
  decidedAt:
    status === "awaiting_confirmation" ? null : new Date(Date.parse(createdAt) + 95_000).toISOString(),
})

const bea = { id: "1187", email: "b***@example.com" }
const mira = { id: "2045", email: "m***@studio-north.org" }
const kenji = { id: "877", email: "k***@example.net" }

const awaiting = item(
  "9000",
  "sent",
  bea,
  12_500_000,
  "awaiting_confirmation",
  "2026-05-20T09:12:44Z",
  "Logo design, second round",
)
const history: Transfer[] = [
  awaiting,
  item(
    "8991",
    "received",
    mira,
    30_000_000,
    "completed",
    "2026-05-19T16:03:10Z",
    "Refund for the duplicate batch",
  ),
  item("8974", "sent", kenji, 5_000_000, "completed", "2026-05-17T11:47:02Z"),
  item("8960", "sent", bea, 100_000_000, "cancelled", "2026-05-14T08:20:55Z", "Wrong amount"),
  item("8952", "sent", kenji, 7_250_000, "expired", "2026-05-11T19:34:18Z"),
  item("8940", "sent", mira, 60_000_000, "failed", "2026-05-09T13:05:41Z"),
  item(
    "8921",
    "received",
    { id: null, email: null },
    1_500_000_000,
    "completed",
    "2026-05-02T10:11:29Z",
    null,
    "RUB",
  ),
]
const firstPage: Page<Transfer> = { items: history, total: 7, page: 1, pageSize: 20 }
const noTransfers: Page<Transfer> = { items: [], total: 0, page: 1, pageSize: 20 }

/* ───────────────────────────── /pay/send_user ───────────────────────────── */

const sendStory =
  (api: StoryApi = {}, data: { balance?: TransferBalance; transfers?: Page<Transfer> } = {}) =>
  () => (
    <Shell
      services={{ user: storyUser, refresh }}
      // The list's first page is the route's answer; the screen reads it through SWR too.
      api={{ [on(transfersApi.list)]: data.transfers ?? pending, ...api }}
    >
      <SendToUserScreen transferBalance={data.balance} transfers={data.transfers} />
    </Shell>
  )

const newRequest = item(
  "9001",
  "sent",
  { id: "3310", email: "j***@example.com" },
  12_500_000,
  "awaiting_confirmation",
  "2026-05-20T10:02:00Z",
  "Thanks for the labels",
)
const created = fn((_body: unknown) => ({
  id: "9001",
  status: "awaiting_confirmation",
  expiresAt: newRequest.expiresAt,
}))

/** The form filled in and sent: "check your mail", and the request on top of the list, awaiting. */
export const Send: Story = {
  name: "Send",
  render: sendStory(
    {
      [on(transfersApi.create)]: created,
      [LIST_AGAIN]: { ...firstPage, items: [newRequest, ...history], total: 8 },
    },
    { balance, transfers: firstPage },
  ),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Send money to a user" })).toBeVisible()
    await expect(canvas.getByText("Available: $48.25. The smallest transfer is $0.01.")).toBeVisible()
    // One currency has money: no currency choice.
    await expect(canvas.queryByRole("radiogroup", { name: "Currency" })).toBeNull()
    await step("fill in", async () => {
      await userEvent.type(canvas.getByRole("textbox", { name: /^Recipient/ }), "jo@example.com")
      await userEvent.type(canvas.getByRole("textbox", { name: /^Amount in USD/ }), "12.5")
      await userEvent.type(canvas.getByRole("textbox", { name: /^Note/ }), "Thanks for the labels")
      await userEvent.type(canvas.getByLabelText(/^Your current password/), "correct horse battery")
    })
    await step("send", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Continue" }))
      await expect(await canvas.findByText("Check your mail")).toBeVisible()
      await expect(
        canvas.getByText(
          "We sent a link to ada@example.com. Open it within an hour to confirm sending $12.50 to jo@example.com. Nothing leaves your balance until then.",
        ),
      ).toBeVisible()
      await expect(created).toHaveBeenCalledWith({
        recipient: "jo@example.com",
        amount: 12_500_000,
        currency: "USD",
        note: "Thanks for the labels",
        password: "correct horse battery",
      })
    })
    await step("the list has it, awaiting, with its cancel", async () => {
      const table = within(canvas.getByRole("table", { name: "Your transfers, newest first" }))
      await waitFor(() => expect(table.getByText("To j***@example.com")).toBeVisible())
      await expect(table.getByText("ID 3310")).toBeVisible()
      await expect(table.getByText("From a deleted account")).toBeVisible()
      await expect(
        table.getByRole("button", { name: "Cancel the transfer of $12.50 to j***@example.com (ID 3310)" }),
      ).toBeVisible()
      await expect(table.getAllByRole("button", { name: /^Cancel the transfer/ })).toHaveLength(2)
    })
    atTop()
  },
}

const neverCreated = fn((_body: unknown) => ({}))

/** Checked before anything is sent: each message names the problem, the first wrong field takes the focus. */
export const SendValidation: Story = {
  name: "Send: validation",
  render: sendStory({ [on(transfersApi.create)]: neverCreated }, { balance, transfers: firstPage }),
  play: async ({ canvas, step }) => {
    const recipient = canvas.getByRole("textbox", { name: /^Recipient/ })
    const amount = canvas.getByRole("textbox", { name: /^Amount in USD/ })
    const submit = canvas.getByRole("button", { name: "Continue" })
    await step("empty", async () => {
      await userEvent.click(submit)
      await expect(await canvas.findByText("Enter the recipient's e-mail address or user id.")).toBeVisible()
      await expect(canvas.getByText("Enter an amount.")).toBeVisible()
      await expect(canvas.getByText("Enter your current password.")).toBeVisible()
      await expect(recipient).toHaveFocus()
    })
    await step("oneself, too much, a long note", async () => {
      await userEvent.type(recipient, "ADA@example.com")
      await expect(
        await canvas.findByText("This is your own account; choose another recipient."),
      ).toBeVisible()
      await userEvent.type(amount, "50")
      await expect(await canvas.findByText("You can send at most $48.25.")).toBeVisible()
      await userEvent.type(canvas.getByRole("textbox", { name: /^Note/ }), "x".repeat(141))
      await expect(await canvas.findByText("Keep the note to 140 characters (it has 141).")).toBeVisible()
    })
    await expect(neverCreated).not.toHaveBeenCalled()
    atTop()
  },
}

const refusing = fn((_body: unknown): unknown => {
  if (refusing.mock.calls.length === 1)
    throw refusal(
      "No Manyhands account has this address. Check it, or ask the recipient for their user id.",
      "RECIPIENT_NOT_FOUND",
      400,
      { recipient: "No Manyhands account has this address." },
    )
  throw refusal("This is not your current password.", "PASSWORD_WRONG", 400, {
    password: "This is not your current password.",
  })
})

/** The server refuses: an unknown recipient (in the page's words), then a wrong password; each under its field. */
export const SendRefused: Story = {
  name: "Send: server refusal",
  render: sendStory({ [on(transfersApi.create)]: refusing }, { balance, transfers: firstPage }),
  play: async ({ canvas, step }) => {
    const recipient = canvas.getByRole("textbox", { name: /^Recipient/ })
    await userEvent.type(recipient, "nobody@example.com")
    await userEvent.type(canvas.getByRole("textbox", { name: /^Amount in USD/ }), "5")
    const password = canvas.getByLabelText(/^Your current password/)
    await userEvent.type(password, "correct horse battery")
    await step("unknown recipient", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Continue" }))
      await expect(
        await canvas.findByText(
          "No Manyhands account has this address or id. Check it, or ask the recipient for their user id.",
        ),
      ).toBeVisible()
      await expect(recipient).toHaveFocus()
      await expect(recipient).toBeInvalid()
    })
    await step("wrong password", async () => {
      await userEvent.clear(recipient)
      await userEvent.type(recipient, "1187")
      await userEvent.click(canvas.getByRole("button", { name: "Continue" }))
      await expect(await canvas.findByText("This is not your current password.")).toBeVisible()
      await expect(password).toHaveFocus()
    })
    atTop()
  },
}

const cancelled = fn(() => ({ ...awaiting, status: "cancelled", decidedAt: "2026-05-20T09:20:00Z" }))

/** An awaiting transfer cancelled from the list: said so, and the list shows it cancelled. */
export const SendCancel: Story = {
  name: "Send: cancel an awaiting transfer",
  render: sendStory(
    {
      [CANCEL]: cancelled,
      [LIST_AGAIN]: {
        ...firstPage,
        items: [{ ...awaiting, status: "cancelled", decidedAt: "2026-05-20T09:20:00Z" }, ...history.slice(1)],
      },
    },
    { balance, transfers: firstPage },
  ),
  play: async ({ canvas }) => {
    await userEvent.click(
      canvas.getByRole("button", { name: "Cancel the transfer of $12.50 to b***@example.com (ID 1187)" }),
    )
    await expect(
      await canvas.findByText("The transfer of $12.50 to b***@example.com (ID 1187) was cancelled."),
    ).toBeVisible()
    await expect(cancelled).toHaveBeenCalledTimes(1)
    await waitFor(() =>
      expect(canvas.queryAllByRole("button", { name: /^Cancel the transfer/ })).toHaveLength(0),
    )
    atTop()
  },
}

/** Dollars and roubles on the balance: the currency is chosen first, its own balance shown. */
export const SendTwoCurrencies: Story = {
  name: "Send: two currencies",
  render: sendStory(
    {},
    { balance: { ...balance, available: { USD: 48_250_000, RUB: 2_750_000_000 } }, transfers: noTransfers },
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("radio", { name: "US Dollar (USD)" })).toBeChecked()
    await userEvent.click(canvas.getByRole("radio", { name: "Russian Ruble (RUB)" }))
    await expect(canvas.getByRole("textbox", { name: /^Amount in RUB/ })).toBeVisible()
    await expect(
      canvas.getByText("Available: RUB 2,750.00. The smallest transfer is RUB 0.01."),
    ).toBeVisible()
    await expect(canvas.getByRole("heading", { level: 3, name: "No transfers yet" })).toBeVisible()
  },
}

/** Nothing to send: said plainly, with the way to top up. */
export const SendEmptyBalance: Story = {
  name: "Send: empty balance",
  render: sendStory({}, { balance: { ...balance, available: { USD: 0, RUB: 0 } }, transfers: noTransfers }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Your balance is empty")).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Continue" })).toBeNull()
    const card = within(canvas.getByRole("region", { name: "New transfer" }))
    await expect(card.getByRole("link", { name: "Top up" })).toHaveAttribute("href", "/addbalance")
  },
}

/** Promotional credit on the balance: what can be sent is the paid money, and the hint says why. */
export const SendWithPromotionalCredit: Story = {
  name: "Send: promotional credit stays",
  render: sendStory(
    {},
    { balance: { ...balance, promotional: { USD: 3_000_000, RUB: 0 } }, transfers: noTransfers },
  ),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        "Available: $48.25. The smallest transfer is $0.01. Promotional credit ($3.00) stays: it pays for captchas but cannot be sent.",
      ),
    ).toBeVisible()
  },
}

/** Only promotional credit: nothing can be sent, and the page says why rather than "empty". */
export const SendOnlyPromotionalCredit: Story = {
  name: "Send: only promotional credit",
  render: sendStory(
    {},
    {
      balance: { ...balance, available: { USD: 0, RUB: 0 }, promotional: { USD: 5_000_000, RUB: 0 } },
      transfers: noTransfers,
    },
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Only promotional credit on your balance")).toBeVisible()
    await expect(
      canvas.getByText(
        "Your promotional credit ($5.00) pays for captchas but cannot be sent to another user. Top up to send money.",
      ),
    ).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Continue" })).toBeNull()
  },
}

/** While the route loads the balance and the list. */
export const SendLoading: Story = {
  name: "Send: loading",
  render: sendStory(),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 2, name: "New transfer" })).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Continue" })).toBeNull()
  },
}

/** On a phone. */
export const SendMobile: Story = {
  name: "Send: mobile",
  globals: { viewport: { value: "mobile" } },
  render: sendStory({}, { balance, transfers: firstPage }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "Continue" })).toBeVisible()
  },
}

/* ───────────────────────────── /pay/send_user_hash/:hash/:userId ───────────────────────────── */

const confirmStory = (api: StoryApi) => () => (
  <Shell services={{ user: storyUser, refresh }} api={api}>
    <At pattern="/pay/send_user_hash/:hash/:userId" url={LINK_PATH}>
      <ConfirmTransferScreen />
    </At>
  </Shell>
)

const link = (transfer: Transfer, available = balance.available.USD): TransferLink => ({
  transfer,
  available,
})
const completed: Transfer = { ...awaiting, status: "completed", decidedAt: "2026-05-20T09:14:02Z" }
const sentNow = fn((): ConfirmedTransfer => ({
  transfer: completed,
  available: 35_750_000,
  balance: 35_750_000,
}))

/** The link opened: what it sends, checked without spending it, with Send and Cancel. */
export const Confirm: Story = {
  name: "Confirm",
  render: confirmStory({
    [on(transfersApi.link, LINK)]: link(awaiting),
    [on(transfersApi.confirm, LINK)]: sentNow,
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("$12.50")).toBeVisible()
    await expect(canvas.getByText("b***@example.com (ID 1187)")).toBeVisible()
    await expect(canvas.getByText("Logo design, second round")).toBeVisible()
    await expect(canvas.getByText("$48.25")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Send $12.50" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Cancel the transfer" })).toBeEnabled()
    await expect(sentNow).not.toHaveBeenCalled()
  },
}

/** Send moves it; the page says so with the balance left, and the header's balance is fetched again. */
export const ConfirmSent: Story = {
  name: "Confirm: sent",
  render: confirmStory({
    [on(transfersApi.link, LINK)]: link(awaiting),
    [on(transfersApi.confirm, LINK)]: sentNow,
  }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Send $12.50" }))
    await expect(await canvas.findByText("$12.50 sent to b***@example.com (ID 1187)")).toBeVisible()
    await expect(
      canvas.getByText("Your balance now holds $35.75. The recipient was told by mail."),
    ).toBeVisible()
    await expect(sentNow).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(refresh).toHaveBeenCalledWith(userApi.me.url()))
    await expect(canvas.getByRole("link", { name: "Your transfers" })).toHaveAttribute(
      "href",
      "/pay/send_user",
    )
  },
}

/** The balance no longer covers it: said before anything is tried; Send waits for a top-up. */
export const ConfirmShort: Story = {
  name: "Confirm: balance too small",
  render: confirmStory({ [on(transfersApi.link, LINK)]: link(awaiting, 4_000_000) }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("Your balance does not cover this transfer")).toBeVisible()
    await expect(
      canvas.getByText("You have $4.00 available now. Top up, then check again: confirming now would fail."),
    ).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Send $12.50" })).toBeDisabled()
    await expect(canvas.getByRole("button", { name: "Cancel the transfer" })).toBeEnabled()
  },
}

const lookedTwice = fn(() =>
  lookedTwice.mock.calls.length < 2
    ? link(awaiting)
    : link({ ...awaiting, status: "failed", decidedAt: "2026-05-20T09:14:02Z" }, 4_000_000),
)
const spentMeanwhile = fn(() => {
  throw refusal(
    "Your balance holds 4.00 USD you can send; 12.50 USD is more than that.",
    "TRANSFER_INSUFFICIENT_BALANCE",
    409,
  )
})

/** The money went elsewhere between opening and sending: the ledger refuses, the transfer ends failed. */
export const ConfirmInsufficient: Story = {
  name: "Confirm: balance gone at confirmation",
  render: confirmStory({
    [on(transfersApi.link, LINK)]: lookedTwice,
    [on(transfersApi.confirm, LINK)]: spentMeanwhile,
  }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Send $12.50" }))
    await expect(await canvas.findByText("This transfer failed")).toBeVisible()
    await expect(
      canvas.getByText("Your balance did not cover $12.50 when it was confirmed, so nothing was sent."),
    ).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Start a new transfer" })).toHaveAttribute(
      "href",
      "/pay/send_user",
    )
    await expect(canvas.queryByRole("button", { name: "Send $12.50" })).toBeNull()
  },
}

/** Opened after its hour. */
export const ConfirmExpired: Story = {
  name: "Confirm: expired",
  render: confirmStory({
    [on(transfersApi.link, LINK)]: link({ ...awaiting, status: "expired", decidedAt: null }),
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("This link has expired")).toBeVisible()
    await expect(canvas.getByText("Expired")).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Send $12.50" })).toBeNull()
  },
}

/** Opened again after it was sent: what happened, and nothing to press twice. */
export const ConfirmUsed: Story = {
  name: "Confirm: already sent",
  render: confirmStory({ [on(transfersApi.link, LINK)]: link(completed) }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("This transfer was already sent")).toBeVisible()
    await expect(canvas.getByText(/^\$12\.50 went to b\*\*\*@example\.com \(ID 1187\) on /)).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Send $12.50" })).toBeNull()
  },
}

const cancelFromLink = fn(() => ({ ...awaiting, status: "cancelled" }))
const lookedAfterCancel = fn(() =>
  lookedAfterCancel.mock.calls.length < 2
    ? link(awaiting)
    : link({ ...awaiting, status: "cancelled", decidedAt: "2026-05-20T09:13:30Z" }),
)

/** Cancelled from the link page instead. */
export const ConfirmCancel: Story = {
  name: "Confirm: cancel",
  render: confirmStory({
    [on(transfersApi.link, LINK)]: lookedAfterCancel,
    [CANCEL]: cancelFromLink,
  }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Cancel the transfer" }))
    await expect(await canvas.findByText("This transfer was cancelled")).toBeVisible()
    await expect(cancelFromLink).toHaveBeenCalledTimes(1)
  },
}

/** A link cut short, or not a link at all. */
export const ConfirmInvalid: Story = {
  name: "Confirm: link does not work",
  render: confirmStory({
    [on(transfersApi.link, LINK)]: () => {
      throw refusal("This confirmation link is wrong or incomplete.", "TOKEN_INVALID", 400)
    },
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("This link does not work")).toBeVisible()
  },
}

/** Someone else's link, opened while signed in as another account. */
export const ConfirmOtherAccount: Story = {
  name: "Confirm: another account's link",
  globals: { theme: "dark" },
  render: confirmStory({
    [on(transfersApi.link, LINK)]: () => {
      throw refusal("This confirmation link belongs to another account.", "TRANSFER_LINK_OTHER_ACCOUNT", 403)
    },
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("This link belongs to another account")).toBeVisible()
  },
}

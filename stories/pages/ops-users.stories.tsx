import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import type { Page } from "@manyhands/contract"
import { userApi } from "@manyhands/contract/accounts"
import { opsUsersApi, type UserDetail, type UserSummary } from "@manyhands/contract/ops-users"
import type { ShellUser } from "@manyhands/pages"
// The console's user screens by their route names (pages/src/index.ts lists them with every other area's).
import { screens } from "@manyhands/pages/ops-users/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

const [{ default: UsersScreen }, { default: UserScreen }] = await Promise.all([
  screens.OpsUsers(),
  screens.OpsUser(),
])

const meta = {
  title: "Screens/Operations console: users",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const pending = () => new Promise<never>(() => {})
const USD = 1_000_000

const admin: ShellUser = {
  ...storyUser,
  id: "1",
  email: "ops@manyhands.dev",
  permissions: { admin: true },
}

/* ───────────────────────────── data ───────────────────────────── */

const summary = (fields: Partial<UserSummary> & Pick<UserSummary, "id" | "email">): UserSummary => ({
  displayName: null,
  userType: "customer",
  roles: [],
  createdAt: "2026-03-14T09:30:00Z",
  lastLoginAt: "2026-11-30T08:12:00Z",
  bannedUntil: null,
  bannedForever: false,
  apiKeyPrefix: "3f9a1c2b",
  matchedBy: null,
  ...fields,
})

const mei = summary({ id: "1187", email: "mei.tanaka@example.jp", displayName: "Mei Tanaka" })
const people: UserSummary[] = [
  mei,
  summary({
    id: "1186",
    email: "carlos.mendes@example.com.br",
    userType: "worker",
    apiKeyPrefix: null,
    lastLoginAt: null,
  }),
  summary({ id: "1185", email: "moderator@manyhands.dev", userType: "worker", roles: ["moderator"] }),
  summary({ id: "1184", email: "spam-bot@example.net", bannedForever: true }),
]
const page = (items: UserSummary[], total = items.length): Page<UserSummary> => ({
  items,
  total,
  page: 1,
  pageSize: 20,
})

const detail: UserDetail = {
  user: mei,
  emailConfirmed: true,
  twoFactor: true,
  currency: "USD",
  interfaceLanguage: "ja",
  apiKeyHint: "77e0",
  balances: [
    { purpose: "customer_balance", currency: "USD", posted: 42_150_000, available: 41_900_000 },
    { purpose: "partner_balance", currency: "USD", posted: 3_200_000, available: 3_200_000 },
  ],
  bans: [
    {
      id: "3",
      reason: "Chargebacks on two top-ups",
      expiresAt: "2026-06-08T10:00:00Z",
      createdAt: "2026-06-01T10:00:00Z",
      bannedBy: "ops@manyhands.dev",
      liftedAt: "2026-06-03T12:00:00Z",
      liftedBy: "ops@manyhands.dev",
      liftReason: "Settled with the bank",
    },
  ],
  tasks: [
    {
      id: "88112",
      type: "ImageToTextTask",
      state: "solved",
      charged: 1_000,
      currency: "USD",
      createdAt: "2026-11-30T08:20:00Z",
    },
    {
      id: "88111",
      type: "RecaptchaV2Task",
      state: "unsolvable",
      charged: 0,
      currency: "USD",
      createdAt: "2026-11-30T08:19:00Z",
    },
  ],
  payments: [
    {
      id: "501",
      provider: "card",
      amount: 50 * USD,
      currency: "USD",
      status: "succeeded",
      createdAt: "2026-11-02T10:00:00Z",
    },
  ],
  payouts: [],
  sessions: [
    {
      id: "71",
      ip: "203.0.113.7",
      userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Firefox/132.0",
      createdAt: "2026-11-30T08:12:00Z",
      lastSeenAt: "2026-11-30T09:01:00Z",
    },
  ],
  logins: [
    {
      id: "903",
      kind: "login_success",
      ip: "203.0.113.7",
      userAgent: "Mozilla/5.0 Firefox/132.0",
      at: "2026-11-30T08:12:00Z",
    },
    {
      id: "902",
      kind: "login_failure",
      ip: "198.51.100.23",
      userAgent: "python-requests/2.32",
      at: "2026-11-29T22:40:00Z",
    },
  ],
}

const banned: UserDetail = {
  ...detail,
  user: { ...mei, bannedUntil: "2026-12-07T10:00:00Z" },
  sessions: [],
  bans: [
    {
      id: "4",
      reason: "Resold the API key",
      expiresAt: "2026-12-07T10:00:00Z",
      createdAt: "2026-11-30T10:00:00Z",
      bannedBy: "ops@manyhands.dev",
      liftedAt: null,
      liftedBy: null,
      liftReason: null,
    },
    ...detail.bans,
  ],
}

/* ───────────────────────────── search ───────────────────────────── */

const searchStory =
  (data: Page<UserSummary> | undefined, api: StoryApi = {}) =>
  () => (
    <Shell services={{ user: admin }} api={{ [on(opsUsersApi.search)]: data ?? pending, ...api }}>
      <UsersScreen adminUsers={data} />
    </Shell>
  )

/** The newest accounts before any search: type, roles and ban at a glance, each a link to its page. */
export const Newest: Story = {
  name: "Search: newest accounts",
  render: searchStory(page(people, 12_482)),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "Users" })).toBeVisible()
    const table = canvas.getByRole("table", { name: "Accounts" })
    await expect(within(table).getAllByRole("row")).toHaveLength(5)
    await expect(canvas.getByRole("link", { name: "mei.tanaka@example.jp" })).toHaveAttribute(
      "href",
      "/admin/users/1187",
    )
    await expect(within(table).getByText("Banned until lifted")).toBeVisible()
    await expect(within(table).getAllByText("Moderator").length).toBeGreaterThan(0)
  },
}

/** A search by the start of an API key finds the account and says by what. */
export const SearchByKey: Story = {
  name: "Search: by API-key prefix",
  render: searchStory(page(people), {
    [`GET ${opsUsersApi.search.url(null, { q: "3f9a1c2b" })}`]: page([{ ...mei, matchedBy: "apiKeyPrefix" }]),
  }),
  play: async ({ canvas }) => {
    const field = await canvas.findByRole("searchbox", { name: /^Id, e-mail, API-key prefix or IP/ })
    await userEvent.type(field, "3f9a1c2b{Enter}")
    await expect(await canvas.findByRole("heading", { name: "Accounts matching “3f9a1c2b”" })).toBeVisible()
    await waitFor(() => expect(canvas.getAllByRole("row")).toHaveLength(2))
    await expect(canvas.getByText("API key")).toBeVisible()
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/** Nothing found: what to try, and a way back to every account. */
export const SearchEmpty: Story = {
  name: "Search: nothing found",
  render: searchStory(page(people), {
    [`GET ${opsUsersApi.search.url(null, { q: "nobody@nowhere.test" })}`]: page([]),
  }),
  play: async ({ canvas }) => {
    await userEvent.type(
      await canvas.findByRole("searchbox", { name: /^Id, e-mail/ }),
      "nobody@nowhere.test{Enter}",
    )
    await expect(await canvas.findByText("No account matches “nobody@nowhere.test”")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Clear the search" })).toBeVisible()
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/** While the accounts load. */
export const SearchLoading: Story = {
  name: "Search: loading",
  render: searchStory(undefined),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "Users" })).toBeVisible()
  },
}

/** The server refuses (not an administrator any more): the reason and a retry. */
export const SearchForbidden: Story = {
  name: "Search: forbidden",
  render: () => (
    <Shell
      services={{ user: { ...admin, permissions: {} } }}
      api={{
        [on(opsUsersApi.search)]: () => {
          throw refusal("Only administrators can do this.", "FORBIDDEN", 403)
        },
      }}
    >
      <UsersScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("The accounts could not be loaded")).toBeVisible()
    await expect(canvas.getByText("Only administrators can do this.")).toBeVisible()
  },
}

/* ───────────────────────────── a user ───────────────────────────── */

const userStory =
  (data: UserDetail | undefined, api: StoryApi = {}) =>
  () => (
    <Shell
      services={{ user: admin }}
      api={{ [on(opsUsersApi.detail, { id: "1187" })]: data ?? pending, ...api }}
    >
      <UserScreen adminUser={data} newKey={() => "story-key-0001"} />
    </Shell>
  )

/** Everything about one account, and the actions on it. */
export const User: Story = {
  name: "User",
  render: userStory(detail),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole("heading", { level: 1, name: "mei.tanaka@example.jp" }),
    ).toBeVisible()
    await expect(canvas.getByText("$42.15")).toBeVisible()
    await expect(canvas.getByText("3f9a1c2b…77e0")).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "Active sessions" })).toBeVisible()
    await expect(canvas.getByText("Settled with the bank", { exact: false })).toBeVisible()
    for (const name of [
      "Change roles",
      "Ban",
      "End sessions",
      "Reset two-factor sign-in",
      "Adjust a balance",
    ])
      await expect(canvas.getByRole("button", { name })).toBeVisible()
  },
}

/** A banned account: the badge, the ban in force, and "Lift the ban" instead of "Ban". */
export const UserBanned: Story = {
  name: "User: banned",
  render: userStory(banned),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/^Banned until/)).toBeVisible()
    await expect(canvas.getByText("Resold the API key")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Lift the ban" })).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Ban" })).toBeNull()
  },
}

/** While the account loads. */
export const UserLoading: Story = {
  name: "User: loading",
  render: userStory(undefined),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "Loading the account…" })).toBeVisible()
  },
}

const openDialog = async (canvas: ReturnType<typeof within>, button: string, title: string) => {
  await userEvent.click(await canvas.findByRole("button", { name: button }))
  return within(await screen.findByRole("alertdialog", { name: title }))
}

const rolesSet = fn((body: unknown) => ({ id: "1187", email: mei.email, ...(body as object) }))

/** Roles: tick moderator and save; the page says so and reads the account again. */
export const RolesDialog: Story = {
  name: "Action: roles",
  render: userStory(detail, { [on(userApi.setRoles, { id: "1187" })]: rolesSet }),
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas, "Change roles", "Change roles")
    await userEvent.click(dialog.getByRole("checkbox", { name: /^Moderator/ }))
    await userEvent.click(dialog.getByRole("button", { name: "Save roles" }))
    await waitFor(() => expect(rolesSet).toHaveBeenCalledWith({ roles: ["moderator"] }))
    await expect(await canvas.findByText("The roles of mei.tanaka@example.jp were saved.")).toBeVisible()
  },
}

// The answer is the banned account as stored (the body's expiry depends on the clock: checked, not shown).
const banSent = fn((_body: unknown) => banned)

/** Ban: the reason is required; then the account shows as banned. */
export const BanDialog: Story = {
  name: "Action: ban",
  render: userStory(detail, { [on(opsUsersApi.ban, { id: "1187" })]: banSent }),
  play: async ({ canvas, step }) => {
    await step("Escape cancels, back to the button", async () => {
      const cancelling = await openDialog(canvas, "Ban", "Ban this account")
      await waitFor(() => expect(cancelling.getByRole("button", { name: "Cancel" })).toHaveFocus())
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
      await waitFor(() => expect(canvas.getByRole("button", { name: "Ban" })).toHaveFocus())
    })
    const dialog = await openDialog(canvas, "Ban", "Ban this account")
    await step("the reason is required", async () => {
      await userEvent.click(dialog.getByRole("button", { name: "Ban the account" }))
      await expect(await dialog.findByText("Say why: the reason goes to the audit log.")).toBeVisible()
      await expect(banSent).not.toHaveBeenCalled()
    })
    await userEvent.type(dialog.getByRole("textbox", { name: /^Reason/ }), "Resold the API key")
    await userEvent.click(dialog.getByRole("button", { name: "Ban the account" }))
    await waitFor(() =>
      expect(banSent).toHaveBeenCalledWith({ reason: "Resold the API key", expiresAt: expect.any(String) }),
    )
    await expect(await canvas.findByText("mei.tanaka@example.jp is banned.")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Lift the ban" })).toBeVisible()
  },
}

/** The ban dialog as it looks, with its duration. */
export const BanDialogOpen: Story = {
  name: "Action: ban dialog",
  render: userStory(detail),
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas, "Ban", "Ban this account")
    // The safe answer has the focus, not the reason: Enter does not ban by chance.
    await waitFor(() => expect(dialog.getByRole("button", { name: "Cancel" })).toHaveFocus())
    await expect(dialog.getByRole("combobox", { name: /^Duration/ })).toHaveDisplayValue(/7 days/)
  },
}

const unbanSent = fn(() => detail)

/** Lift the ban with a reason. */
export const UnbanDialog: Story = {
  name: "Action: lift the ban",
  render: userStory(banned, { [on(opsUsersApi.unban, { id: "1187" })]: unbanSent }),
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas, "Lift the ban", "Lift the ban")
    await userEvent.type(dialog.getByRole("textbox", { name: /^Reason/ }), "Appeal accepted")
    await userEvent.click(dialog.getByRole("button", { name: "Lift the ban" }))
    await waitFor(() => expect(unbanSent).toHaveBeenCalledWith({ reason: "Appeal accepted" }))
    await expect(await canvas.findByText("The ban of mei.tanaka@example.jp was lifted.")).toBeVisible()
  },
}

/** End every session, with the reason; the page says how many ended. */
export const EndSessionsDialog: Story = {
  name: "Action: end sessions",
  render: userStory(detail, { [on(opsUsersApi.endSessions, { id: "1187" })]: { ended: 2 } }),
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas, "End sessions", "End all sessions")
    await userEvent.type(dialog.getByRole("textbox", { name: /^Reason/ }), "Reported a stolen laptop")
    await userEvent.click(dialog.getByRole("button", { name: "End all sessions" }))
    await expect(await canvas.findByText("Sessions ended for mei.tanaka@example.jp: 2.")).toBeVisible()
  },
}

const resetSent = fn(() => ({ ...detail, twoFactor: false }))

/** 2FA reset: at least one check and a note, both sent; the button goes once it is off. */
export const ResetTwoFactorDialog: Story = {
  name: "Action: reset two-factor sign-in",
  render: userStory(detail, { [on(opsUsersApi.resetTwoFactor, { id: "1187" })]: resetSent }),
  play: async ({ canvas, step }) => {
    const dialog = await openDialog(canvas, "Reset two-factor sign-in", "Reset two-factor sign-in")
    await step("a check and a note are required", async () => {
      await userEvent.click(dialog.getByRole("button", { name: "Reset two-factor sign-in" }))
      await expect(await dialog.findByText("Tick at least one check you made.")).toBeVisible()
      await expect(dialog.getByText("Describe the checks you made.")).toBeVisible()
      await expect(resetSent).not.toHaveBeenCalled()
    })
    await userEvent.click(
      dialog.getByRole("checkbox", { name: "Showed an identity document matching the account" }),
    )
    await userEvent.type(dialog.getByRole("textbox", { name: /^What you checked/ }), "Passport matched")
    await userEvent.click(dialog.getByRole("button", { name: "Reset two-factor sign-in" }))
    await waitFor(() =>
      expect(resetSent).toHaveBeenCalledWith({ checks: ["document"], note: "Passport matched" }),
    )
    await expect(
      await canvas.findByText("Two-factor sign-in of mei.tanaka@example.jp was reset."),
    ).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Reset two-factor sign-in" })).toBeNull()
  },
}

const adjustSent = fn(() => ({ transferId: "7001", repeated: false, balance: 54_650_000 }))

/** Adjust: the amount is checked, then sent in micro-units with the dialog's idempotency key. */
export const AdjustDialog: Story = {
  name: "Action: adjust a balance",
  render: userStory(detail, { [on(opsUsersApi.adjustBalance, { id: "1187" })]: adjustSent }),
  play: async ({ canvas, step }) => {
    const dialog = await openDialog(canvas, "Adjust a balance", "Adjust a balance")
    const amount = dialog.getByRole("textbox", { name: /^Amount/ })
    await step("a malformed amount is refused", async () => {
      await userEvent.type(amount, "12.3456789")
      await userEvent.type(dialog.getByRole("textbox", { name: /^Reason/ }), "Refund of a failed batch")
      await userEvent.click(dialog.getByRole("button", { name: "Make the transfer" }))
      await expect(await dialog.findByText("Enter a positive amount with at most 6 decimals.")).toBeVisible()
      await expect(adjustSent).not.toHaveBeenCalled()
    })
    await userEvent.clear(amount)
    await userEvent.type(amount, "12.50")
    await userEvent.click(dialog.getByRole("button", { name: "Make the transfer" }))
    await waitFor(() =>
      expect(adjustSent).toHaveBeenCalledWith({
        account: "customer_balance",
        currency: "USD",
        direction: "credit",
        amount: 12_500_000,
        reason: "Refund of a failed batch",
        idempotencyKey: "story-key-0001",
      }),
    )
    await expect(await canvas.findByText("The balance of mei.tanaka@example.jp was adjusted.")).toBeVisible()
  },
}

/** The server refuses (a debit over the balance): the reason stays in the dialog, nothing is closed. */
export const AdjustRefused: Story = {
  name: "Action: adjustment refused",
  render: userStory(detail, {
    [on(opsUsersApi.adjustBalance, { id: "1187" })]: () => {
      throw refusal("The balance does not hold this much.", "EXCEEDS_BALANCE", 409)
    },
  }),
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas, "Adjust a balance", "Adjust a balance")
    await userEvent.type(dialog.getByRole("textbox", { name: /^Amount/ }), "900")
    await userEvent.type(dialog.getByRole("textbox", { name: /^Reason/ }), "Double credit")
    await userEvent.click(dialog.getByRole("button", { name: "Make the transfer" }))
    await expect(await dialog.findByText("The balance does not hold this much.")).toBeVisible()
    await expect(screen.getByRole("alertdialog", { name: "Adjust a balance" })).toBeVisible()
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, waitFor, within } from "storybook/test"
import { opsAuditApi, type AuditEntry } from "@manyhands/contract/ops-audit"
import { opsUsersApi, type OpsOverview } from "@manyhands/contract/ops-users"
import type { ShellUser } from "@manyhands/pages"
// The console's screens by their route names (pages/src/index.ts lists them with every other area's).
import { screens } from "@manyhands/pages/ops-console/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

const [{ default: ConsoleHomeScreen }, { default: AuditScreen }] = await Promise.all([
  screens.OpsConsoleHome(),
  screens.OpsAudit(),
])

const meta = {
  title: "Screens/Operations console",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const pending = () => new Promise<never>(() => {})

const admin: ShellUser = {
  ...storyUser,
  id: "1",
  email: "ops@manyhands.dev",
  permissions: { admin: true },
}

/* ───────────────────────────── home ───────────────────────────── */

const overview: OpsOverview = {
  usersToday: 38,
  usersTotal: 12_482,
  openPayouts: 4,
  bannedNow: 7,
  staffActionsToday: 21,
}

const homeStory = (data: OpsOverview | undefined) => () => (
  <Shell services={{ user: admin }} api={{ [on(opsUsersApi.overview)]: data ?? pending }}>
    <ConsoleHomeScreen adminOverview={data} />
  </Shell>
)

/** The console's home: today's figures and a card for every tool, each a link. */
export const Home: Story = {
  name: "Home",
  render: homeStory(overview),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "Operations console" })).toBeVisible()
    await expect(canvas.getByText("12,482")).toBeVisible()
    await expect(canvas.getByText("Payouts waiting")).toBeVisible()
    for (const [name, href] of [
      ["Users", "/admin/users"],
      ["Audit log", "/admin/audit"],
      ["Payouts", "/admin/payouts"],
      ["Prices", "/admin/prices"],
      ["System messages", "/admin/messages"],
      ["Manual domains", "/editor/manual-domains"],
      ["Vouchers", "/admin/vouchers"],
      ["Promo codes", "/admin/promo-codes"],
      ["Discount campaigns", "/admin/discount-campaigns"],
    ] as const)
      await expect(canvas.getByRole("link", { name })).toHaveAttribute("href", href)
  },
}

/** While the figures load, their tiles show placeholders; the tools are there at once. */
export const HomeLoading: Story = {
  name: "Home: loading",
  render: homeStory(undefined),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("link", { name: "Users" })).toBeVisible()
    await expect(canvas.queryByText("12,482")).toBeNull()
  },
}

/* ───────────────────────────── audit ───────────────────────────── */

const entry = (fields: Partial<AuditEntry> & Pick<AuditEntry, "id" | "action">): AuditEntry => ({
  at: "2026-11-30T14:05:00Z",
  actorId: "1",
  actorEmail: "ops@manyhands.dev",
  actorRole: "admin",
  targetKind: "user",
  targetId: "1187",
  subjectUserId: "1187",
  subjectEmail: "mei.tanaka@example.jp",
  reason: null,
  details: {},
  ip: "203.0.113.5",
  ...fields,
})

const entries: AuditEntry[] = [
  entry({
    id: "9",
    action: "user.ban",
    reason: "Chargebacks on three top-ups",
    details: { expiresAt: null, sessionsEnded: 2 },
  }),
  entry({
    id: "8",
    at: "2026-11-30T11:40:00Z",
    action: "user.balance_adjust",
    reason: "Refund of a failed batch",
    details: { account: "customer_balance", currency: "USD", direction: "credit", amount: 5_000_000 },
  }),
  entry({
    id: "7",
    at: "2026-11-29T18:12:00Z",
    action: "worker_skill.reinstate",
    actorId: "3",
    actorEmail: "moderator@manyhands.dev",
    actorRole: "moderator",
    targetKind: "worker_skill",
    targetId: "2041:recaptcha",
    subjectUserId: "2041",
    subjectEmail: "carlos.mendes@example.com.br",
    reason: "Passed retraining",
  }),
  entry({
    id: "6",
    at: "2026-11-29T09:00:00Z",
    action: "payout.approve",
    targetKind: "payout",
    targetId: "9012",
    details: { amount: 20_000_000, fee: 2_000_000, method: "btc", reference: "4a5e1e4b…" },
  }),
]
const ACTIONS = ["payout.approve", "user.balance_adjust", "user.ban", "worker_skill.reinstate"]
const auditPage = (items: AuditEntry[], total = items.length) => ({
  items,
  total,
  page: 1,
  pageSize: 20,
  actions: ACTIONS,
})

const auditStory =
  (data: ReturnType<typeof auditPage> | undefined, api: StoryApi = {}) =>
  () => (
    <Shell services={{ user: admin }} api={{ [on(opsAuditApi.list)]: data ?? pending, ...api }}>
      <AuditScreen adminAudit={data} />
    </Shell>
  )

/** Newest first: who (and under which role), when, what on which target, why and the details. */
export const Audit: Story = {
  name: "Audit log",
  render: auditStory(auditPage(entries)),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "Audit log" })).toBeVisible()
    const table = canvas.getByRole("table", { name: "Staff actions" })
    const rows = within(table).getAllByRole("row")
    await expect(rows).toHaveLength(5)
    await expect(rows[1]).toHaveTextContent("user.ban")
    await expect(rows[1]).toHaveTextContent("Chargebacks on three top-ups")
    await expect(rows[1]).toHaveTextContent("Concerns mei.tanaka@example.jp")
    await expect(rows[3]).toHaveTextContent("Moderator")
    await expect(rows[4]).toHaveTextContent("reference:4a5e1e4b…")
  },
}

/** Choosing an action asks the server for it (kept in the address); nothing matches: a way back. */
export const AuditFiltered: Story = {
  name: "Audit log: filtered, nothing matches",
  render: auditStory(auditPage(entries), {
    [`GET ${opsAuditApi.list.url()}?action=user.ban&actorId=3`]: auditPage([]),
    [`GET ${opsAuditApi.list.url()}?action=user.ban`]: auditPage([entries[0]!]),
  }),
  play: async ({ canvas }) => {
    await userEvent.selectOptions(await canvas.findByRole("combobox", { name: "Action" }), "user.ban")
    await waitFor(() => expect(canvas.getAllByRole("row")).toHaveLength(2))
    await userEvent.type(canvas.getByRole("textbox", { name: /^Staff member id/ }), "3")
    await userEvent.click(canvas.getByRole("button", { name: "Apply" }))
    await expect(await canvas.findByText("No action matches these filters")).toBeVisible()
    await expect(canvas.getAllByRole("button", { name: "Clear filters" }).length).toBeGreaterThan(0)
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/** No staff action yet. */
export const AuditEmpty: Story = {
  name: "Audit log: empty",
  render: auditStory(auditPage([])),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("No staff actions yet")).toBeVisible()
  },
}

/** While the log loads. */
export const AuditLoading: Story = {
  name: "Audit log: loading",
  render: auditStory(undefined),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "Audit log" })).toBeVisible()
  },
}

/** The server refuses (a session that lost the administrator role): the reason and a retry, no endless skeleton. */
export const AuditForbidden: Story = {
  name: "Audit log: forbidden",
  render: () => (
    <Shell
      services={{ user: { ...admin, permissions: {} } }}
      api={{
        [on(opsAuditApi.list)]: () => {
          throw refusal("Only administrators can do this.", "FORBIDDEN", 403)
        },
      }}
    >
      <AuditScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("The audit log could not be loaded")).toBeVisible()
    await expect(canvas.getByText("Only administrators can do this.")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Try again" })).toBeVisible()
  },
}

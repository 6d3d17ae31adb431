import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import {
  discountsApi,
  type AdminCampaignList,
  type AdminDiscountCampaign,
  type CampaignList,
  type DiscountCampaign,
} from "@manyhands/contract/discounts"
// The area's own list of screens (the same lazy loaders the route table gets).
import { screens } from "@manyhands/pages/discounts/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

const [{ default: DiscountCampaignsScreen }, { default: AdminDiscountCampaignsScreen }] = await Promise.all([
  screens.DiscountCampaigns(),
  screens.AdminDiscountCampaigns(),
])

const meta = {
  title: "Screens/Discount campaigns",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const USD = 1_000_000
const TODAY = "2026-09-20"

/** Focus may have scrolled a long screen; its screenshot is taken from the top. */
const atTop = () => window.scrollTo(0, 0)

/* ───────────────────────────── data ───────────────────────────── */

const autumn: DiscountCampaign = {
  id: "12",
  name: { en: "Autumn bonus", de: "Herbstbonus" },
  percent: 10,
  currency: "USD",
  minAmount: 50 * USD,
  maxAmount: 500 * USD,
  startsAt: "2026-09-01T00:00:00.000Z",
  endsAt: "2026-12-01T00:00:00.000Z",
  state: "active",
}
const roubles: DiscountCampaign = {
  id: "13",
  name: { en: "Rouble top-ups" },
  percent: 5,
  currency: "RUB",
  minAmount: 5_000 * USD,
  maxAmount: null,
  startsAt: "2026-09-15T00:00:00.000Z",
  endsAt: "2026-10-01T12:00:00.000Z",
  state: "active",
}
const winter: DiscountCampaign = {
  id: "14",
  name: { en: "Winter bonus" },
  percent: 20,
  currency: "USD",
  minAmount: 100 * USD,
  maxAmount: null,
  startsAt: "2026-12-01T00:00:00.000Z",
  endsAt: "2027-01-01T00:00:00.000Z",
  state: "upcoming",
}

const campaigns: CampaignList = { items: [autumn, roubles, winter] }

const admin = (
  campaign: DiscountCampaign,
  fields: Partial<AdminDiscountCampaign> = {},
): AdminDiscountCampaign => ({
  ...campaign,
  disabledAt: null,
  createdAt: "2026-08-28T10:15:00.000Z",
  bonusesPaid: 0,
  bonusTotal: 0,
  ...fields,
})

const summer: AdminDiscountCampaign = admin(
  {
    id: "9",
    name: { en: "Summer bonus" },
    percent: 15,
    currency: "USD",
    minAmount: 0,
    maxAmount: 200 * USD,
    startsAt: "2026-06-01T00:00:00.000Z",
    endsAt: "2026-09-01T00:00:00.000Z",
    state: "ended",
  },
  { bonusesPaid: 128, bonusTotal: 1_874_500_000 },
)
const trial: AdminDiscountCampaign = admin(
  {
    id: "11",
    name: { en: "Launch week" },
    percent: 25,
    currency: "USD",
    minAmount: 25 * USD,
    maxAmount: 25 * USD,
    startsAt: "2026-08-30T00:00:00.000Z",
    endsAt: "2026-09-06T00:00:00.000Z",
    state: "disabled",
  },
  { disabledAt: "2026-08-31T08:00:00.000Z", bonusesPaid: 1, bonusTotal: 6_250_000 },
)

const adminList: AdminCampaignList = {
  items: [
    admin(winter),
    admin(roubles, { bonusesPaid: 7, bonusTotal: 4_100_000_000 }),
    admin(autumn, { bonusesPaid: 42, bonusTotal: 396_000_000 }),
    trial,
    summer,
  ],
}

/* ───────────────────────────── /p/discount-campaigns ───────────────────────────── */

const publicStory = (data: CampaignList | undefined) => () => (
  <Shell>
    <DiscountCampaignsScreen discountCampaigns={data} />
  </Shell>
)

/** Two campaigns running (dollars and roubles) and one to come; each running one leads to the top-up page. */
export const Campaigns: Story = {
  name: "Discount campaigns",
  render: publicStory(campaigns),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Discount campaigns" })).toBeVisible()
    const running = within(canvas.getByRole("region", { name: "Running now" }))
    const first = running.getByRole("heading", { level: 3, name: "Autumn bonus" }).closest("li")!
    await expect(first).toHaveTextContent("10% bonus")
    await expect(first).toHaveTextContent("Top-ups from $50.00 to $500.00")
    await expect(first).toHaveTextContent("Until the end of Nov 30, 2026 (UTC)")
    await expect(within(first).getByRole("link", { name: "Top up (Autumn bonus)" })).toHaveAttribute(
      "href",
      "/addbalance",
    )
    // A window that does not end at midnight shows its time.
    const second = running.getByRole("heading", { level: 3, name: "Rouble top-ups" }).closest("li")!
    await expect(second).toHaveTextContent("Top-ups of RUB 5,000.00 or more")
    await expect(second).toHaveTextContent("Until Oct 1, 2026, 12:00 PM UTC")
    const coming = within(canvas.getByRole("region", { name: "Coming soon" }))
    const third = coming.getByRole("heading", { level: 3, name: "Winter bonus" }).closest("li")!
    await expect(third).toHaveTextContent("Upcoming")
    await expect(third).toHaveTextContent("Dec 1, 2026 to Dec 31, 2026 (UTC)")
    await expect(within(third).queryByRole("link")).toBeNull()
    await expect(canvas.getByRole("heading", { level: 2, name: "How the bonus works" })).toBeVisible()
  },
}

/** Nothing running and nothing announced: said plainly; top-ups work as usual. */
export const CampaignsNone: Story = {
  name: "Discount campaigns: none running",
  render: publicStory({ items: [] }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "No campaign is running right now" })).toBeVisible()
    await expect(canvas.queryByRole("region", { name: "Coming soon" })).toBeNull()
    await expect(canvas.getByRole("link", { name: "Top up your balance" })).toHaveAttribute(
      "href",
      "/addbalance",
    )
  },
}

/** While the route loads the campaigns. */
export const CampaignsLoading: Story = {
  name: "Discount campaigns: loading",
  render: publicStory(undefined),
  play: async ({ canvas }) => {
    await expect(
      within(canvas.getByRole("region", { name: "Running now" })).getByRole("status"),
    ).toBeVisible()
  },
}

/** On a phone the cards stack. */
export const CampaignsMobile: Story = {
  name: "Discount campaigns: mobile",
  globals: { viewport: { value: "mobile" } },
  render: publicStory(campaigns),
}

/** The dark theme. */
export const CampaignsDark: Story = {
  name: "Discount campaigns: dark",
  globals: { theme: "dark" },
  render: publicStory(campaigns),
}

/* ───────────────────────────── /admin/discount-campaigns ───────────────────────────── */

const adminUser = { ...storyUser, permissions: { admin: true } }
const refresh = fn(async (_url: string) => {})

const adminStory =
  (data: AdminCampaignList | undefined, api: StoryApi = {}) =>
  () => (
    <Shell services={{ user: adminUser, refresh }} api={api}>
      <AdminDiscountCampaignsScreen adminDiscountCampaigns={data} today={TODAY} />
    </Shell>
  )

const created = fn((body: unknown): AdminDiscountCampaign => ({
  ...(body as Omit<AdminDiscountCampaign, "id" | "state">),
  maxAmount: (body as { maxAmount: number | null }).maxAmount,
  id: "15",
  state: "upcoming",
  disabledAt: null,
  createdAt: "2026-09-20T09:30:00.000Z",
  bonusesPaid: 0,
  bonusTotal: 0,
}))

/** Every campaign with what it paid; a new one is created from the form and joins the list at once. */
export const Admin: Story = {
  name: "Admin",
  render: adminStory(adminList, { [on(discountsApi.create)]: created }),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Discount campaigns" })).toBeVisible()
    const table = canvas.getByRole("table", { name: "Discount campaigns, newest start first" })
    const row = (name: string) =>
      within(table)
        .getByRole("rowheader", { name: new RegExp(`^${name}`) })
        .closest("tr")!
    await expect(row("Autumn bonus")).toHaveTextContent("+ 1 translation")
    await expect(row("Autumn bonus")).toHaveTextContent("42 bonuses, $396.00")
    await expect(row("Summer bonus")).toHaveTextContent("Top-ups up to $200.00")
    await expect(row("Summer bonus")).toHaveTextContent("Ended")
    await expect(row("Launch week")).toHaveTextContent("Top-ups of exactly $25.00")
    await expect(row("Launch week")).toHaveTextContent("1 bonus, $6.25")
    await expect(row("Winter bonus")).toHaveTextContent("None yet")
    // Only running and coming campaigns can be disabled.
    await expect(within(row("Launch week")).queryByRole("button")).toBeNull()
    await expect(within(row("Summer bonus")).queryByRole("button")).toBeNull()
    await expect(
      within(row("Winter bonus")).getByRole("button", { name: "Disable Winter bonus" }),
    ).toBeVisible()

    await step("a new campaign", async () => {
      await userEvent.type(canvas.getByRole("textbox", { name: /^Name in English/ }), "Black Friday")
      await userEvent.click(canvas.getByText("Names in other languages (optional)"))
      await userEvent.type(canvas.getByRole("textbox", { name: "Name in German" }), "Black Friday Bonus")
      await userEvent.type(canvas.getByRole("textbox", { name: /^Bonus/ }), "30")
      await userEvent.type(canvas.getByRole("textbox", { name: /^Smallest top-up/ }), "100")
      await userEvent.type(canvas.getByRole("textbox", { name: /From$/ }), "2026-11-27")
      await userEvent.type(canvas.getByRole("textbox", { name: /To$/ }), "2026-11-30")
      await userEvent.click(canvas.getByRole("button", { name: "Create campaign" }))
      await waitFor(() =>
        expect(created).toHaveBeenCalledWith({
          name: { en: "Black Friday", de: "Black Friday Bonus" },
          percent: 30,
          currency: "USD",
          minAmount: 100 * USD,
          maxAmount: null,
          startsAt: "2026-11-27T00:00:00.000Z",
          endsAt: "2026-12-01T00:00:00.000Z",
        }),
      )
      await expect(canvas.getByText("Campaign “Black Friday” created.")).toBeVisible()
      await expect(row("Black Friday")).toHaveTextContent("Top-ups of $100.00 or more")
      await expect(row("Black Friday")).toHaveTextContent("Nov 27, 2026 –Nov 30, 2026")
      await expect(refresh).toHaveBeenCalledWith(discountsApi.adminList.url())
      // The form is empty again for the next one.
      await expect(canvas.getByRole("textbox", { name: /^Name in English/ })).toHaveValue("")
    })
    atTop()
  },
}

const neverCreated = fn((_body: unknown) => ({}))

/** Checked before sending: each message under its field, the first one focused. */
export const AdminValidation: Story = {
  name: "Admin: validation",
  render: adminStory(adminList, { [on(discountsApi.create)]: neverCreated }),
  play: async ({ canvas, step }) => {
    const submit = canvas.getByRole("button", { name: "Create campaign" })
    await step("empty", async () => {
      await userEvent.click(submit)
      await expect(canvas.getByText("Enter the English name.")).toBeVisible()
      await expect(canvas.getByRole("textbox", { name: /^Name in English/ })).toHaveFocus()
      await expect(canvas.getByText("Enter a whole number from 1 to 100.")).toBeVisible()
      await expect(canvas.getByText("Choose the first and the last day.")).toBeVisible()
    })
    await step("out of range", async () => {
      await userEvent.type(canvas.getByRole("textbox", { name: /^Name in English/ }), "Too generous")
      await userEvent.type(canvas.getByRole("textbox", { name: /^Bonus/ }), "150")
      await userEvent.type(canvas.getByRole("textbox", { name: /^Smallest top-up/ }), "500")
      await userEvent.type(canvas.getByRole("textbox", { name: /^Largest top-up/ }), "100")
      await userEvent.type(canvas.getByRole("textbox", { name: /From$/ }), "2026-09-01")
      await userEvent.type(canvas.getByRole("textbox", { name: /To$/ }), "2026-09-10")
      await expect(canvas.getByText("Enter a whole number from 1 to 100.")).toBeVisible()
      await expect(canvas.getByText("The largest top-up must not be below the smallest.")).toBeVisible()
      await expect(canvas.getByText("The last day has passed: the campaign would never apply.")).toBeVisible()
      await userEvent.click(submit)
      await expect(canvas.getByRole("textbox", { name: /^Bonus/ })).toHaveFocus()
    })
    await expect(neverCreated).not.toHaveBeenCalled()
    atTop()
  },
}

/** The server refuses the days (another clock, another rule): said under the days field. */
const refusing = fn((_body: unknown) => {
  throw refusal(
    "This end is in the past: the campaign would never apply.",
    "DISCOUNT_CAMPAIGN_DATES_INVALID",
    400,
    {
      endsAt: "This end is in the past: the campaign would never apply.",
    },
  )
})

export const AdminRefused: Story = {
  name: "Admin: server refusal",
  render: adminStory(adminList, { [on(discountsApi.create)]: refusing }),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole("textbox", { name: /^Name in English/ }), "Late")
    await userEvent.type(canvas.getByRole("textbox", { name: /^Bonus/ }), "5")
    await userEvent.type(canvas.getByRole("textbox", { name: /From$/ }), "2026-09-20")
    await userEvent.type(canvas.getByRole("textbox", { name: /To$/ }), "2026-09-20")
    await userEvent.click(canvas.getByRole("button", { name: "Create campaign" }))
    await expect(
      await canvas.findByText("This end is in the past: the campaign would never apply."),
    ).toBeVisible()
    await expect(canvas.getByRole("textbox", { name: /From$/ })).toHaveFocus()
    atTop()
  },
}

const disabled = fn(() =>
  admin(autumn, {
    state: "disabled",
    disabledAt: "2026-09-20T10:00:00.000Z",
    bonusesPaid: 42,
    bonusTotal: 396_000_000,
  }),
)

/** Disabling asks first, then the campaign shows as disabled and can no longer be disabled. */
export const AdminDisable: Story = {
  name: "Admin: disable",
  render: adminStory(adminList, { [on(discountsApi.disable, { id: "12" })]: disabled }),
  play: async ({ canvas, step }) => {
    const table = canvas.getByRole("table", { name: "Discount campaigns, newest start first" })
    const row = () =>
      within(table)
        .getByRole("rowheader", { name: /^Autumn bonus/ })
        .closest("tr")!
    await step("asked", async () => {
      await userEvent.click(within(row()).getByRole("button", { name: "Disable Autumn bonus" }))
      const dialog = await screen.findByRole("alertdialog", { name: "Disable “Autumn bonus”?" })
      await expect(dialog).toHaveTextContent("Payments already started keep the bonus they were shown.")
    })
    await step("disabled", async () => {
      await userEvent.click(screen.getByRole("button", { name: "Disable campaign" }))
      await waitFor(() => expect(disabled).toHaveBeenCalledTimes(1))
      await expect(
        canvas.getByText("Campaign “Autumn bonus” disabled: it applies to no new top-up."),
      ).toBeVisible()
      await expect(row()).toHaveTextContent("Disabled")
      await expect(within(row()).queryByRole("button")).toBeNull()
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    })
    atTop()
  },
}

/** The dialog itself. */
export const AdminDisableDialog: Story = {
  name: "Admin: disable dialog",
  render: adminStory(adminList),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Disable Winter bonus" }))
    await expect(await screen.findByRole("alertdialog", { name: "Disable “Winter bonus”?" })).toBeVisible()
  },
}

/** No campaign yet. */
export const AdminEmpty: Story = {
  name: "Admin: empty",
  render: adminStory({ items: [] }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "No campaigns yet" })).toBeVisible()
  },
}

/** While the route loads the list. */
export const AdminLoading: Story = {
  name: "Admin: loading",
  render: adminStory(undefined),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("table")).toHaveAttribute("aria-busy", "true")
  },
}

/** On a phone the navigation is a row, the form a single column and each campaign a card. */
export const AdminMobile: Story = {
  name: "Admin: mobile",
  globals: { viewport: { value: "mobile" } },
  render: adminStory(adminList),
}

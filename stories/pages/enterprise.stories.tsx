import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, screen, userEvent, waitFor, within } from "storybook/test"
import {
  ENTERPRISE_PLANS,
  enterpriseApi,
  type EnterprisePricing,
  type EnterprisePurchase,
  type EnterpriseSubscription,
  type MyEnterpriseSupport,
} from "@manyhands/contract/enterprise"
import type { Currency } from "@manyhands/contract"
import { screens } from "@manyhands/pages/enterprise/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

/*
 * Enterprise support (pages/src/enterprise): the plans signed out, switched to roubles, each Buy leading to
 * sign-in; a customer buying Business — the dialog states the charge, then the plan and its end; a customer with
 * a plan running and another bought after it; a purchase the balance does not cover, with the way to top up.
 */

const { default: EnterpriseScreen } = await screens.Enterprise()

const meta = {
  title: "Screens/Enterprise support",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const pricingIn = (currency: Currency): EnterprisePricing => ({
  currency,
  termDays: 30,
  plans: ENTERPRISE_PLANS.map((plan) => ({
    code: plan.code,
    hours: plan.hours,
    targets: { ...plan.targets },
    namedContacts: plan.namedContacts,
    price: plan.price[currency],
    currency,
  })),
})
const usd = pricingIn("USD")

const term = (overrides: Partial<EnterpriseSubscription>): EnterpriseSubscription => ({
  id: "71",
  plan: "business",
  currency: "USD",
  price: 500_000_000,
  startsAt: "2026-11-20T10:00:00.000Z",
  endsAt: "2026-12-20T10:00:00.000Z",
  credited: 0,
  ...overrides,
})

const none: MyEnterpriseSupport = { current: null, upcoming: [] }

const baseApi = (mine: MyEnterpriseSupport | null, extra: StoryApi = {}): StoryApi => ({
  [on(enterpriseApi.pricing)]: usd,
  [on(enterpriseApi.pricing, null, { currency: "RUB" })]: pricingIn("RUB"),
  ...(mine ? { [on(enterpriseApi.mine)]: mine } : {}),
  ...extra,
})

const rowOf = (name: RegExp) =>
  screen.getAllByRole("row").find((row) => within(row).queryByRole("rowheader", { name }))!

/** Signed out: three plans in dollars, switched to roubles; every Buy is a sign-in link that comes back here. */
export const SignedOut: Story = {
  name: "Plans: signed out, in roubles",
  render: () => (
    <Shell api={baseApi(null)}>
      <EnterpriseScreen enterprisePricing={usd} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Enterprise support" })).toBeVisible()
    await expect(
      canvas.getByText("Sign in to buy a plan; the price is charged to your balance."),
    ).toBeVisible()
    const table = canvas.getByRole("table", { name: "Enterprise support plans, prices in USD" })
    await expect(within(table).getAllByRole("rowheader")).toHaveLength(3)
    await expect(within(table).getByText("$4,000.00")).toBeVisible()

    await userEvent.click(canvas.getByRole("button", { name: "RUB" }))
    await expect(canvas.getByRole("button", { name: "RUB" })).toHaveAttribute("aria-pressed", "true")
    const rub = await canvas.findByRole("table", { name: "Enterprise support plans, prices in RUB" })
    await waitFor(() => expect(within(rub).getByText(/45,000\.00/)).toBeVisible())
    const dedicated = within(rowOf(/Dedicated/))
    await expect(dedicated.getByText("15 min")).toBeVisible()
    await expect(dedicated.getByText("24×7, every day of the year")).toBeVisible()
    const links = canvas.getAllByRole("link", { name: /Sign in to buy/ })
    await expect(links).toHaveLength(3)
    await expect(links[0]).toHaveAttribute("href", "/auth/login?return_to=%2Fsupport%2Fenterprise")
    await expect(canvas.queryByRole("button", { name: /^Buy / })).toBeNull()
    // Screenshot without the clicked button's focus ring (drawn or not as Chromium judged the last input).
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

const purchase: EnterprisePurchase = {
  subscription: term({ id: "72", startsAt: "2026-11-30T10:00:00.000Z", endsAt: "2026-12-30T10:00:00.000Z" }),
  replayed: false,
  balance: 740_000_000,
}

/** What the Buying story's page sent. */
const sent: unknown[] = []

/** A customer buys Business: the dialog states the charge and targets, then says the plan is theirs until when. */
export const Buying: Story = {
  name: "Buy: confirmed and bought",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={baseApi(none, {
        // The server's answer once the plan is bought.
        [on(enterpriseApi.mine)]: () =>
          sent.length > 0 ? { current: purchase.subscription, upcoming: [] } : none,
        [on(enterpriseApi.buy)]: (body: unknown) => {
          sent.push(body)
          return purchase
        },
      })}
    >
      <EnterpriseScreen enterprisePricing={usd} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    sent.length = 0
    await userEvent.click(await canvas.findByRole("button", { name: "Buy Business" }))
    const dialog = await screen.findByRole("dialog", { name: "Buy Business" })
    await expect(dialog).toHaveAccessibleDescription(
      "$500.00 will be charged to your USD balance now, for 30 days starting today.",
    )
    await expect(within(dialog).getByText("Urgent: first answer within 30 min")).toBeVisible()
    await userEvent.click(within(dialog).getByRole("button", { name: "Pay $500.00" }))
    const done = await screen.findByRole("dialog", { name: "Business bought" })
    await expect(within(done).getByText("Business is yours")).toBeVisible()
    await expect(within(done).getByText("Balance left: $740.00.")).toBeVisible()
    await expect(sent).toEqual([
      { plan: "business", currency: "USD", idempotencyKey: expect.stringMatching(/^[!-~]{1,100}$/) },
    ])
    // The page behind (hidden from the reader while the dialog is open) shows the plan now.
    await expect(await canvas.findByRole("heading", { name: "Your plan", hidden: true })).toBeInTheDocument()
  },
}

/** A plan running (with a late answer credited) and the next term bought after it. */
export const ActivePlan: Story = {
  name: "Plans: a plan running",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={baseApi({
        current: term({ credited: 25_000_000 }),
        upcoming: [
          term({
            id: "73",
            plan: "priority",
            price: 1_500_000_000,
            startsAt: "2026-12-20T10:00:00.000Z",
            endsAt: "2027-01-19T10:00:00.000Z",
          }),
        ],
      })}
    >
      <EnterpriseScreen enterprisePricing={usd} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const mine = within(await canvas.findByRole("region", { name: "Your plan" }))
    await expect(mine.getByText("Business is active")).toBeVisible()
    await expect(mine.getByText("Credited for late answers this term: $25.00.")).toBeVisible()
    await expect(mine.getByRole("listitem")).toHaveTextContent(/^Priority: /)
    // Another purchase starts when the last term ends.
    await userEvent.click(canvas.getByRole("button", { name: "Buy Dedicated" }))
    const dialog = await screen.findByRole("dialog", { name: "Buy Dedicated" })
    await expect(dialog).toHaveAccessibleDescription(/starting on .*2027, when your current plan ends\.$/)
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    // Screenshot without the clicked button's focus ring (drawn or not as Chromium judged the last input).
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/** The balance is short: nothing charged, the reason, and the way to top up. */
export const Refused: Story = {
  name: "Buy: not enough balance",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={baseApi(none, {
        [on(enterpriseApi.buy)]: () => {
          throw refusal(
            "The plan costs 4000.00 USD; your balance has 120.00 USD. Top up the balance, then buy again.",
            "INSUFFICIENT_BALANCE",
            402,
          )
        },
      })}
    >
      <EnterpriseScreen enterprisePricing={usd} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Buy Dedicated" }))
    const dialog = await screen.findByRole("dialog", { name: "Buy Dedicated" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Pay $4,000.00" }))
    const alert = await within(dialog).findByRole("alert")
    await expect(alert).toHaveTextContent("Not enough money on your balance")
    await expect(alert).toHaveTextContent("your balance has 120.00 USD")
    await expect(within(dialog).getByRole("link", { name: "Top up the balance" })).toHaveAttribute(
      "href",
      "/pay",
    )
    // Still open, to try again after a top-up.
    await expect(within(dialog).getByRole("button", { name: "Pay $4,000.00" })).toBeEnabled()
    // Screenshot without the clicked button's focus ring (drawn or not as Chromium judged the last input).
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

import type { ComponentProps, ReactNode } from "react"
import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import { Route, Routes } from "react-router"
import type { Page } from "@manyhands/contract"
import { userApi } from "@manyhands/contract/accounts"
import {
  balanceApi,
  paymentsApi,
  type DaySummary,
  type Movement,
  type Payment,
  type ProvidersData,
  type SandboxCheckout,
} from "@manyhands/contract/money"
// The money screens by their route names (pages/src/index.ts lists them with every other area's).
import { screens } from "@manyhands/pages/money/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

const [
  { default: TopUpScreen },
  { default: PaymentResultScreen },
  { default: PaymentHistoryScreen },
  { default: DayHistoryScreen },
  { default: SandboxCheckoutScreen },
] = await Promise.all([
  screens.TopUp(),
  screens.PaymentResult(),
  screens.PaymentHistory(),
  screens.DayHistory(),
  screens.SandboxCheckout(),
])

const meta = {
  title: "Screens/Money",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

type HistoryPage = Page<Movement>

/** Focus may have scrolled a long screen; its screenshot is taken from the top. */
const atTop = () => window.scrollTo(0, 0)

/**
 * A screen at an address: `pattern` is its route path (for useParams), `url` what the visitor opened (for
 * useSearchParams). The decorator's router stays where it is; these Routes match against `url` instead.
 */
function At({ pattern, url, children }: { pattern: string; url: string; children: ReactNode }) {
  return (
    <Routes location={url}>
      <Route path={pattern} element={children} />
    </Routes>
  )
}

// Spies keep their implementation across stories (Storybook restores them); only their calls are cleared.
const leave = fn<(url: string) => void>()
const print = fn()
const refresh = fn(async (_url: string) => {})

/* ───────────────────────────── data ───────────────────────────── */

const providers: ProvidersData = {
  providers: [
    { shortname: "card", kind: "redirect", currencies: ["USD", "RUB"] },
    { shortname: "sandbox", kind: "redirect", currencies: ["USD"] },
  ],
  limits: {
    USD: { min: 5_000_000, max: 1_000_000_000 },
    RUB: { min: 500_000_000, max: 100_000_000_000 },
  },
}

const STRIPE_CHECKOUT = "https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ"

const top = (
  id: string,
  provider: string,
  amount: number,
  status: Payment["status"],
  createdAt: string,
  seconds: number | null,
  reference: string | null,
  currency: Payment["currency"] = "USD",
): Payment => ({
  id,
  provider,
  amount,
  currency,
  status,
  createdAt,
  completedAt: seconds === null ? null : new Date(Date.parse(createdAt) + seconds * 1000).toISOString(),
  reference,
  bonus: null,
  checkoutUrl: null,
  payableUntil: null,
})

/** A day after `at`: how long the sandbox's and Stripe's checkouts stay open. */
const dayAfter = (at: string) => new Date(Date.parse(at) + 86_400_000).toISOString()

/** A top-up as the balance history lists it; a succeeded one names its ledger transfer. */
const topUpRow = (payment: Payment, ledgerTransferId: string): Movement => ({
  id: `topUp:${payment.id}`,
  kind: "topUp",
  sourceId: payment.id,
  amount: payment.amount,
  currency: payment.currency,
  status: payment.status,
  createdAt: payment.createdAt,
  completedAt: payment.completedAt,
  provider: payment.provider,
  reference: payment.reference,
  counterparty: null,
  note: null,
  bonus: payment.bonus,
  ledgerTransferId: payment.status === "succeeded" ? ledgerTransferId : null,
  checkoutUrl: payment.checkoutUrl,
  payableUntil: payment.payableUntil,
})

/** Any other movement: done at once unless said otherwise. */
const row = (
  kind: Exclude<Movement["kind"], "topUp">,
  sourceId: string,
  amount: number,
  createdAt: string,
  more: Partial<Movement> = {},
): Movement => ({
  id: `${kind}:${sourceId}`,
  kind,
  sourceId,
  amount,
  currency: "USD",
  status: "succeeded",
  createdAt,
  completedAt: createdAt,
  provider: null,
  reference: null,
  counterparty: null,
  note: null,
  bonus: null,
  ledgerTransferId: null,
  checkoutUrl: null,
  payableUntil: null,
  ...more,
})

const cardWithBonus: Payment = {
  ...top(
    "pay_01JX8Z2K4D",
    "card",
    25_000_000,
    "succeeded",
    "2026-05-18T16:03:10Z",
    38,
    "pi_3PqR7sL2eZvKYlo21AbC",
  ),
  bonus: { campaignId: "7", percent: 10, amount: 2_500_000 },
}

/** A card top-up whose payer left Stripe's page: it can be paid there for a day. */
const leftAtCheckout: Payment = {
  ...top("pay_01JX9T4M7Q", "card", 50_000_000, "pending", "2026-05-20T09:12:44Z", null, "cs_test_a1B2c3D4e5"),
  checkoutUrl: STRIPE_CHECKOUT,
  payableUntil: dayAfter("2026-05-20T09:12:44Z"),
}

/** Every kind and every status on the first page, newest first. */
const movements: Movement[] = [
  topUpRow(leftAtCheckout, ""),
  row("transferOut", "318", -5_000_000, "2026-05-19T18:30:12Z", {
    status: "pending",
    completedAt: null,
    counterparty: { id: "1042", email: "a***@example.com" },
  }),
  row("refund", "70000012345", 2_500, "2026-05-19T10:02:51Z", {
    reference: "70000012345",
    note: "Normal captcha",
    ledgerTransferId: "48377",
  }),
  topUpRow(cardWithBonus, "48213"),
  row("transferIn", "311", 12_000_000, "2026-05-17T14:25:09Z", {
    counterparty: { id: "877", email: "m***@example.org" },
    note: "Thanks for the labelling help",
    ledgerTransferId: "48102",
  }),
  row("voucher", "56", 20_000_000, "2026-05-16T13:40:33Z", { reference: "Q7XK", ledgerTransferId: "47990" }),
  topUpRow(
    top("pay_01JX7W1H9A", "sandbox", 10_000_000, "succeeded", "2026-05-16T11:47:02Z", 9, "sbx_7f3a9c21"),
    "47985",
  ),
  row("promoCode", "23", 3_000_000, "2026-05-15T08:05:47Z", {
    reference: "SPRING26",
    ledgerTransferId: "47861",
  }),
  row("transferOut", "297", -8_000_000, "2026-05-14T12:16:20Z", {
    status: "cancelled",
    completedAt: "2026-05-14T12:31:02Z",
    counterparty: { id: null, email: null },
  }),
  topUpRow(
    top(
      "pay_01JX6V0G8B",
      "card",
      100_000_000,
      "failed",
      "2026-05-14T08:20:55Z",
      61,
      "pi_3PqQ1aL2eZvKYlo20XyZ",
    ),
    "",
  ),
]

const firstPage: HistoryPage = { items: movements, total: 23, page: 1, pageSize: 10 }
const secondPage: HistoryPage = {
  items: [
    topUpRow(
      top(
        "pay_01JX4T8E6D",
        "card",
        2_500_000_000,
        "succeeded",
        "2026-05-09T13:05:41Z",
        44,
        "pi_3PpZ9kL2eZ",
        "RUB",
      ),
      "47602",
    ),
    row("adjustment", "47590", 5_000_000, "2026-05-08T09:00:00Z", {
      note: "Demo credit",
      ledgerTransferId: "47590",
    }),
    topUpRow(
      top("pay_01JX5U9F7C", "sandbox", 25_000_000, "expired", "2026-05-07T19:34:18Z", 3600, "sbx_0b6d41e8"),
      "",
    ),
    topUpRow(
      top(
        "pay_01JX3S7D5E",
        "card",
        50_000_000,
        "succeeded",
        "2026-05-02T10:11:29Z",
        35,
        "pi_3PnX2bL2eZvKYlo1QwEr",
      ),
      "47311",
    ),
  ],
  total: 23,
  page: 2,
  pageSize: 10,
}
const transfersOnly: HistoryPage = {
  items: movements.filter((item) => item.kind === "transferIn" || item.kind === "transferOut"),
  total: 3,
  page: 1,
  pageSize: 10,
}
const noMovements: HistoryPage = { items: [], total: 0, page: 1, pageSize: 10 }

const TODAY = "2026-05-20"
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)

/** A customer who also earns: top-ups now and then, captchas most days, a little referral income. */
function daySummary(from: string, to: string): DaySummary {
  const days: DaySummary["days"] = []
  for (let day = to, n = 0; day >= from; day = addDays(day, -1), n++) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
    const spent =
      weekday === 0 || weekday === 6 ? (n % 4 === 0 ? 0 : 380_000 * (n % 3)) : 2_150_000 + 97_000 * n
    const toppedUp = n % 9 === 2 ? 25_000_000 : n % 13 === 5 ? 50_000_000 : 0
    const earned = n % 5 === 1 ? 145_000 + 3_000 * n : 0
    if (spent === 0 && toppedUp === 0 && earned === 0) continue
    days.push({ date: day, toppedUp, spent, earned })
  }
  return { currency: "USD", days }
}

const month = daySummary(addDays(TODAY, -29), TODAY)
const week = daySummary(addDays(TODAY, -6), TODAY)

const sandboxCheckout: SandboxCheckout = {
  checkoutId: "chk_4f9b2c7e1a8d4e36b5c0",
  amount: 25_000_000,
  currency: "USD",
  status: "pending",
  returnUrl: "/pay/ok?payment=pay_01JX9T4M7Q",
}

/* ───────────────────────────── top up ───────────────────────────── */

const created = fn((_body: unknown) => ({ id: "pay_01JXA1B2C3", redirectUrl: STRIPE_CHECKOUT }))
const createdSandbox = fn((_body: unknown) => ({
  id: "pay_01JXA1B2C4",
  redirectUrl: "/pay/sandbox/chk_4f9b2c7e1a8d4e36b5c0",
}))

type CampaignList = NonNullable<ComponentProps<typeof TopUpScreen>["discountCampaigns"]>

const topUpStory =
  (
    url: string,
    api: StoryApi = {},
    data: ProvidersData | null = providers,
    campaigns: CampaignList | undefined = undefined,
  ) =>
  () => (
    <Shell services={{ user: storyUser }} api={api}>
      <At pattern={url.startsWith("/pay/") ? "/pay/:shortname" : url} url={url}>
        <TopUpScreen paymentProviders={data ?? undefined} discountCampaigns={campaigns} leave={leave} />
      </At>
    </Shell>
  )

/** /addbalance: card chosen, a usual amount filled in, the sums said before paying; a quick amount, then on. */
export const TopUp: Story = {
  name: "Top up",
  render: topUpStory("/addbalance", { [on(paymentsApi.create)]: created }),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Top up your balance" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Top up" })).toHaveAttribute("aria-current", "page")
    const methods = canvas.getByRole("radiogroup", { name: "Pay with" })
    await expect(within(methods).getByRole("radio", { name: /^Card \(Stripe\)/ })).toBeChecked()
    await expect(
      within(methods).getByRole("radio", { name: /^Test payment \(sandbox\)/ }),
    ).toHaveAccessibleName("Test payment (sandbox) Not real money")
    await expect(canvas.getByRole("radio", { name: "US Dollar (USD)" })).toBeChecked()
    const amount = canvas.getByRole("textbox", { name: /^Amount in USD/ })
    await expect(amount).toHaveValue("25.00")
    await expect(canvas.getByText("From $5.00 to $1,000.00 per top-up.")).toBeVisible()
    await expect(canvas.getByText("You pay $25.00, your balance grows by $25.00.")).toBeVisible()
    await step("a quick amount", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "$50.00" }))
      await expect(canvas.getByRole("button", { name: "$50.00" })).toHaveAttribute("aria-pressed", "true")
      await expect(amount).toHaveValue("50.00")
      await expect(canvas.getByText("You pay $50.00, your balance grows by $50.00.")).toBeVisible()
    })
    await step("on to the provider", async () => {
      const submit = canvas.getByRole("button", { name: "Continue to payment" })
      await expect(submit).toHaveAccessibleDescription("You pay $50.00, your balance grows by $50.00.")
      await userEvent.click(submit)
      await waitFor(() => expect(leave).toHaveBeenCalledWith(STRIPE_CHECKOUT))
      await expect(created).toHaveBeenCalledWith({ provider: "card", amount: 50_000_000, currency: "USD" })
      await expect(canvas.getByRole("status")).toHaveTextContent("Opening the payment page of Card (Stripe)…")
    })
    atTop()
  },
}

/** Roubles: the amount starts again at a usual rouble top-up, and the limits are the rouble ones. */
export const TopUpRoubles: Story = {
  name: "Top up: roubles",
  render: topUpStory("/pay", { [on(paymentsApi.create)]: created }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("radio", { name: "Russian Ruble (RUB)" }))
    await expect(canvas.getByRole("textbox", { name: /^Amount in RUB/ })).toHaveValue("2500.00")
    await expect(canvas.getByText("From RUB 500.00 to RUB 100,000.00 per top-up.")).toBeVisible()
    await expect(canvas.getByText("You pay RUB 2,500.00, your balance grows by RUB 2,500.00.")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Continue to payment" }))
    await waitFor(() =>
      expect(created).toHaveBeenCalledWith({ provider: "card", amount: 2_500_000_000, currency: "RUB" }),
    )
    atTop()
  },
}

/** /pay/sandbox: the sandbox chosen from the address, marked as not real money; it takes dollars only. */
export const TopUpPreselected: Story = {
  name: "Top up: provider from the address",
  render: topUpStory("/pay/sandbox", { [on(paymentsApi.create)]: createdSandbox }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("radio", { name: /^Test payment \(sandbox\)/ })).toBeChecked()
    await expect(canvas.queryByRole("radiogroup", { name: "Currency" })).toBeNull()
    await expect(canvas.getByText(/This is a test payment: no money is charged/)).toBeVisible()
    await expect(canvas.queryByRole("alert")).toBeNull()
    await userEvent.click(canvas.getByRole("button", { name: "Continue to payment" }))
    await waitFor(() => expect(leave).toHaveBeenCalledWith("/pay/sandbox/chk_4f9b2c7e1a8d4e36b5c0"))
    await expect(createdSandbox).toHaveBeenCalledWith({
      provider: "sandbox",
      amount: 25_000_000,
      currency: "USD",
    })
    atTop()
  },
}

/** /pay/paypal: a provider that is not on (or does not exist): said plainly, and the usual choice below. */
export const TopUpUnknownProvider: Story = {
  name: "Top up: unknown provider",
  render: topUpStory("/pay/paypal"),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("The payment method “paypal” is not available")).toBeVisible()
    await expect(canvas.getByRole("radio", { name: /^Card \(Stripe\)/ })).toBeChecked()
  },
}

/** A demo or test installation without a real provider: said plainly above the only method, the test bank. */
export const TopUpSandboxOnly: Story = {
  name: "Top up: test payments only",
  render: topUpStory(
    "/pay",
    {},
    { ...providers, providers: providers.providers.filter((provider) => provider.shortname === "sandbox") },
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("This installation takes test payments only")).toBeVisible()
    await expect(canvas.getByText(/Balance topped up here is not real money/)).toBeVisible()
    await expect(canvas.getByRole("radio", { name: /^Test payment \(sandbox\)/ })).toBeChecked()
  },
}

const neverCreated = fn((_body: unknown) => ({ id: "x", redirectUrl: "/nowhere" }))

/** The limits, checked before anything is sent: each message names the limit, the field takes the focus. */
export const TopUpValidation: Story = {
  name: "Top up: validation",
  render: topUpStory("/addbalance", { [on(paymentsApi.create)]: neverCreated }),
  play: async ({ canvas, step }) => {
    const amount = canvas.getByRole("textbox", { name: /^Amount in USD/ })
    const submit = canvas.getByRole("button", { name: "Continue to payment" })
    await step("empty", async () => {
      await userEvent.clear(amount)
      await userEvent.click(submit)
      await expect(await canvas.findByText("Enter an amount.")).toBeVisible()
      await expect(amount).toHaveFocus()
      await expect(canvas.getByText("Choose an amount within the limits to see what you pay.")).toBeVisible()
    })
    await step("too large", async () => {
      await userEvent.type(amount, "1500")
      await expect(await canvas.findByText("The largest top-up is $1,000.00.")).toBeVisible()
    })
    await step("too small", async () => {
      await userEvent.clear(amount)
      await userEvent.type(amount, "2.5")
      await expect(await canvas.findByText("The smallest top-up is $5.00.")).toBeVisible()
      await expect(amount).toBeInvalid()
      await userEvent.click(submit)
      await expect(amount).toHaveFocus()
    })
    await expect(neverCreated).not.toHaveBeenCalled()
    atTop()
  },
}

/** The server refuses: first about the amount (shown under it), then as a whole (above the button). */
const refusing = fn((_body: unknown): unknown => {
  if (refusing.mock.calls.length === 1)
    throw refusal("Some fields need attention.", "VALIDATION_FAILED", 400, {
      amount: "Card top-ups start at $10.00 today.",
    })
  throw refusal(
    "The card provider is not answering. Try again in a few minutes.",
    "PROVIDER_UNAVAILABLE",
    503,
  )
})

export const TopUpRefused: Story = {
  name: "Top up: server refusal",
  render: topUpStory("/addbalance", { [on(paymentsApi.create)]: refusing }),
  play: async ({ canvas, step }) => {
    const amount = canvas.getByRole("textbox", { name: /^Amount in USD/ })
    const submit = canvas.getByRole("button", { name: "Continue to payment" })
    await step("about one field", async () => {
      await userEvent.clear(amount)
      await userEvent.type(amount, "7")
      await userEvent.click(submit)
      await expect(await canvas.findByText("Card top-ups start at $10.00 today.")).toBeVisible()
      await expect(amount).toHaveFocus()
      await expect(amount).toBeInvalid()
    })
    await step("about the whole", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "$25.00" }))
      await userEvent.click(submit)
      const alert = await canvas.findByRole("alert")
      await expect(alert).toHaveTextContent("The payment could not be started")
      await expect(alert).toHaveTextContent("The card provider is not answering. Try again in a few minutes.")
      await expect(canvas.queryByText("Card top-ups start at $10.00 today.")).toBeNull()
    })
    await expect(leave).not.toHaveBeenCalled()
    atTop()
  },
}

/** While the route loads the providers. */
export const TopUpLoading: Story = {
  name: "Top up: loading",
  render: topUpStory("/addbalance", {}, null),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 2, name: "Payment method" })).toBeVisible()
    await expect(canvas.queryByRole("button", { name: "Continue to payment" })).toBeNull()
  },
}

/** On a phone the navigation is a row above, the method cards stack. */
export const TopUpMobile: Story = {
  name: "Top up: mobile",
  globals: { viewport: { value: "mobile" } },
  render: topUpStory("/addbalance"),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "Continue to payment" })).toBeVisible()
  },
}

/** The dark theme. */
export const TopUpDark: Story = {
  name: "Top up: dark",
  globals: { theme: "dark" },
  render: topUpStory("/pay/sandbox"),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("radio", { name: /^Test payment \(sandbox\)/ })).toBeChecked()
  },
}

/** Two running campaigns in dollars (the better one wins where both fit), one in roubles, one to come. */
const campaigns: CampaignList = {
  items: [
    {
      id: "12",
      name: { en: "Autumn bonus" },
      percent: 10,
      currency: "USD",
      minAmount: 50_000_000,
      maxAmount: 500_000_000,
      startsAt: "2026-09-01T00:00:00.000Z",
      endsAt: "2026-12-01T00:00:00.000Z",
      state: "active",
    },
    {
      id: "13",
      name: { en: "Welcome bonus" },
      percent: 5,
      currency: "USD",
      minAmount: 75_000_000,
      maxAmount: null,
      startsAt: "2026-09-01T00:00:00.000Z",
      endsAt: "2026-12-01T00:00:00.000Z",
      state: "active",
    },
    {
      id: "14",
      name: { en: "Rouble top-ups" },
      percent: 7,
      currency: "RUB",
      minAmount: 5_000_000_000,
      maxAmount: null,
      startsAt: "2026-09-01T00:00:00.000Z",
      endsAt: "2026-12-01T00:00:00.000Z",
      state: "active",
    },
    {
      id: "15",
      name: { en: "Winter bonus" },
      percent: 40,
      currency: "USD",
      minAmount: 10_000_000,
      maxAmount: null,
      startsAt: "2026-12-01T00:00:00.000Z",
      endsAt: "2027-01-01T00:00:00.000Z",
      state: "upcoming",
    },
  ],
}

const createdWithBonus = fn((_body: unknown) => ({
  id: "pay_01JXA1B2C5",
  redirectUrl: STRIPE_CHECKOUT,
  bonus: { campaignId: "12", percent: 10, amount: 10_000_000 },
}))

/**
 * A discount campaign running: below its amounts the page says where it starts; within them the summary adds
 * the bonus to what the balance grows by, before paying. A campaign still to come counts for nothing.
 */
export const TopUpCampaign: Story = {
  name: "Top up: with a campaign",
  render: topUpStory("/addbalance", { [on(paymentsApi.create)]: createdWithBonus }, providers, campaigns),
  play: async ({ canvas, step }) => {
    await step("below the campaign's amounts", async () => {
      await expect(canvas.getByText("You pay $25.00, your balance grows by $25.00.")).toBeVisible()
      await expect(
        canvas.getByText(/^Top-ups from \$50\.00 to \$500\.00: \+10% with the Autumn bonus campaign\./),
      ).toBeVisible()
    })
    await step("within them", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "$100.00" }))
      await expect(
        canvas.getByText("You pay $100.00, your balance grows by $110.00 (+10% Autumn bonus)."),
      ).toBeVisible()
      await expect(
        canvas.getByText(/^The bonus of \$10\.00 is credited together with the payment\./),
      ).toBeVisible()
      await expect(canvas.getByRole("link", { name: "About discount campaigns" })).toHaveAttribute(
        "href",
        "/p/discount-campaigns",
      )
    })
    await step("above the better one, the other still fits", async () => {
      const amount = canvas.getByRole("textbox", { name: /^Amount in USD/ })
      await userEvent.clear(amount)
      await userEvent.type(amount, "600")
      await expect(
        canvas.getByText("You pay $600.00, your balance grows by $630.00 (+5% Welcome bonus)."),
      ).toBeVisible()
    })
    await step("on to the provider", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "$100.00" }))
      const submit = canvas.getByRole("button", { name: "Continue to payment" })
      await expect(submit).toHaveAccessibleDescription(
        "You pay $100.00, your balance grows by $110.00 (+10% Autumn bonus).",
      )
      await userEvent.click(submit)
      await waitFor(() => expect(leave).toHaveBeenCalledWith(STRIPE_CHECKOUT))
      await expect(createdWithBonus).toHaveBeenCalledWith({
        provider: "card",
        amount: 100_000_000,
        currency: "USD",
      })
    })
    atTop()
  },
}

/* ───────────────────────────── /pay/ok, /pay/error ───────────────────────────── */

const resultStory =
  (
    url: string,
    api: StoryApi,
    props: Partial<ComponentProps<typeof PaymentResultScreen>> = {},
    arrivedAs: "ok" | "error" = url.startsWith("/pay/error") ? "error" : "ok",
  ) =>
  () => (
    <Shell services={{ user: storyUser, refresh }} api={api}>
      <At pattern={`/pay/${arrivedAs}`} url={url}>
        <PaymentResultScreen arrivedAs={arrivedAs} {...props} />
      </At>
    </Shell>
  )

const succeeded = top(
  "pay_01JX8Z2K4D",
  "card",
  25_000_000,
  "succeeded",
  "2026-05-20T09:12:44Z",
  38,
  "pi_3PqR7sL2eZ",
)
const failedPayment = top(
  "pay_01JX6V0G8B",
  "card",
  100_000_000,
  "failed",
  "2026-05-20T08:20:55Z",
  61,
  "pi_3PqQ1aL2",
)
const pendingPayment: Payment = {
  ...top("pay_01JX9T4M7Q", "sandbox", 25_000_000, "pending", "2026-05-20T09:12:44Z", null, "sbx_7f3a"),
  checkoutUrl: "/pay/sandbox/sbx_7f3a",
  payableUntil: dayAfter("2026-05-20T09:12:44Z"),
}

/** /pay/ok: the payment went through; the balance in the header is fetched again. */
export const ResultSucceeded: Story = {
  name: "Result: succeeded",
  render: resultStory(`/pay/ok?payment=${succeeded.id}`, {
    [on(paymentsApi.payment, { id: succeeded.id })]: succeeded,
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "Payment received" })).toBeVisible()
    await expect(
      canvas.getByRole("heading", { level: 2, name: "$25.00 added to your balance" }),
    ).toBeVisible()
    await expect(canvas.getByRole("status")).toHaveTextContent("Payment received")
    const result = within(canvas.getByRole("region", { name: "$25.00 added to your balance" }))
    await expect(result.getByRole("link", { name: "Go to the dashboard" })).toHaveAttribute(
      "href",
      "/enterpage",
    )
    await expect(result.getByRole("link", { name: "Payment history" })).toHaveAttribute(
      "href",
      "/pay/history_payment",
    )
    await expect(result.getByText("pi_3PqR7sL2eZ")).toBeVisible()
    await waitFor(() => expect(refresh).toHaveBeenCalledWith(userApi.me.url()))
  },
}

/** /pay/error, yet the payment succeeded: the server's state wins over the address. */
export const ResultSucceededOnErrorPage: Story = {
  name: "Result: succeeded, yet sent to the error page",
  globals: { theme: "dark" },
  render: resultStory(`/pay/error?payment=${succeeded.id}`, {
    [on(paymentsApi.payment, { id: succeeded.id })]: succeeded,
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "Payment received" })).toBeVisible()
    await expect(canvas.queryByText(/did not go through/)).toBeNull()
  },
}

const confirmedLater = fn(() =>
  confirmedLater.mock.calls.length < 2
    ? pendingPayment
    : { ...pendingPayment, status: "succeeded", completedAt: "2026-05-20T09:13:05Z" },
)

/** Back from the provider before its confirmation: the page waits, checks every 2 s, and says when it is in. */
export const ResultPendingThenSucceeded: Story = {
  name: "Result: pending, then succeeded",
  render: resultStory(`/pay/ok?payment=${pendingPayment.id}`, {
    [on(paymentsApi.payment, { id: pendingPayment.id })]: confirmedLater,
  }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole("heading", { level: 1, name: "Waiting for confirmation" }),
    ).toBeVisible()
    const live = canvas.getByRole("status")
    await expect(live).toHaveTextContent("Waiting for confirmation")
    await expect(canvas.getByText(/We are waiting for Test payment \(sandbox\) to confirm/)).toBeVisible()
    await expect(refresh).not.toHaveBeenCalled()
    await waitFor(() => expect(live).toHaveTextContent("Payment received"), { timeout: 6000 })
    await expect(confirmedLater).toHaveBeenCalledTimes(2)
    await expect(
      canvas.getByRole("heading", { level: 2, name: "$25.00 added to your balance" }),
    ).toBeVisible()
    await waitFor(() => expect(refresh).toHaveBeenCalledWith(userApi.me.url()))
  },
}

const stillPending = fn(() => pendingPayment)

/** No confirmation within the time the page waits: it says the balance will follow, and can check again. */
export const ResultStillPending: Story = {
  name: "Result: still pending",
  render: resultStory(
    `/pay/error?payment=${pendingPayment.id}`,
    { [on(paymentsApi.payment, { id: pendingPayment.id })]: stillPending },
    { followEveryMs: 100, followForMs: 350 },
  ),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole("heading", { level: 1, name: "Payment not completed yet" }),
    ).toBeVisible()
    await expect(
      await canvas.findByRole("heading", { level: 1, name: "Payment still pending" }, { timeout: 3000 }),
    ).toBeVisible()
    await expect(canvas.getByText(/there is no need to pay again/)).toBeVisible()
    const calls = stillPending.mock.calls.length
    await expect(calls).toBeGreaterThanOrEqual(3)
    await userEvent.click(canvas.getByRole("button", { name: "Check again" }))
    await waitFor(() => expect(stillPending.mock.calls.length).toBeGreaterThan(calls))
    await expect(
      await canvas.findByRole("heading", { level: 1, name: "Payment still pending" }, { timeout: 3000 }),
    ).toBeVisible()
  },
}

const cancelledPending: Payment = {
  ...pendingPayment,
  status: "cancelled",
  completedAt: "2026-05-20T09:40:02Z",
  checkoutUrl: null,
}
const cancelsPending = fn(() => cancelledPending)
// The server's answer follows the cancellation.
const pendingUntilCancelled = fn(() =>
  cancelsPending.mock.calls.length > 0 ? cancelledPending : pendingPayment,
)

/**
 * Back from the test bank without paying: until its checkout closes the payer may go back to it, or cancel the
 * payment (after a confirmation); kept, the focus returns to the button; cancelled, the page says so.
 */
export const ResultResumable: Story = {
  name: "Result: left the checkout, continue or cancel",
  render: resultStory(`/pay/error?payment=${pendingPayment.id}`, {
    [on(paymentsApi.payment, { id: pendingPayment.id })]: pendingUntilCancelled,
    [on(paymentsApi.cancel, { id: pendingPayment.id })]: cancelsPending,
  }),
  play: async ({ canvas, step }) => {
    await expect(
      await canvas.findByRole("heading", { level: 1, name: "Payment not completed yet" }),
    ).toBeVisible()
    await expect(
      canvas.getByText(/You can go back to it until May 21, 2026, 9:12\sAM, or cancel the payment/),
    ).toBeVisible()
    await expect(canvas.getByText(/^Open until May 21, 2026, 9:12\sAM$/)).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Continue payment" })).toHaveAttribute(
      "href",
      "/pay/sandbox/sbx_7f3a",
    )
    const cancel = canvas.getByRole("button", { name: "Cancel payment" })
    await step("ask, and keep it", async () => {
      await userEvent.click(cancel)
      const dialog = await screen.findByRole("alertdialog", { name: "Cancel this payment?" })
      await expect(dialog).toHaveAccessibleDescription(
        /^The top-up of \$25\.00 with Test payment \(sandbox\) will be closed and can no longer be paid\./,
      )
      await waitFor(() => expect(within(dialog).getByRole("button", { name: "Keep it" })).toHaveFocus())
      await userEvent.click(within(dialog).getByRole("button", { name: "Keep it" }))
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
      await waitFor(() => expect(cancel).toHaveFocus())
      await expect(cancelsPending).not.toHaveBeenCalled()
    })
    await step("cancel it", async () => {
      await userEvent.click(cancel)
      const dialog = await screen.findByRole("alertdialog", { name: "Cancel this payment?" })
      await userEvent.click(within(dialog).getByRole("button", { name: "Cancel payment" }))
      await expect(await canvas.findByRole("heading", { level: 1, name: "Payment cancelled" })).toBeVisible()
      await expect(cancelsPending).toHaveBeenCalledTimes(1)
      const heading = canvas.getByRole("heading", {
        level: 2,
        name: "$25.00 with Test payment (sandbox) cancelled",
      })
      await waitFor(() => expect(heading).toHaveFocus())
      await expect(canvas.getByRole("status")).toHaveTextContent("Payment cancelled")
      await expect(canvas.queryByRole("link", { name: "Continue payment" })).toBeNull()
      await expect(canvas.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/addbalance")
    })
  },
}

/** Its checkout closed before it was paid: nothing to go back to or cancel, and why. */
export const ResultCheckoutClosed: Story = {
  name: "Result: checkout closed",
  render: resultStory(
    `/pay/ok?payment=${pendingPayment.id}`,
    {
      [on(paymentsApi.payment, { id: pendingPayment.id })]: { ...pendingPayment, checkoutUrl: null },
    },
    { followEveryMs: 100, followForMs: 350 },
  ),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole("heading", { level: 1, name: "Payment still pending" }, { timeout: 3000 }),
    ).toBeVisible()
    await expect(
      canvas.getByText(/Its checkout closed on May 21, 2026, 9:12\sAM\. If you paid before then/),
    ).toBeVisible()
    await expect(canvas.getByText(/^Closed on May 21, 2026, 9:12\sAM$/)).toBeVisible()
    await expect(canvas.queryByRole("link", { name: "Continue payment" })).toBeNull()
    await expect(canvas.queryByRole("button", { name: "Cancel payment" })).toBeNull()
    await expect(canvas.getByRole("button", { name: "Check again" })).toBeVisible()
  },
}

/** Cancelled earlier: nothing charged, and a new top-up. */
export const ResultCancelled: Story = {
  name: "Result: cancelled",
  render: resultStory(`/pay/error?payment=${pendingPayment.id}`, {
    [on(paymentsApi.payment, { id: pendingPayment.id })]: cancelledPending,
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "Payment cancelled" })).toBeVisible()
    await expect(canvas.getByText(/This payment was cancelled before it was paid/)).toBeVisible()
    await expect(canvas.getByText("Nothing")).toBeVisible()
    await expect(canvas.queryByRole("link", { name: "Continue payment" })).toBeNull()
    await expect(canvas.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/addbalance")
  },
}

/** /pay/error: declined; nothing charged, and the way back to try again. */
export const ResultFailed: Story = {
  name: "Result: failed",
  render: resultStory(`/pay/error?payment=${failedPayment.id}`, {
    [on(paymentsApi.payment, { id: failedPayment.id })]: failedPayment,
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "Payment failed" })).toBeVisible()
    await expect(canvas.getByText(/Nothing was charged and nothing was added to your balance/)).toBeVisible()
    const result = within(canvas.getByRole("region", { name: /did not go through$/ }))
    await expect(result.getByRole("link", { name: "Try again" })).toHaveAttribute("href", "/addbalance")
    await expect(canvas.getByText("Nothing")).toBeVisible()
    // A declined payment has an amount, but nothing was paid.
    await expect(canvas.getByText("Payment amount")).toBeVisible()
    await expect(canvas.queryByText("Amount paid")).toBeNull()
    await expect(refresh).not.toHaveBeenCalled()
  },
}

const notFound = fn(() => {
  throw refusal("This was not found.", "NOT_FOUND", 404)
})

/** An id that is not the user's payment. */
export const ResultUnknown: Story = {
  name: "Result: unknown payment",
  render: resultStory("/pay/ok?payment=pay_00000000", {
    [on(paymentsApi.payment, { id: "pay_00000000" })]: notFound,
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("heading", { level: 1, name: "Payment not found" })).toBeVisible()
    const result = within(canvas.getByRole("region", { name: "No payment pay_00000000 on your account" }))
    await expect(result.getByRole("link", { name: "Payment history" })).toHaveAttribute(
      "href",
      "/pay/history_payment",
    )
  },
}

/** No ?payment= at all. */
export const ResultWithoutId: Story = {
  name: "Result: no payment in the address",
  render: resultStory("/pay/ok", {}),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Which payment?" })).toBeVisible()
    const result = within(canvas.getByRole("region", { name: "This address does not name a payment" }))
    await expect(result.getByRole("link", { name: "Top up" })).toHaveAttribute("href", "/addbalance")
    await expect(result.getByRole("link", { name: "Payment history" })).toBeVisible()
  },
}

/* ───────────────────────────── /pay/history_payment ───────────────────────────── */

/** An answer that never comes: the screen stays on its loading state. */
const pending = () => new Promise<never>(() => {})

// The route's preloaded answer is also the story server's (SWR asks for it again when the screen mounts).
const historyStory =
  (data: HistoryPage | undefined, api: StoryApi = {}) =>
  () => (
    <Shell services={{ user: storyUser }} api={{ [on(balanceApi.history)]: data ?? pending, ...api }}>
      <PaymentHistoryScreen balanceHistory={data} print={print} />
    </Shell>
  )

const onlyTransfers = fn(() => transfersOnly)
const transfersPending = fn(() => ({ ...transfersOnly, items: transfersOnly.items.slice(0, 1), total: 1 }))

/** Every kind of movement and every status, signed amounts, three pages; another page. */
export const History: Story = {
  name: "History",
  render: historyStory(firstPage, { [on(balanceApi.history, null, { page: 2 })]: secondPage }),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Payment history" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Payment history" })).toHaveAttribute(
      "aria-current",
      "page",
    )
    const table = canvas.getByRole("table", { name: "Movements of your balance, newest first" })
    await expect(within(table).getAllByRole("row")).toHaveLength(11)
    await expect(canvas.getByText("1–10 of 23")).toBeVisible()
    // Money in and out, with the other side of each transfer and what each code or refund was.
    await expect(within(table).getByText("+$25.00")).toBeVisible()
    await expect(within(table).getByText("-$5.00")).toBeVisible()
    await expect(within(table).getByText("To a***@example.com (ID 1042)")).toBeVisible()
    await expect(within(table).getByText("From m***@example.org (ID 877)")).toBeVisible()
    await expect(within(table).getByText("A deleted account")).toBeVisible()
    await expect(within(table).getByText("Code ending Q7XK")).toBeVisible()
    await expect(within(table).getByText("Task 70000012345")).toBeVisible()
    await expect(within(table).getByText("+$0.0025")).toBeVisible()
    await expect(within(table).getAllByText("Cancelled")).toHaveLength(1)
    await step("the next page, and back", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Page 2" }))
      await expect(await canvas.findByText("11–14 of 23")).toBeVisible()
      await expect(within(table).getByText("+RUB 2,500.00")).toBeVisible()
      await expect(within(table).getByText("Demo credit")).toBeVisible()
      await userEvent.click(canvas.getByRole("button", { name: "Page 1" }))
      await expect(await canvas.findByText("1–10 of 23")).toBeVisible()
    })
    atTop()
  },
}

/** Filters by type and status ask the API for them and stay in the address; one page, so no pages under it. */
export const HistoryFiltered: Story = {
  name: "History: filtered",
  render: historyStory(firstPage, {
    [on(balanceApi.history, null, { type: "transfer" })]: onlyTransfers,
    [on(balanceApi.history, null, { type: "transfer", status: "pending" })]: transfersPending,
  }),
  play: async ({ canvas, step }) => {
    const table = canvas.getByRole("table", { name: "Movements of your balance, newest first" })
    await step("transfers", async () => {
      await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Type" }), "Transfers")
      await waitFor(() => expect(onlyTransfers).toHaveBeenCalledTimes(1))
      await expect(await canvas.findByText("1–3 of 3")).toBeVisible()
      await expect(within(table).getAllByRole("row")).toHaveLength(4)
    })
    await step("pending transfers", async () => {
      await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Status" }), "Pending")
      await waitFor(() => expect(transfersPending).toHaveBeenCalledTimes(1))
      await expect(await canvas.findByText("1–1 of 1")).toBeVisible()
      await expect(within(table).getAllByText("Transfer sent")).toHaveLength(1)
    })
    await expect(canvas.queryByRole("navigation", { name: "Pages of movements" })).toBeNull()
    atTop()
  },
}

/** A top-up's receipt: every fact of the payment, its campaign bonus and ledger transfer; printable; closing it returns to its row. */
export const HistoryReceipt: Story = {
  name: "History: receipt",
  render: historyStory(firstPage),
  play: async ({ canvas, step }) => {
    // Times are written with a narrow no-break space before PM: a pattern matches either space.
    const button = canvas.getByRole("button", {
      name: /^Receipt: Top-up, \+\$25\.00, May 18, 2026, 4:03\sPM$/,
    })
    await step("open and close", async () => {
      await userEvent.click(button)
      await expect(await screen.findByRole("dialog", { name: "Receipt" })).toBeVisible()
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(button).toHaveFocus())
    })
    await userEvent.click(button)
    const dialog = await screen.findByRole("dialog", { name: "Receipt" })
    await expect(dialog).toHaveAccessibleDescription("Top-up of $25.00 on May 18, 2026")
    const facts = within(dialog)
    await expect(facts.getByText("pi_3PqR7sL2eZvKYlo21AbC")).toBeVisible()
    await expect(facts.getByText("pay_01JX8Z2K4D")).toBeVisible()
    await expect(facts.getByText("Card (Stripe)")).toBeVisible()
    await expect(facts.getByText("$2.50 (10%)")).toBeVisible()
    await expect(facts.getByText("48213")).toBeVisible()
    // Started and completed, 38 seconds apart.
    await expect(facts.getAllByText("May 18, 2026, 4:03 PM", { selector: "dd" })).toHaveLength(2)
    await userEvent.click(facts.getByRole("button", { name: "Print" }))
    await expect(print).toHaveBeenCalledTimes(1)
    // Printing shows the receipt alone: the page's rule that hides everything else is there.
    const printRules = [...document.styleSheets].flatMap((sheet) => printRulesIn(sheet.cssRules))
    await expect(printRules.length).toBeGreaterThan(0)
  },
}

/** A transfer awaiting its mailed confirmation: who it goes to, and that nothing has moved yet. */
export const HistoryTransferReceipt: Story = {
  name: "History: receipt of a transfer",
  render: historyStory(firstPage),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: /^Receipt: Transfer sent, -\$5\.00,/ }))
    const dialog = await screen.findByRole("dialog", { name: "Receipt" })
    await expect(dialog).toHaveAccessibleDescription("Transfer of $5.00 sent on May 19, 2026")
    const facts = within(dialog)
    await expect(facts.getByText("a***@example.com (ID 1042)")).toBeVisible()
    await expect(facts.getByText("Not yet: $5.00 once confirmed")).toBeVisible()
    await expect(facts.getByText("None: nothing moved")).toBeVisible()
    await expect(facts.getByText("318")).toBeVisible()
  },
}

const cancelledCard: Payment = {
  ...leftAtCheckout,
  status: "cancelled",
  completedAt: "2026-05-20T09:31:40Z",
  checkoutUrl: null,
}
const cancelsCard = fn(() => cancelledCard)
/** The words that name the card top-up's row, as a pattern (times have a narrow no-break space before AM). */
const CARD_ROW = String.raw`\$50\.00 with Card \(Stripe\), started May 20, 2026, 9:12\sAM`

/**
 * A card top-up left at Stripe's page: the way back there while it is open, or cancel it after a confirmation;
 * then the row says cancelled, the page says nothing was charged, and the focus is on the list's heading.
 */
export const HistoryCancel: Story = {
  name: "History: continue or cancel a pending top-up",
  render: historyStory(firstPage, { [on(paymentsApi.cancel, { id: leftAtCheckout.id })]: cancelsCard }),
  play: async ({ canvas, step }) => {
    const table = canvas.getByRole("table", { name: "Movements of your balance, newest first" })
    await expect(within(table).getByText(/^Can be paid until May 21, 2026, 9:12\sAM$/)).toBeVisible()
    await expect(
      within(table).getByRole("link", { name: new RegExp(`^Continue payment: ${CARD_ROW}$`) }),
    ).toHaveAttribute("href", STRIPE_CHECKOUT)
    // Only the pending top-up offers them.
    await expect(within(table).getAllByRole("link", { name: /^Continue payment/ })).toHaveLength(1)
    await step("cancel it", async () => {
      await userEvent.click(
        within(table).getByRole("button", { name: new RegExp(`^Cancel payment: ${CARD_ROW}$`) }),
      )
      const dialog = await screen.findByRole("alertdialog", { name: "Cancel this payment?" })
      await expect(dialog).toHaveAccessibleDescription(
        /^The top-up of \$50\.00 with Card \(Stripe\) will be closed/,
      )
      await userEvent.click(within(dialog).getByRole("button", { name: "Cancel payment" }))
      await expect(
        await canvas.findByText("The top-up of $50.00 with Card (Stripe) is cancelled. Nothing was charged."),
      ).toBeVisible()
      await expect(cancelsCard).toHaveBeenCalledTimes(1)
      await waitFor(() => expect(canvas.getByRole("heading", { level: 2, name: "Movements" })).toHaveFocus())
    })
    await expect(within(table).queryByRole("link", { name: /^Continue payment/ })).toBeNull()
    await expect(within(table).getAllByText("Cancelled")).toHaveLength(2)
    atTop()
  },
}

const alreadyPaid = fn(() => {
  throw refusal(
    "This payment is no longer pending, so it cannot be cancelled. Its current state is in your payment history.",
    "PAYMENT_NOT_PENDING",
    409,
  )
})

/** Paid in the other tab meanwhile: the page says why it was not cancelled, and shows the history as it is now. */
export const HistoryCancelRefused: Story = {
  name: "History: cancel refused",
  render: historyStory(firstPage, { [on(paymentsApi.cancel, { id: leftAtCheckout.id })]: alreadyPaid }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: new RegExp(`^Cancel payment: ${CARD_ROW}$`) }))
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel this payment?" })
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel payment" }))
    await expect(
      await canvas.findByText(
        "The top-up of $50.00 was not cancelled: This payment is no longer pending, so it cannot be cancelled. Its current state is in your payment history.",
      ),
    ).toBeVisible()
    await expect(screen.queryByRole("alertdialog")).toBeNull()
    await expect(alreadyPaid).toHaveBeenCalledTimes(1)
    atTop()
  },
}

/** Pending top-ups in each case: open (until when), closed (why nothing is offered), no checkout (cancel only). */
const pendingTopUps: HistoryPage = {
  items: [
    topUpRow(pendingPayment, ""),
    topUpRow(
      {
        ...top(
          "71",
          "crypto-btc",
          40_000_000,
          "pending",
          "2026-05-19T20:05:11Z",
          null,
          "bc1qcr8te4kr609gcawutm",
        ),
        payableUntil: "2026-05-19T20:35:11Z",
      },
      "",
    ),
    topUpRow(top("pay_01JX2R6C4F", "card", 15_000_000, "pending", "2026-05-02T08:40:03Z", null, null), ""),
    // Another payment than the open one above: one payment is one row.
    topUpRow({ ...cancelledPending, id: "pay_01JX1M3V8K" }, ""),
  ],
  total: 4,
  page: 1,
  pageSize: 10,
}

export const HistoryPendingTopUps: Story = {
  name: "History: pending top-ups",
  render: historyStory(pendingTopUps),
  play: async ({ canvas }) => {
    const table = canvas.getByRole("table", { name: "Movements of your balance, newest first" })
    const rows = within(table).getAllByRole("row").slice(1)
    await expect(within(rows[0]!).getByText(/^Can be paid until May 21, 2026, 9:12\sAM$/)).toBeVisible()
    await expect(within(rows[0]!).getByRole("link", { name: /^Continue payment/ })).toHaveAttribute(
      "href",
      "/pay/sandbox/sbx_7f3a",
    )
    await expect(within(rows[1]!).getByText(/^Checkout closed on May 19, 2026, 8:35\sPM$/)).toBeVisible()
    await expect(within(rows[1]!).queryByRole("link", { name: /^Continue payment/ })).toBeNull()
    await expect(within(rows[1]!).queryByRole("button", { name: /^Cancel payment/ })).toBeNull()
    await expect(within(rows[2]!).getByText("Cannot be reopened here")).toBeVisible()
    await expect(within(rows[2]!).queryByRole("link", { name: /^Continue payment/ })).toBeNull()
    await expect(within(rows[2]!).getByRole("button", { name: /^Cancel payment/ })).toBeVisible()
    await expect(within(rows[3]!).getByText("Cancelled")).toBeVisible()
    await expect(within(rows[3]!).queryByRole("button", { name: /^Cancel payment/ })).toBeNull()
  },
}

/** The print rules (in layers and media blocks) that hide what is not the receipt. */
function printRulesIn(rules: CSSRuleList): CSSRule[] {
  return [...rules].flatMap((rule) =>
    rule instanceof CSSMediaRule && rule.conditionText === "print"
      ? [...rule.cssRules].filter((inner) => inner.cssText.includes("body:has("))
      : rule instanceof CSSGroupingRule
        ? printRulesIn(rule.cssRules)
        : [],
  )
}

/** Nothing has moved the balance yet: the way to the first top-up. */
export const HistoryEmpty: Story = {
  name: "History: empty",
  render: historyStory(noMovements),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "Nothing has moved your balance yet" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Top up your balance" })).toHaveAttribute(
      "href",
      "/addbalance",
    )
  },
}

/** While the route loads the first page. */
export const HistoryLoading: Story = {
  name: "History: loading",
  render: historyStory(undefined),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("table")).toHaveAttribute("aria-busy", "true")
    await expect(canvas.getByText("Loading the history…")).toBeInTheDocument()
  },
}

/** On a phone every movement is a card. */
export const HistoryMobile: Story = {
  name: "History: mobile",
  globals: { viewport: { value: "mobile" } },
  render: historyStory({ ...firstPage, items: movements.slice(0, 5) }),
}

/* ───────────────────────────── /pay/history_day ───────────────────────────── */

const dayStory =
  (data: DaySummary | undefined, api: StoryApi = {}) =>
  () => (
    <Shell services={{ user: storyUser }} api={{ [on(paymentsApi.historyDay)]: data ?? pending, ...api }}>
      <DayHistoryScreen paymentDays={data} today={TODAY} />
    </Shell>
  )

const weekAnswer = fn(() => week)

/** The last 30 days: totals, a row per day with movement, the sum; the CSV of the same days. */
export const Days: Story = {
  name: "Daily summary",
  render: dayStory(month),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Daily summary" })).toBeVisible()
    await expect(canvas.getByText("Showing April 21, 2026 to May 20, 2026")).toBeVisible()
    await expect(canvas.getByRole("textbox", { name: /From$/ })).toHaveValue("2026-04-21")
    const table = canvas.getByRole("table", { name: /^Per day/ })
    await expect(within(table).getAllByRole("row")).toHaveLength(1 + month.days.length + 1)
    const total = within(table).getByRole("rowheader", { name: "Total" }).closest("tr")!
    const toppedUp = month.days.reduce((sum, day) => sum + day.toppedUp, 0) / 1_000_000
    await expect(total).toHaveTextContent(`$${toppedUp.toFixed(2)}`)
    await expect(canvas.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      paymentsApi.historyDay.url(null, { dateFrom: "2026-04-21", dateTo: "2026-05-20", format: "csv" }),
    )
    atTop()
  },
}

/** Another period: fetched, kept in the address, and the CSV follows it. */
export const DaysAnotherPeriod: Story = {
  name: "Daily summary: another period",
  render: dayStory(month, {
    [on(paymentsApi.historyDay, null, { dateFrom: "2026-05-14", dateTo: "2026-05-20" })]: weekAnswer,
  }),
  play: async ({ canvas }) => {
    const from = canvas.getByRole("textbox", { name: /From$/ })
    await userEvent.clear(from)
    await userEvent.type(from, "2026-05-14")
    await waitFor(() => expect(weekAnswer).toHaveBeenCalledTimes(1))
    await expect(await canvas.findByText("Showing May 14, 2026 to May 20, 2026")).toBeVisible()
    const table = canvas.getByRole("table", { name: /^Per day/ })
    await expect(within(table).getAllByRole("row")).toHaveLength(1 + week.days.length + 1)
    await expect(canvas.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
      "href",
      paymentsApi.historyDay.url(null, { dateFrom: "2026-05-14", dateTo: "2026-05-20", format: "csv" }),
    )
    atTop()
  },
}

const neverAsked = fn(() => month)

/** A first day after the last, and a period over a year: said next to the fields; nothing is fetched. */
export const DaysInvalidRange: Story = {
  name: "Daily summary: invalid range",
  render: dayStory(month, {
    [on(paymentsApi.historyDay, null, { dateFrom: "2025-01-01", dateTo: "2026-05-20" })]: neverAsked,
  }),
  play: async ({ canvas, step }) => {
    const from = canvas.getByRole("textbox", { name: /From$/ })
    await step("the first day after the last", async () => {
      await userEvent.clear(from)
      await userEvent.type(from, "2026-05-25")
      await expect(await canvas.findByText("The first day must not be after the last day.")).toBeVisible()
    })
    await step("longer than a year", async () => {
      await userEvent.clear(from)
      await userEvent.type(from, "2025-01-01")
      await expect(
        await canvas.findByText(
          "A period can be at most 366 days long: choose a later first day or an earlier last day.",
        ),
      ).toBeVisible()
      await expect(from).toBeInvalid()
    })
    await expect(neverAsked).not.toHaveBeenCalled()
    await expect(canvas.getByText("Showing April 21, 2026 to May 20, 2026")).toBeVisible()
    atTop()
  },
}

/** Nothing moved in the period. */
export const DaysEmpty: Story = {
  name: "Daily summary: empty",
  render: dayStory({ currency: "USD", days: [] }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "No money moved in this period" })).toBeVisible()
  },
}

/** While the route loads the default window. */
export const DaysLoading: Story = {
  name: "Daily summary: loading",
  render: dayStory(undefined),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Loading the summary…")).toBeInTheDocument()
  },
}

/* ───────────────────────────── /pay/sandbox/{checkoutId} ───────────────────────────── */

const sandboxStory = (id: string, api: StoryApi) => () => (
  <Shell api={api}>
    <At pattern="/pay/sandbox/:checkoutId" url={`/pay/sandbox/${id}`}>
      <SandboxCheckoutScreen leave={leave} />
    </At>
  </Shell>
)

const completed = fn((_body: unknown) => ({ returnUrl: sandboxCheckout.returnUrl }))

/** The test bank: the amount and the three answers. */
export const Sandbox: Story = {
  name: "Sandbox checkout",
  render: sandboxStory(sandboxCheckout.checkoutId, {
    [on(paymentsApi.sandboxCheckout, { checkoutId: sandboxCheckout.checkoutId })]: sandboxCheckout,
    [on(paymentsApi.sandboxComplete, { checkoutId: sandboxCheckout.checkoutId })]: completed,
  }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Manyhands test bank" })).toBeVisible()
    await expect(canvas.getByText("Test mode: no real money")).toBeVisible()
    await expect(await canvas.findByRole("heading", { level: 2, name: "$25.00" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Decline (fails)" })).toBeEnabled()
    await expect(canvas.getByRole("button", { name: "Leave pending" })).toBeEnabled()
    await expect(canvas.getByText("How should this payment end?")).toBeVisible()
  },
}

/** "Pay" tells the sandbox, which sends its webhook; then the payer goes back to the site. */
export const SandboxPay: Story = {
  name: "Sandbox checkout: pay",
  render: sandboxStory(sandboxCheckout.checkoutId, {
    [on(paymentsApi.sandboxCheckout, { checkoutId: sandboxCheckout.checkoutId })]: sandboxCheckout,
    [on(paymentsApi.sandboxComplete, { checkoutId: sandboxCheckout.checkoutId })]: completed,
  }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Pay (succeeds)" }))
    await waitFor(() => expect(leave).toHaveBeenCalledWith(sandboxCheckout.returnUrl))
    await expect(completed).toHaveBeenCalledWith({ outcome: "succeed" })
    await expect(canvas.getByRole("status")).toHaveTextContent("Going back to Manyhands…")
    await expect(canvas.getByRole("button", { name: "Leave pending" })).toBeDisabled()
  },
}

const alreadyDecided = fn((_body: unknown) => {
  throw refusal("This test payment has already been decided.", "CHECKOUT_DECIDED", 409)
})

/** The sandbox refuses (decided in another tab): said above the buttons, which stay; the focus goes there. */
export const SandboxRefused: Story = {
  name: "Sandbox checkout: refused",
  render: sandboxStory(sandboxCheckout.checkoutId, {
    [on(paymentsApi.sandboxCheckout, { checkoutId: sandboxCheckout.checkoutId })]: sandboxCheckout,
    [on(paymentsApi.sandboxComplete, { checkoutId: sandboxCheckout.checkoutId })]: alreadyDecided,
  }),
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole("button", { name: "Decline (fails)" }))
    const alert = await canvas.findByRole("alert")
    await expect(alert).toHaveTextContent("The test bank could not answer")
    await expect(alert).toHaveTextContent("This test payment has already been decided.")
    await expect(alreadyDecided).toHaveBeenCalledWith({ outcome: "fail" })
    await waitFor(() => expect(alert.parentElement).toHaveFocus())
    await expect(canvas.getByRole("button", { name: "Decline (fails)" })).toBeEnabled()
    await expect(leave).not.toHaveBeenCalled()
  },
}

/** Already decided: its state and the way back, no buttons. */
export const SandboxDecided: Story = {
  name: "Sandbox checkout: decided",
  render: sandboxStory("chk_decided", {
    [on(paymentsApi.sandboxCheckout, { checkoutId: "chk_decided" })]: {
      ...sandboxCheckout,
      checkoutId: "chk_decided",
      status: "failed",
    },
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("This test payment has already been declined.")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Back to Manyhands" })).toHaveAttribute(
      "href",
      sandboxCheckout.returnUrl,
    )
    await expect(canvas.queryByRole("button", { name: "Pay (succeeds)" })).toBeNull()
  },
}

/** Cancelled on the site: the bank takes no choice any more, and says why. */
export const SandboxCancelled: Story = {
  name: "Sandbox checkout: cancelled",
  render: sandboxStory("chk_cancelled", {
    [on(paymentsApi.sandboxCheckout, { checkoutId: "chk_cancelled" })]: {
      ...sandboxCheckout,
      checkoutId: "chk_cancelled",
      status: "cancelled",
      returnUrl: "/pay/error?payment=pay_01JX9T4M7Q",
    },
  }),
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText("This test payment was cancelled on Manyhands, so it can no longer be paid."),
    ).toBeVisible()
    await expect(canvas.getByText("Cancelled")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Back to Manyhands" })).toHaveAttribute(
      "href",
      "/pay/error?payment=pay_01JX9T4M7Q",
    )
    await expect(canvas.queryByRole("button", { name: "Pay (succeeds)" })).toBeNull()
  },
}

/** An id the sandbox does not know. */
export const SandboxUnknown: Story = {
  name: "Sandbox checkout: unknown",
  render: sandboxStory("chk_nope", {
    [on(paymentsApi.sandboxCheckout, { checkoutId: "chk_nope" })]: notFound,
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText("No such test payment")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Top up" })).toHaveAttribute("href", "/addbalance")
  },
}

/** On a phone. */
export const SandboxMobile: Story = {
  name: "Sandbox checkout: mobile",
  globals: { viewport: { value: "mobile" } },
  render: sandboxStory(sandboxCheckout.checkoutId, {
    [on(paymentsApi.sandboxCheckout, { checkoutId: sandboxCheckout.checkoutId })]: sandboxCheckout,
  }),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole("button", { name: "Pay (succeeds)" })).toBeVisible()
  },
}

import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, screen, spyOn, userEvent, waitFor, within } from "storybook/test"
import { ApiFailure, type ShellUser } from "@manyhands/pages"
import type { Page } from "@manyhands/contract"
import {
  codesApi,
  type IssuedVouchers,
  type NewPromoCode,
  type PromoCode,
  type PromoRedeemed,
  type PromoRedemption,
  type Voucher,
  type VoucherRedeemed,
} from "@manyhands/contract/codes"
// The codes area's own list of screens; pages/src/index.ts spreads it into `screens` like every area's.
import { screens } from "@manyhands/pages/codes/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

const [
  { default: PaypalVoucherScreen },
  { default: PromoCodeScreen },
  { default: AdminVouchersScreen },
  { default: AdminPromoCodesScreen },
] = await Promise.all([
  screens.PaypalVoucher(),
  screens.PromoCode(),
  screens.AdminVouchers(),
  screens.AdminPromoCodes(),
])

const meta = {
  title: "Screens/Codes",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** A request that never answers: the screen stays loading. */
const pending = () => new Promise<never>(() => {})

const admin: ShellUser = { ...storyUser, id: "1", email: "admin@manyhands.dev", permissions: { admin: true } }

/** Focus may have scrolled a long screen; its screenshot is taken from the top. */
const atTop = () => window.scrollTo(0, 0)

/** Replaces the clipboard for one story, so tests neither need a permission nor touch the real one. */
function mockClipboard() {
  const writeText = fn(async (_text: string) => {})
  if (navigator.clipboard) {
    const spy = spyOn(navigator.clipboard, "writeText").mockImplementation(writeText)
    return { writeText, restore: () => spy.mockRestore() }
  }
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true })
  return { writeText, restore: () => Reflect.deleteProperty(navigator, "clipboard") }
}

// Spies keep their implementation across stories (Storybook restores them); only their calls are cleared.
const refresh = fn(async (_url: string) => {})

/* ───────────────────────────── /pay/paypal_voucher ───────────────────────────── */

const redeemedVoucher = fn((_body: unknown): VoucherRedeemed => ({
  voucherId: "41",
  amount: 50_000_000,
  currency: "USD",
  balance: 62_450_000,
}))

const voucherStory = (api: StoryApi) => () => (
  <Shell services={{ user: storyUser }} api={api}>
    <PaypalVoucherScreen />
  </Shell>
)

/** How to buy one, and a code typed in lower case with a space: grouped as it is typed, then redeemed. */
export const PaypalVoucher: Story = {
  name: "PayPal voucher",
  render: voucherStory({ [on(codesApi.redeemVoucher)]: redeemedVoucher }),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Redeem a PayPal voucher" })).toBeVisible()
    await expect(canvas.getByRole("navigation", { name: "Balance and payments" })).toBeVisible()
    const buy = canvas.getByRole("region", { name: "How to buy a voucher" })
    await expect(within(buy).getAllByRole("listitem")).toHaveLength(3)
    await expect(within(buy).getByRole("link", { name: "Write to support" })).toHaveAttribute(
      "href",
      "mailto:support@manyhands.dev?subject=PayPal%20voucher",
    )
    const code = canvas.getByRole("textbox", { name: "Code" })
    await step("grouped as it is typed", async () => {
      await userEvent.type(code, "7k3m 9qxr2b4thw8p")
      await expect(code).toHaveValue("7K3M-9QXR-2B4T-HW8P")
    })
    await step("redeemed: the amount and the new balance", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Redeem voucher" }))
      await expect(await canvas.findByText("Voucher redeemed")).toBeVisible()
      await expect(redeemedVoucher).toHaveBeenCalledWith({ code: "7K3M-9QXR-2B4T-HW8P" })
      await expect(
        canvas.getByText("$50.00 has been added to your balance. Your balance is now $62.45."),
      ).toBeVisible()
      await expect(canvas.getByRole("link", { name: "See the daily summary" })).toHaveAttribute(
        "href",
        "/pay/history_day",
      )
      await expect(canvas.queryByRole("textbox", { name: "Code" })).toBeNull()
    })
    atTop()
  },
}

/** "Redeem another" brings an empty form back; an empty or malformed code is caught before sending. */
export const PaypalVoucherCheck: Story = {
  name: "PayPal voucher: checked before sending",
  render: voucherStory({ [on(codesApi.redeemVoucher)]: redeemedVoucher }),
  play: async ({ canvas, step }) => {
    const submit = () => userEvent.click(canvas.getByRole("button", { name: "Redeem voucher" }))
    await step("empty", async () => {
      await submit()
      await expect(await canvas.findByText("Enter the voucher code.")).toBeVisible()
      await expect(canvas.getByRole("textbox", { name: "Code" })).toHaveFocus()
    })
    await step("too short, and a U (not in the codes' alphabet)", async () => {
      const code = canvas.getByRole("textbox", { name: "Code" })
      await userEvent.type(code, "7K3M-9QXR-2B4T-HW8")
      await expect(
        await canvas.findByText(
          "A voucher code has 16 letters and digits in four groups, like 7K3M-9QXR-2B4T-HW8P.",
        ),
      ).toBeVisible()
      await userEvent.type(code, "U")
      await expect(code).toHaveValue("7K3M-9QXR-2B4T-HW8U")
      await expect(code).toBeInvalid()
      await submit()
    })
    await expect(redeemedVoucher).not.toHaveBeenCalled()
    atTop()
  },
}

const voucherRefusals = fn((_body: unknown): unknown => {
  const calls = voucherRefusals.mock.calls.length
  if (calls === 1)
    throw refusal("No voucher has this code. Check it and try again.", "VOUCHER_NOT_FOUND", 404, {
      code: "No voucher has this code. Check it and try again.",
    })
  if (calls === 2)
    throw refusal("This voucher has already been redeemed.", "VOUCHER_ALREADY_REDEEMED", 409, {
      code: "This voucher has already been redeemed.",
    })
  throw new ApiFailure("Too many attempts; try again in 47 min.", "RATE_LIMITED", 429, {}, 2_820)
})

/** The server's refusals, in the page's words, under the field; then attempts run out (a limit per hour too). */
export const PaypalVoucherRefused: Story = {
  name: "PayPal voucher: refused",
  render: voucherStory({ [on(codesApi.redeemVoucher)]: voucherRefusals }),
  play: async ({ canvas, step }) => {
    const code = canvas.getByRole("textbox", { name: "Code" })
    const submit = () => userEvent.click(canvas.getByRole("button", { name: "Redeem voucher" }))
    await userEvent.type(code, "AAAABBBBCCCCDDDD")
    await step("unknown", async () => {
      await submit()
      await expect(await canvas.findByText("No voucher has this code. Check it and try again.")).toBeVisible()
      await expect(code).toHaveFocus()
      await expect(code).toBeInvalid()
    })
    await step("already redeemed", async () => {
      await submit()
      await expect(await canvas.findByText("This voucher has already been redeemed.")).toBeVisible()
    })
    await step("too many attempts", async () => {
      await submit()
      const alert = await canvas.findByRole("alert")
      await expect(alert).toHaveTextContent("The voucher could not be redeemed")
      await expect(alert).toHaveTextContent("Too many attempts. Try again in 47 min.")
      await expect(code).toBeValid()
    })
    atTop()
  },
}

/** On a phone: the navigation is a row above, the steps and the form stack. */
export const PaypalVoucherMobile: Story = {
  name: "PayPal voucher: mobile",
  globals: { viewport: { value: "mobile" } },
  render: voucherStory({}),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "Redeem voucher" })).toBeVisible()
  },
}

/* ───────────────────────────── /p/promocode ───────────────────────────── */

const used: Page<PromoRedemption> = {
  items: [
    { code: "SPRING-2026", amount: 3_000_000, currency: "USD", redeemedAt: "2026-05-12T10:24:00Z" },
    { code: "WELCOME", amount: 1_000_000, currency: "USD", redeemedAt: "2026-03-02T08:05:00Z" },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
}
const noneUsed: Page<PromoRedemption> = { items: [], total: 0, page: 1, pageSize: 20 }

const promoRedeemed = fn((_body: unknown): PromoRedeemed => ({
  code: "SUMMER-BONUS",
  amount: 5_000_000,
  currency: "USD",
  redeemedAt: "2026-05-20T09:30:00Z",
  balance: 17_450_000,
}))

const promoStory = (data: Page<PromoRedemption> | undefined, api: StoryApi) => () => (
  <Shell
    services={{ user: storyUser, refresh }}
    // The first page is the route's answer; the screen reads it through SWR too.
    api={{ [on(codesApi.redeemedPromoCodes)]: data ?? pending, ...api }}
  >
    <PromoCodeScreen redeemedPromoCodes={data} />
  </Shell>
)

/** The codes used so far, and a new one applied: the bonus and the new balance; the list is fetched again. */
export const Promo: Story = {
  name: "Promo code",
  render: promoStory(used, { [on(codesApi.redeemPromoCode)]: promoRedeemed }),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Promo code" })).toBeVisible()
    const table = canvas.getByRole("table", { name: "Codes you have used" })
    await expect(within(table).getAllByRole("row")).toHaveLength(3)
    await expect(within(table).getByRole("rowheader", { name: "SPRING-2026" })).toBeVisible()
    await expect(within(table).getByText("$3.00")).toBeVisible()
    await step("apply", async () => {
      const code = canvas.getByRole("textbox", { name: "Promo code" })
      await userEvent.type(code, "summer-bonus")
      await expect(code).toHaveValue("SUMMER-BONUS")
      await userEvent.click(canvas.getByRole("button", { name: "Apply code" }))
      await expect(await canvas.findByText("Code SUMMER-BONUS applied")).toBeVisible()
      await expect(promoRedeemed).toHaveBeenCalledWith({ code: "SUMMER-BONUS" })
      await expect(
        canvas.getByText("A bonus of $5.00 has been added to your balance. Your balance is now $17.45."),
      ).toBeVisible()
      await expect(code).toHaveValue("")
      await waitFor(() => expect(refresh).toHaveBeenCalledWith(codesApi.redeemedPromoCodes.url()))
    })
    atTop()
  },
}

const promoRefusals = fn((_body: unknown): unknown => {
  const [code, message, status] = (
    [
      ["PROMO_EXPIRED", "This promo code expired on 2026-04-30 (UTC).", 410],
      ["PROMO_ALREADY_USED", "You have already used this promo code.", 409],
      ["PROMO_NEW_CUSTOMERS_ONLY", "This promo code is for new customers, before their first top-up.", 409],
    ] as const
  )[Math.min(2, promoRefusals.mock.calls.length - 1)]!
  throw refusal(message, code, status, { code: message })
})

/** A first visit: no code used yet; then three refusals, each in the page's words under the field. */
export const PromoRefused: Story = {
  name: "Promo code: refused",
  render: promoStory(noneUsed, { [on(codesApi.redeemPromoCode)]: promoRefusals }),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByText("You have not used a promo code yet")).toBeVisible()
    const code = canvas.getByRole("textbox", { name: "Promo code" })
    const submit = () => userEvent.click(canvas.getByRole("button", { name: "Apply code" }))
    await step("empty", async () => {
      await submit()
      await expect(await canvas.findByText("Enter a promo code.")).toBeVisible()
    })
    await userEvent.type(code, "SPRING-2026")
    await step("expired", async () => {
      await submit()
      await expect(await canvas.findByText("This promo code has expired.")).toBeVisible()
      await expect(code).toHaveFocus()
    })
    await step("used before", async () => {
      await submit()
      await expect(await canvas.findByText("You have already used this promo code.")).toBeVisible()
    })
    await step("for new customers", async () => {
      await submit()
      await expect(
        await canvas.findByText("This promo code is for new customers, before their first top-up."),
      ).toBeVisible()
      await expect(code).toBeInvalid()
    })
    await expect(refresh).not.toHaveBeenCalled()
    atTop()
  },
}

/** While the route loads the list of codes used. */
export const PromoLoading: Story = {
  name: "Promo code: loading",
  render: promoStory(undefined, {}),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "Apply code" })).toBeVisible()
    await expect(canvas.getByRole("table", { name: "Codes you have used" })).toHaveAttribute(
      "aria-busy",
      "true",
    )
  },
}

/** The dark theme. */
export const PromoDark: Story = {
  name: "Promo code: dark",
  globals: { theme: "dark" },
  render: promoStory(used, {}),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("rowheader", { name: "WELCOME" })).toBeVisible()
  },
}

/* ───────────────────────────── /admin/vouchers ───────────────────────────── */

const voucher = (
  id: string,
  last4: string,
  amount: number,
  status: Voucher["status"],
  createdAt: string,
  extra: Partial<Voucher> = {},
): Voucher => ({
  id,
  last4,
  amount,
  currency: "USD",
  note: null,
  status,
  createdAt,
  issuedBy: "admin@manyhands.dev",
  redeemedAt: null,
  redeemedBy: null,
  revokedAt: null,
  ...extra,
})

const vouchers: Voucher[] = [
  voucher("48", "HW8P", 50_000_000, "issued", "2026-05-19T15:02:00Z", { note: "PayPal 7RT20651KX for Ada" }),
  voucher("47", "Q2ZD", 25_000_000, "redeemed", "2026-05-18T09:41:00Z", {
    note: "PayPal 3NM18277AB",
    redeemedAt: "2026-05-18T10:03:00Z",
    redeemedBy: "lin@example.com",
  }),
  voucher("46", "0KXM", 100_000_000, "revoked", "2026-05-16T12:10:00Z", {
    note: "Refunded at PayPal",
    revokedAt: "2026-05-17T08:00:00Z",
  }),
  voucher("45", "T7AR", 5_000_000_000, "issued", "2026-05-15T18:30:00Z", { currency: "RUB" }),
  voucher("44", "9VBE", 10_000_000, "redeemed", "2026-05-11T07:55:00Z", {
    redeemedAt: "2026-05-12T16:20:00Z",
    redeemedBy: null,
  }),
]
const allVouchers: Page<Voucher> = { items: vouchers, total: 5, page: 1, pageSize: 20 }
const redeemedVouchers: Page<Voucher> = {
  items: vouchers.filter((v) => v.status === "redeemed"),
  total: 2,
  page: 1,
  pageSize: 20,
}

const NEW_CODES = ["7K3M-9QXR-2B4T-HW8P", "M4ZC-1YQE-8DRN-60TA", "XB2J-WQ5K-3H7V-PF9S"]
const issuedVouchers = fn((_body: unknown): IssuedVouchers => ({
  vouchers: NEW_CODES.map((code, i) => ({
    ...voucher(String(49 + i), code.slice(-4), 20_000_000, "issued", "2026-05-20T09:00:00Z", {
      note: "PayPal 5UX40981CD for Tomás",
    }),
    code,
  })),
}))

/** The first page as the screen asks for it, counted: after a change the list is fetched again. */
const vouchersAsked = fn(() => allVouchers)

const adminVouchersStory = (data: Page<Voucher> | undefined, api: StoryApi) => () => (
  <Shell services={{ user: admin, refresh }} api={{ [on(codesApi.adminVouchers)]: data ?? pending, ...api }}>
    <AdminVouchersScreen adminVouchers={data} />
  </Shell>
)

/** The list of every status, then only the redeemed ones (fetched for the tab). */
export const AdminVouchers: Story = {
  name: "Admin: vouchers",
  render: adminVouchersStory(allVouchers, {
    [on(codesApi.adminVouchers, null, { status: "redeemed" })]: redeemedVouchers,
  }),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Vouchers" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Vouchers" })).toHaveAttribute("aria-current", "page")
    const table = canvas.getByRole("table", { name: "All" })
    await expect(within(table).getAllByRole("row")).toHaveLength(6)
    await expect(within(table).getByRole("rowheader", { name: "…HW8P" })).toBeVisible()
    await expect(within(table).getByText("RUB 5,000.00")).toBeVisible()
    await expect(within(table).getByText(/by a deleted account/)).toBeVisible()
    // Only vouchers not yet redeemed can be revoked.
    await expect(
      within(table).getAllByRole("button", { name: /^Revoke the voucher ending in/ }),
    ).toHaveLength(2)
    await step("the redeemed tab", async () => {
      await userEvent.click(canvas.getByRole("tab", { name: "Redeemed" }))
      const redeemed = await canvas.findByRole("table", { name: "Redeemed" })
      await waitFor(() => expect(within(redeemed).getAllByRole("row")).toHaveLength(3))
      await expect(within(redeemed).getByText(/by lin@example.com/)).toBeVisible()
    })
    atTop()
  },
}

/** Three vouchers issued: the codes, this once, with a warning and a way to copy them all. */
export const AdminVouchersIssued: Story = {
  name: "Admin: vouchers issued",
  render: adminVouchersStory(allVouchers, {
    [on(codesApi.adminVouchers)]: vouchersAsked,
    [on(codesApi.issueVouchers)]: issuedVouchers,
  }),
  play: async ({ canvas, step }) => {
    const clipboard = mockClipboard()
    const asked = vouchersAsked.mock.calls.length
    try {
      await step("checked before sending", async () => {
        const count = canvas.getByRole("spinbutton", { name: /^Number of vouchers/ })
        await userEvent.clear(count)
        await userEvent.type(count, "300")
        await userEvent.click(canvas.getByRole("button", { name: "Issue vouchers" }))
        await expect(await canvas.findByText("Enter the amount of each voucher.")).toBeVisible()
        await expect(canvas.getByText("Issue from 1 to 100 vouchers at a time.")).toBeVisible()
        await expect(issuedVouchers).not.toHaveBeenCalled()
      })
      await step("issued", async () => {
        await userEvent.type(canvas.getByRole("textbox", { name: /^Amount of each voucher, USD/ }), "20")
        const count = canvas.getByRole("spinbutton", { name: /^Number of vouchers/ })
        await userEvent.clear(count)
        await userEvent.type(count, "3")
        await userEvent.type(canvas.getByRole("textbox", { name: /^Note/ }), "PayPal 5UX40981CD for Tomás")
        await userEvent.click(canvas.getByRole("button", { name: "Issue vouchers" }))
        const heading = await canvas.findByRole("heading", { name: "New vouchers: 3 of $20.00" })
        await expect(heading).toHaveFocus()
        await expect(issuedVouchers).toHaveBeenCalledWith({
          amount: 20_000_000,
          currency: "USD",
          count: 3,
          note: "PayPal 5UX40981CD for Tomás",
        })
        await expect(canvas.getByText("Copy the codes now")).toBeVisible()
        const codes = canvas.getByRole("list", { name: "Codes of the new vouchers" })
        await expect(
          within(codes)
            .getAllByRole("listitem")
            .map((item) => item.textContent),
        ).toEqual(NEW_CODES)
        await waitFor(() => expect(vouchersAsked.mock.calls.length).toBeGreaterThan(asked))
      })
      await step("copied", async () => {
        const copy = canvas.getByRole("button", { name: "Copy all 3 codes" })
        await userEvent.click(copy)
        await expect(clipboard.writeText).toHaveBeenCalledWith(NEW_CODES.join("\n"))
        await waitFor(() => expect(copy).toHaveAccessibleName("Copy all 3 codes"), { timeout: 4000 })
      })
    } finally {
      clipboard.restore()
    }
    atTop()
  },
}

/** "I have copied the codes": they are gone, and the form is back for the next sale. */
export const AdminVouchersIssuedDone: Story = {
  name: "Admin: vouchers issued, codes put away",
  render: adminVouchersStory(allVouchers, { [on(codesApi.issueVouchers)]: issuedVouchers }),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole("textbox", { name: /^Amount of each voucher, USD/ }), "20")
    await userEvent.click(canvas.getByRole("button", { name: "Issue vouchers" }))
    await userEvent.click(await canvas.findByRole("button", { name: "I have copied the codes" }))
    await expect(canvas.queryByText(NEW_CODES[0]!)).toBeNull()
    await expect(canvas.getByRole("button", { name: "Issue vouchers" })).toBeVisible()
  },
}

const revoked = fn(() => ({ ...vouchers[0]!, status: "revoked", revokedAt: "2026-05-20T09:10:00Z" }))

/** Revoking asks first; then the list is fetched again and the page says what happened. */
export const AdminVouchersRevoke: Story = {
  name: "Admin: voucher revoked",
  render: adminVouchersStory(allVouchers, {
    [on(codesApi.adminVouchers)]: vouchersAsked,
    [on(codesApi.revokeVoucher, { id: "48" })]: revoked,
  }),
  play: async ({ canvas, step }) => {
    const asked = vouchersAsked.mock.calls.length
    const button = canvas.getByRole("button", { name: "Revoke the voucher ending in HW8P" })
    await step("asked", async () => {
      await userEvent.click(button)
      const dialog = await screen.findByRole("alertdialog", {
        name: "Revoke the voucher ending in HW8P ($50.00)?",
      })
      await expect(dialog).toHaveAccessibleDescription(
        "Its code will stop working at once. This cannot be undone.",
      )
      await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }))
      await waitFor(() => expect(button).toHaveFocus())
      await expect(revoked).not.toHaveBeenCalled()
    })
    await step("revoked", async () => {
      await userEvent.click(button)
      const dialog = await screen.findByRole("alertdialog")
      await userEvent.click(within(dialog).getByRole("button", { name: "Revoke voucher" }))
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
      await expect(revoked).toHaveBeenCalledTimes(1)
      await expect(canvas.getByText("The voucher ending in HW8P ($50.00) has been revoked.")).toBeVisible()
      await waitFor(() => expect(vouchersAsked.mock.calls.length).toBeGreaterThan(asked))
      // The focus went back to the row's button; the screenshot is taken without its ring.
      ;(document.activeElement as HTMLElement | null)?.blur()
    })
    atTop()
  },
}

/* ───────────────────────────── /admin/promo-codes ───────────────────────────── */

const promo = (fields: Partial<PromoCode> & Pick<PromoCode, "id" | "code">): PromoCode => ({
  amount: 2_000_000,
  currency: "USD",
  maxRedemptions: null,
  redemptions: 0,
  startsAt: null,
  expiresAt: null,
  newCustomersOnly: false,
  note: null,
  status: "active",
  createdAt: "2026-05-01T09:00:00Z",
  disabledAt: null,
  ...fields,
})

const promos: Page<PromoCode> = {
  items: [
    promo({
      id: "12",
      code: "SUMMER-2026",
      amount: 5_000_000,
      maxRedemptions: 500,
      redemptions: 0,
      startsAt: "2026-06-01T00:00:00Z",
      expiresAt: "2026-08-31T23:59:00Z",
      status: "scheduled",
      note: "Newsletter of June",
    }),
    promo({ id: "11", code: "WELCOME", amount: 1_000_000, redemptions: 1_284, newCustomersOnly: true }),
    promo({
      id: "10",
      code: "SPRING-2026",
      amount: 3_000_000,
      maxRedemptions: 100,
      redemptions: 100,
      expiresAt: "2026-05-31T23:59:00Z",
      status: "exhausted",
    }),
    promo({
      id: "9",
      code: "HABR-READERS",
      amount: 300_000_000,
      currency: "RUB",
      redemptions: 57,
      expiresAt: "2026-04-30T23:59:00Z",
      status: "expired",
      note: "Partner article",
    }),
    promo({
      id: "8",
      code: "LEAKED-CODE",
      redemptions: 3_901,
      status: "disabled",
      disabledAt: "2026-02-14T11:00:00Z",
    }),
  ],
  total: 5,
  page: 1,
  pageSize: 20,
}

const created = fn((body: unknown): PromoCode => {
  const request = body as NewPromoCode
  return promo({
    id: "13",
    code: request.code,
    amount: request.amount,
    maxRedemptions: request.maxRedemptions,
  })
})

/** The first page as the screen asks for it, counted: after a change the list is fetched again. */
const promosAsked = fn(() => promos)

const adminPromosStory = (data: Page<PromoCode> | undefined, api: StoryApi) => () => (
  <Shell
    services={{ user: admin, refresh }}
    api={{ [on(codesApi.adminPromoCodes)]: data ?? pending, ...api }}
  >
    <AdminPromoCodesScreen adminPromoCodes={data} />
  </Shell>
)

/** Every state with its count of uses; a new code created, the list fetched again. */
export const AdminPromoCodes: Story = {
  name: "Admin: promo codes",
  render: adminPromosStory(promos, {
    [on(codesApi.adminPromoCodes)]: promosAsked,
    [on(codesApi.createPromoCode)]: created,
  }),
  play: async ({ canvas, step }) => {
    const asked = promosAsked.mock.calls.length
    await expect(canvas.getByRole("heading", { level: 1, name: "Promo codes" })).toBeVisible()
    const table = canvas.getByRole("table", { name: "All promo codes" })
    await expect(within(table).getAllByRole("row")).toHaveLength(6)
    await expect(within(table).getByText("100 of 100")).toBeVisible()
    await expect(within(table).getByText("1,284, no limit")).toBeVisible()
    await expect(within(table).getByText("Used up")).toBeVisible()
    // A disabled code has nothing left to disable.
    await expect(within(table).getAllByRole("button", { name: /^Disable the promo code/ })).toHaveLength(4)
    await step("created", async () => {
      await userEvent.type(canvas.getByRole("textbox", { name: /^Code/ }), "autumn-2026")
      await userEvent.type(canvas.getByRole("textbox", { name: /^Bonus, USD/ }), "4")
      await userEvent.type(canvas.getByRole("spinbutton", { name: /^Most uses/ }), "250")
      await userEvent.click(canvas.getByRole("checkbox", { name: /^New customers only/ }))
      await userEvent.click(canvas.getByRole("button", { name: "Create promo code" }))
      await expect(await canvas.findByText("Promo code AUTUMN-2026 created.")).toBeVisible()
      await expect(created).toHaveBeenCalledWith({
        code: "AUTUMN-2026",
        amount: 4_000_000,
        currency: "USD",
        maxRedemptions: 250,
        startsAt: null,
        expiresAt: null,
        newCustomersOnly: true,
        note: null,
      })
      await expect(canvas.getByRole("textbox", { name: /^Code/ })).toHaveValue("")
      await waitFor(() => expect(promosAsked.mock.calls.length).toBeGreaterThan(asked))
    })
    atTop()
  },
}

const refusedPromo = fn((_body: unknown): unknown => {
  if (refusedPromo.mock.calls.length === 1)
    throw refusal("A promo code WELCOME already exists.", "PROMO_CODE_TAKEN", 409, {
      code: "A promo code WELCOME already exists.",
    })
  throw refusal("The end must be in the future.", "PROMO_DATES_INVALID", 400, {
    expiresAt: "The end must be in the future.",
  })
})

/** Checked on the page (the code's form, the order of the dates), then refused by the server. */
export const AdminPromoCodesRefused: Story = {
  name: "Admin: promo code refused",
  render: adminPromosStory(promos, { [on(codesApi.createPromoCode)]: refusedPromo }),
  play: async ({ canvas, step }) => {
    const code = canvas.getByRole("textbox", { name: /^Code/ })
    const submit = () => userEvent.click(canvas.getByRole("button", { name: "Create promo code" }))
    await step("on the page", async () => {
      await userEvent.type(code, "W!")
      await userEvent.type(canvas.getByLabelText(/^Valid from/), "2026-07-01T10:00")
      await userEvent.type(canvas.getByLabelText(/^Valid until/), "2026-06-01T10:00")
      await submit()
      await expect(
        await canvas.findByText(
          "Use 3 to 32 letters (A–Z) and digits; spaces, dashes and underscores may separate them.",
        ),
      ).toBeVisible()
      await expect(canvas.getByText("Enter the bonus.")).toBeVisible()
      await expect(canvas.getByText("The start must come before the end.")).toBeVisible()
      await expect(code).toHaveFocus()
      await expect(refusedPromo).not.toHaveBeenCalled()
    })
    await step("a code that exists", async () => {
      await userEvent.clear(code)
      await userEvent.type(code, "welcome")
      await userEvent.type(canvas.getByRole("textbox", { name: /^Bonus, USD/ }), "1")
      await userEvent.clear(canvas.getByLabelText(/^Valid from/))
      await submit()
      await expect(
        await canvas.findByText("A promo code like this already exists. Choose another."),
      ).toBeVisible()
      await expect(code).toHaveFocus()
    })
    await step("an end in the past", async () => {
      await userEvent.clear(code)
      await userEvent.type(code, "WELCOME-2")
      await submit()
      await expect(await canvas.findByText("The end must be in the future.")).toBeVisible()
      await expect(canvas.getByLabelText(/^Valid until/)).toHaveFocus()
    })
    atTop()
  },
}

/** Disabling asks first, saying that bonuses already given stay. */
export const AdminPromoCodesDisable: Story = {
  name: "Admin: disable a promo code",
  render: adminPromosStory(promos, {}),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Disable the promo code WELCOME" }))
    const dialog = await screen.findByRole("alertdialog", { name: "Disable the promo code WELCOME?" })
    await expect(dialog).toHaveAccessibleDescription(
      "Nobody can use it any more; the 1,284 bonuses already given stay. This cannot be undone.",
    )
    await expect(within(dialog).getByRole("button", { name: "Disable code" })).toBeVisible()
  },
}

/** While the route loads the list. */
export const AdminPromoCodesLoading: Story = {
  name: "Admin: promo codes loading",
  render: adminPromosStory(undefined, {}),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("table", { name: "All promo codes" })).toHaveAttribute("aria-busy", "true")
  },
}

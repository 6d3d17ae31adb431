import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, screen, spyOn, userEvent, waitFor, within } from "storybook/test"
import {
  profileApi,
  userApi,
  type ApiKeyData,
  type DocumentsData,
  type NotificationsData,
  type SessionsData,
  type TwoFactorData,
} from "@manyhands/contract/accounts"
import { payoutsApi } from "@manyhands/contract/payouts"
import { screens, type ShellUser } from "@manyhands/pages"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser, type StoryApi } from "./story-shell"

const [
  { default: OverviewScreen },
  { default: EditScreen },
  { default: NotificationsScreen },
  { default: AuthenticationScreen },
  { default: DocumentsScreen },
  { default: PasswordScreen },
  { default: DeleteScreen },
] = await Promise.all([
  screens.Profile(),
  screens.ProfileEdit(),
  screens.ProfileNotifications(),
  screens.ProfileAuthentication(),
  screens.ProfileDocuments(),
  screens.ProfileEditPassword(),
  screens.ProfileDelete(),
])

const meta = {
  title: "Screens/Profile",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const withUser = (profile: Partial<ShellUser["profile"]> = {}): ShellUser => ({
  ...storyUser,
  profile: { ...storyUser.profile, ...profile },
})

const twoFactorOff: TwoFactorData = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 }
const twoFactorOn: TwoFactorData = { enabled: true, enabledAt: "2026-01-12T10:00:00Z", recoveryCodesLeft: 8 }

const sessions: SessionsData = {
  sessions: [
    {
      id: "31",
      current: true,
      userAgent:
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36",
      ip: "203.0.113.7",
      createdAt: "2026-03-02T09:15:00Z",
      lastSeenAt: "2026-03-04T18:40:00Z",
    },
    {
      id: "27",
      current: false,
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
      ip: "198.51.100.23",
      createdAt: "2026-02-20T07:02:00Z",
      lastSeenAt: "2026-03-03T12:05:00Z",
    },
    {
      id: "12",
      current: false,
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      ip: "2001:db8::42",
      createdAt: "2026-01-28T21:30:00Z",
      lastSeenAt: "2026-02-27T08:12:00Z",
    },
  ],
}

const noKey: ApiKeyData = { exists: false, hint: null, createdAt: null }
const key: ApiKeyData = { exists: true, hint: "7f3a", createdAt: "2025-11-21T14:00:00Z" }

const notifications: NotificationsData = {
  settings: {
    security: { email: true, site: true },
    payments: { email: true, site: true },
    tickets: { email: true, site: false },
    news: { email: false, site: false },
    product: { email: false, site: true },
  },
}

const documents: DocumentsData = {
  documents: [
    {
      id: "9",
      kind: "proof_of_address",
      fileName: "utility-bill-march.pdf",
      contentType: "application/pdf",
      size: 412_000,
      status: "pending",
      reviewNote: null,
      createdAt: "2026-03-03T10:00:00Z",
    },
    {
      id: "7",
      kind: "id_card",
      fileName: "id-card-back.jpg",
      contentType: "image/jpeg",
      size: 1_830_000,
      status: "rejected",
      reviewNote: "The photo is blurred; the number cannot be read.",
      createdAt: "2026-02-27T16:20:00Z",
    },
    {
      id: "4",
      kind: "passport",
      fileName: "passport.png",
      contentType: "image/png",
      size: 2_400_000,
      status: "approved",
      reviewNote: null,
      createdAt: "2026-02-10T08:45:00Z",
    },
  ],
}

/** A stand-in for the server's QR code: a fixed pattern of modules on a 25 × 25 grid, as an SVG document. */
const qrSvg = (() => {
  const cells: string[] = []
  for (let y = 0; y < 25; y++)
    for (let x = 0; x < 25; x++) {
      const finder = [0, 18].some((fx) =>
        [0, 18].some((fy) => !(fx === 18 && fy === 18) && x >= fx && x < fx + 7 && y >= fy && y < fy + 7),
      )
      const on = finder
        ? !(x % 18 === 1 || x % 18 === 5 || y % 18 === 1 || y % 18 === 5) ||
          (x % 18 >= 2 && x % 18 <= 4 && y % 18 >= 2 && y % 18 <= 4)
        : (x * 7 + y * 13 + x * y) % 3 === 0
      if (on) cells.push(`<rect x="${x}" y="${y}" width="1" height="1"/>`)
    }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 29 29" shape-rendering="crispEdges"><rect x="-2" y="-2" width="29" height="29" fill="#fff"/><g fill="#000">${cells.join("")}</g></svg>`
})()

const recoveryCodes = [
  "k3d9-x2mf",
  "p7qa-4hzt",
  "m2vn-8cjw",
  "t5rb-e6yk",
  "a9fs-3gpl",
  "w4ux-7dqn",
  "c8ht-2mze",
  "r6jy-5kva",
  "n3pe-9wbs",
  "g7lc-1xfd",
]

/** Valid TRON addresses (base58check, checked with the server's validator). */
const tronWallet = "TQrZ4whU7VdLQpzeYYvqpvE9DBW5sB921Z"
const newTronWallet = "TRQGYRCGkAkHZfkJL7zDd4piW2PZs68hve"
/** The same with its last character mistyped: the shape is right, the checksum is not. */
const mistypedTronWallet = `${newTronWallet.slice(0, -1)}f`

/** GET /api/v2/payouts/methods: the server's catalogue (micro-units of USD) and the confirmed wallet. */
const payoutSettings = (current: { method: string; wallet: string } | null) => ({
  methods: [
    {
      name: "usdt-trc20",
      label: "USDT (TRC-20)",
      minimum: 5_000_000,
      fee: { fixed: 1_000_000, percent: 0, minimum: 0 },
    },
    { name: "btc", label: "Bitcoin", minimum: 20_000_000, fee: { fixed: 2_000_000, percent: 0, minimum: 0 } },
    { name: "paypal", label: "PayPal", minimum: 2_000_000, fee: { fixed: 0, percent: 2, minimum: 300_000 } },
  ],
  current,
  available: { earnings: 0, partner: 0 },
})
const noPayoutApi: StoryApi = { [on(payoutsApi.settings)]: payoutSettings(null) }

/** Focus may have scrolled a long screen; its screenshot is taken from the top. */
const atTop = () => window.scrollTo(0, 0)

/** The file input of the upload form (its Field label is "File"). */
const fileInput = (canvas: ReturnType<typeof within>) => canvas.getByLabelText(/^File/) as HTMLInputElement

const nav = (canvas: ReturnType<typeof within>) =>
  canvas.getByRole("navigation", { name: "Profile sections" })

/* ───────────────────────────── /profile ───────────────────────────── */

/** /profile: the account at a glance; the navigation marks the current page; 2FA is off, with a way to it. */
export const Overview: Story = {
  render: () => (
    <Shell services={{ user: storyUser }}>
      <OverviewScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Your profile")
    const links = within(nav(canvas))
    await expect(links.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page")
    await expect(links.getByRole("link", { name: "Delete account" })).toHaveAttribute(
      "href",
      "/profile/delete",
    )
    await expect(links.getAllByRole("link")).toHaveLength(7)
    await expect(canvas.getByText("ada@example.com")).toBeVisible()
    await expect(canvas.getByText("Ada Lovelace")).toBeVisible()
    await expect(canvas.getByText("Customer")).toBeVisible()
    await expect(canvas.getByText("English")).toHaveAttribute("lang", "en")
    await expect(canvas.getByText("Europe/London")).toBeVisible()
    await expect(canvas.getByText("Off")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Manage two-factor authentication" })).toHaveAttribute(
      "href",
      "/profile/authentication",
    )
    await expect(canvas.getByRole("link", { name: "Change your password" })).toHaveAttribute(
      "href",
      "/profile/edit_password",
    )
    atTop()
  },
}

/** No account type yet: a link to /select-role; a payout wallet (with its method) and 2FA are on. */
export const OverviewWithoutAccountType: Story = {
  render: () => (
    <Shell
      services={{
        user: {
          ...withUser({
            userType: null,
            displayName: null,
            payoutWallet: tronWallet,
            twoFactorEnabled: true,
          }),
          interfaceLanguage: "de",
        },
      }}
      api={{
        [on(payoutsApi.settings)]: payoutSettings({ method: "usdt-trc20", wallet: tronWallet }),
      }}
    >
      <OverviewScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Not chosen yet")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Choose your account type" })).toHaveAttribute(
      "href",
      "/select-role",
    )
    await expect(canvas.getByText("Deutsch")).toHaveAttribute("lang", "de")
    await expect(canvas.getByText(tronWallet)).toBeVisible()
    await expect(await canvas.findByText("USDT (TRC-20)")).toBeVisible()
    await expect(canvas.getByText("On")).toBeVisible()
    atTop()
  },
}

/** A wallet saved before payout methods existed receives no payouts: a warning and the way to set it. */
export const OverviewWalletWithoutMethod: Story = {
  render: () => (
    <Shell services={{ user: withUser({ payoutWallet: "P1043392817" }) }} api={noPayoutApi}>
      <OverviewScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("P1043392817")).toBeVisible()
    await expect(await canvas.findByText("No payout method")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Set the payout method" })).toHaveAttribute(
      "href",
      "/profile/edit",
    )
    atTop()
  },
}

/** On a phone the navigation is a scrolling row above the content. */
export const OverviewMobile: Story = {
  globals: { viewport: { value: "mobile" } },
  render: () => (
    <Shell services={{ user: storyUser }}>
      <OverviewScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(within(nav(canvas)).getByRole("link", { name: "Overview" })).toHaveAttribute(
      "aria-current",
      "page",
    )
    await expect(canvas.getByRole("link", { name: "Edit personal details" })).toBeVisible()
    atTop()
  },
}

/* ─────────────────────────── /profile/edit ─────────────────────────── */

const putUser = fn((body: unknown) => body)
const refreshAfterEdit = fn(async (_url: string) => {})

/** Name and time zone change; only the changed fields are sent, then the user is fetched again. */
export const EditDetails: Story = {
  render: () => (
    <Shell
      services={{ user: storyUser, refresh: refreshAfterEdit }}
      api={{ ...noPayoutApi, [on(userApi.update)]: putUser }}
    >
      <EditScreen />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await expect(within(nav(canvas)).getByRole("link", { name: "Personal details" })).toHaveAttribute(
      "aria-current",
      "page",
    )
    const name = canvas.getByRole("textbox", { name: "Display name" })
    await expect(name).toHaveValue("Ada Lovelace")
    await expect(name).toHaveAttribute("autocomplete", "nickname")
    await step("too long a name is refused as it is typed", async () => {
      await userEvent.clear(name)
      await userEvent.click(name)
      await userEvent.paste("A".repeat(101))
      await userEvent.tab()
      await expect(canvas.getByText("Use at most 100 characters.")).toBeVisible()
      await expect(name).toBeInvalid()
    })
    await step("a new name and time zone are saved", async () => {
      await userEvent.clear(name)
      await userEvent.type(name, "Ada King")
      const zone = canvas.getByRole("combobox", { name: /^Time zone/ })
      await expect(zone).toHaveValue("Europe/London")
      await userEvent.clear(zone)
      await userEvent.type(zone, "Berlin")
      await userEvent.click(await screen.findByRole("option", { name: "Europe/Berlin" }))
      await userEvent.click(canvas.getByRole("button", { name: "Save changes" }))
      await waitFor(() =>
        expect(putUser).toHaveBeenCalledWith({
          profile: { displayName: "Ada King", timezone: "Europe/Berlin" },
        }),
      )
      await expect(refreshAfterEdit).toHaveBeenCalledWith(userApi.me.url())
      await expect(await canvas.findByText("Your details are saved.")).toBeVisible()
    })
    // Whether Chromium draws the clicked button's focus ring depends on how it judged the last input; the
    // screenshot is of the saved form, without it.
    ;(document.activeElement as HTMLElement | null)?.blur()
    atTop()
  },
}

const postEmail = fn((body: unknown) => ({
  status: "confirmation-sent",
  email: (body as { newEmail: string }).newEmail,
}))

/** A new address behind the password: the mail goes to the new address, the old one gets a notice. */
export const EditEmail: Story = {
  render: () => (
    <Shell services={{ user: storyUser }} api={{ ...noPayoutApi, [on(profileApi.changeEmail)]: postEmail }}>
      <EditScreen />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    const email = canvas.getByRole("textbox", { name: /New e-mail address/ })
    await expect(email).toHaveAttribute("autocomplete", "email")
    await step("the current address is refused before sending", async () => {
      await userEvent.type(email, "ADA@example.com")
      await userEvent.click(canvas.getByRole("button", { name: "Change e-mail address" }))
      await expect(canvas.getByText("This is already your address.")).toBeVisible()
      await expect(postEmail).not.toHaveBeenCalled()
    })
    await step("a new address is sent with the password", async () => {
      await userEvent.clear(email)
      await userEvent.type(email, "ada.king@example.org")
      const card = within(canvas.getByRole("region", { name: "E-mail address" }))
      await userEvent.type(card.getByLabelText(/Current password/), "correct horse battery")
      await userEvent.click(canvas.getByRole("button", { name: "Change e-mail address" }))
      await waitFor(() =>
        expect(postEmail).toHaveBeenCalledWith({
          newEmail: "ada.king@example.org",
          password: "correct horse battery",
        }),
      )
      await expect(await card.findByRole("status")).toHaveTextContent(
        "We sent a confirmation link to ada.king@example.org.",
      )
      await expect(card.getByLabelText(/Current password/)).toHaveValue("")
    })
    atTop()
  },
}

const postWallet = fn((body: unknown) => {
  const { password, wallet } = body as { method: string; wallet: string; password: string }
  if (wallet === mistypedTronWallet) {
    // One character off: the server's checksum check refuses it, with its message on the field.
    const message = "This TRON address has a typing error: its checksum does not match."
    throw refusal(message, "WALLET_INVALID", 400, { wallet: message })
  }
  if (password !== "right") {
    throw refusal("This is not your current password.", "PASSWORD_WRONG", 400, {
      password: "This is not your current password.",
    })
  }
  return { status: "confirmation-sent" }
})

/**
 * /profile/edit, payout wallet: the confirmed method and wallet in the description, the methods with their
 * minimum and fee; choosing PayPal asks for an e-mail address (checked in the browser), then the mail is
 * sent.
 */
export const EditWallet: Story = {
  render: () => (
    <Shell
      services={{ user: withUser({ payoutWallet: tronWallet }) }}
      api={{
        [on(payoutsApi.settings)]: payoutSettings({ method: "usdt-trc20", wallet: tronWallet }),
        [on(profileApi.changeWallet)]: postWallet,
      }}
    >
      <EditScreen />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    const card = within(canvas.getByRole("region", { name: "Payout wallet" }))
    const methods = await card.findByRole("radiogroup", { name: /Payout method/ })
    await expect(
      card.getByText(`Where we send your earnings. Now: USDT (TRC-20), ${tronWallet}.`),
    ).toBeVisible()
    await step("the confirmed method is chosen; each method shows its minimum and fee", async () => {
      await expect(within(methods).getByRole("radio", { name: "USDT (TRC-20)" })).toBeChecked()
      await expect(within(methods).getByRole("radio", { name: "USDT (TRC-20)" })).toHaveAccessibleDescription(
        "Minimum $5.00, fee $1.00",
      )
      await expect(within(methods).getByRole("radio", { name: "Bitcoin" })).toHaveAccessibleDescription(
        "Minimum $20.00, fee $2.00",
      )
      await expect(within(methods).getByRole("radio", { name: "PayPal" })).toHaveAccessibleDescription(
        "Minimum $2.00, fee 2%, at least $0.30",
      )
      const address = card.getByRole("textbox", { name: /TRON address \(TRC-20\)/ })
      await expect(address).toHaveAttribute("autocomplete", "off")
      await expect(address).toHaveAttribute("placeholder", "T…")
    })
    await step("PayPal asks for an e-mail address and checks its shape", async () => {
      await userEvent.click(within(methods).getByRole("radio", { name: "PayPal" }))
      const address = card.getByRole("textbox", { name: /PayPal e-mail address/ })
      await expect(address).toHaveAttribute("type", "email")
      await expect(address).toHaveAttribute("inputmode", "email")
      await expect(address).toHaveAttribute("autocomplete", "email")
      await userEvent.type(address, "ada.pay@example")
      await userEvent.type(card.getByLabelText(/Current password/), "right")
      await userEvent.click(card.getByRole("button", { name: "Change payout wallet" }))
      await expect(card.getByText("Enter an address like name@example.com.")).toBeVisible()
      await expect(address).toHaveFocus()
      await expect(postWallet).not.toHaveBeenCalled()
    })
    await step("a valid address is sent with the method and the password", async () => {
      await userEvent.type(card.getByRole("textbox", { name: /PayPal e-mail address/ }), ".com")
      await userEvent.click(card.getByRole("button", { name: "Change payout wallet" }))
      await waitFor(() =>
        expect(postWallet).toHaveBeenCalledWith({
          method: "paypal",
          wallet: "ada.pay@example.com",
          password: "right",
        }),
      )
      await expect(await card.findByRole("status")).toHaveTextContent(
        "We sent a link to ada@example.com. The new wallet is used once you confirm it there.",
      )
      await expect(within(methods).getByRole("radio", { name: "PayPal" })).toBeChecked()
      await expect(card.getByRole("textbox", { name: /PayPal e-mail address/ })).toHaveValue("")
    })
    atTop()
  },
}

/** A TRON address with one wrong character: the server's checksum message shows on the address field. */
export const EditWalletChecksum: Story = {
  render: () => (
    <Shell services={{ user: storyUser }} api={{ ...noPayoutApi, [on(profileApi.changeWallet)]: postWallet }}>
      <EditScreen />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    const card = within(canvas.getByRole("region", { name: "Payout wallet" }))
    await expect(card.getByText("Where we send your earnings. You have not set one yet.")).toBeVisible()
    const methods = await card.findByRole("radiogroup", { name: /Payout method/ })
    await expect(within(methods).getByRole("radio", { name: "USDT (TRC-20)" })).toBeChecked()
    const address = card.getByRole("textbox", { name: /TRON address \(TRC-20\)/ })
    await step("the browser checks only the shape", async () => {
      await userEvent.type(address, mistypedTronWallet.slice(0, -2))
      await userEvent.type(card.getByLabelText(/Current password/), "right")
      await userEvent.click(card.getByRole("button", { name: "Change payout wallet" }))
      await expect(card.getByText("A TRON address has 34 characters and starts with T.")).toBeVisible()
      await expect(postWallet).not.toHaveBeenCalled()
    })
    await userEvent.type(address, mistypedTronWallet.slice(-2))
    await userEvent.click(card.getByRole("button", { name: "Change payout wallet" }))
    await waitFor(() =>
      expect(postWallet).toHaveBeenCalledWith({
        method: "usdt-trc20",
        wallet: mistypedTronWallet,
        password: "right",
      }),
    )
    await expect(
      await card.findByText("This TRON address has a typing error: its checksum does not match."),
    ).toBeVisible()
    await expect(address).toBeInvalid()
    await expect(address).toHaveFocus()
    atTop()
  },
}

/**
 * A wallet saved before payout methods existed: the description asks to set it again. A wrong password: the
 * server's message is shown next to the password field.
 */
export const EditWalletWrongPassword: Story = {
  render: () => (
    <Shell
      services={{ user: withUser({ payoutWallet: "P1043392817" }) }}
      api={{ ...noPayoutApi, [on(profileApi.changeWallet)]: postWallet }}
    >
      <EditScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const card = within(canvas.getByRole("region", { name: "Payout wallet" }))
    await expect(
      await card.findByText(
        "Where we send your earnings. Your wallet P1043392817 has no payout method: set it again below to receive payouts.",
      ),
    ).toBeVisible()
    await userEvent.click(card.getByRole("radio", { name: "Bitcoin" }))
    const address = card.getByRole("textbox", { name: /Bitcoin address/ })
    await expect(address).toHaveAttribute("placeholder", "bc1…")
    await userEvent.type(address, "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq")
    const password = card.getByLabelText(/Current password/)
    await userEvent.type(password, "wrong")
    await userEvent.click(card.getByRole("button", { name: "Change payout wallet" }))
    await waitFor(() =>
      expect(postWallet).toHaveBeenCalledWith({
        method: "btc",
        wallet: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
        password: "wrong",
      }),
    )
    await expect(await card.findByText("This is not your current password.")).toBeVisible()
    await expect(password).toBeInvalid()
    await expect(password).toHaveFocus()
    await expect(card.getByRole("button", { name: "Change payout wallet" })).toBeEnabled()
    atTop()
  },
}

/** The methods cannot be loaded: the card says so and offers to try again. */
export const EditWalletLoadFailed: Story = {
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{
        [on(payoutsApi.settings)]: () => {
          throw refusal(
            "We could not reach Manyhands. Check your connection and try again.",
            "FETCH_ERROR",
            0,
          )
        },
      }}
    >
      <EditScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const card = within(canvas.getByRole("region", { name: "Payout wallet" }))
    await expect(await card.findByText("The payout methods could not be loaded")).toBeVisible()
    await expect(card.getByRole("button", { name: "Try again" })).toBeVisible()
    await expect(card.queryByRole("radiogroup")).toBeNull()
    atTop()
  },
}

/* ─────────────────────────── /profile/notif ─────────────────────────── */

const putNotifications = fn((body: unknown) => body)

/** Topics × channels: each switch is named "<topic> by <channel>"; security mail stays on. */
export const Notifications: Story = {
  render: () => (
    <Shell services={{ user: storyUser }} api={{ [on(profileApi.updateNotifications)]: putNotifications }}>
      <NotificationsScreen notifications={notifications} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const locked = canvas.getByRole("switch", { name: "Security by e-mail" })
    await expect(locked).toBeChecked()
    await expect(locked).toBeDisabled()
    await expect(locked).toHaveAccessibleDescription(/Security mail always stays on/)
    await expect(canvas.getAllByRole("switch")).toHaveLength(10)
    await userEvent.click(canvas.getByRole("switch", { name: "News by e-mail" }))
    await userEvent.click(canvas.getByRole("switch", { name: "Payments on the site" }))
    await userEvent.click(canvas.getByRole("button", { name: "Save settings" }))
    await waitFor(() =>
      expect(putNotifications).toHaveBeenCalledWith({
        settings: {
          ...notifications.settings,
          news: { email: true, site: false },
          payments: { email: true, site: false },
        },
      }),
    )
    await expect(await canvas.findByText("Your notification settings are saved.")).toBeVisible()
    atTop()
  },
}

/** Before the settings arrive: placeholder rows, announced once as loading. */
export const NotificationsLoading: Story = {
  render: () => (
    <Shell services={{ user: storyUser }}>
      <NotificationsScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Notifications")
    await expect(canvas.queryAllByRole("switch")).toHaveLength(0)
    await expect(canvas.queryByRole("button", { name: "Save settings" })).toBeNull()
    atTop()
  },
}

/* ─────────────────────── /profile/authentication ─────────────────────── */

/** All three sections with 2FA off, the sessions with this device marked, and no API key yet. */
export const Authentication: Story = {
  render: () => (
    <Shell services={{ user: storyUser }}>
      <AuthenticationScreen twoFactor={twoFactorOff} sessions={sessions} apiKey={noKey} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Sign-in and security")
    for (const name of ["Two-factor authentication", "Where you are signed in", "API key"])
      await expect(canvas.getByRole("region", { name })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Turn on" })).toBeVisible()
    await expect(canvas.getByText("You have no API key yet.")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Create a key" })).toBeVisible()
    atTop()
  },
}

const setup = fn((_body: unknown) => ({
  secret: "JBSWY3DPEHPK3PXPJBSWY3DP",
  otpauthUrl: "otpauth://totp/Manyhands:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Manyhands",
  qrSvg,
}))
const enable = fn((body: unknown) => {
  if ((body as { code: string }).code !== "492817")
    throw refusal("This code is wrong or was already used.", "TWO_FACTOR_CODE_INVALID")
  return { recoveryCodes }
})
const twoFactorApi: StoryApi = {
  [on(profileApi.twoFactorSetup)]: setup,
  [on(profileApi.twoFactorEnable)]: enable,
}

const startSetup = async (canvas: ReturnType<typeof within>) => {
  await userEvent.click(canvas.getByRole("button", { name: "Turn on" }))
  const region = within(canvas.getByRole("region", { name: "Two-factor authentication" }))
  await userEvent.type(region.getByLabelText(/Current password/), "correct horse battery")
  await userEvent.click(region.getByRole("button", { name: "Continue" }))
  await waitFor(() => expect(setup).toHaveBeenCalledWith({ password: "correct horse battery" }))
  return region
}

/** Turning it on: after the password, the QR code (an image of the server's SVG) and the key to type. */
export const TwoFactorSetup: Story = {
  render: () => (
    <Shell services={{ user: storyUser }} api={twoFactorApi}>
      <AuthenticationScreen twoFactor={twoFactorOff} sessions={sessions} apiKey={key} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const region = await startSetup(canvas)
    const qr = await region.findByRole("img", {
      name: "QR code for adding Manyhands to an authenticator app",
    })
    await expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/)
    await expect(atob(qr.getAttribute("src")!.split(",")[1]!)).toBe(qrSvg)
    await expect(region.getByText("JBSWY3DPEHPK3PXPJBSWY3DP")).toBeVisible()
    await expect(region.getByRole("button", { name: "Copy key" })).toBeVisible()
    await userEvent.click(region.getByRole("button", { name: "Turn on two-factor authentication" }))
    await expect(region.getByText("Enter the 6 digits the app shows.")).toBeVisible()
    await expect(enable).not.toHaveBeenCalled()
    atTop()
  },
}

const refreshAfterEnable = fn(async (_url: string) => {})

/** The first code turns it on; the recovery codes are shown once, to copy or download, until confirmed. */
export const TwoFactorRecoveryCodes: Story = {
  render: () => (
    <Shell services={{ user: storyUser, refresh: refreshAfterEnable }} api={twoFactorApi}>
      <AuthenticationScreen twoFactor={twoFactorOff} sessions={sessions} apiKey={key} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    const region = await startSetup(canvas)
    await step("a wrong code is refused next to the code field", async () => {
      await userEvent.type(await region.findByLabelText(/^6-digit code/), "111111")
      await userEvent.click(region.getByRole("button", { name: "Turn on two-factor authentication" }))
      await expect(await region.findByText("This code is wrong or was already used.")).toBeVisible()
    })
    await step("the right code turns it on and shows the recovery codes", async () => {
      // A pasted code fills every cell, whatever they held.
      await userEvent.click(region.getByLabelText(/^6-digit code/))
      await userEvent.paste("492817")
      await userEvent.click(region.getByRole("button", { name: "Turn on two-factor authentication" }))
      await waitFor(() => expect(enable).toHaveBeenLastCalledWith({ code: "492817" }))
      await expect(await region.findByText(/k3d9-x2mf/)).toBeVisible()
      await expect(region.getByText(/g7lc-1xfd/)).toBeVisible()
      await expect(region.getByText("On")).toBeVisible()
      await expect(refreshAfterEnable).toHaveBeenCalledWith(profileApi.twoFactor.url())
      await expect(refreshAfterEnable).toHaveBeenCalledWith(userApi.me.url())
    })
    await step("the download is a .txt file made in the browser", async () => {
      const click = spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {})
      try {
        await userEvent.click(region.getByRole("button", { name: "Download as a text file" }))
        const link = click.mock.contexts[0] as HTMLAnchorElement
        await expect(link.download).toBe("manyhands-recovery-codes.txt")
        await expect(link.href).toMatch(/^blob:/)
      } finally {
        click.mockRestore()
      }
    })
    await expect(region.getByRole("button", { name: "I saved them" })).toBeVisible()
    atTop()
  },
}

const disable = fn((body: unknown) => {
  if ((body as { code: string }).code !== "492817")
    throw refusal("This code is wrong or was already used.", "TWO_FACTOR_CODE_INVALID")
})

/** 2FA on: since when and how many recovery codes are left; turning it off needs the password and a code. */
export const TwoFactorOn: Story = {
  render: () => (
    <Shell
      services={{ user: withUser({ twoFactorEnabled: true }) }}
      api={{ [on(profileApi.twoFactorDisable)]: disable }}
    >
      <AuthenticationScreen twoFactor={twoFactorOn} sessions={sessions} apiKey={key} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const region = within(canvas.getByRole("region", { name: "Two-factor authentication" }))
    await expect(region.getByText("On")).toBeVisible()
    await expect(region.getByText(/Recovery codes left: 8\./)).toBeVisible()
    await expect(region.getByRole("button", { name: "New recovery codes" })).toBeVisible()
    await userEvent.click(region.getByRole("button", { name: "Turn off" }))
    await userEvent.type(region.getByLabelText(/Current password/), "correct horse battery")
    const code = region.getByRole("textbox", { name: /Two-factor code/ })
    await expect(code).toHaveAttribute("autocomplete", "one-time-code")
    await userEvent.type(code, "12345")
    await userEvent.tab()
    await expect(region.getByText("Enter 6 digits, or a recovery code such as ab12-cd34.")).toBeVisible()
    await userEvent.type(code, "6")
    await userEvent.click(region.getByRole("button", { name: "Turn off" }))
    await waitFor(() =>
      expect(disable).toHaveBeenCalledWith({ password: "correct horse battery", code: "123456" }),
    )
    await expect(await region.findByText("This code is wrong or was already used.")).toBeVisible()
    await expect(code).toBeInvalid()
    atTop()
  },
}

const endSession = fn()
const endOthers = fn(() => ({ ended: 1 }))
const goToAfterSignOut = fn<(href: string) => void>()

/** One session ended, then every other one; ending this device's own session signs out. */
export const Sessions: Story = {
  render: () => (
    <Shell
      services={{ user: storyUser, goTo: goToAfterSignOut }}
      api={{
        [on(profileApi.endSession, { id: "27" })]: endSession,
        [on(profileApi.endOtherSessions)]: endOthers,
        [on(profileApi.endSession, { id: "31" })]: () => undefined,
      }}
    >
      <AuthenticationScreen twoFactor={twoFactorOn} sessions={sessions} apiKey={key} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    const region = within(canvas.getByRole("region", { name: "Where you are signed in" }))
    const table = region.getByRole("table", { name: "Your sessions" })
    await expect(within(table).getAllByRole("row")).toHaveLength(4)
    const current = within(table).getByRole("rowheader", { name: /This device/ })
    await expect(current).toHaveTextContent("Chrome on macOS")
    await expect(within(table).getByText("Firefox on Windows")).toBeVisible()
    await expect(within(table).getByText("Safari on iPhone")).toBeVisible()
    await step("end one other session", async () => {
      await userEvent.click(region.getByRole("button", { name: /^End the session of Firefox on Windows/ }))
      await waitFor(() => expect(endSession).toHaveBeenCalled())
      await expect(await region.findByText("The session was ended.")).toBeVisible()
      await expect(within(table).queryByText("Firefox on Windows")).toBeNull()
    })
    await step("end all the others", async () => {
      await userEvent.click(region.getByRole("button", { name: "End all other sessions" }))
      await waitFor(() => expect(endOthers).toHaveBeenCalled())
      await expect(await region.findByText("Other sessions ended: 1.")).toBeVisible()
      await expect(within(table).getAllByRole("row")).toHaveLength(2)
      await expect(region.getByText("You are signed in on this device only.")).toBeVisible()
    })
    await step("ending this device's session signs out", async () => {
      await userEvent.click(region.getByRole("button", { name: "Sign out on this device" }))
      await waitFor(() => expect(goToAfterSignOut).toHaveBeenCalledWith("/"))
    })
    atTop()
  },
}

/** On a phone the session table becomes one card per session. */
export const SessionsMobile: Story = {
  globals: { viewport: { value: "mobile" } },
  render: () => (
    <Shell services={{ user: storyUser }}>
      <AuthenticationScreen twoFactor={twoFactorOn} sessions={sessions} apiKey={key} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("button", { name: "Sign out on this device" })).toBeVisible()
    await expect(canvas.getByText("Safari on iPhone")).toBeVisible()
    atTop()
  },
}

const createKey = fn(() => ({
  key: "mh_live_4e1b9c07d2a85f3e6b0c1d9a7f3e2b8c",
  hint: "2b8c",
  createdAt: "2026-03-04T19:00:00Z",
}))

/** Regenerating asks first (the old key stops working); the new key is shown once, with a copy button. */
export const ApiKeyShownOnce: Story = {
  render: () => (
    <Shell services={{ user: storyUser }} api={{ [on(profileApi.createApiKey)]: createKey }}>
      <AuthenticationScreen twoFactor={twoFactorOn} sessions={sessions} apiKey={key} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    const region = within(canvas.getByRole("region", { name: "API key" }))
    await expect(region.getByText(/Your key ends in …7f3a\./)).toBeVisible()
    await step("cancel leaves the key alone", async () => {
      const regenerate = region.getByRole("button", { name: "Regenerate key" })
      await userEvent.click(regenerate)
      const dialog = await screen.findByRole("alertdialog", { name: "Regenerate the API key?" })
      await expect(dialog).toHaveAccessibleDescription(/The current key stops working at once/)
      // The safe answer has the focus; Escape is the same answer.
      const cancel = within(dialog).getByRole("button", { name: "Cancel" })
      await waitFor(() => expect(cancel).toHaveFocus())
      await userEvent.keyboard("{Escape}")
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
      await waitFor(() => expect(regenerate).toHaveFocus())
      await userEvent.click(regenerate)
      const again = await screen.findByRole("alertdialog", { name: "Regenerate the API key?" })
      await userEvent.click(within(again).getByRole("button", { name: "Cancel" }))
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
      await expect(createKey).not.toHaveBeenCalled()
    })
    await step("confirming makes a new key and shows it once", async () => {
      await userEvent.click(region.getByRole("button", { name: "Regenerate key" }))
      const dialog = await screen.findByRole("alertdialog")
      await userEvent.click(within(dialog).getByRole("button", { name: "Regenerate" }))
      await waitFor(() => expect(createKey).toHaveBeenCalledTimes(1))
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
      await expect(await region.findByText("mh_live_4e1b9c07d2a85f3e6b0c1d9a7f3e2b8c")).toBeVisible()
      await expect(region.getByText(/we will not show it again/)).toBeVisible()
      await expect(region.getByRole("button", { name: "Copy key" })).toBeVisible()
      await expect(region.getByText(/Your key ends in …2b8c\./)).toBeVisible()
    })
    atTop()
  },
}

/* ─────────────────────────── /profile/docs ─────────────────────────── */

/** Documents in all three states; only a pending one can be removed, a rejected one shows the reviewer's note. */
export const Documents: Story = {
  render: () => (
    <Shell services={{ user: storyUser }}>
      <DocumentsScreen documents={documents} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Identity documents")
    await expect(canvas.getByText("A photo or scan in JPEG, PNG or PDF, up to 5 MB.")).toBeVisible()
    const table = within(canvas.getByRole("table", { name: "Your uploaded documents" }))
    await expect(table.getByText("Waiting for review")).toBeVisible()
    await expect(table.getByText("Approved")).toBeVisible()
    await expect(table.getByText("Rejected")).toBeVisible()
    await expect(
      table.getByText("Reviewer's note: The photo is blurred; the number cannot be read."),
    ).toBeVisible()
    await expect(table.getAllByRole("button", { name: /^Remove / })).toHaveLength(1)
    await expect(table.getByRole("button", { name: "Remove utility-bill-march.pdf" })).toBeEnabled()
    await expect(table.getByRole("link", { name: "Open passport.png" })).toHaveAttribute(
      "href",
      profileApi.documentFile.url({ id: "4" }),
    )
    atTop()
  },
}

const removeDocument = fn()

/** Removing a pending document: it leaves the list at once, with a status message. */
export const DocumentsRemove: Story = {
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{ [on(profileApi.deleteDocument, { id: "9" })]: removeDocument }}
    >
      <DocumentsScreen documents={documents} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const table = within(canvas.getByRole("table", { name: "Your uploaded documents" }))
    await userEvent.click(table.getByRole("button", { name: "Remove utility-bill-march.pdf" }))
    await waitFor(() => expect(removeDocument).toHaveBeenCalled())
    await expect(await canvas.findByText("utility-bill-march.pdf was removed.")).toBeVisible()
    await expect(table.queryByText("Waiting for review")).toBeNull()
    await expect(table.getAllByRole("row")).toHaveLength(3)
    atTop()
  },
}

const uploadDocument = fn((file: unknown) => ({
  id: "11",
  kind: "passport",
  fileName: (file as File).name,
  contentType: (file as File).type,
  size: (file as File).size,
  status: "pending",
  reviewNote: null,
  createdAt: "2026-03-04T19:30:00Z",
}))

/** Kind and file are required; the file goes as it is, with its kind and name in the address. */
export const DocumentsUpload: Story = {
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{
        [on(profileApi.uploadDocument, null, { kind: "passport", name: "my passport.pdf" })]: uploadDocument,
      }}
    >
      <DocumentsScreen documents={{ documents: [] }} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByText("No documents yet")).toBeVisible()
    await step("both fields are required", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Upload" }))
      await expect(canvas.getByText("Choose what kind of document it is.")).toBeVisible()
      await expect(canvas.getByText("Choose a file to upload.")).toBeVisible()
    })
    await step("a passport scan is uploaded", async () => {
      await userEvent.selectOptions(canvas.getByRole("combobox", { name: /Kind of document/ }), "Passport")
      const file = new File(["%PDF-1.7 scan"], "my passport.pdf", { type: "application/pdf" })
      await userEvent.upload(fileInput(canvas), file)
      await userEvent.click(canvas.getByRole("button", { name: "Upload" }))
      await waitFor(() => expect(uploadDocument).toHaveBeenCalledWith(file))
      await expect(
        await canvas.findByText("my passport.pdf is uploaded. We will review it within two working days."),
      ).toBeVisible()
      const table = within(canvas.getByRole("table", { name: "Your uploaded documents" }))
      await expect(table.getByText("my passport.pdf")).toBeVisible()
      await expect(table.getByText("Waiting for review")).toBeVisible()
    })
    atTop()
  },
}

/* ──────────────────────── /profile/edit_password ──────────────────────── */

const changePassword = fn(() => ({ endedSessions: 2 }))

/** The rules are marked as they are met; the repeat must match; other devices are signed out by default. */
export const Password: Story = {
  render: () => (
    <Shell services={{ user: storyUser }} api={{ [on(profileApi.changePassword)]: changePassword }}>
      <PasswordScreen />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    const current = canvas.getByLabelText(/^Current password/)
    const next = canvas.getByLabelText(/^New password/)
    const repeat = canvas.getByLabelText(/^Repeat the new password/)
    await expect(current).toHaveAttribute("autocomplete", "current-password")
    await expect(next).toHaveAttribute("autocomplete", "new-password")
    await expect(canvas.getByRole("checkbox", { name: /Sign out on my other devices/ })).toBeChecked()
    await step("the rules follow the typing", async () => {
      await userEvent.type(current, "old secret words")
      await userEvent.type(next, "short")
      await expect(next).toHaveAccessibleDescription(/has at least 8 characters \(not yet\)/)
      await userEvent.type(next, " but now long enough")
      await expect(next).toHaveAccessibleDescription(/has at least 8 characters \(done\)/)
      await userEvent.type(repeat, "short but now long")
      await userEvent.tab()
      await expect(canvas.getByText("The two new passwords differ.")).toBeVisible()
    })
    await step("a matching repeat is sent", async () => {
      await userEvent.type(repeat, " enough")
      await userEvent.click(canvas.getByRole("button", { name: "Change password" }))
      await waitFor(() =>
        expect(changePassword).toHaveBeenCalledWith({
          currentPassword: "old secret words",
          newPassword: "short but now long enough",
          endOtherSessions: true,
        }),
      )
      const status = (await canvas.findByText("Your password is changed.")).closest("[role=status]")
      await expect(status).toHaveTextContent("Your password is changed.")
      await expect(status).toHaveTextContent("Other sessions ended: 2.")
      await expect(current).toHaveValue("")
    })
    atTop()
  },
}

const refusePassword = fn(() => {
  throw refusal(
    "This password is too common; choose one that is harder to guess.",
    "PASSWORD_TOO_COMMON",
    400,
    {
      newPassword: "This password is too common; choose one that is harder to guess.",
    },
  )
})

/** The server's refusal of the new password shows under that field, which gets the focus. */
export const PasswordServerError: Story = {
  render: () => (
    <Shell services={{ user: storyUser }} api={{ [on(profileApi.changePassword)]: refusePassword }}>
      <PasswordScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/^Current password/), "old secret words")
    const next = canvas.getByLabelText(/^New password/)
    await userEvent.type(next, "password1234")
    await userEvent.type(canvas.getByLabelText(/^Repeat the new password/), "password1234")
    await userEvent.click(canvas.getByRole("checkbox", { name: /Sign out on my other devices/ }))
    await userEvent.click(canvas.getByRole("button", { name: "Change password" }))
    await waitFor(() =>
      expect(refusePassword).toHaveBeenCalledWith(expect.objectContaining({ endOtherSessions: false })),
    )
    await expect(
      await canvas.findByText("This password is too common; choose one that is harder to guess."),
    ).toBeVisible()
    await expect(next).toBeInvalid()
    await expect(next).toHaveFocus()
    await expect(canvas.queryByRole("status")).toBeNull()
    atTop()
  },
}

/* ─────────────────────────── /profile/delete ─────────────────────────── */

const deleteAccount = fn()
const goToAfterDelete = fn<(href: string) => void>()

/** What goes and what stays; the box must be ticked; then the account is gone and the visitor leaves. */
export const Delete: Story = {
  render: () => (
    <Shell
      services={{ user: storyUser, goTo: goToAfterDelete }}
      api={{ [on(profileApi.deleteAccount)]: deleteAccount }}
    >
      <DeleteScreen />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Delete your account")
    await expect(canvas.getByText(/the law requires us to keep accounting records/)).toBeVisible()
    await expect(canvas.queryByLabelText(/Two-factor code/)).toBeNull()
    await step("the confirmation is required", async () => {
      await userEvent.type(canvas.getByLabelText(/Current password/), "correct horse battery")
      await userEvent.click(canvas.getByRole("button", { name: "Delete my account" }))
      await expect(canvas.getByText("Tick this box to confirm.")).toBeVisible()
      await expect(deleteAccount).not.toHaveBeenCalled()
    })
    await step("confirmed, the account is deleted and the visitor is signed out", async () => {
      await userEvent.click(canvas.getByRole("checkbox", { name: /I understand/ }))
      await expect(canvas.queryByText("Tick this box to confirm.")).toBeNull()
      await userEvent.click(canvas.getByRole("button", { name: "Delete my account" }))
      await waitFor(() => expect(deleteAccount).toHaveBeenCalledWith({ password: "correct horse battery" }))
      await waitFor(() => expect(goToAfterDelete).toHaveBeenCalledWith("/"))
    })
    atTop()
  },
}

const deleteWithCode = fn(() => {
  throw refusal("This code is wrong or was already used.", "TWO_FACTOR_CODE_INVALID")
})

/** With 2FA on, the code is asked too; a refused code is shown next to its field. */
export const DeleteWithTwoFactor: Story = {
  render: () => (
    <Shell
      services={{ user: withUser({ twoFactorEnabled: true }) }}
      api={{ [on(profileApi.deleteAccount)]: deleteWithCode }}
    >
      <DeleteScreen />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(/Current password/), "correct horse battery")
    const code = canvas.getByRole("textbox", { name: /Two-factor code/ })
    await userEvent.type(code, "k3d9-x2mf")
    await userEvent.click(canvas.getByRole("checkbox", { name: /I understand/ }))
    await userEvent.click(canvas.getByRole("button", { name: "Delete my account" }))
    await waitFor(() =>
      expect(deleteWithCode).toHaveBeenCalledWith({ password: "correct horse battery", code: "k3d9-x2mf" }),
    )
    await expect(await canvas.findByText("This code is wrong or was already used.")).toBeVisible()
    await expect(code).toBeInvalid()
    await expect(canvas.getByRole("button", { name: "Delete my account" })).toBeEnabled()
    atTop()
  },
}

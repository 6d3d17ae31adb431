import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent, waitFor, within } from "storybook/test"
import type { Page } from "@manyhands/contract"
import {
  captchaSettingsApi,
  customerApi,
  type CaptchaPrices,
  type CaptchaSettings,
  type ComplaintItem,
  type ImpossibleItem,
  type NotCaptchaItem,
  type PingbackLogItem,
  type ReceivingErrorItem,
} from "@manyhands/contract/captcha"
import { screens } from "@manyhands/pages/customer/screens"
import { withScreenContext } from "./screen-decorator"
import { on, StoryShell as Shell, refusal, storyUser } from "./story-shell"

const [
  { default: OverviewScreen },
  { default: DefaultsScreen },
  { default: RecognitionScreen },
  { default: IpListScreen },
  { default: PingbackScreen },
  { default: PingbackLogScreen },
  { default: ImpossibleScreen },
  { default: ErrorsScreen },
  { default: ComplaintsScreen },
  { default: NotCaptchaScreen },
] = await Promise.all([
  screens.CaptchaSettings(),
  screens.SettingsDefaults(),
  screens.SettingsRecognition(),
  screens.SettingsIpList(),
  screens.SettingsPingback(),
  screens.SettingsPingbackLog(),
  screens.SettingsImpossible(),
  screens.SettingsErrors(),
  screens.SettingsComplaints(),
  screens.SettingsNotCaptcha(),
])

const meta = {
  title: "Screens/Customer/Settings",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

type Settings = CaptchaSettings
type Prices = CaptchaPrices
type PingbackLog = Page<PingbackLogItem>
type Impossible = Page<ImpossibleItem>
type ReceivingErrors = Page<ReceivingErrorItem>
type Complaints = Page<ComplaintItem>
type NotCaptcha = Page<NotCaptchaItem>

const PUT_SETTINGS = on(captchaSettingsApi.change)

/** An answer that never comes: the route is still loading its data. */
const pending = () => new Promise<never>(() => {})
/** A list reads its first page through SWR too: the server answers it as the route preloaded it. */
const firstPage = <T,>(endpoint: { method: "GET"; url: () => string }, data: T | undefined) => ({
  [on(endpoint)]: data ?? pending,
})

const services = { user: storyUser }
/** Focus may have scrolled a long screen; its screenshot is taken from the top. */
const atTop = () => window.scrollTo(0, 0)
const empty = <T,>(): { items: T[]; total: number; page: number; pageSize: number } => ({
  items: [],
  total: 0,
  page: 1,
  pageSize: 20,
})

const settings: Settings = {
  allowedIps: ["203.0.113.7", "198.51.100.0/24", "2001:db8:42::/48"],
  recognition: { agree: 2, maxAnswers: 3 },
  currency: "USD",
  defaults: { language: "en", softId: 4580, maxBid: "0.80" },
  languageOptions: ["en", "ru", "es", "pt", "uk", "vi", "fr", "de", "tr", "zh", "ja", "pl"],
}

const plainSettings: Settings = {
  allowedIps: [],
  recognition: null,
  currency: "USD",
  defaults: { language: null, softId: null, maxBid: null },
  languageOptions: settings.languageOptions,
}

const price = (
  type: string,
  kind: "image" | "token",
  usd: string,
  rub: string,
  deadlineSeconds = kind === "image" ? 90 : 300,
) => [
  { type, kind, currency: "USD" as const, perThousand: usd, deadlineSeconds },
  { type, kind, currency: "RUB" as const, perThousand: rub, deadlineSeconds },
]

const prices: Prices = {
  prices: [
    ...price("ImageToTextTask", "image", "0.50", "45"),
    ...price("TextCaptchaTask", "image", "0.50", "45"),
    ...price("GridTask", "image", "0.90", "80"),
    ...price("CoordinatesTask", "image", "1.20", "110"),
    ...price("RotateTask", "image", "0.75", "70"),
    ...price("AudioTask", "image", "1.50", "135"),
    ...price("RecaptchaV2Task", "token", "2.99", "270"),
    ...price("TurnstileTask", "token", "1.45", "130"),
  ],
}

/* ───────────────────────────── /setting ───────────────────────────── */

/** /setting: the current settings at a glance, with the settings pages and problem lists linked. */
export const Overview: Story = {
  render: () => (
    <Shell services={services}>
      <OverviewScreen captchaSettings={settings} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Captcha settings")
    const summary = within(canvas.getByRole("region", { name: "Current settings" }))
    await expect(summary.getByText("US Dollar (USD)")).toBeVisible()
    await expect(summary.getByText("2 matching answers, at most 3 answers")).toBeVisible()
    await expect(summary.getByText("English")).toBeVisible()
    await expect(summary.getByText("$0.80 per 1,000 image captchas")).toBeVisible()
    await expect(summary.getByText("Only listed addresses (entries: 3)")).toBeVisible()
    const problems = within(canvas.getByRole("region", { name: "Problems" }))
    await expect(problems.getByRole("link", { name: "Receiving errors" })).toHaveAttribute(
      "href",
      "/setting/errors",
    )
  },
}

/** Nothing set yet: every default shown in words. */
export const OverviewDefaults: Story = {
  render: () => (
    <Shell services={services}>
      <OverviewScreen captchaSettings={plainSettings} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    for (const text of ["Any language", "None", "No limit", "Any address", "Off"])
      await expect(canvas.getByText(text)).toBeVisible()
  },
}

/** Before the settings arrive: placeholders, announced once as loading. */
export const OverviewLoading: Story = {
  render: () => (
    <Shell services={services}>
      <OverviewScreen />
    </Shell>
  ),
}

/* ─────────────────────────── /setting/edit ─────────────────────────── */

const putDefaults = fn((body: unknown) => {
  const change = body as { defaults?: { softId?: number } }
  if (change.defaults?.softId === 999999)
    throw refusal("No software has this soft ID.", "VALIDATION_FAILED", 400, {
      "defaults.softId": "No software has this soft ID.",
    })
  return { ...settings, ...change, defaults: { ...settings.defaults, ...change.defaults } }
})

/** The defaults form, loaded: the bid refuses the image types that cost more, with the error they get. */
export const Defaults: Story = {
  render: () => (
    <Shell services={services} api={{ [PUT_SETTINGS]: putDefaults }}>
      <DefaultsScreen captchaSettings={settings} captchaPrices={prices} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("switch", { name: "100% recognition" })).toBeChecked()
    await expect(canvas.getByRole("link", { name: "Settings and price" })).toHaveAttribute(
      "href",
      "/setting/percent_100",
    )
    const bid = canvas.getByRole("textbox", { name: /Maximum bid/ })
    await expect(bid).toHaveValue("0.80")
    const effect = canvas.getByText(/would be refused with/).closest("[role=status]") as HTMLElement
    await expect(within(effect).getByText("Grid (pick the tiles)")).toBeVisible()
    await expect(within(effect).getByText("Audio captcha")).toBeVisible()
    await expect(within(effect).queryByText("Rotate the picture")).toBeNull()
    await step("a lower bid refuses more types; a bad amount is refused as typed", async () => {
      await userEvent.clear(bid)
      await userEvent.type(bid, "0.6")
      await expect(within(effect).getByText("Rotate the picture")).toBeVisible()
      await userEvent.type(bid, "x")
      await userEvent.tab()
      await expect(canvas.getByText("Enter an amount such as 1.20 (at most 3 decimals).")).toBeVisible()
      await expect(bid).toBeInvalid()
    })
    await step("only the changed fields are sent", async () => {
      await userEvent.clear(bid)
      await userEvent.type(bid, "1,5")
      await userEvent.click(canvas.getByRole("button", { name: "Save defaults" }))
      await waitFor(() => expect(putDefaults).toHaveBeenLastCalledWith({ defaults: { maxBid: "1.50" } }))
      await expect(await canvas.findByText(/Your defaults are saved/)).toBeVisible()
    })
    atTop()
  },
}

/** The server refuses a field: its message is shown next to that field, which gets the focus. */
export const DefaultsFieldError: Story = {
  render: () => (
    <Shell services={services} api={{ [PUT_SETTINGS]: putDefaults }}>
      <DefaultsScreen captchaSettings={plainSettings} captchaPrices={prices} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("No limit: image captchas are accepted at any price.")).toBeVisible()
    const softId = canvas.getByRole("textbox", { name: /Soft ID/ })
    await userEvent.type(softId, "999999")
    await userEvent.click(canvas.getByRole("button", { name: "Save defaults" }))
    await waitFor(() => expect(putDefaults).toHaveBeenLastCalledWith({ defaults: { softId: 999999 } }))
    await expect(await canvas.findByText("No software has this soft ID.")).toBeVisible()
    await expect(softId).toBeInvalid()
    await expect(softId).toHaveFocus()
    await expect(softId).toHaveAccessibleDescription(/No software has this soft ID/)
    atTop()
  },
}

export const DefaultsLoading: Story = {
  render: () => (
    <Shell services={services}>
      <DefaultsScreen />
    </Shell>
  ),
}

/* ───────────────────────── /setting/percent_100 ───────────────────────── */

const putRecognition = fn((body: unknown) => ({ ...settings, ...(body as object) }))

/** On, 2 of at most 3: the price range per 1,000 normal captchas; a higher agreement moves it before saving. */
export const Recognition: Story = {
  render: () => (
    <Shell services={services} api={{ [PUT_SETTINGS]: putRecognition }}>
      <RecognitionScreen captchaSettings={settings} captchaPrices={prices} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const effect = within(canvas.getByRole("region", { name: "What this means for price and speed" }))
    await expect(effect.getByText("$1.00 per 1,000")).toBeVisible()
    await expect(effect.getByText("$1.50 per 1,000")).toBeVisible()
    const agree = within(canvas.getByRole("radiogroup", { name: /Matching answers needed/ }))
    await userEvent.click(agree.getByRole("radio", { name: "4" }))
    const most = within(canvas.getByRole("radiogroup", { name: /Most answers per captcha/ }))
    await expect(most.getByRole("radio", { name: "4" })).toBeChecked()
    await expect(most.getByRole("radio", { name: "3" })).toBeDisabled()
    await expect(effect.getByText("Always: 4 answers")).toBeVisible()
    await expect(effect.getByText("$2.00 per 1,000")).toBeVisible()
    await userEvent.click(canvas.getByRole("button", { name: "Save" }))
    await waitFor(() =>
      expect(putRecognition).toHaveBeenLastCalledWith({ recognition: { agree: 4, maxAnswers: 4 } }),
    )
    await expect(await canvas.findByText("100% recognition is on for new captchas.")).toBeVisible()
    atTop()
  },
}

/** Off: the single price, and what turning it on would change. */
export const RecognitionOff: Story = {
  render: () => (
    <Shell services={services}>
      <RecognitionScreen captchaSettings={{ ...plainSettings, currency: "RUB" }} captchaPrices={prices} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("switch", { name: "Use 100% recognition" })).not.toBeChecked()
    await expect(canvas.getByText(/Off: each captcha is solved by one worker/)).toBeVisible()
  },
}

export const RecognitionLoading: Story = {
  render: () => (
    <Shell services={services}>
      <RecognitionScreen />
    </Shell>
  ),
}

/* ─────────────────────────── /setting/iplist ─────────────────────────── */

const putIps = fn((body: unknown) => {
  const { allowedIps = [] } = body as { allowedIps?: string[] }
  const refused = allowedIps.findIndex((ip) => ip.startsWith("0.0.0.0"))
  if (refused >= 0)
    throw refusal(
      "This range allows every address; leave the list empty instead.",
      "IP_ADDRESS_INVALID",
      400,
      {
        [`allowedIps.${refused}`]: "This range allows every address; leave the list empty instead.",
      },
    )
  return { ...settings, allowedIps }
})

/** A bad range is refused before it is added; a valid one is added (normalised) and the list saved. */
export const IpList: Story = {
  render: () => (
    <Shell services={services} api={{ [PUT_SETTINGS]: putIps }}>
      <IpListScreen captchaSettings={settings} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    const input = canvas.getByRole("textbox", { name: /Address or range/ })
    const add = canvas.getByRole("button", { name: "Add" })
    await expect(canvas.getByRole("heading", { name: "On the list: 3 of 50" })).toBeVisible()
    await step("an invalid range is refused next to the field", async () => {
      await userEvent.type(input, "203.0.113.0/33")
      await userEvent.click(add)
      await expect(canvas.getByText("An IPv4 range ends in /0 to /32.")).toBeVisible()
      await expect(input).toBeInvalid()
      await userEvent.clear(input)
      await userEvent.type(input, "192.0.2.17/28")
      await userEvent.click(add)
      await expect(
        canvas.getByText("A range starts at its first address: did you mean 192.0.2.16/28?"),
      ).toBeVisible()
    })
    await step("a valid range is added and saved", async () => {
      await userEvent.clear(input)
      await userEvent.type(input, "2001:DB8:0:0:0:0:0:0/32{enter}")
      await expect(canvas.getByText("2001:db8::/32")).toBeVisible()
      await expect(canvas.getByText("Not saved")).toBeVisible()
      await expect(input).toHaveValue("")
      await userEvent.click(canvas.getByRole("button", { name: "Save the list" }))
      await waitFor(() =>
        expect(putIps).toHaveBeenLastCalledWith({ allowedIps: [...settings.allowedIps, "2001:db8::/32"] }),
      )
      await expect(await canvas.findByText(/The list is saved/)).toBeVisible()
      await expect(canvas.queryByText("Not saved")).toBeNull()
    })
    atTop()
  },
}

/** The server refuses one entry: its message is shown under that entry. */
export const IpListRefused: Story = {
  render: () => (
    <Shell services={services} api={{ [PUT_SETTINGS]: putIps }}>
      <IpListScreen captchaSettings={settings} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole("textbox", { name: /Address or range/ }), "0.0.0.0/0{enter}")
    await userEvent.click(canvas.getByRole("button", { name: "Remove 203.0.113.7" }))
    await userEvent.click(canvas.getByRole("button", { name: "Save the list" }))
    await expect(
      await canvas.findByText("This range allows every address; leave the list empty instead."),
    ).toBeVisible()
    await expect(canvas.getByText("Some entries were refused: see the messages in the list.")).toBeVisible()
    atTop()
  },
}

export const IpListEmpty: Story = {
  render: () => (
    <Shell services={services}>
      <IpListScreen captchaSettings={plainSettings} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "The list is empty" })).toBeVisible()
    await expect(canvas.getByRole("button", { name: "Save the list" })).toBeDisabled()
  },
}

export const IpListLoading: Story = {
  render: () => (
    <Shell services={services}>
      <IpListScreen />
    </Shell>
  ),
}

/* ─────────────────────────── /setting/pingback ─────────────────────────── */

const pingbacks = {
  addresses: ["https://api.example.com/captcha/callback", "https://hooks.example.org/manyhands?token=c2f81"],
}
const postPingback = fn((body: unknown) => {
  const { url } = body as { url: string }
  if (url.includes("localhost"))
    throw refusal("Addresses on a private or loopback network are refused.", "PINGBACK_URL_REFUSED", 400, {
      url: "Addresses on a private or loopback network are refused.",
    })
  return { addresses: [...pingbacks.addresses, url] }
})

/** Adding an address: a typo and a refused address are shown next to the field, a good one is listed. */
export const Pingback: Story = {
  render: () => (
    <Shell services={services} api={{ [on(captchaSettingsApi.addPingback)]: postPingback }}>
      <PingbackScreen pingbacks={pingbacks} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    const input = canvas.getByRole("textbox", { name: /Address \(URL\)/ })
    const add = canvas.getByRole("button", { name: "Add address" })
    await step("without a scheme the address is refused before sending", async () => {
      await userEvent.type(input, "example.com/callback")
      await userEvent.click(add)
      await expect(canvas.getByText("Start the address with https:// or http://.")).toBeVisible()
      await expect(postPingback).not.toHaveBeenCalled()
    })
    await step("the server's refusal is shown next to the field", async () => {
      await userEvent.clear(input)
      await userEvent.type(input, "http://localhost:8080/cb")
      await userEvent.click(add)
      await expect(
        await canvas.findByText("Addresses on a private or loopback network are refused."),
      ).toBeVisible()
      await expect(input).toHaveFocus()
    })
    await step("a good address is added to the list", async () => {
      await userEvent.clear(input)
      await userEvent.type(input, "https://solver.example.net/pingback")
      await userEvent.click(add)
      await waitFor(() =>
        expect(postPingback).toHaveBeenLastCalledWith({ url: "https://solver.example.net/pingback" }),
      )
      const list = within(canvas.getByRole("region", { name: "Registered addresses" }))
      await expect(
        await list.findByText("https://solver.example.net/pingback", { selector: "span" }),
      ).toBeVisible()
      await expect(
        list.getByRole("button", { name: "Remove https://solver.example.net/pingback" }),
      ).toBeVisible()
      await expect(input).toHaveValue("")
    })
    atTop()
  },
}

export const PingbackEmpty: Story = {
  render: () => (
    <Shell services={services}>
      <PingbackScreen pingbacks={{ addresses: [] }} />
    </Shell>
  ),
}

export const PingbackLoading: Story = {
  render: () => (
    <Shell services={services}>
      <PingbackScreen />
    </Shell>
  ),
}

/* ───────────────────────── /setting/pingback_log ───────────────────────── */

const logRow = (
  n: number,
  status: number | null,
  delivery: "pending" | "delivered" | "failed",
  error: string | null = null,
  durationMs = 180 + ((n * 37) % 400),
) => ({
  taskId: String(70000001300 - n),
  url: n % 3 === 0 ? pingbacks.addresses[1]! : pingbacks.addresses[0]!,
  at: new Date(Date.UTC(2026, 2, 14, 16, 50) - n * 7 * 60_000).toISOString(),
  status,
  durationMs,
  error,
  delivery,
})

const logPage1: PingbackLog = {
  items: [
    logRow(0, 200, "delivered"),
    logRow(1, 503, "pending", null, 1240),
    logRow(2, null, "pending", "connect ECONNREFUSED 198.51.100.20:443", 35),
    logRow(3, 200, "delivered"),
    logRow(4, 204, "delivered"),
    logRow(5, null, "failed", "timeout after 10000 ms", 10000),
    logRow(6, 404, "failed"),
    logRow(7, 200, "delivered"),
  ],
  total: 19,
  page: 1,
  pageSize: 8,
}
const logPage2: PingbackLog = {
  items: [11, 12, 13, 14, 15, 16, 17, 18].map((n) => logRow(n, 200, "delivered")),
  total: 19,
  page: 2,
  pageSize: 8,
}
const logPage3: PingbackLog = {
  items: [20, 21, 22].map((n) => logRow(n, n === 21 ? 500 : 200, n === 21 ? "failed" : "delivered")),
  total: 19,
  page: 3,
  pageSize: 8,
}
const getLogPage2 = fn(() => logPage2)

export const PingbackLog: Story = {
  render: () => (
    <Shell services={services} api={firstPage(captchaSettingsApi.pingbackLog, logPage1)}>
      <PingbackLogScreen pingbackLog={logPage1} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Showing 1–8 of 19")).toBeVisible()
    await expect(canvas.getAllByText("Will retry")).toHaveLength(2)
    await expect(canvas.getByText("connect ECONNREFUSED 198.51.100.20:443")).toBeVisible()
  },
}

/** Moving to the next page fetches it; which rows are shown is announced. */
export const PingbackLogPaging: Story = {
  render: () => (
    <Shell
      services={services}
      api={{
        ...firstPage(captchaSettingsApi.pingbackLog, logPage1),
        [on(captchaSettingsApi.pingbackLog, null, { page: 2 })]: getLogPage2,
        [on(captchaSettingsApi.pingbackLog, null, { page: 3 })]: logPage3,
      }}
    >
      <PingbackLogScreen pingbackLog={logPage1} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    const pages = canvas.getByRole("navigation", { name: "Pages of Delivery attempts" })
    await userEvent.click(within(pages).getByRole("button", { name: "Page 2" }))
    await waitFor(() => expect(getLogPage2).toHaveBeenCalled())
    await expect(await canvas.findByText("Showing 9–16 of 19")).toHaveAttribute("role", "status")
    await expect(canvas.getByText(String(70000001300 - 11))).toBeVisible()
    await expect(canvas.queryByText(String(70000001300 - 1))).toBeNull()
    atTop()
  },
}

export const PingbackLogEmpty: Story = {
  render: () => (
    <Shell services={services} api={firstPage(captchaSettingsApi.pingbackLog, empty())}>
      <PingbackLogScreen pingbackLog={empty()} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "Register a pingback address" })).toHaveAttribute(
      "href",
      "/setting/pingback",
    )
  },
}

export const PingbackLogLoading: Story = {
  render: () => (
    <Shell services={services} api={firstPage(captchaSettingsApi.pingbackLog, undefined)}>
      <PingbackLogScreen />
    </Shell>
  ),
}

/* ──────────────────────── /setting/impossible_captchas ──────────────────────── */

const impossible: Impossible = {
  items: [
    {
      id: "70000001288",
      type: "ImageToTextTask",
      errorCode: "ERROR_CAPTCHA_UNSOLVABLE",
      createdAt: "2026-03-14T16:41:05Z",
      endedAt: "2026-03-14T16:42:35Z",
      reason: "deadline",
      offered: 6,
      skipped: 4,
      notACaptcha: 0,
      hasImage: true,
    },
    {
      id: "70000001251",
      type: "ImageToTextTask",
      errorCode: "ERROR_BAD_DUPLICATES",
      createdAt: "2026-03-14T11:02:40Z",
      endedAt: "2026-03-14T11:03:12Z",
      reason: "no_agreement",
      offered: 3,
      skipped: 0,
      notACaptcha: 0,
      hasImage: true,
    },
    {
      id: "70000001197",
      type: "TextCaptchaTask",
      errorCode: "ERROR_CAPTCHA_UNSOLVABLE",
      createdAt: "2026-03-13T08:15:00Z",
      endedAt: "2026-03-13T08:15:48Z",
      reason: "not_a_captcha",
      offered: 4,
      skipped: 1,
      notACaptcha: 3,
      hasImage: false,
    },
    {
      id: "70000001120",
      type: "GridTask",
      errorCode: "ERROR_CAPTCHA_UNSOLVABLE",
      createdAt: "2026-03-12T19:30:10Z",
      endedAt: "2026-03-12T19:31:40Z",
      reason: "deadline",
      offered: 2,
      skipped: 2,
      notACaptcha: 0,
      hasImage: true,
    },
  ],
  total: 4,
  page: 1,
  pageSize: 20,
}

export const ImpossibleCaptchas: Story = {
  render: () => (
    <Shell services={services} api={firstPage(captchaSettingsApi.impossible, impossible)}>
      <ImpossibleScreen impossibleCaptchas={impossible} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("100% recognition: the answers did not agree.")).toBeVisible()
    await expect(
      canvas.getByText("Workers offered it: 4 · skipped: 1 · marked as not a captcha: 3"),
    ).toBeVisible()
    const picture = canvas.getByRole("img", { name: "Picture of task 70000001288" })
    await expect(picture).toHaveAttribute("loading", "lazy")
    await expect(picture).toHaveAttribute("src", customerApi.taskImage.url({ id: "70000001288" }))
  },
}

export const ImpossibleEmpty: Story = {
  render: () => (
    <Shell services={services} api={firstPage(captchaSettingsApi.impossible, empty())}>
      <ImpossibleScreen impossibleCaptchas={empty()} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "No unsolvable captchas — good news" })).toBeVisible()
  },
}

export const ImpossibleLoading: Story = {
  render: () => (
    <Shell services={services} api={firstPage(captchaSettingsApi.impossible, undefined)}>
      <ImpossibleScreen />
    </Shell>
  ),
}

/* ─────────────────────────── /setting/errors ─────────────────────────── */

const receivingErrors: ReceivingErrors = {
  items: [
    {
      id: "9120",
      at: "2026-03-14T16:58:12Z",
      endpoint: "in.php",
      code: "ERROR_ZERO_BALANCE",
      description: "Your balance is too low for this task. Top up, then retry in about 60 seconds.",
      ip: "203.0.113.7",
    },
    {
      id: "9117",
      at: "2026-03-14T15:20:03Z",
      endpoint: "createTask",
      code: "ERROR_IP_NOT_ALLOWED",
      description: "The key is restricted to a list of IP addresses and the request came from another one.",
      ip: "192.0.2.44",
    },
    {
      id: "9102",
      at: "2026-03-14T09:47:55Z",
      endpoint: "res.php",
      code: "ERROR_WRONG_CAPTCHA_ID",
      description: "No task with this id: it is unknown, not yours or expired.",
      ip: "2001:db8:42::15",
    },
    {
      id: "9088",
      at: "2026-03-13T22:05:31Z",
      endpoint: "in.php",
      code: "ERROR_TOO_BIG_CAPTCHA_FILESIZE",
      description: "The image is over the size limit of its type or over 1000 px on a side.",
      ip: "203.0.113.7",
    },
    {
      id: "9051",
      at: "2026-03-13T12:11:09Z",
      endpoint: "in.php",
      code: "ERROR_PROXY_FORMAT",
      description: "The proxy could not be parsed.",
      ip: null,
    },
  ],
  total: 5,
  page: 1,
  pageSize: 20,
}

export const Errors: Story = {
  render: () => (
    <Shell services={services} api={firstPage(captchaSettingsApi.errors, receivingErrors)}>
      <ErrorsScreen receivingErrors={receivingErrors} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Your balance was too low for this captcha.")).toBeVisible()
    const table = within(canvas.getByRole("table"))
    await expect(table.getByRole("link", { name: "IP allow-list" })).toHaveAttribute(
      "href",
      "/setting/iplist",
    )
    // A code the page does not know: the API's English description, marked as English.
    await expect(canvas.getByText("The proxy could not be parsed.")).toHaveAttribute("lang", "en")
  },
}

/** On a phone each error is a card of "column: value" lines. */
export const ErrorsMobile: Story = {
  render: () => (
    <Shell
      services={services}
      api={firstPage(captchaSettingsApi.errors, {
        ...receivingErrors,
        items: receivingErrors.items.slice(0, 3),
      })}
    >
      <ErrorsScreen receivingErrors={{ ...receivingErrors, items: receivingErrors.items.slice(0, 3) }} />
    </Shell>
  ),
  globals: { viewport: { value: "mobile" } },
}

export const ErrorsEmpty: Story = {
  render: () => (
    <Shell services={services} api={firstPage(captchaSettingsApi.errors, empty())}>
      <ErrorsScreen receivingErrors={empty()} />
    </Shell>
  ),
}

export const ErrorsLoading: Story = {
  render: () => (
    <Shell services={services} api={firstPage(captchaSettingsApi.errors, undefined)}>
      <ErrorsScreen />
    </Shell>
  ),
}

/* ─────────────────────────── /setting/complaints ─────────────────────────── */

const complaints: Complaints = {
  items: [
    {
      taskId: "70000001291",
      type: "ImageToTextTask",
      verdict: "bad",
      reportedAt: "2026-03-14T16:47:20Z",
      answer: "x7pk2",
      outcome: "refunded",
      refund: 500,
      currency: "USD",
    },
    {
      taskId: "70000001275",
      type: "RecaptchaV2Task",
      verdict: "bad",
      reportedAt: "2026-03-14T13:12:02Z",
      answer: "03AFcWeA6mQz…",
      outcome: "refunded",
      refund: 2990,
      currency: "USD",
    },
    {
      taskId: "70000001240",
      type: "TextCaptchaTask",
      verdict: "good",
      reportedAt: "2026-03-13T18:30:45Z",
      answer: "blue",
      outcome: "recorded",
      refund: 0,
      currency: "USD",
    },
    {
      taskId: "70000001199",
      type: "ImageToTextTask",
      verdict: "bad",
      reportedAt: "2026-03-13T10:04:11Z",
      answer: "q4mw9",
      outcome: "recorded",
      refund: 0,
      currency: "USD",
    },
  ],
  total: 4,
  page: 1,
  pageSize: 20,
}

export const Complaints: Story = {
  render: () => (
    <Shell services={services} api={firstPage(captchaSettingsApi.complaints, complaints)}>
      <ComplaintsScreen complaints={complaints} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("$0.0005 back on your balance")).toBeVisible()
    await expect(canvas.getByText("Noted for the worker's rating, without a refund.")).toBeVisible()
  },
}

export const ComplaintsEmpty: Story = {
  render: () => (
    <Shell services={services} api={firstPage(captchaSettingsApi.complaints, empty())}>
      <ComplaintsScreen complaints={empty()} />
    </Shell>
  ),
}

export const ComplaintsLoading: Story = {
  render: () => (
    <Shell services={services} api={firstPage(captchaSettingsApi.complaints, undefined)}>
      <ComplaintsScreen />
    </Shell>
  ),
}

/* ─────────────────────────── /setting/not_captcha ─────────────────────────── */

const notCaptcha: NotCaptcha = {
  items: [
    {
      id: "70000001282",
      type: "ImageToTextTask",
      createdAt: "2026-03-14T15:55:30Z",
      state: "unsolvable",
      marks: 3,
      hasImage: true,
    },
    {
      id: "70000001263",
      type: "GridTask",
      createdAt: "2026-03-14T12:40:12Z",
      state: "solved",
      marks: 1,
      hasImage: true,
    },
    {
      id: "70000001258",
      type: "ImageToTextTask",
      createdAt: "2026-03-14T12:31:08Z",
      state: "open",
      marks: 1,
      hasImage: true,
    },
  ],
  total: 3,
  page: 1,
  pageSize: 20,
}

export const NotCaptcha: Story = {
  render: () => (
    <Shell services={services} api={firstPage(captchaSettingsApi.notCaptcha, notCaptcha)}>
      <NotCaptchaScreen notCaptcha={notCaptcha} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Workers who marked it: 3")).toBeVisible()
    await expect(canvas.getByText("Another worker solved it anyway.")).toBeVisible()
  },
}

export const NotCaptchaEmpty: Story = {
  render: () => (
    <Shell services={services} api={firstPage(captchaSettingsApi.notCaptcha, empty())}>
      <NotCaptchaScreen notCaptcha={empty()} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "No pictures marked — good news" })).toBeVisible()
  },
}

export const NotCaptchaLoading: Story = {
  render: () => (
    <Shell services={services} api={firstPage(captchaSettingsApi.notCaptcha, undefined)}>
      <NotCaptchaScreen />
    </Shell>
  ),
}

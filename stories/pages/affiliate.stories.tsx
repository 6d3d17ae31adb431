import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, spyOn, userEvent, waitFor, within } from "storybook/test"
import {
  partnerApi,
  type Amounts,
  type PartnerBanner,
  type PartnerMaterials,
  type PartnerSources,
  type PartnerSummary,
  type Referral,
  type ReferralPage,
} from "@manyhands/contract/affiliate"
import type { PayoutSettings } from "@manyhands/contract/payouts"
// The affiliate screens by their route names (pages/src/index.ts lists them with every other area's).
import { screens } from "@manyhands/pages/affiliate/screens"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, refusal, storyUser, type StoryApi } from "./story-shell"

const [
  { default: DashboardScreen },
  { default: MaterialsScreen },
  { default: ExamplesScreen },
  { default: RulesScreen },
  { default: LandingPagesScreen },
  { default: BannersScreen },
  { default: ReferralsScreen },
  { default: SourcesScreen },
] = await Promise.all([
  screens.PartnerDashboard(),
  screens.PartnerMaterials(),
  screens.PartnerExamples(),
  screens.PartnerRules(),
  screens.PartnerLandingPages(),
  screens.PartnerBanners(),
  screens.PartnerReferrals(),
  screens.PartnerSources(),
])

const meta = {
  title: "Screens/Affiliate",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

const SUMMARY = partnerApi.summary.url()
const REFERRALS = partnerApi.referrals.url()
const SOURCES = partnerApi.sources.url()

/** An answer that never comes: the route is still loading its data. */
const pending = () => new Promise<never>(() => {})

const ORIGIN = "https://manyhands.dev"
const LINK = `${ORIGIN}/?from=42`
const TODAY = "2026-05-20"
const USD = 1_000_000

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

/**
 * Clicks a copy button and checks what reached the clipboard; then waits until the button reads as before (it says
 * "Copied" for two seconds), so the screenshot does not depend on timing.
 */
async function copies(button: HTMLElement, expected: unknown) {
  const clipboard = mockClipboard()
  // The face shown now: the others are hidden from the accessible name.
  const name = button.querySelector(":scope span.grid > span:not([aria-hidden])")?.textContent ?? ""
  try {
    await userEvent.click(button)
    await expect(clipboard.writeText).toHaveBeenCalledWith(expected)
    await waitFor(() => expect(button).toHaveAccessibleName(name), { timeout: 4000 })
  } finally {
    clipboard.restore()
  }
}

/* ───────────────────────────── data ───────────────────────────── */

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
const usd = (micro: number): Amounts => ({ USD: micro, RUB: 0 })
const sum = (a: Amounts, b: Amounts): Amounts => ({ USD: a.USD + b.USD, RUB: a.RUB + b.RUB })
const ZERO: Amounts = { USD: 0, RUB: 0 }

/**
 * A partner with a developer blog and a YouTube channel: weekdays busier, a sign-up every other day or so, 10 % of
 * a few customers' captcha spending and 5 % of a few workers' pay. `rub` adds a customer who pays in roubles.
 */
function summaryFor(from: string, to: string, { rub = false } = {}): PartnerSummary {
  const days: PartnerSummary["days"] = []
  for (let day = from, n = 0; day <= to; day = addDays(day, 1), n++) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
    const load = (weekday === 0 || weekday === 6 ? 0.6 : 1) * (1 + 0.25 * Math.sin(n / 3.1))
    const clicks = Math.round(24 * load * (1 + 0.2 * Math.cos(n * 1.7)))
    days.push({
      date: day,
      clicks,
      uniqueClicks: Math.round(clicks * 0.71),
      signUps: n % 5 === 1 ? 2 : n % 3 === 0 ? 1 : 0,
      customers: {
        USD: Math.round((1.45 + 0.8 * Math.sin(n / 4.3)) * load * USD) + ((n * 1371) % 997),
        RUB: rub && n % 4 === 2 ? 38_400_000 + n * 120_000 : 0,
      },
      workers: usd(Math.round(0.11 * USD * (1 + 0.6 * Math.cos(n / 2.2))) + ((n * 311) % 97)),
    })
  }
  const customers = days.reduce((total, day) => sum(total, day.customers), ZERO)
  const workers = days.reduce((total, day) => sum(total, day.workers), ZERO)
  return {
    userId: "42",
    link: LINK,
    from,
    to,
    shares: { customerPercent: 10, workerPercent: 5 },
    clicks: days.reduce((total, day) => total + day.clicks, 0),
    uniqueClicks: days.reduce((total, day) => total + day.uniqueClicks, 0),
    signUps: days.reduce((total, day) => total + day.signUps, 0),
    activeReferrals: Math.min(31, Math.round(days.length / 3) + 2),
    referralsTotal: 58,
    earnings: { customers, workers, total: sum(customers, workers) },
    earnedAllTime: { USD: 187_430_912, RUB: rub ? 1_204_800_000 : 0 },
    balance: {
      posted: { USD: 64_215_380, RUB: rub ? 402_300_000 : 0 },
      available: { USD: 44_215_380, RUB: rub ? 402_300_000 : 0 },
    },
    days,
  }
}

const month = summaryFor(addDays(TODAY, -29), TODAY)
const quarter = summaryFor(addDays(TODAY, -89), TODAY)
const withRoubles = summaryFor(addDays(TODAY, -29), TODAY, { rub: true })

/** Someone who just opened the programme: every day of the window at zero. */
const newPartner: PartnerSummary = {
  ...month,
  clicks: 0,
  uniqueClicks: 0,
  signUps: 0,
  activeReferrals: 0,
  referralsTotal: 0,
  earnings: { customers: ZERO, workers: ZERO, total: ZERO },
  earnedAllTime: ZERO,
  balance: { posted: ZERO, available: ZERO },
  days: month.days.map((day) => ({
    ...day,
    clicks: 0,
    uniqueClicks: 0,
    signUps: 0,
    customers: ZERO,
    workers: ZERO,
  })),
}
/** A partner with referrals and earnings, but a quiet fortnight. */
const quietFortnight: PartnerSummary = {
  ...newPartner,
  from: addDays(TODAY, -13),
  referralsTotal: 58,
  earnedAllTime: month.earnedAllTime,
  balance: month.balance,
  days: newPartner.days.slice(16),
}

const summaryQuery = (from: string, to: string) => `GET ${partnerApi.summary.url(null, { from, to })}`

/* Referrals: the people this partner brought, newest first. */
const people: [email: string, type: Referral["type"], confirmed: boolean][] = [
  ["ma***@gmail.com", "customer", true],
  ["dr***@proton.me", "developer", true],
  ["ke***@yahoo.com", "worker", true],
  ["sa***@scrapeworks.io", "customer", true],
  ["l***@mail.ru", "worker", false],
  ["te***@outlook.com", null, false],
  ["an***@qa-lab.de", "developer", true],
  ["pr***@gmail.com", "worker", true],
  ["ju***@fastmail.com", "customer", true],
  ["ri***@hotmail.com", "worker", true],
  ["ol***@yandex.ru", "customer", true],
  ["no***@gmail.com", null, true],
  ["ch***@example.org", "developer", true],
  ["va***@gmail.com", "worker", true],
  ["bo***@datahive.co", "customer", true],
  ["ym***@naver.com", "worker", true],
  ["fe***@gmail.com", "worker", false],
  ["ig***@icloud.com", "customer", true],
  ["th***@gmail.com", "worker", true],
  ["ca***@pricewatch.app", "developer", true],
  ["at***@gmail.com", "worker", true],
  ["mi***@inbox.lv", "customer", true],
  ["e***@gmx.net", "worker", true],
]

const referrals: Referral[] = people.map(([email, type, confirmed], i) => {
  const registered = new Date(Date.parse(`${TODAY}T16:42:00Z`) - (i * 2.7 + 0.4) * 86_400_000 - i * 3_731_000)
  const spends = type === "customer" || type === "developer"
  const works = type === "worker"
  const active = confirmed && type !== null && i % 6 !== 4
  const spend = spends && active ? Math.round((38 - i * 1.3) * USD) + i * 4_130 : 0
  const pay = works && active ? Math.round((2.4 - i * 0.06) * USD) + i * 517 : 0
  const commission = Math.floor(spend / 10) + Math.floor(pay / 20)
  return {
    id: String(1290 - i * 7),
    email,
    type,
    registeredAt: registered.toISOString(),
    confirmed,
    lastActivityAt: confirmed
      ? new Date(
          Math.min(Date.parse(`${TODAY}T18:00:00Z`), registered.getTime() + (i % 5) * 86_400_000 + 3_600_000),
        ).toISOString()
      : null,
    spend: usd(spend),
    earnings: usd(pay),
    commission: usd(commission),
    commissionTotal: usd(commission + (i > 8 ? Math.floor(commission * 1.8) : 0)),
  }
})
// One customer pays in roubles.
referrals[10] = {
  ...referrals[10]!,
  spend: { USD: 0, RUB: 2_840_500_000 },
  commission: { USD: 0, RUB: 284_050_000 },
  commissionTotal: { USD: 0, RUB: 612_300_000 },
}

const referralPage = (
  page: number,
  sort: ReferralPage["sort"] = "newest",
  items = referrals,
): ReferralPage => {
  const ordered = [...items]
  if (sort === "oldest") ordered.reverse()
  if (sort === "commission")
    ordered.sort((a, b) => b.commission.USD - a.commission.USD || b.commission.RUB - a.commission.RUB)
  if (sort === "activity")
    ordered.sort((a, b) => (b.lastActivityAt ?? "").localeCompare(a.lastActivityAt ?? ""))
  return {
    items: ordered.slice((page - 1) * 20, page * 20),
    total: items.length,
    page,
    pageSize: 20,
    from: addDays(TODAY, -29),
    to: TODAY,
    sort,
  }
}
const noReferrals: ReferralPage = { ...referralPage(1), items: [], total: 0 }

const sources: PartnerSources = {
  from: addDays(TODAY, -29),
  to: TODAY,
  bySource: [
    { source: "youtube", clicks: 312, uniqueClicks: 224, signUps: 7 },
    { source: "devblog.example.com", clicks: 151, uniqueClicks: 118, signUps: 4 },
    { source: "github.com", clicks: 64, uniqueClicks: 50, signUps: 2 },
    { source: "telegram", clicks: 38, uniqueClicks: 31, signUps: 1 },
    { source: "direct", clicks: 12, uniqueClicks: 10, signUps: 1 },
  ],
  byUtm: [
    { utmSource: "", utmMedium: "", utmCampaign: "", signUps: 9 },
    { utmSource: "newsletter", utmMedium: "email", utmCampaign: "may-issue", signUps: 4 },
    { utmSource: "youtube", utmMedium: "video", utmCampaign: "python-scraper", signUps: 2 },
  ],
}
const noSources: PartnerSources = { ...sources, bySource: [], byUtm: [] }

/**
 * The banners as the server draws them (server/src/modules/affiliate/banners.ts): a blue card with the brand, the
 * tagline and a "Start now" button. Stories cannot reach the server, so they show these as data URLs.
 */
function bannerPicture(width: number, height: number): string {
  const tall = height > width * 2
  const box = !tall && height > 150
  const font = "system-ui, sans-serif"
  const text = (x: number, y: number, size: number, value: string, extra = "") =>
    `<text x="${x}" y="${y}" font-size="${size}" fill="#ffffff" ${extra}>${value}</text>`
  const parts = tall
    ? [
        text(80, 150, 22, "Manyhands", 'font-weight="700" text-anchor="middle"'),
        text(80, 230, 16, "Captchas", 'text-anchor="middle"'),
        text(80, 252, 16, "solved by", 'text-anchor="middle"'),
        text(80, 274, 16, "real people", 'text-anchor="middle"'),
      ]
    : box
      ? [
          text(150, 82, 34, "Manyhands", 'font-weight="700" text-anchor="middle"'),
          text(150, 120, 15, "Captchas solved", 'text-anchor="middle"'),
          text(150, 140, 15, "by real people", 'text-anchor="middle"'),
        ]
      : [
          text(height / 4, height * 0.46, height / 3, "Manyhands", 'font-weight="700"'),
          text(height / 4, height * 0.76, height / 5, "Captchas solved by real people"),
        ]
  const button = tall
    ? { x: 20, y: 470, w: 120, h: 40, size: 16 }
    : box
      ? { x: 75, y: 178, w: 150, h: 40, size: 17 }
      : { x: width - height * 2, y: height / 4, w: height * 1.75, h: height / 2, size: height / 4.5 }
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${font}">` +
    `<rect width="${width}" height="${height}" rx="6" fill="#2346cc"/>${parts.join("")}` +
    `<rect x="${button.x}" y="${button.y}" width="${button.w}" height="${button.h}" rx="${button.h / 2}" fill="#e8eeff"/>` +
    `<text x="${button.x + button.w / 2}" y="${button.y + button.h / 2 + button.size * 0.35}" font-size="${button.size}" font-weight="600" text-anchor="middle" fill="#2346cc">Start now</text></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

const banner = (width: number, height: number): PartnerBanner => {
  const size = `${width}x${height}`
  const imageUrl = `${ORIGIN}/partner-banners/${size}.svg`
  return {
    id: size,
    size,
    width,
    height,
    imageUrl: bannerPicture(width, height),
    embedCode: `<a href="${LINK}" target="_blank" rel="noopener"><img src="${imageUrl}" width="${width}" height="${height}" alt="Manyhands: Captchas solved by real people"></a>`,
  }
}

const landing = (
  id: string,
  path: string,
  audience: PartnerMaterials["landingPages"][number]["audience"],
) => ({
  id,
  path,
  audience,
  link: `${ORIGIN}${path}?from=42`,
})

const materials: PartnerMaterials = {
  link: LINK,
  banners: [banner(468, 60), banner(728, 90), banner(300, 250), banner(160, 600)],
  landingPages: [
    landing("home", "/", "everyone"),
    landing("register", "/auth/register", "everyone"),
    landing("for-customer", "/for-customer", "customers"),
    landing("captcha-workaround", "/captcha-workaround", "customers"),
    landing("captcha-bypass-extension", "/captcha-bypass-extension", "customers"),
    landing("data", "/data", "customers"),
    landing("make-money-online", "/make-money-online", "workers"),
    landing("jobs", "/jobs", "workers"),
  ],
}

const payoutSettings: PayoutSettings = {
  methods: [
    {
      name: "usdt-trc20",
      label: "USDT (TRC-20)",
      minimum: 5 * USD,
      fee: { fixed: 1 * USD, percent: 0, minimum: 0 },
    },
    { name: "btc", label: "Bitcoin", minimum: 20 * USD, fee: { fixed: 2 * USD, percent: 0, minimum: 0 } },
    { name: "paypal", label: "PayPal", minimum: 2 * USD, fee: { fixed: 0, percent: 2, minimum: 300_000 } },
  ],
  current: null,
  available: { earnings: 0, partner: 44_215_380 },
}

const partner = { ...storyUser, email: "ada@devblog.example.com" }

/* ───────────────────────────── /partner ───────────────────────────── */

const dashboardStory =
  (summary: PartnerSummary | undefined, api: StoryApi = {}) =>
  () => (
    // The screen reads the default window through SWR too: the server answers it as the route preloaded it.
    <Shell services={{ user: partner }} api={{ [`GET ${SUMMARY}`]: summary ?? pending, ...api }}>
      <DashboardScreen partnerSummary={summary} today={TODAY} />
    </Shell>
  )

/** A partner a few months in: the link, the last 30 days by day and source, the balance and the materials. */
export const Dashboard: Story = {
  name: "Dashboard",
  render: dashboardStory(month),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Affiliate programme" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page")
    await expect(canvas.getByRole("textbox", { name: "Referral link" })).toHaveValue(LINK)
    await expect(
      canvas.getByText(
        "You earn 10% of what customers you invite spend, and 5% of what workers you invite earn.",
      ),
    ).toBeVisible()
    await expect(canvas.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true")
    await expect(canvas.getByText("Showing April 21, 2026 to May 20, 2026")).toBeVisible()
    const clicks = canvas.getByRole("group", { name: "Clicks" })
    await expect(clicks).toHaveTextContent(month.clicks.toLocaleString("en"))
    await expect(canvas.getByRole("group", { name: "Sign-ups" })).toHaveTextContent("58 referrals in all")
    await expect(canvas.getByRole("group", { name: "From customers" })).toHaveTextContent(
      "10% of their spending",
    )
    await expect(canvas.getByRole("group", { name: "Available for a payout" })).toHaveTextContent("$44.21")
    await expect(canvas.getByText("Held for requests being processed:")).toBeVisible()
    const balance = within(canvas.getByRole("region", { name: "Partner balance" }))
    await expect(balance.getByRole("link", { name: "Request a payout" })).toHaveAttribute(
      "href",
      "/partner/payment",
    )
    const traffic = canvas.getByRole("figure", { name: "Clicks and sign-ups" })
    await expect(
      within(traffic)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["Clicks", "Unique visitors", "Sign-ups"])
    await expect(canvas.getByRole("figure", { name: "Earnings in USD" })).toBeVisible()
    await expect(canvas.queryByRole("figure", { name: "Earnings in RUB" })).toBeNull()
    const more = within(canvas.getByRole("region", { name: "Materials and reports" }))
    await expect(more.getAllByRole("listitem")).toHaveLength(7)
    await step("the link is copied", async () => {
      await copies(canvas.getByRole("button", { name: "Copy link" }), LINK)
    })
    atTop()
  },
}

const quarterAnswer = fn(() => quarter)

/** "90 days" asks the API for that window (never with ?from= in the page's address) and redraws. */
export const DashboardNinetyDays: Story = {
  name: "Dashboard: 90 days",
  render: dashboardStory(month, { [summaryQuery(addDays(TODAY, -89), TODAY)]: quarterAnswer }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "90 days" }))
    await waitFor(() => expect(quarterAnswer).toHaveBeenCalledTimes(1))
    await expect(await canvas.findByText("Showing February 20, 2026 to May 20, 2026")).toBeVisible()
    await expect(canvas.getByRole("button", { name: "90 days" })).toHaveAttribute("aria-pressed", "true")
    await expect(canvas.getByRole("textbox", { name: /From$/ })).toHaveValue("2026-02-20")
    await expect(canvas.getByRole("group", { name: "Clicks" })).toHaveTextContent(
      quarter.clicks.toLocaleString("en"),
    )
    // The lists of the programme open on the same window.
    const more = within(canvas.getByRole("region", { name: "Materials and reports" }))
    await expect(more.getByRole("link", { name: "Invited referrals" })).toHaveAttribute(
      "href",
      "/partner/materials/invited-referrals?dateFrom=2026-02-20&dateTo=2026-05-20",
    )
    atTop()
  },
}

/** A partner whose referrals also pay in roubles: a chart per currency, and the note on rouble payouts. */
export const DashboardTwoCurrencies: Story = {
  name: "Dashboard: USD and RUB",
  render: dashboardStory(withRoubles),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("figure", { name: "Earnings in RUB" })).toBeVisible()
    await expect(canvas.getByRole("group", { name: "Since you started" })).toHaveTextContent("RUB 1,204.80")
    await expect(canvas.getByText(/earnings in roubles stay on your balance/)).toBeVisible()
  },
}

/** Just joined: zeros, and what to do first instead of empty charts. */
export const DashboardNewPartner: Story = {
  name: "Dashboard: new partner",
  render: dashboardStory(newPartner),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "Get your first referrals" })).toBeVisible()
    await expect(canvas.queryByRole("figure")).toBeNull()
    await expect(canvas.getByRole("group", { name: "Available for a payout" })).toHaveTextContent("$0.00")
    await expect(canvas.getByRole("link", { name: "Choose a landing page" })).toHaveAttribute(
      "href",
      "/partner/materials/landing-pages",
    )
  },
}

/** Referrals and earnings before, but nothing in the chosen fortnight. */
export const DashboardQuiet: Story = {
  name: "Dashboard: quiet period",
  render: dashboardStory(month, { [summaryQuery(addDays(TODAY, -13), TODAY)]: quietFortnight }),
  play: async ({ canvas }) => {
    const from = canvas.getByRole("textbox", { name: /From$/ })
    await userEvent.clear(from)
    await userEvent.type(from, "2026-05-07")
    await expect(await canvas.findByRole("heading", { name: "Nothing in this period" })).toBeVisible()
    await expect(canvas.getByRole("group", { name: "Since you started" })).toHaveTextContent("$187.43")
    atTop()
  },
}

/** While the route loads the summary. */
export const DashboardLoading: Story = {
  name: "Dashboard: loading",
  render: dashboardStory(undefined),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Loading your figures…")).toBeInTheDocument()
    await expect(canvas.getByRole("group", { name: "Clicks" })).toHaveAttribute("aria-busy", "true")
  },
}

let failFirst = true
const flaky = fn(() => {
  if (failFirst) {
    failFirst = false
    throw refusal("The server could not answer. Try again in a minute.", "INTERNAL_ERROR", 500)
  }
  return quarter
})

/** A window that fails to load: the message, and a retry that works. */
export const DashboardError: Story = {
  name: "Dashboard: error",
  render: dashboardStory(month, { [summaryQuery(addDays(TODAY, -89), TODAY)]: flaky }),
  play: async ({ canvas }) => {
    failFirst = true
    await userEvent.click(canvas.getByRole("button", { name: "90 days" }))
    const alert = await canvas.findByRole("alert")
    await expect(alert).toHaveTextContent("Your figures could not be loaded")
    await expect(alert).toHaveTextContent("The server could not answer. Try again in a minute.")
    // The link does not depend on the window: it stays.
    await expect(canvas.getByRole("textbox", { name: "Referral link" })).toHaveValue(LINK)
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }))
    await expect(await canvas.findByText("Showing February 20, 2026 to May 20, 2026")).toBeVisible()
    atTop()
  },
}

const neverAsked = fn(() => quarter)

/** More than 366 days is refused beside the fields; nothing is fetched. */
export const DashboardInvalidRange: Story = {
  name: "Dashboard: invalid range",
  render: dashboardStory(month, { [summaryQuery("2025-01-01", TODAY)]: neverAsked }),
  play: async ({ canvas }) => {
    const from = canvas.getByRole("textbox", { name: /From$/ })
    await userEvent.clear(from)
    await userEvent.type(from, "2025-01-01")
    await expect(
      await canvas.findByText(
        "A period can be at most 366 days long: choose a later first day or an earlier last day.",
      ),
    ).toBeVisible()
    await expect(neverAsked).not.toHaveBeenCalled()
    await expect(canvas.getByText("Showing April 21, 2026 to May 20, 2026")).toBeVisible()
    atTop()
  },
}

/** On a phone. */
export const DashboardMobile: Story = {
  name: "Dashboard: mobile",
  globals: { viewport: { value: "mobile" } },
  render: dashboardStory(month),
}

/** The dark theme. */
export const DashboardDark: Story = {
  name: "Dashboard: dark",
  globals: { theme: "dark" },
  render: dashboardStory(withRoubles),
}

/* ───────────────────────────── /partner/materials ───────────────────────────── */

/** A materials screen as the route gives it: the materials, or none yet while they load. */
const withMaterials = (Screen: typeof MaterialsScreen, { loading = false } = {}) =>
  function Render() {
    return (
      <Shell services={{ user: partner }}>
        <Screen partnerMaterials={loading ? undefined : materials} />
      </Shell>
    )
  }

/** The index: the link and a card per page of the area. */
export const Materials: Story = {
  name: "Materials",
  render: withMaterials(MaterialsScreen),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Affiliate materials" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "All materials" })).toHaveAttribute("aria-current", "page")
    const list = canvas.getByRole("region", { name: "What is here" })
    await expect(within(list).getAllByRole("listitem")).toHaveLength(7)
    await expect(within(list).getByRole("link", { name: "Banners" })).toHaveAttribute(
      "href",
      "/partner/materials/banners",
    )
  },
}

const examplesStory = (kind: "reviews" | "articles") => () => (
  <Shell services={{ user: partner }}>
    <ExamplesScreen kind={kind} partnerMaterials={materials} />
  </Shell>
)

/** Three reviews, each with the partner's link to the page its readers need. */
export const ReviewExamples: Story = {
  name: "Review examples",
  render: examplesStory("reviews"),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Review examples" })).toBeVisible()
    const forum = canvas.getByRole("region", { name: "A developer forum answer" })
    await expect(forum).toHaveTextContent(`${ORIGIN}/for-customer?from=42`)
    await copies(
      within(forum).getByRole("button", { name: "Copy text" }),
      expect.stringMatching(
        /^We had the same problem[\s\S]*https:\/\/manyhands\.dev\/for-customer\?from=42$/,
      ),
    )
    atTop()
  },
}

/** Three articles with a headline each. */
export const ArticleExamples: Story = {
  name: "Article examples",
  render: examplesStory("articles"),
  play: async ({ canvas }) => {
    const workers = canvas.getByRole("region", { name: "An honest look at the work" })
    await expect(
      within(workers).getByText("Solving captchas for money: what it is really like"),
    ).toBeVisible()
    await expect(workers).toHaveTextContent(`${ORIGIN}/jobs?from=42`)
  },
}

/** The rules with the shares in force and each payout method's minimum. */
export const Rules: Story = {
  name: "Rules",
  render: () => (
    <Shell services={{ user: partner }}>
      <RulesScreen partnerSummary={month} payoutSettings={payoutSettings} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Programme rules" })).toBeVisible()
    await expect(canvas.getByText(/^Nothing is paid for a click or a sign-up\. .*10% .*5% /)).toBeVisible()
    const forbidden = canvas.getByRole("region", { name: "What is not allowed" })
    await expect(within(forbidden).getAllByRole("listitem")).toHaveLength(6)
    const methods = canvas.getByRole("table", { name: "Payout methods" })
    await expect(within(methods).getByRole("row", { name: /Bitcoin \$20\.00 \$2\.00/ })).toBeVisible()
    await expect(
      within(methods).getByRole("row", { name: /PayPal \$2\.00 2%, at least \$0\.30/ }),
    ).toBeVisible()
  },
}

/** Every landing page with its audience and the link to copy. */
export const LandingPages: Story = {
  name: "Landing pages",
  render: withMaterials(LandingPagesScreen),
  play: async ({ canvas }) => {
    const jobs = canvas.getByRole("group", { name: "Jobs" })
    await expect(within(jobs).getByText("For workers")).toBeVisible()
    await expect(within(jobs).getByText(`${ORIGIN}/jobs?from=42`)).toBeVisible()
    // Looking at the page is no click of one's own.
    await expect(within(jobs).getByRole("link", { name: "Open Jobs" })).toHaveAttribute("href", "/jobs")
    await copies(within(jobs).getByRole("button", { name: "Copy link" }), `${ORIGIN}/jobs?from=42`)
    atTop()
  },
}

/** The four banners as they look, with their code. */
export const Banners: Story = {
  name: "Banners",
  render: withMaterials(BannersScreen),
  play: async ({ canvas }) => {
    const images = canvas.getAllByRole("img", { name: /^Manyhands banner, / })
    await expect(images).toHaveLength(4)
    await expect(images[0]).toHaveAttribute("width", "468")
    await waitFor(() => expect(images.every((image) => (image as HTMLImageElement).complete)).toBe(true))
    const leaderboard = canvas.getByRole("region", { name: "728 × 90" })
    await copies(
      within(leaderboard).getByRole("button", { name: "Copy code" }),
      materials.banners[1]!.embedCode,
    )
    atTop()
  },
}

/** Banners on a phone: the wide ones scale down. */
export const BannersMobile: Story = {
  name: "Banners: mobile",
  globals: { viewport: { value: "mobile" } },
  render: withMaterials(BannersScreen),
}

/** While the route loads the materials. */
export const BannersLoading: Story = {
  name: "Banners: loading",
  render: withMaterials(BannersScreen, { loading: true }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "Loading the banners…" })).toBeVisible()
  },
}

/* ───────────────────────────── invited referrals ───────────────────────────── */

const referralsStory =
  (page: ReferralPage | undefined, api: StoryApi = {}) =>
  () => (
    <Shell services={{ user: partner }} api={{ [`GET ${REFERRALS}`]: page ?? pending, ...api }}>
      <ReferralsScreen partnerReferrals={page} today={TODAY} />
    </Shell>
  )

const secondPage = fn(() => referralPage(2))
const byCommission = fn(() => referralPage(1, "commission"))

/** 23 referrals: the first 20 newest first, then the next page and the order by commission. */
export const Referrals: Story = {
  name: "Referrals",
  render: referralsStory(referralPage(1), {
    [`GET ${partnerApi.referrals.url(null, { page: 2 })}`]: secondPage,
    [`GET ${partnerApi.referrals.url(null, { sort: "commission" })}`]: byCommission,
  }),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1, name: "Invited referrals" })).toBeVisible()
    const table = canvas.getByRole("table", { name: /^Your referrals, April 21, 2026 to May 20, 2026/ })
    await expect(within(table).getAllByRole("row")).toHaveLength(21)
    await expect(canvas.getByText("1–20 of 23")).toBeVisible()
    const first = within(table).getByRole("rowheader", { name: /^ma\*\*\*@gmail\.com/ })
    await expect(first).toHaveTextContent("Confirmed")
    await expect(within(table).getByRole("rowheader", { name: /^te\*\*\*@outlook\.com/ })).toHaveTextContent(
      "Not confirmed",
    )
    await expect(within(table).getAllByText("Not chosen yet")).toHaveLength(2)
    await expect(within(table).getAllByText("Never").length).toBeGreaterThan(0)
    await expect(within(table).getByText("RUB 284.05")).toBeVisible()
    await step("the next page", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "Page 2" }))
      await waitFor(() => expect(secondPage).toHaveBeenCalledTimes(1))
      await expect(await canvas.findByText("21–23 of 23")).toBeVisible()
      await expect(within(table).getAllByRole("row")).toHaveLength(4)
    })
    await step("by commission", async () => {
      await userEvent.selectOptions(canvas.getByRole("combobox", { name: "Order" }), "Most commission first")
      await waitFor(() => expect(byCommission).toHaveBeenCalledTimes(1))
      await expect(await canvas.findByText("1–20 of 23")).toBeVisible()
      await expect(within(table).getAllByRole("rowheader")[0]).toHaveTextContent("ma***@gmail.com")
    })
    atTop()
  },
}

/** Nobody yet: what will appear, and where to start. */
export const ReferralsEmpty: Story = {
  name: "Referrals: empty",
  render: referralsStory(noReferrals),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "No referrals yet" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Choose a page to link to" })).toHaveAttribute(
      "href",
      "/partner/materials/landing-pages",
    )
    await expect(canvas.queryByRole("navigation", { name: "Pages of referrals" })).toBeNull()
  },
}

/** While the route loads the first page. */
export const ReferralsLoading: Story = {
  name: "Referrals: loading",
  render: referralsStory(undefined),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("table")).toHaveAttribute("aria-busy", "true")
    await expect(canvas.getByText("Loading your referrals…")).toBeInTheDocument()
  },
}

const referralsFail = fn(() => {
  throw refusal("The server could not answer. Try again in a minute.", "INTERNAL_ERROR", 500)
})

/** Another page that fails to load: the message and a retry. */
export const ReferralsError: Story = {
  name: "Referrals: error",
  render: referralsStory(referralPage(1), {
    [`GET ${partnerApi.referrals.url(null, { page: 2 })}`]: referralsFail,
  }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "Page 2" }))
    const alert = await canvas.findByRole("alert")
    await expect(alert).toHaveTextContent("Your referrals could not be loaded")
    await expect(within(alert).getByRole("button", { name: "Try again" })).toBeVisible()
    atTop()
  },
}

/** On a phone every referral is a card. */
export const ReferralsMobile: Story = {
  name: "Referrals: mobile",
  globals: { viewport: { value: "mobile" } },
  render: referralsStory({ ...referralPage(1), items: referrals.slice(0, 4) }),
}

/* ───────────────────────────── sources ───────────────────────────── */

const sourcesStory =
  (data: PartnerSources | undefined, api: StoryApi = {}) =>
  () => (
    <Shell services={{ user: partner }} api={{ [`GET ${SOURCES}`]: data ?? pending, ...api }}>
      <SourcesScreen partnerSources={data} today={TODAY} />
    </Shell>
  )

const sevenDays = fn(() => ({ ...noSources, from: addDays(TODAY, -6) }))

/** Clicks and sign-ups by source with their sum, and sign-ups by UTM tags. */
export const Sources: Story = {
  name: "Sources",
  render: sourcesStory(sources),
  play: async ({ canvas }) => {
    const bySource = canvas.getByRole("table", { name: /^Clicks and sign-ups by source/ })
    await expect(within(bySource).getAllByRole("row")).toHaveLength(1 + 5 + 1)
    await expect(within(bySource).getByRole("row", { name: "youtube 312 224 7" })).toBeVisible()
    await expect(within(bySource).getByRole("row", { name: "Direct (no source) 12 10 1" })).toBeVisible()
    await expect(within(bySource).getByRole("row", { name: "All sources 577 433 15" })).toBeVisible()
    const byUtm = canvas.getByRole("table", { name: /^Sign-ups by UTM tags/ })
    await expect(within(byUtm).getByRole("row", { name: "newsletter email may-issue 4" })).toBeVisible()
    await expect(within(byUtm).getAllByText("(none)")).toHaveLength(3)
  },
}

/** A week without visits: both tables say so. */
export const SourcesEmpty: Story = {
  name: "Sources: empty",
  render: sourcesStory(sources, {
    [`GET ${partnerApi.sources.url(null, { from: addDays(TODAY, -6), to: TODAY })}`]: sevenDays,
  }),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole("button", { name: "7 days" }))
    await expect(await canvas.findByRole("heading", { name: "No visits in this period" })).toBeVisible()
    await expect(canvas.getByRole("heading", { name: "No sign-ups in this period" })).toBeVisible()
    await expect(canvas.getByText("Showing May 14, 2026 to May 20, 2026")).toBeVisible()
    atTop()
  },
}

/** The dark theme. */
export const SourcesDark: Story = {
  name: "Sources: dark",
  globals: { theme: "dark" },
  render: sourcesStory(sources),
}

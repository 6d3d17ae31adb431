import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, screen, userEvent, waitFor, within } from "storybook/test"
import {
  BYTES_PER_GB,
  proxyApi,
  type BuyTraffic,
  type ConnectionRequest,
  type NewAllowed,
  type NewSubuser,
  type PurchaseResult,
  type Subuser,
  type SubuserChange,
} from "@manyhands/contract/proxy"
import { screens } from "@manyhands/pages/proxy-cabinet/screens"
import {
  NOW,
  account,
  alice,
  backup,
  emptyUsage,
  scraperMonthUsage,
  newAccount,
  purchases,
  scraper,
  scraperWeekUsage,
  socksLines,
  subusers,
  weekUsage,
} from "./proxy-cabinet-fixtures"
import { withScreenContext } from "./screen-decorator"
import { StoryShell as Shell, on, refusal, storyUser } from "./story-shell"

/*
 * The proxy cabinet (pages/src/proxy-cabinet): each screen loaded, empty and loading, with its main interaction —
 * connection strings and buying traffic (bought, then refused for the balance) on the overview; a sub-user created
 * (a bad name, a taken one, then a new one) and the rows' actions; an address allowed (too wide, taken, then
 * allowed) and removed; the statistics of one sub-user over 30 days.
 */

const [{ default: Overview }, { default: Users }, { default: Allowlist }, { default: Statistics }] =
  await Promise.all([
    screens.ProxyCabinet(),
    screens.ProxyUsers(),
    screens.ProxyAllowlist(),
    screens.ProxyStatistics(),
  ])

const meta = {
  title: "Screens/Proxy cabinet",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
  // The last 24 hours end at the stories' clock.
  beforeEach: () => {
    const realNow = Date.now
    Date.now = () => NOW
    return () => {
      Date.now = realNow
    }
  },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** An answer that never comes: the route is still loading its data. */
const pending = () => new Promise<never>(() => {})

/** Focus may have scrolled a long screen; its screenshot is taken from the top. */
const atTop = () => window.scrollTo(0, 0)

const region = (name: string | RegExp) => within(screen.getByRole("region", { name }))

/** Text of the code examples in an element (highlighting splits it into many spans). */
const codeText = (root: HTMLElement) =>
  Array.from(root.querySelectorAll("pre"), (pre) => pre.textContent).join("\n")

/** Chooses an option of a design-system Select (its list is portalled out of the canvas). */
async function choose(canvas: ReturnType<typeof within>, label: string, option: string) {
  await userEvent.selectOptions(canvas.getByRole("combobox", { name: label }), option)
}

/* ─────────────────────────────── /proxy ─────────────────────────────── */

const connections = fn((body: unknown) => {
  const { count = 1, country = "us", ttlMinutes = 10 } = body as ConnectionRequest
  return { lines: socksLines(count, country, ttlMinutes) }
})

/**
 * The balance, the traffic of each pool (residential well stocked, mobile nearly used up, none for datacenter, ISP
 * used up), the gateway, the quick start as alice, the purchases; then three sticky SOCKS5 lines for Germany.
 */
export const Cabinet: Story = {
  name: "Overview",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{ [on(proxyApi.subusers)]: { subusers }, [on(proxyApi.connections)]: connections }}
    >
      <Overview proxyAccount={account} proxyPurchases={{ purchases }} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Proxy cabinet")
    const nav = within(canvas.getByRole("navigation", { name: "Proxy cabinet" }))
    await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page")
    await expect(nav.getByRole("link", { name: "IP allow-list" })).toHaveAttribute(
      "href",
      "/proxy/ip-whitelist",
    )
    await step("the balance, the gateway and the traffic of each pool", async () => {
      await expect(region("Balance").getByText("$42.50")).toBeVisible()
      await expect(region("Balance").getByRole("link", { name: "Top up balance" })).toHaveAttribute(
        "href",
        "/addbalance",
      )
      await expect(region("Gateway").getByText("gw.manyhands.example")).toBeVisible()
      await expect(region("Gateway").getByText("1080")).toBeVisible()
      const traffic = region("Traffic")
      await expect(traffic.getByRole("progressbar", { name: "Residential traffic used" })).toHaveAttribute(
        "aria-valuetext",
        "6.4 GB used of 20 GB",
      )
      await expect(traffic.getByText("13.7 GB left")).toBeVisible()
      await expect(traffic.getByText("380 MB left")).toBeVisible()
      await expect(traffic.getByRole("progressbar", { name: "Datacenter traffic used" })).toHaveAttribute(
        "aria-valuetext",
        "None bought yet",
      )
      await expect(traffic.getByText("Exits in 9 countries")).toBeVisible()
    })
    await step("the quick start as the first sub-user, and the purchases", async () => {
      const quickStart = screen.getByRole("region", { name: "Quick start" })
      await expect(codeText(quickStart)).toContain("--proxy-user alice:PASSWORD")
      const table = within(canvas.getByRole("table", { name: "Purchases" }))
      await expect(table.getAllByRole("row")).toHaveLength(1 + 4)
      await expect(table.getAllByRole("row")[1]).toHaveTextContent(/PoolResidentialTraffic10 GBPaid\$40\.00$/)
    })
    await step("three sticky SOCKS5 lines for Germany", async () => {
      const form = region("Connection strings")
      await expect(await form.findByRole("combobox", { name: "Sub-user" })).toHaveDisplayValue(
        /alice \(Residential\)/,
      )
      await choose(form, "Protocol", "SOCKS5")
      await userEvent.type(form.getByRole("textbox", { name: "Country" }), "DE")
      await userEvent.click(form.getByRole("switch", { name: "Sticky sessions" }))
      const ttl = form.getByRole("spinbutton", { name: "Session length" })
      await userEvent.clear(ttl)
      await userEvent.type(ttl, "30")
      const count = form.getByRole("spinbutton", { name: "Lines" })
      await userEvent.clear(count)
      await userEvent.type(count, "3")
      await userEvent.click(form.getByRole("button", { name: "Write connection strings" }))
      await expect(await form.findByText("3 lines written.")).toBeVisible()
      await expect(connections).toHaveBeenCalledWith({
        subuser: "501",
        protocol: "socks5",
        format: "url",
        country: "de",
        sticky: true,
        ttlMinutes: 30,
        count: 3,
      })
      await expect(form.getByRole("textbox", { name: "Connection strings" })).toHaveValue(
        socksLines(3, "de", 30).join("\n"),
      )
      await expect(form.getByRole("button", { name: "Copy all" })).toBeVisible()
    })
    atTop()
  },
}

const bought: PurchaseResult = {
  purchase: {
    id: "9004",
    pool: "residential",
    gigabytes: 10,
    currency: "USD",
    amount: 40_000_000,
    createdAt: new Date(NOW).toISOString(),
  },
  account: {
    ...account,
    balance: 2_500_000,
    traffic: account.traffic.map((item) =>
      item.pool === "residential"
        ? { ...item, bought: item.bought + 10 * BYTES_PER_GB, left: item.left + 10 * BYTES_PER_GB }
        : item,
    ),
  },
}

const buy = fn((body: unknown) => {
  const { pool, gigabytes } = body as BuyTraffic
  if (pool === "residential" && gigabytes === 10) return bought
  throw refusal("The balance does not cover this purchase. Top it up first.", "INSUFFICIENT_FUNDS", 402)
})

/**
 * 10 GB of residential traffic bought for $40.00 (the price shown before, the traffic and the purchases after);
 * then 5 GB of mobile traffic, which the $2.50 left does not cover: said before buying, and refused with the way to
 * top up.
 */
export const BuyingTraffic: Story = {
  name: "Overview: buying traffic",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{ [on(proxyApi.subusers)]: { subusers }, [on(proxyApi.buy)]: buy }}
    >
      <Overview proxyAccount={account} proxyPurchases={{ purchases }} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    const form = region("Buy traffic")
    await step("the price before buying, then the purchase", async () => {
      await expect(form.getByText("Price: $40.00")).toBeVisible()
      await expect(form.getByText("(10 GB at $4.00 per GB)")).toBeVisible()
      await userEvent.click(form.getByRole("button", { name: "Buy 10 GB" }))
      await expect(await form.findByText("You bought 10 GB of Residential traffic for $40.00.")).toBeVisible()
      await expect(buy).toHaveBeenCalledWith({
        pool: "residential",
        gigabytes: 10,
        idempotencyKey: expect.stringMatching(/^[0-9a-f]{32}$/),
      })
      await expect(region("Balance").getByText("$2.50")).toBeVisible()
      await expect(region("Traffic").getByText("23.7 GB left")).toBeVisible()
      const table = within(canvas.getByRole("table", { name: "Purchases" }))
      await expect(table.getAllByRole("row")).toHaveLength(1 + 5)
    })
    await step("more than the balance covers: said before, refused after", async () => {
      await choose(form, "Pool", "Mobile, $6.00 per GB")
      const amount = form.getByRole("spinbutton", { name: "Amount" })
      await userEvent.clear(amount)
      await userEvent.type(amount, "5")
      await expect(form.getByText("Your balance of $2.50 does not cover this.")).toBeVisible()
      await userEvent.click(form.getByRole("button", { name: "Buy 5 GB" }))
      const alert = await form.findByRole("alert")
      await expect(alert).toHaveTextContent(
        "Your balance does not cover this purchase. Top up your balance, then buy again.",
      )
      await expect(within(alert).getByRole("link", { name: "Top up your balance" })).toHaveAttribute(
        "href",
        "/addbalance",
      )
      // Each purchase is sent with its own idempotency key.
      const keys = buy.mock.calls.map(([body]) => (body as BuyTraffic).idempotencyKey)
      await expect(new Set(keys).size).toBe(2)
    })
    atTop()
  },
}

/** A new account: nothing on the balance, no traffic, no sub-user (the way to create one), no purchases. */
export const CabinetNew: Story = {
  name: "Overview: new account",
  render: () => (
    <Shell services={{ user: storyUser }}>
      <Overview proxyAccount={newAccount} proxyPurchases={{ purchases: [] }} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(region("Balance").getByText("$0.00")).toBeVisible()
    await expect(region("Traffic").getAllByText("No traffic")).toHaveLength(4)
    const strings = region("Connection strings")
    await expect(strings.getByRole("heading", { name: "You have no sub-users yet" })).toBeVisible()
    await expect(strings.getByRole("link", { name: "Create a sub-user" })).toHaveAttribute(
      "href",
      "/proxy/users",
    )
    await expect(codeText(screen.getByRole("region", { name: "Quick start" }))).toContain(
      "--proxy-user SUBUSER:PASSWORD",
    )
    await expect(canvas.getByRole("heading", { name: "No purchases yet" })).toBeVisible()
  },
}

/** While the route loads the account and the purchases. */
export const CabinetLoading: Story = {
  name: "Overview: loading",
  render: () => (
    <Shell services={{ user: storyUser }}>
      <Overview />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Proxy cabinet")
    await expect(canvas.queryByRole("button", { name: /^Buy/ })).toBeNull()
  },
}

/* ─────────────────────────────── /proxy/users ─────────────────────────────── */

const created = fn((body: unknown) => {
  const { name, pool, trafficCapGb, moneyCap } = body as NewSubuser
  if (name === "alice") throw refusal("The name alice is taken; choose another.", "SUBUSER_NAME_TAKEN", 409)
  return {
    id: "504",
    name,
    password: "Ym3Rk8Tw2Qn6Vz4H",
    pool,
    trafficCap: trafficCapGb ? trafficCapGb * BYTES_PER_GB : null,
    moneyCap: moneyCap ?? null,
    spent: 0,
    used: 0,
    paused: false,
    allowlist: [],
    createdAt: new Date(NOW).toISOString(),
  } satisfies Subuser
})
const changedScraper = fn((body: unknown) => ({ ...scraper, ...(body as SubuserChange) }))
const changedAlice = fn((body: unknown) => {
  const change = body as SubuserChange
  return { ...alice, pool: change.pool ?? alice.pool, trafficCap: (change.trafficCapGb ?? 0) * BYTES_PER_GB }
})
const deleted = fn(() => undefined)

/**
 * The sub-users with a password shown, a paused one and caps; a new one refused for its name (here, then by the
 * server) and created; scraper01 paused, alice capped at 10 GB in the dialog, backup deleted after the question.
 */
export const SubUsers: Story = {
  name: "Sub-users",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{
        [on(proxyApi.createSubuser)]: created,
        [on(proxyApi.changeSubuser, { id: scraper.id })]: changedScraper,
        [on(proxyApi.changeSubuser, { id: alice.id })]: changedAlice,
        [on(proxyApi.deleteSubuser, { id: backup.id })]: deleted,
      }}
    >
      <Users proxySubusers={{ subusers }} proxyAccount={account} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    const table = () => within(canvas.getByRole("table", { name: "Your sub-users" }))
    await step("the list: passwords hidden until shown, caps, the paused one", async () => {
      await expect(table().getAllByRole("row")).toHaveLength(1 + 3)
      await expect(table().getByRole("row", { name: /^alice/ })).toHaveTextContent("$19.48 of $50.00 spent")
      await expect(table().getByRole("row", { name: /^backup/ })).toHaveTextContent("Paused")
      await expect(table().queryByText(alice.password)).toBeNull()
      await userEvent.click(table().getByRole("button", { name: "Show the password of alice" }))
      await expect(table().getByText(alice.password)).toBeVisible()
    })
    const form = region("New sub-user")
    const name = form.getByRole("textbox", { name: "Name" })
    await step("a name with capitals and a dash, then a taken one", async () => {
      await userEvent.type(name, "Alice-1")
      await userEvent.click(form.getByRole("button", { name: "Create sub-user" }))
      await expect(
        form.getByText(
          "Use only lower-case letters a–z and digits 0–9: no capitals, spaces, dashes or other signs.",
        ),
      ).toBeVisible()
      await expect(created).not.toHaveBeenCalled()
      await userEvent.clear(name)
      await userEvent.type(name, "alice")
      await userEvent.click(form.getByRole("button", { name: "Create sub-user" }))
      await expect(
        await form.findByText(
          "The name alice is taken. Sub-user names are unique across the service: choose another.",
        ),
      ).toBeVisible()
      await expect(name).toHaveFocus()
    })
    await step("a new one, with a pool and a cap", async () => {
      await userEvent.clear(name)
      await userEvent.type(name, "bob2")
      await choose(form, "Pool", "Datacenter (0 GB left)")
      await userEvent.type(form.getByRole("textbox", { name: "Traffic cap" }), "1.5")
      await userEvent.type(form.getByRole("textbox", { name: "Spending cap" }), "2.50")
      await userEvent.click(form.getByRole("button", { name: "Create sub-user" }))
      await expect(await canvas.findByText("Sub-user bob2 was created.")).toBeVisible()
      await expect(created).toHaveBeenLastCalledWith({
        name: "bob2",
        pool: "datacenter",
        trafficCapGb: 1.5,
        moneyCap: 2_500_000,
      })
      await expect(table().getByRole("row", { name: /^bob2/ })).toHaveTextContent(
        /PoolDatacenterCap1\.5 GB\$0\.00 of \$2\.50 spentUsed0 GB/,
      )
      await expect(name).toHaveValue("")
    })
    await step("scraper01 paused from its menu", async () => {
      await userEvent.click(table().getByRole("button", { name: "Actions for scraper01" }))
      await userEvent.click(await screen.findByRole("menuitem", { name: "Pause" }))
      await expect(
        await canvas.findByText("scraper01 is paused: the gateway refuses its connections."),
      ).toBeVisible()
      await expect(changedScraper).toHaveBeenCalledWith({ paused: true })
      await expect(table().getByRole("row", { name: /^scraper01/ })).toHaveTextContent("Paused")
    })
    await step("alice capped at 10 GB in the dialog", async () => {
      await userEvent.click(table().getByRole("button", { name: "Actions for alice" }))
      await userEvent.click(await screen.findByRole("menuitem", { name: "Change pool or cap…" }))
      const dialog = within(await screen.findByRole("dialog", { name: "Change alice" }))
      await userEvent.type(dialog.getByRole("textbox", { name: "Traffic cap" }), "10")
      await userEvent.click(dialog.getByRole("button", { name: "Save" }))
      await expect(await canvas.findByText("The pool and cap of alice were saved.")).toBeVisible()
      await expect(changedAlice).toHaveBeenCalledWith({
        pool: "residential",
        trafficCapGb: 10,
        moneyCap: 50_000_000,
      })
      await expect(table().getByRole("row", { name: /^alice/ })).toHaveTextContent("10 GB")
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull())
    })
    await step("backup deleted after the question", async () => {
      await userEvent.click(table().getByRole("button", { name: "Actions for backup" }))
      await userEvent.click(await screen.findByRole("menuitem", { name: "Delete…" }))
      const question = within(await screen.findByRole("alertdialog", { name: "Delete backup?" }))
      await expect(question.getByRole("button", { name: "Cancel" })).toHaveFocus()
      await userEvent.click(question.getByRole("button", { name: "Delete sub-user" }))
      await expect(await canvas.findByText("backup was deleted.")).toBeVisible()
      await expect(deleted).toHaveBeenCalledTimes(1)
      await expect(table().queryByRole("row", { name: /^backup/ })).toBeNull()
      await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull())
    })
    atTop()
  },
}

/** No sub-user yet: the empty list says what one is. */
export const SubUsersNone: Story = {
  name: "Sub-users: none",
  render: () => (
    <Shell services={{ user: storyUser }}>
      <Users proxySubusers={{ subusers: [] }} proxyAccount={newAccount} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "No sub-users yet" })).toBeVisible()
    await expect(canvas.getByText("0 of at most 100.")).toBeVisible()
  },
}

/** While the route loads the sub-users. */
export const SubUsersLoading: Story = {
  name: "Sub-users: loading",
  render: () => (
    <Shell services={{ user: storyUser }}>
      <Users />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Sub-users")
    await expect(canvas.getByRole("button", { name: "Create sub-user" })).toBeVisible()
  },
}

/* ─────────────────────────────── /proxy/ip-whitelist ─────────────────────────────── */

const office = { id: "74", cidr: "192.0.2.44/32", note: "Office", createdAt: new Date(NOW).toISOString() }
const allowed = fn((body: unknown) => {
  const { cidr } = body as NewAllowed
  if (cidr === "198.51.100.20")
    throw refusal(
      "198.51.100.20/32 overlaps an address another sub-user has allow-listed.",
      "ADDRESS_TAKEN",
      409,
    )
  return { ...alice, allowlist: [...alice.allowlist, office] } satisfies Subuser
})
const disallowed = fn(() => ({ ...alice, allowlist: [...alice.allowlist.slice(1), office] }))

/**
 * Each sub-user's addresses (backup has none); a range wider than /16 refused here, an address another sub-user has
 * refused by the server, an office address allowed; the build server's address removed.
 */
export const AllowList: Story = {
  name: "Allow-list",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{
        [on(proxyApi.allow, { id: alice.id })]: allowed,
        [on(proxyApi.disallow, { id: alice.id, entry: "71" })]: disallowed,
      }}
    >
      <Allowlist proxySubusers={{ subusers }} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await expect(canvas.getByRole("note")).toHaveTextContent(
      "SOCKS5 always needs the user name and password.",
    )
    await expect(region("alice").getByText("2001:db8:4f::/48")).toBeVisible()
    await expect(region("alice").getByText("Build server · added Feb 18, 2026")).toBeVisible()
    await expect(region("backup").getByRole("heading", { name: "No addresses" })).toBeVisible()
    const form = region("Allow an address")
    const address = form.getByRole("textbox", { name: "Address or range" })
    const submit = form.getByRole("button", { name: "Allow address" })
    await step("a range too wide, refused before sending", async () => {
      await userEvent.type(address, "10.0.0.0/8")
      await userEvent.click(submit)
      await expect(
        form.getByText("This range is too wide: an IPv4 range may be at most a /16."),
      ).toBeVisible()
      await expect(allowed).not.toHaveBeenCalled()
    })
    await step("an address another sub-user has, refused by the server", async () => {
      await userEvent.clear(address)
      await userEvent.type(address, "198.51.100.20")
      await userEvent.click(submit)
      await expect(
        await form.findByText(
          "198.51.100.20 overlaps an address or range that is already allow-listed. An address can belong to one sub-user only.",
        ),
      ).toBeVisible()
      await expect(address).toHaveFocus()
    })
    await step("the office's address allowed for alice", async () => {
      await userEvent.clear(address)
      await userEvent.type(address, "192.0.2.44")
      await userEvent.type(form.getByRole("textbox", { name: "Note" }), "Office")
      await userEvent.click(submit)
      await expect(await canvas.findByText("192.0.2.44/32 was allowed for alice.")).toBeVisible()
      await expect(allowed).toHaveBeenLastCalledWith({ cidr: "192.0.2.44", note: "Office" })
      await expect(region("alice").getByText("Office · added Mar 4, 2026")).toBeVisible()
      await expect(address).toHaveValue("")
    })
    await step("the build server's address removed", async () => {
      await userEvent.click(region("alice").getByRole("button", { name: "Remove 203.0.113.7/32 from alice" }))
      await expect(await canvas.findByText("203.0.113.7/32 was removed from alice.")).toBeVisible()
      await expect(region("alice").queryByText("203.0.113.7/32")).toBeNull()
      await expect(region("alice").getByText("192.0.2.44/32")).toBeVisible()
      await expect(canvas.getByRole("heading", { name: "alice" })).toHaveFocus()
    })
    atTop()
  },
}

/** No sub-user yet: addresses belong to one, so the page leads to creating it. */
export const AllowListNone: Story = {
  name: "Allow-list: no sub-users",
  render: () => (
    <Shell services={{ user: storyUser }}>
      <Allowlist proxySubusers={{ subusers: [] }} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "You have no sub-users yet" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Create a sub-user" })).toHaveAttribute(
      "href",
      "/proxy/users",
    )
    await expect(canvas.queryByRole("textbox", { name: "Address or range" })).toBeNull()
  },
}

/** While the route loads the sub-users. */
export const AllowListLoading: Story = {
  name: "Allow-list: loading",
  render: () => (
    <Shell services={{ user: storyUser }}>
      <Allowlist />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("IP allow-list")
  },
}

/* ─────────────────────────────── /proxy/statistics ─────────────────────────────── */

const MONTH_FROM = new Date(NOW - 29 * 86_400_000).toISOString().slice(0, 10)
const TODAY = new Date(NOW).toISOString().slice(0, 10)
const scraperWeek = fn(() => scraperWeekUsage)
const scraperMonth = fn(() => scraperMonthUsage)

/**
 * The week for all sub-users: totals, per day (Sunday without traffic), the last 24 hours, per sub-user and the top
 * hosts; then scraper01 alone, then over 30 days.
 */
export const Usage: Story = {
  name: "Statistics",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{
        [on(proxyApi.usage)]: weekUsage,
        [on(proxyApi.subusers)]: { subusers },
        [on(proxyApi.usage, null, { subuser: scraper.id })]: scraperWeek,
        [on(proxyApi.usage, null, { from: MONTH_FROM, to: TODAY, subuser: scraper.id })]: scraperMonth,
      }}
    >
      <Statistics proxyUsage={weekUsage} />
    </Shell>
  ),
  play: async ({ canvas, step }) => {
    await step("the week for all sub-users", async () => {
      await expect(canvas.getByText("Showing February 26, 2026 to March 4, 2026")).toBeVisible()
      await expect(canvas.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true")
      await expect(canvas.getByRole("group", { name: "Sent" })).toHaveTextContent("412 MB")
      await expect(canvas.getByRole("group", { name: "Received" })).toHaveTextContent("6.8 GB")
      await expect(canvas.getByRole("group", { name: "Connections" })).toHaveTextContent("48,215")
      await expect(within(canvas.getByRole("figure", { name: "Per day" })).getAllByRole("img")).toHaveLength(
        7,
      )
      await expect(
        within(canvas.getByRole("figure", { name: "The last 24 hours" })).getAllByRole("img"),
      ).toHaveLength(24)
      const hosts = within(canvas.getByRole("table", { name: /^Top hosts/ }))
      await expect(hosts.getAllByRole("row")[1]).toHaveTextContent(
        /^www\.example-shop\.comTraffic2\.3 GBShare31\.9%$/,
      )
    })
    await step("scraper01 alone", async () => {
      await choose(canvas, "Sub-user", "scraper01")
      await waitFor(() => expect(scraperWeek).toHaveBeenCalledTimes(1))
      await waitFor(() => expect(canvas.getByRole("group", { name: "Sent" })).toHaveTextContent("161 MB"))
      const bySubuser = within(canvas.getByRole("table", { name: /^By sub-user/ }))
      await expect(bySubuser.getAllByRole("row")).toHaveLength(1 + 1)
    })
    await step("over 30 days", async () => {
      await userEvent.click(canvas.getByRole("button", { name: "30 days" }))
      await expect(await canvas.findByText("Showing February 3, 2026 to March 4, 2026")).toBeVisible()
      await expect(scraperMonth).toHaveBeenCalledTimes(1)
      await expect(canvas.getByRole("button", { name: "30 days" })).toHaveAttribute("aria-pressed", "true")
      await expect(within(canvas.getByRole("figure", { name: "Per day" })).getAllByRole("img")).toHaveLength(
        30,
      )
      await expect(canvas.getByRole("combobox", { name: "Sub-user" })).toHaveDisplayValue(/scraper01/)
    })
    atTop()
  },
}

/** Nothing went through the gateway this week. */
export const UsageNone: Story = {
  name: "Statistics: no traffic",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{ [on(proxyApi.usage)]: emptyUsage, [on(proxyApi.subusers)]: { subusers } }}
    >
      <Statistics proxyUsage={emptyUsage} />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { name: "No traffic in this period" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Go to the quick start" })).toHaveAttribute(
      "href",
      "/proxy",
    )
    await expect(canvas.queryByRole("figure")).toBeNull()
  },
}

/** While the route loads the week. */
export const UsageLoading: Story = {
  name: "Statistics: loading",
  render: () => (
    <Shell
      services={{ user: storyUser }}
      api={{ [on(proxyApi.usage)]: pending, [on(proxyApi.subusers)]: pending }}
    >
      <Statistics />
    </Shell>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText("Loading statistics…")).toBeInTheDocument()
  },
}

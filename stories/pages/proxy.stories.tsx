import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { screens } from "@manyhands/pages"
import type { ProxyPrices } from "@manyhands/contract/proxy"
import { withScreenContext } from "./screen-decorator"

const [{ default: ProxyLandingScreen }, { default: ProxyUnknownScreen }] = await Promise.all([
  screens.ProxyLanding(),
  screens.ProxyUnknown(),
])

/** GET /api/v2/proxy/prices as the server answers it with the migration's prices. */
const prices = (currency: "USD" | "RUB"): ProxyPrices => ({
  currency,
  prices: (
    [
      ["residential", 4_000_000, 360_000_000],
      ["mobile", 6_000_000, 540_000_000],
      ["datacenter", 800_000, 72_000_000],
      ["isp", 2_500_000, 225_000_000],
    ] as const
  ).map(([pool, usd, rub]) => ({
    pool,
    currency,
    perGb: currency === "USD" ? usd : rub,
    countries: ["de", "us"],
    properties: ["elite", "anonymous"],
  })),
})

/** Text of every code example on the page (highlighting splits it into many spans). */
function codeText(root: HTMLElement): string {
  return Array.from(root.querySelectorAll("pre"), (pre) => pre.textContent).join("\n")
}

const meta = {
  title: "Screens/Proxy",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** The template: hero, comparison, features, use cases, connection, live prices (its pool first), questions. */
export const Residential: Story = {
  render: () => <ProxyLandingScreen kind="residential" proxyPrices={prices("USD")} />,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Residential proxies")
    const hero = canvas.getByRole("region", { name: "Residential proxies" })
    await expect(within(hero).getByRole("link", { name: "Get proxies" })).toHaveAttribute(
      "href",
      "/auth/register?userType=customer",
    )
    await expect(within(hero).getByRole("link", { name: "Proxies by country" })).toHaveAttribute(
      "href",
      "/proxy/local-proxies",
    )
    await expect(canvas.getByText("Traffic, per GB", { selector: "dd" })).toBeVisible()
    const live = canvas.getByRole("heading", { level: 2, name: "How pricing works" }).closest("section")!
    await expect(
      within(live)
        .getAllByRole("term")
        .map((term) => term.textContent),
    ).toEqual(["Residential", "Mobile", "Datacenter", "ISP"])
    await expect(within(live).getByText("$4.00 per GB")).toBeVisible()
    await expect(codeText(canvasElement)).toContain("curl -x http://USER:PASS@proxy.manyhands.dev:PORT")
    // The other nine kinds, and not this one.
    const others = canvas.getByRole("navigation", { name: "Other proxy types" })
    await expect(within(others).getAllByRole("link")).toHaveLength(9)
    await expect(within(others).queryByRole("link", { name: "Residential proxies" })).toBeNull()
    await expect(within(others).getByRole("link", { name: "SOCKS5 proxies" })).toHaveAttribute(
      "href",
      "/proxy/socks5",
    )
  },
}

/** A protocol page: its own code example, a SOCKS5 proxytype for the captcha API, an answer opened. */
export const Socks5: Story = {
  render: () => <ProxyLandingScreen kind="socks5" proxyPrices={prices("USD")} />,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("SOCKS5 proxies")
    await expect(codeText(canvasElement)).toContain("socks5h://USER:PASS@proxy.manyhands.dev:PORT")
    await expect(codeText(canvasElement)).toContain("proxytype=SOCKS5")
    await expect(canvas.getByRole("link", { name: "SOCKS5 vs HTTPS proxy" })).toHaveAttribute(
      "href",
      "/proxy/https",
    )
    const question = canvas.getByRole("button", { name: "Does SOCKS5 encrypt my traffic?" })
    await userEvent.click(question)
    await expect(question).toHaveAttribute("aria-expanded", "true")
    await expect(canvas.getByText(/No, it only relays it/)).toBeVisible()
    // The click scrolled the page; the screenshot starts at the top.
    window.scrollTo(0, 0)
  },
}

/** An anonymity-level page: the example checks for proxy headers over plain HTTP; the prices still loading. */
export const Elite: Story = {
  render: () => <ProxyLandingScreen kind="elite" />,
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Elite proxies")
    await expect(codeText(canvasElement)).toContain("http://httpbin.org/get")
    await expect(canvas.getByRole("heading", { level: 2, name: "How pricing works" })).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Elite vs anonymous" })).toHaveAttribute(
      "href",
      "/proxy/anonymous",
    )
  },
}

/** /proxy/{slug} and /proxy/local-proxies/{slug} for an address no page has: the pages that exist. */
export const Unknown: Story = {
  render: () => (
    <>
      <ProxyUnknownScreen area="types" />
      <ProxyUnknownScreen area="countries" />
    </>
  ),
  play: async ({ canvas }) => {
    const [types, countries] = canvas.getAllByRole("heading", { level: 1 })
    await expect(types).toHaveTextContent("No proxy page has this address")
    await expect(countries).toHaveTextContent("We have no page for this country")
    await expect(canvas.getByRole("link", { name: /^Residential proxies/ })).toHaveAttribute(
      "href",
      "/proxy/residential",
    )
    await expect(canvas.getByRole("link", { name: /^Germany/ })).toHaveAttribute(
      "href",
      "/proxy/local-proxies/de",
    )
  },
}

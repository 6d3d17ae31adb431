import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent, within } from "storybook/test"
import { screens } from "@manyhands/pages"
import { withScreenContext } from "./screen-decorator"

const { default: ProxyLandingScreen } = await screens.ProxyLanding()

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

/** The template: hero, comparison, features, use cases, connection, pricing, questions, other types. */
export const Residential: Story = {
  render: () => <ProxyLandingScreen kind="residential" />,
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
  render: () => <ProxyLandingScreen kind="socks5" />,
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

/** An anonymity-level page: the example checks for proxy headers over plain HTTP. */
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

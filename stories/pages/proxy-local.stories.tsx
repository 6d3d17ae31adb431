import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { screens } from "@manyhands/pages"
import { withScreenContext } from "./screen-decorator"

const [{ default: LocalProxiesScreen }, { default: LocalProxyCountryScreen }] = await Promise.all([
  screens.LocalProxies(),
  screens.LocalProxyCountry(),
])

const meta = {
  title: "Screens/Proxy local",
  decorators: [withScreenContext],
  parameters: { layout: "fullscreen" },
} satisfies Meta

export default meta
type Story = StoryObj<typeof meta>

/** /proxy/local-proxies: why local IPs, the ten countries, targeting, connection, FAQ. */
export const LocalProxies: Story = {
  render: () => <LocalProxiesScreen />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Proxies with local IP addresses in ten countries",
    )
    const countries = canvas.getByRole("region", { name: "Choose a country" })
    const links = within(countries).getAllByRole("link")
    await expect(links).toHaveLength(10)
    await expect(within(countries).getByRole("link", { name: "German proxies" })).toHaveAttribute(
      "href",
      "/proxy/local-proxies/de",
    )
    for (const link of canvas.getAllByRole("link", { name: "Create an account" })) {
      await expect(link).toHaveAttribute("href", "/auth/register?userType=customer")
    }
    await expect(canvas.getByText(/USER-country-us:PASS@proxy\.manyhands\.dev:PORT/)).toBeVisible()
  },
}

/** A country page: breadcrumbs, country-specific reasons and cities, the proxy types, the example. */
export const UnitedStates: Story = {
  render: () => <LocalProxyCountryScreen country="us" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("United States proxies")
    const breadcrumbs = canvas.getByRole("navigation", { name: "Breadcrumbs" })
    await expect(within(breadcrumbs).getByText("United States")).toHaveAttribute("aria-current", "page")
    await expect(within(breadcrumbs).getByRole("link", { name: "Local proxies" })).toHaveAttribute(
      "href",
      "/proxy/local-proxies",
    )
    await expect(canvas.getByText("Seattle")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Mobile proxies" })).toHaveAttribute(
      "href",
      "/proxy/mobile",
    )
    const others = canvas.getByRole("region", { name: "Proxies in other countries" })
    await expect(within(others).queryByRole("link", { name: "United States proxies" })).toBeNull()
  },
}

/** The UK page uses the ISO code GB in the login; its FAQ explains why. */
export const UnitedKingdom: Story = {
  render: () => <LocalProxyCountryScreen country="uk" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("UK proxies")
    await expect(canvas.getByText(/USER-country-gb:PASS@proxy\.manyhands\.dev:PORT/)).toBeVisible()
    await expect(
      canvas.getByRole("button", { name: "Why is the country code gb and not uk?" }),
    ).toHaveAttribute("aria-expanded", "false")
    await expect(canvas.getByRole("link", { name: "United States proxies" })).toHaveAttribute(
      "href",
      "/proxy/local-proxies/us",
    )
  },
}

/** Brazil: a LATAM market with its own language. */
export const Brazil: Story = {
  render: () => <LocalProxyCountryScreen country="br" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toHaveTextContent("Brazilian proxies")
    await expect(canvas.getByRole("heading", { name: "The Portuguese-speaking LATAM market" })).toBeVisible()
    await expect(canvas.getByText("Belo Horizonte")).toBeVisible()
  },
}

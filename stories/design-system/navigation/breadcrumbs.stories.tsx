import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { Breadcrumbs } from "@manyhands/design-system"
import { routerLink } from "./story-content"

const meta = {
  title: "Components/Navigation/Breadcrumbs",
  component: Breadcrumbs,
  parameters: { layout: "padded" },
  args: {
    items: [
      { label: "Home", href: "/" },
      { label: "Documentation", href: "/docs" },
      { label: "API", href: "/docs/api" },
      { label: "Solving reCAPTCHA v2" },
    ],
    renderLink: routerLink,
  },
} satisfies Meta<typeof Breadcrumbs>

export default meta
type Story = StoryObj<typeof meta>

/** Links to the parents, then the current page (not a link), with separators hidden from screen readers. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole("navigation", { name: "Breadcrumbs" })
    const list = within(nav).getByRole("list")
    await expect(within(list).getAllByRole("listitem")).toHaveLength(4)
    await expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/", "/docs", "/docs/api"])
    const current = within(nav).getByText("Solving reCAPTCHA v2")
    await expect(current).toHaveAttribute("aria-current", "page")
    await expect(current.tagName).toBe("SPAN")
    const separators = nav.querySelectorAll('[data-slot="breadcrumbs-separator"]')
    await expect(separators).toHaveLength(3)
    for (const separator of separators) await expect(separator).toHaveAttribute("aria-hidden", "true")
  },
}

/** Two levels: a blog post. */
export const Short: Story = {
  args: { items: [{ label: "Blog", href: "/blog" }, { label: "How we pay workers in 40 countries" }] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("link")).toHaveLength(1)
  },
}

/** A level without its own page is plain text. */
export const WithoutLink: Story = {
  args: {
    items: [
      { label: "Cabinet", href: "/cabinet" },
      { label: "Developers" },
      { label: "API keys", href: "/cabinet/api-keys" },
      { label: "Key for PriceWatch scraper" },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("link")).toHaveLength(2)
    await expect(canvas.getByText("Developers")).not.toHaveAttribute("aria-current")
  },
}

/** A caller's separator. */
export const CustomSeparator: Story = {
  args: { separator: "/" },
  play: async ({ canvas }) => {
    const separators = canvas.getAllByText("/")
    await expect(separators).toHaveLength(3)
  },
}

/** Long trails wrap on a phone. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  args: {
    items: [
      { label: "Home", href: "/" },
      { label: "Software catalogue", href: "/software" },
      { label: "Browser extensions", href: "/software/extensions" },
      { label: "Manyhands for Chrome and Firefox" },
    ],
  },
  play: async ({ canvas }) => {
    const items = canvas.getAllByRole("listitem")
    const first = items[0]?.getBoundingClientRect().top ?? 0
    const last = items[3]?.getBoundingClientRect().top ?? 0
    await expect(last).toBeGreaterThan(first)
  },
}

/** Texts come from the provider: the landmark's name in Japanese. */
export const Japanese: Story = {
  globals: { locale: "ja", theme: "dark" },
  args: {
    items: [{ label: "ホーム", href: "/ja/" }, { label: "料金", href: "/ja/prices" }, { label: "hCaptcha" }],
  },
  play: async ({ canvas }) => {
    const nav = canvas.getByRole("navigation")
    await expect(nav).not.toHaveAccessibleName("Breadcrumbs")
    await expect(within(nav).getByText("hCaptcha")).toHaveAttribute("aria-current", "page")
  },
}

export const Matrix: Story = {
  render: (args) => (
    <div className="flex flex-col gap-6">
      {[
        { name: "Four levels", items: args.items },
        { name: "Two levels", items: [{ label: "Blog", href: "/blog" }, { label: "Payouts in USDT" }] },
        { name: "Only the current page", items: [{ label: "Home" }] },
      ].map((row) => (
        <div key={row.name} className="flex flex-col gap-1">
          <p className="font-mono text-xs text-muted-foreground">{row.name}</p>
          <Breadcrumbs items={row.items} label={`Breadcrumbs: ${row.name}`} renderLink={args.renderLink} />
        </div>
      ))}
      <div className="flex flex-col gap-1">
        <p className="font-mono text-xs text-muted-foreground">Slash separator</p>
        <Breadcrumbs items={args.items} separator="/" label="Breadcrumbs with slashes" />
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("navigation")).toHaveLength(4)
  },
}

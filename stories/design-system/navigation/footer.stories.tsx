import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { Footer, siteLocales } from "@manyhands/design-system"
import { Logo, footerColumns, languageLinks, languageNames, legalLinks, routerLink } from "./story-content"

const contact = (
  <>
    <a href="mailto:support@manyhands.io" className="rounded-sm hover:text-foreground focus-ring">
      support@manyhands.io
    </a>
    <a href="https://t.me/manyhands_support" className="rounded-sm hover:text-foreground focus-ring">
      Telegram: @manyhands_support
    </a>
    <span>Support answers 24/7, usually within 15 minutes.</span>
  </>
)

const meta = {
  title: "Patterns/Footer",
  component: Footer,
  parameters: { layout: "fullscreen" },
  args: {
    logo: <Logo />,
    about:
      "People solve captchas and label data for businesses around the world. Customers pay per solved captcha; workers are paid for every answer.",
    contact,
    columns: footerColumns,
    languages: languageLinks,
    legal: "© 2026 Manyhands OÜ, Tallinn, Estonia. Registry code 16543210.",
    legalLinks,
    renderLink: routerLink,
  },
} satisfies Meta<typeof Footer>

export default meta
type Story = StoryObj<typeof meta>

/** The full footer of the public site. */
export const Default: Story = {
  play: async ({ canvas, step }) => {
    const footer = canvas.getByRole("contentinfo")
    await step("a titled list of links per column", async () => {
      const headings = within(footer).getAllByRole("heading", { level: 2 })
      await expect(headings.map((heading) => heading.textContent)).toEqual([
        "Customers",
        "Developers",
        "Workers",
        "Company",
      ])
      await expect(within(footer).getByRole("link", { name: "API documentation" })).toHaveAttribute(
        "href",
        "/docs/api",
      )
    })
    await step("every language in its own name, the current one marked", async () => {
      const list = within(footer).getByRole("list", { name: "Language" })
      const links = within(list).getAllByRole("link")
      await expect(links.map((link) => link.textContent)).toEqual(languageNames)
      for (const [index, link] of links.entries()) {
        await expect(link).toHaveAttribute("lang", siteLocales[index])
        await expect(link).toHaveAttribute("hreflang", siteLocales[index])
      }
      await expect(within(list).getByRole("link", { name: "English" })).toHaveAttribute(
        "aria-current",
        "true",
      )
    })
    await step("contacts and the legal line", async () => {
      await expect(within(footer).getByRole("link", { name: "support@manyhands.io" })).toBeVisible()
      await expect(within(footer).getByText(/Manyhands OÜ/)).toBeVisible()
      await expect(within(footer).getByRole("link", { name: "Privacy policy" })).toHaveAttribute(
        "data-router-link",
      )
    })
  },
}

/** On a phone the columns pair up and the legal line stacks. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  play: async ({ canvas }) => {
    const [first, second] = canvas.getAllByRole("heading", { level: 2 })
    // Two columns side by side: the first two titles share a line.
    await expect(first?.getBoundingClientRect().top).toBe(second?.getBoundingClientRect().top)
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("contentinfo")).toBeVisible()
    await expect(canvas.getAllByRole("heading", { level: 2 })).toHaveLength(4)
  },
}

/** Pages of the sign-up flow keep only the languages and the legal line. */
export const Minimal: Story = {
  args: { logo: undefined, about: undefined, contact: undefined, columns: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole("heading")).toBeNull()
    await expect(canvas.getByRole("list", { name: "Language" })).toBeVisible()
    await expect(canvas.getByText(/© 2026/)).toBeVisible()
  },
}

/** The footer inside a landmark with its own heading uses a deeper level for the column titles. */
export const HeadingLevel: Story = {
  args: { headingLevel: 3, languages: [], contact: undefined },
  render: (args) => (
    <div>
      <h2 className="sr-only">Site map</h2>
      <Footer {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("heading", { level: 3 })).toHaveLength(4)
  },
}

/** The page is in Japanese: the language list marks 日本語 as current. */
export const Japanese: Story = {
  globals: { locale: "ja" },
  args: { columns: footerColumns.slice(0, 2), contact: undefined, about: undefined },
  play: async ({ canvas }) => {
    const list = canvas.getByRole("list", { name: /./ })
    await expect(within(list).getByRole("link", { name: "日本語" })).toHaveAttribute("aria-current", "true")
  },
}

/** Full and minimal footers. */
export const Matrix: Story = {
  render: (args) => (
    <div className="flex flex-col gap-6 py-6">
      {[
        { name: "Full", props: {} },
        { name: "Without contacts", props: { contact: undefined, columns: footerColumns.slice(0, 3) } },
        { name: "Minimal", props: { logo: undefined, about: undefined, contact: undefined, columns: [] } },
      ].map((row) => (
        <section key={row.name} aria-label={row.name} className="flex flex-col gap-2">
          <p className="px-6 font-mono text-xs text-muted-foreground">{row.name}</p>
          <Footer {...args} {...row.props} />
        </section>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("list", { name: "Language" })).toHaveLength(3)
    await expect(canvas.getAllByRole("heading", { level: 2 })).toHaveLength(7)
  },
}

import type { Decorator, Meta, StoryObj } from "@storybook/react-vite"
import { expect, userEvent } from "storybook/test"
import { Link, type LinkVariant } from "@manyhands/design-system"

const meta = {
  title: "Components/Actions/Link",
  component: Link,
  args: { href: "#pricing", children: "price list" },
  argTypes: {
    variant: { control: "select", options: ["primary", "muted", "inherit", "standalone"] },
  },
} satisfies Meta<typeof Link>

export default meta
type Story = StoryObj<typeof meta>

const inSentence: Decorator = (Story) => (
  <p className="max-w-prose text-sm leading-relaxed">
    A reCAPTCHA v2 costs 1.00 USD per 1,000 solutions; see the <Story /> for every captcha type.
  </p>
)

/** Underlined in running text, so it is told apart by more than its colour. */
export const Default: Story = {
  decorators: [inSentence],
  play: async ({ canvas }) => {
    const link = canvas.getByRole("link", { name: "price list" })
    await expect(link).toHaveAttribute("href", "#pricing")
    await expect(link).toHaveAttribute("data-variant", "primary")
    await expect(getComputedStyle(link).textDecorationLine).toBe("underline")
    await userEvent.tab()
    await expect(link).toHaveFocus()
  },
}

/**
 * `target="_blank"` adds `rel="noopener noreferrer"`, an arrow icon and, for screen readers, the provider's
 * "opens in a new tab" after the name (`newTabHint` replaces it).
 */
export const OpensInNewTab: Story = {
  args: {
    href: "https://2captcha.com/api-docs",
    target: "_blank",
    children: "2captcha API reference",
  },
  decorators: [
    (Story) => (
      <p className="max-w-prose text-sm leading-relaxed">
        Manyhands speaks the same protocol as the <Story />, so existing clients work unchanged.
      </p>
    ),
  ],
  play: async ({ canvas }) => {
    const link = canvas.getByRole("link", { name: "2captcha API reference opens in a new tab" })
    await expect(link).toHaveAttribute("rel", "noopener noreferrer")
    await expect(link).toHaveAttribute("data-external")
    const icon = link.querySelector('[data-slot="link-external-icon"]')
    await expect(icon).toHaveAttribute("aria-hidden", "true")
  },
}

/** The hint is in the site language. */
export const OpensInNewTabJapanese: Story = {
  globals: { locale: "ja" },
  args: { href: "https://2captcha.com/api-docs", target: "_blank", children: "APIリファレンス" },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "APIリファレンス 新しいタブで開きます" })).toBeVisible()
  },
}

export const Muted: Story = {
  args: { variant: "muted", href: "#terms", children: "terms of service" },
  decorators: [
    (Story) => (
      <p className="text-xs text-muted-foreground">
        By creating an account you accept the <Story />.
      </p>
    ),
  ],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "terms of service" })).toHaveAttribute(
      "data-variant",
      "muted",
    )
  },
}

/** Inside a coloured panel the link takes the panel's text colour. */
export const Inherit: Story = {
  args: { variant: "inherit", href: "#billing", children: "Top up now" },
  decorators: [
    (Story) => (
      <p className="rounded-md border border-warning-border bg-warning-soft px-4 py-3 text-sm text-warning-text">
        Your balance is 0.42 USD, enough for about 400 captchas. <Story />
      </p>
    ),
  ],
  play: async ({ canvas }) => {
    const link = canvas.getByRole("link", { name: "Top up now" })
    const panel = link.parentElement as HTMLElement
    await expect(getComputedStyle(link).color).toBe(getComputedStyle(panel).color)
  },
}

/** No underline until hovered: for lists where every entry is a link. */
export const Standalone: Story = {
  decorators: [
    (Story) => (
      <nav aria-label="Documentation">
        <ul className="flex flex-col gap-2 text-sm">
          <li>
            <Story />
          </li>
          <li>
            <Link variant="standalone" href="#errors">
              Error codes
            </Link>
          </li>
        </ul>
      </nav>
    ),
  ],
  args: { variant: "standalone", href: "#quick-start", children: "Quick start" },
  play: async ({ canvas }) => {
    const link = canvas.getByRole("link", { name: "Quick start" })
    await expect(getComputedStyle(link).textDecorationLine).toBe("none")
    await userEvent.tab()
    await expect(link).toHaveFocus()
  },
}

/** `asChild` gives a router's link component the same look. */
export const AsChild: Story = {
  decorators: [inSentence],
  render: () => (
    <Link asChild>
      <a href="#workers" data-router-link="">
        worker leaderboard
      </a>
    </Link>
  ),
  play: async ({ canvas }) => {
    const link = canvas.getByRole("link", { name: "worker leaderboard" })
    await expect(link).toHaveAttribute("data-router-link")
    await expect(link).toHaveAttribute("data-slot", "link")
  },
}

const variants: LinkVariant[] = ["primary", "muted", "inherit", "standalone"]

/** Every variant, on the page background, on a card and on a notice, plus the new-tab form. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <div className="flex flex-col gap-4 p-2 text-sm">
      {variants.map((variant) => (
        <div key={variant} className="grid grid-cols-[8rem_repeat(3,16rem)] items-center gap-4">
          <span className="font-mono">{variant}</span>
          <span>
            Read the{" "}
            <Link variant={variant} href="#faq">
              payout FAQ
            </Link>
            .
          </span>
          <span className="rounded-md border border-border bg-surface px-3 py-2 shadow-card">
            <Link
              variant={variant}
              href="https://t.me/manyhands"
              target="_blank"
              newTabHint="(opens in a new tab)"
            >
              Support chat
            </Link>
          </span>
          <span className="rounded-md border border-info-border bg-info-soft px-3 py-2 text-info-text">
            New:{" "}
            <Link variant={variant} href="#hcaptcha">
              hCaptcha tasks
            </Link>
          </span>
        </div>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("link")).toHaveLength(variants.length * 3)
    await expect(canvas.getAllByRole("link", { name: "Support chat (opens in a new tab)" })).toHaveLength(
      variants.length,
    )
  },
}

import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { Button, Hero, type HeroLayout, type HeroTone } from "@manyhands/design-system"
import { ApiSample, heroActions } from "./marketing-content"

const meta = {
  title: "Patterns/Hero",
  component: Hero,
  parameters: { layout: "fullscreen" },
  args: {
    eyebrow: "2captcha-compatible API",
    title: "Captchas solved by people, in seconds",
    lead: "Send reCAPTCHA, hCaptcha, Turnstile and image captchas to Manyhands and get answers from workers in 120 countries. Pay only for what is solved.",
    actions: heroActions,
    children: "No subscription. From $0.50 per 1000 captchas.",
  },
} satisfies Meta<typeof Hero>

export default meta
type Story = StoryObj<typeof meta>

/** One message in the middle: the home page. */
export const Centered: Story = {
  play: async ({ canvas }) => {
    const hero = canvas.getByRole("heading", { level: 1, name: "Captchas solved by people, in seconds" })
    await expect(hero.closest("[data-slot=hero]")).toHaveAttribute("data-layout", "centered")
    await expect(canvas.getByText("2captcha-compatible API")).toBeVisible()
    await expect(canvas.getByRole("link", { name: "Get an API key" })).toHaveAttribute("href", "/signup")
    await expect(canvas.getByText(/No subscription/)).toBeVisible()
  },
}

/** Text beside a code sample: the API page. */
export const Split: Story = {
  args: { layout: "split", tone: "tinted", media: <ApiSample /> },
  play: async ({ canvas }) => {
    const heading = canvas.getByRole("heading", { level: 1 })
    const media = canvas.getByRole("figure")
    // Side by side on the desktop.
    await expect(media.getBoundingClientRect().left).toBeGreaterThan(
      heading.getBoundingClientRect().right - 1,
    )
    await expect(within(media).getByText(/OK\|71823451/)).toBeVisible()
  },
}

/** Centred with the media under the text. */
export const CenteredWithMedia: Story = {
  args: { media: <ApiSample />, tone: "surface" },
  play: async ({ canvas }) => {
    const heading = canvas.getByRole("heading", { level: 1 })
    await expect(canvas.getByRole("figure").getBoundingClientRect().top).toBeGreaterThan(
      heading.getBoundingClientRect().bottom,
    )
  },
}

/** For workers: no eyebrow, one action. */
export const Workers: Story = {
  args: {
    eyebrow: undefined,
    title: "Earn by solving captchas",
    lead: "Work from your phone or computer whenever you like. Every accepted answer is paid, and you can withdraw from $1.",
    actions: (
      <Button size="lg" variant="primary-earls-green" asChild>
        <a href="/workers/signup">Start earning</a>
      </Button>
    ),
    children: undefined,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "Start earning" })).toHaveAttribute(
      "data-variant",
      "primary-earls-green",
    )
  },
}

/** Further down a page, the title is an h2. */
export const SecondaryTitle: Story = {
  args: { titleAs: "h2", title: "Proxies for the same balance", eyebrow: "New", children: undefined },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole("heading", { level: 2, name: "Proxies for the same balance" }),
    ).toBeVisible()
    await expect(canvas.queryByRole("heading", { level: 1 })).toBeNull()
  },
}

/** On a phone the split layout stacks and the actions fill the width. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  args: { layout: "split", media: <ApiSample /> },
  play: async ({ canvas }) => {
    const [primary, secondary] = canvas.getAllByRole("link")
    await expect(secondary?.getBoundingClientRect().top).toBeGreaterThan(
      primary?.getBoundingClientRect().top ?? 0,
    )
    await expect(primary?.getBoundingClientRect().width).toBe(secondary?.getBoundingClientRect().width)
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { layout: "split", tone: "tinted", media: <ApiSample /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 1 })).toBeVisible()
  },
}

/** Both layouts in each tone. */
export const Matrix: Story = {
  render: (args) => {
    const layouts: HeroLayout[] = ["centered", "split"]
    const tones: HeroTone[] = ["plain", "surface", "tinted"]
    return (
      <div className="flex flex-col">
        {layouts.flatMap((layout) =>
          tones.map((tone) => (
            <div key={`${layout}-${tone}`} className="border-b border-border-strong">
              <p className="px-6 pt-3 font-mono text-xs text-muted-foreground">
                {layout}, {tone}
              </p>
              <Hero
                {...args}
                layout={layout}
                tone={tone}
                titleAs="h2"
                media={layout === "split" ? <ApiSample /> : undefined}
                aria-label={`${layout} ${tone}`}
              />
            </div>
          )),
        )}
      </div>
    )
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("heading", { level: 2 })).toHaveLength(6)
    await expect(canvas.getAllByRole("figure")).toHaveLength(3)
  },
}

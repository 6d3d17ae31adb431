import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect } from "storybook/test"
import { Button, CtaBand, type CtaBandTone } from "@manyhands/design-system"

const primaryActions = (
  <>
    <Button size="lg" variant="primary-light" asChild>
      <a href="/signup">Get an API key</a>
    </Button>
    <Button size="lg" variant="none" className="px-2 underline underline-offset-4" asChild>
      <a href="/contact-sales">Talk to sales</a>
    </Button>
  </>
)

const meta = {
  title: "Patterns/CTA band",
  component: CtaBand,
  parameters: { layout: "padded" },
  args: {
    title: "Start solving captchas in five minutes",
    text: "Sign up, top up from $1 and send the first captcha with the code you already use for 2captcha.",
    actions: primaryActions,
  },
  render: (args) => (
    <div className="w-full max-w-6xl">
      <CtaBand {...args} />
    </div>
  ),
} satisfies Meta<typeof CtaBand>

export default meta
type Story = StoryObj<typeof meta>

/** The primary band that ends the home page. */
export const Primary: Story = {
  play: async ({ canvas }) => {
    const heading = canvas.getByRole("heading", { level: 2, name: "Start solving captchas in five minutes" })
    await expect(heading.closest("[data-slot=cta-band]")).toHaveAttribute("data-tone", "primary")
    await expect(canvas.getByRole("link", { name: "Get an API key" })).toHaveAttribute("href", "/signup")
    await expect(canvas.getByRole("link", { name: "Talk to sales" })).toBeVisible()
  },
}

/** For workers, soft. */
export const Soft: Story = {
  args: {
    tone: "soft",
    title: "Earn from home by solving captchas",
    text: "Work when you like, from a phone or a computer. Withdraw from $1 to a card, Payeer or USDT.",
    actions: (
      <>
        <Button size="lg" asChild>
          <a href="/workers/signup">Start earning</a>
        </Button>
        <Button size="lg" variant="secondary" asChild>
          <a href="/workers/payouts">How payouts work</a>
        </Button>
      </>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("link", { name: "Start earning" })).toBeVisible()
  },
}

/** The affiliate program, in the promo tone. */
export const Promo: Story = {
  args: {
    tone: "promo",
    title: "Earn 10% of what your referrals spend",
    text: "Share your link; every customer who signs up through it brings you 10% of their payments for a year.",
    actions: (
      <Button size="lg" asChild>
        <a href="/affiliates">Join the affiliate program</a>
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 2 })).toHaveTextContent("10%")
  },
}

/** Quiet, for the end of a docs page; an h3 inside its section. */
export const Muted: Story = {
  args: {
    tone: "muted",
    headingLevel: 3,
    title: "Questions about the API?",
    text: "Our developers answer in the support chat around the clock.",
    actions: (
      <Button variant="secondary" asChild>
        <a href="/support">Contact support</a>
      </Button>
    ),
  },
  render: (args) => (
    <section aria-labelledby="docs-end" className="flex w-full max-w-4xl flex-col gap-4">
      <h2 id="docs-end" className="text-xl font-semibold">
        Next steps
      </h2>
      <CtaBand {...args} />
    </section>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("heading", { level: 3, name: "Questions about the API?" })).toBeVisible()
  },
}

/** On a phone the actions go under the text and fill the width. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  play: async ({ canvas }) => {
    const heading = canvas.getByRole("heading", { level: 2 })
    const link = canvas.getByRole("link", { name: "Get an API key" })
    await expect(link.getBoundingClientRect().top).toBeGreaterThan(heading.getBoundingClientRect().bottom)
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  render: (args) => (
    <div className="flex w-full max-w-6xl flex-col gap-6">
      <CtaBand {...args} aria-label="Primary" />
      <CtaBand
        {...args}
        aria-label="Soft"
        tone="soft"
        actions={
          <Button size="lg" asChild>
            <a href="/signup">Create an account</a>
          </Button>
        }
      />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("heading", { level: 2 })).toHaveLength(2)
  },
}

/** Every tone. */
export const Matrix: Story = {
  render: (args) => {
    const tones: CtaBandTone[] = ["primary", "soft", "muted", "promo"]
    return (
      <div className="flex w-full max-w-6xl flex-col gap-6">
        {tones.map((tone) => (
          <CtaBand
            key={tone}
            {...args}
            tone={tone}
            aria-label={tone}
            title={`Tone ${tone}: start solving captchas today`}
            actions={
              tone === "primary" ? (
                primaryActions
              ) : (
                <Button size="lg" asChild>
                  <a href="/signup">Get an API key</a>
                </Button>
              )
            }
          />
        ))}
      </div>
    )
  },
  play: async ({ canvas }) => {
    const bands = canvas.getAllByRole("region")
    await expect(bands.map((band) => band.dataset.tone)).toEqual(["primary", "soft", "muted", "promo"])
  },
}

import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { Testimonial } from "@manyhands/design-system"
import { FiveStars } from "./marketing-content"

/** A photo stand-in drawn inline, so screenshots never wait for the network. */
const portrait = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#c9d6ff"/><circle cx="20" cy="16" r="7" fill="#2346cc"/><path d="M6 40a14 14 0 0 1 28 0z" fill="#2346cc"/></svg>',
)}`

const meta = {
  title: "Patterns/Testimonial",
  component: Testimonial,
  parameters: { layout: "padded" },
  args: {
    quote:
      "We moved our price monitoring from 2captcha in an afternoon: we changed the host name and the key, nothing else. reCAPTCHA tokens now come back in about 20 seconds.",
    author: "Daniel Weber",
    role: "CTO, PriceWatch GmbH",
    avatar: "DW",
  },
  render: (args) => (
    <div className="w-full max-w-md">
      <Testimonial {...args} />
    </div>
  ),
} satisfies Meta<typeof Testimonial>

export default meta
type Story = StoryObj<typeof meta>

/** A customer's quote in a card, with initials. */
export const Card: Story = {
  play: async ({ canvas }) => {
    const figure = canvas.getByRole("figure")
    await expect(figure).toHaveAttribute("data-variant", "card")
    await expect(within(figure).getByText(/changed the host name/)).toBeVisible()
    await expect(figure.querySelector("blockquote")).not.toBeNull()
    await expect(figure.querySelector("figcaption")).toHaveTextContent("Daniel WeberCTO, PriceWatch GmbH")
  },
}

/** With a rating above the quote and a photo. */
export const WithRatingAndPhoto: Story = {
  args: {
    quote:
      "I solve captchas in the evenings after my classes and withdraw to USDT every Friday. Payouts have never been late.",
    author: "Mai Tran",
    role: "Worker since 2023, Hanoi",
    avatar: <img src={portrait} alt="" />,
    rating: <FiveStars />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible()
    // The photo is decorative: the name is beside it.
    await expect(canvas.getByRole("figure").querySelector("[data-slot=testimonial-avatar]")).toHaveAttribute(
      "aria-hidden",
      "true",
    )
  },
}

/** One large quote on the page, without a box. */
export const PlainLarge: Story = {
  args: { variant: "plain", size: "lg", avatar: undefined },
  render: (args) => (
    <div className="w-full max-w-3xl">
      <Testimonial {...args} />
    </div>
  ),
  play: async ({ canvas }) => {
    const figure = canvas.getByRole("figure")
    await expect(figure).toHaveAttribute("data-size", "lg")
    await expect(figure.querySelector("[data-slot=testimonial-avatar]")).toBeNull()
  },
}

/** Three quotes in a row, cards of equal height. */
export const Row: Story = {
  render: () => (
    <ul className="grid w-full grid-cols-1 gap-6 md:grid-cols-3">
      {[
        {
          quote:
            "Our scraper runs 40,000 captchas a day through Manyhands. Support fixed a webhook issue at 3 a.m.",
          author: "Olena Kovalenko",
          role: "Lead engineer, TicketRadar",
          avatar: "OK",
        },
        {
          quote: "Reported answers are refunded without arguing. That alone saved us money.",
          author: "Carlos Méndez",
          role: "Founder, SEO Parser Pro",
          avatar: "CM",
        },
        {
          quote: "Clear instructions, fair pay per answer and payouts the same day.",
          author: "Rahul Singh",
          role: "Worker since 2022",
          avatar: "RS",
          rating: <FiveStars />,
        },
      ].map((item) => (
        <li key={item.author} className="flex">
          <Testimonial {...item} className="w-full" />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    const figures = canvas.getAllByRole("figure")
    await expect(figures).toHaveLength(3)
    const heights = figures.map((figure) => figure.getBoundingClientRect().height)
    await expect(new Set(heights).size).toBe(1)
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  args: { rating: <FiveStars /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("figure").getBoundingClientRect().width).toBeLessThanOrEqual(375)
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { rating: <FiveStars /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("figure")).toBeVisible()
  },
}

/** Card and plain, in both sizes. */
export const Matrix: Story = {
  render: (args) => (
    <div className="grid w-full grid-cols-2 gap-8">
      {(["card", "plain"] as const).flatMap((variant) =>
        (["md", "lg"] as const).map((size) => (
          <div key={`${variant}-${size}`} className="flex flex-col gap-2">
            <p className="font-mono text-xs text-muted-foreground">
              {variant}, {size}
            </p>
            <Testimonial
              {...args}
              variant={variant}
              size={size}
              rating={size === "md" ? <FiveStars /> : undefined}
            />
          </div>
        )),
      )}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("figure")).toHaveLength(4)
  },
}

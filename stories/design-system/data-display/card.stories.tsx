import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, fn, userEvent } from "storybook/test"
import {
  Button,
  Card,
  CardBody,
  CardDescription,
  CardFooter,
  CardHeader,
  CardLink,
  CardTitle,
  KeyValueItem,
  KeyValueList,
  MoreIcon,
  useFormatter,
  type CardVariant,
} from "@manyhands/design-system"

function BalanceCard({ variant }: { variant?: CardVariant }) {
  const format = useFormatter()
  return (
    <Card variant={variant} className="w-80">
      <CardHeader>
        <CardTitle>Balance</CardTitle>
        <CardDescription>Enough for about 41,000 reCAPTCHA v2 tasks.</CardDescription>
      </CardHeader>
      <CardBody>
        <p className="text-3xl font-semibold tabular-nums">{format.money(6218, "USD")}</p>
      </CardBody>
      <CardFooter>
        <Button>Top up</Button>
        <Button variant="tertiary">Payment history</Button>
      </CardFooter>
    </Card>
  )
}

const meta = {
  title: "Components/Data display/Card",
  component: Card,
  args: { variant: "outlined" },
  argTypes: { variant: { control: "inline-radio", options: ["plain", "outlined", "elevated"] } },
  render: (args) => <BalanceCard variant={args.variant} />,
} satisfies Meta<typeof Card>

export default meta
type Story = StoryObj<typeof meta>

const card = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>("[data-slot=card]")!

export const Outlined: Story = {
  play: async ({ canvas, canvasElement }) => {
    await expect(card(canvasElement)).toHaveAttribute("data-variant", "outlined")
    await expect(getComputedStyle(card(canvasElement)).borderTopWidth).toBe("1px")
    await expect(canvas.getByRole("heading", { level: 3, name: "Balance" })).toBeVisible()
    await expect(canvas.getByText("$62.18")).toBeVisible()
    await userEvent.tab()
    await expect(canvas.getByRole("button", { name: "Top up" })).toHaveFocus()
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/** Surface colour only, for cards laid on the page background in a grid. */
export const Plain: Story = {
  args: { variant: "plain" },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement)).toHaveAttribute("data-variant", "plain")
    await expect(getComputedStyle(card(canvasElement)).borderTopWidth).toBe("0px")
  },
}

/** A shadow lifts the card off the page (a border takes over in the dark theme). */
export const Elevated: Story = {
  args: { variant: "elevated" },
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement)).toHaveAttribute("data-variant", "elevated")
    await expect(getComputedStyle(card(canvasElement)).boxShadow).not.toBe("none")
  },
}

/** Header with an action, a body of facts and a footer under a rule (the `onClick` arg spies on the menu button). */
export const WithHeaderActionAndDividedFooter: Story = {
  args: { onClick: fn() },
  render: (args) => (
    <Card className="w-[26rem]">
      <CardHeader
        action={
          <Button
            variant="service"
            aria-label="More actions for worker Amina K."
            onClick={() => args.onClick?.(undefined as never)}
            className="size-9 px-0"
          >
            <MoreIcon />
          </Button>
        }
      >
        <CardTitle>Amina K.</CardTitle>
        <CardDescription>Worker since March 2025 · Image and audio captchas</CardDescription>
      </CardHeader>
      <CardBody>
        <KeyValueList divided>
          <KeyValueItem label="Solved this week" numeric>
            12,480
          </KeyValueItem>
          <KeyValueItem label="Accuracy" numeric>
            98.7%
          </KeyValueItem>
          <KeyValueItem label="Earned this week" numeric>
            $18.72
          </KeyValueItem>
        </KeyValueList>
      </CardBody>
      <CardFooter divided>
        <Button variant="secondary">Message</Button>
        <Button variant="tertiary">View payouts</Button>
      </CardFooter>
    </Card>
  ),
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole("button", { name: "More actions for worker Amina K." }))
    await expect(args.onClick).toHaveBeenCalledTimes(1)
    const footer = canvasElement.querySelector<HTMLElement>("[data-slot=card-footer]")!
    await expect(footer).toHaveAttribute("data-divided", "true")
    await expect(getComputedStyle(footer).borderTopWidth).toBe("1px")
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/**
 * A CardLink in the title makes the whole card a link named by the title alone; the footer's button stays a
 * separate control on top.
 */
export const InteractiveLink: Story = {
  args: { onClick: fn() },
  render: (args) => (
    <ul className="grid w-[44rem] grid-cols-2 gap-4 p-2">
      {[
        { name: "Image to text", price: "$0.50", speed: "about 6 s", href: "#captcha-types/image" },
        { name: "reCAPTCHA v2", price: "$1.45", speed: "about 14 s", href: "#captcha-types/recaptcha-v2" },
      ].map((type) => (
        <li key={type.name} className="grid">
          <Card asChild variant="elevated">
            <article>
              <CardHeader>
                <CardTitle>
                  <CardLink href={type.href} onClick={(event) => event.preventDefault()}>
                    {type.name}
                  </CardLink>
                </CardTitle>
                <CardDescription>
                  {type.price} per 1,000 · solved in {type.speed}
                </CardDescription>
              </CardHeader>
              <CardFooter>
                <Button variant="tertiary" onClick={() => args.onClick?.(undefined as never)}>
                  API example
                </Button>
              </CardFooter>
            </article>
          </Card>
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas, canvasElement, args }) => {
    const link = canvas.getByRole("link", { name: "reCAPTCHA v2" })
    await expect(link).toHaveAttribute("href", "#captcha-types/recaptcha-v2")
    const article = link.closest("article")!
    await expect(article).toHaveAttribute("data-slot", "card")
    // The link's overlay covers the card: a click on empty space near the bottom reaches it.
    const box = article.getBoundingClientRect()
    const hit = document.elementFromPoint(box.right - 8, box.top + 8)
    await expect(hit).toBe(link)
    // The footer button sits above the overlay and is its own control.
    await userEvent.click(canvas.getAllByRole("button", { name: "API example" })[1]!)
    await expect(args.onClick).toHaveBeenCalledTimes(1)
    // Keyboard focus on the link draws the ring around the whole card.
    link.focus()
    await userEvent.tab({ shift: true })
    await userEvent.tab()
    await expect(link).toHaveFocus()
    await expect(getComputedStyle(article).outlineStyle).toBe("solid")
    await expect(canvasElement.querySelectorAll("[data-slot=card-link]")).toHaveLength(2)
  },
}

/** Variants in light and dark. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <div className="grid gap-6">
      {(["light", "dark"] as const).map((theme) => (
        <div
          key={theme}
          data-theme={theme}
          className="flex flex-wrap gap-6 rounded-lg bg-background p-6 text-foreground"
        >
          {(["plain", "outlined", "elevated"] as const).map((variant) => (
            <div key={variant} className="grid gap-2">
              <p className="font-mono text-xs text-muted-foreground">
                {theme} / {variant}
              </p>
              <BalanceCard variant={variant} />
            </div>
          ))}
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const cards = Array.from(canvasElement.querySelectorAll<HTMLElement>("[data-slot=card]"))
    await expect(cards.map((item) => item.dataset.variant)).toEqual([
      "plain",
      "outlined",
      "elevated",
      "plain",
      "outlined",
      "elevated",
    ])
  },
}

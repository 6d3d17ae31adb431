import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect } from "storybook/test"
import { Container, type ContainerPadding, type ContainerSize } from "@manyhands/design-system"

const sizes: ContainerSize[] = ["sm", "md", "lg", "xl", "full"]
const widths: Record<ContainerSize, number | undefined> = {
  sm: 672,
  md: 896,
  lg: 1152,
  xl: 1280,
  full: undefined,
}

function Sample({ children }: { children: string }) {
  return (
    <div className="rounded-md border border-dashed border-info-border bg-info-soft px-4 py-3 text-sm text-info-text">
      {children}
    </div>
  )
}

const meta = {
  title: "Components/Layout/Container",
  component: Container,
  parameters: { layout: "fullscreen" },
  args: {
    children: <Sample>Manyhands solves captchas sent through a 2captcha-compatible API.</Sample>,
  },
  render: (args) => (
    <div className="py-6">
      <Container {...args} />
    </div>
  ),
} satisfies Meta<typeof Container>

export default meta
type Story = StoryObj<typeof meta>

/** `lg` (72rem) with side padding that grows with the screen: most pages. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const container = canvasElement.querySelector<HTMLElement>('[data-slot="container"]')
    await expect(container).toHaveAttribute("data-size", "lg")
    // The desktop viewport is 1280 px: the container takes its full 72rem.
    await expect(container?.getBoundingClientRect().width).toBe(1152)
    await expect(getComputedStyle(container as HTMLElement).paddingLeft).toBe("24px")
  },
}

/** Reading width for articles and docs. */
export const Small: Story = {
  args: {
    size: "sm",
    children: (
      <article className="flex flex-col gap-3">
        <h1 className="text-2xl font-semibold">How workers are paid</h1>
        <p className="text-sm leading-relaxed text-muted-foreground">
          Every accepted answer adds to your earnings at once. Once you have $1 or more, request a payout to a
          card, Payeer or USDT; most payouts arrive the same day.
        </p>
      </article>
    ),
  },
  play: async ({ canvas }) => {
    const article = canvas.getByRole("article")
    await expect(article.parentElement?.getBoundingClientRect().width).toBe(672)
  },
}

/** `asChild` makes a page landmark the container. */
export const AsMain: Story = {
  args: {
    asChild: true,
    size: "md",
    children: (
      <main>
        <Sample>The main content of the prices page.</Sample>
      </main>
    ),
  },
  play: async ({ canvas }) => {
    const main = canvas.getByRole("main")
    await expect(main).toHaveAttribute("data-slot", "container")
  },
}

/** On a phone every size fills the width, less 16 px at each side. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  args: { size: "sm" },
  play: async ({ canvasElement }) => {
    const container = canvasElement.querySelector<HTMLElement>('[data-slot="container"]') as HTMLElement
    // Full width of the frame (the phone, less the decorator's 1 px border).
    await expect(container.getBoundingClientRect().width).toBe(
      container.parentElement?.getBoundingClientRect().width,
    )
    await expect(getComputedStyle(container).paddingLeft).toBe("16px")
  },
}

/** Every size and padding, at the 1280 px desktop width. */
export const Matrix: Story = {
  render: () => {
    const paddings: ContainerPadding[] = ["none", "sm", "md", "lg"]
    return (
      <div className="flex flex-col gap-3 py-6">
        {sizes.map((size) => (
          <Container key={size} size={size} className="border-x border-border-strong">
            <Sample>{`size ${size}${widths[size] ? ` (max ${widths[size]} px)` : ""}`}</Sample>
          </Container>
        ))}
        {paddings.map((padding) => (
          <Container key={padding} size="md" padding={padding} className="border-x border-border-strong">
            <Sample>{`padding ${padding}`}</Sample>
          </Container>
        ))}
      </div>
    )
  },
  play: async ({ canvasElement }) => {
    const containers = [...canvasElement.querySelectorAll<HTMLElement>('[data-slot="container"]')]
    await expect(containers).toHaveLength(9)
    for (const size of sizes) {
      const container = containers.find((element) => element.dataset.size === size) as HTMLElement
      const frame = container.parentElement?.getBoundingClientRect().width ?? 0
      const expected = Math.min(widths[size] ?? frame, frame)
      await expect(container.getBoundingClientRect().width).toBe(expected)
    }
  },
}

import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect } from "storybook/test"
import {
  Badge,
  badgeTones,
  DangerIcon,
  StarIcon,
  SuccessIcon,
  WarningIcon,
  type BadgeSize,
  type BadgeVariant,
} from "@manyhands/design-system"

const meta = {
  title: "Components/Status/Badge",
  component: Badge,
  args: { children: "Solved", tone: "success" },
  argTypes: {
    tone: { control: "select", options: badgeTones },
    variant: { control: "inline-radio", options: ["soft", "solid"] },
    size: { control: "inline-radio", options: ["sm", "md", "lg"] },
  },
} satisfies Meta<typeof Badge>

export default meta
type Story = StoryObj<typeof meta>

const variants: BadgeVariant[] = ["soft", "solid"]
const sizes: BadgeSize[] = ["sm", "md", "lg"]
const toneText = {
  neutral: "Queued",
  info: "Solving",
  success: "Solved",
  warning: "Low balance",
  danger: "Unsolvable",
  promo: "Pro plan",
} as const

/** Every tone × look × size, plain and with a dot: one screenshot guards them all. */
export const Matrix: Story = {
  parameters: { layout: "padded" },
  render: () => (
    <table className="border-separate border-spacing-x-4 border-spacing-y-2 text-left text-sm">
      <thead>
        <tr>
          <th scope="col">tone</th>
          {variants.flatMap((variant) =>
            sizes.map((size) => (
              <th key={`${variant}-${size}`} scope="col" className="font-mono font-normal">
                {variant} {size}
              </th>
            )),
          )}
          <th scope="col">dot</th>
          <th scope="col">solid dot</th>
        </tr>
      </thead>
      <tbody>
        {badgeTones.map((tone) => (
          <tr key={tone}>
            <th scope="row" className="pr-2 font-mono font-normal">
              {tone}
            </th>
            {variants.flatMap((variant) =>
              sizes.map((size) => (
                <td key={`${variant}-${size}`}>
                  <Badge tone={tone} variant={variant} size={size}>
                    {toneText[tone]}
                  </Badge>
                </td>
              )),
            )}
            <td>
              <Badge tone={tone} dot>
                {toneText[tone]}
              </Badge>
            </td>
            <td>
              <Badge tone={tone} variant="solid" dot>
                {toneText[tone]}
              </Badge>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvasElement }) => {
    const badges = canvasElement.querySelectorAll<HTMLElement>('[data-slot="badge"]')
    await expect(badges).toHaveLength(badgeTones.length * (variants.length * sizes.length + 2))
    await expect(new Set(Array.from(badges, (b) => b.dataset.tone))).toEqual(new Set(badgeTones))
    for (const dot of canvasElement.querySelectorAll('[data-slot="badge-dot"]')) {
      await expect(dot).toHaveAttribute("aria-hidden", "true")
    }
  },
}

export const Soft: Story = {
  play: async ({ canvas }) => {
    const badge = canvas.getByText("Solved").closest('[data-slot="badge"]')
    await expect(badge).toHaveAttribute("data-variant", "soft")
    await expect(badge).toHaveAttribute("data-tone", "success")
    await expect(badge).toHaveAttribute("data-size", "md")
  },
}

export const Solid: Story = {
  args: { variant: "solid", tone: "danger", children: "Unsolvable" },
  play: async ({ canvas }) => {
    const badge = canvas.getByText("Unsolvable").closest('[data-slot="badge"]')
    await expect(badge).toHaveAttribute("data-variant", "solid")
    await expect(badge).toHaveClass("bg-danger")
  },
}

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-3">
      {sizes.map((size) => (
        <Badge key={size} {...args} size={size}>
          Size {size}
        </Badge>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const heights = Array.from(
      canvasElement.querySelectorAll<HTMLElement>('[data-slot="badge"]'),
      (badge) => badge.getBoundingClientRect().height,
    )
    await expect(heights).toEqual([20, 24, 28])
  },
}

/** The dot is decoration; the word is what tells the state. */
export const WithDot: Story = {
  args: { tone: "info", dot: true, children: "Solving" },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText("Solving")).toBeVisible()
    const dot = canvasElement.querySelector('[data-slot="badge-dot"]')
    await expect(dot).toHaveAttribute("aria-hidden", "true")
    await expect(dot).toHaveClass("bg-primary")
  },
}

export const WithIcon: Story = {
  render: () => (
    <div className="flex flex-wrap items-center gap-3">
      <Badge tone="success" icon={<SuccessIcon />}>
        Solved
      </Badge>
      <Badge tone="danger" icon={<DangerIcon />}>
        Unsolvable
      </Badge>
      <Badge tone="warning" icon={<WarningIcon />}>
        Balance below $5.00
      </Badge>
      <Badge tone="promo" variant="solid" icon={<StarIcon />}>
        Top worker
      </Badge>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const icons = canvasElement.querySelectorAll("svg")
    await expect(icons).toHaveLength(4)
    for (const icon of icons) await expect(icon).toHaveAttribute("aria-hidden", "true")
  },
}

/** How the task list shows each captcha's state. */
export const TaskStatuses: Story = {
  render: () => (
    <ul className="flex flex-col gap-2 text-sm">
      {[
        { id: "7F2KQ9", type: "reCAPTCHA v2", status: <Badge dot>Queued</Badge> },
        {
          id: "7F2KR1",
          type: "hCaptcha",
          status: (
            <Badge tone="info" dot>
              Solving
            </Badge>
          ),
        },
        {
          id: "7F2KR4",
          type: "Image to text",
          status: (
            <Badge tone="success" icon={<SuccessIcon />}>
              Solved
            </Badge>
          ),
        },
        {
          id: "7F2KR8",
          type: "Cloudflare Turnstile",
          status: (
            <Badge tone="danger" icon={<DangerIcon />}>
              Unsolvable
            </Badge>
          ),
        },
      ].map((task) => (
        <li key={task.id} className="flex w-96 items-center justify-between gap-4 rounded-md bg-surface p-3">
          <span>
            <span className="font-mono">{task.id}</span>
            <span className="text-muted-foreground"> · {task.type}</span>
          </span>
          {task.status}
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    for (const status of ["Queued", "Solving", "Solved", "Unsolvable"]) {
      await expect(canvas.getByText(status)).toBeVisible()
    }
    await expect(canvas.getAllByRole("listitem")).toHaveLength(4)
  },
}

/** A long label stays on one line and is cut with an ellipsis inside a narrow container. */
export const Truncated: Story = {
  args: { tone: "warning", children: "Payout on hold until the verification is finished" },
  render: (args) => (
    <div className="w-48">
      <Badge {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const badge = canvasElement.querySelector<HTMLElement>('[data-slot="badge"]')
    await expect(badge?.getBoundingClientRect().width).toBeLessThanOrEqual(192)
  },
}

export const DarkTheme: Story = {
  globals: { theme: "dark" },
  parameters: { layout: "padded" },
  render: () => (
    <div className="flex flex-col gap-3">
      {variants.map((variant) => (
        <div key={variant} className="flex flex-wrap gap-2">
          {badgeTones.map((tone) => (
            <Badge key={tone} tone={tone} variant={variant} dot={variant === "soft"}>
              {toneText[tone]}
            </Badge>
          ))}
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(document.documentElement).toHaveAttribute("data-theme", "dark")
    await expect(canvasElement.querySelectorAll('[data-slot="badge"]')).toHaveLength(12)
  },
}

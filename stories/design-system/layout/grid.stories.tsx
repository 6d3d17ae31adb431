import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect } from "storybook/test"
import { Grid, type GridColumns } from "@manyhands/design-system"

const services = [
  "reCAPTCHA v2",
  "reCAPTCHA v3",
  "hCaptcha",
  "Image captcha",
  "Cloudflare Turnstile",
  "FunCaptcha",
]

function Cell({ children }: { children: string }) {
  return (
    <div className="rounded-md border border-border bg-surface px-4 py-6 text-sm font-medium shadow-card">
      {children}
    </div>
  )
}

const meta = {
  title: "Components/Layout/Grid",
  component: Grid,
  parameters: { layout: "padded" },
  args: {
    columns: { base: 1, md: 2, lg: 3 },
    children: services.map((name) => <Cell key={name}>{name}</Cell>),
    className: "w-full",
  },
  render: (args) => (
    <div className="w-full">
      <Grid {...args} />
    </div>
  ),
} satisfies Meta<typeof Grid>

export default meta
type Story = StoryObj<typeof meta>

function rows(element: Element | null) {
  const tops = [...(element?.children ?? [])].map((child) => child.getBoundingClientRect().top)
  return new Set(tops).size
}

/** One column on phones, two from `md`, three from `lg`: three columns on the 1280 px desktop. */
export const Responsive: Story = {
  play: async ({ canvasElement }) => {
    const grid = canvasElement.querySelector('[data-slot="grid"]')
    await expect(grid).toHaveAttribute("data-columns", "1")
    await expect(grid).toHaveClass("grid-cols-1", "md:grid-cols-2", "lg:grid-cols-3")
    await expect(rows(grid)).toBe(2)
  },
}

export const ResponsiveTablet: Story = {
  globals: { viewport: { value: "tablet" } },
  play: async ({ canvasElement }) => {
    await expect(rows(canvasElement.querySelector('[data-slot="grid"]'))).toBe(3)
  },
}

export const ResponsiveMobile: Story = {
  globals: { viewport: { value: "mobile" } },
  play: async ({ canvasElement }) => {
    await expect(rows(canvasElement.querySelector('[data-slot="grid"]'))).toBe(6)
  },
}

/** A fixed number of columns and a smaller gap. */
export const FixedColumns: Story = {
  args: { columns: 6, gap: 2 },
  play: async ({ canvasElement }) => {
    const grid = canvasElement.querySelector('[data-slot="grid"]') as HTMLElement
    await expect(rows(grid)).toBe(1)
    await expect(getComputedStyle(grid).columnGap).toBe("8px")
  },
}

/** `asChild` lays out a list. */
export const AsList: Story = {
  args: {
    asChild: true,
    columns: { base: 1, sm: 3 },
    gap: 4,
    children: (
      <ul>
        {services.slice(0, 3).map((name) => (
          <li key={name}>
            <Cell>{name}</Cell>
          </li>
        ))}
      </ul>
    ),
  },
  play: async ({ canvas }) => {
    const list = canvas.getByRole("list")
    await expect(list).toHaveAttribute("data-slot", "grid")
    await expect(rows(list)).toBe(1)
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { columns: { base: 2, lg: 3 } },
  play: async ({ canvasElement }) => {
    await expect(rows(canvasElement.querySelector('[data-slot="grid"]'))).toBe(2)
  },
}

/** Every column count. */
export const Matrix: Story = {
  render: () => {
    const counts: GridColumns[] = [1, 2, 3, 4, 5, 6, 12]
    return (
      <div className="flex w-full flex-col gap-4">
        {counts.map((count) => (
          <div key={count} className="flex flex-col gap-1">
            <p className="font-mono text-xs text-muted-foreground">columns {count}</p>
            <Grid columns={count} gap={2}>
              {Array.from({ length: count }, (_, index) => (
                <div key={index} className="h-8 rounded-sm bg-primary-soft" />
              ))}
            </Grid>
          </div>
        ))}
      </div>
    )
  },
  play: async ({ canvasElement }) => {
    const grids = [...canvasElement.querySelectorAll('[data-slot="grid"]')]
    await expect(grids).toHaveLength(7)
    for (const grid of grids) await expect(rows(grid)).toBe(1)
  },
}

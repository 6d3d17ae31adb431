import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { FeatureGrid } from "@manyhands/design-system"
import { customerFeatures } from "./marketing-content"

const meta = {
  title: "Patterns/Feature grid",
  component: FeatureGrid,
  parameters: { layout: "padded" },
  args: { items: customerFeatures },
  render: (args) => (
    <section aria-labelledby="why" className="flex w-full max-w-6xl flex-col gap-8">
      <h2 id="why" className="text-3xl font-bold tracking-tight">
        Why developers switch to Manyhands
      </h2>
      <FeatureGrid {...args} />
    </section>
  ),
} satisfies Meta<typeof FeatureGrid>

export default meta
type Story = StoryObj<typeof meta>

function rowCount(items: HTMLElement[]) {
  return new Set(items.map((item) => item.getBoundingClientRect().top)).size
}

/** Three columns of icon, title and sentence. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole("list")
    const items = within(list).getAllByRole("listitem")
    await expect(items).toHaveLength(6)
    await expect(rowCount(items)).toBe(2)
    await expect(within(list).getAllByRole("heading", { level: 3 })[0]).toHaveTextContent(
      "Drop-in for 2captcha",
    )
    // Icons are decorative.
    await expect(items[0]?.querySelector("[aria-hidden=true] svg")).not.toBeNull()
  },
}

/** In cards, two columns. */
export const CardsTwoColumns: Story = {
  args: { variant: "card", columns: 2, items: customerFeatures.slice(0, 4) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("list")).toHaveAttribute("data-variant", "card")
    await expect(rowCount(canvas.getAllByRole("listitem"))).toBe(2)
  },
}

/** Four columns, without icons. */
export const FourColumns: Story = {
  args: { columns: 4, items: customerFeatures.slice(0, 4).map(({ title, text }) => ({ title, text })) },
  play: async ({ canvas }) => {
    await expect(rowCount(canvas.getAllByRole("listitem"))).toBe(1)
  },
}

/** The section title is an h3 here, so the features are h4. */
export const HeadingLevel: Story = {
  args: { headingLevel: 4, items: customerFeatures.slice(0, 3) },
  render: (args) => (
    <section aria-labelledby="api-why" className="flex w-full max-w-6xl flex-col gap-6">
      <h3 id="api-why" className="text-xl font-semibold">
        For developers
      </h3>
      <FeatureGrid {...args} />
    </section>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("heading", { level: 4 })).toHaveLength(3)
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  play: async ({ canvas }) => {
    await expect(rowCount(canvas.getAllByRole("listitem"))).toBe(6)
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  args: { variant: "card" },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("listitem")).toHaveLength(6)
  },
}

/** Plain and card, in 2, 3 and 4 columns. */
export const Matrix: Story = {
  render: (args) => (
    <div className="flex w-full flex-col gap-10">
      {(["plain", "card"] as const).flatMap((variant) =>
        ([2, 3, 4] as const).map((columns) => (
          <section
            key={`${variant}-${columns}`}
            aria-label={`${variant}, ${columns} columns`}
            className="flex flex-col gap-3"
          >
            <p className="font-mono text-xs text-muted-foreground">
              {variant}, {columns} columns
            </p>
            <FeatureGrid
              {...args}
              variant={variant}
              columns={columns}
              items={customerFeatures.slice(0, columns)}
            />
          </section>
        )),
      )}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("list")).toHaveLength(6)
  },
}

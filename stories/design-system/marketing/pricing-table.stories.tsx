import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import { PriceList, PricingTable } from "@manyhands/design-system"
import { priceColumns, priceRows, pricingTiers } from "./marketing-content"

const meta = {
  title: "Patterns/Pricing table",
  component: PricingTable,
  parameters: { layout: "padded" },
  args: { tiers: pricingTiers },
  render: (args) => (
    <section aria-labelledby="plans" className="flex w-full flex-col gap-8">
      <h2 id="plans" className="text-center text-3xl font-bold tracking-tight">
        Plans
      </h2>
      <PricingTable {...args} />
    </section>
  ),
} satisfies Meta<typeof PricingTable>

export default meta
type Story = StoryObj<typeof meta>

/** Three plans; Business is highlighted. Prices come in cents and are formatted for the page's language. */
export const Tiers: Story = {
  play: async ({ canvas }) => {
    const tiers = canvas.getAllByRole("listitem").filter((item) => item.dataset.slot === "pricing-tier")
    await expect(tiers).toHaveLength(3)
    await expect(within(tiers[0] as HTMLElement).getByText("$0.99")).toBeVisible()
    const business = tiers[1] as HTMLElement
    await expect(business).toHaveAttribute("data-highlighted", "true")
    await expect(within(business).getByText("Most popular")).toBeVisible()
    await expect(within(business).getByRole("heading", { level: 3, name: "Business" })).toBeVisible()
    await expect(within(business).getByRole("link", { name: "Start with Business" })).toBeVisible()
    await expect(within(business).getAllByRole("listitem")).toHaveLength(4)
    await expect(within(tiers[2] as HTMLElement).getByText("Custom")).toBeVisible()
  },
}

/** Two plans share a narrower row. */
export const TwoTiers: Story = {
  args: { tiers: pricingTiers.slice(0, 2) },
  play: async ({ canvas }) => {
    const tiers = canvas.getAllByRole("listitem").filter((item) => item.dataset.slot === "pricing-tier")
    await expect(tiers[0]?.getBoundingClientRect().top).toBe(tiers[1]?.getBoundingClientRect().top)
  },
}

/** Money follows the language: yen have no minor units, so 120 is ¥120. */
export const Japanese: Story = {
  globals: { locale: "ja" },
  args: {
    tiers: pricingTiers.map((tier) => ({
      ...tier,
      price: tier.price ? { amount: tier.id === "business" ? 120 : 150, currency: "JPY" } : undefined,
    })),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/150/)).toBeVisible()
    await expect(canvas.queryByText(/1\.50/)).toBeNull()
  },
}

/** The price list: captcha types per 1000, with the popular one highlighted. */
export const PriceListTable: Story = {
  render: () => (
    <div className="w-full max-w-3xl">
      <PriceList rows={priceRows} caption="Prices per 1000 solved captchas" columns={priceColumns} />
    </div>
  ),
  play: async ({ canvas }) => {
    const table = canvas.getByRole("table", { name: "Prices per 1000 solved captchas" })
    await expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Captcha type", "Average time", "Per 1000"])
    const row = within(table).getByRole("row", { name: /reCAPTCHA v2/ })
    await expect(row).toHaveAttribute("data-highlighted", "true")
    await expect(within(row).getByRole("cell", { name: "$2.99" })).toBeVisible()
    await expect(within(table).getByRole("rowheader", { name: /Image captcha/ })).toBeVisible()
  },
}

/** On a phone the plans stack and the price list moves the time under the name. */
export const Mobile: Story = {
  globals: { viewport: { value: "mobile" } },
  render: (args) => (
    <div className="flex w-full flex-col gap-8">
      <PricingTable {...args} tiers={pricingTiers.slice(0, 2)} />
      <PriceList
        rows={priceRows.slice(0, 3)}
        caption="Prices per 1000 solved captchas"
        columns={priceColumns}
      />
    </div>
  ),
  play: async ({ canvas }) => {
    const tiers = canvas.getAllByRole("listitem").filter((item) => item.dataset.slot === "pricing-tier")
    await expect(tiers[1]?.getBoundingClientRect().top).toBeGreaterThan(
      tiers[0]?.getBoundingClientRect().bottom ?? 0,
    )
    await expect(canvas.getAllByRole("columnheader")).toHaveLength(2)
    await expect(canvas.getAllByText("24 s")[0]).toBeVisible()
  },
}

export const Dark: Story = {
  globals: { theme: "dark" },
  render: (args) => (
    <div className="flex w-full flex-col gap-8">
      <PricingTable {...args} />
      <PriceList rows={priceRows} caption="Prices per 1000 solved captchas" columns={priceColumns} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole("table")).toBeVisible()
  },
}

/** One to four tiers, and the price list with and without the detail column. */
export const Matrix: Story = {
  render: (args) => {
    const fourth = {
      ...pricingTiers[0],
      id: "labelling",
      name: "Data labelling",
      description: "Images classified or boxed by people.",
      price: { amount: 1200, currency: "USD" },
      unit: "per 1000 images",
      features: ["Your own instructions", "Quality checks", "Export to CSV or COCO"],
    }
    return (
      <div className="flex w-full flex-col gap-10">
        {[1, 2, 3, 4].map((count) => (
          <section key={count} aria-label={`${count} tiers`} className="flex flex-col gap-3">
            <p className="font-mono text-xs text-muted-foreground">{count} tiers</p>
            <PricingTable {...args} tiers={[...pricingTiers, fourth].slice(0, count)} />
          </section>
        ))}
        <div className="grid grid-cols-2 gap-6">
          <PriceList rows={priceRows} caption="With average time" columns={priceColumns} />
          <PriceList
            rows={priceRows.map(({ detail: _detail, ...row }) => row)}
            caption="Without average time"
            columns={{ name: "Captcha type", price: "Per 1000" }}
          />
        </div>
      </div>
    )
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole("table")).toHaveLength(2)
    const tiers = canvas.getAllByRole("listitem").filter((item) => item.dataset.slot === "pricing-tier")
    await expect(tiers).toHaveLength(10)
  },
}

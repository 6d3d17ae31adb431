import type { Meta, StoryObj } from "@storybook/react-vite"
import { expect, within } from "storybook/test"
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  type TableSize,
} from "@manyhands/design-system"

const prices = [
  { type: "Image to text", perThousand: "$0.50", median: "6 sec", share: "96.4 %" },
  { type: "reCAPTCHA v2", perThousand: "$1.45", median: "18 sec", share: "91.2 %" },
  { type: "Cloudflare Turnstile", perThousand: "$1.45", median: "9 sec", share: "98.1 %" },
  { type: "GeeTest v4", perThousand: "$2.10", median: "14 sec", share: "89.7 %" },
]

/** A plain table composed from the parts: no sorting or selection, just the design system's table look. */
function PriceTable({ size = "md", caption }: { size?: TableSize; caption: string }) {
  return (
    <Table>
      <TableCaption>{caption}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead size={size}>Captcha type</TableHead>
          <TableHead size={size} align="numeric">
            Per 1,000
          </TableHead>
          <TableHead size={size} align="numeric">
            Median solve time
          </TableHead>
          <TableHead size={size} align="numeric">
            Solved
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {prices.map((price) => (
          <TableRow key={price.type}>
            <TableHead scope="row" size={size}>
              {price.type}
            </TableHead>
            <TableCell size={size} align="numeric">
              {price.perThousand}
            </TableCell>
            <TableCell size={size} align="numeric">
              {price.median}
            </TableCell>
            <TableCell size={size} align="numeric">
              {price.share}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

const meta = {
  title: "Components/Data display/Table parts",
  component: Table,
  parameters: { layout: "padded" },
} satisfies Meta<typeof Table>

export default meta
type Story = StoryObj<typeof meta>

/**
 * The parts (`Table`, `TableCaption`, `TableHeader`, `TableBody`, `TableRow`, `TableHead`, `TableCell`) compose a
 * table the data table does not fit: the caption names it, column and row headers keep their scopes, numbers line up
 * at the end with tabular figures. Both sizes, side by side with the dark theme.
 */
export const Composed: Story = {
  render: () => (
    <div className="grid gap-6 lg:grid-cols-2">
      <PriceTable caption="Prices per 1,000 (md)" />
      <PriceTable size="sm" caption="Prices per 1,000 (sm)" />
      <div data-theme="dark" className="rounded-lg bg-background p-4 text-foreground lg:col-span-2">
        <PriceTable caption="Prices per 1,000 (dark)" />
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    const table = await canvas.findByRole("table", { name: "Prices per 1,000 (md)" })
    const rows = within(table).getAllByRole("row")
    await expect(rows).toHaveLength(5)
    await expect(within(table).getAllByRole("columnheader")).toHaveLength(4)
    const rowHeader = within(table).getByRole("rowheader", { name: "reCAPTCHA v2" })
    await expect(rowHeader).toHaveAttribute("scope", "row")
    const price = within(rows[2]!).getByRole("cell", { name: "$1.45" })
    await expect(getComputedStyle(price).textAlign).toBe("end")
    await expect(getComputedStyle(price).fontVariantNumeric).toBe("tabular-nums")
    const small = canvas.getByRole("table", { name: "Prices per 1,000 (sm)" })
    await expect(small.querySelector("th")!.getBoundingClientRect().height).toBeLessThan(
      table.querySelector("th")!.getBoundingClientRect().height,
    )
  },
}
